"""What the balance report asks of a finished game of The Monolith: who started; what each seat
had (its shaman, the cards it ended with, the objectives it revealed); how often it drew the
catch-up event (an outcome of trailing, not a cause); what each source of favor gave; and which
divinations left the row, to whom and for how many hearts. A seat's stronghold is fixed by its
seat, so the report's seat table already covers it."""

from __future__ import annotations

from typing import Any

from monolith.games.the_monolith.rules import FAVOR_SOURCES, State, TheMonolithRules


def first_player(game: TheMonolithRules, state: State) -> int:
    """The seat that held the first player marker on day 1 (the marker passes each day, so the
    finished state's ``first`` only says who started the last day)."""
    for entry in state.log:
        if entry.kind == "first":
            return entry.player
    return state.first  # pragma: no cover - every setup logs the first player


def seat_tags(game: TheMonolithRules, state: State, seat: int) -> dict[str, Any]:
    """Per seat: shaman, divinations held at the end, objectives revealed.

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
    }


ROUND = "day"
"""What the score-over-time chart calls a round."""

SOURCE_NAMES = {
    "slay": "slaying",
    "divination": "divinations",
    "shaman": "shaman abilities",
    "event": "events",
    "objective": "objectives revealed",
    "temple": "temples",
    "boast": "boasts",
    "monolith": "the Monolith",
    "held": "objectives held at the end",
}


def round_of(game: TheMonolithRules, state: State) -> int:
    return state.day


def points_by_source(game: TheMonolithRules, state: State, seat: int) -> dict[str, float]:
    """Favor per source over the whole game, from the per-day record every state keeps."""
    n = len(FAVOR_SOURCES)
    return {
        SOURCE_NAMES[source]: float(sum(state.scored[seat][i::n]))
        for i, source in enumerate(FAVOR_SOURCES)
    }


def seat_outcomes(game: TheMonolithRules, state: State, seat: int) -> dict[str, Any]:
    """Counts that follow from how a seat was doing rather than cause it: the catch-up event is
    drawn by the player with the least favor, so drawing many is a sign of losing."""
    return {
        "events drawn (least favor draws)": sum(
            1 for entry in state.log if entry.kind == "event" and entry.player == seat
        ),
    }


def card_offers(game: TheMonolithRules, before: State, after: State) -> list[tuple[str, int, int]]:
    """The divinations that left the row in one move: ``(card, taker, hearts paid)``, the taker
    -1 for a card nobody took (discarded when the row is refreshed)."""
    offers: list[tuple[str, int, int]] = []
    for slot, card in enumerate(before.row):
        if card < 0 or (slot < len(after.row) and after.row[slot] == card):
            continue
        taker = next(
            (
                p
                for p in range(before.players)
                if after.divs[p].count(card) > before.divs[p].count(card)
            ),
            -1,
        )
        price = before.bids[slot][taker] if taker >= 0 else 0
        offers.append((game.content.divinations[card].name, taker, price))
    return offers
