"""The WebSocket hub: who is watching which match, and waking them after every change.

A connection does not get a state pushed into it; it gets woken, then takes the freshest state for
its own reader from the match's cache (:func:`monolith.server.views.state_json`), where each
distinct message is encoded once and shared: a change reaches 500 spectators as one encoding and
500 wake-ups. Wakes coalesce, so a slow client never queues stale states. Small messages everyone
gets alike (presence) are queued on each connection and sent before its next state.

With several server processes (PostgreSQL), a seat may have its sockets on another process; the
hub also keeps which seats each other process has sockets for (``set_remote``), so that
``connected`` means the same on every process.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field


@dataclass(eq=False)
class Connection:
    """One open socket: the match, the seat it speaks for (``None``: spectator) and its wake-up."""

    match_id: str
    seat: int | None
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    outbox: list[bytes] = field(default_factory=list)
    """Messages to send before the next state, in order."""
    sent_revision: int = -1
    """The match's revision the last state sent showed."""
    sent_version: int | None = None
    """The version the last state sent showed (``None``: none yet), so the next one carries only
    the log entries the client does not hold."""


class Hub:
    """Open connections by match, and which seats have at least one."""

    def __init__(self) -> None:
        self._by_match: dict[str, set[Connection]] = {}
        self._seats: dict[str, Counter[int]] = {}
        self._remote: dict[str, dict[str, frozenset[int]]] = {}
        """Per match, the seats each other process has a socket open for."""

    def add(self, match_id: str, seat: int | None) -> tuple[Connection, bool]:
        """A new connection, and whether its seat had none open before (its presence changed)."""
        connection = Connection(match_id, seat)
        connection.wake.set()  # the first state goes out at once
        self._by_match.setdefault(match_id, set()).add(connection)
        if seat is None:
            return connection, False
        seats = self._seats.setdefault(match_id, Counter())
        seats[seat] += 1
        return connection, seats[seat] == 1

    def remove(self, connection: Connection) -> bool:
        """Forget a connection; whether it was its seat's last one (its presence changed)."""
        connections = self._by_match.get(connection.match_id)
        if connections is None or connection not in connections:
            return False
        connections.discard(connection)
        if not connections:
            del self._by_match[connection.match_id]
        if connection.seat is None:
            return False
        seats = self._seats[connection.match_id]
        seats[connection.seat] -= 1
        if seats[connection.seat] > 0:
            return False
        del seats[connection.seat]
        if not seats:
            del self._seats[connection.match_id]
        return True

    def notify(self, match_id: str) -> None:
        """Wake every connection of the match: something changed."""
        for connection in self._by_match.get(match_id, ()):
            connection.wake.set()

    def broadcast(self, match_id: str, message: bytes, but: Connection | None = None) -> None:
        """Queue ``message`` (encoded once) on every connection of the match (``but`` one) and
        wake them."""
        for connection in self._by_match.get(match_id, ()):
            if connection is not but:
                connection.outbox.append(message)
                connection.wake.set()

    def connected_seats(self, match_id: str) -> set[int]:
        """Seats with a socket open here or in another process."""
        seats = set(self._seats.get(match_id, ()))
        for remote in self._remote.get(match_id, {}).values():
            seats |= remote
        return seats

    def local_seats(self, match_id: str) -> list[int]:
        """Seats with a socket open in this process, for telling the others."""
        return sorted(self._seats.get(match_id, ()))

    def set_remote(self, match_id: str, process: str, seats: Sequence[int]) -> bool:
        """Another process's sockets for a match; whether ``connected_seats`` changed."""
        before = self.connected_seats(match_id)
        remote = self._remote.setdefault(match_id, {})
        if seats:
            remote[process] = frozenset(seats)
        else:
            remote.pop(process, None)
            if not remote:
                del self._remote[match_id]
        return self.connected_seats(match_id) != before

    def forget_process(self, process: str) -> list[str]:
        """Another process ended: its sockets with it. The matches whose presence changed."""
        changed = []
        for match_id in [m for m, remote in self._remote.items() if process in remote]:
            if self.set_remote(match_id, process, ()):
                changed.append(match_id)
        return changed

    def count(self, match_id: str) -> int:
        return len(self._by_match.get(match_id, ()))
