"""How good a Monolyth position is for one seat, for one-ply bots.

Points already won count in full. Unfinished business counts for part of what it would pay, growing
with how close it is, because a bot that looks one move ahead must be pulled towards rewards that
take several moves: the next token of each unfinished level, each prophecy (only while its wall can
still hold enough cubes of its colour), cubes of a wall's colour on a side still open for a
prophecy, and the structure card while the building still fits inside its shape. Holes that only a
single cube can fill cost a little. All of it is bit counting, so a greedy bot stays fast.

:func:`plan_evaluate` (the strongest search level's judgement) adds a plan for the prophecies:
:func:`evaluate` credits an open side by its cubes alone, so a bot takes a low prophecy early
to bank it; a player who plans leaves the side open while its wall grows and takes the highest
token the wall reaches. There, an open side is worth most of the best token still available
that its wall is on course for, and a taken prophecy most of its value as the wall nears it.
"""

from __future__ import annotations

from functools import cache

from monolith.games.monolyth.content import StructureCard
from monolith.games.monolyth.geometry import (
    ALL_CELLS,
    LEVEL_MASK,
    SIZE,
    cell_index,
    height_limit,
    wall_mask,
)
from monolith.games.monolyth.rules import (
    RING_SPACES,
    Action,
    MonolythRules,
    Place,
    State,
    Swap,
)

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

GROW = 0.15
"""Planning: share of a wall's free cells expected to end up in its edge's colour."""
OPEN_PLAN = 0.75
"""Planning: share of the best available token at most the wall's expected count credited to an
open side (the rest is the risk that a rival takes it first, or the game ends)."""
COMMIT = 0.7
"""Planning: share of a taken prophecy credited by its wall's expected progress squared."""

SEARCH: dict[str, float] = {
    "exploration": 0.15,
    "prior_visits": 3.0,
    "prior_lead": 1.0,
}
"""ISMCTS settings for this game (see :mod:`monolith.bots.ismcts`). Moves a turn run to hundreds
and the best few differ by a point or two, a few hundredths of a reward: with the generic
exploration the search spread its visits almost evenly over every move it admitted, so a bigger
budget only admitted more moves and picked among near-equal visit counts by chance. A lower
exploration lets the visits follow the values, and the one-ply lead counted as a few visits
starts every move from the greedy judgement, so a move leaves it only on evidence."""


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
    west = (free << 1) & ~_WEST & ALL_CELLS
    south = (free >> 4) & ~_SOUTH
    north = (free << 4) & ~_NORTH & ALL_CELLS
    return free & ~(east | west | south | north)


def evaluate(game: MonolythRules, state: State, seat: int) -> float:
    """The value of ``state`` for ``seat``: points now plus credit for rewards within reach."""
    return _value(game, state, seat, plan=False)


def plan_evaluate(game: MonolythRules, state: State, seat: int) -> float:
    """:func:`evaluate` with the prophecies planned: open sides are kept for the highest token
    their walls are on course for."""
    return _value(game, state, seat, plan=True)


def _value(game: MonolythRules, state: State, seat: int, *, plan: bool) -> float:
    if state.over:
        score = game.score(state, seat)
        return score + (WIN if game.ranking(state)[0] == seat else 0.0)
    board = state.boards[seat]
    height = state.height
    occupied = board.occupied
    free = height_limit(height) & ~occupied
    walls = _walls(height)
    cubes, edges, prophecies = board.cubes, board.edges, board.prophecies
    have = [(cubes[edges[side]] & walls[side]).bit_count() for side in range(4)]
    score = board.structure_token + sum(board.level_tokens)
    score += sum(
        target for target, n in zip(prophecies, have, strict=True) if target and n >= target
    )
    value = float(score) + CUBE * occupied.bit_count()

    for level in range(height):
        if board.levels_done >> level & 1 or not state.level_stacks[level]:
            continue
        filled = ((occupied >> (16 * level)) & LEVEL_MASK).bit_count()
        value += LEVEL * state.level_stacks[level][0] * (filled / 16) ** 2

    tokens = state.prophecy_tokens
    for side, wall in enumerate(walls):
        target = prophecies[side]
        n = have[side]
        room = (wall & free).bit_count()
        if plan:
            value += _planned_prophecy(tokens, target, n, room)
        elif target == 0:
            if tokens:
                value += OPEN_SIDE * n
        elif n < target and target - n <= room:
            value += PROPHECY * target * (n / target) ** 2

    if not board.structure_token and state.structure_tokens:
        card = game.content.cards[state.card]
        count = occupied.bit_count()
        closeness = max(
            (count / size for mask, size in _card_shapes(card, height) if occupied & ~mask == 0),
            default=0.0,
        )
        value += STRUCTURE * state.structure_tokens[0] * closeness**2

    holes = walled_in(free)
    top = LEVEL_MASK << (16 * (height - 1))
    value -= TOP_HOLE * (holes & top).bit_count() + HOLE * (holes & ~top).bit_count()
    return value


def _planned_prophecy(tokens: tuple[int, ...], target: int, have: int, room: int) -> float:
    """Credit for one side's prophecy (``target``, 0 when open) with ``have`` cubes of its
    colour in its wall and ``room`` free wall cells, when planning."""
    expected = have + GROW * room
    if target == 0:
        if not tokens:
            return 0.0
        reachable = max((v for v in tokens if v <= expected), default=0)
        return max(OPEN_PLAN * reachable, OPEN_SIDE * have)
    if have >= target or target - have > room:
        return 0.0  # already scored, or out of reach
    return COMMIT * target * min(1.0, expected / target) ** 2


def afterstate(game: MonolythRules, state: State, action: Action) -> State:
    """``game.apply(state, action)`` as far as an evaluation here reads it (the boards and the
    tokens), for a legal ``action``; much cheaper for a placement, because nothing is drawn and
    the ring is left alone. A move that may end the game (the round is ending, the box nearly
    empty, the building completed) is applied in full, so the end is seen."""
    if not isinstance(action, Place | Swap) or state.ending or len(state.box) < 2:
        return game.apply(state, action)
    mask = action.cells if isinstance(action, Place) else 1 << action.cell
    if state.boards[state.current].occupied | mask == height_limit(state.height):
        return game.apply(state, action)
    piece = state.ring[(state.crystal + action.step) % RING_SPACES]
    return game.with_cubes_placed(state, game.content.pieces[piece].colour, mask)
