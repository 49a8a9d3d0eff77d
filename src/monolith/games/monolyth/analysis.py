"""What the balance report asks of a finished Monolyth game: who started, and what each seat had."""

from __future__ import annotations

from typing import Any

from monolith.games.monolyth.rules import MonolythRules, MonolythState


def first_player(game: MonolythRules, state: MonolythState) -> int:
    return state.first_player


def seat_tags(game: MonolythRules, state: MonolythState, seat: int) -> dict[str, Any]:
    """Per seat: the structure card if this seat claimed it, the board, prophecies come true.

    Every seat of a game shares one structure card, so the card alone says nothing about a seat;
    claiming it does.
    """
    board = state.boards[seat]
    card = game.content.cards[state.card].name
    return {
        "structure card claimed": card if board.structure_token else "none claimed",
        "player board": board.name,
        "prophecies fulfilled": sum(game.fulfilled(state, seat)),
    }
