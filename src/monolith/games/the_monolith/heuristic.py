"""How good a position of The Monolith is for one seat, for bots: favor points and what the
position should still pay, on the scale of favor.

Favor already won counts in full, less the best rival's. What the coming rest phase pays if the
board stays as it is counts for a share that grows as the day goes on (the order phase can still
change everything, the rest phase nothing): temples, hearts in boast slots, scoring divinations,
shaman abilities and events, objectives whose condition holds, objectives drawn at scriptoria.

Hearts are the day's budget and all come back at rest, so they are worth only what they can still
buy today: in the order phase an available or committed heart is a future action; in the action
phase a heart in a zone is worth the slay, boast or maneuver it can pay for here, a little less
than the favor the action itself scores, so acting beats hoarding. A divination card is worth its
scoring for the days left, or a flat value for its other powers; a card a seat is winning on the
row counts for most of that. Board presence (living warriors, spaces held) counts a little,
because it is what the later days are won with (not on the last day: its rest is counted above).

All of it is read off one snapshot of the board per state (living units and the controller of
each space, computed once) and remembered for the last state asked about, because a search asks
for every seat's value of the same state in a row.

``SEARCH`` holds the ISMCTS settings that suit this game (see :mod:`monolith.bots.ismcts`).

``follow_through``, ``plan_key``, ``plan_seed``, ``reverse_of`` and ``next_turn`` are the greedy
bot's planner (:class:`monolith.core.companions.WithPlanner`): a march judged by where it ends, and
no maneuver walked straight back. They change how the greedy bot decides, never how a position is
judged, so the search levels, which judge with :func:`evaluate` directly, are untouched.

:func:`plan_evaluate` is the strongest search level's judgement: the same parts of a position, each
weighed by how often seats that had it went on to win (a fit to self-play games, kept in
``judgement.toml``), as a win chance among all the seats rather than a lead over the best one.
"""

from __future__ import annotations

import hashlib
import json
import math
import tomllib
from collections.abc import Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from monolith.core.errors import ContentError
from monolith.core.game import JsonDict
from monolith.games.the_monolith.coach import progress
from monolith.games.the_monolith.content import BUILDINGS, Content
from monolith.games.the_monolith.rules import (
    BOAST,
    BOAST_FAVOR,
    DAYS,
    SLAY,
    SOURCE_SHAMAN,
    TEMPLE_FAVOR,
    WARRIOR_FAVOR,
    Action,
    State,
    TheMonolithRules,
    Work,
    objective_score,
    ranking,
)

SHARE = {"order": 0.55, "action": 0.8, "rest": 1.0}
"""Share credited, per phase, for what the coming rest phase pays if the board stays as it is."""
OBJECTIVE = 0.85
"""Share of an objective's score credited while its condition holds (it is revealed at will)."""
OBJECTIVE_CARD = 0.6
"""An objective held: a point at the end of the game if kept, or a chance to score it."""
SCRIPTORIUM = 1.2
"""One more objective drawn at rest (not on the last day: the game ends first)."""
HEART_ORDER = 0.6
"""An available or committed heart in the order phase: an action or a step still to come."""
SLAY_HEART = 0.8
"""A heart in the slay zone with a unit to slay (a slay scores 1 and costs the rival a unit)."""
BOAST_HEART = 2.2
"""A heart in the boast zone with an open slot to boast in (a boast scores 3 or 4 at rest)."""
SPARE_HEART = 0.25
"""A heart in a zone with nothing better to do than maneuver or sacrifice."""
DIVINATION = 1.0
"""A divination card's powers other than scoring (steps, warriors, hearts)."""
FUTURE = 0.5
"""Share of a scoring card's rest payment credited per later day."""
WINNING_BID = 0.8
"""Share of a card's value credited to the seat holding the highest bid on it."""
WARRIOR = 0.3
"""Per living warrior on the board."""
ANGER = 0.1
"""Per warrior in the anger pool (manipulate fate, card costs)."""
CONTROL = 0.3
"""Per space controlled (control is what most cards and objectives count)."""
WIN = 5.0
"""Bonus in a finished game for first place."""

SEARCH: dict[str, Any] = {
    "exploration": 0.4,
    "widen_base": 3.0,
    "reward_scale": 3.0,
    "prior_visits": 2.0,
}
"""ISMCTS settings for this game: its values spread like favor points."""


_BUILDING_COUNTERS = frozenset(BUILDINGS)


