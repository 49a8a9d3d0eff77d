"""Several server processes on one database: a match served by two at once, one killed mid-match,
a race between them, and bots that go on after the process running them died; each on PostgreSQL
and on a SQLite file the processes share.

Each process is ``monolith serve`` in its own subprocess on its own port of 127.0.0.1 (as
processes on different hosts would be), all on the throwaway cluster of ``postgres_url`` or on
one SQLite file.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NamedTuple

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from websockets.sync.client import connect

from monolith.cli.runner import CliError
from monolith.cli.serve import check_workers
from monolith.server.app import create_app
from monolith.server.cluster import NOTICE_BYTES, decode_notice, notice_payloads
from monolith.server.settings import Settings
from monolith.server.storage import ActionAppended, SeatChange, make_engine, utcnow
from tests.server.conftest import (
    Server,
    Table,
    auth,
    error_of,
    master_of,
    receive,
    socket_url,
)


class Pushed:
    """A seat's socket, read as the browser does: the freshest state it was pushed, and the
    answers to its requests."""

    def __init__(self, url: str) -> None:
        self._stack = contextlib.ExitStack()
        self.connection = self._stack.enter_context(connect(url))
        self.state: dict[str, Any] = {"version": -1}
        self.connected: list[bool] = []
        """Which seats have a socket open anywhere, as the last state or presence said."""
        self.requests = 0

    def version(self, version: int, status: str | None = None) -> dict[str, Any]:
        """The freshest state, once one at ``version`` or later (and in ``status``) arrived:
        a process hears of a change through another a moment after it was committed."""
        deadline = time.monotonic() + 20
        while self.state["version"] < version or status not in (None, self.state["status"]):
            assert time.monotonic() < deadline, f"no state at version {version} arrived"
            self._read()
        return self.state

    def act(self, version: int, action_id: int) -> dict[str, Any]:
        self.requests += 1
        request = {"type": "act", "id": self.requests, "version": version, "action_id": action_id}
        self.connection.send(json.dumps(request))
        while (answer := self._read())["type"] not in ("ack", "refused"):
            pass
        assert answer == {"type": "ack", "id": self.requests, "version": version + 1}, answer
        return answer

    def presence(self, connected: list[bool]) -> None:
        """Wait until the seats' ``connected`` flags read ``connected``."""
        deadline = time.monotonic() + 20
        while self.connected != connected:
            assert time.monotonic() < deadline, f"presence stayed {self.connected}"
            self._read()

    def _read(self) -> dict[str, Any]:
        message = receive(self.connection)
        if message["type"] == "state":
            self.state = message
        if message["type"] in ("state", "presence"):
            self.connected = [seat["connected"] for seat in message["seats"]]
        return message

    def close(self) -> None:
        self._stack.close()


