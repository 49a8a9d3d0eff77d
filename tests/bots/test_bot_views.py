"""Bots decide from their player's view alone: no state, no secrets, no future draws."""

from __future__ import annotations

import random
from typing import Any

import msgspec
import pytest

from monolith.bots import Bot, IsmctsBot, decide, make_bot
from monolith.bots.ismcts import SearchBudget
from monolith.core import AnyGame, JsonDict, Rng
from monolith.games import get_game

BOTS = ["random", "greedy", "ismcts"]


def bot_named(name: str) -> Bot:
    """The bot with a fixed seed; ISMCTS bounded by iterations only, so a loaded machine's clock
    cannot change its choice."""
    if name == "ismcts":
        return IsmctsBot(3, budget=SearchBudget(iterations=60, max_seconds=600.0))
    return make_bot(name, 3)


class Spy:
    """A bot that records what it is handed and plays the first legal action of a sample."""

    name = "spy"

    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def choose(self, game: AnyGame, view: JsonDict, seat: int) -> Any:
        self.calls.append((game, view, seat))
        return next(game.legal_actions(game.determinize(view, 0)))


@pytest.mark.parametrize("name", ["monolyth", "the-monolith"])
def test_a_bot_is_handed_only_its_players_view(name: str) -> None:
    game = get_game(name)
    state = game.new_game(players=3, seed=11)
    for _ in range(12):
        spy = Spy()
        seat = game.current_player(state)
        assert seat is not None
        action = decide(spy, game, state)
        ((got_game, view, got_seat),) = spy.calls
        assert got_game is game and got_seat == seat
        assert view == game.view(state, seat)
        assert not any(arg is state for arg in spy.calls[0])
        state = game.apply(state, action)


def _played(game: AnyGame, players: int, seed: int, moves: int) -> Any:
    chooser = random.Random(seed)
    state = game.new_game(players=players, seed=seed)
    for _ in range(moves):
        state = game.apply(state, chooser.choice(list(game.legal_actions(state))))
    return state


def _monolyth_hidden_changed(state: Any) -> Any:
    """Other future draws from the box: a new random source."""
    return msgspec.structs.replace(state, rng=Rng(state.rng.seed + 12345, state.rng.counter))


def _the_monolith_hidden_changed(state: Any, seat: int) -> Any:
    """Other players' objectives swapped for deck cards, every deck reordered, a new source."""
    objs = list(state.objs)
    deck = list(state.obj_deck)
    for other in range(state.players):
        if other != seat and objs[other] and deck:
            held = list(objs[other])
            held[0], deck[0] = deck[0], held[0]
            objs[other] = tuple(held)
    return msgspec.structs.replace(
        state,
        objs=tuple(objs),
        obj_deck=tuple(reversed(deck)),
        div_deck=tuple(reversed(state.div_deck)),
        event_deck=tuple(reversed(state.event_deck)),
        rng=Rng(state.rng.seed + 999, state.rng.counter),
    )


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("moves", [3, 25])
def test_monolyth_choice_ignores_what_the_player_cannot_see(bot: str, moves: int) -> None:
    game = get_game("monolyth")
    state = _played(game, 2, 5, moves)
    other = _monolyth_hidden_changed(state)
    seat = game.current_player(state)
    assert game.view(state, seat) == game.view(other, seat)
    assert decide(bot_named(bot), game, state) == decide(bot_named(bot), game, other)


@pytest.mark.parametrize("bot", BOTS)
@pytest.mark.parametrize("moves", [6, 40])
def test_the_monolith_choice_ignores_what_the_player_cannot_see(bot: str, moves: int) -> None:
    game = get_game("the-monolith")
    state = _played(game, 4, 7, moves)
    seat = game.current_player(state)
    assert seat is not None
    other = _the_monolith_hidden_changed(state, seat)
    assert other != state
    assert game.view(state, seat) == game.view(other, seat)
    assert decide(bot_named(bot), game, state) == decide(bot_named(bot), game, other)
