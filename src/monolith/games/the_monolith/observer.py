"""What a player (or a spectator) may see, and actions described in words.

This is the only place secrets are removed. A view holds no random source, no deck order (decks
are counts; the objective discard pile is a count too, as discards are face down), only the
viewer's own objectives (others' are counts; a spectator sees counts only), and a log where other
players' objective draws and face-down discards carry no card. Draft bids are open in our draft,
so they stay visible.

The log is also what the viewer knows about each objective card: the ones they drew and
discarded, the ones revealed or shown, and when the pile was reshuffled. ``determinize`` deals
the unseen cards only in ways that this log allows (see :func:`deal_objectives`).

Favor is public, and so is where it came from: each seat's favor per day and source. Once the
game is over nothing is secret any more: every player's objectives still held at the end are
shown to every view, with what they scored (the rules log them as they are shown and discarded).
"""

from __future__ import annotations

import random
import weakref
from dataclasses import dataclass, field
from typing import Any

import msgspec

from monolith.core.errors import GameError
from monolith.core.game import JsonDict
from monolith.core.i18n import Arg, Ref, msg, to_json
from monolith.core.rng import Rng
from monolith.games.the_monolith.rules import (
    DRAFT_MAX_BID,
    FAVOR_SOURCES,
    HELD_OBJECTIVE_FAVOR,
    MAX_HELD,
    SOURCE_EVENT,
    SOURCE_SHAMAN,
    ZONES,
    State,
    TheMonolithRules,
    favor_by_day,
    revealable,
)


@dataclass
class _Memo:
    """What the observer remembers per rules object: view parts that never change in a game,
    and the last view determinized with its state and what it leaves to sample (a search
    determinizes one view many times)."""

    static: dict[object, list[JsonDict]] = field(default_factory=dict)
    determinized: tuple[JsonDict, JsonDict, State, Any] | None = None


_MEMOS: weakref.WeakKeyDictionary[TheMonolithRules, _Memo] = weakref.WeakKeyDictionary()


def _memo(game: TheMonolithRules) -> _Memo:
    memo = _MEMOS.get(game)
    if memo is None:
        memo = _MEMOS[game] = _Memo()
    return memo


