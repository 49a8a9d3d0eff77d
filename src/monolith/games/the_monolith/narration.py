"""What The Monolith's decisions read like: menu entries and log lines, as messages.

The words are in ``messages/{lang}/*.ftl``; here is only what each sentence is about (see
:mod:`monolith.core.i18n`). The log of an action is its actor's line, then what the action set off
and the game's chance-and-cards log recorded: hearts landing in the zones, cards dealt, events
drawn, objectives drawn. Secrets stay with their owner: an objective kept, discarded
or drawn is named to its holder only; everyone else reads that it happened.

Every favor gained is told where it happened, with what scored it: a slay or an objective revealed
says its favor on the actor's line; everything else (card effects, temples, boasts, the monolith's
extra point, objectives shown at the end) gets a line of its own, per player and source, in
the order the rules scored it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from monolith.core.i18n import Arg, Line, Message, Ref, msg, player
from monolith.games.the_monolith.rules import (
    BOAST_FAVOR,
    MONOLITH_BOAST_FAVOR,
    SOURCE_EVENT,
    SOURCE_INDEX,
    SOURCE_SHAMAN,
    SOURCES,
    TEMPLE_FAVOR,
    ZONES,
    Action,
    Gain,
    LogEntry,
    State,
    TheMonolithRules,
)

TOLD_BY_ACTION = {"slay": "slay", "reveal_objective": "objective"}
"""Actions that always score, whose own line says the favor, and the source of that favor."""

PER_UNIT = {"temple": TEMPLE_FAVOR, "boast": BOAST_FAVOR, "monolith": MONOLITH_BOAST_FAVOR}
"""Sources told with a count (temples controlled, hearts boasted): the favor each one gives."""

SECRET = frozenset({"keep_objective", "discard_objective"})
"""Choices that name an objective: only the player choosing reads which."""

DECKS = ("divination", "objective", "event")
"""The decks in the order the log's ``shuffle`` entries number them."""


def source_ref(source: int) -> tuple[str, int]:
    """The kind and content index of an effect's source (a divination, shaman or event)."""
    if source >= SOURCE_EVENT:
        return "event", source - SOURCE_EVENT
    if source >= SOURCE_SHAMAN:
        return "shaman", source - SOURCE_SHAMAN
    return "divination", source


class _Names:
    """Refs to the game's content by index."""

    def __init__(self, game: TheMonolithRules) -> None:
        c = game.content
        self.keys = {
            "space": [s.key for s in c.spaces],
            "shaman": [s.key for s in c.shamans],
            "divination": [d.key for d in c.divinations],
            "event": [e.key for e in c.events],
            "objective": [o.key for o in c.objectives],
        }

    def ref(self, kind: str, index: int) -> Ref:
        return Ref(kind, self.keys[kind][index])

    def source(self, source: int) -> Ref:
        return self.ref(*source_ref(source))


@cache
def _names(game: TheMonolithRules) -> _Names:
    return _Names(game)


