"""Solo Monolyth as a Gymnasium environment passes Gymnasium's own checker and plays whole games
to the final score."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

NEEDS = ("numpy", "gymnasium")


def test_gymnasium_check_env_passes() -> None:
    import gymnasium
    from gymnasium.utils.env_checker import check_env

    import monolith.rl.solo  # noqa: F401 - registers the environment

    env = gymnasium.make("monolith/SoloMonolyth-v0")
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings too
        check_env(env.unwrapped)


def test_an_episode_ends_with_the_final_score_and_rating() -> None:
    from monolith.rl.solo import SoloMonolythEnv

    env = SoloMonolythEnv(render_mode="ansi")
    observation, info = env.reset(seed=11)
    assert np.array_equal(observation["action_mask"], info["action_mask"])
    rng = np.random.default_rng(11)
    total, steps, done = 0.0, 0, False
    while not done:
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
        total += reward
        steps += 1
        done = terminated or truncated
    assert env.game_state is not None
    assert total == env.game.score(env.game_state, 0)
    assert info["rating"] == env.game.solo_rating(env.game_state)
    assert "over" in (env.render() or "")
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)


def test_the_same_seed_deals_the_same_game_and_an_illegal_action_ends_it() -> None:
    from monolith.rl.solo import SoloMonolythEnv

    first, _ = SoloMonolythEnv().reset(seed=5)
    env = SoloMonolythEnv()
    again, _ = env.reset(seed=5)
    assert np.array_equal(first["observation"], again["observation"])
    illegal = int(np.flatnonzero(again["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -1.0 and "illegal" in info


def test_the_solo_environment_is_built_for_games_with_a_solo_mode_only() -> None:
    from monolith.core import GameError
    from monolith.rl.solo import SoloEnv, SoloMonolythEnv, SoloVectorEnv, solo_games

    assert solo_games() == {"Monolyth": "monolyth"}  # the other games take 2 or more players
    assert isinstance(SoloMonolythEnv(), SoloEnv) and SoloMonolythEnv().game.info.name == "monolyth"
    with pytest.raises(GameError):
        SoloEnv(game="the-monolith")
    with pytest.raises(ValueError, match="name the game"):
        SoloEnv()
    with pytest.raises(ValueError, match="no vector companion"):
        SoloVectorEnv(2, game="the-monolith")
