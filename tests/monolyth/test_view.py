"""What the view tells an interface beyond the rules' state: wall counts, solo rating bands."""

from __future__ import annotations

from monolith.games.monolyth import GAME
from monolith.games.monolyth.rules import SIDES
from tests.monolyth.helpers import COLOURS, fresh, with_cubes


def test_each_wall_counts_the_cubes_of_its_edge_colour() -> None:
    state = fresh(2)
    seat = state.current
    board = state.boards[seat]
    north, east = COLOURS[board.edges[0]], COLOURS[board.edges[1]]
    other = next(c for c in COLOURS if c not in (north, east))
    state = with_cubes(state, seat, [(0, 0, 0), (1, 0, 0), (1, 0, 1)], north)
    state = with_cubes(state, seat, [(3, 2, 0)], east)
    state = with_cubes(state, seat, [(3, 3, 0)], other)
    walls = GAME.view(state, None)["boards"][seat]["walls"]
    expected = dict(zip(SIDES, GAME.wall_counts(state, seat), strict=True))
    assert walls == expected
    assert walls["north"] == 3
    assert walls["east"] == 1


def test_solo_view_carries_the_rating_bands_and_multiplayer_does_not() -> None:
    solo = GAME.view(fresh(1), 0)
    bands = solo["solo_ratings"]
    assert [b["minimum"] for b in bands] == [m for m, _ in GAME.content.solo_ratings]
    assert [b["title"] for b in bands] == [t for _, t in GAME.content.solo_ratings]
    assert bands[0]["minimum"] == 0
    assert GAME.view(fresh(2), 0)["solo_ratings"] is None
