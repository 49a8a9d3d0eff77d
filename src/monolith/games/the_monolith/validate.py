"""What makes a The Monolith state one that no game can reach.

``state_from_json`` reads states from files, databases and researchers' code; a state of the right
shape can still mean nothing (a negative heart count, a card in two places, a seat that does not
exist), and the rules would then fail far from the cause. :func:`impossible` names the first such
problem, so the state is refused with a reason instead.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from monolith.games.the_monolith.content import Content
from monolith.games.the_monolith.rules import (
    DAYS,
    DRAFT_MAX_BID,
    FAVOR_SOURCES,
    HEARTS,
    MAX_HAND,
    MAX_PENDING,
    SOURCE_EVENT,
    WARRIORS,
    State,
)

PHASES = ("draft", "setup", "order", "action", "rest", "over")
STEPS = (
    "",
    "draft_bid",
    "draft_pick",
    "keep_objective",
    "checks",
    "order",
    "march",
    "shaman",
    "recruit",
    "action",
    "slay_window",
    "rest_optional",
    "reveal",
    "place_event",
    "over",
)
DECIDED_APART = ("resolve", "discard_divination", "discard_objective", "move_event")
"""What a player may be asked to decide before the state's own step (``State.decider``)."""
DECISIONS = ("over", *DECIDED_APART, *(step for step in STEPS if step not in ("", "over")))
"""Everything ``State.decider`` can name: what the deciding player decides about."""
ORDERS = ("", "march", "shaman", "recruit")
PER_PLAYER = (
    *("shaman", "stronghold", "favor", "scored", "available", "spent", "unearned", "tower"),
    *("stuck", "zones", "reserves", "anger", "limbo", "divs", "objs", "committed", "draft_bids"),
    *("warriors", "dead", "shaman_at", "shaman_alive", "row", "bids"),
)
"""State fields with one entry per player (the row and its bids have one slot per player)."""
LOG_KINDS = (
    "shuffle",
    "deal",
    "first",
    "shaman",
    "objective",
    "discard",
    "reveal",
    "final",
    "event",
    "fall",
    "stick",
    "land",
)


def hearts_of(state: State, p: int) -> int:
    """Every place a heart of ``p`` can be: pools, bids, the tower, the zones, boast slots."""
    return (
        state.available[p]
        + state.spent[p]
        + state.unearned[p]
        + sum(bids[p] for bids in state.bids)
        + state.tower[p]
        + sum(state.zones[p])
        + sum(1 for slots in state.slots for mark in slots if mark == p + 1)
    )


def warriors_of(state: State, p: int) -> int:
    """Every place a warrior of ``p`` can be: on the board, alive or dead, and the pools."""
    return (
        sum(state.warriors[p])
        + sum(state.dead[p])
        + state.reserves[p]
        + state.anger[p]
        + state.limbo[p]
    )


def impossible(state: State, content: Content) -> str | None:
    """The first thing that makes ``state`` unreachable, in words, or ``None``."""
    for check in (_setting, _sizes, _seats, _counts, _conservation, _board, _cards, _turn):
        problem = check(state, content)
        if problem:
            return problem
    return None


def _setting(state: State, content: Content) -> str | None:
    if state.players not in (3, 4):
        return f"{state.players} players (The Monolith takes 3-4)"
    if state.tower_model not in ("uniform", "sticky"):
        return f"unknown tower model {state.tower_model!r}"
    if state.draft not in ("off", "bid"):
        return f"unknown draft rule {state.draft!r}"
    if state.phase not in PHASES:
        return f"unknown phase {state.phase!r}"
    if state.step not in STEPS:
        return f"unknown step {state.step!r}"
    if not 1 <= state.day <= DAYS:
        return f"day {state.day} (days run 1-{DAYS})"
    if state.rng.counter < 0:
        return "the random source has a negative counter"
    return None


