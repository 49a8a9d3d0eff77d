"""The compute service (issue 22, F1): quick bots never wait behind searches, work takes turns by
match, a worker that dies mid-decision is replaced and the decision runs again."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from pathlib import Path

import pytest

from monolith.compute import (
    Compute,
    FairQueue,
    Priority,
    ProcessSlot,
    Ticket,
    WorkerLost,
    bot_decision,
    local_slots,
    priority_of,
)
from monolith.compute.service import ALL, QUICK_ONLY, start_compute
from monolith.games import get_game


def wait_for(path: str) -> str:
    """A search stand-in that holds its worker until ``path`` exists (an event, not a clock)."""
    while not Path(path).exists():
        time.sleep(0.01)
    return "released"


def pid() -> int:
    return os.getpid()


def ticket(priority: Priority, key: str, name: str) -> Ticket:
    return Ticket(priority, key, None, (name,))


def test_the_queue_takes_the_most_urgent_class_first_and_turns_by_match() -> None:
    queue = FairQueue()
    for index in range(3):
        queue.push(ticket(Priority.BACKGROUND, "review", f"r{index}"))
    queue.push(ticket(Priority.SEARCH, "a", "a0"))
    queue.push(ticket(Priority.SEARCH, "a", "a1"))
    queue.push(ticket(Priority.SEARCH, "b", "b0"))
    queue.push(ticket(Priority.QUICK, "c", "c0"))
    order = []
    while (next_one := queue.pop(ALL)) is not None:
        order.append(next_one.args[0])
    assert order == ["c0", "a0", "b0", "a1", "r0", "r1", "r2"]
    assert len(queue) == 0


def test_a_quick_slot_takes_only_quick_work_and_a_retry_goes_first() -> None:
    queue = FairQueue()
    queue.push(ticket(Priority.SEARCH, "a", "a0"))
    assert queue.pop(QUICK_ONLY) is None
    queue.push(ticket(Priority.SEARCH, "b", "b0"))
    retried = ticket(Priority.SEARCH, "b", "b-again")
    queue.push(retried, front=True)
    assert queue.pop(ALL) is retried
    assert queue.remove(queue.pop(ALL) or retried) is False  # popped already: not waiting


def test_cheap_bots_are_quick_and_searches_are_not() -> None:
    assert priority_of("greedy") is Priority.QUICK and priority_of("random") is Priority.QUICK
    assert priority_of("ismcts-hard") is Priority.SEARCH


def test_a_quick_bot_decides_while_every_search_slot_is_busy(tmp_path: Path) -> None:
    """The starvation of F1: two searches hold both search workers; a greedy bot's move still
    comes back (before, bots shared two threads, and it waited for the searches to end)."""
    game = get_game("the-monolith")
    state = game.new_game(players=3, seed=5)
    seat = game.current_player(state)
    assert seat is not None
    view = game.view(state, seat)
    release = tmp_path / "release"

    async def scenario() -> tuple[object, list[str], int]:
        compute = Compute(local_slots(searches=2, quick=1))
        try:
            searches = [
                asyncio.create_task(
                    compute.run(Priority.SEARCH, f"hard-{i}", wait_for, str(release))
                )
                for i in range(4)
            ]
            action = await compute.run(
                Priority.QUICK, "table", bot_decision, "greedy", 1, game.info.name, view, seat, None
            )
            waiting = len(compute.queue)
            release.touch()
            return action, list(await asyncio.gather(*searches)), waiting
        finally:
            await compute.close()

    action, searched, waiting = asyncio.run(scenario())
    assert waiting == 2, "the greedy move came back while searches still waited"
    assert searched == ["released"] * 4
    chosen = game.action_from_json(action)
    assert chosen in list(game.legal_actions(state))


def test_a_worker_killed_mid_decision_is_replaced_and_the_work_runs_again(
    tmp_path: Path,
) -> None:
    release = tmp_path / "release"

    async def scenario() -> tuple[str, int, int]:
        slot = ProcessSlot("search-0", ALL, searches=True)
        compute = Compute([slot])
        try:
            first = await compute.run(Priority.SEARCH, "m", pid)
            work = asyncio.create_task(compute.run(Priority.SEARCH, "m", wait_for, str(release)))
            while not compute._running:  # dispatched
                await asyncio.sleep(0.01)
            os.kill(first, signal.SIGKILL)
            while compute.counts.retried == 0:
                await asyncio.sleep(0.01)
            release.touch()
            answer = await work
            second = await compute.run(Priority.SEARCH, "m", pid)
            return answer, first, second
        finally:
            await compute.close()

    answer, first, second = asyncio.run(scenario())
    assert answer == "released"
    assert first != second, "a fresh worker took over"


def test_work_that_keeps_killing_its_worker_fails_after_its_attempts() -> None:
    async def scenario() -> Compute:
        compute = Compute([ProcessSlot("search-0", ALL, searches=True)])
        try:
            with pytest.raises(WorkerLost):
                await compute.run(Priority.SEARCH, "m", die)
        finally:
            await compute.close()
        return compute

    compute = asyncio.run(scenario())
    assert compute.counts.failed == 1 and compute.counts.retried == 2


def die() -> None:
    """Work that kills whatever worker runs it."""
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_quick_move_waits_for_its_own_slot_never_a_search_worker() -> None:
    """Search workers run at the lowest priority: a cheap bot's move sent to one waited as long
    as the machine was busy (on a loaded machine two of three resumed bot matches made no move in
    30 s). With the quick slot busy, the next quick move waits for it, and the search slot stays
    free for a search."""
    release = threading.Event()

    def hold() -> str:
        release.wait(60)
        return threading.current_thread().name

    def where() -> str:
        return threading.current_thread().name

    async def scenario() -> tuple[int, str, str, str]:
        compute = await start_compute("threads", searches=1, quick=1)
        try:
            first = asyncio.create_task(compute.run(Priority.QUICK, "a", hold))
            second = asyncio.create_task(compute.run(Priority.QUICK, "b", where))
            while len(compute._running) + len(compute.queue) < 2:  # both handed in
                await asyncio.sleep(0)
            waiting = len(compute.queue)
            search = await compute.run(Priority.SEARCH, "c", where)
            release.set()
            return waiting, await first, await second, search
        finally:
            release.set()
            await compute.close()

    waiting, first, second, search = asyncio.run(scenario())
    assert waiting == 1, "the second quick move went to the idle search worker"
    assert first.startswith("monolith-quick") and second.startswith("monolith-quick")
    assert search.startswith("monolith-search")
    assert all(QUICK_ONLY.isdisjoint(slot.takes) for slot in local_slots(2, 1)[1:])
    assert local_slots(1, 0)[0].takes == ALL, "with no quick slot, a search slot takes everything"
