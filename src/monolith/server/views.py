"""Every payload that leaves the server about a match's state is built here, and only here.

Game data comes from ``game.view(state, seat)`` (``None``: the spectator view) and nothing else:
never ``state_to_json``, the seed, another seat's legal actions or a deck order. Around it go public
match facts: seats, version, whose decision it is, the log, the clock and the final result. The
game's full sentence for an action (``describe_action``) goes only to the seat that took it;
everyone else reads the game's public sentence (``announce``).
"""

from __future__ import annotations

from typing import Any

from monolith.core import JsonDict
from monolith.server.live import LiveMatch, LogEntry


def visible_view(live: LiveMatch, state: Any, seat: int | None) -> JsonDict:
    """The one door for game data: what ``seat`` may see of ``state``."""
    return live.game.view(state, seat)


def log_text(live: LiveMatch, entry: LogEntry, seat: int | None) -> str:
    """The log line ``seat`` may read for ``entry``."""
    return entry.text if seat == entry.seat else entry.public


def seats_payload(live: LiveMatch, connected: set[int]) -> list[JsonDict]:
    return [
        {
            "seat": s.seat,
            "kind": s.kind,
            "controller": s.controller,
            "name": s.display_name,
            "taken": s.ready,
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
                "text": game.describe_action(state, action),
            }
            for action in game.legal_actions(state)
        ]
    clock = None
    if live.deadline is not None and to_move is not None:
        stamp = live.deadline.isoformat(timespec="milliseconds").replace("+00:00", "Z")
        clock = {"seat": to_move, "deadline": stamp}
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
        "can_undo": live.can_undo(seat) is None,
        "clock": clock,
        "log": [
            {"index": e.index, "seat": e.seat, "text": log_text(live, e, seat), "by_bot": e.by_bot}
            for e in live.log
        ],
        "result": result,
    }


def replay_payload(live: LiveMatch) -> JsonDict:
    """A finished match step by step, as a spectator saw it."""
    return {
        "match_id": live.id,
        "game": live.game.info.name,
        "initial": visible_view(live, live.states[0], None),
        "steps": [
            {
                "index": entry.index,
                "seat": entry.seat,
                "text": log_text(live, entry, None),
                "view": visible_view(live, live.states[entry.index + 1], None),
            }
            for entry in live.log
        ],
        "result": {
            "scores": list(live.game.scores(live.state)),
            "ranking": list(live.game.ranking(live.state)),
        },
    }
