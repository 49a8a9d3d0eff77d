"""Monolyth's legal actions the obvious way, for ``monolith bench`` to time the engine against:
the public, generic :func:`~monolith.games.monolyth.geometry.placements` for each piece the
crystal can reach, where the engine uses precomputed bitboard tables. Both must agree."""

from __future__ import annotations

from typing import Any

from monolith.core.companions import ReferenceMoves
from monolith.games.monolyth.geometry import cell_index, cells_of, mask_of, placements
from monolith.games.monolyth.rules import (
    EMPTY,
    MAX_STEP,
    RING_SPACES,
    MonolythRules,
    Pass,
    Place,
    State,
    Swap,
    TakeProphecy,
)


def naive_actions(game: MonolythRules, state: State) -> list[Any]:
    """Monolyth's legal actions built from the generic ``placements()``: the reference."""
    content = game.content
    board = state.boards[state.current]
    occupied = list(cells_of(board.occupied))
    actions: list[Any] = []
    for step in range(1, MAX_STEP + 1):
        piece_id = state.ring[(state.crystal + step) % RING_SPACES]
        if piece_id == EMPTY:
            continue
        piece = content.pieces[piece_id]
        shape = content.shapes[piece.shape]
        actions.extend(
            Place(step, mask_of(cells)) for cells in placements(shape, occupied, state.height)
        )
        if any(content.pieces[p].colour == piece.colour for p in state.supply):
            actions.extend(
                Swap(step, cell_index(*next(iter(cells))))
                for cells in placements([(0, 0, 0)], occupied, state.height)
            )
    for side in range(4):
        if board.prophecies[side] == 0:
            actions.extend(
                TakeProphecy(side, value) for value in sorted(set(state.prophecy_tokens))
            )
    return actions or [Pass()]


REFERENCE = ReferenceMoves("naive placements()", naive_actions)
