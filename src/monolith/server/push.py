"""The WebSocket hub: who is watching which match, and waking them after every change.

A connection does not get a payload pushed into it; it gets woken, then builds its own fresh payload
for its own seat. Wakes coalesce, so a slow client never queues stale states, and every message is
built by the one payload function at the moment it is sent.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field


@dataclass(eq=False)
class Connection:
    """One open socket: the match, the seat it speaks for (``None``: spectator) and its wake-up."""

    match_id: str
    seat: int | None
    wake: asyncio.Event = field(default_factory=asyncio.Event)


class Hub:
    """Open connections by match."""

    def __init__(self) -> None:
        self._by_match: dict[str, set[Connection]] = {}

    def add(self, match_id: str, seat: int | None) -> Connection:
        connection = Connection(match_id, seat)
        connection.wake.set()  # the first state goes out at once
        self._by_match.setdefault(match_id, set()).add(connection)
        return connection

    def remove(self, connection: Connection) -> None:
        connections = self._by_match.get(connection.match_id)
        if connections is not None:
            connections.discard(connection)
            if not connections:
                del self._by_match[connection.match_id]

    def notify(self, match_id: str) -> None:
        """Wake every connection of the match: something changed."""
        for connection in self._by_match.get(match_id, ()):
            connection.wake.set()

    def connected_seats(self, match_id: str) -> set[int]:
        return {c.seat for c in self._by_match.get(match_id, ()) if c.seat is not None}

    def count(self, match_id: str) -> int:
        return len(self._by_match.get(match_id, ()))
