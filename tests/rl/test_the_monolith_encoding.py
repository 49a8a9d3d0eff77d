"""The Monolith's observation tensor reads only what the seat's view shows: the same tensor from
the state, from the view, and from the state with every secret changed; the seat's own
objectives and the discards it knows are there, nobody else's hand is. The mask is exactly the
legal actions."""

from __future__ import annotations

import random
from functools import cache

import msgspec
import numpy as np
import pytest

from monolith.games.the_monolith import GAME
from monolith.games.the_monolith.encoder import TheMonolithEncoder
from monolith.games.the_monolith.rules import State, act
from monolith.rl import encoder

OPTIONS = [None, {"tower": "sticky", "draft": "bid"}]


@cache
def played(players: int, seed: int) -> tuple[State, ...]:
    chooser = random.Random(seed)
    state = GAME.new_game(players=players, seed=seed, options=OPTIONS[seed % 2])
    states = [state]
    while not GAME.is_terminal(state):
        state = GAME.apply(state, chooser.choice(GAME.legal_list(state)))
        states.append(state)
    return tuple(states)


def scrambled(state: State, viewer: int) -> State:
    """The same position with every secret changed: deck orders, the random source, other
    players' objectives and the hearts stuck in a closed tower."""
    chooser = random.Random(3)
    spare = list(state.obj_deck)
    chooser.shuffle(spare)
    objs = [
        hand if p == viewer else tuple(spare.pop() if spare else card for card in hand)
        for p, hand in enumerate(state.objs)
    ]
    stuck = state.stuck
    if state.phase == "order":
        stuck = tuple(chooser.randint(0, t) for t in state.tower)
    return msgspec.structs.replace(
        state,
        objs=tuple(objs),
        obj_deck=tuple(reversed(state.obj_deck)),
        div_deck=tuple(reversed(state.div_deck)),
        event_deck=tuple(reversed(state.event_deck)),
        stuck=stuck,
        rng=msgspec.structs.replace(state.rng, seed=4242),
    )


def enc() -> TheMonolithEncoder:
    made = encoder("the-monolith")
    assert isinstance(made, TheMonolithEncoder)
    return made


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_the_observation_is_the_view_and_nothing_else(players: int, seed: int) -> None:
    e = enc()
    for state in played(players, seed)[::4]:
        for seat in range(players):
            tensor = e.observation_tensor(state, seat)
            assert tensor.shape == e.shape and tensor.dtype == np.float32
            assert tensor.min() >= 0 and tensor.max() <= 1
            assert np.array_equal(tensor, e.observation_tensor(GAME.view(state, seat), seat))
            other = e.observation_tensor(scrambled(state, seat), seat)
            assert np.array_equal(tensor, other), "the tensor depends on a secret"
            own = e.layout.view(tensor, "own_objectives")
            assert set(np.flatnonzero(own)) == set(state.objs[seat])


def test_a_seat_knows_the_objective_it_discarded() -> None:
    state = GAME.new_game(players=3, seed=5003)
    chooser = state.decide[0]
    discarded = state.objs[chooser][1]
    state = GAME.apply(state, act("keep_objective", 0))
    e = enc()
    mine = e.layout.view(e.observation_tensor(state, chooser), "known_discarded")
    assert list(np.flatnonzero(mine)) == [discarded]
    for seat in range(3):
        if seat != chooser:
            theirs = e.layout.view(e.observation_tensor(state, seat), "known_discarded")
            assert not theirs.any()


def test_seats_are_relative_to_the_observer() -> None:
    e = enc()
    state = played(3, 1)[60]
    first, second = e.observation_tensor(state, 0), e.observation_tensor(state, 1)
    warriors0 = e.layout.view(first, "warriors")
    warriors1 = e.layout.view(second, "warriors")
    assert np.array_equal(warriors0[1], warriors1[0])
    assert np.array_equal(warriors0[0], warriors1[2])


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2)])
def test_the_mask_is_exactly_the_legal_actions(players: int, seed: int) -> None:
    e = enc()
    for state in played(players, seed):
        mask = e.action_mask(state)
        legal = sorted(GAME.action_to_id(a) for a in GAME.legal_actions(state))
        assert mask.dtype == np.int8 and list(np.flatnonzero(mask)) == legal
    state = played(players, seed)[20]
    seat = GAME.current_player(state)
    assert seat is not None
    assert np.array_equal(e.action_mask(GAME.view(state, seat)), e.action_mask(state))


def test_another_seats_view_is_refused() -> None:
    state = played(3, 1)[10]
    with pytest.raises(ValueError, match="this view is seat 1's, not 0's"):
        enc().observation_tensor(GAME.view(state, 1), 0)
