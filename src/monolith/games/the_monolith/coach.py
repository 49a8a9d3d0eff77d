"""What the coach needs to know about The Monolith beyond its rules: how far a game has come, and
what a decision it prefers does that the one played does not.

Early in a game a lead is worth less than the same lead near the end, so the coach's win chances
are calibrated by progress as well as by the search's reward (:mod:`monolith.bots.coach`). A marked
decision's reason compares the two branches the coach compared (:mod:`monolith.bots.reasons`).
"""

from __future__ import annotations

from monolith.core.companions import AGAINST_PLAYED
from monolith.core.i18n import Message, Ref, msg
from monolith.games.the_monolith.rules import DAYS, ZONES, State, TheMonolithRules, Work

HEART_PLACES = (*ZONES, "tower", "available", "bids")
"""Where a player's hearts can go that a reason names: the three zones, the tower, the pool and
the bids on the divination row."""

PHASE_SHARE = {"draft": 0.0, "setup": 0.0, "order": 0.1, "action": 0.5, "rest": 0.9}
"""How far into its day each phase starts."""


def progress(game: TheMonolithRules, state: State) -> float:
    """How far the game has come, 0 at setup and 1 at its end: days gone, and the phase of this
    one."""
    if state.phase == "over":
        return 1.0
    return min(1.0, (state.day - 1 + PHASE_SHARE.get(state.phase, 0.0)) / DAYS)


def turn_of(state: State) -> tuple[int, str, int]:
    """Which turn it is: the day, the phase and whose turn, so that a seat's turn ends with its
    phase even when the same seat decides first in the next one."""
    return state.day, state.phase, state.turn


def consequence(
    game: TheMonolithRules,
    seat: int,
    before: State,
    played: State,
    preferred: State,
    *,
    against: str = AGAINST_PLAYED,
) -> Message | None:
    """What the coach's choice (leading to ``preferred``, the seat's turn played on) does for
    ``seat`` that the decision played (leading to ``played``) does not, the weightiest first:
    more favor, a space's control kept or taken, enemy warriors slain, hearts gone to another
    zone, the tower or the pool, warriors kept on the map; ``None`` if none of these changed.
    Everything named is on the table for all to see."""
    found: list[tuple[float, Message]] = []
    favor = preferred.favor[seat] - played.favor[seat]
    if favor > 0:
        found.append((2.0 * favor, msg("tm-reason-favor", favor=favor)))
    was, now, then = (Work.reader(state, game.content) for state in (before, preferred, played))
    for s, space in enumerate(game.content.spaces):
        if now.controls(seat, s) and not then.controls(seat, s):
            where = Ref("space", space.key)
            if was.controls(seat, s):  # kept, where the other decision gives it up
                kept = msg("tm-reason-keep-control", space=where, against=against)
                found.append((1.5, kept))
            else:
                found.append((1.5, msg("tm-reason-take-control", space=where)))
    others = [q for q in range(preferred.players) if q != seat]
    slain = sum(sum(played.warriors[q]) - sum(preferred.warriors[q]) for q in others)
    if slain > 0:
        found.append((1.0 * slain, msg("tm-reason-slay", count=slain)))
    gains = [b - a for a, b in zip(_hearts(played, seat), _hearts(preferred, seat), strict=True)]
    to, away = gains.index(max(gains)), gains.index(min(gains))
    if gains[to] > 0 and gains[away] < 0:
        hearts = msg(
            "tm-reason-hearts", hearts=gains[to], to=HEART_PLACES[to], away=HEART_PLACES[away]
        )
        found.append((0.5 * gains[to], hearts))
    warriors = sum(preferred.warriors[seat]) - sum(played.warriors[seat])
    if warriors > 0:
        found.append((0.25 * warriors, msg("tm-reason-warriors", count=warriors)))
    return max(found, key=lambda item: item[0])[1] if found else None


def _hearts(state: State, seat: int) -> tuple[int, ...]:
    """The seat's hearts in each of :data:`HEART_PLACES`."""
    bids = sum(slot[seat] for slot in state.bids)
    return (*state.zones[seat], state.tower[seat], state.available[seat], bids)
