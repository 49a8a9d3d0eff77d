"""A deliberately naive placement reference, written apart from the engine so the two can disagree.

Rotations come from closing two quarter turns under composition (not from matrices with determinant
+1), translations are tried over a wide window without normalising, and the cells are checked one
by one as sets of tuples.
"""

from __future__ import annotations

from collections.abc import Iterable

Cell = tuple[int, int, int]


def _turn_x(c: Cell) -> Cell:
    x, y, z = c
    return x, -z, y


def _turn_z(c: Cell) -> Cell:
    x, y, z = c
    return -y, x, z


def all_turns(shape: Iterable[Cell]) -> list[frozenset[Cell]]:
    """Every rotated copy of the shape, found by applying quarter turns until nothing new comes."""
    start = frozenset(shape)
    seen = {start}
    frontier = [start]
    while frontier:
        current = frontier.pop()
        for turn in (_turn_x, _turn_z):
            turned = frozenset(turn(c) for c in current)
            if turned not in seen:
                seen.add(turned)
                frontier.append(turned)
    return list(seen)


def distinct_orientations(shape: Iterable[Cell]) -> int:
    """Rotated copies counted once when one is a translation of another."""
    keys = set()
    for turned in all_turns(shape):
        mx = min(c[0] for c in turned)
        my = min(c[1] for c in turned)
        mz = min(c[2] for c in turned)
        keys.add(frozenset((x - mx, y - my, z - mz) for x, y, z in turned))
    return len(keys)


def naive_placements(
    shape: Iterable[Cell], occupied: Iterable[Cell], height: int
) -> set[frozenset[Cell]]:
    filled = set(occupied)
    found: set[frozenset[Cell]] = set()
    for turned in all_turns(shape):
        for dx in range(-8, 9):
            for dy in range(-8, 9):
                for dz in range(-8, 9):
                    cells = frozenset((x + dx, y + dy, z + dz) for x, y, z in turned)
                    ok = True
                    for x, y, z in cells:
                        inside = 0 <= x < 4 and 0 <= y < 4 and 0 <= z < height
                        below = (x, y, z - 1)
                        floats = z > 0 and below not in filled and below not in cells
                        if not inside or (x, y, z) in filled or floats:
                            ok = False
                    if ok:
                        found.add(cells)
    return found
