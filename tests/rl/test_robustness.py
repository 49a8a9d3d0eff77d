"""The environments cannot be fooled (issue 24, D1-D7): a mask written to by the agent, a step
after an illegal end, numpy and float actions, PettingZoo's ``state()``, a one-player OpenSpiel
Monolyth, an out-of-range deal, and a resampled state's history."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

NEEDS = ("numpy", "gymnasium", "pettingzoo", "pyspiel")


def aec(name: str, players: int) -> Any:
    from monolith.rl import monolyth_v0, the_monolith_v0

    module = monolyth_v0 if name == "monolyth" else the_monolith_v0
    env = module.env(players=players)
    env.reset(seed=3)
    return env


@pytest.mark.parametrize(("name", "players"), [("monolyth", 2), ("the-monolith", 3)])
def test_d1_writing_to_the_mask_does_not_make_an_illegal_action_legal(
    name: str, players: int
) -> None:
    env = aec(name, players)
    agent = env.agent_selection
    observation = env.observe(agent)
    mask = observation["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    if mask.flags.writeable:
        mask[illegal] = 1  # the agent's copy: the environment must not trust it
    assert not env.observe(agent)["action_mask"][illegal]
    before = env.game_state
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's warning on an illegal move
        env.step(illegal)
    assert env.rewards[agent] == -1.0
    assert all(env.terminations.values())
    assert env.game_state is before  # nothing applied: the state is the one before
    game = env.game
    assert game.state_from_json(game.state_to_json(env.game_state)) == env.game_state


@pytest.mark.parametrize(("name", "players"), [("monolyth", 2), ("the-monolith", 3)])
def test_d3_numpy_actions_are_accepted_and_floats_refused(name: str, players: int) -> None:
    env = aec(name, players)
    legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
    env.step(np.array(legal[0]))  # a 0-d array, as connect_four_v3 accepts
    legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
    env.step(np.int64(legal[0]))
    legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
    state = env.game_state
    with pytest.raises(TypeError, match=r"Discrete\(\d+\)"):
        env.step(float(legal[0]))
    with pytest.raises(ValueError, match=r"Discrete\(\d+\)"):
        env.step(env.encoder.num_actions)
    assert env.game_state is state


def test_d4_pettingzoo_state_is_a_method_and_shows_nothing_hidden() -> None:
    env = aec("the-monolith", 3)
    assert callable(env.state)
    with pytest.raises(NotImplementedError):
        env.state()  # no global state: it would hold every hidden card
    assert env.game.num_players(env.game_state) == 3


def test_d2_gymnasium_refuses_a_step_after_an_illegal_end() -> None:
    from monolith.rl.solo import SoloMonolythEnv

    env = SoloMonolythEnv()
    observation, _ = env.reset(seed=5)
    mask = observation["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    legal = int(np.flatnonzero(mask)[0])
    _, reward, terminated, _, _ = env.step(illegal)
    assert terminated and reward == -1.0
    with pytest.raises(RuntimeError, match="reset"):
        env.step(legal)


def test_d3_gymnasium_takes_numpy_integers_and_refuses_the_rest() -> None:
    from monolith.rl.solo import SoloMonolythEnv

    env = SoloMonolythEnv()
    observation, _ = env.reset(seed=5)
    observation, _, _, _, _ = env.step(np.array(np.flatnonzero(observation["action_mask"])[0]))
    observation, _, _, _, _ = env.step(np.int32(np.flatnonzero(observation["action_mask"])[0]))
    state = env.game_state
    with pytest.raises(TypeError, match=r"Discrete\(11669\)"):
        env.step(1.0)  # refused: the point
    with pytest.raises(ValueError, match=r"Discrete\(11669\)"):
        env.step(11669)
    assert env.game_state is state


def load(name: str, params: dict[str, object]) -> Any:
    import pyspiel

    import monolith.rl.spiel  # noqa: F401 - registers the games

    return pyspiel.load_game(name, params)


def test_d5_openspiel_monolyth_needs_two_players() -> None:
    with pytest.raises(Exception, match="2-4 players here"):
        load("python_monolyth", {"players": 1})
    with pytest.raises(Exception, match="3-4 players"):
        load("python_the_monolith", {"players": 2})


@pytest.mark.parametrize("name", ["python_monolyth", "python_the_monolith"])
def test_d6_the_chance_node_refuses_an_outcome_out_of_range(name: str) -> None:
    from monolith.rl.spiel import DEALS

    game = load(name, {"players": 3})
    state = game.new_initial_state()
    for bad in (DEALS, 5000):
        with pytest.raises(ValueError, match=f"one of the {DEALS} chance outcomes"):
            state.apply_action(bad)
        assert state.is_chance_node()
    with pytest.raises(Exception, match="kInvalidAction"):
        state.apply_action(-1)  # OpenSpiel's own check
    state.apply_action(DEALS - 1)
    assert not state.is_chance_node()


@pytest.mark.parametrize("name", ["python_monolyth", "python_the_monolith"])
def test_d7_a_resampled_state_keeps_the_history_and_move_number(name: str) -> None:
    game = load(name, {"players": 3})
    state = game.new_initial_state()
    rng = np.random.default_rng(1)
    state.apply_action(7)
    for _ in range(6):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    resampled = state.resample_from_infostate(player, rng.random)
    assert resampled.history() == state.history()
    assert resampled.move_number() == state.move_number()
    assert resampled.current_player() == player
    assert resampled.information_state_string(player) == state.information_state_string(player)
