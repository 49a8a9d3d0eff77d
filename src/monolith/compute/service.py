"""Bot decisions, hints and reviews as a bounded service beside the web table.

A searching bot's move costs about a thousand times a human's; run inside the web process (as it
once was, on two threads) ten matches of hard bots made every other table's quick bot wait ten
seconds. Here that work runs on worker *slots*, each one worker process (or, with Ray, one task
at a time on a cluster), fed from a :class:`~monolith.compute.queue.FairQueue`:

- cheap bots have slots of their own at normal priority, so a quick opponent never waits behind
  a search; searches run at the lowest priority (Linux's idle class), so live play keeps the
  cores;
- searches take turns by match, so no match (and with the server's quotas, no client) holds
  every worker;
- a search has a time cap per decision, past which it plays the best move found so far;
- a worker that dies mid-decision is replaced and the decision runs again on another slot
  (:data:`ATTEMPTS` times at most), so the match goes on.

The web process only queues and awaits: it never waits on a worker's CPU.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from monolith.compute.queue import FairQueue, Priority, Ticket
from monolith.compute.work import at_low_priority, start_worker

log = logging.getLogger("monolith.compute")
T = TypeVar("T")

ATTEMPTS = 3
"""Times a piece of work is started before a worker dying under it fails it."""

CHEAP_BOTS = frozenset({"random", "greedy"})
"""Bots that decide in milliseconds: their moves go first, on the quick slots."""

ALL = frozenset(Priority)
QUICK_ONLY = frozenset({Priority.QUICK})
SEARCHES_ONLY = frozenset({Priority.SEARCH, Priority.BACKGROUND})
"""What a search slot takes where quick slots exist: a cheap bot's move sent to a worker at the
lowest priority waited there as long as the machine was busy (three bot matches resumed on a
loaded machine: two made no move in 30 s while the third made 46), when its own slot frees in
milliseconds."""


def search_takes(quick: int) -> frozenset[Priority]:
    """What the search slots take beside ``quick`` quick slots: everything only if none."""
    return SEARCHES_ONLY if quick > 0 else ALL


def priority_of(bot: str) -> Priority:
    """How urgent a bot's move is: a cheap bot's first, a search's after it."""
    return Priority.QUICK if bot in CHEAP_BOTS else Priority.SEARCH


class WorkerLost(RuntimeError):  # noqa: N818 - reads as the verdict
    """The worker running a piece of work died (killed, out of memory, crashed)."""


class Slot(Protocol):
    """Where one piece of work runs at a time."""

    takes: frozenset[Priority]
    name: str

    async def run(self, call: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        """``call(*args)`` on this slot's worker; :class:`WorkerLost` if the worker died."""
        ...

    async def close(self) -> None: ...


class ProcessSlot:
    """A local worker process, started on first use (spawned, not forked: the server's threads
    and sockets stay in the server) and started again after it died."""

    def __init__(self, name: str, takes: frozenset[Priority], *, searches: bool) -> None:
        self.name = name
        self.takes = takes
        self.searches = searches
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=1,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=start_worker,
                initargs=(os.getpid(), self.searches),
            )
        return self._pool

    def pids(self) -> list[int]:
        """The worker's process id, if it runs (for tests that kill it)."""
        processes = getattr(self._pool, "_processes", None) or {}
        return list(processes)

    async def run(self, call: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        pool = self._executor()
        try:
            return await asyncio.get_running_loop().run_in_executor(pool, call, *args)
        except BrokenProcessPool as error:
            if self._pool is pool:
                self._pool = None
                pool.shutdown(wait=False, cancel_futures=True)
            raise WorkerLost(f"worker {self.name} died") from error

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        if pool is None:
            return
        # Ended first, the pool closes at once and its queues free their semaphores now (left
        # to the end of the process they leaked when it ended by a signal).
        for worker in list((getattr(pool, "_processes", None) or {}).values()):
            worker.terminate()
        await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)


