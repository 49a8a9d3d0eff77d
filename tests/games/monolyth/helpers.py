"""Building Monolyth positions for scenario tests, from a real setup."""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from monolith.games.monolyth import GAME, MonolythState
from monolith.games.monolyth.geometry import mask_of
from monolith.games.monolyth.rules import EMPTY, RING_SPACES

Cell = tuple[int, int, int]
COLOURS = GAME.content.colours


def fresh(players: int = 2, seed: int = 1, card: int | None = None) -> MonolythState:
    options = {} if card is None else {"structure_card": card}
    return GAME.new_game(players=players, seed=seed, options=options)


def with_ring(
    state: MonolythState, spaces: dict[int, tuple[str, str]], crystal: int = 0
) -> MonolythState:
    """Put the ring's pieces back in the box, then these (colour, shape) pieces on these spaces."""
    box = sorted([*state.box, *(p for p in state.ring if p != EMPTY)])
    ring = [EMPTY] * RING_SPACES
    for space, (colour, shape) in spaces.items():
        piece = next(
            p
            for p in box
            if GAME.content.pieces[p].shape == shape
            and COLOURS[GAME.content.pieces[p].colour] == colour
        )
        box.remove(piece)
        ring[space] = piece
    return msgspec.structs.replace(state, ring=tuple(ring), box=tuple(box), crystal=crystal)


def with_cubes(
    state: MonolythState, seat: int, cells: Iterable[Cell], colour: str
) -> MonolythState:
    """Add cubes of one colour to a player's building (rewards are not re-checked)."""
    board = state.boards[seat]
    cubes = list(board.cubes)
    cubes[COLOURS.index(colour)] |= mask_of(cells)
    board = msgspec.structs.replace(board, cubes=tuple(cubes))
    boards = (*state.boards[:seat], board, *state.boards[seat + 1 :])
    return msgspec.structs.replace(state, boards=boards)


def turn_to(state: MonolythState, seat: int) -> MonolythState:
    return msgspec.structs.replace(state, current=seat)


def level(z: int, skip: Iterable[tuple[int, int]] = ()) -> list[Cell]:
    """All 16 cells of level ``z`` (0-based), less the (x, y) columns in ``skip``."""
    missing = set(skip)
    return [(x, y, z) for y in range(4) for x in range(4) if (x, y) not in missing]


def cells_mask(cells: Iterable[Cell]) -> int:
    return mask_of(cells)
