"""Monolyth as a :class:`monolith.core.Game`: the rules, and above them what players see (the
observer) and read (the narration and its messages)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from monolith.core import JsonDict
from monolith.core.companions import Batch, Companions, ResearchPeers
from monolith.core.i18n import Line, Message, ftl_entries, read_ftl
from monolith.games.monolyth import narration, observer
from monolith.games.monolyth.content import rating_key
from monolith.games.monolyth.rules import Action, MonolythRules, State

MESSAGES = Path(__file__).parent / "messages"


class Monolyth(MonolythRules):
    """Monolyth's rules behind the shared :class:`monolith.core.Game` protocol (and
    :class:`monolith.core.KeyedLabels`)."""

    @property
    def companions(self) -> Companions:
        """What the game ships beside its rules (heuristic, terminal, coach, analysis, encoder,
        action layout...), imported when first asked for, so loading the rules loads none of
        them; kept apart from the instance, which stays plain data to pickle."""
        return _companions(self)

    def view(self, state: State, player: int | None) -> JsonDict:
        return observer.view(self, state, player)

    def determinize(self, view: JsonDict, seed: int) -> State:
        return observer.determinize(self, view, seed)

    def label(self, state: State, action: Action) -> Message:
        return narration.label(self, state, action)

    def label_key(self, state: State, action: Action) -> narration.LabelKey:
        return narration.label_key(state, action)

    def labelled_ids(self, state: State) -> list[tuple[int, narration.LabelKey]]:
        return narration.labelled_ids(self, state)

    def narrate(self, before: State, action: Action, after: State) -> Sequence[Line]:
        return narration.narrate(self, before, action, after)

    def introduce(self, state: State) -> Sequence[Line]:
        return narration.introduce(self, state)

    def messages(self, lang: str) -> str:
        return _messages(self, lang)

    def catalog(self) -> JsonDict:
        """Colours, the unit cubes of every shape (``SINGLE`` too) and the structure cards."""
        c = self.content
        shapes = {name: sorted(list(cell) for cell in cells) for name, cells in c.shapes.items()}
        return {
            "colours": list(c.colours),
            "shapes": {**shapes, "SINGLE": [[0, 0, 0]]},
            "structure_cards": [
                {"number": k.number, "name": k.name, "text": k.text, "heights": list(k.heights)}
                for k in c.cards
            ],
        }


@cache
def _messages(game: Monolyth, lang: str) -> str:
    """The templates in ``messages/{lang}``; in English also the structure cards' names and texts
    and the solo ratings' titles from the content files, their one English source."""
    source = read_ftl(MESSAGES, lang)
    if lang == "en":
        cards = ((k.number, k.name, k.text) for k in game.content.cards)
        source += "\n" + ftl_entries("structure", cards)
        ratings = ((rating_key(title), title, None) for _, title in game.content.solo_ratings)
        source += ftl_entries("rating", ratings)
    return source


@cache
def _companions(game: Monolyth) -> Companions:
    from monolith.games.monolyth import actions, analysis, coach, heuristic, reference, terminal
    from monolith.games.monolyth.encoder import MonolythEncoder

    return Companions(
        heuristic=heuristic,
        terminal=terminal,
        coach=coach,
        analysis=analysis,
        action_layout=lambda: actions.layout(game),
        encoder=lambda: MonolythEncoder(game),
        reference_moves=reference.REFERENCE,
        vector=_vector,
        vector_deals_ahead=True,
        peers=ResearchPeers(pettingzoo="connect_four_v3", openspiel="connect_four"),
    )


def _vector(*args: Any, **kwargs: Any) -> Batch:
    """:class:`~monolith.games.monolyth.vector.MonolythVector`, imported when first asked for."""
    from monolith.games.monolyth.vector import MonolythVector

    return MonolythVector(*args, **kwargs)
