"""Information-Set MCTS: legal, reproducible, and it looks further than one ply."""

from __future__ import annotations

import msgspec
import pytest

from monolith.bots import IsmctsBot, decide, make_bot
from monolith.bots.ismcts import LEVELS, SearchBudget
from monolith.games import get_game
from monolith.games.monolyth import GAME, Place, TakeProphecy
from tests.monolyth.helpers import cells_mask, fresh, level, with_cubes, with_ring

BUDGET = SearchBudget(iterations=120, max_seconds=60.0)
"""Iterations, never the clock, bound these searches, so they reproduce on a loaded machine."""


def test_levels_are_named_and_unknown_level_refused() -> None:
    assert set(LEVELS) == {"easy", "default", "hard"}
    assert make_bot("ismcts", 1).name == "ismcts"
    with pytest.raises(ValueError, match="unknown level 'extreme'"):
        IsmctsBot(1, level="extreme")


@pytest.mark.parametrize("name", ["monolyth", "the-monolith"])
def test_choice_is_legal_and_reproducible(name: str) -> None:
    game = get_game(name)
    state = game.new_game(players=3, seed=21)
    first = decide(IsmctsBot(4, budget=BUDGET), game, state)
    again = decide(IsmctsBot(4, budget=BUDGET), game, state)
    assert first == again
    assert first in list(game.legal_actions(state))


def test_search_counts_its_iterations_within_budget() -> None:
    bot = IsmctsBot(1, budget=SearchBudget(iterations=37, max_seconds=60.0))
    decide(bot, GAME, fresh())
    assert bot.last_iterations == 37
    ticks = iter(range(1000))
    timed = IsmctsBot(1, budget=SearchBudget(10**6, max_seconds=5.0), clock=lambda: next(ticks))
    decide(timed, GAME, fresh())
    assert 1 <= timed.last_iterations <= 6  # the fake clock passes a second per look


def test_takes_a_level_token_that_is_one_piece_away() -> None:
    state = with_ring(fresh(2), {1: ("blue", "I2"), 2: ("black", "O4")})
    seat = state.current
    state = with_cubes(state, seat, level(0, skip=[(0, 0), (1, 0)]), "white")
    action = decide(IsmctsBot(2, budget=BUDGET), GAME, state)
    # either piece can fill the two holes (the O4 standing up): both pay the level token
    assert isinstance(action, Place)
    assert action.cells & cells_mask([(0, 0, 0), (1, 0, 0)]) == cells_mask([(0, 0, 0), (1, 0, 0)])
    assert GAME.apply(state, action).boards[seat].level_tokens == (3,)


def test_claims_a_prophecy_it_has_already_built() -> None:
    # Twelve cubes of the north edge colour already stand in the north wall: the 12 is free points.
    state = fresh(2)
    seat = state.current
    north = GAME.content.colours[state.boards[seat].edges[0]]
    wall = [(x, 0, z) for x in range(4) for z in range(3)]
    state = with_cubes(state, seat, wall, north)
    state = msgspec.structs.replace(with_ring(state, {5: ("blue", "I2")}), box=())
    action = decide(IsmctsBot(2, budget=BUDGET), GAME, state)
    assert action == TakeProphecy(0, 12)


def test_search_settings_come_from_the_game_unless_given() -> None:
    from monolith.bots.ismcts import DEFAULTS, search_settings
    from monolith.games.the_monolith.heuristic import SEARCH

    monolyth, the_monolith = get_game("monolyth"), get_game("the-monolith")
    assert search_settings(monolyth) == {}
    assert search_settings(the_monolith) == SEARCH
    bot = IsmctsBot(1, budget=SearchBudget(iterations=5, max_seconds=60.0), reward_scale=9.0)
    decide(bot, the_monolith, the_monolith.new_game(players=4, seed=2))
    assert bot.reward_scale == 9.0
    assert bot.exploration == SEARCH["exploration"]
    decide(bot, monolyth, fresh())
    assert bot.exploration == DEFAULTS["exploration"]
    assert bot.prior_visits == 0.0
