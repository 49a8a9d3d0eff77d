"""The wandering counter, on positions built by hand: which marches and maneuvers a player
would see as a bot wandering, and which have a purpose."""

from __future__ import annotations

from monolith.games.the_monolith import GAME
from monolith.games.the_monolith.rules import State, act
from monolith.games.the_monolith.wandering import WanderCounter

from .helpers import SP, action_turn, scene

HOME, NEXT, FAR = SP["eastmarch"], SP["brine-hollow"], SP["ember-terraces"]


def _played(state: State, *actions: tuple[str, tuple[int, ...]]) -> WanderCounter:
    """The counter after the deciding seats play ``actions`` from ``state``."""
    counter = WanderCounter()
    for kind, args in actions:
        seat = GAME.current_player(state)
        assert seat is not None
        action = act(kind, *args)
        counter.see(state, action, seat)
        state = GAME.apply(state, action)
    return counter


def _marching() -> State:
    """Seat 0 with two warriors at home, one at brine-hollow next door, and five hearts."""
    return scene(
        3,
        units={(0, "eastmarch"): 2, (0, "brine-hollow"): 1},
        available=(5, 0, 0),
        committed=(False, True, True),
    )


def test_a_march_out_and_back_carrying_nobody_wanders() -> None:
    counter = _played(
        _marching(), ("march", (HOME, 2)), ("step", (NEXT,)), ("step", (HOME,)), ("stop", ())
    )
    assert (counter.marches, counter.wandering_marches) == (1, 1)


def test_a_march_back_home_with_a_warrior_picked_up_carried_someone() -> None:
    counter = _played(
        _marching(),
        ("march", (HOME, 2)),
        ("step", (NEXT,)),
        ("pick_up", ()),
        ("step", (HOME,)),
        ("stop", ()),
    )
    assert (counter.marches, counter.wandering_marches) == (1, 0)


def test_a_march_that_ends_elsewhere_or_drops_a_warrior_on_the_way_does_not_wander() -> None:
    onward = _played(
        _marching(), ("march", (HOME, 2)), ("step", (NEXT,)), ("step", (FAR,)), ("stop", ())
    )
    dropping = _played(
        _marching(),
        ("march", (HOME, 2)),
        ("step", (NEXT,)),
        ("drop_off", ()),
        ("step", (HOME,)),
        ("stop", ()),
    )
    assert (onward.marches, onward.wandering_marches) == (1, 0)
    assert (dropping.marches, dropping.wandering_marches) == (1, 0)


def _maneuvering() -> State:
    """Seat 0's action turn: two warriors at home, its shaman there too, an enemy warrior next
    door at brine-hollow, hearts to maneuver and slay."""
    return action_turn(
        scene(
            3,
            units={(0, "eastmarch"): 2, (1, "brine-hollow"): 2},
            shamans={0: "eastmarch"},
        ),
        0,
        (2, 4, 0),
        actions=4,
    )


def test_a_maneuver_walked_straight_back_is_undone() -> None:
    counter = _played(_maneuvering(), ("maneuver", (HOME, NEXT, 0)), ("maneuver", (NEXT, HOME, 0)))
    assert (counter.maneuvers, counter.undone_maneuvers) == (2, 1)


def test_a_round_trip_with_a_slay_between_has_a_purpose() -> None:
    counter = _played(
        _maneuvering(),
        ("maneuver", (HOME, NEXT, 0)),
        ("slay", (NEXT, 1, 0)),
        ("maneuver", (NEXT, HOME, 0)),
    )
    assert (counter.maneuvers, counter.undone_maneuvers) == (2, 0)


def test_going_on_is_not_an_undo_and_only_the_last_maneuver_counts() -> None:
    going_on = _played(_maneuvering(), ("maneuver", (HOME, NEXT, 0)), ("maneuver", (NEXT, FAR, 0)))
    later = _played(
        _maneuvering(),
        ("maneuver", (HOME, NEXT, 0)),
        ("maneuver", (HOME, NEXT, 1)),
        ("maneuver", (NEXT, HOME, 0)),
    )
    assert going_on.undone_maneuvers == 0
    assert later.undone_maneuvers == 0  # the shaman moved in between: not straight back
