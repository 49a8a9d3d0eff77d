"""Both games as PettingZoo AEC environments pass PettingZoo's own API and seed tests, play whole
games to rewards that match the rules' ranking, and treat a bad action as the classic games'
wrappers do."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

NEEDS = ("numpy", "gymnasium", "pettingzoo")


def envs() -> list[tuple[str, Any]]:
    from monolith.rl import monolyth_v0, the_monolith_v0

    return [("monolyth", monolyth_v0), ("the-monolith", the_monolith_v0)]


@pytest.mark.parametrize("index", [0, 1], ids=["monolyth_v0", "the_monolith_v0"])
def test_pettingzoo_api_and_seed_tests_pass(index: int) -> None:
    from pettingzoo.test import api_test, seed_test

    _, module = envs()[index]
    with warnings.catch_warnings():
        # PettingZoo warns that a dict observation is not a Box; its own classic games
        # (connect_four_v3, chess_v6) are dicts with an action mask in the same way
        warnings.simplefilter("ignore", UserWarning)
        api_test(module.env(), num_cycles=300)
    seed_test(module.env, num_cycles=300)


@pytest.mark.parametrize(("index", "players"), [(0, 2), (0, 4), (1, 3), (1, 4)])
def test_a_whole_game_ends_with_the_ranking_rewards(index: int, players: int) -> None:
    from monolith.rl import ranking_rewards

    _, module = envs()[index]
    env = module.env(players=players)
    env.reset(seed=7)
    rng = np.random.default_rng(7)
    returns = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        returns[agent] += reward
        assert observation["observation"].shape == env.observation_space(agent)["observation"].shape
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0
        env.step(int(rng.choice(legal)))
    final = env.game_state
    expected = ranking_rewards(env.game, final)
    assert [returns[f"player_{seat}"] for seat in range(players)] == list(expected)
    assert env.game.is_terminal(final) and env.agents == []


def test_only_the_agent_to_move_has_legal_actions() -> None:
    _, module = envs()[1]
    env = module.env()
    env.reset(seed=1)
    mover = env.agent_selection
    for agent in env.agents:
        mask = env.observe(agent)["action_mask"]
        assert mask.any() == (agent == mover)


def test_an_illegal_action_ends_the_game_against_its_player(
    caplog: pytest.LogCaptureFixture,
) -> None:
    _, module = envs()[0]
    env = module.env(players=2)
    env.reset(seed=3)
    mover = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(mover)["action_mask"] == 0)[0])
    env.step(illegal)
    assert "Illegal move made" in caplog.text
    assert all(env.terminations.values()) and all(env.truncations.values())
    assert env.rewards[mover] == -1.0
    assert all(reward == 0.0 for agent, reward in env.rewards.items() if agent != mover)


def test_ids_outside_the_action_space_and_steps_before_reset_are_refused() -> None:
    _, module = envs()[0]
    env = module.env()
    with pytest.raises(AssertionError, match="reset"):
        env.step(0)
    env.reset(seed=1)
    with pytest.raises(ValueError, match=r"an id in Discrete\(11669\) \(0-11668\)"):
        env.step(env.encoder.num_actions)
    with pytest.raises(TypeError, match=r"must be an integer id in Discrete\(11669\)"):
        env.step(None)


def test_options_and_rewards_are_checked() -> None:
    _, module = envs()[1]
    from monolith.core import BadOptions

    with pytest.raises(BadOptions, match="tower"):
        module.env(options={"tower": "leaky"})
    with pytest.raises(ValueError, match="reward must be one of ranking, score"):
        module.env(reward="gold")
    with pytest.raises(BadOptions, match="3-4 players"):
        module.env(players=2)
    env = module.env(players=4, options={"tower": "sticky"}, reward="score", render_mode="ansi")
    env.reset(seed=2)
    assert env.game_state.tower_model == "sticky" and env.game_state.players == 4
    assert "player_0" in env.render()


def test_every_game_with_an_encoder_is_a_pettingzoo_module_and_old_paths_still_import() -> None:
    """``monolith.rl`` builds ``<name>_v0`` from the registry (no file names a game), and code
    written against ``monolith.rl.vector`` still finds Monolyth's vector in its folder."""
    import importlib

    import monolith.games.monolyth.vector as moved
    import monolith.rl as rl
    from monolith.rl import kindling_v0, monolyth_v0

    the_monolith_v0 = importlib.import_module("monolith.rl.the_monolith_v0")
    assert the_monolith_v0 is rl.the_monolith_v0
    assert len(the_monolith_v0.env().possible_agents) == 3  # its default table
    assert len(monolyth_v0.env(players=4).possible_agents) == 4
    assert kindling_v0.env().metadata["name"] == "kindling_v0"
    assert importlib.import_module("monolith.rl.vector") is moved
    assert moved.__spec__ is not None and moved.__spec__.name == "monolith.games.monolyth.vector"
    with pytest.raises(ImportError):
        importlib.import_module("monolith.rl.chess_v0")
    with pytest.raises(AttributeError):
        rl.chess_v0  # noqa: B018 - the lookup is the test