def view(game: TheMonolithRules, state: State, player: int | None) -> JsonDict:
    """The state as ``player`` may see it (``None``: a spectator)."""
    w = game._reader(state)
    c = game.content
    n = state.players
    active = set(c.active_spaces(n))
    decider, what = w.decider() if state.phase != "over" else (-1, "over")
    tunnels = w.tunnels()
    living = [[state.warriors[p][s] for s in range(len(c.spaces))] for p in range(n)]
    for p in range(n):
        if state.shaman_alive[p] and state.shaman_at[p] >= 0:
            living[p][state.shaman_at[p]] += 1
    static = static_spaces(game, n, state.stronghold)
    tunnel_events = any(c.events[e].tunnel and at >= 0 for e, at in state.events_in_play)
    spaces = []
    for s in range(len(c.spaces)):
        counts = [living[p][s] for p in range(n)]
        top = max(counts)
        controller = counts.index(top) if top > 0 and counts.count(top) == 1 else None
        item = {
            **static[s],
            "warriors": [state.warriors[p][s] for p in range(n)],
            "dead": [state.dead[p][s] for p in range(n)],
            "shamans": [
                {"player": p, "alive": state.shaman_alive[p]}
                for p in range(n)
                if state.shaman_at[p] == s
            ],
            "slots": list(state.slots[s]),
            "controller": controller,
        }
        if tunnel_events:
            item["tunnel"] = s in tunnels
            item["adjacent"] = list(w.adjacent(s)) if s in active else []
        spaces.append(item)
    log: list[list[Any]] = msgspec.to_builtins(state.log)
    if state.phase == "order":  # the tower is opaque until it is lifted
        log = [entry for entry in log if entry[1] != "fall" and entry[1] != "stick"]
    revealed: list[list[JsonDict]] = [[] for _ in range(n)]
    shown: list[list[JsonDict]] = [[] for _ in range(n)]
    for entry in log:
        kind = entry[1]
        if (kind == "objective" or kind == "discard") and entry[2] != player:
            entry[3] = -1  # another player's draw or face-down discard: the card stays secret
        elif kind == "reveal":
            revealed[entry[2]].append({"key": c.objectives[entry[3]].key, "day": entry[0]})
        elif kind == "final":
            shown[entry[2]].append(
                {"key": c.objectives[entry[3]].key, "favor": HELD_OBJECTIVE_FAVOR}
            )
    players = []
    for p in range(n):
        shaman = state.shaman[p]
        players.append(
            {
                "seat": p,
                "shaman": c.shamans[shaman].key if shaman >= 0 else None,
                "shaman_name": c.shamans[shaman].name if shaman >= 0 else None,
                "ability": c.shamans[shaman].ability.text if shaman >= 0 else None,
                "stronghold": state.stronghold[p],
                "favor": state.favor[p],
                "favor_by_day": favor_by_day(state, p),
                "objectives_revealed": revealed[p],
                "objectives_at_end": shown[p] if state.phase == "over" else None,
                "available": state.available[p],
                "spent": state.spent[p],
                "unearned": state.unearned[p],
                "tower": state.tower[p],
                "zones": dict(zip(ZONES, state.zones[p], strict=True)),
                "reserves": state.reserves[p],
                "anger": state.anger[p],
                "limbo": state.limbo[p],
                "divinations": [c.divinations[d].key for d in state.divs[p]],
                "objectives": (
                    [c.objectives[o].key for o in state.objs[p]]
                    if player == p
                    else len(state.objs[p])
                ),
                "committed": state.committed[p],
                "draft_bid": state.draft_bids[p],
            }
        )
    return {
        "game": "the-monolith",
        "players": n,
        "viewer": player,
        "options": {"tower": state.tower_model, "draft": state.draft},
        "day": state.day,
        "phase": state.phase,
        "decision": what,
        "current_player": None if state.phase == "over" else decider,
        "first_player": state.first,
        "surge": state.surge if state.surge >= 0 else None,
        "turn": state.turn,
        "actions_left": state.actions_left if state.phase == "action" else None,
        "order": state.order or None,
        "march": (
            {
                "at": state.at,
                "group": state.group,
                "steps": state.steps,
                "free": state.free,
                "next_step": next_step(state),
            }
            if state.order in ("march", "shaman")
            else None
        ),
        "reason": reason(game, state, player),
        "recruit": (
            {"paid": state.recruits, "free": state.bonus} if state.order == "recruit" else None
        ),
        "favor_sources": list(FAVOR_SOURCES),
        "spaces": spaces,
        "borders": borders(game),
        "seats": players,
        "row": [
            {
                "slot": slot,
                "card": c.divinations[card].key if card >= 0 else None,
                "name": c.divinations[card].name if card >= 0 else None,
                "rating": c.divinations[card].rating if card >= 0 else None,
                "text": c.divinations[card].effect.text if card >= 0 else None,
                "bids": list(state.bids[slot]),
            }
            for slot, card in enumerate(state.row)
        ],
        "your_cards": (
            {
                "divinations": [
                    {"key": d.key, "name": d.name, "text": d.effect.text}
                    for d in (c.divinations[i] for i in state.divs[player])
                ],
                "objectives": [
                    {"key": o.key, "name": o.name, "text": o.text}
                    for o in (c.objectives[i] for i in state.objs[player])
                ],
            }
            if player is not None
            else None
        ),
        "events_in_play": [{"event": c.events[e].key, "space": s} for e, s in state.events_in_play],
        "decks": {
            "divination": len(state.div_deck),
            "event": len(state.event_deck),
            "objective": len(state.obj_deck),
        },
        "discards": {
            "divination": [c.divinations[d].key for d in state.div_discard],
            "event": [c.events[e].key for e in state.event_discard],
            "objective": len(state.obj_discard),
        },
        "pending": [
            {"owner": item.owner, "source": _source(game, item.source), "space": item.space}
            for item in state.pending
        ],
        "log": log,
        "public": public_fields(game, state, player, log),
    }


