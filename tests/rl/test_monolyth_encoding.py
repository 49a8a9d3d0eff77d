"""Monolyth's observation tensor and action mask: built from what a seat's view shows (checked
against an independent reading of the view's JSON), channel by channel, and the mask is exactly
the legal actions."""

from __future__ import annotations

import json
import random
from functools import cache

import numpy as np
import pytest

from monolith.games import get_game
from monolith.games.monolyth import Monolyth, MonolythState
from monolith.games.monolyth.encoder import MonolythEncoder
from monolith.rl import encoder

FOUND = get_game("monolyth")
assert isinstance(FOUND, Monolyth)
GAME: Monolyth = FOUND
SIDES = ("north", "east", "south", "west")


@cache
def played(players: int, seed: int) -> tuple[MonolythState, ...]:
    chooser = random.Random(seed)
    state = GAME.new_game(players=players, seed=seed)
    states = [state]
    while not GAME.is_terminal(state):
        state = GAME.apply(state, chooser.choice(list(GAME.legal_actions(state))))
        states.append(state)
    return tuple(states)


def from_view(enc: MonolythEncoder, view: dict[str, object], seat: int) -> np.ndarray:
    """The channels an independent reader fills from the view's JSON alone."""
    data = json.loads(json.dumps(view))
    layout = enc.layout
    out = np.zeros(layout.size, dtype=np.float32)
    colours = list(GAME.content.colours)
    shapes = list(GAME.content.shapes)
    n = data["players"]
    cubes = layout.view(out, "cubes")
    boards = layout.view(out, "boards")
    for k in range(n):
        board = data["boards"][(seat + k) % n]
        for cube in board["cubes"]:
            x, y, z = cube["cell"]
            cubes[k, colours.index(cube["colour"]), z, y, x] = 1
        row = [float(board["edges"][side] == colour) for side in SIDES for colour in colours]
        row += [board["prophecies"].get(side, {"value": 0})["value"] / 12 for side in SIDES]
        row += [float(board["prophecies"].get(side, {}).get("fulfilled", False)) for side in SIDES]
        tokens = board["level_tokens"] + [0] * (4 - len(board["level_tokens"]))
        row += [token / 9 for token in tokens]
        row += [float(board["levels_done"] >> level & 1) for level in range(4)]
        row += [board["structure_token"] / 10, board["score"] / 100]
        boards[k] = row
    ring = layout.view(out, "ring")
    for step in range(1, 13):
        piece = data["ring"][(data["crystal"] + step) % 13]
        if piece is not None:
            ring[step - 1, colours.index(piece["colour"])] = 1
            if piece["shape"] != "SINGLE":
                ring[step - 1, len(colours) + shapes.index(piece["shape"])] = 1
    box = layout.view(out, "box")
    for entry in data["box"]:
        box[colours.index(entry["colour"]), shapes.index(entry["shape"])] = entry["count"] / 2
    layout.view(out, "supply")[:] = [data["supply"][colour] / 4 for colour in colours]
    layout.view(out, "seated")[:n] = 1
    if data["current_player"] is not None:
        layout.view(out, "to_move")[(data["current_player"] - seat) % n] = 1
    layout.view(out, "first")[(data["first_player"] - seat) % n] = 1
    layout.view(out, "structure_card")[data["structure_card"]["index"]] = 1
    layout.view(out, "players")[n - 1] = 1
    return out


READ_FROM_VIEW = ("cubes", "boards", "ring", "box", "supply", "seated", "to_move", "first")


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_observation_is_what_the_view_shows(players: int) -> None:
    enc = encoder("monolyth")
    assert isinstance(enc, MonolythEncoder)
    for state in played(players, 40 + players)[::3]:
        for seat in range(players):
            view = GAME.view(state, seat)
            tensor = enc.observation_tensor(state, seat)
            assert tensor.shape == enc.shape and tensor.dtype == np.float32
            assert tensor.min() >= 0 and tensor.max() <= 1
            assert np.array_equal(tensor, enc.observation_tensor(view, seat))
            reference = from_view(enc, view, seat)
            for name in READ_FROM_VIEW:
                got, want = enc.layout.view(tensor, name), enc.layout.view(reference, name)
                assert np.array_equal(got, want), f"channel {name} differs"


def test_the_observation_does_not_depend_on_the_random_source_or_box_order() -> None:
    enc = encoder("monolyth")
    for state in played(3, 7)[::5]:
        import msgspec

        other = msgspec.structs.replace(
            state, rng=msgspec.structs.replace(state.rng, seed=99), box=tuple(reversed(state.box))
        )
        for seat in range(3):
            assert np.array_equal(
                enc.observation_tensor(state, seat), enc.observation_tensor(other, seat)
            )


def test_seats_are_relative_to_the_observer() -> None:
    enc = encoder("monolyth")
    state = played(3, 5)[30]
    first, second = enc.observation_tensor(state, 0), enc.observation_tensor(state, 1)
    cubes0, cubes1 = enc.layout.view(first, "cubes"), enc.layout.view(second, "cubes")
    assert np.array_equal(cubes0[1], cubes1[0]) and np.array_equal(cubes0[0], cubes1[2])


@pytest.mark.parametrize("players", [1, 2, 4])
def test_the_mask_is_exactly_the_legal_actions(players: int) -> None:
    enc = encoder("monolyth")
    for state in played(players, players):
        mask = enc.action_mask(state)
        assert mask.dtype == np.int8 and mask.shape == (GAME.info.num_actions,)
        legal = sorted(GAME.action_to_id(a) for a in GAME.legal_actions(state))
        assert list(np.flatnonzero(mask)) == legal
        assert np.array_equal(mask, enc.action_mask(GAME.view(state, 0)))


def test_a_seat_outside_the_game_is_refused() -> None:
    with pytest.raises(ValueError, match="seat 2 is not in this 2-player game"):
        encoder("monolyth").observation_tensor(played(2, 1)[0], 2)


def test_writing_into_an_observation_or_a_mask_changes_no_later_one() -> None:
    """The encoder joins remembered parts (boards, bitboards, token channels, blocks of the
    mask); what it hands out must be the caller's own copy."""
    enc = MonolythEncoder(GAME)
    states = played(2, 11)
    for state in states[::4]:
        clean_obs = [enc.observation_tensor(state, seat).copy() for seat in range(2)]
        clean_mask = enc.action_mask(state).copy()
        for seat in range(2):
            enc.observation_tensor(state, seat)[:] = 0.5
        enc.action_mask(state)[:] = 1
        for seat in range(2):
            assert np.array_equal(enc.observation_tensor(state, seat), clean_obs[seat])
        assert np.array_equal(enc.action_mask(state), clean_mask)
