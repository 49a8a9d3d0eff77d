"""What the balance report asks of a finished Monolyth game: who started, and what each seat had."""

from __future__ import annotations

from typing import Any

from monolith.games.monolyth.rules import MonolythRules, State


def first_player(game: MonolythRules, state: State) -> int:
    return state.first_player


def seat_tags(game: MonolythRules, state: State, seat: int) -> dict[str, Any]:
    """Per seat: the structure card if this seat claimed it, and the board.

    Every seat of a game shares one structure card, so the card alone says nothing about a seat;
    claiming it does.
    """
    board = state.boards[seat]
    card = game.content.cards[state.card].name
    return {
        "structure card claimed": card if board.structure_token else "none claimed",
        "player board": board.name,
    }


def seat_outcomes(game: MonolythRules, state: State, seat: int) -> dict[str, Any]:
    """Prophecies come true score points, so they follow from playing well rather than cause it."""
    return {"prophecies fulfilled": sum(game.fulfilled(state, seat))}


ROUND = "round"
"""What the score-over-time chart calls a round: every player's turn once."""


def round_of(game: MonolythRules, state: State) -> int:
    return state.turn // state.players + 1


def points_by_source(game: MonolythRules, state: State, seat: int) -> dict[str, float]:
    """Points from the structure token, the level tokens and the prophecies come true."""
    board = state.boards[seat]
    prophecies = sum(
        value
        for value, done in zip(board.prophecies, game.fulfilled(state, seat), strict=True)
        if done
    )
    return {
        "structure token": float(board.structure_token),
        "level tokens": float(sum(board.level_tokens)),
        "prophecies": float(prophecies),
    }
