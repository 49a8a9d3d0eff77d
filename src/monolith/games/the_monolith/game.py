"""The Monolith as a :class:`monolith.core.Game`: the rules, and above them what players see (the
observer) and read (the narration and its messages)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from pathlib import Path

from monolith.core import JsonDict
from monolith.core.companions import Companions, ResearchPeers
from monolith.core.errors import GameError
from monolith.core.i18n import Line, Message, ftl_entries, read_ftl
from monolith.games.the_monolith import narration, observer
from monolith.games.the_monolith.rules import Action, State, TheMonolithRules
from monolith.games.the_monolith.validate import impossible

MESSAGES = Path(__file__).parent / "messages"


class TheMonolith(TheMonolithRules):
    """The Monolith on the shared :class:`monolith.core.Game` protocol."""

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

    def state_from_json(self, data: object) -> State:
        """Read a state; :class:`GameError` names what is wrong with its shape or what no game
        could reach (a negative count, a heart or warrior too many or missing, a seat out of
        range, a card in two places or in none)."""
        state = super().state_from_json(data)
        problem = impossible(state, self.content)
        if problem:
            raise GameError(f"impossible The Monolith state: {problem}")
        return state

    def label(self, state: State, action: Action) -> Message:
        return narration.label(self, state, action)

    def narrate(self, before: State, action: Action, after: State) -> Sequence[Line]:
        return narration.narrate(self, before, action, after)

    def introduce(self, state: State) -> Sequence[Line]:
        return narration.introduce(self, state)

    def messages(self, lang: str) -> str:
        return _messages(self, lang)

    def catalog(self) -> JsonDict:
        """Every shaman, divination, event and objective card as printed, in content order (the
        view's log names cards by their index here)."""
        c = self.content
        return {
            "shamans": [{"key": s.key, "name": s.name, "text": s.ability.text} for s in c.shamans],
            "divinations": [
                {"key": d.key, "name": d.name, "rating": d.rating, "text": d.effect.text}
                for d in c.divinations
            ],
            "events": [{"key": e.key, "name": e.name, "text": e.text} for e in c.events],
            "objectives": [{"key": o.key, "name": o.name, "text": o.text} for o in c.objectives],
        }


@cache
def _messages(game: TheMonolith, lang: str) -> str:
    """The templates in ``messages/{lang}``; in English also the names and texts of the map's
    spaces and of every card, from the content files, their one English source."""
    source = read_ftl(MESSAGES, lang)
    if lang == "en":
        c = game.content
        source += "\n" + "".join(
            (
                ftl_entries("space", ((s.key, s.name, None) for s in c.spaces)),
                ftl_entries("shaman", ((s.key, s.name, s.ability.text) for s in c.shamans)),
                ftl_entries("divination", ((d.key, d.name, d.effect.text) for d in c.divinations)),
                ftl_entries("event", ((e.key, e.name, e.text) for e in c.events)),
                ftl_entries("objective", ((o.key, o.name, o.text) for o in c.objectives)),
            )
        )
    return source


@cache
def _companions(game: TheMonolith) -> Companions:
    from monolith.games.the_monolith import actions, analysis, coach, heuristic, terminal
    from monolith.games.the_monolith.encoder import TheMonolithEncoder

    return Companions(
        heuristic=heuristic,
        terminal=terminal,
        coach=coach,
        analysis=analysis,
        action_layout=actions.layout,
        encoder=lambda: TheMonolithEncoder(game),
        peers=ResearchPeers(pettingzoo="chess_v6", openspiel="chess"),
    )
