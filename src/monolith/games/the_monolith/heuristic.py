"""How good a position of The Monolith is for one seat, for one-ply bots.

Favor already won counts in full, less the best rival's. What the next rest phase is likely to pay
counts for part of its value: temples (2 each) and scriptoria (an objective each) under control,
boast hearts (3, or 4 with the monolith space), objectives whose condition holds, and the
monolith space itself. Hearts still to spend on the action board and living warriors on the board
count a little, because they are what wins the rest later. A finished game adds a bonus for first
place. Everything is counted from the board, so a greedy bot stays fast.
"""

from __future__ import annotations

from monolith.games.the_monolith.rules import (
    BOAST_FAVOR,
    TEMPLE_FAVOR,
    State,
    TheMonolith,
    objective_score,
    ranking,
)

SOON = 0.6
"""Share credited for favor the coming rest phase pays if nothing changes."""
OBJECTIVE = 0.7
"""Share credited for an objective whose condition holds now."""
SCRIPTORIUM = 0.8
"""Value of one more objective drawn at rest."""
HEART = 0.4
"""Per heart left on the action board (an action still to take)."""
WARRIOR = 0.15
"""Per living warrior on the board."""
CONTROL = 0.25
"""Per space controlled (control is what most cards and objectives count)."""
WIN = 5.0
"""Bonus in a finished game for first place."""


def evaluate(game: TheMonolith, state: State, seat: int) -> float:
    """The seat's favor lead plus part of what its position should still pay."""
    if state.phase == "over":
        lead = state.favor[seat] - max(f for p, f in enumerate(state.favor) if p != seat)
        return lead + (WIN if ranking(state)[0] == seat else 0.0)
    return _worth(game, state, seat) - max(
        _worth(game, state, p) for p in range(state.players) if p != seat
    )


def _worth(game: TheMonolith, state: State, p: int) -> float:
    w = game._reader(state)
    value = float(state.favor[p])
    monolith = w.controls(p, w.c.monolith)
    soon = TEMPLE_FAVOR * w.count("temple", p, -1)
    soon += sum(
        BOAST_FAVOR + int(monolith) for slots in state.slots for mark in slots if mark == p + 1
    )
    value += SOON * soon
    value += SCRIPTORIUM * w.count("scriptorium", p, -1)
    value += OBJECTIVE * sum(objective_score(w, p, card) for card in state.objs[p])
    value += CONTROL * w.count("controlled", p, -1)
    value += HEART * sum(state.zones[p])
    value += WARRIOR * sum(state.warriors[p])
    return value
