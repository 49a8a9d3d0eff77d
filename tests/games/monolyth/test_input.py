"""Bad input is refused with a reason and changes nothing."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from monolith.core import IllegalAction, MalformedAction, MatchRecord, ReplayMismatch, replay
from monolith.games.monolyth import GAME, Place, Swap, TakeProphecy
from monolith.games.monolyth.geometry import cell_index
from tests.games.monolyth.helpers import cells_mask, fresh, with_ring


@pytest.mark.parametrize(
    ("data", "reason"),
    [
        ({"type": "place", "step": 1}, "cells"),
        ({"type": "teleport"}, "teleport"),
        ({"type": "place", "step": "one", "cells": [[0, 0, 0]]}, "step"),
        ({"type": "swap", "step": 1, "cell": [0, 0, 9]}, "off the 4x4x4 grid"),
        ({"type": "place", "step": 1, "cells": [[0, 0, 0], [0, 0, 0]]}, "listed twice"),
        ({"type": "prophecy", "side": "up", "value": 5}, "side must be one of"),
        ({"type": "pass", "extra": 1}, "extra"),
        ([1, 2], "malformed"),
        ("pass", "malformed"),
    ],
)
def test_malformed_action_names_the_problem(data: object, reason: str) -> None:
    with pytest.raises(MalformedAction, match=reason):
        GAME.action_from_json(data)


@pytest.mark.parametrize("bad_id", [-1, GAME.info.num_actions, 10**9, True, 1.0, "3"])
def test_action_id_out_of_range_or_not_an_integer_is_malformed(bad_id: object) -> None:
    with pytest.raises(MalformedAction, match="action id"):
        GAME.action_from_id(bad_id)  # type: ignore[arg-type]


PAIR = cells_mask([(0, 0, 0), (1, 0, 0)])


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Place(5, PAIR), "place step must be 1-4, not 5"),
        (Place(0, PAIR), "place step must be 1-4, not 0"),
        (Place(1.5, 3), "place step must be an integer, not 1.5"),  # type: ignore[arg-type]
        (Place(True, PAIR), "place step must be an integer, not True"),
        (Place(1, -1), "place cells must be"),
        (Swap(1, 64), "swap cell must be 0-63, not 64"),
        (Swap(1, 99), "swap cell must be 0-63, not 99"),
        (TakeProphecy(7, 5), "prophecy side must be 0-3, not 7"),
        (TakeProphecy("north", 5), "prophecy side must be an integer"),  # type: ignore[arg-type]
        (TakeProphecy(0, 13), "prophecy value must be 4-12, not 13"),
        ("pass", "not a Monolyth action"),
    ],
)
def test_malformed_action_objects_are_refused_by_apply_and_ids(action: object, reason: str) -> None:
    state = with_ring(fresh(), {1: ("blue", "I2")})
    before = copy.deepcopy(GAME.state_to_json(state))
    with pytest.raises(MalformedAction, match=reason):
        GAME.apply(state, action)  # type: ignore[arg-type]
    with pytest.raises(MalformedAction, match=reason):
        GAME.action_to_id(action)  # type: ignore[arg-type]
    assert GAME.state_to_json(state) == before


def test_an_id_exists_only_for_cells_a_piece_can_fill() -> None:
    with pytest.raises(MalformedAction, match="no piece fills exactly those cells"):
        GAME.action_to_id(Place(1, cells_mask([(0, 0, 0), (2, 0, 0)])))


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Place(1, cells_mask([(0, 0, 0), (2, 0, 0)])), "not the shape"),
        (Place(1, cells_mask([(0, 0, 1), (1, 0, 1)])), "hang over empty space"),
        (TakeProphecy(0, 4), None),
    ],
)
def test_illegal_action_is_refused_and_changes_nothing(action: object, reason: str | None) -> None:
    state = with_ring(fresh(), {1: ("blue", "I2")})
    before = copy.deepcopy(GAME.state_to_json(state))
    if reason is None:  # a legal action, for contrast: the state given is still unchanged
        GAME.apply(state, action)  # type: ignore[arg-type]
    else:
        with pytest.raises(IllegalAction, match=reason):
            GAME.apply(state, action)  # type: ignore[arg-type]
    assert GAME.state_to_json(state) == before


def test_no_action_after_the_game_is_over() -> None:
    state = fresh()
    import msgspec

    over = msgspec.structs.replace(state, over=True)
    assert list(GAME.legal_actions(over)) == []
    with pytest.raises(IllegalAction, match="game is over"):
        GAME.apply(over, TakeProphecy(0, 5))


def test_replay_with_a_wrong_hash_is_refused() -> None:
    state = fresh()
    action = next(GAME.legal_actions(state))
    record = MatchRecord(
        game="monolyth",
        players=2,
        seed=1,
        actions=[GAME.action_to_json(action)],
        final_hash="0" * 64,
    )
    with pytest.raises(ReplayMismatch):
        replay(GAME, record)


def test_malformed_state_json_is_refused() -> None:
    data = GAME.state_to_json(fresh())
    data["ring"] = "everything"
    with pytest.raises(MalformedAction, match="ring"):
        GAME.state_from_json(data)


def test_swap_to_an_illegal_cell_is_refused() -> None:
    state = with_ring(fresh(), {1: ("blue", "I2")})
    with pytest.raises(IllegalAction, match="hang over empty space"):
        GAME.apply(state, Swap(1, cell_index(0, 0, 1)))


def _played(seed: int = 4, moves: int = 12) -> dict[str, Any]:
    import random

    state = GAME.new_game(players=2, seed=seed)
    chooser = random.Random(seed)
    for _ in range(moves):
        state = GAME.apply(state, chooser.choice(list(GAME.legal_actions(state))))
    as_json: dict[str, Any] = json.loads(json.dumps(GAME.state_to_json(state)))
    return as_json


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (lambda s: s.update(players=7), "7 players"),
        (lambda s: s.update(height=3), "height 3 with 2 players"),
        (lambda s: s.update(current=2), "does not match the seats"),
        (lambda s: s.update(card=99), "no structure card"),
        (lambda s: s["box"].append(s["box"][0]), "exactly one place"),
        (lambda s: s["box"].pop(), "exactly one place"),
        (
            lambda s: s["boards"][0]["cubes"].__setitem__(0, s["boards"][0]["cubes"][0] | 1 << 63),
            "do not match its pieces|two cubes|height limit",
        ),
        (lambda s: s["boards"][1]["prophecies"].__setitem__(0, 3), "prophecy of a value"),
    ],
)
def test_state_from_json_refuses_states_no_game_can_reach(
    change: Callable[[dict[str, Any]], None], reason: str
) -> None:
    data = copy.deepcopy(_played())
    GAME.state_from_json(data)  # the played state itself reads back
    change(data)
    with pytest.raises(MalformedAction, match=reason):
        GAME.state_from_json(data)