def _source(game: TheMonolithRules, source: int) -> JsonDict:
    """An effect's source as a content reference: a divination, shaman or event card by key."""
    c = game.content
    if source >= SOURCE_EVENT:
        return {"kind": "event", "id": c.events[source - SOURCE_EVENT].key}
    if source >= SOURCE_SHAMAN:
        return {"kind": "shaman", "id": c.shamans[source - SOURCE_SHAMAN].key}
    return {"kind": "divination", "id": c.divinations[source].key}


def next_step(state: State) -> str:
    """What the next step of the march or shaman order in progress costs: ``free`` (a card's
    free step, used after the first paid one, or any shaman step), ``heart``, or ``none`` when
    nothing pays for another (mirrors ``rules.march_step`` and ``legal_march``)."""
    if state.order == "shaman":
        return "free" if state.steps < state.free else "none"
    if state.steps >= 1 and state.free >= 1:
        return "free"
    return "heart" if state.available[state.turn] >= 1 else "none"


def reason(game: TheMonolithRules, state: State, player: int | None) -> JsonDict | None:
    """Why ``player`` decides now and about what, as a message (``tm-why-<decision>``) with the
    numbers that explain it; ``None`` when someone else decides or nobody does. Everything it
    counts is public."""
    if player is None or state.phase == "over":
        return None
    w = game._reader(state)
    decider, what = w.decider()
    if decider != player:
        return None
    c = game.content
    p = player
    args: dict[str, Arg] = {}
    if what == "resolve":
        args = {"count": len(state.pending)}
    elif what == "discard_divination":
        args = {"held": len(state.divs[p]), "keep": MAX_HELD}
    elif what == "discard_objective":
        args = {"held": len(state.objs[p]), "keep": MAX_HELD}
    elif what == "draft_bid":
        args = {"most": DRAFT_MAX_BID}
    elif what == "checks":
        args = {"cards": len(state.checks)}
    elif what == "order":
        args = {"hearts": state.available[p]}
    elif what == "march":
        args = {
            "warriors": state.group,
            "space": Ref("space", c.spaces[state.at].key),
            "steps": state.steps,
            "free": state.free,
            "next": next_step(state),
            "hearts": state.available[p],
        }
    elif what == "shaman":
        left = max(0, state.free - state.steps)
        args = {"space": Ref("space", c.spaces[state.at].key), "steps": state.steps, "left": left}
    elif what == "recruit":
        args = {"paid": state.recruits, "free": state.bonus}
    elif what == "action":
        args = {"actions": state.actions_left, **dict(zip(ZONES, state.zones[p], strict=True))}
    elif what == "reveal":
        args = {"count": len(revealable(w, p))}
    elif what == "place_event":
        args = {"event": Ref("event", c.events[state.events_in_play[-1][0]].key)}
    elif what == "move_event":
        args = {"event": Ref("event", c.events[state.moving[0]].key)}
    return to_json(msg(f"tm-why-{what.replace('_', '-')}", **args))


def borders(game: TheMonolithRules) -> list[JsonDict]:
    """Every border between two spaces by index, solid or dashed (for drawing the map)."""
    cached = _memo(game).static.get("borders")
    if cached is None:
        index = {space.key: i for i, space in enumerate(game.content.spaces)}
        cached = [{"a": index[b.a], "b": index[b.b], "kind": b.kind} for b in game.content.borders]
        _memo(game).static["borders"] = cached
    return cached


def static_spaces(
    game: TheMonolithRules, players: int, strongholds: tuple[int, ...]
) -> list[JsonDict]:
    """The parts of each space's view that never change in a game (printed tunnels and
    adjacency included), built once per player count; views share them, so treat views as
    read-only."""
    key = (players, strongholds)
    cached = _memo(game).static.get(key)
    if cached is not None:
        return cached
    c = game.content
    active = set(c.active_spaces(players))
    out: list[JsonDict] = []
    for s, space in enumerate(c.spaces):
        out.append(
            {
                "index": s,
                "key": space.key,
                "name": space.name,
                "exists": s in active,
                "polygon": space.polygon,
                "building": space.building,
                "tunnel": s in c.tunnels and s in active,
                "monolith": s == c.monolith,
                "stronghold_of": [p for p in range(players) if strongholds[p] == s],
                "adjacent": list(c.adjacency[players][s]),
            }
        )
    _memo(game).static[key] = out
    return out


