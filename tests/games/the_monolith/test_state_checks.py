"""``state_from_json`` refuses states of the right shape that no game can reach, naming the
problem; every state a real game reaches is accepted."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest

from monolith.core import GameError
from monolith.games.the_monolith import GAME
from monolith.games.the_monolith.validate import impossible

from .helpers import random_game

Edit = Callable[[dict[str, Any]], None]


def _midgame() -> dict[str, Any]:
    """A 3-player state on day 2 or later, with objectives held and cards in every pile."""
    states, _ = random_game(3, 21, {"tower": "sticky"})
    state = next(s for s in states if s.day >= 2 and s.phase == "action" and any(s.objs))
    data: dict[str, Any] = json.loads(json.dumps(GAME.state_to_json(state)))
    return data


MIDGAME = _midgame()


def _move_heart(data: dict[str, Any]) -> None:
    data["available"][0] += 1


def _steal_card(data: dict[str, Any]) -> None:
    holder = next(p for p, hand in enumerate(data["objs"]) if hand)
    data["obj_deck"].append(data["objs"][holder][0])


def _lose_card(data: dict[str, Any]) -> None:
    data["div_deck"].pop()


def _locked_corner(data: dict[str, Any]) -> None:
    locked = next(iter(GAME.content.locked))
    data["warriors"][0][locked] += 1
    data["reserves"][0] -= 1


def _same_shaman(data: dict[str, Any]) -> None:
    data["shaman"][1] = data["shaman"][0]


def _bid_on_empty(data: dict[str, Any]) -> None:
    assert data["row"][0] == -1  # in the action phase the row has been taken
    data["bids"][0][1] = 1
    data["spent"][1] -= 1


def _set(path: str, value: object) -> Edit:
    """An edit that sets ``data[a][b]...`` named by a dotted path."""

    def edit(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for key in parents:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(last) if last.isdigit() else last] = value

    return edit


CASES: list[tuple[str, Edit, str]] = [
    ("negative hearts", _set("available.0", -1), "negative available"),
    ("negative spent", _set("spent.1", -2), "negative spent"),
    ("negative warriors", _set("warriors.0.5", -1), "negative warriors"),
    ("negative zone", _set("zones.2.1", -1), "negative hearts in a zone"),
    ("a heart too many", _move_heart, "hearts in play, not 19"),
    ("a warrior too many", _set("reserves.0", 99), "warriors in play, not 16"),
    ("players", _set("players", 5), "5 players"),
    ("first player", _set("first", 3), "first player 3 is not a seat"),
    ("turn", _set("turn", -4), "turn -4 is not a seat"),
    ("surge", _set("surge", 7), "surge holder 7"),
    ("deciding seat", _set("decide", [0, 9]), "is not a seat"),
    ("log seat", _set("log.3.2", 6), "a log entry names seat 6"),
    ("log kind", _set("log.0.1", "peek"), "unknown log entry kind 'peek'"),
    ("card in two places", _steal_card, "is in 2 places"),
    ("card nowhere", _lose_card, "is nowhere"),
    ("no such card", _set("div_discard", [99]), "does not exist"),
    ("stuck above the tower", _set("stuck.0", 99), "hearts stuck in a tower"),
    ("favor without gains", _set("favor.0", 1000), "not the sum of their favor gains"),
    ("same shaman twice", _same_shaman, "the same shaman"),
    ("warriors off the map", _locked_corner, "not in this game"),
    ("unknown phase", _set("phase", "lunch"), "unknown phase 'lunch'"),
    ("unknown step", _set("step", "nap"), "unknown step 'nap'"),
    ("day", _set("day", 5), "day 5"),
    ("strongholds", _set("stronghold", [0, 1, 2]), "not the 3-player strongholds"),
    ("bids on an empty slot", _bid_on_empty, "bids lie on row slot"),
    ("unknown tower", _set("tower_model", "leaky"), "unknown tower model 'leaky'"),
    ("row size", _set("row", [0]), "row has 1 entries for 3 players"),
]


@pytest.mark.parametrize(("name", "edit", "problem"), CASES, ids=[c[0] for c in CASES])
def test_impossible_states_are_refused_naming_the_problem(
    name: str, edit: Edit, problem: str
) -> None:
    data = copy.deepcopy(MIDGAME)
    edit(data)
    before = copy.deepcopy(data)
    with pytest.raises(GameError, match="impossible The Monolith state") as refused:
        GAME.state_from_json(data)
    assert problem in str(refused.value), str(refused.value)
    assert data == before  # reading changes nothing


def test_the_unedited_state_is_accepted() -> None:
    state = GAME.state_from_json(copy.deepcopy(MIDGAME))
    assert json.loads(json.dumps(GAME.state_to_json(state))) == MIDGAME


@pytest.mark.parametrize("options", [None, {"draft": "bid", "tower": "sticky"}])
def test_every_state_of_real_games_is_possible(options: dict[str, str] | None) -> None:
    for seed in (3, 4):
        states, _ = random_game(3 + seed % 2, seed, options)
        for state in states:
            assert impossible(state, GAME.content) is None
        assert GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(states[-1]))))
