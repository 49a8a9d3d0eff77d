"""Several server processes on one SQLite file, on one machine: the same cluster as on PostgreSQL
(:mod:`monolith.server.cluster`), with the operating system doing what the database server does
there.

**Notices.** A process's writer puts what it committed into the ``notices`` table inside the same
transaction (the records themselves, as PostgreSQL's ``NOTIFY`` carries them): a notice exists
exactly when its change does, and SQLite's ``AUTOINCREMENT`` numbers them in commit order. After
each commit the writer rings the others: a one-byte datagram to each process's Unix socket (in
Linux's abstract namespace, named after the file and the process; each process leaves a mark in
``<file>.peers/`` to be found by). A process rung (or every ``POLL_SECONDS``, should a ring be
lost) reads the notices numbered after the last one it read and hands them to the master, which
applies them as on PostgreSQL. A gap in the numbers (notices deleted before it read them: it was
stopped for half a minute) makes it check every cached match against the database. Presence
(which seats have sockets where) is not stored: it travels as datagrams of its own.

**Taking turns to write.** The writers of all processes take an exclusive ``flock`` on
``<file>.write`` around each transaction. SQLite would order them itself, but its busy handler
sleeps 1-100 ms however soon the lock frees, and a write that read first can fail outright when
another committed in between; a file lock passes at once.

**Leading.** A match's bots and clock run in the process holding a POSIX record lock on one byte
of ``<file>.leads`` (at an offset hashed from the match id): the kernel releases it when the
process ends, even killed, as PostgreSQL ends an advisory lock with its session. Every process
sweeps for matches nobody leads, as on PostgreSQL.

All of it needs the processes on one machine (Unix sockets, file locks) and a file on a local disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import fcntl
import hashlib
import logging
import os
import socket
import sqlite3
import threading
import time
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import IO, Any

from sqlalchemy import Connection, Engine, insert, text

from monolith.server.cluster import (
    NOTICE_BYTES,
    Change,
    Notice,
    Presence,
    deliver,
    encode_notice,
    notice_payloads,
)
from monolith.server.storage import NoticeRow, migrate

log = logging.getLogger("monolith.server")

POLL_SECONDS = 0.5
"""How often a process reads the notices unrung: the bound on how late a lost ring is made up."""
KEEP_SECONDS = 30.0
"""Notices older than this are deleted (under load they add up to megabytes a minute); a process
that read none for longer (it was stopped) checks every match it holds instead."""
SWEEP_EVERY = 200
"""Commits between two deletions of old notices."""
RING = b"!"
ANNOUNCE_ATTEMPTS = 200
"""Times a presence is sent again, 10 ms apart, to a process whose queue is full."""


def _lock_offset(match_id: str) -> int:
    """The byte of ``<file>.leads`` standing for the match: 62 bits of a hash, below the largest
    offset a record lock takes."""
    digest = hashlib.blake2b(match_id.encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 2


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


@contextlib.contextmanager
def exclusive(path: Path) -> Iterator[None]:
    """Hold an exclusive ``flock`` on ``path`` (made if missing)."""
    with path.open("ab") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def database_path(engine: Engine) -> Path:
    """The SQLite file, which processes sharing it must name alike; refused when in memory."""
    database = engine.url.database
    if not database or database == ":memory:":
        raise ValueError("processes can share a SQLite database only in a file, not in memory")
    return Path(database).resolve()


def migrate_shared(engine: Engine) -> None:
    """:func:`~monolith.server.storage.migrate`, one process at a time (they may start
    together), under the writers' lock."""
    with exclusive(Path(f"{database_path(engine)}.write")):
        migrate(engine)


