"""Group commit: one thread writes to the database, committing everything waiting in one go.

SQLite lets one connection write at a time; requests committing on their own connections queue up
on its write lock, and the losers sleep in SQLite's busy handler (1-100 ms each) however soon the
lock frees. Here every write goes to one thread with one connection instead. While it commits (one
fsync), new writes gather; it then takes all of them, runs them in one transaction and commits
once. Matches acting at the same moment share a commit, and each write is acknowledged only after
the commit that holds it returned: committed before acknowledged, as with one commit per request.

A write is a function of a :class:`~sqlalchemy.Connection` and a list of items, so that writes of
the same kind waiting side by side (actions of different matches) run as one statement each. If a
batch fails, it is rolled back and each write is retried alone, so one bad write fails only its
own caller. PostgreSQL takes the same path; there it saves round trips and commits.

``publish``, when given, runs last in each transaction with the items written, to tell other
server processes what changed (:mod:`monolith.server.cluster`), so that they learn of a change
exactly when it is committed; ``committed`` runs after each commit (to ring the others' bells,
:mod:`monolith.server.sqlite_cluster`), and ``guard`` holds each transaction (processes sharing a
SQLite file take turns by a file lock: a turn passes at once, where SQLite's busy handler sleeps).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import logging
import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.engine import Connection

from monolith.server.storage import StaleWrite

log = logging.getLogger("monolith.server")

Run = Callable[[Connection, Sequence[Any]], None]
"""Writes a list of items of one kind, inside the batch's transaction."""

Publish = Callable[[Connection, Sequence[Any]], None]
"""Tells others about the items a transaction wrote, inside it."""

Guard = Callable[[], contextlib.AbstractContextManager[object]]
"""Held around each transaction."""

MAX_BATCH = 512
"""At most this many writes share a commit, so one transaction never grows without bound."""


@dataclass(eq=False)
class _Pending:
    run: Run
    item: Any
    future: asyncio.Future[None]
    on_commit: Callable[[], None] | None
    waiter: asyncio.Future[None]
    """What a request writing through :meth:`Writer.write` sleeps on, woken in the same turn of
    the loop as the commit is settled (through ``future``'s callbacks it would wake a turn later,
    and a turn of a busy loop is most of a move's wait)."""
    error: BaseException | None = field(default=None)


class WriterStopped(RuntimeError):  # noqa: N818 - reads as the verdict
    """A write was submitted after the writer stopped (the server is shutting down)."""


