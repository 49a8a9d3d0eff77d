"""Several server processes on one database: what each tells the others, and who runs a match's
bots and clock. :class:`Cluster` is what the match master asks of a cluster; this module's
:class:`PostgresCluster` does it on PostgreSQL (any number of hosts),
:class:`~monolith.server.sqlite_cluster.SqliteCluster` on a SQLite file (one host).

Every process caches the matches it serves (:class:`~monolith.server.live.LiveMatch`) and accepts
changes to any of them; the database orders them. Each stored match counts its changes
(``matches.sequence``) and every write is conditional on the count it was decided on (see
:class:`~monolith.server.storage.StaleWrite`), so of two processes acting on the same version one
commits and the other finds its cache stale, reloads it and decides again.

**Notices.** The group commit sends, inside the transaction that holds the changes, a
``NOTIFY`` on :data:`CHANNEL` with what changed (the committed records themselves: an action with
its state hash, a seat change, an undo, an expiry). PostgreSQL delivers it to every listening
process once the transaction commits, in commit order. Each process listens on a connection of
its own (:meth:`Cluster.start`); a notice for a match it caches at the count just before is
applied as a local commit would be (the action replayed through the rules and checked against
the stored hash), then pushed to its sockets. A notice it cannot apply that way (a gap, a hash
that differs, a change too large for a notice) makes it reload the match from the database.
After the listening connection is lost and made again, every cached match is checked against
its stored count.

**Leading.** A match's bots and turn clock must run in exactly one process, or bots would think
twice and clocks take seats over twice. The process that runs them holds a session-level
PostgreSQL advisory lock on the match (:meth:`Cluster.claim`) on a connection of its own, and
gives it up when the match no longer moves by itself. When the process dies, its session ends
and the locks with it; every process looks for matches that move by themselves with nobody
leading them every ``lease_sweep_seconds`` and claims them. Were two to run the same bot anyway
(a lock lost with its connection), the conditional writes would still let only one move stand.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import uuid
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

import msgspec
from sqlalchemy import Connection, text
from sqlalchemy.engine import URL

from monolith.server.storage import ActionAppended, ActionRemoved, Expiry, SeatChange

if TYPE_CHECKING:  # imported where used: a server on SQLite runs without psycopg installed
    import psycopg

log = logging.getLogger("monolith.server")

CHANNEL = "monolith_changes"
LOCK_PREFIX = "monolith-match:"
"""Advisory lock keys are ``hashtextextended(LOCK_PREFIX || match_id, 0)``: 64 bits, so two
matches sharing a key is as unlikely as it gets."""
NOTICE_BYTES = 7800
"""PostgreSQL refuses notification payloads of 8000 bytes or more; changes are packed below."""
RECONNECT_SECONDS = 1.0

KINDS: dict[str, type[Any]] = {
    "action": ActionAppended,
    "undo": ActionRemoved,
    "seat": SeatChange,
    "expire": Expiry,
}
"""What a write item is called in a notice; items of other kinds (a new match) send none: no
other process caches a match before it exists."""


class Change(msgspec.Struct):
    """One committed change of a match, as a notice carries it; ``item`` is the write's record
    (``null``: too large to carry, read the match from the database)."""

    kind: str
    match_id: str
    sequence: int
    item: msgspec.Raw = msgspec.Raw(b"null")

    def record(self) -> Any:
        """The write's record (an :class:`ActionAppended`, ...), decoded."""
        if bytes(self.item) == b"null" or self.kind not in KINDS:
            return None
        return msgspec.json.decode(self.item, type=KINDS[self.kind])


class Presence(msgspec.Struct):
    """The seats a process has sockets open for, in one match (empty: none any more)."""

    match_id: str
    seats: list[int]


class Notice(msgspec.Struct):
    """What one process tells the others: committed changes (sent in the writer's transaction),
    or, outside any transaction, its sockets' presence and the matches it asks presence of."""

    process: str
    changes: list[Change] = []
    presence: list[Presence] = []
    asks: list[str] = []
    pid: int = 0
    """The database session holding the process's advisory locks: while it lives, so does
    the process (see :meth:`Cluster.alive`)."""


_encode = msgspec.json.encode
encode_notice = _encode
decode_notice = msgspec.json.Decoder(Notice).decode


def _kind(item: Any) -> str | None:
    for kind, record in KINDS.items():
        if isinstance(item, record):
            return kind
    return None