class SqliteCluster:
    """This process's part in a cluster on one SQLite file."""

    def __init__(
        self,
        engine: Engine,
        on_changes: Callable[[list[Change]], None],
        on_reconnect: Callable[[], None],
        on_presence: Callable[[Notice], None],
        *,
        poll_seconds: float = POLL_SECONDS,
    ) -> None:
        path = database_path(engine)
        self.path = path
        self.process = uuid.uuid4().hex[:16]
        self.pid = os.getpid()
        self.on_changes = on_changes
        self.on_reconnect = on_reconnect
        self.on_presence = on_presence
        self.poll_seconds = poll_seconds
        self.leading: set[str] = set()
        self.notices_received = 0
        self.peers = Path(f"{path}.peers")
        self.name = f"{self.pid}-{self.process}"
        """This process's mark in ``peers``, and the end of its socket's name."""
        digest = hashlib.blake2b(str(path).encode(), digest_size=8).hexdigest()
        self._prefix = f"\0monolith-{digest}"
        self._write_lock_path = Path(f"{path}.write")
        self._leads_path = Path(f"{path}.leads")
        self._write_lock: IO[bytes] | None = None
        self._leads: IO[bytes] | None = None
        self._inbox: socket.socket | None = None
        self._outbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._outbox.setblocking(False)
        self._outbox_lock = threading.Lock()  # the writer thread rings, the loop announces
        self._reader: sqlite3.Connection | None = None
        self._last = 0
        """The number of the last notice read."""
        self._polling: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._commits = 0

    # The writer's side ---------------------------------------------------------------------------

    @contextlib.contextmanager
    def guard(self) -> Iterator[None]:
        handle = self._write_lock
        if handle is None:  # not started, or stopped: nothing else is written here then
            yield
            return
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)

    def publish(self, connection: Connection, items: Sequence[Any]) -> None:
        """In the writer's transaction: the notices of these writes, numbered by the commit."""
        payloads = notice_payloads(self.process, items)
        now = time.time()
        if payloads:
            connection.execute(
                insert(NoticeRow),
                [{"process": self.process, "payload": p, "created": now} for p in payloads],
            )
        self._commits += 1
        if self._commits % SWEEP_EVERY == 0:
            connection.execute(
                text("delete from notices where created < :before"),
                {"before": now - KEEP_SECONDS},
            )

    def committed(self) -> None:
        """After a commit: ring every other process (its bell: one byte, read or not)."""
        self._send(RING)

    def _address(self, name: str) -> str:
        return f"{self._prefix}-{name}"

    def _send(self, message: bytes, peers: Iterable[str] | None = None) -> list[str]:
        """Send to every other process (or to ``peers``); those whose queue was full.

        A full queue (Linux keeps ``net.unix.max_dgram_qlen`` datagrams, often 10) does not
        matter for a ring: the process has rings waiting, and each makes it read every notice.
        """
        full = []
        with self._outbox_lock:
            for peer in self._peer_names() if peers is None else peers:
                try:
                    self._outbox.sendto(message, self._address(peer))
                except BlockingIOError:
                    full.append(peer)
                except (ConnectionRefusedError, FileNotFoundError):
                    self._forget(peer)  # nobody listens there any more: a process that died
                except OSError as error:
                    log.warning("cluster: cannot ring %s (%s)", peer, error)
        return full

    def _peer_names(self) -> list[str]:
        try:
            names = os.listdir(self.peers)
        except FileNotFoundError:
            return []
        return [n for n in names if n != self.name and not n.startswith(".")]

    def _forget(self, peer: str) -> None:
        pid = peer.split("-", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            with contextlib.suppress(FileNotFoundError):
                (self.peers / peer).unlink()

    # Listening -----------------------------------------------------------------------------------

    async def start(self) -> None:
        """Open the bell and note the last notice before serving anything, so no change committed
        after a match is read from the database can be missed."""
        self._loop = asyncio.get_running_loop()
        self.peers.mkdir(exist_ok=True)
        self._write_lock = self._write_lock_path.open("ab")
        self._leads = self._leads_path.open("ab")
        inbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        inbox.setblocking(False)
        inbox.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 1 << 20)
        inbox.bind(self._address(self.name))
        (self.peers / self.name).touch()
        self._inbox = inbox
        self._reader = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._reader.execute("PRAGMA busy_timeout=10000")
        # The last number given, even to a notice deleted since (AUTOINCREMENT keeps it).
        row = self._reader.execute(
            "select coalesce(max(seq), 0) from sqlite_sequence where name = 'notices'"
        ).fetchone()
        self._last = int(row[0])
        self._loop.add_reader(inbox.fileno(), self._rung)
        self._polling = self._loop.create_task(self._poll())
        for peer in self._peer_names():  # the killed left their marks behind
            self._forget(peer)

    async def stop(self) -> None:
        if self._polling is not None:
            self._polling.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._polling
            self._polling = None
        if self._inbox is not None:
            if self._loop is not None:
                self._loop.remove_reader(self._inbox.fileno())
            self._inbox.close()
            self._inbox = None
            with contextlib.suppress(FileNotFoundError):
                (self.peers / self.name).unlink()
        for handle in (self._leads, self._write_lock):
            if handle is not None:
                handle.close()  # and with it every lock this process held on it
        self._leads = self._write_lock = None
        if self._reader is not None:
            self._reader.close()
            self._reader = None
        self.leading.clear()

    async def _poll(self) -> None:
        while True:
            await asyncio.sleep(self.poll_seconds)
            self._read_notices()

    def _rung(self) -> None:
        """On the event loop: empty the bell, take any presence sent, then read the notices."""
        inbox = self._inbox
        if inbox is None:
            return
        rung = False
        while True:
            try:
                message = inbox.recv(NOTICE_BYTES + 1024)
            except (BlockingIOError, InterruptedError):
                break
            if message == RING:
                rung = True
            elif deliver(message, self.process, self.on_changes, self.on_presence):
                self.notices_received += 1
        if rung:
            self._read_notices()

    def _read_notices(self) -> None:
        """Hand the notices after the last one read to the master (a failure is logged: the
        next ring or poll reads them)."""
        reader = self._reader
        if reader is None:
            return
        try:
            rows = reader.execute(
                "select id, process, payload from notices where id > ? order by id", (self._last,)
            ).fetchall()
        except sqlite3.Error as error:
            log.warning("cluster: reading the notices failed (%s)", error)
            return
        if not rows:
            return
        if rows[0][0] != self._last + 1:
            log.warning(
                "cluster: notices %d to %d were deleted before this process read them; "
                "checking every match",
                self._last + 1,
                rows[0][0] - 1,
            )
            self.on_reconnect()
        self._last = rows[-1][0]
        for _, process, payload in rows:
            if process != self.process and deliver(
                payload, self.process, self.on_changes, self.on_presence
            ):
                self.notices_received += 1

    # Presence ------------------------------------------------------------------------------------

    async def announce(self, presence: Sequence[Presence] = (), asks: Sequence[str] = ()) -> None:
        """Tell the others which seats have sockets here, or ask them theirs: a datagram each."""
        notice = Notice(self.process, presence=list(presence), asks=list(asks), pid=self.pid)
        payload = encode_notice(notice)
        if len(payload) >= NOTICE_BYTES:
            return
        full = self._send(payload)
        for _ in range(ANNOUNCE_ATTEMPTS):  # unlike a ring, presence is said once: say it again
            if not full:
                return
            await asyncio.sleep(0.01)
            full = self._send(payload, full)
        log.warning("cluster: presence not told to %s (their queues stayed full)", full)

    async def alive(self, pids: Iterable[int]) -> set[int] | None:
        """Which of these processes live (they are on this machine)."""
        return {pid for pid in set(pids) if _alive(pid)}

    # Leading -------------------------------------------------------------------------------------

    async def claim(self, match_ids: Iterable[str]) -> list[str]:
        handle = self._leads
        if handle is None:
            return []
        won = []
        for match_id in dict.fromkeys(match_ids):
            if match_id in self.leading:
                continue
            try:
                fcntl.lockf(handle, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, _lock_offset(match_id))
            except OSError as error:
                if error.errno not in (errno.EACCES, errno.EAGAIN):
                    raise
                continue
            won.append(match_id)
        self.leading.update(won)
        return won

    async def resign(self, match_id: str) -> None:
        if match_id not in self.leading:
            return
        self.leading.discard(match_id)
        if self._leads is not None:
            fcntl.lockf(self._leads, fcntl.LOCK_UN, 1, _lock_offset(match_id))