SECRET = frozenset(
    {"rng", "div_deck", "event_deck", "obj_deck", "obj_discard", "objs", "log", "stuck"}
)
"""State fields a view never copies as they are."""


def public_fields(
    game: TheMonolithRules, state: State, player: int | None, log: list[list[Any]]
) -> JsonDict:
    """Every state field anyone may see, raw, so a bot can rebuild a full state from a view."""
    data: JsonDict = {
        name: value for name, value in game.state_to_json(state).items() if name not in SECRET
    }
    data["objs"] = [list(hand) if p == player else len(hand) for p, hand in enumerate(state.objs)]
    data["deck_sizes"] = [len(state.div_deck), len(state.event_deck), len(state.obj_deck)]
    data["obj_discard"] = len(state.obj_discard)
    data["stuck"] = None if state.phase == "order" else list(state.stuck)
    data["log"] = log
    return data


def determinize(game: TheMonolithRules, view: JsonDict, seed: int) -> State:
    """A full state showing exactly ``view``; what it hides is sampled from ``seed``: the order
    of every deck, other players' objectives and the objective discards (only as the view's log
    allows: see :func:`deal_objectives`), hearts stuck in a sticky tower during the order
    phase, and the random source."""
    try:
        return _determinize(game, view, seed)
    except (KeyError, TypeError, ValueError, IndexError, msgspec.ValidationError) as error:
        raise GameError(f"not a The Monolith view: {error!r}") from error


class ObjectiveLog(msgspec.Struct, frozen=True):
    """The objective cards' story as one viewer saw it, from the view's log, in order: the
    pile (re)shuffled, a card drawn, discarded face down, revealed or shown at the end. A card
    is -1 where the viewer did not see it (another player's draw or discard)."""

    cards: int
    players: int
    events: tuple[tuple[str, int, int], ...]
    """``(kind, player, card)``; kinds ``shuffle``, ``objective`` (a draw), ``discard``,
    ``reveal`` and ``final``."""
    era: tuple[int, ...]
    """Per event: how many shuffles came up to it (the deck is refilled only then)."""
    sightings: tuple[tuple[tuple[int, int, int, int], ...], ...]
    """Per event index ``i`` (and one past the end): each card's next sighting at ``i`` or
    later, ``(card, where, era, index)``, soonest first; ``where`` is -1 for the deck (the
    viewer draws it) or the seat whose hand shows it."""
    unseen_draws: tuple[tuple[int, ...], ...]
    """Per seat, per event index: how many of the seat's unseen draws come before it."""
    unseen_discards: tuple[tuple[int, ...], ...]
    """Per seat, per event index: how many of the seat's unseen discards come before it."""
    shuffles: tuple[int, ...]
    """Per era: the index of the shuffle that begins it (era 0: before the log)."""
    never_seen: tuple[int, ...]
    """Cards the log never names: interchangeable, whatever happened to them."""


def objective_log(view_log: list[list[Any]], players: int, cards: int) -> ObjectiveLog:
    """The objective events of a view's log, with each card's next sighting worked out once."""
    events: list[tuple[str, int, int]] = []
    for _, kind, p, value in view_log:
        if kind == "shuffle" and value == DECK_INDEX["obj"]:
            events.append(("shuffle", -1, -1))
        elif kind in ("objective", "discard", "reveal", "final"):
            events.append((kind, int(p), int(value)))
    era: list[int] = []
    shuffles = 0
    for kind, _, _ in events:
        shuffles += kind == "shuffle"
        era.append(shuffles)
    sightings: list[tuple[tuple[int, int, int, int], ...]] = [()] * (len(events) + 1)
    upcoming: dict[int, tuple[int, int, int, int]] = {}
    for index in range(len(events) - 1, -1, -1):
        kind, p, card = events[index]
        if card >= 0:
            where = -1 if kind == "objective" else p
            upcoming[card] = (card, where, era[index], index)
        sightings[index] = tuple(sorted(upcoming.values(), key=lambda seen: seen[3]))
    named = {card for _, _, card in events if card >= 0}
    return ObjectiveLog(
        cards=cards,
        players=players,
        events=tuple(events),
        era=tuple(era),
        sightings=tuple(sightings),
        unseen_draws=_unseen_before(events, players, "objective"),
        unseen_discards=_unseen_before(events, players, "discard"),
        shuffles=(0, *(i for i, (kind, _, _) in enumerate(events) if kind == "shuffle")),
        never_seen=tuple(card for card in range(cards) if card not in named),
    )