def notice_payloads(process: str, items: Iterable[Any]) -> list[str]:
    """The notices telling other processes about ``items``, each below PostgreSQL's limit."""
    head = _encode({"process": process, "changes": []})[:-2]  # b'{"process":"...","changes":['
    budget = NOTICE_BYTES - len(head) - 2
    payloads: list[str] = []
    pending: list[bytes] = []
    size = 0
    for item in items:
        kind = _kind(item)
        if kind is None:
            continue
        change = {"kind": kind, "match_id": item.match_id, "sequence": item.sequence}
        encoded = _encode({**change, "item": item})
        if len(encoded) > budget:
            encoded = _encode(change)
        if pending and size + len(encoded) + 1 > budget:
            payloads.append((head + b",".join(pending) + b"]}").decode())
            pending, size = [], 0
        pending.append(encoded)
        size += len(encoded) + 1
    if pending:
        payloads.append((head + b",".join(pending) + b"]}").decode())
    return payloads


def deliver(
    payload: str | bytes,
    process: str,
    on_changes: Callable[[list[Change]], None],
    on_presence: Callable[[Notice], None],
) -> bool:
    """Hand a notice from another process to the master; whether it was one (not this
    ``process``'s own, and readable)."""
    try:
        notice = decode_notice(payload)
    except msgspec.DecodeError as error:
        log.error("cluster: a notice that cannot be read (%s): %.200r", error, payload)
        return False
    if notice.process == process:
        return False
    if notice.changes:
        on_changes(notice.changes)
    if notice.presence or notice.asks:
        on_presence(notice)
    return True


def libpq_url(url: URL) -> str:
    """SQLAlchemy's ``postgresql+psycopg://`` URL as psycopg itself takes it."""
    return url.set(drivername="postgresql").render_as_string(hide_password=False)


class Cluster(Protocol):
    """This process's part in a cluster: its notices out and in, and the matches it leads."""

    process: str
    """Names this process in its notices, so it skips its own (applied at commit already)."""
    leading: set[str]
    """Matches whose bots and clock this process runs."""
    notices_received: int

    def publish(self, connection: Connection, items: Sequence[Any]) -> None:
        """In the writer's transaction: tell the others of these writes, if it commits."""

    def committed(self) -> None:
        """In the writer's thread, after each commit."""

    def guard(self) -> contextlib.AbstractContextManager[object]:
        """Held around each of the writer's transactions."""

    async def start(self) -> None:
        """Hear the others before serving anything."""

    async def stop(self) -> None: ...

    async def announce(self, presence: Sequence[Presence] = (), asks: Sequence[str] = ()) -> None:
        """Tell the others which seats have sockets here, or ask them theirs."""

    async def alive(self, pids: Iterable[int]) -> set[int] | None:
        """Which of these processes (as their notices name them) still live; ``None``: unknown."""

    async def claim(self, match_ids: Iterable[str]) -> list[str]:
        """Try to lead these matches; the ones this process leads now (newly)."""

    async def resign(self, match_id: str) -> None:
        """Stop leading a match."""