class ThreadSlot:
    """A thread of the web process itself: for tests whose bots live in the test process, and
    nothing public (a search there holds the interpreter lock the web table needs)."""

    def __init__(self, name: str, takes: frozenset[Priority]) -> None:
        self.name = name
        self.takes = takes
        self._pool = ThreadPoolExecutor(1, thread_name_prefix=f"monolith-{name}")

    async def run(self, call: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self._pool, call, *args)

    async def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)


class RaySlot:
    """One task at a time on a Ray cluster. Ray starts a task again on another worker when its
    worker dies (``max_retries``); a task lost for good is :class:`WorkerLost` here too."""

    def __init__(self, name: str, remote: Any, takes: frozenset[Priority] = ALL) -> None:
        self.name = name
        self.takes = takes
        self._remote = remote

    async def run(self, call: Callable[..., Any], args: tuple[Any, ...]) -> Any:
        import ray.exceptions

        try:
            return await self._remote.remote(at_low_priority, call, *args)
        except (ray.exceptions.WorkerCrashedError, ray.exceptions.NodeDiedError) as error:
            raise WorkerLost(f"Ray worker for {self.name} died") from error
        except ray.exceptions.RayTaskError as error:
            cause = error.as_instanceof_cause()  # type: ignore[no-untyped-call]
            raise cause from None

    async def close(self) -> None:
        return None


@dataclass
class Counts:
    """What the service has done, for benchmarks and the operator."""

    done: dict[Priority, int] = field(default_factory=lambda: dict.fromkeys(Priority, 0))
    retried: int = 0
    failed: int = 0
    waited: dict[Priority, float] = field(default_factory=lambda: dict.fromkeys(Priority, 0.0))
    """Seconds spent waiting in the queue, summed per class."""


class Compute:
    """The bounded service: a fair queue in front of worker slots."""

    def __init__(self, slots: Sequence[Slot], *, closing: Callable[[], Any] | None = None) -> None:
        # quick-only slots first: they take the quick work before a search slot would
        self.slots = sorted(slots, key=lambda slot: len(slot.takes))
        self.queue = FairQueue()
        self.counts = Counts()
        self._idle: list[Slot] = list(self.slots)
        self._running: set[asyncio.Task[None]] = set()
        self._closing = closing
        self._closed = False

    async def run(self, priority: Priority, key: str, call: Callable[..., T], *args: Any) -> T:
        """``call(*args)`` on a worker, queued fairly with ``key``'s other work. Cancelling the
        caller takes waiting work out of the queue (running work finishes, unread)."""
        if self._closed:
            raise RuntimeError("the compute service is closed")
        loop = asyncio.get_running_loop()
        ticket = Ticket(priority, key, call, args, loop.create_future(), queued_at=loop.time())
        self.queue.push(ticket)
        self._dispatch()
        try:
            result: T = await asyncio.shield(ticket.future)
        except asyncio.CancelledError:
            self.queue.remove(ticket)
            ticket.future.cancel()
            raise
        return result

    def _dispatch(self) -> None:
        for slot in list(self._idle):
            ticket = self.queue.pop(slot.takes)
            while ticket is not None and ticket.future.done():  # its caller gave up
                ticket = self.queue.pop(slot.takes)
            if ticket is None:
                continue
            self._idle.remove(slot)
            task = asyncio.get_running_loop().create_task(self._run(slot, ticket))
            self._running.add(task)
            task.add_done_callback(self._running.discard)

    async def _run(self, slot: Slot, ticket: Ticket) -> None:
        loop = asyncio.get_running_loop()
        self.counts.waited[ticket.priority] += loop.time() - ticket.queued_at
        try:
            result = await slot.run(ticket.call, ticket.args)
        except WorkerLost as error:
            ticket.attempts += 1
            if ticket.attempts < ATTEMPTS and not self._closed:
                log.warning("%s; its work (match %s) runs again", error, ticket.key)
                self.counts.retried += 1
                ticket.queued_at = loop.time()
                self.queue.push(ticket, front=True)
            else:
                self.counts.failed += 1
                if not ticket.future.done():
                    ticket.future.set_exception(error)
        except asyncio.CancelledError:
            if not ticket.future.done():
                ticket.future.cancel()
            raise
        except Exception as error:
            self.counts.failed += 1
            if not ticket.future.done():
                ticket.future.set_exception(error)
        else:
            self.counts.done[ticket.priority] += 1
            if not ticket.future.done():
                ticket.future.set_result(result)
        finally:
            if not self._closed:
                self._idle.append(slot)
                self._idle.sort(key=lambda s: len(s.takes))
                self._dispatch()

    async def close(self) -> None:
        """Stop: waiting work is cancelled, running work abandoned, workers ended."""
        self._closed = True
        while (ticket := self.queue.pop(ALL)) is not None:
            ticket.future.cancel()
        for task in list(self._running):
            task.cancel()
        for task in list(self._running):
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        for slot in self.slots:
            await slot.close()
        if self._closing is not None:
            await asyncio.to_thread(self._closing)


