"""Kindling as a :class:`monolith.core.Game`: the rules, and above them what players see (the
observer) and read (the narration and its messages), and its companions."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from monolith.core import JsonDict
from monolith.core.companions import Companions
from monolith.core.i18n import Line, Message, ftl_entries, read_ftl
from monolith.games.kindling import narration, observer
from monolith.games.kindling.rules import Action, KindlingRules, State

MESSAGES = Path(__file__).parent / "messages"


class Kindling(KindlingRules):
    """Kindling on the shared :class:`monolith.core.Game` protocol."""

    @property
    def companions(self) -> Companions:
        """A heuristic for the bots and an encoder for learning code; the terminal draws the
        view with its generic renderer."""
        return _companions(self)

    def view(self, state: State, player: int | None) -> JsonDict:
        return observer.view(self, state, player)

    def determinize(self, view: JsonDict, seed: int) -> State:
        return observer.determinize(self, view, seed)

    def label(self, state: State, action: Action) -> Message:
        return narration.label(self, state, action)

    def narrate(self, before: State, action: Action, after: State) -> Sequence[Line]:
        return narration.narrate(self, before, action, after)

    def introduce(self, state: State) -> Sequence[Line]:
        return narration.introduce(self, state)

    def messages(self, lang: str) -> str:
        return _messages(self, lang)

    def catalog(self) -> JsonDict:
        """The woods, the copies of each value and the scoring, as printed."""
        c = self.content
        return {
            "woods": [{"key": k, "name": n} for k, n in zip(c.woods, c.names, strict=True)],
            "copies": list(c.copies),
            "hand": c.hand,
            "fire_cost": c.fire_cost,
            "blaze": c.blaze,
            "blaze_bonus": c.blaze_bonus,
        }


@cache
def _messages(game: Kindling, lang: str) -> str:
    """The templates in ``messages/{lang}``; in English also the woods' names from the content
    file, their one English source."""
    source = read_ftl(MESSAGES, lang)
    if lang == "en":
        c = game.content
        source += "\n" + ftl_entries(
            "wood", ((k, n, None) for k, n in zip(c.woods, c.names, strict=True))
        )
    return source


@cache
def _companions(game: Kindling) -> Companions:
    from monolith.games.kindling import heuristic
    from monolith.games.kindling.encoder import KindlingEncoder

    return Companions(heuristic=heuristic, encoder=lambda: KindlingEncoder(game))