def _sizes(state: State, content: Content) -> str | None:
    n = state.players
    spaces = len(content.spaces)
    for name in PER_PLAYER:
        if len(getattr(state, name)) != n:
            return f"{name} has {len(getattr(state, name))} entries for {n} players"
    for p in range(n):
        if len(state.scored[p]) != DAYS * len(FAVOR_SOURCES):
            return f"player {p}'s favor breakdown has {len(state.scored[p])} entries"
        if len(state.zones[p]) != 3:
            return f"player {p} has {len(state.zones[p])} action zones, not 3"
        if len(state.warriors[p]) != spaces or len(state.dead[p]) != spaces:
            return f"player {p}'s warriors are not given for each of the {spaces} spaces"
        if len(state.bids[p]) != n:
            return f"row slot {p} has bids for {len(state.bids[p])} players"
    if len(state.slots) != spaces:
        return f"boast slots are given for {len(state.slots)} spaces, not {spaces}"
    for s, slots in enumerate(state.slots):
        if len(slots) != content.spaces[s].slots:
            return f"space {content.spaces[s].key} has {content.spaces[s].slots} slots"
    return None


def _seat(value: int, n: int, *, none_ok: bool = False) -> bool:
    return 0 <= value < n or (none_ok and value == -1)


def _seats(state: State, content: Content) -> str | None:
    n = state.players
    if not _seat(state.first, n):
        return f"first player {state.first} is not a seat"
    if not _seat(state.turn, n, none_ok=state.phase == "over"):
        return f"turn {state.turn} is not a seat"
    if not _seat(state.surge, n, none_ok=True):
        return f"surge holder {state.surge} is not a seat"
    if not _seat(state.chooser, n):
        return f"chooser {state.chooser} is not a seat"
    if not _seat(state.drawer, n, none_ok=True):
        return f"event drawer {state.drawer} is not a seat"
    if any(not _seat(p, n) for p in state.decide):
        return f"a deciding seat in {list(state.decide)} is not a seat"
    if state.stronghold != content.stronghold_seats(n):
        return f"strongholds {list(state.stronghold)} are not the {n}-player strongholds"
    for entry in state.log:
        if entry.kind not in LOG_KINDS:
            return f"unknown log entry kind {entry.kind!r}"
        if not _seat(entry.player, n, none_ok=True) or not 1 <= entry.day <= DAYS:
            return f"a log entry names seat {entry.player} on day {entry.day}"
    for item in state.pending:
        if not _seat(item.owner, n, none_ok=True):
            return f"a pending effect belongs to seat {item.owner}"
    return None


def _negative(name: str, values: Iterable[int]) -> str | None:
    low = min(values, default=0)
    return f"negative {name} ({low})" if low < 0 else None


def _counts(state: State, content: Content) -> str | None:
    for name in ("favor", "available", "spent", "unearned", "tower", "stuck", "reserves"):
        problem = _negative(name, getattr(state, name))
        if problem:
            return problem
    nested: Sequence[tuple[str, Iterable[int]]] = (
        ("anger", state.anger),
        ("limbo", state.limbo),
        ("favor gains", (v for row in state.scored for v in row)),
        ("hearts in a zone", (v for row in state.zones for v in row)),
        ("warriors", (v for row in state.warriors for v in row)),
        ("dead warriors", (v for row in state.dead for v in row)),
        ("bids", (v for row in state.bids for v in row)),
        ("draft bids", state.draft_bids),
    )
    for name, values in nested:
        problem = _negative(name, values)
        if problem:
            return problem
    for name in ("group", "steps", "free", "recruits", "bonus", "actions_left"):
        if getattr(state, name) < 0:
            return f"negative {name} ({getattr(state, name)})"
    if max(state.draft_bids, default=0) > DRAFT_MAX_BID:
        return f"a draft bid above {DRAFT_MAX_BID}"
    for p in range(state.players):
        if state.stuck[p] > state.tower[p]:
            return f"player {p} has {state.stuck[p]} hearts stuck in a tower of {state.tower[p]}"
        if state.favor[p] != sum(state.scored[p]):
            return f"player {p}'s favor {state.favor[p]} is not the sum of their favor gains"
    return None


