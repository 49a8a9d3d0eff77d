"""What the coach needs to know about Monolyth beyond its rules: how far a game has come.

Early in a game a lead is worth less than the same lead near the end, so the coach's win chances
are calibrated by progress as well as by the search's reward (:mod:`monolith.bots.coach`).
"""

from __future__ import annotations

from monolith.games.monolyth.geometry import SIZE
from monolith.games.monolyth.rules import EMPTY, MonolythRules, MonolythState


def progress(game: MonolythRules, state: MonolythState) -> float:
    """How far the game has come, 0 at setup and 1 at its end: the further of the fullest
    monolith (completing one ends the game) and the pieces used up (running out ends it too)."""
    if state.over:
        return 1.0
    capacity = SIZE * SIZE * state.height
    built = max(board.occupied.bit_count() for board in state.boards) / capacity
    left = len(state.box) + sum(1 for piece in state.ring if piece != EMPTY)
    used = 1.0 - left / len(game.content.box_pieces())
    return min(1.0, max(built, used))