def _args(game: TheMonolithRules, state: State, a: Action) -> dict[str, Arg]:
    """What an action is about, named: the same for its menu entry and its log line."""
    n = _names(game)
    args = a.args
    kind = a.kind
    p = game.current_player(state)
    seat = -1 if p is None else p

    def row_card(slot: int) -> dict[str, Arg]:
        card = state.row[slot] if slot < len(state.row) else -1
        return {"card": n.ref("divination", card)} if card >= 0 else {}

    if kind in ("keep_objective", "reveal_objective", "discard_objective"):
        held = state.objs[seat] if seat >= 0 else ()
        return {"objective": n.ref("objective", held[args[0]])} if args[0] < len(held) else {}
    if kind == "draft_bid":
        return {"hearts": args[0]}
    if kind == "draft_pick":
        return {"shaman": n.ref("shaman", args[0])}
    if kind in ("take", "forfeit"):
        return row_card(args[0])
    if kind in ("raise", "bid"):
        return {**row_card(args[0]), "hearts": args[1]}
    if kind == "discard_divination":
        held = state.divs[seat] if seat >= 0 else ()
        return {"card": n.ref("divination", held[args[0]])} if args[0] < len(held) else {}
    if kind == "march":
        return {"space": n.ref("space", args[0]), "warriors": args[1]}
    if kind == "step":
        return {"space": n.ref("space", args[0]), "unit": state.order or "march"}
    if kind in ("drop_off", "pick_up"):
        return {"space": n.ref("space", state.at)}
    if kind == "stop":
        return {"order": state.order or "recruit"}
    if kind == "recruit":
        return {"hearts": args[0]}
    if kind == "deploy":
        return {"space": n.ref("space", args[0]), "source": SOURCES[args[1]]}
    if kind == "use_effect":
        return {"effect": n.source(args[0])}
    if kind == "resolve":
        if args[0] >= len(state.pending):
            return {}
        item = state.pending[args[0]]
        owner: Arg = player(item.owner) if item.owner >= 0 else "everyone"
        return {"effect": n.source(item.source), "owner": owner}
    if kind == "slay":
        unit = "shaman" if args[2] else "warrior"
        return {"space": n.ref("space", args[0]), "target": player(args[1]), "unit": unit}
    if kind == "maneuver":
        unit = "shaman" if args[2] else "warrior"
        return {"from": n.ref("space", args[0]), "to": n.ref("space", args[1]), "unit": unit}
    if kind == "boast":
        return {"space": n.ref("space", args[0])}
    if kind == "sacrifice":
        return {"space": n.ref("space", args[0]), "zone": Ref("zone", ZONES[args[1]])}
    if kind == "fate":
        return {"zone": Ref("zone", ZONES[args[0]])}
    if kind == "place_event":
        # the event that scored and moves on, or else the one just drawn (placed last)
        event = state.moving[0] if state.moving else state.events_in_play[-1][0]
        moving = "yes" if state.moving else "no"
        return {"space": n.ref("space", args[0]), "event": n.ref("event", event), "moving": moving}
    return {}


def label(game: TheMonolithRules, state: State, a: Action) -> Message:
    """The menu entry for ``a``: what the player deciding would do."""
    return Message(f"tm-choose-{a.kind.replace('_', '-')}", _args(game, state, a))


def narrate(game: TheMonolithRules, before: State, a: Action, after: State) -> tuple[Line, ...]:
    """The actor's line, then what the action set off (see the module docstring)."""
    seat = game.current_player(before)
    actor = player(-1 if seat is None else seat)
    line_id = f"tm-log-{a.kind.replace('_', '-')}"
    args = {"actor": actor, **_args(game, before, a)}
    gains = game.gains(before, a)
    told = TOLD_BY_ACTION.get(a.kind)
    if told is not None:
        # the actor's line says what the action scored: "You slay ... (+1 favor)."
        own = next(g for g in gains if g.source == told and g.player == seat)
        line_id = f"tm-score-{a.kind.replace('_', '-')}"
        args["favor"] = own.amount
        gains = [g for g in gains if g is not own]
    if a.kind in SECRET and seat is not None:
        public = msg(f"{line_id}-secret", actor=actor)
        lines = [Line(Message(line_id, args), only=seat, others=public)]
    else:
        lines = [Line(Message(line_id, args))]
    scoring = Scoring(
        game, gains, start=len(before.log), first=before.first, players=before.players
    )
    lines.extend(chronicle(game, after.log[len(before.log) :], scoring))
    return tuple(lines)


def introduce(game: TheMonolithRules, state: State) -> tuple[Line, ...]:
    """The setup as the log tells it: the decks shuffled, the divination row, the first player,
    the shamans and the objectives drawn. (Setup logs its first shuffle of each deck like a
    reshuffle of discards; at setup there are none, so it is said once, as a shuffle.)"""
    dealt = tuple(entry for entry in state.log if entry.kind != "shuffle")
    return (Line(msg("tm-log-setup-shuffled")), *chronicle(game, dealt))


