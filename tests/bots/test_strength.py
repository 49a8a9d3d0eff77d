"""Bot levels: distinct configurations, reproducible decisions, and what makes the top one strong
(a cheap exact look one ply ahead, and the planning evaluation)."""

from __future__ import annotations

import random
from typing import cast

import msgspec
import pytest

from monolith.bots import IsmctsBot, decide, make_bot
from monolith.bots.greedy import afterstate_for, applied
from monolith.bots.ismcts import LEVELS, Level
from monolith.games import get_game
from monolith.games.monolyth import GAME, MonolythState, heuristic
from monolith.games.monolyth.geometry import cell_index
from tests.games.monolyth.helpers import fresh


def test_levels_are_distinct_configurations_bounded_by_iterations() -> None:
    easy, default, hard = LEVELS["easy"], LEVELS["default"], LEVELS["hard"]
    assert easy.budget.iterations < default.budget.iterations < hard.budget.iterations
    assert len({easy, default, hard}) == 3
    assert hard.evaluation == "plan_evaluate" and hasattr(heuristic, "plan_evaluate")
    # no clock in any level: a loaded machine must play the same game
    assert all(level.budget.max_seconds is None for level in LEVELS.values())
    assert make_bot("ismcts-hard", 1).name == "ismcts-hard"


def _no_clock() -> float:
    raise AssertionError("a level's search looked at the clock")


@pytest.mark.parametrize("name", ["monolyth", "the-monolith"])
def test_a_level_decides_the_same_whatever_the_clock(name: str) -> None:
    game = get_game(name)
    state = game.new_game(players=3, seed=8)
    for _ in range(5):  # a few moves in, so the search has choices that matter
        state = game.apply(state, decide(make_bot("greedy", 1), game, state))
    first = decide(IsmctsBot(5, level="easy", clock=_no_clock), game, state)
    again = decide(IsmctsBot(5, level="easy", clock=_no_clock), game, state)
    assert first == again
    assert first in list(game.legal_actions(state))


def test_level_settings_override_the_games_but_not_the_bots_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    tuned = Level(LEVELS["easy"].budget, settings=(("exploration", 0.9),))
    monkeypatch.setitem(LEVELS, "tuned", tuned)
    the_monolith = get_game("the-monolith")
    state = the_monolith.new_game(players=4, seed=3)
    bot = IsmctsBot(1, level="tuned")
    decide(bot, the_monolith, state)
    assert bot.exploration == 0.9  # the game's SEARCH says 0.4
    given = IsmctsBot(1, level="tuned", exploration=0.2)
    decide(given, the_monolith, state)
    assert given.exploration == 0.2


def test_a_level_whose_evaluation_a_game_lacks_uses_the_games_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(LEVELS, "odd", Level(LEVELS["easy"].budget, evaluation="odd_evaluate"))
    from monolith.games.the_monolith import heuristic as tm_heuristic

    assert IsmctsBot(1, level="odd")._judgement(get_game("the-monolith"), 4) is cast(
        object, tm_heuristic.evaluate
    )
    assert IsmctsBot(1, level="odd")._judgement(GAME, 2) is cast(object, heuristic.evaluate)


def test_the_hard_level_judges_each_game_with_its_deeper_judgement() -> None:
    """Monolyth's hard level plans the prophecies; The Monolith's weighs a position's parts by a
    fit to won games. The ladder names the fit with the level, so a refit is another bot."""
    from monolith.bots.ladder import configuration
    from monolith.games.the_monolith import heuristic as tm_heuristic

    hard = IsmctsBot(1, level="hard")
    assert hard._judgement(get_game("the-monolith"), 4) is cast(object, tm_heuristic.plan_evaluate)
    assert hard._judgement(GAME, 2) is cast(object, heuristic.plan_evaluate)
    assert "fitted weights" in configuration("ismcts-hard", game="the-monolith")
    assert configuration("ismcts-hard", game="monolyth") == configuration("ismcts-hard")
    assert configuration("ismcts", game="the-monolith") == configuration("ismcts")


