"""Moves a player sees as a bot wandering: a march that ends where it began having carried
nobody, and a maneuver walked straight back by the same seat's next one.

- A march is one march order: ``march(space, warriors)``, its steps, drop-offs and pick-ups, and
  the ``stop`` that ends it. It *wanders* when it stops in the space it started from with the
  seat's warriors standing exactly where they stood before it (nobody dropped off or picked up
  anywhere, net): its hearts bought nothing on the board.
- A maneuver moves one unit to an adjacent space. It is *undone* when the same seat's next
  maneuver that day moves the same kind of unit (warrior or shaman) straight back, with no slay
  or boast by that seat in between (stepping in to slay and out again has a purpose).

:class:`WanderCounter` reads a game as it is played, one ``(state before, action)`` at a time.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from monolith.games.the_monolith.rules import Action, State

PURPOSE = frozenset({"slay", "boast"})
"""Actions between two maneuvers that give a round trip its purpose."""


@dataclass
class WanderCounter:
    """Counts marches and maneuvers, and the wandering ones, of one game."""

    marches: int = 0
    wandering_marches: int = 0
    maneuvers: int = 0
    undone_maneuvers: int = 0
    _march_from: dict[int, tuple[int, tuple[int, ...]]] = field(default_factory=dict)
    """Per seat, the march under way: its start space and the seat's warriors before it."""
    _last_maneuver: dict[int, tuple[int, int, int, int]] = field(default_factory=dict)
    """Per seat, its last maneuver still open to undoing: ``(day, from, to, shaman)``."""

    def see(self, before: State, action: Action, seat: int) -> None:
        """Take in ``seat``'s ``action`` played on ``before``."""
        kind, args = action.kind, action.args
        if kind == "march":
            self._march_from[seat] = (args[0], before.warriors[seat])
        elif kind == "stop" and before.order == "march" and seat in self._march_from:
            start, warriors = self._march_from.pop(seat)
            self.marches += 1
            if before.at == start and before.warriors[seat] == warriors:
                self.wandering_marches += 1
        elif kind == "maneuver":
            src, dst, shaman = args
            self.maneuvers += 1
            if self._last_maneuver.get(seat) == (before.day, dst, src, shaman):
                self.undone_maneuvers += 1
            self._last_maneuver[seat] = (before.day, src, dst, shaman)
        elif kind in PURPOSE:
            self._last_maneuver.pop(seat, None)

    def as_dict(self) -> dict[str, int]:
        """The four counts by name."""
        return {
            "marches": self.marches,
            "wandering_marches": self.wandering_marches,
            "maneuvers": self.maneuvers,
            "undone_maneuvers": self.undone_maneuvers,
        }
