"""What the view tells an interface beyond the rules' state: wall counts, solo rating bands."""

from __future__ import annotations

import json
import random

from monolith.core.i18n import Message
from monolith.games.monolyth import GAME, MonolythState, observer
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


def _played(seed: int, players: int) -> list[MonolythState]:
    """Every state of a random game."""
    state = GAME.new_game(players=players, seed=seed)
    rng = random.Random(seed)
    states = [state]
    while not GAME.is_terminal(state):
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
        states.append(state)
    return states


def test_views_built_from_kept_parts_match_views_built_afresh() -> None:
    """Boards, pieces and the box are kept between views; a kept part never shows another
    state's board, score or box."""
    games = [_played(seed, players) for seed, players in ((1, 2), (2, 3), (3, 1), (4, 4))]
    seen = [
        (state, seat, json.dumps(GAME.view(state, seat)))
        for states in games
        for state in states
        for seat in (None, state.current)
    ]
    for part in (observer._board, observer._piece, observer._box):
        part.cache_clear()
    for state, seat, text in seen[::-1]:
        assert json.dumps(GAME.view(state, seat)) == text
        for part in (observer._board, observer._piece, observer._box):
            part.cache_clear()


def test_a_label_depends_on_the_action_and_its_label_key_alone() -> None:
    """``label_key`` sums up all that a label reads of the state: equal keys, equal labels."""
    labels: dict[tuple[object, object], Message] = {}
    pairs = 0
    for seed, players in ((5, 2), (6, 3), (7, 1), (8, 4), (9, 2)):
        for state in _played(seed, players):
            for action in GAME.legal_actions(state):
                label = GAME.label(state, action)
                key = (action, GAME.label_key(state, action))
                pairs += key in labels
                assert labels.setdefault(key, label) == label
    assert pairs > 1000  # keys recur across states: the check compared something
