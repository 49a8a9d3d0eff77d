"""Processes sharing a SQLite file hear of each other's commits: rung at once, found by the poll
when a ring is lost, and told to check every match when notices were deleted before they read them.

Two clusters in one test process stand for two server processes (the whole servers are in
``test_workers``); only leading, which the kernel grants per process, needs two real ones.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import Engine, text

from monolith.server.cluster import Change, Notice, Presence
from monolith.server.sqlite_cluster import SqliteCluster
from monolith.server.storage import ActionRemoved, make_engine, migrate


class Heard:
    """What one cluster handed its master."""

    def __init__(self) -> None:
        self.changes: list[Change] = []
        self.resyncs = 0
        self.presence: list[Notice] = []

    def cluster(self, engine: Engine, poll_seconds: float = 30.0) -> SqliteCluster:
        def resync() -> None:
            self.resyncs += 1

        return SqliteCluster(
            engine, self.changes.extend, resync, self.presence.append, poll_seconds=poll_seconds
        )


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Engine]:
    engine = make_engine(f"sqlite:///{tmp_path / 'shared.sqlite3'}")
    migrate(engine)
    yield engine
    engine.dispose()


def commit(engine: Engine, cluster: SqliteCluster, *items: Any, ring: bool = True) -> None:
    """What the writer does: the items' notices in a transaction, under the turn, then the ring."""
    with cluster.guard(), engine.begin() as connection:
        cluster.publish(connection, items)
    if ring:
        cluster.committed()


async def until(condition: Any, seconds: float = 5.0) -> None:
    deadline = asyncio.get_running_loop().time() + seconds
    while not condition():
        assert asyncio.get_running_loop().time() < deadline, "nothing arrived"
        await asyncio.sleep(0.01)


def undo(match_id: str, sequence: int) -> ActionRemoved:
    return ActionRemoved(match_id, index=0, version=sequence, sequence=sequence)


def test_a_commit_rings_the_others_and_a_lost_ring_is_made_up_by_the_poll(engine: Engine) -> None:
    async def run() -> None:
        heard_a, heard_b = Heard(), Heard()
        a, b = heard_a.cluster(engine), heard_b.cluster(engine, poll_seconds=0.2)
        await a.start()
        await b.start()
        try:
            commit(engine, a, undo("m1", 1), undo("m2", 1))
            await until(lambda: len(heard_b.changes) == 2)
            assert [(c.kind, c.match_id, c.sequence) for c in heard_b.changes] == [
                ("undo", "m1", 1),
                ("undo", "m2", 1),
            ]
            assert heard_b.changes[0].record() == undo("m1", 1)
            commit(engine, a, undo("m1", 2), ring=False)  # a ring lost: the poll finds it
            await until(lambda: len(heard_b.changes) == 3)
            assert heard_b.changes[2].sequence == 2
            commit(engine, b, undo("m3", 1))  # read in order: a reads its own notices first
            await until(lambda: len(heard_a.changes) == 1)
            assert [c.match_id for c in heard_a.changes] == ["m3"]  # nobody hears itself
            assert b.notices_received == 2
            await a.announce([Presence("m1", [0])], asks=["m2"])
            await until(lambda: len(heard_b.presence) == 1)
            told = heard_b.presence[0]
            assert (told.presence, told.asks, told.pid) == ([Presence("m1", [0])], ["m2"], a.pid)
            assert await b.alive([a.pid, 2**22 + 1]) == {a.pid}
        finally:
            await a.stop()
            await b.stop()

    asyncio.run(run())


def test_notices_deleted_before_a_process_read_them_make_it_check_every_match(
    engine: Engine,
) -> None:
    async def run() -> None:
        heard_a, heard_b = Heard(), Heard()
        a, b = heard_a.cluster(engine), heard_b.cluster(engine)  # b polls only every 30 s
        await a.start()
        await b.start()
        try:
            commit(engine, a, undo("m1", 1), ring=False)  # b does not read them in time,
            commit(engine, a, undo("m1", 2), ring=False)
            with engine.begin() as connection:  # and they are swept away
                connection.execute(text("delete from notices"))
            commit(engine, a, undo("m1", 3))
            await until(lambda: heard_b.changes)
            assert heard_b.resyncs == 1  # it checks every match, and goes on from the notice
            assert [c.sequence for c in heard_b.changes] == [3]
            late = heard_a.cluster(engine)  # a process starting now has nothing to catch up on
            await late.start()
            try:
                commit(engine, a, undo("m1", 4))
                await until(lambda: len(heard_a.changes) == 1)
                assert heard_a.resyncs == 0 and heard_a.changes[0].sequence == 4
            finally:
                await late.stop()
        finally:
            await a.stop()
            await b.stop()

    asyncio.run(run())


def test_a_process_leaves_no_mark_behind_and_forgets_the_marks_of_the_killed(
    engine: Engine,
) -> None:
    async def run() -> None:
        heard = Heard()
        a = heard.cluster(engine)
        dead = a.peers / f"{2**22 + 1}-0123456789abcdef"  # a pid no process has here
        a.peers.mkdir(exist_ok=True)
        dead.touch()
        await a.start()
        assert sorted(p.name for p in a.peers.iterdir()) == [a.name]
        await a.stop()
        assert list(a.peers.iterdir()) == []

    asyncio.run(run())


def test_presence_is_told_even_when_the_others_queue_is_full_of_rings(engine: Engine) -> None:
    async def run() -> None:
        heard_a, heard_b = Heard(), Heard()
        a, b = heard_a.cluster(engine), heard_b.cluster(engine)
        await a.start()
        await b.start()
        try:
            for sequence in range(1, 41):  # b is not given the loop meanwhile: its queue fills
                commit(engine, a, undo("m1", sequence))
            await a.announce([Presence("m1", [1])])
            await until(lambda: heard_b.presence)
            assert heard_b.presence[0].presence == [Presence("m1", [1])]
            await until(lambda: len(heard_b.changes) == 40)  # and every change, in order
            assert [c.sequence for c in heard_b.changes] == list(range(1, 41))
        finally:
            await a.stop()
            await b.stop()

    asyncio.run(run())