class Scoring:
    """Favor gains to tell among the log lines of one move, each where it happened: ``start``
    is the length of the log before the move, so a gain's ``at`` places it among the entries.
    Gains at the same place are told per source in scoring order, then per player in turn
    order from ``first``, one line per player, source and card."""

    def __init__(
        self,
        game: TheMonolithRules,
        gains: Sequence[Gain],
        *,
        start: int,
        first: int,
        players: int,
    ) -> None:
        self.names = _names(game)
        self.gains = sorted(gains, key=lambda g: g.at)  # stable: same place, order of scoring
        self.start = start
        self.first = first
        self.players = players

    def due(self, position: int) -> bool:
        """Whether gains were made by the time the log held ``position`` of this move's entries."""
        return bool(self.gains) and self.gains[0].at - self.start <= position

    def tell(self, position: int) -> tuple[Line, ...]:
        """The lines of the gains made by the time the log held ``position`` entries."""
        batch: list[Gain] = []
        while self.due(position):
            batch.append(self.gains.pop(0))
        totals: dict[tuple[int, str, int], int] = {}
        for gain in batch:
            key = (gain.player, gain.source, gain.card)
            totals[key] = totals.get(key, 0) + gain.amount
        order = sorted(
            totals, key=lambda key: (SOURCE_INDEX[key[1]], (key[0] - self.first) % self.players)
        )
        return tuple(Line(self.message(*key, totals[key])) for key in order)

    def message(self, seat: int, source: str, card: int, favor: int) -> Message:
        """One player's favor from one source (and card), in words. Slays and revealed
        objectives are told on their own action's line, so they never come here."""
        actor = player(seat)
        if source == "held":
            objective = self.names.ref("objective", card)
            return msg("tm-score-held", actor=actor, objective=objective, favor=favor)
        if source in PER_UNIT:
            count = favor // PER_UNIT[source]
            return msg("tm-score", actor=actor, source=source, favor=favor, count=count)
        # a divination's, a shaman's or an event's effect: named by its card
        return msg("tm-score-card", actor=actor, card=self.names.source(card), favor=favor)


def chronicle(
    game: TheMonolithRules, entries: tuple[LogEntry, ...], scoring: Scoring | None = None
) -> tuple[Line, ...]:
    """Log lines for entries of the chance-and-cards log, with the favor scored among them.
    Hearts landing are summed per player, the cards dealt to the row are said in one line, and
    so are the objectives one player draws in a row (up to four names a line)."""
    n = _names(game)
    lines: list[Line] = []
    landed: dict[int, Counter[int]] = {}
    dealt: list[Ref] = []
    drawn: list[Ref] = []
    drawer = -1

    def flush() -> None:
        for p, zones in landed.items():
            counts = {zone: zones.get(i, 0) for i, zone in enumerate(ZONES)}
            lines.append(Line(msg("tm-log-landed", actor=player(p), **counts)))
        landed.clear()
        if dealt:
            cards: dict[str, Arg] = {f"card{i + 1}": card for i, card in enumerate(dealt)}
            lines.append(Line(msg("tm-log-dealt", count=len(dealt), **cards)))
            dealt.clear()
        for start in range(0, len(drawn), 4):
            some = drawn[start : start + 4]
            named: dict[str, Arg] = {f"card{i + 1}": card for i, card in enumerate(some)}
            private = msg("tm-log-objectives-drawn", count=len(some), **named)
            public = msg("tm-log-objectives-drawn-secret", actor=player(drawer), count=len(some))
            lines.append(Line(private, only=drawer, others=public))
        drawn.clear()

    for index, entry in enumerate(entries):
        if scoring is not None and scoring.due(index):
            flush()
            lines.extend(scoring.tell(index))
        kind, p, value = entry.kind, entry.player, entry.value
        if kind == "objective":  # told in order: what was gathered before goes first
            if not drawn or p != drawer:
                flush()
            drawer = p
            drawn.append(n.ref("objective", value))
            continue
        if drawn:
            flush()
        if kind == "land":
            landed.setdefault(p, Counter())[value] += 1
            continue
        if kind == "deal":
            dealt.append(n.ref("divination", value))
            continue
        flush()
        if kind == "first":
            lines.append(Line(msg("tm-log-first", actor=player(p))))
        elif kind == "shaman":
            shaman = n.ref("shaman", value)
            lines.append(Line(msg("tm-log-shaman-dealt", actor=player(p), shaman=shaman)))
        elif kind == "event":
            lines.append(Line(msg("tm-log-event", actor=player(p), event=n.ref("event", value))))
        elif kind == "shuffle":
            lines.append(Line(msg("tm-log-shuffle", pile=DECKS[value])))
        # "fall" and "stick" happen inside the opaque tower: their outcome is told by "land";
        # "reveal" is the line of the reveal_objective action itself, "discard" that of the
        # discard, and "final" the line of the favor the objective shown at the end scores.
    flush()
    if scoring is not None:
        lines.extend(scoring.tell(len(entries)))
    return tuple(lines)