def stored_log(url: str, match_id: str) -> list[tuple[int, Any]]:
    """(seat, action) of each stored action, in order: what the database holds, not a cache."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                text('select seat, action from actions where match_id = :id order by "index"'),
                {"id": match_id},
            ).all()
    finally:
        engine.dispose()
    return [(row[0], json.loads(row[1]) if isinstance(row[1], str) else row[1]) for row in rows]


def at(version: int, state: dict[str, Any]) -> bool:
    return bool(state["version"] == version)


def race(
    match_id: str, token: str, posts: list[tuple[httpx.Client, dict[str, Any]]]
) -> list[httpx.Response]:
    """Send these actions at the same moment, each through its client; their answers."""
    answers: list[httpx.Response] = []
    barrier = threading.Barrier(len(posts))

    def post(client: httpx.Client, body: dict[str, Any]) -> None:
        barrier.wait()
        answers.append(client.post(Table.actions(match_id), json=body, headers=auth(token)))

    racers = [threading.Thread(target=post, args=pair) for pair in posts]
    for racer in racers:
        racer.start()
    for racer in racers:
        racer.join()
    return answers


class Shared(NamedTuple):
    """A database several server processes share, and what each must be told to share it."""

    url: str
    env: dict[str, str]


@pytest.fixture(params=["postgresql", "sqlite"])
def shared(request: pytest.FixtureRequest, tmp_path: Path) -> Shared:
    """Every test of processes sharing matches runs on PostgreSQL and on a SQLite file."""
    if request.param == "postgresql":
        return Shared(request.getfixturevalue("postgres_url"), {})
    return Shared(f"sqlite:///{tmp_path / 'shared.sqlite3'}", {"MONOLITH_SHARED_SQLITE": "1"})


@pytest.fixture
def pair(shared: Shared, tmp_path: Path) -> Iterator[tuple[Server, Server]]:
    """Two server processes on the same database, started one after the other."""
    env = {"MONOLITH_LEASE_SWEEP_SECONDS": "0.5", **shared.env}
    first = Server(shared.url, tmp_path / "a.log", env).start()
    second = Server(shared.url, tmp_path / "b.log", env).start()
    try:
        yield first, second
    finally:
        first.stop()
        second.stop()


def test_two_processes_serve_one_match_and_one_dies(
    pair: tuple[Server, Server], shared: Shared
) -> None:
    """Seat 0 plays through process A (HTTP) and seat 1 through process B (its socket); every
    move reaches both sockets, and each sees the other connected. A is killed mid-match; seat 0
    reconnects to B and the match ends there, with every acknowledged move in the stored log, in
    order."""
    a, b = pair
    with a.client() as via_a, b.client() as via_b:
        match_id = Table(via_a).create(seats=("human", "human"))
        ada = Table(via_a).join(match_id, 0, "Ada")
        bo = Table(via_b).join(match_id, 1, "Bo")
        acknowledged: list[tuple[int, int, Any]] = []  # (version, seat, action)
        ada_socket, bo_socket = (
            Pushed(socket_url(a, match_id, ada)),
            Pushed(socket_url(b, match_id, bo)),
        )
        try:
            state = bo_socket.version(0, "running")
            ada_socket.version(0, "running")
            bo_socket.presence([True, True])  # Ada's socket is on the other process
            ada_socket.presence([True, True])
            killed = False
            while state["status"] != "finished":
                seat = state["to_move"]
                if seat == 1:  # Bo decides on what his socket shows, and acts through it
                    choice = state["legal_actions"][0]
                    version = bo_socket.act(state["version"], choice["id"])["version"]
                else:  # Ada reads her state and posts her move over HTTP
                    http = via_b if killed else via_a
                    mine = Table(http).state(match_id, ada)
                    choice = mine["legal_actions"][0]
                    response = http.post(
                        Table.actions(match_id),
                        json={"version": mine["version"], "action_id": choice["id"]},
                        headers=auth(ada),
                    )
                    assert response.status_code == 200, response.text
                    version = response.json()["version"]
                acknowledged.append((version, seat, choice["action"]))
                state = bo_socket.version(version)  # B's socket sees every move
                assert ada_socket.version(version)["log"] is not None  # and so does Ada's
                if not killed and len(acknowledged) == 9:
                    a.kill()  # no shutdown code runs: like a crash or a power cut
                    killed = True
                    with pytest.raises(Exception):  # noqa: B017 - whichever way the socket breaks
                        ada_socket.connection.recv(timeout=10)
                    ada_socket.close()
                    bo_socket.presence([False, True])  # B saw A's session end: Ada is gone
                    ada_socket = Pushed(socket_url(b, match_id, ada))  # the browser reconnects
                    bo_socket.presence([True, True])
                    again = ada_socket.version(version)
                    assert again["log_from"] == 0 and len(again["log"]) == len(acknowledged)
                    assert again["seat"] == 0 and again["version"] == version
            final = Table(via_b).state(match_id, ada)
            assert final["result"] is not None and killed
            assert ada_socket.version(final["version"])["status"] == "finished"
        finally:
            ada_socket.close()
            bo_socket.close()
    assert len(acknowledged) > 9
    assert [version for version, _, _ in acknowledged] == list(range(1, len(acknowledged) + 1))
    assert stored_log(shared.url, match_id) == [(seat, a) for _, seat, a in acknowledged]


def test_a_race_between_two_processes_is_won_once(pair: tuple[Server, Server]) -> None:
    """The same seat sends different moves on the same version to both processes at once, over
    and over: exactly one of each pair is taken, the other is refused as stale, and both
    processes end on the same log."""
    a, b = pair
    with a.client() as via_a, b.client() as via_b:
        match_id = Table(via_a).create(seats=("human", "human"))
        tokens = [Table(via_a).join(match_id, 0, "Ada"), Table(via_b).join(match_id, 1, "Bo")]
        for version in range(6):
            for client in (via_a, via_b):  # both have heard of the last move
                state = Table(client).wait(match_id, None, functools.partial(at, version))
            token = tokens[state["to_move"]]
            legal = Table(via_a).state(match_id, token)
            bodies = [
                {"version": legal["version"], "action_id": legal["legal_actions"][pick]["id"]}
                for pick in (0, -1)
            ]
            answers = race(match_id, token, [(via_a, bodies[0]), (via_b, bodies[1])])
            codes = sorted(answer.status_code for answer in answers)
            assert codes == [200, 409], [answer.text for answer in answers]
            refused = next(answer for answer in answers if answer.status_code == 409)
            assert error_of(refused)[1] == "stale_version"
        final_a = Table(via_a).wait(match_id, None, lambda s: s["version"] == 6)
        final_b = Table(via_b).wait(match_id, None, lambda s: s["version"] == 6)
        assert final_a["log"] == final_b["log"] and len(final_a["log"]) == 6


def test_a_turn_clock_runs_out_once_whichever_process_serves_the_seats(
    pair: tuple[Server, Server],
) -> None:
    """Seats joined through different processes, a 2 s turn clock: the seat to move is taken
    over once, for running out of time, both processes show it, and the bot then plays it."""
    a, b = pair
    with a.client() as via_a, b.client() as via_b:
        match_id = Table(via_a).create(seats=("human", "human"), turn_clock_seconds=2)
        ada = Table(via_a).join(match_id, 0, "Ada")
        Table(via_b).join(match_id, 1, "Bo")
        shown = Table(via_b).wait(match_id, ada, lambda s: s["status"] == "running")
        assert shown["clock"] is not None  # shown by B, though A runs it
        first = shown["to_move"]  # the match's seed picks who starts
        for client in (via_a, via_b):
            taken = Table(client).wait(
                match_id, ada, lambda s: s["seats"][first]["takeover"] == "timeout", timeout=30
            )
            assert taken["seats"][first]["controller"] == "bot"  # (the other's may run out next)
        moved = Table(via_b).wait(match_id, ada, lambda s: len(s["log"]) >= 1, timeout=30)
        assert moved["log"][0]["seat"] == first and moved["log"][0]["by_bot"]
        assert moved["version"] == len(moved["log"])  # each version one move: none twice


def test_bots_go_on_when_the_process_running_them_dies(
    pair: tuple[Server, Server], shared: Shared
) -> None:
    """A match of two bots, created through A (so A runs them): killed, B takes them over
    within the sweep period and the match plays on to its end, each move once."""
    a, b = pair
    a.stop()
    slow = {"MONOLITH_LEASE_SWEEP_SECONDS": "0.5", "MONOLITH_BOT_DELAY_SECONDS": "0.1"}
    a = Server(shared.url, a.log_path, {**slow, **shared.env}).start()
    try:
        with a.client() as via_a, b.client() as via_b:
            match_id = Table(via_a).create(seats=("bot", "bot"))
            Table(via_b).wait(match_id, None, lambda s: s["version"] >= 3)
            a.kill()
            moving = Table(via_b).state(match_id)
            assert moving["status"] == "running"
            later = Table(via_b).wait(
                match_id, None, lambda s: s["status"] == "finished", timeout=60
            )
        assert later["log"][: len(moving["log"])] == moving["log"]
        assert later["version"] == len(later["log"]) > moving["version"] + 5  # B played them
        assert [seat for seat, _ in stored_log(shared.url, match_id)] == [
            entry["seat"] for entry in later["log"]
        ]
    finally:
        a.stop()


def test_a_state_asked_with_the_version_seen_is_never_behind_it(
    pair: tuple[Server, Server],
) -> None:
    """A move acknowledged by A, then the state asked of B at once with ``min_version``: B waits
    until it has heard of the move, so the state is the one after it, every time."""
    a, b = pair
    with a.client() as via_a, b.client() as via_b:
        match_id = Table(via_a).create(seats=("human", "human"))
        tokens = [Table(via_a).join(match_id, 0, "Ada"), Table(via_b).join(match_id, 1, "Bo")]
        state = Table(via_a).wait(match_id, None, lambda s: s["status"] == "running")
        for _ in range(8):
            token = tokens[state["to_move"]]
            acknowledged = Table(via_a).play_first_legal(
                match_id, token, Table(via_a).state(match_id, token)
            )
            response = via_b.get(
                f"/api/matches/{match_id}/state?min_version={acknowledged}&labels=indexed",
                headers=auth(token),
            )
            assert response.status_code == 200, response.text
            state = response.json()
            assert state["version"] == acknowledged


def test_a_state_waits_for_min_version_until_the_move_or_the_limit(tmp_path: Path) -> None:
    """One server: a state asked for a version not reached yet is answered when the move comes,
    or, if it never does, after ``MONOLITH_MIN_VERSION_WAIT_SECONDS`` with what there is. (How
    soon the move wakes it is measured by ``monolith bench-waits``.)"""

    def asking(client: TestClient, match_id: str, least: int) -> tuple[threading.Thread, list[Any]]:
        answers: list[Any] = []

        def ask() -> None:
            answers.append(client.get(f"/api/matches/{match_id}/state?min_version={least}"))

        thread = threading.Thread(target=ask, daemon=True)
        thread.start()
        return thread, answers

    def settings(wait: float) -> Settings:
        url = f"sqlite:///{tmp_path / f'wait-{wait}.sqlite3'}"
        return Settings(database_url=url, rate_limits=False, min_version_wait_seconds=wait)

    with TestClient(create_app(settings(600))) as client:  # a limit no test waits out
        table = Table(client)
        match_id = table.create(seats=("human", "human"))
        tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
        state = table.state(match_id)
        version, token = state["version"], tokens[state["to_move"]]
        live = master_of(client).matches[match_id]
        waiting, answers = asking(client, match_id, version + 1)
        deadline = time.monotonic() + 10
        while not live.version_waiters:  # the request waits in the server for the move
            assert time.monotonic() < deadline, "the request never waited for the version"
            time.sleep(0.01)
        assert waiting.is_alive()
        acknowledged = table.play_first_legal(match_id, token, table.state(match_id, token))
        waiting.join(60)  # far below the limit: only the move could have answered it
        assert not waiting.is_alive(), "the move did not wake the waiting request"
        assert answers[0].json()["version"] == acknowledged == version + 1
        held, answers = asking(client, match_id, acknowledged)  # one it holds: answered at once
        held.join(60)
        assert not held.is_alive() and answers[0].json()["version"] == acknowledged
        refused = client.get(f"/api/matches/{match_id}/state?min_version=-1")
        assert refused.status_code == 422

    with TestClient(create_app(settings(0.5))) as client:
        table = Table(client)
        match_id = table.create(seats=("human", "human"))
        version = table.state(match_id)["version"]
        started = time.monotonic()
        answer = client.get(f"/api/matches/{match_id}/state?min_version={version + 5}")
        assert answer.json()["version"] == version  # a version that does not come: what there is
        assert time.monotonic() - started >= 0.5  # after the limit, the behaviour under test


def test_notices_stay_below_postgresql_limit_and_carry_what_fits() -> None:
    """Many changes are split over several notices under 8000 bytes; a change too large to carry
    is sent as its match and count alone (the others then read it from the database)."""

    def action(match_id: str, size: int) -> ActionAppended:
        return ActionAppended(
            match_id, 0, 1, {"cells": "x" * size}, False, "h", utcnow(), 1, "running", None, 7
        )

    items: list[ActionAppended | SeatChange] = [action(f"m{i}", 100) for i in range(200)]
    items += [
        action("huge", 9000),
        SeatChange("s", 1, {"name": "Ada", "token_hash": "ab"}, 3, "running"),
    ]
    payloads = notice_payloads("me", items)
    assert len(payloads) > 1 and all(len(p.encode()) < NOTICE_BYTES for p in payloads)
    changes = [change for p in payloads for change in decode_notice(p).changes]
    assert [c.match_id for c in changes] == [item.match_id for item in items]
    records = [change.record() for change in changes]
    assert records[:200] == items[:200] and records[-1] == items[-1]
    assert records[200] is None and changes[200].sequence == 7


def test_several_workers_need_a_database_they_can_share() -> None:
    for memory in ("sqlite://", "sqlite:///:memory:", "sqlite:///file:x?mode=memory&uri=true"):
        with pytest.raises(CliError, match="not SQLite in memory"):
            check_workers(2, memory)
    with pytest.raises(CliError, match="at least 1"):
        check_workers(0, "postgresql+psycopg://db/monolith")
    check_workers(4, "postgresql+psycopg://db/monolith")
    check_workers(2, "sqlite:///./monolith.sqlite3")
    check_workers(1, "sqlite://")


def test_serve_with_two_workers_survives_a_killed_worker(shared: Shared, tmp_path: Path) -> None:
    """``monolith serve --workers 2``: both workers answer (each new connection may reach
    either), one is killed mid-match, the match goes on through the other and uvicorn's
    supervisor starts a new worker."""
    log = tmp_path / "serve.log"
    served = Server(shared.url, log, args=("--workers", "2")).start()  # no env: it shares
    assert served.process is not None
    try:
        deadline = time.monotonic() + 60
        while (
            len(workers := children(served.process.pid)) < 2
            or log.read_text().count("Application startup complete") < 2
        ):
            assert time.monotonic() < deadline, log.read_text()
            time.sleep(0.1)
        with served.client() as setup:
            match_id = Table(setup).create(seats=("human", "bot"))
            token = Table(setup).join(match_id, 0)
        acknowledged = []
        for move in range(12):
            if move == 4:
                os.kill(workers[0], signal.SIGKILL)
            with served.client() as fresh:  # a new connection: either worker
                table = Table(fresh)
                state = table.my_turn_or_over(match_id, token, 0)
                if state["status"] == "finished":
                    break
                acknowledged.append(table.play_first_legal(match_id, token, state))
        with served.client() as last:
            final = Table(last).wait(match_id, token, lambda s: s["version"] >= acknowledged[-1])
        assert len(acknowledged) >= 6 and final["log"][acknowledged[-1] - 1]["seat"] == 0
        while len(children(served.process.pid)) < 2 or workers[0] in children(served.process.pid):
            assert time.monotonic() < deadline + 60, "no worker took the killed one's place"
            time.sleep(0.2)
    finally:
        served.stop()


def children(pid: int) -> list[int]:
    """The live worker processes uvicorn's supervisor ``pid`` started (multiprocessing's
    ``spawn_main``; not its resource tracker)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                stat = (entry / "stat").read_text()
                fields = stat[stat.rindex(")") + 2 :].split()
                command = (entry / "cmdline").read_bytes()
                if int(fields[1]) == pid and fields[0] != "Z" and b"spawn_main" in command:
                    found.append(int(entry.name))
    return sorted(found)
