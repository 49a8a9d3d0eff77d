"""The greedy bot follows through in The Monolith: a march is judged by where it ends, and a
maneuver the bot would walk straight back is not made (issue 23 §1)."""

from __future__ import annotations

import msgspec
import pytest

from monolith.bots import decide, greedy
from monolith.bots.greedy import GreedyBot
from monolith.games.the_monolith import GAME
from monolith.games.the_monolith.rules import State
from monolith.games.the_monolith.wandering import WanderCounter
from tests.games.the_monolith.helpers import SP, action_turn, balance_hearts, scene


def _orders_of_seat_0(state: State, bot: GreedyBot) -> tuple[State, WanderCounter, list[str]]:
    """Seat 0's order turns, the others having committed: every decision until it commits."""
    counter = WanderCounter()
    kinds: list[str] = []
    while state.phase == "order" and GAME.current_player(state) == 0:
        action = decide(bot, GAME, state)
        counter.see(state, action, 0)
        kinds.append(action.kind)
        state = GAME.apply(state, action)
    return state, counter, kinds


def _march_to_a_temple_two_steps_away() -> State:
    """Three warriors at home (eastmarch), five hearts, no cards to bid on: the temple of
    ember-terraces is two steps away (through brine-hollow, which pays nothing)."""
    return scene(
        3,
        units={(0, "eastmarch"): 3},
        available=(5, 0, 0),
        committed=(False, True, True),
        row=(-1, -1, -1),
    )


def _first_march_ends_on_the_temple(bot: GreedyBot) -> bool:
    """Whether the bot's first order is a march from home that ends on ember-terraces."""
    state = _march_to_a_temple_two_steps_away()
    first = decide(bot, GAME, state)
    if first.kind != "march" or first.args[0] != SP["eastmarch"]:
        return False
    state = GAME.apply(state, first)
    while state.step == "march":
        state = GAME.apply(state, decide(bot, GAME, state))
    return state.warriors[0][SP["ember-terraces"]] >= 1


@pytest.mark.parametrize("seed", range(3))
def test_a_march_is_valued_by_where_it_ends(seed: int) -> None:
    """The first step (to brine-hollow) pays nothing and costs a heart; greedy takes it
    because the march ends on the temple two steps away, and it carries the march out."""
    assert _first_march_ends_on_the_temple(GreedyBot(seed))


def test_one_ply_greedy_does_not_see_the_temple(monkeypatch: pytest.MonkeyPatch) -> None:
    """The contrast: judged one step at a time, the march's start is worth no more than
    committing, and its first step goes wherever one step pays most."""
    monkeypatch.setattr(greedy, "planner_for", lambda game: None)
    assert not all(_first_march_ends_on_the_temple(GreedyBot(seed)) for seed in range(3))


@pytest.mark.parametrize("seed", range(3))
def test_no_march_of_a_whole_order_phase_wanders(seed: int) -> None:
    _, counter, _ = _orders_of_seat_0(_march_to_a_temple_two_steps_away(), GreedyBot(seed))
    assert counter.marches >= 1
    assert counter.wandering_marches == 0


def _shaman_on_a_temple_with_hearts_to_burn() -> State:
    """Seat 0's shaman alone on the temple of ember-terraces, 16 hearts in the maneuver zone
    and nothing to slay or boast; the others still hold hearts, so the phase goes on. Leaving
    the temple loses it; the one-ply bot leaves (relenting throws every heart away) and walks
    straight back next time."""
    state = action_turn(
        scene(3, shamans={0: "ember-terraces"}, units={(1, "monolith"): 2}), 0, (0, 16, 0)
    )
    return balance_hearts(msgspec.structs.replace(state, zones=((0, 16, 0), (0, 2, 0), (0, 2, 0))))


def _undone_by_seat_0(bot: GreedyBot, state: State) -> tuple[int, int]:
    """Maneuvers by seat 0 over the action phase, and how many it walked straight back."""
    counter = WanderCounter()
    while state.phase == "action":
        seat = GAME.current_player(state)
        assert seat is not None
        action = decide(bot, GAME, state)
        if seat == 0:
            counter.see(state, action, 0)
        state = GAME.apply(state, action)
    return counter.maneuvers, counter.undone_maneuvers


@pytest.mark.parametrize("seed", range(3))
def test_a_maneuver_is_not_walked_straight_back(seed: int) -> None:
    assert _undone_by_seat_0(GreedyBot(seed), _shaman_on_a_temple_with_hearts_to_burn())[1] == 0


def test_one_ply_greedy_walks_the_shaman_out_and_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """The position above does provoke wandering: without the planner the bot undoes."""
    monkeypatch.setattr(greedy, "planner_for", lambda game: None)
    undone = sum(
        _undone_by_seat_0(GreedyBot(seed), _shaman_on_a_temple_with_hearts_to_burn())[1]
        for seed in range(3)
    )
    assert undone >= 1


def test_bots_on_other_games_keep_one_ply() -> None:
    """Only a heuristic that ships every part of a planner changes how greedy decides."""
    from monolith.games import get_game

    assert greedy.planner_for(get_game("monolyth")) is None
    assert greedy.planner_for(GAME) is not None
