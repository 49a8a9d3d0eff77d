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
from typing import Any

from monolith.core import JsonDict
from monolith.core.i18n import Line, to_json
from monolith.server.bots import bot_family
from monolith.server.live import LiveMatch, LogEntry


def visible_view(live: LiveMatch, state: Any, seat: int | None) -> JsonDict:
    """The one door for game data: what ``seat`` may see of ``state``."""
    return live.game.view(state, seat)


def readable(lines: Iterable[Line], seat: int | None) -> list[JsonDict]:
    """The lines ``seat`` (``None``: a spectator) may read, as messages."""
    return [to_json(message) for line in lines if (message := line.for_reader(seat)) is not None]


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


def state_payload(live: LiveMatch, seat: int | None, connected: set[int]) -> JsonDict:
    """What ``seat`` (``None``: a spectator) is told about the match now."""
    game, state = live.game, live.state
    to_move = live.to_move()
    legal: list[JsonDict] = []
    if (
        seat is not None
        and seat == to_move
        and live.status == "running"
        and live.seats[seat].controller == "human"
    ):
        legal = [
            {
                "id": game.action_to_id(action),
                "action": game.action_to_json(action),
                "label": to_json(game.label(state, action)),
            }
            for action in game.legal_actions(state)
        ]
    clock = None
    if live.deadline is not None and to_move is not None:
        stamp = live.deadline.isoformat(timespec="milliseconds").replace("+00:00", "Z")
        clock = {"seat": to_move, "deadline": stamp}
    blocked = live.undo_blocked(seat)
    result = None
    if live.status == "finished":
        result = {"scores": list(game.scores(state)), "ranking": list(game.ranking(state))}
    return {
        "match_id": live.id,
        "game": game.info.name,
        "title": game.info.title,
        "players": live.players,
        "options": dict(live.options),
        "version": live.version,
        "status": live.status,
        "seat": seat,
        "seats": seats_payload(live, connected),
        "view": visible_view(live, state, seat),
        "to_move": to_move,
        "legal_actions": legal,
        "can_undo": blocked is None,
        "undo_blocked": to_json(blocked.message) if blocked is not None else None,
        "clock": clock,
        "intro": readable(live.intro, seat),
        "log": [log_payload(e, seat) for e in live.log],
        "result": result,
        "hints": live.hints,
    }


def replay_payload(live: LiveMatch) -> JsonDict:
    """A finished match step by step, as a spectator saw it."""
    return {
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