_BUILT: dict[tuple[int, tuple[int, ...]], dict[str, tuple[int, ...]]] = {}


def _building_spaces(content: Content, active: tuple[int, ...]) -> dict[str, tuple[int, ...]]:
    """The existing spaces with each kind of building (content is unhashable: keyed by id)."""
    key = (id(content), active)
    found = _BUILT.get(key)
    if found is None:
        found = {k: tuple(s for s in active if content.building[s] == k) for k in BUILDINGS}
        _BUILT[key] = found
    return found


_EXISTING: dict[tuple[int, int], frozenset[int]] = {}


def _existing(content: Content, players: int) -> frozenset[int]:
    """The spaces that exist with this many players, as a set."""
    key = (id(content), players)
    found = _EXISTING.get(key)
    if found is None:
        found = _EXISTING[key] = frozenset(content.active_spaces(players))
    return found


class _Board(Work):
    """A read-only working view with each space's living units and controller counted once,
    so the rules' own counters (``count``, ``objective_score``) run without recounting."""

    _living: list[list[int]]
    _ctrl: list[int]
    _ctrl_count: list[int]
    _spaces: dict[str, tuple[int, ...]]
    _boasts: list[int]
    """Hearts in boast slots, by mark (seat + 1)."""
    _exists: frozenset[int]

    def prepare(self) -> None:
        self._exists = _existing(self.c, self.players)
        living = [list(row) for row in self.warriors]
        for p in range(self.players):
            if self.shaman_alive[p] and self.shaman_at[p] >= 0:
                living[p][self.shaman_at[p]] += 1
        ctrl = [-1] * len(living[0])
        ctrl_count = [0] * self.players
        for s, units in enumerate(zip(*living, strict=True)):
            top = max(units)
            if top and units.count(top) == 1:
                ctrl[s] = owner = units.index(top)
                if s in self._exists:
                    ctrl_count[owner] += 1
        boasts = [0] * (self.players + 1)
        for slots in self.slots:
            for mark in slots:
                if mark > 0:
                    boasts[mark] += 1
        self._living = living
        self._ctrl = ctrl
        self._ctrl_count = ctrl_count
        self._boasts = boasts
        self._spaces = _building_spaces(self.c, self.active())

    def count(self, counter: str, player: int, space: int) -> int:
        """The rules' counter, with the ones bots ask most read off the snapshot."""
        if counter in _BUILDING_COUNTERS:
            return sum(1 for s in self._spaces[counter] if self._ctrl[s] == player)
        if counter == "controlled":
            return self._ctrl_count[player]
        if counter == "monolith":
            return int(self._ctrl[self.c.monolith] == player)
        return super().count(counter, player, space)

    def living(self, p: int, s: int) -> int:
        return self._living[p][s]

    def occupies(self, p: int, s: int) -> bool:
        return self._living[p][s] > 0

    def controls(self, p: int, s: int) -> bool:
        return self._ctrl[s] == p


def snapshot(state: State, content: Content) -> _Board:
    """A read-only board of ``state`` with its counts taken once."""
    board = _Board.reader(state, content)
    assert isinstance(board, _Board)
    board.prepare()
    return board


_last: list[Any] = [None, None]
"""The last state valued and its per-seat worths (states are immutable)."""


def evaluate(game: TheMonolithRules, state: State, seat: int) -> float:
    """The seat's favor lead plus part of what its position should still pay."""
    if state.phase == "over":
        lead = state.favor[seat] - max(f for p, f in enumerate(state.favor) if p != seat)
        return lead + (WIN if ranking(state)[0] == seat else 0.0)
    values = worths(game, state)
    return values[seat] - max(v for p, v in enumerate(values) if p != seat)


def values(game: TheMonolithRules, state: State) -> list[float]:
    """Every seat's own worth (:func:`evaluate` is its lead over the best of the others)."""
    if state.phase == "over":
        winner = ranking(state)[0]
        return [f + (WIN if p == winner else 0.0) for p, f in enumerate(state.favor)]
    return worths(game, state)


def worths(game: TheMonolithRules, state: State) -> list[float]:
    """Every seat's favor plus credit for its position (before comparing with rivals)."""
    if _last[0] is state:
        cached: list[float] = _last[1]
        return cached
    board = snapshot(state, game.content)
    values = [_worth(board, p) for p in range(state.players)]
    _last[0], _last[1] = state, values
    return values


