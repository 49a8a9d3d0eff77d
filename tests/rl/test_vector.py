"""``MonolythVector`` plays exactly the engine's Monolyth: every step of random games, each row's
state, mask, observation and rewards equal the reference engine's after the same actions."""

from __future__ import annotations

import numpy as np
import pytest

from monolith.rl.encoders import ranking_rewards, score_rewards

NEEDS = ("numpy", "gymnasium")


def replay_against_the_engine(
    players: int, batch: int, games: int, seed: int, reward: str = "ranking", dealers: int = 0
) -> int:
    """Step a vector of ``batch`` games until ``games`` have ended, checking every row at every
    step against the engine; the steps checked."""
    from monolith.games.monolyth.vector import MonolythVector
    from monolith.rl import random_actions

    env = MonolythVector(batch, players, seed=seed, reward=reward, dealers=dealers)
    game, enc = env.game, env.encoder
    scheme = ranking_rewards if reward == "ranking" else score_rewards
    obs, mask = env.reset()
    states = [game.new_game(players=players, seed=int(s)) for s in env.seeds]
    rng = np.random.default_rng(seed)
    ended = steps = 0
    while ended < games:
        for i, state in enumerate(states):
            assert env.state(i) == state
            assert np.array_equal(mask[i], enc.action_mask(state).astype(np.bool_))
            assert np.array_equal(obs[i], enc.observation_tensor(state, state.current))
        actions = random_actions(mask, rng)
        obs, mask, rewards, terminated = env.step(actions)
        steps += batch
        for i in range(batch):
            after = game.apply(states[i], game.action_from_id(int(actions[i])))
            assert bool(terminated[i]) == game.is_terminal(after)
            if terminated[i]:
                assert rewards[i].tolist() == pytest.approx(scheme(game, after))
                ended += 1
                after = game.new_game(players=players, seed=int(env.seeds[i]))
            else:
                assert not rewards[i].any()
            states[i] = after
    env.close()
    return steps


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_few_random_games_step_exactly_as_the_engine(players: int) -> None:
    assert replay_against_the_engine(players, batch=6, games=6, seed=players) > 0


def test_games_dealt_ahead_in_a_second_process_are_the_engines() -> None:
    """``dealers=1`` deals in a worker process, in chunks of 256 ahead of play: the games are
    still the engine's (and the same as dealt here: both come from the vector's seed)."""
    replay_against_the_engine(2, batch=8, games=300, seed=5, dealers=1)


def test_dealt_here_or_ahead_the_games_are_the_same() -> None:
    from monolith.games.monolyth.vector import MonolythVector, random_actions

    seen = []
    for dealers in (0, 1):
        rng = np.random.default_rng(3)
        with MonolythVector(16, 3, seed=11, dealers=dealers) as env:
            _, mask = env.reset()
            dealt = [env.seeds.copy()]
            for _ in range(400):
                _, mask, _, done = env.step(random_actions(mask, rng))
                if done.any():
                    dealt.append(env.seeds[done].copy())
            seen.append(np.concatenate(dealt))
    assert len(seen[0]) > 16 and np.array_equal(seen[0], seen[1])


def test_a_fixed_structure_card_is_dealt() -> None:
    from monolith.games.monolyth.vector import MonolythVector

    env = MonolythVector(4, 2, seed=1, options={"structure_card": env_card()})
    env.reset()
    numbers = [k.number for k in env.game.content.cards]
    assert all(numbers[int(c)] == env_card() for c in env.card)
    for i in range(4):
        assert env.state(i) == env.game.new_game(
            players=2, seed=int(env.seeds[i]), options={"structure_card": env_card()}
        )


def env_card() -> object:
    from monolith.games import get_game

    return get_game("monolyth").content.cards[3].number  # type: ignore[attr-defined]


def test_a_mask_handed_out_is_the_callers_to_keep() -> None:
    """Each step's mask is a fresh array: the one kept from a step before is unchanged."""
    from monolith.games.monolyth.vector import MonolythVector, random_actions

    env = MonolythVector(8, 2, seed=2)
    _, first = env.reset()
    kept = first.copy()
    rng = np.random.default_rng(0)
    _, mask, _, _ = env.step(random_actions(first, rng))
    env.step(random_actions(mask, rng))
    assert np.array_equal(first, kept) and not np.shares_memory(first, mask)


def test_score_rewards_are_the_engines() -> None:
    replay_against_the_engine(3, batch=4, games=4, seed=9, reward="score")
    replay_against_the_engine(1, batch=4, games=4, seed=9, reward="score")


@pytest.mark.slow
@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_thousand_random_games_step_exactly_as_the_engine(players: int) -> None:
    """250 games per player count, 1,000 in all, every step of every game compared."""
    replay_against_the_engine(players, batch=50, games=250, seed=100 + players)


