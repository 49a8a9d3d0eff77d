"""Orientation and placement counts, checked against the naive reference in ``naive.py``."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from monolith.games.monolyth import GAME, placements
from monolith.games.monolyth.geometry import orientations
from tests.games.monolyth.naive import distinct_orientations, naive_placements

SHAPES = GAME.content.shapes

EXPECTED_ORIENTATIONS = {
    "I2": 3,
    "I3": 3,
    "L3": 12,
    "I4": 3,
    "O4": 3,
    "T4": 12,
    "L4": 24,
    "S4": 12,
    "TRIPOD": 8,
    "SCREW_R": 12,
    "SCREW_L": 12,
}


@pytest.mark.parametrize(("name", "count"), EXPECTED_ORIENTATIONS.items())
def test_orientation_counts(name: str, count: int) -> None:
    assert len(orientations(SHAPES[name])) == count
    assert distinct_orientations(SHAPES[name]) == count


def test_screws_are_mirror_images_not_rotations() -> None:
    assert not orientations(SHAPES["SCREW_R"]) & orientations(SHAPES["SCREW_L"])
    mirrored = [(-x, y, z) for x, y, z in SHAPES["SCREW_R"]]
    assert orientations(mirrored) == orientations(SHAPES["SCREW_L"])


@pytest.mark.parametrize("name", sorted(SHAPES))
@pytest.mark.parametrize("height", [3, 4])
def test_placements_on_empty_board_match_naive(name: str, height: int) -> None:
    expected = naive_placements(SHAPES[name], [], height)
    assert placements(SHAPES[name], [], height) == expected
    assert expected  # every piece fits somewhere on an empty board


PARTLY_FILLED = [
    # level 1 half full (west half), one tower in the far corner
    [(x, y, 0) for x in range(2) for y in range(4)] + [(3, 3, 0), (3, 3, 1), (3, 3, 2)],
    # a checkerboard on level 1
    [(x, y, 0) for x in range(4) for y in range(4) if (x + y) % 2 == 0],
    # level 1 full, level 2 a diagonal
    [(x, y, 0) for x in range(4) for y in range(4)] + [(i, i, 1) for i in range(4)],
]


@pytest.mark.parametrize("occupied", PARTLY_FILLED, ids=["half", "checker", "diagonal"])
@pytest.mark.parametrize("name", sorted(SHAPES))
def test_placements_on_partly_filled_boards_match_naive(
    occupied: list[tuple[int, int, int]], name: str
) -> None:
    for height in (3, 4):
        assert placements(SHAPES[name], occupied, height) == naive_placements(
            SHAPES[name], occupied, height
        )


def test_placement_counts_known_values() -> None:
    # Counted by hand: an I2 lies along x or y at 12 places a level on 3 levels (72 flat, but
    # flat ones above level 1 need support, so only level 1's 24), or stands at 16 columns.
    assert len(placements(SHAPES["I2"], [], 3)) == 24 + 16
    assert len(placements(SHAPES["I4"], [], 3)) == 8
    full = [(x, y, z) for x in range(4) for y in range(4) for z in range(3)]
    assert placements(SHAPES["I2"], full, 3) == set()
    assert len(placements(SHAPES["I2"], full, 4)) == 24


def test_placements_accepts_any_polycube() -> None:
    single = placements([(5, 5, 5)], [], 2)
    assert len(single) == 16
    plus = [(1, 0, 0), (0, 1, 0), (1, 1, 0), (2, 1, 0), (1, 2, 0)]
    assert placements(plus, [], 3) == naive_placements(plus, [], 3)


cube = st.tuples(st.integers(0, 2), st.integers(0, 2), st.integers(0, 1))


@settings(max_examples=40, deadline=None)
@given(
    shape=st.sets(cube, min_size=1, max_size=5),
    occupied=st.sets(st.tuples(st.integers(0, 3), st.integers(0, 3), st.just(0)), max_size=10),
    height=st.integers(1, 4),
)
def test_random_polycubes_match_naive(
    shape: set[tuple[int, int, int]], occupied: set[tuple[int, int, int]], height: int
) -> None:
    assert placements(shape, occupied, height) == naive_placements(shape, occupied, height)