def test_the_default_level_plans_alone_at_the_table_only() -> None:
    """Solo Monolyth is won by planning the walls: the default search judges solo positions with
    the plan, and a game with rivals as before (the hard level plans in both)."""
    bot = IsmctsBot(1, level="default")
    assert bot._judgement(GAME, 1) is cast(object, heuristic.plan_evaluate)
    assert bot._judgement(GAME, 2) is cast(object, heuristic.evaluate)
    assert IsmctsBot(1, level="easy")._judgement(GAME, 1) is cast(object, heuristic.evaluate)
    assert IsmctsBot(1, level="hard")._judgement(GAME, 1) is cast(object, heuristic.plan_evaluate)


def test_afterstate_is_valued_exactly_as_the_move_itself() -> None:
    """The cheap look ahead (no draw, no turn end) must not change any evaluation."""
    assert afterstate_for(GAME) is cast(object, heuristic.afterstate)
    assert afterstate_for(get_game("the-monolith")) is applied
    checked = cheap = 0
    for seed in range(16):
        chooser = random.Random(seed)
        players = 1 + seed % 4
        state = GAME.new_game(players=players, seed=seed)
        while not state.over:
            actions = list(GAME.legal_actions(state))
            for action in chooser.sample(actions, min(6, len(actions))):
                full = GAME.apply(state, action)
                after = heuristic.afterstate(GAME, state, action)
                for seat in range(players):
                    for judge in (heuristic.evaluate, heuristic.plan_evaluate):
                        assert judge(GAME, after, seat) == judge(GAME, full, seat)
                checked += 1
                cheap += after.rng == state.rng  # nothing drawn: the cheap path
            state = GAME.apply(state, chooser.choice(actions))
    assert checked > 1000 and cheap > checked // 2


def _with_north_wall(state: MonolythState, cubes: int, tokens: tuple[int, ...]) -> MonolythState:
    """Seat 0 with ``cubes`` cubes of its north colour in its north wall (bottom rows first),
    and only ``tokens`` left to take."""
    board = state.boards[0]
    north = board.edges[0]
    cells = [cell_index(x, 0, z) for z in range(4) for x in range(4)][:cubes]
    colours = list(board.cubes)
    colours[north] |= sum(1 << cell for cell in cells)
    board = msgspec.structs.replace(board, cubes=tuple(colours))
    return msgspec.structs.replace(state, boards=(board, *state.boards[1:]), prophecy_tokens=tokens)


def test_planning_keeps_an_open_side_for_the_best_token_its_wall_is_on_course_for() -> None:
    state = fresh(2)
    every = tuple(range(4, 13))
    ten = _with_north_wall(state, 10, every)
    # ten cubes and six free cells: on course for 10 + 0.9, so the 10 is what the side is worth
    few_left = _with_north_wall(state, 10, (4, 5, 6, 7, 8))
    lost = heuristic.plan_evaluate(GAME, ten, 0) - heuristic.plan_evaluate(GAME, few_left, 0)
    assert lost == pytest.approx(heuristic.OPEN_PLAN * (10 - 8))
    # the one-ply evaluation sees only the cubes, whichever tokens remain
    assert heuristic.evaluate(GAME, ten, 0) == heuristic.evaluate(GAME, few_left, 0)


def test_planning_values_a_taken_prophecy_by_the_walls_course() -> None:
    state = _with_north_wall(fresh(2), 8, tuple(range(4, 13)))
    board = msgspec.structs.replace(state.boards[0], prophecies=(10, 0, 0, 0))
    taken = msgspec.structs.replace(state, boards=(board, *state.boards[1:]))
    expected = 8 + heuristic.GROW * 8  # eight cubes, eight free wall cells
    open_credit = heuristic.OPEN_PLAN * 9  # the best token up to 9.2 while open
    gain = heuristic.plan_evaluate(GAME, taken, 0) - heuristic.plan_evaluate(GAME, state, 0)
    assert gain == pytest.approx(heuristic.COMMIT * 10 * (expected / 10) ** 2 - open_credit)