class PostgresCluster:
    """This process's part in a cluster on PostgreSQL: notices by ``NOTIFY``, leading by advisory
    locks."""

    def __init__(
        self,
        url: URL,
        on_changes: Callable[[list[Change]], None],
        on_reconnect: Callable[[], None],
        on_presence: Callable[[Notice], None],
    ) -> None:
        self.conninfo = libpq_url(url)
        self.process = uuid.uuid4().hex[:16]
        """Names this process in its notices, so it skips its own (applied at commit already)."""
        self.on_changes = on_changes
        self.on_reconnect = on_reconnect
        self.on_presence = on_presence
        self.leading: set[str] = set()
        """Matches whose bots and clock this process runs (it holds their advisory locks)."""
        self._listener: psycopg.AsyncConnection[Any] | None = None
        self._listening: asyncio.Task[None] | None = None
        self._leases: psycopg.AsyncConnection[Any] | None = None
        self._leases_lock = asyncio.Lock()
        self.notices_received = 0

    # Notices -------------------------------------------------------------------------------------

    def publish(self, connection: Connection, items: Sequence[Any]) -> None:
        """In the writer's transaction: notify the other processes of these writes; PostgreSQL
        delivers it only if the transaction commits."""
        for payload in notice_payloads(self.process, items):
            connection.execute(
                text("select pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": payload},
            )

    def committed(self) -> None:
        """Nothing to do: PostgreSQL delivers the notices at the commit."""

    def guard(self) -> contextlib.AbstractContextManager[object]:
        """Nothing to hold: PostgreSQL's row locks order concurrent writers."""
        return contextlib.nullcontext()

    async def start(self) -> None:
        """Listen before serving anything, so no change committed after a match is read from
        the database can be missed."""
        self._listener = await self._listen()
        self._listening = asyncio.get_running_loop().create_task(self._receive())
        await self._leases_query("select 1", ())  # connected: its session names this process

    async def stop(self) -> None:
        if self._listening is not None:
            self._listening.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._listening
        for connection in (self._listener, self._leases):
            if connection is not None:
                with contextlib.suppress(Exception):
                    await connection.close()
        self._listener = self._leases = None
        self.leading.clear()

    async def _listen(self) -> psycopg.AsyncConnection[Any]:
        import psycopg

        connection = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
        await connection.execute(f"LISTEN {CHANNEL}")
        return connection

    async def _receive(self) -> None:
        import psycopg

        while True:
            try:
                if self._listener is None:
                    self._listener = await self._listen()
                    self.on_reconnect()  # what was committed while nobody listened
                async for notify in self._listener.notifies():
                    self._received(notify.payload)
            except (psycopg.Error, OSError) as error:
                log.warning("cluster: lost the notices' connection (%s); reconnecting", error)
                if self._listener is not None:
                    with contextlib.suppress(Exception):
                        await self._listener.close()
                self._listener = None
                await asyncio.sleep(RECONNECT_SECONDS)

    def _received(self, payload: str) -> None:
        if deliver(payload, self.process, self.on_changes, self.on_presence):
            self.notices_received += 1

    async def announce(self, presence: Sequence[Presence] = (), asks: Sequence[str] = ()) -> None:
        """Tell the others which seats have sockets here, or ask them theirs (not part of any
        transaction: presence is not stored)."""
        pid = self._leases.info.backend_pid if self._leases is not None else 0
        notice = Notice(self.process, presence=list(presence), asks=list(asks), pid=pid)
        payload = _encode(notice).decode()
        if len(payload) < NOTICE_BYTES:
            await self._leases_query("select pg_notify(%s, %s)", (CHANNEL, payload))

    async def alive(self, pids: Iterable[int]) -> set[int] | None:
        """Which of these database sessions (other processes' lock holders) still live;
        ``None`` when the database cannot tell now."""
        wanted = sorted(set(pids))
        if not wanted:
            return set()
        rows = await self._leases_query(
            "select pid from pg_stat_activity where pid = any(%s)", (wanted,)
        )
        return None if self._leases is None else {row[0] for row in rows}

    # Leading -------------------------------------------------------------------------------------

    async def claim(self, match_ids: Iterable[str]) -> list[str]:
        """Try to lead these matches; the ones this process leads now (newly)."""
        wanted = [match_id for match_id in dict.fromkeys(match_ids) if match_id not in self.leading]
        if not wanted:
            return []
        async with self._leases_lock:
            wanted = [match_id for match_id in wanted if match_id not in self.leading]
            rows = await self._leases_query(
                "select id from unnest(%s::text[]) as id "
                "where pg_try_advisory_lock(hashtextextended(%s || id, 0))",
                (wanted, LOCK_PREFIX),
            )
        won = [row[0] for row in rows]
        self.leading.update(won)
        return won

    async def resign(self, match_id: str) -> None:
        """Stop leading a match (it finished, or nothing in it moves by itself any more)."""
        if match_id not in self.leading:
            return
        async with self._leases_lock:
            if match_id not in self.leading:
                return
            self.leading.discard(match_id)
            await self._leases_query(
                "select pg_advisory_unlock(hashtextextended(%s || %s, 0))", (LOCK_PREFIX, match_id)
            )

    async def _leases_query(self, query: str, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """Run on the connection holding the locks; if it is lost, so are they all."""
        import psycopg

        try:
            if self._leases is None or self._leases.closed:
                self._leases = await psycopg.AsyncConnection.connect(self.conninfo, autocommit=True)
            cursor = await self._leases.execute(query, params)
            return await cursor.fetchall()
        except (psycopg.Error, OSError) as error:
            log.warning("cluster: lost the leases' connection (%s); leading nothing", error)
            self.leading.clear()
            if self._leases is not None:
                with contextlib.suppress(Exception):
                    await self._leases.close()
            self._leases = None
            return []
