"""How good a Monolyth position is for one seat, for one-ply bots.

Points already won count in full. Unfinished business counts for part of what it would pay, growing
with how close it is, because a bot that looks one move ahead must be pulled towards rewards that
take several moves: the next token of each unfinished level, each prophecy (only while its wall can
still hold enough cubes of its colour), cubes of a wall's colour on a side still open for a
prophecy, and the structure card while the building still fits inside its shape. Holes that only a
single cube can fill cost a little. All of it is bit counting, so a greedy bot stays fast.
"""

from __future__ import annotations

from functools import cache

from monolith.games.monolyth.content import StructureCard
from monolith.games.monolyth.geometry import LEVEL_MASK, SIZE, cell_index, height_limit, wall_mask
from monolith.games.monolyth.rules import MonolythRules, MonolythState

LEVEL = 0.7
"""Share of the next level token credited at a full level (scaled by the filled share squared)."""
CUBE = 0.05
"""Per cube: more building means the levels above come within reach."""
PROPHECY = 0.6
"""Share of a taken, reachable prophecy credited by its progress squared."""
OPEN_SIDE = 0.3
"""Per cube of a side's colour in its wall while the side may still take a prophecy."""
STRUCTURE = 0.5
"""Share of the structure token credited by the closeness to the card squared."""
TOP_HOLE = 0.6
"""Per empty top-level cell walled in on four sides: only a single cube can fill it."""
HOLE = 0.2
"""Per lower walled-in empty cell: only an upright bar can still reach it."""
WIN = 5.0
"""Bonus in a finished game for first place."""

_ALL = (1 << 64) - 1


def _column(x: int) -> int:
    return sum(1 << cell_index(x, y, z) for y in range(SIZE) for z in range(SIZE))


def _row(y: int) -> int:
    return sum(1 << cell_index(x, y, z) for x in range(SIZE) for z in range(SIZE))


_WEST, _EAST = _column(0), _column(SIZE - 1)
_NORTH, _SOUTH = _row(0), _row(SIZE - 1)


@cache
def _walls(height: int) -> tuple[int, int, int, int]:
    return wall_mask(0, height), wall_mask(1, height), wall_mask(2, height), wall_mask(3, height)


@cache
def _card_shapes(card: StructureCard, height: int) -> tuple[tuple[int, int], ...]:
    """The card's buildings under each quarter turn, with their cube counts."""
    return tuple((mask, mask.bit_count()) for mask in card.masks(height))


def walled_in(free: int) -> int:
    """Free cells with no free neighbour on their own level."""
    east = (free >> 1) & ~_EAST
    west = (free << 1) & ~_WEST & _ALL
    south = (free >> 4) & ~_SOUTH
    north = (free << 4) & ~_NORTH & _ALL
    return free & ~(east | west | south | north)


def evaluate(game: MonolythRules, state: MonolythState, seat: int) -> float:
    """The value of ``state`` for ``seat``: points now plus credit for rewards within reach."""
    score = game.score(state, seat)
    if state.over:
        return score + (WIN if game.ranking(state)[0] == seat else 0.0)
    board = state.boards[seat]
    height = state.height
    occupied = board.occupied
    free = height_limit(height) & ~occupied
    value = float(score) + CUBE * occupied.bit_count()

    for level in range(height):
        if board.levels_done >> level & 1 or not state.level_stacks[level]:
            continue
        filled = ((occupied >> (16 * level)) & LEVEL_MASK).bit_count()
        value += LEVEL * state.level_stacks[level][0] * (filled / 16) ** 2

    can_prophesy = bool(state.prophecy_tokens)
    for side, wall in enumerate(_walls(height)):
        have = (board.cubes[board.edges[side]] & wall).bit_count()
        target = board.prophecies[side]
        if target == 0:
            if can_prophesy:
                value += OPEN_SIDE * have
        elif have < target and target - have <= (wall & free).bit_count():
            value += PROPHECY * target * (have / target) ** 2

    if not board.structure_token and state.structure_tokens:
        card = game.content.cards[state.card]
        cubes = occupied.bit_count()
        closeness = max(
            (cubes / size for mask, size in _card_shapes(card, height) if occupied & ~mask == 0),
            default=0.0,
        )
        value += STRUCTURE * state.structure_tokens[0] * closeness**2

    holes = walled_in(free)
    top = LEVEL_MASK << (16 * (height - 1))
    value -= TOP_HOLE * (holes & top).bit_count() + HOLE * (holes & ~top).bit_count()
    return value
