"""The Monolith's content: the map and the four card kinds, loaded from TOML and validated.

Content is data so that printed content can be swapped in: the rules only ever read the compiled
:class:`Content`. Loading checks types with msgspec schemas (``monolith.core.content.load_toml``)
and then meaning (unique keys, sums of setups, known windows, operations and counters, a connected
map); every problem raises :class:`ContentError` naming the file, the entry and the problem.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import msgspec

from monolith.core.content import load_toml
from monolith.core.errors import ContentError
from monolith.games.the_monolith import effects as fx

CONTENT_DIR = Path(__file__).parent / "content"

MAX_SPACES = 26
"""Action ids reserve room for this many spaces, so any valid map keeps the same id space."""

BUILDINGS = ("scriptorium", "mausoleum", "temple")


# --- schemas ---------------------------------------------------------------------------------


class MapHead(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The map's header: the monolith space, strongholds clockwise from the top, the locked
    corner, the blood slots."""

    monolith: str
    strongholds: list[str]
    locked: list[str]
    blood: list[int]


class SpaceDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One space: its key and name, boast slots, polygon to draw, building and printed tunnel."""

    key: str
    name: str
    slots: int
    polygon: list[list[float]]
    building: str = ""
    tunnel: bool = False


class BorderDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A border between two spaces; only a dashed one makes them adjacent."""

    a: str
    b: str
    kind: str


class MapFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``map.toml``."""

    map: MapHead
    spaces: list[SpaceDef]
    borders: list[BorderDef]


class ShamanDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A shaman card: its setup (19 hearts, 16 warriors, where it starts) and its ability."""

    key: str
    name: str
    hearts_available: int
    hearts_unearned: int
    warriors_stronghold: int
    warriors_monolith: int
    warriors_reserves: int
    warriors_anger: int
    start: str
    ability: fx.EffectDef


class ShamanFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``shamans.toml``."""

    shamans: list[ShamanDef]


class DivinationDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A divination card: its rating (1-4 symbols) and its effect."""

    key: str
    name: str
    rating: int
    effect: fx.EffectDef


class DivinationFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``divinations.toml``."""

    divinations: list[DivinationDef]


class EventDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An event card: who it targets, whether it is placed (and gives a tunnel), what it does."""

    key: str
    name: str
    text: str
    target: str = "drawer"
    place: bool = False
    tunnel: bool = False
    reveal: list[fx.OpDef] = []
    score: list[fx.OpDef] = []
    after_score: str = "discard"


class EventFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``events.toml``."""

    events: list[EventDef]


class ObjectiveDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """An objective: a counter, the minimum to reveal it, and favor (flat plus per count)."""

    key: str
    name: str
    text: str
    count: str
    min: int
    favor: int = 0
    per: int = 0


class ObjectiveFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """``objectives.toml``."""

    objectives: list[ObjectiveDef]


# --- the compiled content --------------------------------------------------------------------


@dataclass(frozen=True)
class Content:
    """Everything the rules read, with spaces as indices and adjacency precomputed."""

    spaces: tuple[SpaceDef, ...]
    monolith: int
    strongholds: tuple[int, ...]
    """Stronghold spaces clockwise from the top edge (the 4-player seat order)."""
    locked: frozenset[int]
    blood: tuple[int, ...]
    dashed: tuple[frozenset[int], ...]
    """Spaces joined by a dashed border, per space (tunnels are added by the rules)."""
    borders: tuple[BorderDef, ...]
    tunnels: frozenset[int]
    building: tuple[str, ...]
    shamans: tuple[ShamanDef, ...]
    divinations: tuple[DivinationDef, ...]
    events: tuple[EventDef, ...]
    objectives: tuple[ObjectiveDef, ...]

    active: dict[int, tuple[int, ...]]
    """The spaces that exist in a game of 3 and of 4 players."""
    adjacency: dict[int, tuple[tuple[int, ...], ...]]
    """Per player count and space: the spaces joined by a dashed border or a printed tunnel."""

    def active_spaces(self, players: int) -> tuple[int, ...]:
        """The spaces that exist in a game of this many players."""
        return self.active[players]

    def stronghold_seats(self, players: int) -> tuple[int, ...]:
        """The stronghold space of each seat, clockwise, skipping locked strongholds."""
        usable = tuple(s for s in self.strongholds if players == 4 or s not in self.locked)
        return usable[:players]


def _unique(file: str, keys: list[str], what: str) -> None:
    seen: set[str] = set()
    for key in keys:
        if key in seen:
            raise ContentError(file, key, f"duplicate {what} key")
        seen.add(key)


def _reach(start: int, allowed: set[int], links: list[set[int]]) -> set[int]:
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for there in links[here]:
            if there in allowed and there not in seen:
                seen.add(there)
                todo.append(there)
    return seen


def validate_map(data: MapFile, file: str = "map.toml") -> None:
    """The map's meaning: sizes, known keys, buildings, tunnels, slots and connectivity."""
    spaces = data.spaces
    if not 20 <= len(spaces) <= MAX_SPACES:
        raise ContentError(file, "spaces", f"needs 20-{MAX_SPACES} spaces, has {len(spaces)}")
    _unique(file, [s.key for s in spaces], "space")
    index = {s.key: i for i, s in enumerate(spaces)}
    head = data.map
    if head.monolith not in index:
        raise ContentError(file, "map.monolith", f"unknown space {head.monolith!r}")
    for where, keys in (("map.strongholds", head.strongholds), ("map.locked", head.locked)):
        for key in keys:
            if key not in index:
                raise ContentError(file, where, f"unknown space {key!r}")
    if len(set(head.strongholds)) != 4:
        raise ContentError(file, "map.strongholds", "needs 4 different stronghold spaces")
    locked = {index[k] for k in head.locked}
    if not 3 <= len(locked) <= 4:
        raise ContentError(file, "map.locked", "the locked corner has 3 or 4 spaces")
    if sum(index[k] in locked for k in head.strongholds) != 1:
        raise ContentError(file, "map.locked", "the locked corner holds exactly one stronghold")
    if index[head.monolith] in locked:
        raise ContentError(file, "map.locked", "the monolith space cannot be locked")
    for space in spaces:
        if space.building not in ("", *BUILDINGS):
            raise ContentError(file, space.key, f"unknown building {space.building!r}")
        limit = 4 if space.key == head.monolith else 3
        low = 4 if space.key == head.monolith else 1
        if not low <= space.slots <= limit:
            raise ContentError(
                file, space.key, f"needs {low}-{limit} boast slots, has {space.slots}"
            )
        if len(space.polygon) < 3 or any(len(point) != 2 for point in space.polygon):
            raise ContentError(file, space.key, "polygon needs at least 3 [x, y] points")
    for kind in BUILDINGS:
        count = sum(s.building == kind for s in spaces)
        if count != 3:
            raise ContentError(file, "spaces", f"needs 3 {kind} spaces, has {count}")
    if sum(s.tunnel for s in spaces) != 4:
        raise ContentError(file, "spaces", "needs exactly 4 tunnel spaces")
    if any(b < 0 or b >= 4 for b in head.blood) or len(set(head.blood)) != 2:
        raise ContentError(file, "map.blood", "names two different monolith slots 0-3")
    links: list[set[int]] = [set() for _ in spaces]
    pairs: set[frozenset[int]] = set()
    for n, border in enumerate(data.borders):
        entry = f"borders[{n}]"
        if border.a not in index or border.b not in index or border.a == border.b:
            raise ContentError(
                file, entry, f"joins unknown or equal spaces {border.a!r}, {border.b!r}"
            )
        if border.kind not in ("solid", "dashed"):
            raise ContentError(file, entry, f"kind must be solid or dashed, not {border.kind!r}")
        pair = frozenset((index[border.a], index[border.b]))
        if pair in pairs:
            raise ContentError(file, entry, "the same two spaces share a border twice")
        pairs.add(pair)
        if border.kind == "dashed":
            links[index[border.a]].add(index[border.b])
            links[index[border.b]].add(index[border.a])
    tunnels = {i for i, s in enumerate(spaces) if s.tunnel}
    for t in tunnels:
        links[t] |= tunnels - {t}
    for players, allowed in ((4, set(range(len(spaces)))), (3, set(range(len(spaces))) - locked)):
        reached = _reach(index[head.monolith], allowed, links)
        if reached != allowed:
            missing = spaces[min(allowed - reached)].key
            raise ContentError(file, missing, f"cannot be reached in a {players}-player game")


def validate_shamans(data: ShamanFile, file: str = "shamans.toml") -> None:
    """Six shamans whose setups use exactly the 19 hearts and 16 warriors of a supply."""
    if len(data.shamans) != 6:
        raise ContentError(file, "shamans", f"needs 6 shamans, has {len(data.shamans)}")
    _unique(file, [s.key for s in data.shamans], "shaman")
    for s in data.shamans:
        numbers = (
            s.hearts_available,
            s.hearts_unearned,
            s.warriors_stronghold,
            s.warriors_monolith,
            s.warriors_reserves,
            s.warriors_anger,
        )
        if min(numbers) < 0:
            raise ContentError(file, s.key, "setup numbers cannot be negative")
        if s.hearts_available + s.hearts_unearned != 19:
            raise ContentError(file, s.key, "available + unearned hearts must be 19")
        if sum(numbers[2:]) != 16:
            raise ContentError(file, s.key, "the warriors of the setup must sum to 16")
        if s.start not in ("stronghold", "monolith"):
            raise ContentError(
                file, s.key, f"start must be stronghold or monolith, not {s.start!r}"
            )
        if s.ability.cost == "discard":
            raise ContentError(file, s.key, "a shaman's ability cannot cost a discard")
        fx.validate_effect(s.ability, file, s.key)


