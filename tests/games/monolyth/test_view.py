"""What the view tells an interface beyond the rules' state: wall counts, solo rating bands."""

from __future__ import annotations

import json
import random

from monolith.core import legal_action_ids
from monolith.core.i18n import Arg, Message, Ref
from monolith.games.monolyth import GAME, MonolythState, Place, Swap, TakeProphecy, observer
from monolith.games.monolyth.geometry import cells_of
from monolith.games.monolyth.rules import RING_SPACES, SIDES
from tests.games.monolyth.helpers import COLOURS, fresh, with_cubes


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
    assert [b["key"] for b in bands] == ["apprentice", "mason", "architect", "master-builder"]
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


def test_each_menu_entry_says_the_piece_taken_and_the_levels_filled() -> None:
    """Labels are kept per what they say (``label_key``); each still names the piece on the ring
    at that step, and the levels of that action's cells, in every decision of a few games."""
    content = GAME.content
    checked = 0
    for seed, players in ((5, 2), (6, 3), (7, 1), (8, 4)):
        for state in _played(seed, players):
            for action in GAME.legal_actions(state):
                label = GAME.label(state, action)
                if isinstance(action, Place | Swap):
                    piece = content.pieces[state.ring[(state.crystal + action.step) % RING_SPACES]]
                    cells = action.cells if isinstance(action, Place) else 1 << action.cell
                    levels = [z + 1 for _, _, z in cells_of(cells)]
                    expected: dict[str, Arg] = {
                        "steps": action.step,
                        "colour": Ref("colour", content.colours[piece.colour]),
                        "shape": Ref("shape", piece.shape),
                        "low": min(levels),
                        "high": max(levels),
                        "span": max(levels) - min(levels) + 1,
                    }
                    kind = "place" if isinstance(action, Place) else "swap"
                    assert label == Message(f"mono-choose-{kind}", expected)
                elif isinstance(action, TakeProphecy):
                    edge = state.boards[state.current].edges[action.side]
                    said: dict[str, Arg] = {
                        "value": action.value,
                        "side": Ref("side", SIDES[action.side]),
                        "edge": Ref("colour", content.colours[edge]),
                    }
                    assert label == Message("mono-choose-prophecy", said)
                else:
                    assert label == Message("mono-choose-pass")
                checked += 1
    assert checked > 10_000


def test_labelled_ids_are_the_legal_actions_with_their_label_keys() -> None:
    for seed, players in ((10, 2), (11, 3), (12, 1), (13, 4)):
        for state in _played(seed, players):
            expected = [
                (GAME.action_to_id(a), GAME.label_key(state, a)) for a in GAME.legal_actions(state)
            ]
            assert list(GAME.labelled_ids(state)) == expected


def test_legal_ids_are_the_ids_of_the_legal_actions_in_order() -> None:
    seen_swap = seen_prophecy = 0
    for seed, players in ((20, 2), (21, 3), (22, 1), (23, 4), (24, 2)):
        for state in _played(seed, players):
            actions = list(GAME.legal_actions(state))
            expected = [GAME.action_to_id(a) for a in actions]
            assert GAME.legal_ids(state) == expected
            assert legal_action_ids(GAME, state) == expected
            seen_swap += any(isinstance(a, Swap) for a in actions)
            seen_prophecy += any(isinstance(a, TakeProphecy) for a in actions)
    assert seen_swap and seen_prophecy  # every kind of action was listed somewhere
    assert GAME.legal_ids(_played(20, 2)[-1]) == []  # over: nothing