def _worth(w: _Board, p: int) -> float:
    """One seat's favor plus what its board, cards and hearts should still pay."""
    state_phase = w.phase
    value = float(w.favor[p])
    share, cards_due, draws_due = _rest_due(w)
    later = DAYS - w.day
    monolith = w.controls(p, w.c.monolith)
    if share > 0:
        soon = TEMPLE_FAVOR * w.count("temple", p, -1)
        soon += w._boasts[p + 1] * (BOAST_FAVOR + int(monolith))
        for event, space in w.events_in_play:
            ops = w.c.events[event].score
            if ops and space >= 0:
                soon += sum(op.amount * w.count(op.per, p, space) for op in ops if op.op == "favor")
        value += share * soon
        if draws_due and w.day < DAYS:
            value += share * SCRIPTORIUM * w.count("scriptorium", p, -1)
    for card in w.objs[p]:
        value += OBJECTIVE_CARD + OBJECTIVE * objective_score(w, p, card)
    for source in w.sources(p):
        value += _card_value(w, p, source, share if cards_due else 0.0, later)
    if state_phase == "order":
        value += HEART_ORDER * (w.available[p] + w.tower[p])
        for slot, card in enumerate(w.row):
            if card >= 0 and w.bids[slot][p] > 0:
                if w.highest(slot) == p:
                    value += WINNING_BID * _card_value(w, p, card, share, later)
                else:
                    value += HEART_ORDER * w.bids[slot][p]
    elif state_phase == "action":
        value += _zone_value(w, p)
    if later > 0:  # presence wins later days; on the last one only its rest pays (above)
        value += CONTROL * w._ctrl_count[p]
        value += WARRIOR * sum(w.warriors[p]) + ANGER * w.anger[p]
    return value


def _rest_due(w: _Board) -> tuple[float, bool, bool]:
    """The share of this day's rest scoring still to come, and whether card scoring (rest step
    2a) and the scriptorium draw (step 3) are still ahead."""
    if w.phase == "rest":
        return 1.0, w.stage <= 2, w.stage <= 7
    share = SHARE.get(w.phase, 0.0)
    return share, share > 0, share > 0


def _card_value(w: _Board, p: int, source: int, share: float, later: int) -> float:
    """A divination's (or shaman ability's) worth: its rest scoring due today and for the days
    left, or a flat value for any other power; a shaman's own ability only scores."""
    effect = w.effect(source)
    if effect.window != "rest_score":
        return 0.0 if source >= SOURCE_SHAMAN else DIVINATION
    favor = sum(op.amount * w.count(op.per, p, -1) for op in effect.ops if op.op == "favor")
    if effect.cost == "discard":  # scores once
        return max(share * favor, DIVINATION * 0.5)
    if effect.cost == "anger" and w.anger[p] < effect.anger:
        favor = 0
    base = DIVINATION * 0.5 if source < SOURCE_SHAMAN else 0.0  # the board may yet suit it
    return base + share * favor + FUTURE * favor * later


def _zone_value(w: _Board, p: int) -> float:
    """Hearts on the action board, each worth the action it can still pay for."""
    slay, boast, spare = _zone_uses(w, p)
    return SLAY_HEART * WARRIOR_FAVOR * slay + BOAST_HEART * boast + SPARE_HEART * spare


# The hard level's judgement: the parts above, weighed by a fit to won games -----------------------

PARTS = (
    "favor",
    "rest_due",
    "scriptorium",
    "objectives_held",
    "objectives_met",
    "cards_now",
    "cards_later",
    "cards_other",
    "hearts_order",
    "bids_winning",
    "bids_losing",
    "hearts_slay",
    "hearts_boast",
    "hearts_spare",
    "control",
    "warriors",
    "anger",
)
"""The parts of a seat's position :func:`plan_evaluate` weighs, in the order of :func:`parts`."""