def validate_divinations(data: DivinationFile, file: str = "divinations.toml") -> None:
    """24 divinations rated 1-4 with effects the effect system can run."""
    if len(data.divinations) != 24:
        raise ContentError(file, "divinations", f"needs 24 cards, has {len(data.divinations)}")
    _unique(file, [d.key for d in data.divinations], "divination")
    for card in data.divinations:
        if not 1 <= card.rating <= 4:
            raise ContentError(file, card.key, f"rating must be 1-4, not {card.rating}")
        fx.validate_effect(card.effect, file, card.key)


def validate_events(data: EventFile, file: str = "events.toml") -> None:
    """12 events with known targets and operations that fit their timing."""
    if len(data.events) != 12:
        raise ContentError(file, "events", f"needs 12 cards, has {len(data.events)}")
    _unique(file, [e.key for e in data.events], "event")
    for e in data.events:
        if e.target not in ("drawer", "each"):
            raise ContentError(file, e.key, f"target must be drawer or each, not {e.target!r}")
        if e.after_score not in ("discard", "stay", "move"):
            raise ContentError(file, e.key, "after_score must be discard, stay or move")
        if (e.tunnel or e.score) and not e.place:
            raise ContentError(file, e.key, "a tunnel or scoring event must be placed on a space")
        if not (e.reveal or e.score or e.tunnel):
            raise ContentError(file, e.key, "does nothing")
        for op in e.reveal:
            fx.validate_op(op, "reveal", file, e.key, placed=e.place)
        for op in e.score:
            fx.validate_op(op, "rest_score", file, e.key, placed=True)


def validate_objectives(data: ObjectiveFile, file: str = "objectives.toml") -> None:
    """20 objectives counting something the rules know, each able to score."""
    if len(data.objectives) != 20:
        raise ContentError(file, "objectives", f"needs 20 cards, has {len(data.objectives)}")
    _unique(file, [o.key for o in data.objectives], "objective")
    for o in data.objectives:
        if o.count not in fx.COUNTERS or fx.COUNTERS[o.count].context:
            raise ContentError(file, o.key, f"unknown count {o.count!r}")
        if o.min < 1 or o.favor < 0 or o.per < 0 or o.favor + o.per * o.min <= 0:
            raise ContentError(file, o.key, "min must be at least 1 and the card must score")


def load_content(directory: Path = CONTENT_DIR) -> Content:
    """Load and validate every content file in ``directory``."""
    map_data = load_toml(directory / "map.toml", MapFile)
    validate_map(map_data)
    shamans = load_toml(directory / "shamans.toml", ShamanFile)
    validate_shamans(shamans)
    divinations = load_toml(directory / "divinations.toml", DivinationFile)
    validate_divinations(divinations)
    events = load_toml(directory / "events.toml", EventFile)
    validate_events(events)
    objectives = load_toml(directory / "objectives.toml", ObjectiveFile)
    validate_objectives(objectives)
    spaces = tuple(map_data.spaces)
    index = {s.key: i for i, s in enumerate(spaces)}
    dashed: list[set[int]] = [set() for _ in spaces]
    for border in map_data.borders:
        if border.kind == "dashed":
            dashed[index[border.a]].add(index[border.b])
            dashed[index[border.b]].add(index[border.a])
    locked = frozenset(index[k] for k in map_data.map.locked)
    tunnels = frozenset(i for i, s in enumerate(spaces) if s.tunnel)
    active: dict[int, tuple[int, ...]] = {}
    adjacency: dict[int, tuple[tuple[int, ...], ...]] = {}
    for players in (3, 4):
        live = tuple(i for i in range(len(spaces)) if players == 4 or i not in locked)
        links = []
        for i in range(len(spaces)):
            near = {t for t in dashed[i] if t in live}
            if i in tunnels:
                near |= {t for t in tunnels if t in live and t != i}
            links.append(tuple(sorted(near)) if i in live else ())
        active[players] = live
        adjacency[players] = tuple(links)
    return Content(
        active=active,
        adjacency=adjacency,
        spaces=spaces,
        monolith=index[map_data.map.monolith],
        strongholds=tuple(index[k] for k in map_data.map.strongholds),
        locked=locked,
        blood=tuple(map_data.map.blood),
        dashed=tuple(frozenset(d) for d in dashed),
        borders=tuple(map_data.borders),
        tunnels=tunnels,
        building=tuple(s.building for s in spaces),
        shamans=tuple(shamans.shamans),
        divinations=tuple(divinations.divinations),
        events=tuple(events.events),
        objectives=tuple(objectives.objectives),
    )


@cache
def default_content() -> Content:
    """The content shipped with the game, loaded once."""
    return load_content()