def test_random_actions_picks_only_legal_ids_uniformly() -> None:
    from monolith.rl import random_actions

    mask = np.zeros((3, 20), dtype=np.bool_)
    mask[0, [1, 5]] = True
    mask[1, 19] = True
    mask[2, [0, 7, 8]] = True
    rng = np.random.default_rng(0)
    picks = np.array([random_actions(mask, rng) for _ in range(900)])
    assert set(picks[:, 0]) == {1, 5} and set(picks[:, 1]) == {19}
    assert set(picks[:, 2]) == {0, 7, 8}
    assert min(np.bincount(picks[:, 2])[[0, 7, 8]]) > 250


def test_bad_actions_are_refused_and_change_nothing() -> None:
    from monolith.games.monolyth.vector import MonolythVector

    env = MonolythVector(3, 2, seed=1)
    _, mask = env.reset()
    before = [env.state(i) for i in range(3)]
    legal = mask.argmax(axis=1)
    illegal = legal.copy()
    illegal[1] = int(np.flatnonzero(~mask[1])[0])
    with pytest.raises(ValueError, match=r"rows \[1\] are not legal"):
        env.step(illegal)
    with pytest.raises(ValueError, match=r"Discrete\(11669\)"):
        env.step(np.array([0, 11669, 0]))
    with pytest.raises(TypeError, match=r"shape \(3,\)"):
        env.step(legal[:2])
    with pytest.raises(TypeError, match="integer ids"):
        env.step(legal.astype(np.float64))
    assert [env.state(i) for i in range(3)] == before
    with pytest.raises(ValueError, match="batch"):
        MonolythVector(0, 2)


def test_writing_into_a_mask_handed_out_makes_nothing_legal() -> None:
    """The mask handed out is the caller's: marking an illegal id in it changes what the
    vector accepts not at all (it checks its own copy)."""
    from monolith.games.monolyth.vector import MonolythVector

    env = MonolythVector(3, 2, seed=1)
    _, mask = env.reset()
    before = [env.state(i) for i in range(3)]
    actions = mask.argmax(axis=1)
    actions[2] = int(np.flatnonzero(~mask[2])[0])
    mask[2, actions[2]] = True
    env.mask[2, actions[2]] = True
    with pytest.raises(ValueError, match=r"rows \[2\] are not legal"):
        env.step(actions)
    assert [env.state(i) for i in range(3)] == before


def test_the_same_seed_deals_the_same_games() -> None:
    from monolith.games.monolyth.vector import MonolythVector

    first, second = MonolythVector(4, 3, seed=5), MonolythVector(4, 3, seed=5)
    obs_a, _ = first.reset()
    obs_b, _ = second.reset()
    assert np.array_equal(obs_a, obs_b)
    assert list(first.seeds) == list(second.seeds)


def test_a_loaded_position_plays_on_as_the_engine_even_to_a_structure_token() -> None:
    """Random play never builds a structure card's shape: a position one single cube short of
    one is loaded, and the swap that completes it earns the token in both."""
    import msgspec

    from monolith.games.monolyth.vector import MonolythVector

    env = MonolythVector(2, 2, seed=3)
    env.reset()
    game = env.game
    state = game.new_game(players=2, seed=11)
    shape = min(game.content.cards[state.card].masks(state.height))
    top = max(cell for cell in range(64) if shape >> cell & 1)  # nothing stands on it
    board = state.boards[state.current]
    colour = game.content.pieces[state.ring[(state.crystal + 1) % 13]].colour
    cubes = [0] * len(board.cubes)
    cubes[(colour + 1) % len(cubes)] = shape & ~(1 << top)
    board = msgspec.structs.replace(board, cubes=tuple(cubes))
    boards = list(state.boards)
    boards[state.current] = board
    state = msgspec.structs.replace(state, boards=tuple(boards))
    _, mask = env.load(1, state)
    assert env.state(1) == state
    swap = game.action_to_id(
        game.action_from_json(
            {"type": "swap", "step": 1, "cell": [top % 4, top // 4 % 4, top // 16]}
        )
    )
    assert mask[1, swap]
    actions = np.array([int(np.flatnonzero(mask[0])[0]), swap])
    after = game.apply(state, game.action_from_id(swap))
    assert after.boards[state.current].structure_token == game.content.structure_tokens[0]
    env.step(actions)
    assert env.state(1) == after


def test_the_gymnasium_vector_env_plays_solo_games_to_their_scores() -> None:
    from monolith.rl import random_actions
    from monolith.rl.solo import SoloMonolythVectorEnv

    env = SoloMonolythVectorEnv(4)
    observation, _ = env.reset(seed=2)
    assert observation in env.observation_space
    game = env.vector.game
    states = [game.new_game(players=1, seed=int(s)) for s in env.vector.seeds]
    rng = np.random.default_rng(2)
    finished = 0
    while finished < 6:
        actions = random_actions(observation["action_mask"].view(np.bool_), rng)
        observation, rewards, terminated, truncated, _ = env.step(actions)
        assert not truncated.any()
        for i in range(4):
            states[i] = game.apply(states[i], game.action_from_id(int(actions[i])))
            if terminated[i]:
                assert rewards[i] == game.score(states[i], 0)
                states[i] = game.new_game(players=1, seed=int(env.vector.seeds[i]))
                finished += 1
            else:
                assert rewards[i] == 0
    assert observation in env.observation_space