def _unseen_before(
    events: list[tuple[str, int, int]], players: int, kind: str
) -> tuple[tuple[int, ...], ...]:
    """Per seat and event index: the seat's events of ``kind`` with an unseen card before it."""
    out = []
    for seat in range(players):
        counts, count = [], 0
        for what, p, card in events:
            counts.append(count)
            count += what == kind and p == seat and card < 0
        counts.append(count)
        out.append(tuple(counts))
    return tuple(out)


DECK_INDEX = {"div": 0, "obj": 1, "event": 2}
"""The deck a ``shuffle`` log entry names (its value), as the rules log it."""

SEARCH_LIMIT = 20_000
"""Steps :func:`deal_objectives` may take before it gives up on a log."""

DECK, DISCARD = -1, -2
"""Where a card lies in a world being dealt, besides a seat's hand."""


def deal_objectives(
    history: ObjectiveLog, chooser: random.Random
) -> tuple[list[list[int]], list[int], list[int]] | None:
    """Where every objective card is now, in one world the viewer cannot tell from the real
    one: each player's hand, the discard pile and the deck (unordered).

    The unseen cards of the log (other players' draws and discards) are filled in one event at
    a time, so that every card the viewer saw is where they saw it when they saw it: a card they
    drew was in the deck, a card discarded, revealed or shown was in that player's hand. Within
    a deck's life (between shuffles) a card leaves the deck once and the discard pile never;
    choices that break this, or leave a player too few unseen draws for the cards they must
    still show, are never made, and a depth-first search undoes the rare choice that still
    leads nowhere. Cards the log never names are interchangeable, so they are finally
    relabelled at random. ``None`` when no world fits (a log that is not its state's history).
    """
    if history.era[-1:] == (1,):
        return _deal_unshuffled(history, chooser)
    n = history.players
    events = history.events
    place = [DECK] * history.cards
    budget = [SEARCH_LIMIT]

    def possible(index: int) -> bool:
        """Whether each card can still be where the viewer will see it next (necessary
        conditions, cheap enough to check at every step)."""
        now = history.era[index - 1] if index else 0  # a shuffle at ``index`` is still ahead
        owed = [0] * n  # cards each seat must still draw unseen
        owing = [0] * n  # cards each seat must still discard unseen
        for card, where, era, at in history.sightings[index]:
            here = place[card]
            if here == where:
                continue
            if era == now and (here == DISCARD or here >= 0 or where == DECK):
                return False  # only a shuffle brings a card back to the deck
            if here >= 0:  # out of this hand before the shuffle that begins the sighting's era
                owing[here] += 1
                discards = history.unseen_discards[here]
                if owing[here] > discards[history.shuffles[era]] - discards[index]:
                    return False
            if where >= 0:
                owed[where] += 1
                draws = history.unseen_draws[where]
                if owed[where] > draws[at] - draws[index]:
                    return False
                if here != DECK:  # back to a deck by a shuffle first, then drawn
                    start = history.shuffles[now + 1] if now + 1 < len(history.shuffles) else at
                    if draws[at] - draws[min(start, at)] < 1:
                        return False
        return True

    def choices(index: int, kind: str, p: int) -> list[int]:
        """The cards an unseen draw or discard of ``p`` may move, likeliest to work first:
        for a draw, deck cards ``p`` shows later come first; for a discard, cards seen
        elsewhere after a shuffle, then unseen ones, then ones ``p`` shows again."""
        source = DECK if kind == "objective" else p
        now = history.era[index]
        first: list[int] = []
        last: list[int] = []
        barred: set[int] = set()
        for card, where, era, _ in history.sightings[index + 1]:
            if place[card] != source:
                continue
            if kind == "objective":
                if where == p:
                    first.append(card)
                elif era == now:
                    barred.add(card)
            elif era == now:
                barred.add(card)
            else:
                (last if where == p else first).append(card)
        rest = [c for c in range(history.cards) if place[c] == source]
        rest = [c for c in rest if c not in barred and c not in first and c not in last]
        for group in (first, rest, last):
            chooser.shuffle(group)
        return first + rest + last

    def search(index: int) -> bool:
        budget[0] -= 1
        if budget[0] < 0 or not possible(index):
            return False
        if index == len(events):
            return True
        kind, p, card = events[index]
        if kind == "shuffle":
            before = list(place)
            fresh = history.era[index] == 1
            for c in range(history.cards):
                if fresh or place[c] == DISCARD:
                    place[c] = DECK
            if search(index + 1):
                return True
            place[:] = before
            return False
        source, target = (DECK, p) if kind == "objective" else (p, DISCARD)
        for choice in [card] if card >= 0 else choices(index, kind, p):
            if place[choice] != source:
                continue
            place[choice] = target
            if search(index + 1):
                return True
            place[choice] = source
        return False

    if not search(0):
        return None
    relabel = list(history.never_seen)
    chooser.shuffle(relabel)
    rename = dict(zip(history.never_seen, relabel, strict=True))
    hands: list[list[int]] = [[] for _ in range(n)]
    discard: list[int] = []
    deck: list[int] = []
    for card, here in enumerate(place):
        named = rename.get(card, card)
        (deck if here == DECK else discard if here == DISCARD else hands[here]).append(named)
    return hands, discard, deck