class Writer:
    """The one thread that writes; :meth:`write` from the event loop, awaited until committed."""

    def __init__(
        self,
        engine: Engine,
        *,
        max_batch: int = MAX_BATCH,
        publish: Publish | None = None,
        committed: Callable[[], None] | None = None,
        guard: Guard | None = None,
    ) -> None:
        self.engine = engine
        self.max_batch = max_batch
        self.publish = publish
        self.committed = committed
        self.guard = guard or contextlib.nullcontext
        self._queue: queue.SimpleQueue[_Pending | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self.commits = 0
        """Transactions committed so far (batches); with :attr:`writes`, how well writes group."""
        self.writes = 0

    def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._thread = threading.Thread(target=self._work, name="monolith-writer", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        """Commit what is waiting, then end the thread."""
        if self._thread is not None:
            self._queue.put(None)
            self._thread.join()
            self._thread = None
            log.info("writer: %d writes in %d commits", self.writes, self.commits)

    def submit(
        self, run: Run, item: Any, on_commit: Callable[[], None] | None = None
    ) -> asyncio.Future[None]:
        """Queue ``run(connection, [item, ...])``; the future resolves once it is committed.

        ``on_commit`` runs on the event loop right after the commit and before the future
        resolves, whether or not anyone still awaits it: what follows a commit in memory (the
        match's cache) must follow it even if the request that asked was cancelled meanwhile.
        """
        return self._submit(run, item, on_commit).future

    def _submit(self, run: Run, item: Any, on_commit: Callable[[], None] | None) -> _Pending:
        if self._thread is None or self._loop is None:
            raise WriterStopped("the server is not accepting writes (starting or stopping)")
        loop = self._loop
        pending = _Pending(run, item, loop.create_future(), on_commit, loop.create_future())
        self._queue.put(pending)
        return pending

    async def write(self, run: Run, item: Any, on_commit: Callable[[], None] | None = None) -> None:
        """:meth:`submit` and wait for the commit, even through a cancellation (re-raised after):
        a caller holding a match's lock keeps it until the cache has followed the database."""
        pending = self._submit(run, item, on_commit)
        await committed(pending.future, pending.waiter)

    # The writer thread ---------------------------------------------------------------------------

    def _work(self) -> None:
        stopping = False
        while not stopping:
            first = self._queue.get()
            if first is None:
                break
            batch = [first]
            while len(batch) < self.max_batch:
                try:
                    following = self._queue.get_nowait()
                except queue.Empty:
                    break
                if following is None:
                    stopping = True
                    break
                batch.append(following)
            self._commit(batch)
            self._settle_later(batch)

    def _commit(self, batch: list[_Pending]) -> None:
        try:
            self._transaction(lambda connection: _run_grouped(connection, batch), batch)
        except Exception as error:
            if len(batch) == 1:
                batch[0].error = error
                return
            level = logging.INFO if isinstance(error, StaleWrite) else logging.WARNING
            log.log(
                level,
                "a batch of %d writes failed (%s); retrying each alone",
                len(batch),
                error,
            )
            for pending in batch:
                try:
                    self._transaction(
                        functools.partial(_run_alone, pending),
                        [pending],
                    )
                except Exception as alone:
                    pending.error = alone
                else:
                    self.commits += 1
                    self.writes += 1
        else:
            self.commits += 1
            self.writes += len(batch)

    def _transaction(self, run: Callable[[Connection], None], batch: list[_Pending]) -> None:
        """``run`` and the notices of ``batch`` in one transaction, under the guard."""
        with self.guard(), self.engine.begin() as connection:
            run(connection)
            if self.publish is not None:
                self.publish(connection, [pending.item for pending in batch])
        if self.committed is not None:
            try:
                self.committed()
            except Exception:  # the change stands; the others find it by their own poll
                log.exception("after a commit: telling the other processes failed")

    def _settle_later(self, batch: list[_Pending]) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop closed meanwhile: nobody waits
            loop.call_soon_threadsafe(_settle, batch)


def _run_grouped(connection: Connection, batch: list[_Pending]) -> None:
    """Run neighbouring writes of the same kind together, in the order they came."""
    for run, group in itertools.groupby(batch, key=lambda pending: pending.run):
        run(connection, [pending.item for pending in group])


def _run_alone(pending: _Pending, connection: Connection) -> None:
    pending.run(connection, [pending.item])


def _settle(batch: list[_Pending]) -> None:
    """On the event loop: apply each committed write to memory, then answer its caller."""
    for pending in batch:
        if pending.error is None and pending.on_commit is not None:
            try:
                pending.on_commit()
            except Exception as error:  # a bug in memory, not in the database: tell the caller
                log.exception("applying a committed write failed")
                pending.error = error
        if not pending.future.done():
            if pending.error is None:
                pending.future.set_result(None)
            else:
                pending.future.set_exception(pending.error)
        if not pending.waiter.done():
            pending.waiter.set_result(None)


async def committed(future: asyncio.Future[None], waiter: asyncio.Future[None]) -> None:
    """Await ``future`` to its end even if the awaiting task is cancelled meanwhile; the
    cancellation is raised once the future is done.

    The task sleeps on ``waiter``, which whoever settles ``future`` wakes too (see
    :class:`_Pending`): a cancellation cancels the waiter, never ``future``, what
    :func:`asyncio.shield` does without its callbacks and closures on every write."""
    if not future.done():
        try:
            await waiter
        except asyncio.CancelledError:
            if future.cancelled():
                raise
            await _until_done(future)
            raise
    future.result()


async def _until_done(future: asyncio.Future[None]) -> None:
    """Wait for ``future`` through any further cancellation of this task, whatever it ends
    with: the caller raises its own cancellation next."""
    while not future.done():
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.shield(future)
        if future.cancelled():
            raise asyncio.CancelledError
