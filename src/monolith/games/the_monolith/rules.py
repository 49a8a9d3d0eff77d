"""The rules of The Monolith, in one module, in a fixed order: facts, actions, state, setup, legal
actions, apply per phase, scoring and the end.

Rulings come from ``shared/design/the-monolith.md`` and the seed transcript; each choice of ours is
described in ``docs/rules/the-monolith.md``.

How a game is driven
--------------------
A state is an immutable :class:`State`. ``apply`` thaws it into a mutable :class:`Work`, performs
one action, runs every automatic step up to the next decision (:meth:`Work.advance`) and freezes
the result, so the given state never changes and an illegal action changes nothing.

Exactly one player decides at a time. Who, and about what, is worked out in a fixed priority:

1. two or more automatic card effects wait in ``pending``: the chooser picks which resolves next
   (``resolve``); a single one resolves by itself;
2. a player holding more than three divinations discards one (``discard_divination``);
3. a player holding more than three objectives discards one (``discard_objective``);
4. an event that scored and moves on: the first player places it (``place_event``);
5. otherwise the current ``step``: a per-player queue (``decide``) for setup and rest-phase
   decisions, or the turn player (``turn``) in the order and action phases.

Action encoding
---------------
Actions are ``Action(kind, args)``; ids are ``offset(kind) + mixed-radix(args)`` over the fixed
table :data:`KINDS`, the same for every state and player count (spaces are reserved up to
:data:`~monolith.games.the_monolith.content.MAX_SPACES`). The JSON form names the arguments:
``{"kind": "march", "space": 7, "warriors": 3}``.

A march is a sequence of small decisions so the action space stays bounded: ``march(space,
warriors)`` chooses the group and starts the order; each ``step(space)`` moves the group one
adjacent space and spends one heart (a free step from a card is used only after the first paid
step); ``drop_off`` leaves one warrior of the group in the current space and ``pick_up`` adds one
of yours standing there (not both in the same space, so a march cannot loop); ``stop`` ends the
order after at least one step. The shaman order is ``shaman`` then ``step``\\ s and ``stop``; a
recruit is ``recruit(hearts)`` then one ``deploy(space, source)`` per warrior (``stop`` declines
the remaining free warriors).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

import msgspec

from monolith.core.errors import GameError, IllegalAction, MalformedAction
from monolith.core.game import GameInfo, JsonDict, RuleOption
from monolith.core.rng import Rng
from monolith.games.the_monolith import effects as fx
from monolith.games.the_monolith.content import BUILDINGS, MAX_SPACES, Content, default_content

# =============================================================================================
# Facts
# =============================================================================================

HEARTS = 19
WARRIORS = 16
DAYS = 4
MAX_HELD = 3
"""Divinations and objectives a player may keep."""
MAX_HAND = 8
"""Room in the ids for a hand over the limit: three kept plus every card gained at once (up to
four divinations won at the end of an order phase, three objectives from scriptoria)."""
SHAMAN_STEPS = 3
MAX_ROW = 4
N_DIVINATIONS = 24
N_SHAMANS = 6
N_EVENTS = 12
SLAY, MANEUVER, BOAST = 0, 1, 2
ZONES = fx.ZONES
WARRIOR_FAVOR = 1
SHAMAN_FAVOR = 3
BOAST_FAVOR = 3
MONOLITH_BOAST_FAVOR = 1
"""What a boasted heart scores on top of ``BOAST_FAVOR`` when its owner controls the monolith."""
TEMPLE_FAVOR = 2
HELD_OBJECTIVE_FAVOR = 1
"""What an objective still held at the end of the game scores."""
FAVOR_SOURCES = (
    "slay",
    "divination",
    "shaman",
    "event",
    "objective",
    "temple",
    "boast",
    "monolith",
    "held",
)
"""Where favor comes from, in the rest phase's scoring order: slays, divinations' and shaman
abilities' effects, events, revealed objectives, temples, boasted hearts, the extra point per
boasted heart for controlling the monolith space, and objectives still held at the end."""
SOURCE_INDEX = {source: i for i, source in enumerate(FAVOR_SOURCES)}
UNEARNED_PER_DAY = 2
DRAFT_MAX_BID = 3
SOURCE_SHAMAN = N_DIVINATIONS
"""Effect sources: divination card ids, then shaman abilities, then events."""
SOURCE_EVENT = N_DIVINATIONS + N_SHAMANS
MAX_PENDING = 16

OPTIONS = (
    RuleOption(
        "tower",
        "uniform",
        ("uniform", "sticky"),
        "uniform: each dropped heart lands in a random zone; sticky: hearts may stick in the tower",
    ),
    RuleOption(
        "draft",
        "off",
        ("off", "bid"),
        "off: shamans dealt at random; bid: players bid hearts, then pick shamans in bid order",
    ),
)

# =============================================================================================
# Actions
# =============================================================================================

# kind -> ((argument, count, lowest value), ...)
KINDS: tuple[tuple[str, tuple[tuple[str, int, int], ...]], ...] = (
    ("keep_objective", (("index", 2, 0),)),
    ("draft_bid", (("hearts", DRAFT_MAX_BID + 1, 0),)),
    ("draft_pick", (("shaman", N_SHAMANS, 0),)),
    ("take", (("slot", MAX_ROW, 0),)),
    ("raise", (("slot", MAX_ROW, 0), ("hearts", HEARTS, 1))),
    ("forfeit", (("slot", MAX_ROW, 0),)),
    ("discard_divination", (("index", MAX_HAND, 0),)),
    ("march", (("space", MAX_SPACES, 0), ("warriors", WARRIORS, 1))),
    ("step", (("space", MAX_SPACES, 0),)),
    ("drop_off", ()),
    ("pick_up", ()),
    ("stop", ()),
    ("shaman", ()),
    ("recruit", (("hearts", HEARTS - 1, 2),)),
    ("deploy", (("space", MAX_SPACES, 0), ("source", 2, 0))),
    ("bid", (("slot", MAX_ROW, 0), ("hearts", HEARTS, 1))),
    ("commit", ()),
    ("use_effect", (("source", SOURCE_EVENT, 0),)),
    ("resolve", (("index", MAX_PENDING, 0),)),
    ("pass", ()),
    ("slay", (("space", MAX_SPACES, 0), ("player", 4, 0), ("shaman", 2, 0))),
    ("maneuver", (("from", MAX_SPACES, 0), ("to", MAX_SPACES, 0), ("shaman", 2, 0))),
    ("boast", (("space", MAX_SPACES, 0),)),
    ("sacrifice", (("space", MAX_SPACES, 0), ("zone", 3, 0))),
    ("relent", ()),
    ("fate", (("zone", 3, 0),)),
    ("reveal_objective", (("index", MAX_HELD, 0),)),
    ("discard_objective", (("index", MAX_HAND, 0),)),
    ("place_event", (("space", MAX_SPACES, 0),)),
)
SOURCES = ("reserves", "anger")
"""Where a deployed warrior comes from (the ``source`` of ``deploy``)."""


def _kind_sizes() -> tuple[dict[str, int], dict[str, int], list[str]]:
    offsets: dict[str, int] = {}
    sizes: dict[str, int] = {}
    by_id: list[str] = []
    total = 0
    for kind, params in KINDS:
        size = 1
        for _, count, _ in params:
            size *= count
        offsets[kind] = total
        sizes[kind] = size
        by_id.extend([kind] * size)
        total += size
    return offsets, sizes, by_id


OFFSETS, SIZES, KIND_OF_ID = _kind_sizes()
PARAMS = dict(KINDS)
NUM_ACTIONS = len(KIND_OF_ID)


class Action(msgspec.Struct, frozen=True):
    """One decision: a kind from :data:`KINDS` and its integer arguments in table order."""

    kind: str
    args: tuple[int, ...] = ()


def act(kind: str, *args: int) -> Action:
    """Shorthand for building an action."""
    return Action(kind, tuple(args))


_IDS: dict[Action, int] = {}
"""Ids already worked out: bots ask for the same few thousand actions millions of times."""


def action_to_id(action: Action) -> int:
    """The context-free integer id of an action; :class:`MalformedAction` if it has none."""
    if (
        type(action) is not Action
        or type(action.args) is not tuple
        or any(type(value) is not int for value in action.args)
    ):  # only plain integer arguments are remembered: 12.0 == 12 would find 12's id
        return _action_id(action)
    known = _IDS.get(action)
    if known is None:
        known = _IDS[action] = _action_id(action)
    return known


def _action_id(action: Action) -> int:
    if not isinstance(action, Action):
        raise MalformedAction(f"not a The Monolith action: {action!r}")
    params = PARAMS.get(action.kind)
    if params is None:
        raise MalformedAction(f"unknown action kind {action.kind!r}")
    if not isinstance(action.args, tuple) or len(params) != len(action.args):
        names = ", ".join(name for name, _, _ in params) or "no arguments"
        raise MalformedAction(f"{action.kind} takes {names}, not {action.args!r}")
    index = 0
    for (name, count, low), value in zip(params, action.args, strict=True):
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedAction(f"{action.kind}.{name} must be an integer, not {value!r}")
        if not low <= value < low + count:
            raise MalformedAction(f"{action.kind}.{name} must be {low}-{low + count - 1}")
        index = index * count + (value - low)
    return OFFSETS[action.kind] + index


def action_from_id(action_id: int) -> Action:
    """The action with this id; :class:`MalformedAction` if none has it."""
    if isinstance(action_id, bool) or not isinstance(action_id, int):
        raise MalformedAction(f"an action id is an integer, not {type(action_id).__name__}")
    if not 0 <= action_id < NUM_ACTIONS:
        raise MalformedAction(f"action id {action_id} is outside 0-{NUM_ACTIONS - 1}")
    kind = KIND_OF_ID[action_id]
    index = action_id - OFFSETS[kind]
    values: list[int] = []
    for _, count, low in reversed(PARAMS[kind]):
        index, value = divmod(index, count)
        values.append(value + low)
    return Action(kind, tuple(reversed(values)))


def action_to_json(action: Action) -> JsonDict:
    """The readable form: the kind and each argument by name."""
    data: JsonDict = {"kind": action.kind}
    for (name, _, _), value in zip(PARAMS[action.kind], action.args, strict=True):
        data[name] = value
    return data


def action_from_json(data: object) -> Action:
    """Read the readable form; :class:`MalformedAction` names what is wrong."""
    if not isinstance(data, dict):
        raise MalformedAction(f"an action is a JSON object, not {type(data).__name__}")
    kind = data.get("kind")
    if not isinstance(kind, str) or kind not in PARAMS:
        known = ", ".join(PARAMS)
        raise MalformedAction(f"unknown action kind {kind!r}; known kinds: {known}")
    params = PARAMS[kind]
    names = {name for name, _, _ in params}
    extra = sorted(set(data) - names - {"kind"})
    if extra:
        raise MalformedAction(f"{kind} takes no field {extra[0]!r}")
    values: list[int] = []
    for name, count, low in params:
        if name not in data:
            raise MalformedAction(f"{kind} needs the field {name!r}")
        value = data[name]
        if isinstance(value, bool) or not isinstance(value, int):
            raise MalformedAction(f"{kind}.{name} must be an integer, not {value!r}")
        if not low <= value < low + count:
            raise MalformedAction(f"{kind}.{name} must be {low}-{low + count - 1}, not {value}")
        values.append(value)
    return Action(kind, tuple(values))


# =============================================================================================
# State
# =============================================================================================


class Pending(msgspec.Struct, frozen=True):
    """An automatic effect waiting to resolve: its owner (-1: the event's targets), its source
    (divination id, ``SOURCE_SHAMAN + shaman``, ``SOURCE_EVENT + event``) and the space it refers
    to (a placed event's or a slay's, else -1)."""

    owner: int
    source: int
    space: int = -1
    score: bool = False


class LogEntry(msgspec.Struct, frozen=True, array_like=True):
    """One entry of the chance-and-cards log: every random draw and every card drawn, the
    public card events (an objective revealed, ``reveal``; one shown at the end, ``final``) and
    objectives discarded face down (``discard``, its card seen by its owner only)."""

    day: int
    kind: str
    player: int
    value: int


class Gain(msgspec.Struct, frozen=True):
    """One favor gain as it happened, for the narration (never part of a state): who, how much,
    from which of :data:`FAVOR_SOURCES`, the card behind it (an effect's source id, the
    objective for ``objective`` and ``held``, else -1) and how long the log was then."""

    player: int
    amount: int
    source: str
    card: int
    at: int


class State(msgspec.Struct, frozen=True):
    """Everything about a game in progress. Per-player tuples are indexed by seat (clockwise);
    board tuples by ``[player][space]``."""

    players: int
    tower_model: str
    draft: str
    rng: Rng
    day: int
    phase: str  # draft, setup, order, action, rest, over
    step: str  # the decision the phase waits for (see Work.decider)
    first: int
    turn: int
    surge: int
    stage: int  # the next automatic rest-phase step
    # per player
    shaman: tuple[int, ...]
    stronghold: tuple[int, ...]
    favor: tuple[int, ...]
    scored: tuple[tuple[int, ...], ...]
    """Per player, the favor gained per day and source, flat: ``[(day - 1) *
    len(FAVOR_SOURCES) + source]``. A player's entries always add up to their favor."""
    available: tuple[int, ...]
    spent: tuple[int, ...]
    unearned: tuple[int, ...]
    tower: tuple[int, ...]
    stuck: tuple[int, ...]
    zones: tuple[tuple[int, ...], ...]
    reserves: tuple[int, ...]
    anger: tuple[int, ...]
    limbo: tuple[int, ...]
    divs: tuple[tuple[int, ...], ...]
    objs: tuple[tuple[int, ...], ...]
    committed: tuple[bool, ...]
    draft_bids: tuple[int, ...]
    # board
    warriors: tuple[tuple[int, ...], ...]
    dead: tuple[tuple[int, ...], ...]
    shaman_at: tuple[int, ...]
    shaman_alive: tuple[bool, ...]
    slots: tuple[tuple[int, ...], ...]  # per space: 0 empty, -1 blood, p + 1 a heart of p
    # cards
    row: tuple[int, ...]
    bids: tuple[tuple[int, ...], ...]  # [slot][player]
    div_deck: tuple[int, ...]
    div_discard: tuple[int, ...]
    event_deck: tuple[int, ...]
    event_discard: tuple[int, ...]
    obj_deck: tuple[int, ...]
    obj_discard: tuple[int, ...]
    events_in_play: tuple[tuple[int, int], ...]  # (event, space)
    # the turn in progress
    decide: tuple[int, ...]
    checks: tuple[int, ...]
    order: str
    at: int
    group: int
    steps: int
    free: int
    moved_here: int  # march: 0 nothing, 1 dropped off, 2 picked up in this space
    recruits: int
    bonus: int
    actions_left: int
    first_turn: bool
    used: tuple[int, ...]
    window_space: int
    slain: str
    pending: tuple[Pending, ...]
    chooser: int
    drawer: int
    log: tuple[LogEntry, ...]
    moving: tuple[int, ...] = ()
    """Events that scored and now move to another space, chosen by the first player."""


_NESTED = frozenset({"zones", "divs", "objs", "warriors", "dead", "slots", "bids", "scored"})
_FIELDS: tuple[str, ...] = State.__struct_fields__
_FLAT = tuple(
    name
    for name, kind in State.__annotations__.items()
    if str(kind).startswith("tuple[") and name not in _NESTED
)


class Work(fx.Table):
    """A mutable copy of a state for the length of one ``apply``; implements the effect table."""

    c: Content
    """The content this game is played with (not part of the state)."""
    players: int
    tower_model: str
    draft: str
    rng: Rng
    day: int
    phase: str
    step: str
    first: int
    turn: int
    surge: int
    stage: int
    shaman: list[int]
    stronghold: list[int]
    favor: list[int]
    scored: list[list[int]]
    available: list[int]
    spent: list[int]
    unearned: list[int]
    tower: list[int]
    stuck: list[int]
    zones: list[list[int]]
    reserves: list[int]
    anger: list[int]
    limbo: list[int]
    divs: list[list[int]]
    objs: list[list[int]]
    committed: list[bool]
    draft_bids: list[int]
    warriors: list[list[int]]
    dead: list[list[int]]
    shaman_at: list[int]
    shaman_alive: list[bool]
    slots: list[list[int]]
    row: list[int]
    bids: list[list[int]]
    div_deck: list[int]
    div_discard: list[int]
    event_deck: list[int]
    event_discard: list[int]
    obj_deck: list[int]
    obj_discard: list[int]
    events_in_play: list[tuple[int, int]]
    decide: list[int]
    checks: list[int]
    order: str
    at: int
    group: int
    steps: int
    free: int
    moved_here: int
    recruits: int
    bonus: int
    actions_left: int
    first_turn: bool
    used: list[int]
    window_space: int
    slain: str
    pending: list[Pending]
    chooser: int
    drawer: int
    log: list[LogEntry]
    moving: list[int]
    journal: list[Gain] | None = None
    """Set to a list, every favor gain is also recorded here in order (see :func:`gains_of`)."""

    @classmethod
    def thaw(cls, state: State, content: Content | None = None) -> Work:
        """A mutable copy: tuples become lists (nested ones two levels deep)."""
        work = cls.__new__(cls)
        values = msgspec.structs.asdict(state)
        for name in _FLAT:
            values[name] = list(values[name])
        for name in _NESTED:
            values[name] = [list(inner) for inner in values[name]]
        work.__dict__.update(values)
        work.c = content or default_content()
        return work

    def freeze(self) -> State:
        """The immutable state again."""
        values = dict(self.__dict__)
        del values["c"]
        values.pop("journal", None)
        for name in _FLAT:
            values[name] = tuple(values[name])
        for name in _NESTED:
            values[name] = tuple(map(tuple, values[name]))
        return State(**values)

    # --- small facts --------------------------------------------------------------------------

    def seats_from(self, start: int) -> list[int]:
        """Every seat, clockwise, starting with ``start``."""
        return [(start + k) % self.players for k in range(self.players)]

    def active(self) -> tuple[int, ...]:
        """The spaces that exist in this game."""
        return self.c.active_spaces(self.players)

    def log_event(self, kind: str, player: int, value: int) -> None:
        """Record a draw or a public card event in the log."""
        self.log.append(LogEntry(self.day, kind, player, value))

    def living(self, p: int, s: int) -> int:
        """Living units of ``p`` in ``s``: warriors and a standing shaman."""
        return self.warriors[p][s] + (1 if self.shaman_at[p] == s and self.shaman_alive[p] else 0)

    def occupies(self, p: int, s: int) -> bool:
        """Any living unit of ``p`` there."""
        return self.living(p, s) > 0

    def controls(self, p: int, s: int) -> bool:
        """Nobody else has as many or more living units there (so you must occupy it)."""
        mine = self.living(p, s)
        if mine == 0:
            return False
        return all(self.living(q, s) < mine for q in range(self.players) if q != p)

    def contests(self, p: int, s: int) -> bool:
        """``p`` and someone else both occupy ``s``."""
        return self.occupies(p, s) and any(
            self.occupies(q, s) for q in range(self.players) if q != p
        )

    def tunnels(self) -> set[int]:
        """Printed tunnels of existing spaces, and spaces an event gives a tunnel."""
        active = self.active()
        found = {t for t in self.c.tunnels if t in active}
        for event, space in self.events_in_play:
            if space >= 0 and self.c.events[event].tunnel:
                found.add(space)
        return found

    def adjacent(self, s: int) -> tuple[int, ...]:
        """Spaces joined to ``s`` by a dashed border or a tunnel, among existing spaces."""
        printed = self.c.adjacency[self.players][s]
        if not any(self.c.events[e].tunnel and at >= 0 for e, at in self.events_in_play):
            return printed
        tunnels = self.tunnels()
        if s not in tunnels:
            return printed
        return tuple(sorted(set(printed) | (tunnels - {s})))

    @classmethod
    def reader(cls, state: State, content: Content | None = None) -> Work:
        """A read-only working view sharing the state's tuples (no copying), for queries."""
        work = cls.__new__(cls)
        work.__dict__.update(msgspec.structs.asdict(state))
        work.c = content or default_content()
        return work

    def enemy_units(self, p: int, s: int) -> int:
        """Units of other players in ``s``, living or dead."""
        total = 0
        for q in range(self.players):
            if q != p:
                total += self.warriors[q][s] + self.dead[q][s] + (self.shaman_at[q] == s)
        return total

    def sources(self, p: int) -> list[int]:
        """The effect sources ``p`` owns: their shaman's ability and their divinations."""
        return [SOURCE_SHAMAN + self.shaman[p], *self.divs[p]] if self.shaman[p] >= 0 else []

    def effect(self, source: int) -> fx.EffectDef:
        """The effect of a source (a divination id or ``SOURCE_SHAMAN + shaman``)."""
        if source >= SOURCE_SHAMAN:
            return self.c.shamans[source - SOURCE_SHAMAN].ability
        return self.c.divinations[source].effect

    def hearts_on_board(self, p: int) -> int:
        """Hearts ``p`` still has on the action board."""
        return sum(self.zones[p])

    # --- the effect table (primitives the effect interpreter may use) -------------------------

    def count(self, counter: str, player: int, space: int) -> int:
        p = player
        if counter == "one":
            return 1
        spaces = self.active()
        if counter in BUILDINGS:
            return sum(1 for s in spaces if self.c.building[s] == counter and self.controls(p, s))
        if counter == "controlled":
            return sum(1 for s in spaces if self.controls(p, s))
        if counter == "controlled_with_enemy":
            return sum(1 for s in spaces if self.controls(p, s) and self.enemy_units(p, s) > 0)
        if counter == "contested":
            return sum(1 for s in spaces if self.contests(p, s))
        if counter == "occupied":
            return sum(1 for s in spaces if self.occupies(p, s))
        if counter == "tunnels_occupied":
            return sum(1 for s in self.tunnels() if self.occupies(p, s))
        if counter == "strongholds":
            return sum(1 for s in set(self.stronghold) if self.controls(p, s))
        if counter == "own_stronghold":
            return int(self.controls(p, self.stronghold[p]))
        if counter == "monolith":
            return int(self.controls(p, self.c.monolith))
        if counter == "anger":
            return self.anger[p]
        if counter == "divinations":
            return len(self.divs[p])
        if counter == "dead_enemies":
            total = 0
            for s in spaces:
                if self.controls(p, s):
                    for q in range(self.players):
                        if q != p:
                            total += self.dead[q][s]
                            total += self.shaman_at[q] == s and not self.shaman_alive[q]
            return total
        if counter == "living_warriors":
            return sum(self.warriors[p])
        if counter == "building_kinds":
            return len({self.c.building[s] for s in spaces if self.controls(p, s)} - {""})
        if counter == "shaman_monolith":
            return int(self.shaman_alive[p] and self.shaman_at[p] == self.c.monolith)
        if counter == "shaman_enemy_stronghold":
            here = self.shaman_at[p]
            others = {self.stronghold[q] for q in range(self.players) if q != p}
            return int(self.shaman_alive[p] and here in others and here != self.stronghold[p])
        if counter == "strong_spaces":
            return sum(1 for s in spaces if self.living(p, s) >= 3 and self.controls(p, s))
        if counter == "near_monolith":
            return sum(1 for s in self.adjacent(self.c.monolith) if self.controls(p, s))
        if counter == "empty_reserves":
            return int(self.reserves[p] == 0)
        if counter == "slain_warrior":
            return int(self.slain == "warrior")
        if counter == "slain_shaman":
            return int(self.slain == "shaman")
        if space < 0:
            return 0
        if counter == "shaman_here":
            return int(self.shaman_alive[p] and self.shaman_at[p] == space)
        if counter == "control_here":
            return int(self.controls(p, space))
        if counter == "occupy_here":
            return int(self.occupies(p, space))
        if counter == "enemies_here":
            return self.enemy_units(p, space) if self.controls(p, space) else 0
        raise ValueError(f"unknown counter {counter!r}")  # pragma: no cover - validated

    def gain_favor(self, player: int, amount: int, source: int) -> None:
        """An effect's favor, counted for its card: a divination, shaman ability or event."""
        if source >= SOURCE_EVENT:
            self.score(player, amount, "event", source)
        elif source >= SOURCE_SHAMAN:
            self.score(player, amount, "shaman", source)
        else:
            self.score(player, amount, "divination", source)

    def score(self, player: int, amount: int, source: str, card: int = -1) -> None:
        """Every favor gain comes here: the favor, and the breakdown by day and source."""
        self.favor[player] += amount
        self.scored[player][(self.day - 1) * len(FAVOR_SOURCES) + SOURCE_INDEX[source]] += amount
        if self.journal is not None:
            self.journal.append(Gain(player, amount, source, card, len(self.log)))

    def take_unearned(self, player: int, amount: int, to: str) -> None:
        amount = min(amount, self.unearned[player])
        self.unearned[player] -= amount
        if to == "available":
            self.available[player] += amount
        else:
            self.zones[player][ZONES.index(to)] += amount

    def add_anger(self, player: int, amount: int) -> None:
        amount = min(amount, self.reserves[player])
        self.reserves[player] -= amount
        self.anger[player] += amount

    def add_steps(self, amount: int) -> None:
        self.free += amount

    def add_recruits(self, amount: int) -> None:
        self.bonus += amount

    def draw_objectives(self, player: int, amount: int) -> None:
        for _ in range(amount):
            card = self.draw("obj")
            if card >= 0:
                self.objs[player].append(card)
                self.log_event("objective", player, card)

    # --- chance: decks and the tower ----------------------------------------------------------

    def draw(self, deck: str) -> int:
        """The top card of a deck; an empty deck is reshuffled from its discards first."""
        cards: list[int] = getattr(self, f"{deck}_deck")
        discard: list[int] = getattr(self, f"{deck}_discard")
        if not cards and discard:
            shuffled, self.rng = self.rng.shuffled(discard)
            cards.extend(shuffled)
            discard.clear()
            self.log_event("shuffle", -1, ("div", "obj", "event").index(deck))
        if not cards:
            return -1
        return cards.pop(0)

    def drop(self, p: int, hearts: int) -> None:
        """Drop hearts into the monolith; in the sticky model each may stick inside."""
        for _ in range(hearts):
            self.tower[p] += 1
            if self.tower_model != "sticky":
                continue
            for q in range(self.players):
                for _ in range(self.stuck[q]):
                    roll, self.rng = self.rng.random()
                    if roll < 1 / 3:
                        self.stuck[q] -= 1
                        self.log_event("fall", q, 1)
            roll, self.rng = self.rng.random()
            if roll < 2 / 3:
                self.log_event("fall", p, 0)
            else:
                self.stuck[p] += 1
                self.log_event("stick", p, 0)

    def lift(self) -> None:
        """Lift the monolith: each heart on its base lands in a zone at random."""
        for p in range(self.players):
            falling = self.tower[p] - self.stuck[p]
            for _ in range(falling):
                zone, self.rng = self.rng.randbelow(3)
                self.zones[p][zone] += 1
                self.log_event("land", p, zone)
            self.tower[p] = self.stuck[p]

    # --- bookkeeping shared by the phases ------------------------------------------------------

    def release_boasts(self) -> None:
        """Hearts in boast slots of a space their owner no longer occupies go back to spent."""
        for s, slots in enumerate(self.slots):
            for k, mark in enumerate(slots):
                if mark > 0 and not self.occupies(mark - 1, s):
                    slots[k] = 0
                    self.spent[mark - 1] += 1

    def cremate(self, p: int, s: int) -> None:
        """Dead warriors of ``p`` in ``s`` stand up in the anger pool."""
        self.anger[p] += self.dead[p][s]
        self.dead[p][s] = 0

    def queue_auto(self, owner: int, window: str, space: int = -1) -> None:
        """Open a window for ``owner``: their automatic effects wait in ``pending``."""
        for source in self.sources(owner):
            effect = self.effect(source)
            if effect.window == window and not effect.optional:
                self.pending.append(Pending(owner, source, space))
        self.chooser = owner

    def usable(self, p: int, window: str) -> list[int]:
        """Optional effects ``p`` may use now, once per window, if they can pay."""
        out = []
        for source in self.sources(p):
            effect = self.effect(source)
            if (
                effect.window == window
                and effect.optional
                and source not in self.used
                and self.anger[p] >= effect.anger
            ):
                out.append(source)
        return out

    def resolve(self, index: int) -> None:
        """Resolve one pending automatic effect (an event's for each of its targets)."""
        item = self.pending.pop(index)
        if item.source >= SOURCE_EVENT:
            event = self.c.events[item.source - SOURCE_EVENT]
            ops = event.score if item.score else event.reveal
            targets = self.seats_from(self.first) if item.owner < 0 else [item.owner]
            before = sum(self.favor)
            for p in targets:
                fx.run_ops(self, ops, p, item.space, source=item.source)
            if item.score and event.after_score == "discard":
                self.remove_event(item.source - SOURCE_EVENT)
            if item.score and event.after_score == "move" and sum(self.favor) > before:
                self.moving.append(item.source - SOURCE_EVENT)
            return
        fx.run_ops(self, self.effect(item.source).ops, item.owner, item.space, source=item.source)

    def remove_event(self, event: int) -> None:
        """An event leaves play for the discard pile."""
        self.events_in_play = [(e, s) for e, s in self.events_in_play if e != event]
        self.event_discard.append(event)

    def take_card(self, p: int, slot: int) -> None:
        """``p`` takes the card: their bid to spent, everyone else's back to available."""
        for q in range(self.players):
            if q == p:
                self.spent[q] += self.bids[slot][q]
            else:
                self.available[q] += self.bids[slot][q]
            self.bids[slot][q] = 0
        self.divs[p].append(self.row[slot])
        self.row[slot] = -1

    def highest(self, slot: int) -> int:
        """The seat with the highest bid on a row slot (bids never tie), or -1."""
        top = max(self.bids[slot])
        return self.bids[slot].index(top) if top > 0 else -1

    # --- who decides --------------------------------------------------------------------------

    def decider(self) -> tuple[int, str]:
        """The player to decide and what about (see the module docstring)."""
        if self.phase == "over":
            return -1, "over"
        if len(self.pending) >= 2:
            return self.chooser, "resolve"
        order = self.seats_from(self.first)
        for p in order:
            if len(self.divs[p]) > MAX_HELD:
                return p, "discard_divination"
        for p in order:
            if len(self.objs[p]) > MAX_HELD:
                return p, "discard_objective"
        if self.moving:
            return self.first, "move_event"
        if self.decide:
            return self.decide[0], self.step
        return self.turn, self.step


# =============================================================================================
# Setup
# =============================================================================================


def new_state(players: int, seed: int, tower: str, draft: str, content: Content) -> State:
    """Lock the corner, place the monolith's blood, shuffle and deal, then shamans (random or by
    draft) and the keep-one-of-two objective choice."""
    n = players
    spaces = len(content.spaces)
    rng = Rng(seed)
    w = Work.__new__(Work)
    w.c = content
    w.__dict__.update(
        players=n,
        tower_model=tower,
        draft=draft,
        rng=rng,
        day=1,
        phase="setup",
        step="",
        first=0,
        turn=0,
        surge=-1,
        stage=0,
        shaman=[-1] * n,
        stronghold=list(content.stronghold_seats(n)),
        favor=[0] * n,
        scored=[[0] * (DAYS * len(FAVOR_SOURCES)) for _ in range(n)],
        available=[0] * n,
        spent=[0] * n,
        unearned=[0] * n,
        tower=[0] * n,
        stuck=[0] * n,
        zones=[[0, 0, 0] for _ in range(n)],
        reserves=[0] * n,
        anger=[0] * n,
        limbo=[0] * n,
        divs=[[] for _ in range(n)],
        objs=[[] for _ in range(n)],
        committed=[False] * n,
        draft_bids=[0] * n,
        warriors=[[0] * spaces for _ in range(n)],
        dead=[[0] * spaces for _ in range(n)],
        shaman_at=[-1] * n,
        shaman_alive=[True] * n,
        slots=[[0] * space.slots for space in content.spaces],
        row=[-1] * n,
        bids=[[0] * n for _ in range(n)],
        div_deck=[],
        div_discard=[],
        event_deck=[],
        event_discard=[],
        obj_deck=[],
        obj_discard=[],
        events_in_play=[],
        decide=[],
        checks=[],
        order="",
        at=-1,
        group=0,
        steps=0,
        free=0,
        moved_here=0,
        recruits=0,
        bonus=0,
        actions_left=0,
        first_turn=False,
        used=[],
        window_space=-1,
        slain="",
        pending=[],
        chooser=0,
        drawer=-1,
        log=[],
        moving=[],
    )
    for k in content.blood:
        w.slots[content.monolith][k] = -1
    for deck, size in (
        ("div", N_DIVINATIONS),
        ("event", N_EVENTS),
        ("obj", len(content.objectives)),
    ):
        cards, w.rng = w.rng.shuffled(range(size))
        getattr(w, f"{deck}_deck").extend(cards)
        w.log_event("shuffle", -1, ("div", "obj", "event").index(deck))
    for slot in range(n):
        w.row[slot] = w.draw("div")
        w.log_event("deal", -1, w.row[slot])
    w.first, w.rng = w.rng.randbelow(n)
    w.log_event("first", w.first, w.first)
    if draft == "bid":
        w.phase, w.step, w.decide = "draft", "draft_bid", w.seats_from(w.first)
    else:
        chosen, w.rng = w.rng.sample(range(N_SHAMANS), n)
        for p, shaman in enumerate(chosen):
            w.log_event("shaman", p, shaman)
            setup_shaman(w, p, shaman)
        deal_objectives(w)
    return w.freeze()


def setup_shaman(w: Work, p: int, shaman: int) -> None:
    """Follow the shaman card's setup for player ``p``."""
    card = w.c.shamans[shaman]
    home = w.stronghold[p]
    w.shaman[p] = shaman
    w.available[p] = card.hearts_available
    w.unearned[p] = card.hearts_unearned
    w.warriors[p][home] += card.warriors_stronghold
    w.warriors[p][w.c.monolith] += card.warriors_monolith
    w.reserves[p] = card.warriors_reserves
    w.anger[p] = card.warriors_anger
    w.shaman_at[p] = w.c.monolith if card.start == "monolith" else home


def deal_objectives(w: Work) -> None:
    """Each player draws two objectives and keeps one."""
    for p in range(w.players):
        w.draw_objectives(p, 2)
    w.phase, w.step, w.decide = "setup", "keep_objective", w.seats_from(w.first)


# =============================================================================================
# Legal actions
# =============================================================================================


def legal(w: Work) -> list[Action]:
    """Every legal action of the deciding player."""
    p, what = w.decider()
    if what == "over":
        return []
    if what == "resolve":
        return [act("resolve", i) for i in range(len(w.pending))]
    if what == "discard_divination":
        return [act("discard_divination", i) for i in range(len(w.divs[p]))]
    if what == "discard_objective":
        return [act("discard_objective", i) for i in range(len(w.objs[p]))]
    if what == "keep_objective":
        return [act("keep_objective", i) for i in range(len(w.objs[p]))]
    if what == "draft_bid":
        return [act("draft_bid", h) for h in range(DRAFT_MAX_BID + 1)]
    if what == "draft_pick":
        taken = set(w.shaman)
        return [act("draft_pick", s) for s in range(N_SHAMANS) if s not in taken]
    if what == "checks":
        return legal_checks(w, p)
    if what == "order":
        return legal_orders(w, p) + [act("use_effect", s) for s in w.usable(p, "order_turn")]
    if what == "march":
        return legal_march(w, p) + [act("use_effect", s) for s in w.usable(p, "march")]
    if what == "shaman":
        out = [act("step", t) for t in w.adjacent(w.at)] if w.steps < w.free else []
        return [*out, act("stop"), *(act("use_effect", s) for s in w.usable(p, "shaman"))]
    if what == "recruit":
        return legal_recruit(w, p) + [act("use_effect", s) for s in w.usable(p, "recruit")]
    if what == "action":
        return legal_action_phase(w, p) + [act("use_effect", s) for s in w.usable(p, "action_turn")]
    if what == "slay_window":
        return [act("use_effect", s) for s in w.usable(p, "slay")] + [act("pass")]
    if what == "rest_optional":
        return [act("use_effect", s) for s in w.usable(p, "rest_score")] + [act("pass")]
    if what == "reveal":
        return [act("reveal_objective", i) for i in revealable(w, p)] + [act("pass")]
    if what == "place_event":
        return [act("place_event", s) for s in w.active()]
    if what == "move_event":
        here = dict(w.events_in_play)[w.moving[0]]
        return [act("place_event", s) for s in w.active() if s != here]
    raise AssertionError(f"no decision for step {what!r}")  # pragma: no cover


def legal_checks(w: Work, p: int) -> list[Action]:
    """Take where highest; where outbid, raise to beat the top bid or forfeit."""
    out: list[Action] = []
    for slot in w.checks:
        mine = w.bids[slot][p]
        top = max(w.bids[slot][q] for q in range(w.players) if q != p)
        if mine > top:
            out.append(act("take", slot))
        else:
            need = top - mine + 1
            out.extend(act("raise", slot, h) for h in range(need, w.available[p] + 1))
            out.append(act("forfeit", slot))
    return out


def legal_orders(w: Work, p: int) -> list[Action]:
    """The five orders; all but commit need at least one available heart."""
    out: list[Action] = []
    have = w.available[p]
    if have >= 1:
        for s in w.active():
            out.extend(act("march", s, k) for k in range(1, w.warriors[p][s] + 1))
        if w.shaman_alive[p]:
            out.append(act("shaman"))
        deployable = w.reserves[p] + w.anger[p]
        out.extend(act("recruit", h) for h in range(2, min(have, deployable) + 1))
        for slot, card in enumerate(w.row):
            if card < 0 or w.bids[slot][p] > 0:
                continue
            top = max(w.bids[slot])
            out.extend(act("bid", slot, h) for h in range(top + 1, have + 1))
    out.append(act("commit"))
    return out


def legal_march(w: Work, p: int) -> list[Action]:
    """Step while hearts (or free steps after the first) last; drop off / pick up once moved."""
    out: list[Action] = []
    if w.available[p] >= 1 or (w.steps >= 1 and w.free >= 1):
        out.extend(act("step", t) for t in w.adjacent(w.at))
    if w.steps >= 1:
        if w.group >= 2 and w.moved_here != 2:
            out.append(act("drop_off"))
        if w.warriors[p][w.at] > w.group and w.moved_here != 1:
            out.append(act("pick_up"))
        out.append(act("stop"))
    return out


def recruit_spaces(w: Work, p: int) -> list[int]:
    """Your stronghold space, always, and the mausoleum spaces you occupy."""
    out = {w.stronghold[p]}
    out.update(s for s in w.active() if w.c.building[s] == "mausoleum" and w.occupies(p, s))
    return sorted(out)


def legal_recruit(w: Work, p: int) -> list[Action]:
    """Deploy while paid or free warriors remain; stop only once the paid ones are out."""
    out: list[Action] = []
    if w.recruits > 0 or w.bonus > 0:
        for s in recruit_spaces(w, p):
            if w.reserves[p]:
                out.append(act("deploy", s, 0))
            if w.anger[p]:
                out.append(act("deploy", s, 1))
    if w.recruits == 0 or not out:
        out.append(act("stop"))
    return out


def legal_action_phase(w: Work, p: int) -> list[Action]:
    """Every action the hearts on the board pay for, plus relent and manipulate fate."""
    out: list[Action] = []
    zones = w.zones[p]
    spaces = w.active()
    mine = [s for s in spaces if w.occupies(p, s)]
    if zones[SLAY]:
        for s in mine:
            for q in range(w.players):
                if q == p:
                    continue
                if w.warriors[q][s]:
                    out.append(act("slay", s, q, 0))
                elif w.shaman_at[q] == s and w.shaman_alive[q]:
                    out.append(act("slay", s, q, 1))
    if zones[MANEUVER]:
        for s in mine:
            targets = w.adjacent(s)
            if w.warriors[p][s]:
                out.extend(act("maneuver", s, t, 0) for t in targets)
            if w.shaman_at[p] == s and w.shaman_alive[p]:
                out.extend(act("maneuver", s, t, 1) for t in targets)
    if zones[BOAST]:
        out.extend(act("boast", s) for s in mine if 0 in w.slots[s] and w.contests(p, s))
    for zone in range(3):
        if zones[zone]:
            out.extend(act("sacrifice", s, zone) for s in mine if w.warriors[p][s])
    out.append(act("relent"))
    if w.anger[p]:
        out.extend(act("fate", zone) for zone in range(3) if zones[zone])
    return out


def revealable(w: Work, p: int) -> list[int]:
    """Indexes of ``p``'s objectives whose condition is met now."""
    return [i for i, card in enumerate(w.objs[p]) if objective_score(w, p, card) > 0]


def objective_score(w: Work, p: int, card: int) -> int:
    """What revealing the objective scores now (0: its condition does not hold)."""
    objective = w.c.objectives[card]
    count = w.count(objective.count, p, -1)
    if count < objective.min:
        return 0
    return objective.favor + objective.per * count


# =============================================================================================
# Apply, per phase
# =============================================================================================


def perform(w: Work, a: Action) -> None:
    """Carry out one legal action (legality is checked before)."""
    p, what = w.decider()
    kind, args = a.kind, a.args
    if kind == "resolve":
        w.resolve(args[0])
    elif kind == "discard_divination":
        w.div_discard.append(w.divs[p].pop(args[0]))
    elif kind == "discard_objective":
        discard_objective(w, p, args[0])
    elif kind == "keep_objective":
        discard_objective(w, p, 1 - args[0])
        w.decide.pop(0)
    elif kind == "draft_bid":
        w.draft_bids[p] = args[0]
        w.decide.pop(0)
    elif kind == "draft_pick":
        w.decide.pop(0)
        w.shaman[p] = args[0]
    elif kind == "use_effect":
        use_effect(w, p, args[0], what)
    elif kind == "pass":
        if what == "slay_window":
            w.step = "action"  # back to the action turn, whose uses are remembered
        else:
            w.decide.pop(0)
            w.used.clear()
    elif what == "checks":
        perform_check(w, p, kind, args)
    elif what == "order":
        perform_order(w, p, kind, args)
    elif what == "march":
        if kind == "step":
            march_step(w, p, args[0])
        else:
            perform_march(w, p, kind)
    elif what == "shaman":
        if kind == "step":
            w.steps += 1
            w.at = w.shaman_at[p] = args[0]
            w.cremate(p, args[0])
            w.release_boasts()
        else:
            end_order(w)
    elif what == "recruit":
        if kind == "deploy":
            deploy(w, p, args[0], args[1])
        else:
            end_order(w)
    elif what == "action":
        perform_action(w, p, kind, args)
    elif kind == "reveal_objective":
        card = w.objs[p].pop(args[0])
        w.score(p, objective_score(w, p, card), "objective", card)
        w.obj_discard.append(card)
        w.log_event("reveal", p, card)
    elif kind == "place_event" and what == "move_event":
        event = w.moving.pop(0)
        w.events_in_play = [(e, args[0] if e == event else s) for e, s in w.events_in_play]
    elif kind == "place_event":
        place_event(w, args[0])
    else:  # pragma: no cover - legal() offers nothing else
        raise AssertionError(f"unhandled {kind} in {what}")


def discard_objective(w: Work, p: int, index: int) -> None:
    """An objective goes face down onto the discard pile. The log records which (views show the
    card to its owner only), so that a player's view can tell where each card they saw is."""
    card = w.objs[p].pop(index)
    w.obj_discard.append(card)
    w.log_event("discard", p, card)


def use_effect(w: Work, p: int, source: int, what: str) -> None:
    """Pay the cost of an optional effect, then run it in the open window's context."""
    effect = w.effect(source)
    if effect.cost == "discard":
        w.divs[p].remove(source)
        w.div_discard.append(source)
    w.anger[p] -= effect.anger
    w.limbo[p] += effect.anger
    w.used.append(source)
    space = w.window_space if what == "slay_window" else -1
    fx.run_ops(w, effect.ops, p, space, source=source)


# --- order phase -----------------------------------------------------------------------------


def begin_order_phase(w: Work) -> None:
    """A new order phase: nobody has committed, the surge marker is free."""
    w.phase = "order"
    w.committed = [False] * w.players
    w.surge = -1
    start_order_turn(w, w.first)


def start_order_turn(w: Work, p: int) -> None:
    """At the start of a turn, check the divination row (take, raise or forfeit)."""
    w.turn = p
    w.used.clear()
    w.order = ""
    w.checks = [slot for slot in range(len(w.row)) if w.bids[slot][p] > 0]
    w.step = "checks"


def open_order_choice(w: Work) -> None:
    """Checks done: open the order-turn window, then the player picks an order."""
    w.step = "order"
    w.queue_auto(w.turn, "order_turn")


def perform_check(w: Work, p: int, kind: str, args: tuple[int, ...]) -> None:
    """Take, raise or forfeit on one slot of the divination row."""
    slot = args[0]
    w.checks.remove(slot)
    if kind == "take":
        w.take_card(p, slot)
    elif kind == "raise":
        w.available[p] -= args[1]
        w.bids[slot][p] += args[1]
    else:  # forfeit
        w.available[p] += w.bids[slot][p]
        w.bids[slot][p] = 0


def perform_order(w: Work, p: int, kind: str, args: tuple[int, ...]) -> None:
    """Start an order: multi-step ones (march, shaman, recruit) open their window."""
    w.used.clear()
    if kind == "march":
        w.order, w.at, w.group, w.steps, w.free, w.moved_here = "march", args[0], args[1], 0, 0, 0
        w.step = "march"
        w.queue_auto(p, "march")
    elif kind == "shaman":
        w.available[p] -= 1
        w.spent[p] += 1
        w.order, w.at, w.steps, w.free = "shaman", w.shaman_at[p], 0, SHAMAN_STEPS
        w.cremate(p, w.at)
        w.step = "shaman"
        w.queue_auto(p, "shaman")
    elif kind == "recruit":
        w.available[p] -= args[0]
        w.spent[p] += args[0]
        w.order, w.recruits = "recruit", args[0]
        w.bonus = w.count("mausoleum", p, -1)
        w.step = "recruit"
        w.queue_auto(p, "recruit")
    elif kind == "bid":
        w.available[p] -= args[1]
        w.bids[args[0]][p] += args[1]
        end_order(w)
    elif kind == "commit":
        commit(w, p)
        end_order(w)


def march_step(w: Work, p: int, to: int) -> None:
    """Move the group one space; the first step is paid, later ones use free steps first."""
    if w.steps >= 1 and w.free >= 1:
        w.free -= 1
    else:
        w.available[p] -= 1
        w.spent[p] += 1
    w.warriors[p][w.at] -= w.group
    w.warriors[p][to] += w.group
    w.at = to
    w.steps += 1
    w.moved_here = 0
    w.release_boasts()


def perform_march(w: Work, p: int, kind: str) -> None:
    """Drop off or pick up one warrior where the group stands, or end the march."""
    if kind == "drop_off":
        w.group -= 1
        w.moved_here = 1
    elif kind == "pick_up":
        w.group += 1
        w.moved_here = 2
    elif kind == "stop":
        end_order(w)


def deploy(w: Work, p: int, space: int, source: int) -> None:
    """Place one recruited warrior; the order ends when nothing is left to deploy."""
    if source == 0:
        w.reserves[p] -= 1
    else:
        w.anger[p] -= 1
    w.warriors[p][space] += 1
    if w.recruits > 0:
        w.recruits -= 1
    else:
        w.bonus -= 1
    if w.recruits == 0 and (w.bonus == 0 or w.reserves[p] + w.anger[p] == 0):
        end_order(w)


def commit(w: Work, p: int) -> None:
    """Drop available hearts and outbid bids into the monolith; the first to commit surges."""
    hearts = w.available[p]
    w.available[p] = 0
    for slot in range(len(w.row)):
        mine = w.bids[slot][p]
        if mine and w.highest(slot) != p:
            hearts += mine
            w.bids[slot][p] = 0
    w.drop(p, hearts)
    w.committed[p] = True
    if w.surge < 0:
        w.surge = p


def end_order(w: Work) -> None:
    """The order is done: the next player who has not committed takes a turn."""
    w.order, w.step, w.at = "", "", -1
    w.used.clear()
    for p in w.seats_from(w.turn + 1):
        if not w.committed[p]:
            start_order_turn(w, p)
            return
    end_order_phase(w)


def end_order_phase(w: Work) -> None:
    """Each card with bids goes to its highest bidder; the other bids drop into the monolith."""
    for slot in range(len(w.row)):
        winner = w.highest(slot)
        if winner < 0:
            continue
        for q in range(w.players):
            if q != winner and w.bids[slot][q]:
                w.drop(q, w.bids[slot][q])
                w.bids[slot][q] = 0
        w.take_card(winner, slot)
    begin_action_phase(w)


# --- action phase ----------------------------------------------------------------------------


def begin_action_phase(w: Work) -> None:
    """Lift the monolith; the surge holder starts (with four actions) if it has hearts."""
    w.lift()
    w.phase = "action"
    w.step = "action"
    w.turn = w.surge
    if w.hearts_on_board(w.surge):
        start_action_turn(w, w.surge, first=True)
    else:
        next_action_turn(w)


def start_action_turn(w: Work, p: int, *, first: bool = False) -> None:
    """A turn of two actions (four for the surge holder's first) and its window."""
    w.turn = p
    w.step = "action"
    w.actions_left = 4 if first else 2
    w.first_turn = first
    w.used.clear()
    w.queue_auto(p, "action_turn")


def next_action_turn(w: Work) -> None:
    """The next player clockwise with hearts on the board, or the rest phase."""
    for p in w.seats_from(w.turn + 1):
        if w.hearts_on_board(p):
            start_action_turn(w, p)
            return
    begin_rest_phase(w)


def spend_zone(w: Work, p: int, zone: int) -> None:
    """An action's heart goes from its zone back to the spent pool."""
    w.zones[p][zone] -= 1
    w.spent[p] += 1
    w.actions_left -= 1


def perform_action(w: Work, p: int, kind: str, args: tuple[int, ...]) -> None:
    """Slay, maneuver, boast, sacrifice, relent or manipulate fate."""
    if kind == "fate":
        w.anger[p] -= 1
        w.limbo[p] += 1
        w.zones[p][args[0]] -= 1
        w.zones[p][(args[0] + 1) % 3] += 1
        return
    if kind == "relent":
        w.spent[p] += sum(w.zones[p])
        w.zones[p] = [0, 0, 0]
        w.actions_left = 0
        return
    if kind == "slay":
        space, target, is_shaman = args
        spend_zone(w, p, SLAY)
        if is_shaman:
            w.shaman_alive[target] = False
            w.score(p, SHAMAN_FAVOR, "slay")
            w.slain = "shaman"
        else:
            w.warriors[target][space] -= 1
            w.dead[target][space] += 1
            w.score(p, WARRIOR_FAVOR, "slay")
            w.slain = "warrior"
        w.release_boasts()
        # a new slay window: its cards may be used again, the action turn's uses still count
        w.used = [source for source in w.used if w.effect(source).window != "slay"]
        w.window_space = space
        w.queue_auto(p, "slay", space)
        if w.usable(p, "slay"):
            w.step = "slay_window"
    elif kind == "maneuver":
        src, dst, is_shaman = args
        spend_zone(w, p, MANEUVER)
        if is_shaman:
            w.shaman_at[p] = dst
        else:
            w.warriors[p][src] -= 1
            w.warriors[p][dst] += 1
        w.release_boasts()
    elif kind == "boast":
        w.zones[p][BOAST] -= 1
        w.actions_left -= 1
        slots = w.slots[args[0]]
        slots[slots.index(0)] = p + 1
    elif kind == "sacrifice":
        spend_zone(w, p, args[1])
        w.warriors[p][args[0]] -= 1
        w.anger[p] += 1
        w.release_boasts()


def after_action(w: Work) -> None:
    """Pass the turn once the owed actions are taken or the player's hearts are gone."""
    if w.step != "action" or w.pending:
        return
    p = w.turn
    if w.actions_left <= 0 or not w.hearts_on_board(p):
        w.slain, w.window_space = "", -1
        next_action_turn(w)


# --- rest phase ------------------------------------------------------------------------------


def begin_rest_phase(w: Work) -> None:
    """The rest phase runs its nine steps from step 1."""
    w.phase = "rest"
    w.step = ""
    w.turn = w.first
    w.stage = 1


def run_rest_stage(w: Work) -> None:
    """Run the next rest-phase step; steps needing decisions set ``step`` and ``decide``."""
    stage = w.stage
    w.stage += 1
    order = w.seats_from(w.first)
    w.chooser = w.first
    if stage == 1:  # remove the blood
        w.slots = [[0 if m < 0 else m for m in slots] for slots in w.slots]
    elif stage == 2:  # 2a: divinations and shamans with a scoring effect
        for p in order:
            w.queue_auto(p, "rest_score")
        w.chooser = w.first
    elif stage == 3:  # 2a, optional scoring effects, first player first
        w.decide = [p for p in order if w.usable(p, "rest_score")]
        w.used.clear()
        if w.decide:
            w.step = "rest_optional"
    elif stage == 4:  # 2b: events in play with a scoring condition
        for event, space in w.events_in_play:
            if w.c.events[event].score:
                w.pending.append(Pending(-1, SOURCE_EVENT + event, space, score=True))
    elif stage == 5:  # 2c: reveal objectives
        w.decide = [p for p in order if revealable(w, p)]
        if w.decide:
            w.step = "reveal"
    elif stage == 6:  # 2d temples, 2e boasts
        for p in order:
            temples = w.count("temple", p, -1)
            if temples:
                w.score(p, TEMPLE_FAVOR * temples, "temple")
        for slots in w.slots:
            for k, mark in enumerate(slots):
                if mark > 0:
                    p = mark - 1
                    w.spent[p] += 1
                    w.score(p, BOAST_FAVOR, "boast")
                    if w.controls(p, w.c.monolith):
                        w.score(p, MONOLITH_BOAST_FAVOR, "monolith")
                    slots[k] = -1
    elif stage == 7:  # 3: objectives per scriptorium, or the end of the game
        if w.day == DAYS:
            show_final_objectives(w, order)
            w.phase, w.step, w.turn = "over", "over", -1
            return
        for p in order:
            w.draw_objectives(p, w.count("scriptorium", p, -1))
    elif stage == 8:  # 4 reset pools, 5 shamans stand, 6 new row, 7 surge and first player
        for p in order:
            w.available[p] += w.spent[p]
            w.spent[p] = 0
            w.reserves[p] += w.limbo[p]
            w.limbo[p] = 0
            gain = min(UNEARNED_PER_DAY, w.unearned[p])
            w.unearned[p] -= gain
            w.available[p] += gain
            if not w.shaman_alive[p]:
                w.shaman_alive[p] = True
                w.shaman_at[p] = w.stronghold[p]
        w.release_boasts()
        for slot, card in enumerate(w.row):
            if card >= 0:
                w.div_discard.append(card)
            w.row[slot] = w.draw("div")
            if w.row[slot] >= 0:
                w.log_event("deal", -1, w.row[slot])
        w.surge = -1
        day_order = order
        w.first = (w.first + 1) % w.players
        # 8: the least favor draws an event (ties: the latest in this day's turn order)
        low = min(w.favor)
        w.drawer = [p for p in day_order if w.favor[p] == low][-1]
        event = w.draw("event")
        if event >= 0:
            w.log_event("event", w.drawer, event)
            reveal_event(w, event)
    elif stage == 9:  # 9: the next day
        w.day += 1
        w.drawer = -1
        begin_order_phase(w)


def show_final_objectives(w: Work, order: list[int]) -> None:
    """The game ends: each objective still held is shown to everyone (logged), scores and is
    discarded, as a revealed one is, so no hand is secret once the game is over."""
    for p in order:
        for card in w.objs[p]:
            w.log_event("final", p, card)
            w.score(p, HELD_OBJECTIVE_FAVOR, "held", card)
        w.obj_discard.extend(w.objs[p])
        w.objs[p].clear()


def reveal_event(w: Work, event: int) -> None:
    """The drawer places a placed event first; any other resolves now."""
    card = w.c.events[event]
    w.turn = w.drawer
    if card.place:
        w.step = "place_event"
        w.events_in_play.append((event, -1))
        return
    owner = -1 if card.target == "each" else w.drawer
    w.pending.append(Pending(owner, SOURCE_EVENT + event, -1))
    w.event_discard.append(event)


def place_event(w: Work, space: int) -> None:
    """Put the drawn event on its space, then resolve what it does on reveal."""
    event = w.events_in_play[-1][0]
    w.events_in_play[-1] = (event, space)
    w.step = ""
    card = w.c.events[event]
    if card.reveal:
        owner = -1 if card.target == "each" else w.drawer
        w.pending.append(Pending(owner, SOURCE_EVENT + event, space))


# --- advancing to the next decision ----------------------------------------------------------


def advance(w: Work) -> None:
    """Run every automatic step until someone has a decision to make (or the game is over)."""
    while w.phase != "over":
        if len(w.pending) == 1:
            w.resolve(0)
            continue
        if w.pending:
            return
        _, what = w.decider()
        if what in ("discard_divination", "discard_objective", "move_event"):
            return
        if w.step in ("keep_objective", "draft_bid", "draft_pick") and not w.decide:
            finish_setup_step(w)
            continue
        if w.step == "rest_optional":
            if w.decide and not w.usable(w.decide[0], "rest_score"):
                w.decide.pop(0)
                w.used.clear()
                continue
            if not w.decide:
                w.step = ""
                continue
            return
        if w.step == "reveal":
            if w.decide and not revealable(w, w.decide[0]):
                w.decide.pop(0)
                continue
            if not w.decide:
                w.step = ""
                continue
            return
        if w.step == "slay_window" and not w.usable(w.turn, "slay"):
            w.step = "action"
            continue
        if w.step == "checks" and not w.checks:
            open_order_choice(w)
            continue
        if w.step == "action":
            if w.actions_left <= 0 or not w.hearts_on_board(w.turn):
                after_action(w)
                continue
            return
        if w.phase == "rest" and w.step == "":
            run_rest_stage(w)
            continue
        return


def finish_setup_step(w: Work) -> None:
    """After a setup queue: draft bids to picks, picks to setup, objectives to day 1."""
    if w.step == "draft_bid":
        seats = w.seats_from(w.first)
        w.decide = sorted(seats, key=lambda q: (-w.draft_bids[q], seats.index(q)))
        w.step = "draft_pick"
    elif w.step == "draft_pick":
        for p in range(w.players):
            setup_shaman(w, p, w.shaman[p])
            paid = min(w.draft_bids[p], w.available[p])
            w.available[p] -= paid
            w.unearned[p] += paid
        deal_objectives(w)
    else:
        begin_order_phase(w)


# =============================================================================================
# Scoring and the end
# =============================================================================================


def favor_by_day(state: State, player: int) -> list[dict[str, int]]:
    """The favor ``player`` gained on each day, by source (see :data:`FAVOR_SOURCES`)."""
    flat = state.scored[player]
    width = len(FAVOR_SOURCES)
    days = range(0, DAYS * width, width)
    return [dict(zip(FAVOR_SOURCES, flat[at : at + width], strict=True)) for at in days]


def ranking(state: State) -> tuple[int, ...]:
    """Most favor first; ties to the tied player closest to the first player of the last day."""
    n = state.players
    return tuple(
        sorted(range(n), key=lambda p: (-state.favor[p], (p - state.first) % n)),
    )


# =============================================================================================
# The game object
# =============================================================================================


class TheMonolithRules:
    """The Monolith's rules: setup, legal actions, apply, scoring and the encodings. What players
    see and read of a game is added above them, in :mod:`monolith.games.the_monolith.game`."""

    info = GameInfo(
        name="the-monolith",
        title="The Monolith",
        min_players=3,
        max_players=4,
        chance=True,
        hidden_information=True,
        num_actions=NUM_ACTIONS,
        options=OPTIONS,
        max_score=200.0,
        max_length=5_000,  # random games take about 230 moves
        listed=1,
    )

    def __init__(self, content: Content | None = None) -> None:
        self.content = content or default_content()
        self._cache: tuple[State, list[Action]] | None = None

    def _work(self, state: State) -> Work:
        return Work.thaw(state, self.content)

    def _reader(self, state: State) -> Work:
        return Work.reader(state, self.content)

    def forget(self) -> None:
        """Drop the legal actions remembered for the last state (for timings that must start
        cold); nothing a caller sees changes."""
        self._cache = None

    def _legal(self, state: State) -> list[Action]:
        """Legal actions, remembered for the last state asked about: ``apply`` usually follows
        ``legal_actions`` on the same state, and states are immutable."""
        cached = self._cache
        if cached is not None and cached[0] is state:
            return cached[1]
        actions = legal(self._reader(state))
        self._cache = (state, actions)
        return actions

    def new_game(
        self, *, players: int, seed: int, options: Mapping[str, object] | None = None
    ) -> State:
        self.info.check_players(players)
        resolved = self.info.resolve_options(options)
        return new_state(
            players, seed, str(resolved["tower"]), str(resolved["draft"]), self.content
        )

    def num_players(self, state: State) -> int:
        return state.players

    def current_player(self, state: State) -> int | None:
        if state.phase == "over":
            return None
        return self._reader(state).decider()[0]

    def is_terminal(self, state: State) -> bool:
        return state.phase == "over"

    def legal_actions(self, state: State) -> Iterator[Action]:
        return iter(self._legal(state))

    def legal_list(self, state: State) -> list[Action]:
        """The legal actions as a list (what bots and tests usually want)."""
        return list(self._legal(state))

    def apply(self, state: State, action: Action) -> State:
        return self._run(state, action).freeze()

    def _run(self, state: State, action: Action, journal: list[Gain] | None = None) -> Work:
        """Take ``action`` and every automatic step after it, on a working copy."""
        if not isinstance(action, Action):
            raise MalformedAction(f"not a The Monolith action: {action!r}")
        action_to_id(action)  # MalformedAction for an unknown kind or an argument out of range
        if action not in self._legal(state):
            raise IllegalAction(why_illegal(self._reader(state), action))
        w = self._work(state)
        w.journal = journal
        perform(w, action)
        advance(w)
        return w

    def gains(self, state: State, action: Action) -> list[Gain]:
        """The favor gains of taking ``action`` in ``state``, in the order they happen and with
        the card behind each: ``apply`` once more with a journal. A state keeps only totals per
        day and source; the narration tells what scored, and when, from this."""
        journal: list[Gain] = []
        self._run(state, action, journal)
        return journal

    def action_to_id(self, action: Action) -> int:
        return action_to_id(action)

    def action_from_id(self, action_id: int) -> Action:
        return action_from_id(action_id)

    def action_to_json(self, action: Action) -> JsonDict:
        return action_to_json(action)

    def action_from_json(self, data: object) -> Action:
        return action_from_json(data)

    def state_to_json(self, state: State) -> JsonDict:
        data: JsonDict = msgspec.to_builtins(state)
        return data

    def state_from_json(self, data: object) -> State:
        try:
            return msgspec.convert(data, State)
        except msgspec.ValidationError as error:
            raise GameError(f"not a The Monolith state: {error}") from error

    def undoable(self, before: State, after: State) -> bool:
        """Every chance draw, card drawn and objective revealed is logged; nothing logged but
        a face-down discard, nothing revealed."""
        added = after.log[len(before.log) :]
        return before.rng == after.rng and all(entry.kind == "discard" for entry in added)

    def scores(self, state: State) -> tuple[float, ...]:
        return tuple(float(f) for f in state.favor)

    def ranking(self, state: State) -> tuple[int, ...]:
        return ranking(state)


def why_illegal(w: Work, a: Action) -> str:
    """A reason a well-formed action is not legal now, naming what the game waits for."""
    p, what = w.decider()
    if what == "over":
        return "the game is over"
    expecting = {
        "resolve": "to choose which simultaneous effect resolves next",
        "discard_divination": "to discard a divination down to three",
        "discard_objective": "to discard an objective down to three",
        "keep_objective": "to keep one of two objectives",
        "draft_bid": "a draft bid of 0-3 hearts",
        "draft_pick": "to pick an untaken shaman",
        "checks": "to take, raise or forfeit on the divination cards they bid on",
        "order": "an order (march, shaman, recruit, bid, commit)",
        "march": "the next march decision (step, drop off, pick up, stop)",
        "shaman": "the next shaman step or stop",
        "recruit": "to deploy recruited warriors",
        "action": "an action (slay, maneuver, boast, sacrifice, relent, fate)",
        "slay_window": "to use a slay effect or pass",
        "rest_optional": "to use a scoring effect or pass",
        "reveal": "to reveal an objective or pass",
        "place_event": "to place the event on a space",
        "move_event": "to move the event that scored to another space",
    }.get(what, what)
    detail = ""
    if a.kind in ("march", "step", "maneuver", "slay", "boast", "deploy", "sacrifice"):
        detail = " (that space, unit or target is not available to them)"
    elif a.kind in ("bid", "raise", "recruit"):
        detail = " (wrong amount of hearts, or not enough available)"
    return f"{a.kind} is not legal now: player {p} is expected {expecting}{detail}"
