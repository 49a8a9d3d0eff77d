"""The one interface every bot offers, whatever the game.

A bot never sees the game state. :func:`decide` is the only place a bot meets a game: it hands the
bot the acting player's view, exactly what a person in that seat would see, and the bot answers
with one of that player's legal actions. To look ahead, a bot samples full states consistent with
the view (``game.determinize``), so hidden cards, deck orders and future draws stay unknown to it.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from monolith.core import AnyGame, JsonDict


class UnknownBot(LookupError):  # noqa: N818 - reads as the verdict, like core errors
    """A bot name the registry does not know; the message lists the names it does."""


@runtime_checkable
class Bot(Protocol):
    """Something that picks moves: a name for tables and logs, and a choice."""

    name: str

    def choose(self, game: AnyGame, view: JsonDict, seat: int) -> Any:
        """One of ``seat``'s legal actions, decided from ``view`` alone."""
        ...


def decide(bot: Bot, game: AnyGame, state: Any) -> Any:
    """The acting seat's bot decides from that seat's view; the state itself never reaches it."""
    seat = game.current_player(state)
    if seat is None:
        raise ValueError(f"{game.info.title}: no legal action, the game is over")
    return bot.choose(game, game.view(state, seat), seat)


def sample_state(game: AnyGame, view: JsonDict, rng: random.Random) -> Any:
    """A full state consistent with ``view``, its unseen parts drawn from the bot's ``rng``."""
    return game.determinize(view, rng.getrandbits(63))


def legal_list(game: AnyGame, state: Any) -> list[Any]:
    """The legal actions as a list; a clear error when there are none (the game is over)."""
    actions = list(game.legal_actions(state))
    if not actions:
        raise ValueError(f"{game.info.title}: no legal action, the game is over")
    return actions