def _deal_unshuffled(
    history: ObjectiveLog, chooser: random.Random
) -> tuple[list[list[int]], list[int], list[int]] | None:
    """:func:`deal_objectives` while the pile was never reshuffled (nearly every game): each
    card leaves the deck once and a discard pile never, so every card the log names is where
    the log last put it, and the cards it never names are dealt at random to the places left:
    other players' hands, the face-down discards and the deck."""
    n = history.players
    hands: list[list[int]] = [[] for _ in range(n)]
    hidden = [0] * n
    discard: list[int] = []
    unknown_discards = 0
    for kind, p, card in history.events:
        if kind == "objective":
            if card >= 0:
                hands[p].append(card)
            else:
                hidden[p] += 1
        elif kind == "discard" and card < 0:
            hidden[p] -= 1
            unknown_discards += 1
        elif kind != "shuffle":
            if card in hands[p]:
                hands[p].remove(card)
            else:  # a card drawn unseen, now shown (revealed or at the end)
                hidden[p] -= 1
            discard.append(card)
    if min(hidden, default=0) < 0:
        return None
    unseen = list(history.never_seen)
    chooser.shuffle(unseen)
    if sum(hidden) + unknown_discards > len(unseen):
        return None
    for p in range(n):
        hands[p].extend(unseen.pop() for _ in range(hidden[p]))
    discard.extend(unseen.pop() for _ in range(unknown_discards))
    return hands, discard, unseen


class _Unseen(msgspec.Struct, frozen=True):
    """What a view leaves to chance, worked out once per view: the cards nobody sees (in a
    fixed order, shuffled per seed), how many go where, and the towers' hearts."""

    divs: tuple[int, ...]
    events: tuple[int, ...]
    objs: tuple[int, ...]
    """The objectives not in the viewer's hand (for a log that is not its state's history)."""
    hands: tuple[int, ...]
    """Per seat: -1 for a hand the viewer sees, else how many unseen objectives it holds."""
    discard: int
    deck_sizes: tuple[int, int, int]
    towers: tuple[int, ...] | None
    """Hearts in each tower while they may stick (order phase), else None."""
    sticky: bool
    history: ObjectiveLog


def _determinize(game: TheMonolithRules, view: JsonDict, seed: int) -> State:
    cached = _memo(game).determinized
    if cached is not None and cached[0] is view and cached[1] is view["public"]:
        base, unseen = cached[2], cached[3]
    else:
        base, unseen = _read_view(game, view)
        _memo(game).determinized = (view, view["public"], base, unseen)
    return _sample(base, unseen, seed)