def _conservation(state: State, content: Content) -> str | None:
    """Hearts and warriors move between places but are never made or lost; before the draft
    has dealt shamans nobody has any yet."""
    hearts, warriors = (0, 0) if state.phase == "draft" else (HEARTS, WARRIORS)
    for p in range(state.players):
        if hearts_of(state, p) != hearts:
            return f"player {p} has {hearts_of(state, p)} hearts in play, not {hearts}"
        if warriors_of(state, p) != warriors:
            return f"player {p} has {warriors_of(state, p)} warriors in play, not {warriors}"
    return None


def _board(state: State, content: Content) -> str | None:
    n = state.players
    active = set(content.active_spaces(n))
    spaces = len(content.spaces)
    for p in range(n):
        for s in range(spaces):
            if s not in active and (state.warriors[p][s] or state.dead[p][s]):
                return f"player {p} has warriors on {content.spaces[s].key}, not in this game"
        drafting = state.phase == "draft"
        if state.shaman_at[p] not in active and not (drafting and state.shaman_at[p] == -1):
            return f"player {p}'s shaman stands on space {state.shaman_at[p]}, not in this game"
    shamans = [s for s in state.shaman if s != -1]
    if any(not 0 <= s < len(content.shamans) for s in shamans):
        return f"shamans {list(state.shaman)} name a shaman card that does not exist"
    if len(set(shamans)) != len(shamans):
        return f"two players have the same shaman ({list(state.shaman)})"
    if len(shamans) != n and state.phase != "draft":
        return "a player has no shaman after the draft"
    for s, slots in enumerate(state.slots):
        if any(not -1 <= mark <= n for mark in slots):
            return f"a boast slot on {content.spaces[s].key} names no player"
    if state.at != -1 and state.at not in active:
        return f"the order in progress stands on space {state.at}, not in this game"
    for _, space in state.events_in_play:
        if space != -1 and space not in active:
            return f"an event lies on space {space}, not in this game"
    if sum(1 for _, space in state.events_in_play if space == -1) > 1:
        return "two events wait to be placed"
    return None


def _exactly_once(what: str, places: Iterable[int], size: int) -> str | None:
    counted = Counter(places)
    for card in sorted(counted):
        if not 0 <= card < size:
            return f"{what} card {card} does not exist (there are {size})"
        if counted[card] > 1:
            return f"{what} card {card} is in {counted[card]} places"
    missing = [card for card in range(size) if card not in counted]
    if missing:
        return f"{what} card {missing[0]} is nowhere"
    return None


def _cards(state: State, content: Content) -> str | None:
    """Every card in exactly one place: deck, discard pile, the row, a hand or in play."""
    divs = [d for d in state.row if d != -1]
    divs += [d for hand in state.divs for d in hand] + [*state.div_deck, *state.div_discard]
    events = [e for e, _ in state.events_in_play] + [*state.event_deck, *state.event_discard]
    objs = [o for hand in state.objs for o in hand] + [*state.obj_deck, *state.obj_discard]
    for what, places, size in (
        ("divination", divs, len(content.divinations)),
        ("event", events, len(content.events)),
        ("objective", objs, len(content.objectives)),
    ):
        problem = _exactly_once(what, places, size)
        if problem:
            return problem
    for p in range(state.players):
        if len(state.divs[p]) > MAX_HAND or len(state.objs[p]) > MAX_HAND:
            return f"player {p} holds more than {MAX_HAND} cards of a kind"
    for slot, card in enumerate(state.row):
        if card == -1 and any(state.bids[slot]):
            return f"bids lie on row slot {slot}, which has no card"
    in_play = {e for e, _ in state.events_in_play}
    if any(e not in in_play for e in state.moving):
        return "an event moves that is not in play"
    return None


def _turn(state: State, content: Content) -> str | None:
    if state.order not in ORDERS:
        return f"unknown order {state.order!r}"
    if len(state.pending) > MAX_PENDING:
        return f"{len(state.pending)} effects pending (at most {MAX_PENDING})"
    sources = SOURCE_EVENT + len(content.events)
    if any(not 0 <= item.source < sources for item in state.pending):
        return "a pending effect has no source card"
    if any(not 0 <= source < SOURCE_EVENT for source in state.used):
        return "a used effect has no source card"
    return None
