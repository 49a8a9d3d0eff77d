"""The action-id layout of both games covers every id once and decodes each into the engine's
own action; the shuffled-id wrapper hides the layout's order from a lowest-id baseline."""

from __future__ import annotations

import numpy as np
import pytest

from monolith.games import get_game
from monolith.games.monolyth.rules import Pass, Place, Swap, TakeProphecy
from monolith.rl.actions import action_layout, monolyth_cell_sets

NEEDS = ("numpy", "gymnasium")


@pytest.mark.parametrize("name", ["monolyth", "the-monolith"])
def test_the_blocks_cover_every_id_exactly_once(name: str) -> None:
    layout = action_layout(name)
    covered = np.zeros(get_game(name).info.num_actions, dtype=np.int64)
    for block in layout.blocks:
        covered[block.start : block.stop] += 1
    assert layout.num_actions == len(covered)
    assert (covered == 1).all()
    kinds = layout.block_of_ids()
    assert [int(kinds[b.start]) for b in layout.blocks] == list(range(len(layout.blocks)))


def test_monolyth_decodes_into_the_engines_actions() -> None:
    game = get_game("monolyth")
    layout = action_layout("monolyth")
    sets = monolyth_cell_sets()
    assert [(b.name, b.size) for b in layout.blocks] == [
        ("place", 4 * 2844),
        ("swap", 4 * 64),
        ("prophecy", 4 * 9),
        ("pass", 1),
    ]
    for action_id in range(layout.num_actions):
        decoded = layout.decode(action_id)
        action = game.action_from_id(action_id)
        if decoded.block == "place":
            step, cells = decoded.values
            assert action == Place(step, sets[cells])
        elif decoded.block == "swap":
            assert action == Swap(*decoded.values)
        elif decoded.block == "prophecy":
            assert action == TakeProphecy(*decoded.values)
        else:
            assert action == Pass()
        assert layout.encode(decoded.block, *decoded.indices) == action_id


def test_the_monolith_decodes_into_the_engines_actions() -> None:
    game = get_game("the-monolith")
    layout = action_layout("the-monolith")
    for action_id in range(layout.num_actions):
        decoded = layout.decode(action_id)
        action = game.action_from_id(action_id)
        assert (decoded.block, decoded.values) == (action.kind, action.args)
        assert layout.encode(decoded.block, *decoded.indices) == action_id


def test_bad_ids_and_indices_are_refused() -> None:
    layout = action_layout("monolyth")
    with pytest.raises(ValueError, match="0-11668"):
        layout.decode(11669)
    with pytest.raises(ValueError, match="step index must be 0-3"):
        layout.encode("swap", 4, 0)
    with pytest.raises(ValueError, match="2 axes, not 1"):
        layout.encode("swap", 1)


def lowest_id_score(env: object, seed: int) -> float:
    observation, _ = env.reset(seed=seed)  # type: ignore[attr-defined]
    done, reward = False, 0.0
    while not done:
        action = int(np.flatnonzero(observation["action_mask"])[0])
        observation, reward, done, _, _ = env.step(action)  # type: ignore[attr-defined]
    return float(reward)


def test_the_lowest_legal_id_scores_24_and_shuffled_ids_take_that_away() -> None:
    from monolith.rl.solo import SoloMonolythEnv
    from monolith.rl.wrappers import ShuffledActionIds

    plain = [lowest_id_score(SoloMonolythEnv(), seed) for seed in range(5)]
    assert plain == [24.0] * 5
    shuffled = [lowest_id_score(ShuffledActionIds(SoloMonolythEnv(), seed=1), s) for s in range(5)]
    assert shuffled != plain


def test_shuffled_ids_name_the_same_actions() -> None:
    from gymnasium.utils.env_checker import check_env

    from monolith.rl.solo import SoloMonolythEnv
    from monolith.rl.wrappers import ShuffledActionIds

    inner = SoloMonolythEnv()
    env = ShuffledActionIds(inner, seed=3)
    assert np.array_equal(env.to_env[env.from_env], np.arange(env.num_actions))
    observation, info = env.reset(seed=2)
    legal = np.flatnonzero(observation["action_mask"])
    assert np.array_equal(info["action_mask"], observation["action_mask"])
    assert sorted(env.to_env[legal]) == sorted(inner.game.legal_ids(inner.game_state))
    before = inner.game_state
    env.step(legal[0])
    expected = inner.game.apply(before, inner.game.action_from_id(int(env.to_env[legal[0]])))
    assert inner.game_state == expected
    assert ShuffledActionIds(SoloMonolythEnv(), seed=3).to_env.tolist() == env.to_env.tolist()
    check_env(ShuffledActionIds(SoloMonolythEnv(), seed=3), skip_render_check=True)