def _read_view(game: TheMonolithRules, view: JsonDict) -> tuple[State, _Unseen]:
    """The state a view shows, with its hidden parts empty, and what is left to sample. A search
    determinizes the same view hundreds of times, so this part is done once per view (views
    are read-only)."""
    c = game.content
    data = dict(view["public"])
    n = int(data["players"])
    div_size, event_size, obj_size = data.pop("deck_sizes")
    seen_divs = {d for d in data["row"] if d >= 0} | set(data["div_discard"])
    seen_divs |= {d for hand in data["divs"] for d in hand}
    seen_events = {e for e, _ in data["events_in_play"]} | set(data["event_discard"])
    own = [hand for hand in data["objs"] if isinstance(hand, list)]
    known_objs = {o for hand in own for o in hand}
    hands = tuple(-1 if isinstance(hand, list) else int(hand) for hand in data["objs"])
    unseen = _Unseen(
        divs=tuple(d for d in range(len(c.divinations)) if d not in seen_divs),
        events=tuple(e for e in range(len(c.events)) if e not in seen_events),
        objs=tuple(o for o in range(len(c.objectives)) if o not in known_objs),
        hands=hands,
        discard=int(data.pop("obj_discard")),
        deck_sizes=(int(div_size), int(event_size), int(obj_size)),
        towers=tuple(data["tower"]) if data["stuck"] is None else None,
        sticky=data["tower_model"] == "sticky",
        history=objective_log(data["log"], n, len(c.objectives)),
    )
    data["objs"] = [hand if isinstance(hand, list) else [] for hand in data["objs"]]
    data["obj_discard"] = []
    data["obj_deck"] = []
    data["div_deck"] = []
    data["event_deck"] = []
    if data["stuck"] is None:
        data["stuck"] = [0] * n
    data["rng"] = {"seed": 0, "counter": 0}
    data["log"] = list(data["log"])
    assert len(hands) == n
    return msgspec.convert(data, State), unseen


def _objectives(
    base: State, unseen: _Unseen, chooser: random.Random
) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...], list[int]]:
    """Hands, discard pile and deck (unordered) of objectives: as the log allows when it is
    the state's history and agrees with the view's counts; else the unseen cards dealt at
    random (a hand-built state whose log tells another story)."""
    dealt = deal_objectives(unseen.history, chooser)
    if dealt is not None:
        hands, discard, deck = dealt
        fits = len(discard) == unseen.discard and len(deck) == unseen.deck_sizes[2]
        fits = fits and all(
            sorted(hand) == sorted(base.objs[p]) if size < 0 else len(hand) == size
            for p, (hand, size) in enumerate(zip(hands, unseen.hands, strict=True))
        )
        if fits:
            seen = tuple(
                base.objs[p] if size < 0 else tuple(hand)  # the viewer's hand in its order
                for p, (hand, size) in enumerate(zip(hands, unseen.hands, strict=True))
            )
            return seen, tuple(discard), deck
    objs = list(unseen.objs)
    chooser.shuffle(objs)
    dealt_hands = tuple(
        base.objs[p] if size < 0 else tuple(objs.pop() for _ in range(size))
        for p, size in enumerate(unseen.hands)
    )
    return dealt_hands, tuple(objs.pop() for _ in range(unseen.discard)), objs


def _sample(base: State, unseen: _Unseen, seed: int) -> State:
    """One full state: the unseen cards dealt in an order drawn from ``seed``."""
    chooser = random.Random(seed)
    divs = list(unseen.divs)
    chooser.shuffle(divs)
    events = list(unseen.events)
    chooser.shuffle(events)
    hands, discard, objs = _objectives(base, unseen, chooser)
    chooser.shuffle(objs)
    div_size, event_size, obj_size = unseen.deck_sizes
    stuck = base.stuck
    if unseen.towers is not None:
        stuck = tuple(
            sum(chooser.random() < 1 / 3 for _ in range(t)) if unseen.sticky else 0
            for t in unseen.towers
        )
    return msgspec.structs.replace(
        base,
        objs=hands,
        obj_discard=discard,
        obj_deck=tuple(objs[:obj_size]),
        div_deck=tuple(divs[:div_size]),
        event_deck=tuple(events[:event_size]),
        stuck=stuck,
        rng=Rng(seed, 0),
    )