def local_slots(searches: int, quick: int) -> list[Slot]:
    """Worker processes on this machine: ``quick`` at normal priority for the cheap bots,
    ``searches`` at the lowest priority for the rest (0: one per core; everything, if ``quick``
    is 0)."""
    searches = searches if searches > 0 else (os.cpu_count() or 1)
    slots: list[Slot] = [
        ProcessSlot(f"quick-{i}", QUICK_ONLY, searches=False) for i in range(max(0, quick))
    ]
    takes = search_takes(quick)
    slots += [ProcessSlot(f"search-{i}", takes, searches=True) for i in range(searches)]
    return slots


async def start_compute(where: str = "local", *, searches: int = 0, quick: int = 1) -> Compute:
    """The service for ``where``: ``local`` worker processes, or ``ray`` (a local Ray cluster
    started here) / ``ray://host:port`` (an existing one) for the searches, the cheap bots
    staying on local quick slots (milliseconds of work is not worth a trip to a cluster);
    ``threads`` runs everything in threads of this process (tests whose bots exist only there)."""
    if where == "local":
        return Compute(local_slots(searches, quick))
    if where == "threads":
        count = searches if searches > 0 else 2
        threads: list[Slot] = [ThreadSlot(f"quick-{i}", QUICK_ONLY) for i in range(max(0, quick))]
        threads += [ThreadSlot(f"search-{i}", search_takes(quick)) for i in range(count)]
        return Compute(threads)
    if where != "ray" and not where.startswith("ray://"):
        raise ValueError(
            f"compute must be 'local', 'ray' or 'ray://host:port' (or 'threads'), not {where!r}"
        )
    import ray

    started_here = False
    if not ray.is_initialized():
        started_here = True
        options: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if where == "ray":  # a cluster of this machine alone, on the loopback address
            options["num_cpus"] = searches if searches > 0 else (os.cpu_count() or 1)
            options["_node_ip_address"] = "127.0.0.1"
        else:
            options["address"] = where
        await asyncio.to_thread(ray.init, **options)
    cpus = int(ray.cluster_resources().get("CPU", 1))  # type: ignore[no-untyped-call]
    count = searches if searches > 0 else max(1, cpus)
    remote = ray.remote(_call).options(max_retries=ATTEMPTS, retry_exceptions=False)
    slots: list[Slot] = [
        ProcessSlot(f"quick-{i}", QUICK_ONLY, searches=False) for i in range(max(0, quick))
    ]
    slots += [RaySlot(f"ray-{i}", remote, search_takes(quick)) for i in range(count)]
    return Compute(slots, closing=ray.shutdown if started_here else None)


def _call(function: Callable[..., T], *args: Any) -> T:
    """What a Ray task runs (a module-level function, as Ray needs)."""
    return function(*args)
