"""Every payload that leaves the server about a match's state is built here, and only here.

Game data comes from ``game.view(state, seat)`` (``None``: the spectator view) and nothing else:
never ``state_to_json``, the seed, another seat's legal actions or a deck order. Around it go public
match facts: seats, version, whose decision it is, the log, the clock and the final result.

Sentences leave as messages (see :mod:`monolith.core.i18n`) that the reader's page puts into words
in the reader's language. The log holds each line a seat may read: a line the game marks as one
seat's own (an objective kept, a card drawn) reaches that seat only, everyone else reading the
game's public variant or nothing (``Line.for_reader``).
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import chain
from typing import Any, Literal, cast

import msgspec

from monolith.core import AnyGame, JsonDict, KeyedLabels, legal_action_ids
from monolith.core.game import conforms
from monolith.core.i18n import Line, Message
from monolith.server.bots import bot_family
from monolith.server.live import LiveMatch, LogEntry, StateCache


def visible_view(live: LiveMatch, state: Any, seat: int | None) -> JsonDict:
    """The one door for game data: what ``seat`` may see of ``state``."""
    return live.game.view(state, seat)


def readable(lines: Iterable[Line], seat: int | None) -> list[Message]:
    """The lines ``seat`` (``None``: a spectator) may read, as messages."""
    return [message for line in lines if (message := line.for_reader(seat)) is not None]


def log_payload(entry: LogEntry, seat: int | None) -> JsonDict:
    return {
        "index": entry.index,
        "seat": entry.seat,
        "by_bot": entry.by_bot,
        "lines": readable(entry.lines, seat),
    }


def bot_fields(bot: str | None) -> JsonDict:
    """The bot playing a seat as family and level (``None`` for a human's seat)."""
    family, level = bot_family(bot) if bot else (None, None)
    return {"bot": family, "level": level}


def seats_payload(live: LiveMatch, connected: set[int]) -> list[JsonDict]:
    return [
        {
            "seat": s.seat,
            "kind": s.kind,
            "controller": s.controller,
            "name": s.name if s.kind == "human" else None,
            **bot_fields(s.bot if s.controller == "bot" else None),
            "taken": s.ready,
            "takeover": s.takeover_reason if s.kind == "human" and s.taken_over else None,
            "connected": s.controller == "bot" or s.seat in connected,
        }
        for s in live.seats
    ]


LegalForm = Literal["inline", "indexed", "ids"]
"""How a state carries the legal actions: each with its id, JSON and label (``inline``), the same
with each label an index into the state's ``labels`` (``indexed``), or as bare action ids
(``ids``: for programs that know the game's action encoding; no labels, no action JSON)."""
Labels = Literal["inline", "indexed"]
"""A state query's ``labels``: in each legal action, or apart and indexed."""
Legal = Literal["full", "ids"]
"""A state query's ``legal``: each action with its JSON and label, or bare action ids."""


def legal_form(labels: Labels, legal: Legal) -> LegalForm:
    """The form of the legal actions a state's query asks for (``legal=ids`` has no labels)."""
    return "ids" if legal == "ids" else labels


ACTION_CACHE_LIMIT = 100_000
"""How many encoded actions (and labels) are kept per game; a cache starts over past it."""

_encode = msgspec.json.Encoder().encode
_action_cache: dict[str, dict[Any, bytes]] = {}
_label_cache: dict[str, dict[Any, bytes]] = {}


def _remember(cache: dict[Any, bytes], key: Any, encoded: bytes) -> bytes:
    if len(cache) >= ACTION_CACHE_LIMIT:
        cache.clear()
    cache[key] = encoded
    return encoded


def _action_head(game: AnyGame, action: Any) -> bytes:
    """``{"id": ..., "action": ..., "label":`` for an action: a function of the action alone."""
    action_id, data = game.action_to_id(action), _encode(game.action_to_json(action))
    return b'{"id":%d,"action":%s,"label":' % (action_id, data)


_CLOSED = tuple(b"%d}," % n for n in range(1024))
"""A label's index and the end of its action, for indexed labels."""


def legal_actions_json(game: AnyGame, state: Any, *, indexed: bool = False) -> tuple[bytes, bytes]:
    """The legal actions of the seat to move in ``state``, each with its id, JSON and label, and
    (``indexed``) the labels they say: then each action's ``label`` is an index into them, and a
    label said by many actions (the placements of one piece at the same levels) is sent once.

    An action's id and JSON are encoded once for every state and match it is legal in; so is each
    distinct label of a game with keyed labels (:class:`KeyedLabels`), which names its legal
    actions by id (no action is built, and the work per action is a few lookups); any other game
    gets its labels built and encoded per state."""
    if conforms(game, KeyedLabels):
        return _keyed_json(cast(KeyedLabels[Any, Any], game), state, indexed)
    heads = _action_cache.setdefault(game.info.name, {})
    parts: list[bytes] = []
    order: dict[bytes, int] = {}
    for action in game.legal_actions(state):
        head = heads.get(action) or _remember(heads, action, _action_head(game, action))
        label = _encode(game.label(state, action))
        if indexed:
            label = b"%d" % order.setdefault(label, len(order))
        parts += (head, label, b"},")
    return _listed(parts), b"[%s]" % b",".join(order) if indexed else b"[]"


def legal_ids_json(game: AnyGame, state: Any) -> bytes:
    """The legal actions of the seat to move in ``state`` as a JSON list of their action ids, in
    the order of ``game.legal_actions``: a third of the work of the labelled form and a tenth of
    its bytes, for clients that read the game's action encoding themselves."""
    return _encode(legal_action_ids(game, state))


def _keyed_json(game: Any, state: Any, indexed: bool) -> tuple[bytes, bytes]:
    heads = _action_cache.setdefault(game.info.name, {})
    labels = _label_cache.setdefault(game.info.name, {})
    pairs = game.labelled_ids(state)
    try:
        parts = [heads[action_id] for action_id, _ in pairs]
    except KeyError:
        for action_id, _ in pairs:
            if action_id not in heads:
                _remember(heads, action_id, _action_head(game, game.action_from_id(action_id)))
        parts = [heads[action_id] for action_id, _ in pairs]
    order: dict[Any, int] = {}
    indices = [order.setdefault(key, len(order)) for _, key in pairs]
    said = [labels.get(key) for key in order]
    if None in said:
        some = {key: action_id for action_id, key in pairs}
        for index, key in enumerate(order):
            if said[index] is None:
                label = _encode(game.label(state, game.action_from_id(some[key])))
                said[index] = _remember(labels, key, label)
    known = cast(list[bytes], said)
    if not indexed:
        ends = [known[i] + b"}," for i in indices]
    elif len(order) <= len(_CLOSED):
        ends = list(map(_CLOSED.__getitem__, indices))
    else:
        ends = [b"%d}," % i for i in indices]
    body = _listed(list(chain.from_iterable(zip(parts, ends, strict=True))))
    return body, b"[%s]" % b",".join(known) if indexed else b"[]"


def _listed(parts: list[bytes]) -> bytes:
    """A JSON list of the actions in ``parts``, each ending with ``},``."""
    return b"[%s]" % b"".join(parts)[:-1]


def _may_act(live: LiveMatch, seat: int | None) -> bool:
    return (
        seat is not None
        and seat == live.to_move()
        and live.status == "running"
        and live.seats[seat].controller == "human"
    )


def _version_pieces(live: LiveMatch) -> StateCache:
    """The cache, with its pieces that hold for one version emptied if the version moved on."""
    cache = live.cache
    if cache.version != live.version:
        cache.version = live.version
        cache.legal.clear()
        cache.views.clear()
    return cache


def _view_json(live: LiveMatch, seat: int | None) -> bytes:
    cache = _version_pieces(live)
    view = cache.views.get(seat)
    if view is None:
        view = cache.views[seat] = _encode(visible_view(live, live.state, seat))
    return view


def _legal_json(live: LiveMatch, seat: int | None, form: LegalForm) -> tuple[bytes, bytes]:
    if not _may_act(live, seat):
        return b"[]", b"[]"
    cache = _version_pieces(live)
    legal = cache.legal.get(form)
    if legal is None:
        if form == "ids":
            legal = (legal_ids_json(live.game, live.state), b"[]")
        else:
            indexed = form == "indexed"
            legal = legal_actions_json(live.game, live.state, indexed=indexed)
        cache.legal[form] = legal
    return legal


def _entries_json(live: LiveMatch, seat: int | None) -> list[bytes]:
    """Each log entry as ``seat`` reads it, encoded once per entry and reader."""
    entries = live.cache.entries.setdefault(seat, [])
    for entry in live.log[len(entries) :]:
        entries.append(_encode(log_payload(entry, seat)))
    return entries


def forget_log_from(live: LiveMatch, index: int) -> None:
    """Drop the encoded log entries from ``index`` on (an undo took them back)."""
    for entries in live.cache.entries.values():
        del entries[index:]


def _head(live: LiveMatch, seat: int | None, connected: set[int], form: LegalForm) -> bytes:
    """Everything of ``seat``'s state but the log, as a JSON object, its legal actions in
    ``form`` (``indexed``: with the labels apart, in ``labels``)."""
    game, state = live.game, live.state
    to_move = live.to_move()
    clock = None
    if live.deadline is not None and to_move is not None:
        stamp = live.deadline.isoformat(timespec="milliseconds").replace("+00:00", "Z")
        clock = {"seat": to_move, "deadline": stamp}
    blocked = live.undo_blocked(seat)
    result = None
    if live.status == "finished":
        result = {"scores": list(game.scores(state)), "ranking": list(game.ranking(state))}
    legal, labels = _legal_json(live, seat, form)
    payload: JsonDict = {
        "match_id": live.id,
        "game": game.info.name,
        "title": game.info.title,
        "players": live.players,
        "options": live.options,
        "version": live.version,
        "status": live.status,
        "seat": seat,
        "seats": seats_payload(live, connected),
        "view": msgspec.Raw(_view_json(live, seat)),
        "to_move": to_move,
        "legal_actions": msgspec.Raw(legal),
        "can_undo": blocked is None,
        "undo_blocked": blocked.message if blocked is not None else None,
        "clock": clock,
        "intro": readable(live.intro, seat),
        "result": result,
        "hints": live.hints,
    }
    if form == "indexed":
        payload["labels"] = msgspec.Raw(labels)
    return _encode(payload)


def state_json(
    live: LiveMatch,
    seat: int | None,
    connected: set[int],
    since: int | None,
    *,
    push: bool,
    form: LegalForm = "inline",
) -> bytes:
    """``seat``'s state (``None``: a spectator) as JSON, with the log entries from the first one a
    client that saw version ``since`` may not hold (``log_from``); ``push`` adds ``"type":
    "state"`` for the socket; ``form`` says how the legal actions travel (:data:`LegalForm`).
    Each distinct answer is encoded once per change of the match and shared by every client that
    asks for it (all spectators, every poll of a seat)."""
    cache = live.cache
    key = (live.revision, live.presence)
    if cache.key != key:
        cache.key = key
        cache.heads.clear()
        cache.messages.clear()
    log_from = live.kept_log(since)
    found = cache.messages.get((push, seat, log_from, form))
    if found is not None:
        return found
    head = cache.heads.get((seat, form))
    if head is None:
        head = cache.heads[(seat, form)] = _head(live, seat, connected, form)
    entries = _entries_json(live, seat)[log_from:]
    found = b'%s%s,"log_from":%d,"log":[%s]}' % (
        b'{"type":"state",' if push else b"{",
        head[1:-1],
        log_from,
        b",".join(entries),
    )
    cache.messages[(push, seat, log_from, form)] = found
    return found


def replay_json(live: LiveMatch) -> bytes:
    """A finished match step by step, as a spectator saw it."""
    replay = {
        "match_id": live.id,
        "game": live.game.info.name,
        "seats": seats_payload(live, set()),
        "initial": visible_view(live, live.states[0], None),
        "intro": readable(live.intro, None),
        "steps": [
            {
                **log_payload(entry, None),
                "view": visible_view(live, live.states[entry.index + 1], None),
            }
            for entry in live.log
        ],
        "result": {
            "scores": list(live.game.scores(live.state)),
            "ranking": list(live.game.ranking(live.state)),
        },
    }
    return _encode(replay)


def presence_json(live: LiveMatch, connected: set[int]) -> bytes:
    """Which seats are at the table now (``connected`` as in a state's seats), for the socket."""
    return _encode(
        {
            "type": "presence",
            "seats": [
                {"seat": s.seat, "connected": s.controller == "bot" or s.seat in connected}
                for s in live.seats
            ],
        }
    )
