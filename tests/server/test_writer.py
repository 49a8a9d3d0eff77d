"""The group commit on a real SQLite file: writes waiting together share one commit, each is
answered only once its commit returned, a bad write fails alone, and a cancelled caller still
sees its write through."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from sqlalchemy import Connection, Engine, text

from monolith.server.storage import make_engine
from monolith.server.writer import Writer


@pytest.fixture
def engine(tmp_path: Path) -> Engine:
    made = make_engine(f"sqlite:///{tmp_path / 'writes.sqlite3'}")
    with made.begin() as connection:
        connection.execute(text("create table items (id integer primary key)"))
    return made


def insert(connection: Connection, items: Sequence[int]) -> None:
    connection.execute(text("insert into items (id) values (:id)"), [{"id": i} for i in items])


def stored(engine: Engine) -> set[int]:
    """What another connection reads: committed rows only."""
    with engine.connect() as connection:
        return {row[0] for row in connection.execute(text("select id from items"))}


def test_waiting_writes_share_a_commit_and_are_answered_after_it(engine: Engine) -> None:
    hold = threading.Event()
    busy = threading.Event()

    def slow_insert(connection: Connection, items: Sequence[int]) -> None:
        busy.set()
        assert hold.wait(10)  # the writer is busy: everything submitted meanwhile gathers
        insert(connection, items)

    seen_committed: dict[int, bool] = {}

    def note(i: int) -> Callable[[], None]:
        """Run on the event loop once ``i`` is committed: is it readable from elsewhere?"""
        return lambda: seen_committed.update({i: i in stored(engine)})

    async def main() -> Writer:
        writer = Writer(engine)
        writer.start()
        try:
            first = writer.submit(slow_insert, 0)
            waiting = [writer.submit(insert, i, note(i)) for i in range(1, 41)]
            assert await asyncio.to_thread(busy.wait, 10), "the writer never took the first write"
            assert not any(future.done() for future in waiting)
            hold.set()
            await asyncio.gather(first, *waiting)
        finally:
            writer.stop()
        return writer

    writer = asyncio.run(main())
    assert stored(engine) == set(range(41))
    assert seen_committed == dict.fromkeys(range(1, 41), True)  # committed before answered
    assert writer.writes == 41 and writer.commits <= 3  # the 40 that waited went in together


def test_a_failing_write_fails_alone(engine: Engine) -> None:
    hold = threading.Event()

    def held(connection: Connection, items: Sequence[int]) -> None:
        assert hold.wait(10)
        insert(connection, items)

    async def main() -> list[BaseException | None]:
        writer = Writer(engine)
        writer.start()
        try:
            await writer.write(insert, 5)
            first = writer.submit(held, 100)
            batch = [writer.submit(insert, i) for i in (1, 5, 2)]  # 5 is already stored
            hold.set()
            await first
            results = await asyncio.gather(*batch, return_exceptions=True)
        finally:
            writer.stop()
        return [r if isinstance(r, BaseException) else None for r in results]

    results = asyncio.run(main())
    assert results[0] is None and results[2] is None
    assert results[1] is not None and "UNIQUE" in str(results[1])
    assert stored(engine) == {1, 2, 5, 100}


def test_a_cancelled_caller_still_waits_for_its_commit(engine: Engine) -> None:
    hold = threading.Event()
    busy = threading.Event()
    applied: list[int] = []

    def held(connection: Connection, items: Sequence[int]) -> None:
        busy.set()
        assert hold.wait(10)
        insert(connection, items)

    async def main() -> None:
        writer = Writer(engine)
        writer.start()
        try:
            caller = asyncio.ensure_future(writer.write(held, 7, lambda: applied.append(7)))
            assert await asyncio.to_thread(busy.wait, 10), "the writer never took the write"
            caller.cancel()
            for _ in range(3):  # turns of the loop: the first delivers the cancellation
                await asyncio.sleep(0)
            assert not caller.done()  # it holds on until the write is committed
            hold.set()
            with pytest.raises(asyncio.CancelledError):
                await caller
            assert applied == [7]
        finally:
            writer.stop()

    asyncio.run(main())
    assert stored(engine) == {7}


def test_a_caller_resumes_in_the_turn_after_its_commit_is_settled(engine: Engine) -> None:
    """Each turn of a busy event loop is a wait for every request in it, so the caller is woken
    straight from the settling callback, not through the future's own callbacks a turn later."""
    turns = 0
    seen: dict[str, int] = {}

    def tick() -> None:
        nonlocal turns
        turns += 1
        asyncio.get_running_loop().call_soon(tick)

    async def main() -> None:
        writer = Writer(engine)
        writer.start()
        try:
            asyncio.get_running_loop().call_soon(tick)
            await writer.write(insert, 3, lambda: seen.update(settled=turns))
            seen["resumed"] = turns
        finally:
            writer.stop()

    asyncio.run(main())
    assert stored(engine) == {3}
    assert seen["resumed"] - seen["settled"] <= 1
