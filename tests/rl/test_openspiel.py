"""Both games as OpenSpiel Python games: OpenSpiel's random simulation test with serialization
passes, OpenSpiel's ISMCTS plays whole games, and resampling keeps what the player knows."""

from __future__ import annotations

import numpy as np
import pytest

NEEDS = ("numpy", "pyspiel", "open_spiel")

GAMES = [("python_monolyth", {"players": 2}), ("python_the_monolith", {"players": 3})]


def load(name: str, params: dict[str, object]) -> object:
    import pyspiel

    import monolith.rl.spiel  # noqa: F401 - registers the games

    return pyspiel.load_game(name, params)


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_random_sim_test_with_serialization_passes(name: str, params: dict[str, object]) -> None:
    import pyspiel

    game = load(name, params)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


@pytest.mark.parametrize(("name", "params", "simulations"), [(*GAMES[0], 8), (*GAMES[1], 3)])
def test_openspiel_ismcts_plays_whole_games(
    name: str, params: dict[str, object], simulations: int
) -> None:
    from open_spiel.python.algorithms import ismcts

    from monolith.rl.spiel import HeuristicEvaluator

    game = load(name, params)
    bot = ismcts.ISMCTSBot(
        game=game,
        evaluator=HeuristicEvaluator(),
        uct_c=1.5,
        max_simulations=simulations,
        random_state=np.random.RandomState(0),
        allow_inconsistent_action_sets=True,
    )
    state = game.new_initial_state()  # type: ignore[attr-defined]
    state.apply_action(5)  # the deal
    moves = 0
    while not state.is_terminal():
        state.apply_action(bot.step(state))
        moves += 1
    assert moves > 10
    returns = state.returns()
    assert sorted(returns) == sorted({1.0, -1.0, *returns}) and sum(returns) == pytest.approx(0)


@pytest.mark.parametrize(("name", "params"), GAMES)
def test_resampling_keeps_the_information_state(name: str, params: dict[str, object]) -> None:
    import pyspiel

    from monolith.rl import encoder

    game = load(name, params)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    assert state.is_chance_node() and len(state.chance_outcomes()) == 4096
    state.apply_action(17)
    rng = np.random.default_rng(1)
    for _ in range(25):
        state.apply_action(int(rng.choice(state.legal_actions())))
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    world = state.resample_from_infostate(player, sampler)
    assert world.information_state_string(player) == state.information_state_string(player)
    assert world.legal_actions() == state.legal_actions()
    assert world.observation_tensor(player) == state.observation_tensor(player)
    tensor = encoder(name.removeprefix("python_").replace("_", "-")).observation_tensor(
        state.engine_state, player
    )
    assert np.array_equal(np.array(state.observation_tensor(player), np.float32), tensor)
    assert state.information_state_tensor(player) == state.observation_tensor(player)


def test_parameters_are_checked() -> None:
    from monolith.core import BadOptions

    with pytest.raises(ValueError, match="reward must be one of"):
        load("python_monolyth", {"reward": "gold"})
    with pytest.raises(BadOptions, match="rule option 'tower'"):
        load("python_the_monolith", {"tower": "leaky"})
    with pytest.raises(BadOptions, match="3-4 players"):
        load("python_the_monolith", {"players": 2})
    game = load("python_the_monolith", {"players": 4, "tower": "sticky", "reward": "score"})
    assert game.num_players() == 4  # type: ignore[attr-defined]
    assert game.max_utility() == 200.0  # type: ignore[attr-defined]
