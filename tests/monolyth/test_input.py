"""Bad input is refused with a reason and changes nothing."""

from __future__ import annotations

import copy

import pytest

from monolith.core import IllegalAction, MalformedAction, MatchRecord, ReplayMismatch, replay
from monolith.games.monolyth import GAME, Place, Swap, TakeProphecy
from monolith.games.monolyth.geometry import cell_index
from tests.monolyth.helpers import cells_mask, fresh, with_ring


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


@pytest.mark.parametrize("bad_id", [-1, GAME.info.num_actions, 10**9])
def test_action_id_out_of_range_is_malformed(bad_id: int) -> None:
    with pytest.raises(MalformedAction, match="action id"):
        GAME.action_from_id(bad_id)


@pytest.mark.parametrize(
    ("action", "reason"),
    [
        (Place(5, cells_mask([(0, 0, 0), (1, 0, 0)])), "1-4 spaces"),
        (Place(0, cells_mask([(0, 0, 0), (1, 0, 0)])), "1-4 spaces"),
        (Place(1, cells_mask([(0, 0, 0), (2, 0, 0)])), "not the shape"),
        (Swap(1, 64), "off the board"),
        (TakeProphecy(7, 5), "not one of the four sides"),
    ],
)
def test_illegal_action_is_refused_and_changes_nothing(action: object, reason: str) -> None:
    state = with_ring(fresh(), {1: ("blue", "I2")})
    before = copy.deepcopy(GAME.state_to_json(state))
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
