"""The one interface every bot offers, whatever the game.

A bot is handed the acting player's state and answers with one of ``game.legal_actions(state)``.
Monolyth hides nothing, so the state is enough; when hidden-information games need views or
determinization the interface grows here, in one place.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from monolith.core import AnyGame


class UnknownBot(LookupError):  # noqa: N818 - reads as the verdict, like core errors
    """A bot name the registry does not know; the message lists the names it does."""


@runtime_checkable
class Bot(Protocol):
    """Something that picks moves: a name for tables and logs, and a choice."""

    name: str

    def choose(self, game: AnyGame, state: Any) -> Any:
        """One of the acting player's legal actions in ``state``."""
        ...


def legal_list(game: AnyGame, state: Any) -> list[Any]:
    """The legal actions as a list; a clear error when there are none (the game is over)."""
    actions = list(game.legal_actions(state))
    if not actions:
        raise ValueError(f"{game.info.title}: no legal action, the game is over")
    return actions