def parts(w: _Board, p: int) -> list[float]:
    """One seat's position as the unweighed parts :func:`_worth` adds up (named in
    :data:`PARTS`): favor won, rest scoring due (already shared by phase), objectives held and the
    favor of those met, cards' scoring now and on later days, other card powers, hearts by what
    they can still buy, and board presence before the last day."""
    share, cards_due, draws_due = _rest_due(w)
    later = DAYS - w.day
    rest_due = scriptorium = 0.0
    if share > 0:
        soon = TEMPLE_FAVOR * w.count("temple", p, -1)
        soon += w._boasts[p + 1] * (BOAST_FAVOR + int(w.controls(p, w.c.monolith)))
        for event, space in w.events_in_play:
            ops = w.c.events[event].score
            if ops and space >= 0:
                soon += sum(op.amount * w.count(op.per, p, space) for op in ops if op.op == "favor")
        rest_due = share * soon
        if draws_due and w.day < DAYS:
            scriptorium = share * w.count("scriptorium", p, -1)
    met = sum(objective_score(w, p, card) for card in w.objs[p])
    now = cards_later = other = 0.0
    card_share = share if cards_due else 0.0
    for source in w.sources(p):
        effect = w.effect(source)
        if effect.window != "rest_score":
            other += source < SOURCE_SHAMAN
            continue
        favor = sum(op.amount * w.count(op.per, p, -1) for op in effect.ops if op.op == "favor")
        if effect.cost == "discard":  # scores once, or is kept for its other powers
            if card_share * favor >= 0.5 * DIVINATION:
                now += card_share * favor
            else:
                other += 0.5
            continue
        if effect.cost == "anger" and w.anger[p] < effect.anger:
            favor = 0
        other += 0.5 * (source < SOURCE_SHAMAN)  # a scoring card the board may yet suit
        now += card_share * favor
        cards_later += favor * later
    hearts = winning = losing = 0.0
    slay = boast = spare = 0
    if w.phase == "order":
        hearts = w.available[p] + w.tower[p]
        for slot, card in enumerate(w.row):
            if card >= 0 and w.bids[slot][p] > 0:
                if w.highest(slot) == p:
                    winning += _card_value(w, p, card, share, later)
                else:
                    losing += w.bids[slot][p]
    elif w.phase == "action":
        slay, boast, spare = _zone_uses(w, p)
    present = later > 0  # presence wins later days; on the last one only its rest pays
    return [
        float(w.favor[p]),
        rest_due,
        scriptorium,
        float(len(w.objs[p])),
        float(met),
        now,
        cards_later,
        other,
        float(hearts),
        winning,
        losing,
        float(slay),
        float(boast),
        float(spare),
        float(w._ctrl_count[p] * present),
        float(sum(w.warriors[p]) * present),
        float(w.anger[p] * present),
    ]


def _zone_uses(w: _Board, p: int) -> tuple[int, int, int]:
    """A seat's hearts on the action board by use: slays with a unit to slay, boasts with an open
    slot beside an enemy, and the rest (maneuver or sacrifice)."""
    zones = w.zones[p]
    if not any(zones):
        return 0, 0, 0
    targets = 0
    open_slots = 0
    for s in w.active():
        if w._living[p][s] == 0:
            continue
        enemies = 0
        for q in range(w.players):
            if q != p:
                enemies += w.warriors[q][s] + (w.shaman_at[q] == s and w.shaman_alive[q])
        targets += enemies
        if enemies:
            open_slots += sum(1 for mark in w.slots[s] if mark == 0)
    slay = min(zones[SLAY], targets)
    boast = min(zones[BOAST], open_slots)
    return slay, boast, sum(zones) - slay - boast


JUDGEMENT_FILE = Path(__file__).with_name("judgement.toml")
OVER = 5.0
"""A finished game's winner, in the fit's units: won for certain, short of infinity."""


@dataclass(frozen=True)
class Judgement:
    """Weights of :data:`PARTS` at the game's start and at its end, in between by progress: a
    favor point says little about the winner on the first day and much on the last. ``fit``
    says how they were fitted (the file's ``[fit]`` table, as text)."""

    start: tuple[float, ...]
    end: tuple[float, ...]
    fit: str = ""


def load_judgement(path: Path = JUDGEMENT_FILE) -> Judgement:
    """The fitted weights, checked: every part named once with two finite numbers, neither below
    zero (no part of a position counts against its holder)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ContentError(path.name, "file", str(error)) from error
    weights = data.get("weights")
    if not isinstance(weights, dict):
        raise ContentError(path.name, "weights", "missing table of weights by part")
    unknown = sorted(set(weights) - set(PARTS))
    if unknown:
        raise ContentError(path.name, "weights", f"unknown parts {', '.join(unknown)}")
    pairs = []
    for name in PARTS:
        pair = weights.get(name)
        if (
            not isinstance(pair, list)
            or len(pair) != 2
            or not all(isinstance(x, int | float) and math.isfinite(x) and x >= 0 for x in pair)
        ):
            raise ContentError(path.name, f"weights.{name}", "needs [start, end], numbers >= 0")
        pairs.append((float(pair[0]), float(pair[1])))
    fit = data.get("fit", {})
    about = (
        ", ".join(f"{key} {value}" for key, value in fit.items()) if isinstance(fit, dict) else ""
    )
    return Judgement(tuple(a for a, _ in pairs), tuple(b for _, b in pairs), about)


JUDGEMENT = load_judgement()
JUDGEMENT_NOTES = {"plan_evaluate": f"fitted weights ({JUDGEMENT.fit})"}
"""Which judgements here are fitted, and to what: the ladder keeps it with its games."""
_judged: list[Any] = [None, None]
"""The last state judged and its seats' utilities (a search asks every seat of one state)."""


