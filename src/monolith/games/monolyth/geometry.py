"""Polycubes on a 4x4 board as bitboards.

A monolith of 4x4x4 is exactly 64 cells, so a building is one ``int``: cell ``(x, y, z)`` is bit
``x + 4*y + 16*z``. ``x`` runs west to east, ``y`` north to south, ``z`` up from the board.
Tables of
every placement of every shape are built once, so legal-move generation is a few ``&`` per
placement.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from itertools import permutations, product

import numpy as np
import numpy.typing as npt

Cell = tuple[int, int, int]
Shape = frozenset[Cell]

SIZE = 4
MAX_HEIGHT = 4
LEVEL_MASK = 0xFFFF
"""The 16 cells of level 1; shift by ``16 * level`` for the others."""
ALL_CELLS = (1 << (SIZE * SIZE * MAX_HEIGHT)) - 1
"""Every cell of the 4x4x4 block: 64 bits."""


def cell_index(x: int, y: int, z: int) -> int:
    return x + SIZE * y + SIZE * SIZE * z


def index_cell(index: int) -> Cell:
    return index % SIZE, (index // SIZE) % SIZE, index // (SIZE * SIZE)


def mask_of(cells: Iterable[Cell]) -> int:
    """The bitboard of cells that lie on a 4x4x4 grid (callers check bounds first)."""
    mask = 0
    for x, y, z in cells:
        mask |= 1 << cell_index(x, y, z)
    return mask


def cells_of(mask: int) -> Iterator[Cell]:
    """The cells of a bitboard, lowest index first."""
    while mask:
        low = mask & -mask
        yield index_cell(low.bit_length() - 1)
        mask ^= low


def height_limit(height: int) -> int:
    """Every cell below ``height`` levels."""
    return (1 << (16 * height)) - 1


Row = tuple[int, int, int]
Matrix = tuple[Row, Row, Row]


def _row(sign: int, column: int) -> Row:
    row = [0, 0, 0]
    row[column] = sign
    return row[0], row[1], row[2]


def _rotation_matrices() -> tuple[Matrix, ...]:
    """The 24 proper rotations of the cube: signed permutation matrices with determinant +1."""
    found: list[Matrix] = []
    for perm in permutations(range(3)):
        for signs in product((1, -1), repeat=3):
            matrix = (_row(signs[0], perm[0]), _row(signs[1], perm[1]), _row(signs[2], perm[2]))
            (a, b, c), (d, e, f), (g, h, i) = matrix
            if a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g) == 1:
                found.append(matrix)
    return tuple(found)


ROTATIONS = _rotation_matrices()
assert len(ROTATIONS) == 24


def normalize(cells: Iterable[Cell]) -> Shape:
    """The cells moved so that their lowest x, y and z are 0."""
    cells = list(cells)
    if not cells:
        raise ValueError("a shape needs at least one cube")
    min_x = min(c[0] for c in cells)
    min_y = min(c[1] for c in cells)
    min_z = min(c[2] for c in cells)
    return frozenset((x - min_x, y - min_y, z - min_z) for x, y, z in cells)


def orientations(shape: Iterable[Cell]) -> frozenset[Shape]:
    """Every distinct way to turn the shape (no mirror images: a physical piece cannot flip)."""
    cells = [tuple(c) for c in shape]
    found = set()
    for matrix in ROTATIONS:
        turned = (
            tuple(sum(matrix[row][k] * cell[k] for k in range(3)) for row in range(3))
            for cell in cells
        )
        found.add(normalize(turned))  # type: ignore[arg-type]
    return frozenset(found)


def _translations(shape: Shape, height: int) -> Iterator[Shape]:
    span_x = max(c[0] for c in shape)
    span_y = max(c[1] for c in shape)
    span_z = max(c[2] for c in shape)
    for dz in range(height - span_z):
        for dy in range(SIZE - span_y):
            for dx in range(SIZE - span_x):
                yield frozenset((x + dx, y + dy, z + dz) for x, y, z in shape)


def support_needed(mask: int) -> int:
    """Cells that must already be filled under a placement: those under its cubes, less its own."""
    return (mask >> 16) & ~mask


def placements(
    shape: Iterable[Cell], occupied: Iterable[Cell], height: int
) -> set[frozenset[Cell]]:
    """Every distinct legal placement of a polycube on a 4x4 board.

    ``shape`` is any iterable of unit cubes; ``occupied`` the filled cells; ``height`` the number
    of levels. A placement is legal when every cube lies inside the board, no cube overlaps a filled
    cell and every cube above level 1 stands on a filled cell or on another cube of the piece.
    Placements filling the same cells are the same placement.
    """
    if not 1 <= height <= MAX_HEIGHT:
        raise ValueError(f"height must be 1-{MAX_HEIGHT}, got {height}")
    filled = {tuple(c) for c in occupied}
    for x, y, z in filled:
        if not (0 <= x < SIZE and 0 <= y < SIZE and 0 <= z < MAX_HEIGHT):
            raise ValueError(f"occupied cell {(x, y, z)} is off the board")
    occ = mask_of(filled)  # type: ignore[arg-type]
    found: set[frozenset[Cell]] = set()
    for orientation in orientations(shape):
        for placed in _translations(orientation, height):
            mask = mask_of(placed)
            if mask & occ == 0 and support_needed(mask) & ~occ == 0:
                found.add(placed)
    return found


class PlacementTable:
    """Every in-bounds placement of one shape on a 4x4x4 grid, as ``(mask, support)`` pairs,
    sorted by mask (so the placements under a height limit are a prefix of them)."""

    __slots__ = ("_known", "_masks", "_supports", "_under", "entries", "masks")

    KNOWN = 4096
    """Buildings whose legal placements are remembered (a search meets the same few often)."""

    def __init__(self, shape: Iterable[Cell]) -> None:
        entries = sorted(
            {
                mask_of(placed)
                for o in orientations(shape)
                for placed in _translations(o, MAX_HEIGHT)
            }
        )
        self.entries: tuple[tuple[int, int], ...] = tuple((m, support_needed(m)) for m in entries)
        self.masks: frozenset[int] = frozenset(entries)
        self._masks = np.array(entries, dtype=np.uint64)
        self._supports = np.array([support for _, support in self.entries], dtype=np.uint64)
        self._under: dict[int, tuple[npt.NDArray[np.uint64], npt.NDArray[np.uint64]]] = {}
        self._known: dict[tuple[int, int], tuple[int, ...]] = {}

    def forget(self) -> None:
        """Drop the legal placements remembered per building (for timings that must start
        cold); the placements under each limit, part of the table, stay."""
        self._known.clear()

    def fitting(self, occupied: int, limit: int) -> npt.NDArray[np.intp]:
        """Positions in :attr:`entries` of the legal placements on a building ``occupied`` under
        the ``limit`` mask, in order: free of the building and standing on it, a few hundred
        masks tested in one pass of numpy (four times a comprehension over ints)."""
        under = self._under.get(limit)
        if under is None:
            count = sum(1 for mask, _ in self.entries if mask <= limit)  # a prefix: sorted
            under = self._under[limit] = (self._masks[:count], self._supports[:count])
        masks, supports = under
        fits = (masks & np.uint64(occupied)) == 0
        fits &= (supports & np.uint64(ALL_CELLS ^ occupied)) == 0
        return np.flatnonzero(fits)

    def legal(self, occupied: int, limit: int) -> tuple[int, ...]:
        """Masks of the legal placements on a building ``occupied`` under the ``limit`` mask
        (:meth:`fitting`), remembered per building: a search meets the same few buildings again
        and again."""
        key = (occupied, limit)
        found = self._known.get(key)
        if found is None:
            found = tuple(self._masks[self.fitting(occupied, limit)].tolist())
            if len(self._known) >= self.KNOWN:
                self._known.clear()
            self._known[key] = found
        return found


def wall_mask(side: int, height: int) -> int:
    """The outermost vertical slice on one side (0 north, 1 east, 2 south, 3 west)."""
    cells = []
    for z in range(height):
        for i in range(SIZE):
            x, y = ((i, 0), (SIZE - 1, i), (i, SIZE - 1), (0, i))[side]
            cells.append((x, y, z))
    return mask_of(cells)


def heightmap_mask(heights: tuple[tuple[int, ...], ...]) -> int:
    """The building whose column ``(x, y)`` is ``heights[y][x]`` cubes tall."""
    return mask_of(
        (x, y, z) for y, row in enumerate(heights) for x, h in enumerate(row) for z in range(h)
    )


def quarter_turn(heights: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """The heightmap turned a quarter clockwise (seen from above)."""
    return tuple(tuple(heights[SIZE - 1 - x][y] for x in range(SIZE)) for y in range(SIZE))
