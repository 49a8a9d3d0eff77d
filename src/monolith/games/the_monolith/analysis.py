"""What the balance report asks of a finished game of The Monolith: who started, and what each
seat had (its shaman, the cards it ended with, the objectives it revealed, how often it was the
one to draw the catch-up event). A seat's stronghold is fixed by its seat, so the report's seat
table already covers it."""

from __future__ import annotations

from typing import Any

from monolith.games.the_monolith.rules import State, TheMonolithRules


def first_player(game: TheMonolithRules, state: State) -> int:
    """The seat that held the first player marker on day 1 (the marker passes each day, so the
    finished state's ``first`` only says who started the last day)."""
    for entry in state.log:
        if entry.kind == "first":
            return entry.player
    return state.first  # pragma: no cover - every setup logs the first player


def seat_tags(game: TheMonolithRules, state: State, seat: int) -> dict[str, Any]:
    """Per seat: shaman, divinations held at the end, objectives revealed, events drawn.

    A state keeps no record of divinations taken and later discarded (taking is not a draw, so it
    is not logged), so the cards are the ones the seat ended with. Objective reveals are logged.
    """
    c = game.content
    shaman = state.shaman[seat]
    return {
        "shaman": c.shamans[shaman].name if shaman >= 0 else "none",
        "divination held at the end": [c.divinations[d].name for d in state.divs[seat]],
        "objective revealed": [
            c.objectives[entry.value].name
            for entry in state.log
            if entry.kind == "reveal" and entry.player == seat
        ],
        "events drawn (least favor)": sum(
            1 for entry in state.log if entry.kind == "event" and entry.player == seat
        ),
    }