def utilities(
    game: TheMonolithRules, state: State, judgement: Judgement = JUDGEMENT
) -> list[float]:
    """Every seat's weighed parts: the log-odds, up to a shared constant, that it wins."""
    if _judged[0] is state and judgement is JUDGEMENT:
        cached: list[float] = _judged[1]
        return cached
    if state.phase == "over":
        winner = ranking(state)[0]
        found = [OVER if p == winner else 0.0 for p in range(state.players)]
    else:
        at = progress(game, state)
        weights = [a + (b - a) * at for a, b in zip(judgement.start, judgement.end, strict=True)]
        board = snapshot(state, game.content)
        found = [
            sum(w * x for w, x in zip(weights, parts(board, p), strict=True))
            for p in range(state.players)
        ]
    if judgement is JUDGEMENT:
        _judged[0], _judged[1] = state, found
    return found


def plan_evaluate(game: TheMonolithRules, state: State, seat: int) -> float:
    """The seat's chance to win among all seats (a softmax of :func:`utilities`), as log-odds on
    the search's reward scale, so the search's reward for it is that chance."""
    found = utilities(game, state)
    others = [u for p, u in enumerate(found) if p != seat]
    top = max(others)
    rest = top + math.log(sum(math.exp(u - top) for u in others))
    return float(SEARCH["reward_scale"]) * (found[seat] - rest)


# Seeing a march through (the greedy bot's plan) ---------------------------------------------------

MARCH_REACH = 2
"""The most steps a planned march takes: further marches are rare and the plans grow fast."""
FOLLOW_THROUGH_NOTE = (
    f"marches planned to their end (up to {MARCH_REACH} steps), maneuvers not walked back"
)
"""What the greedy bot's planning here is: the ladder keeps it with its games."""


def follow_through(game: TheMonolithRules, state: State, seat: int) -> list[Action] | None:
    """The seat's decisions that carry a march under way to its end (steps only within
    :data:`MARCH_REACH`), or ``None`` when the seat is not marching: a march is judged by where
    it ends and whom it carries, not by its first step."""
    if state.step != "march" or game.current_player(state) != seat:
        return None
    moves = game.legal_list(state)
    if state.steps >= MARCH_REACH:
        moves = [move for move in moves if move.kind != "step"]
    return moves


def plan_key(state: State) -> Hashable:
    """Where an order stands, for the plan never to pass the same point twice: a march back in
    a space it already stood in has gone round in a circle (and a plan drops off or picks up at
    most one warrior per space; the group chosen at the start sets how many go)."""
    return (state.step, state.at, state.moved_here, len(state.pending), state.used)


def plan_seed(view: JsonDict, seat: int) -> int | None:
    """In the order phase, a seed fixed by what the seat's own orders leave alone (the day and
    the public log), so every decision of one march is made on the same imagined hidden cards;
    ``None`` in other phases (a fresh sample each time)."""
    if view.get("phase") != "order":
        return None
    text = json.dumps([view.get("day"), seat, view.get("log")], separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def reverse_of(action: Action) -> Action | None:
    """The maneuver that would walk ``action`` straight back (``None`` for any other action)."""
    if action.kind != "maneuver":
        return None
    src, dst, shaman = action.args
    return Action("maneuver", (dst, src, shaman))


def next_turn(game: TheMonolithRules, state: State, seat: int) -> State | None:
    """The position as if the seat's next action turn began now, others having done nothing
    (to ask what it would do next); ``None`` outside the action phase or with no hearts left
    on the action board (no next turn to ask about)."""
    if state.phase != "action" or state.step != "action" or state.pending or state.decide:
        return None
    if not sum(state.zones[seat]):
        return None
    return msgspec.structs.replace(
        state, turn=seat, actions_left=2, first_turn=False, used=(), slain="", window_space=-1
    )
