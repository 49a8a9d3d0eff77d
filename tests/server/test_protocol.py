"""The HTTP protocol answers the two requests of every move itself, as the app would, on a real
uvicorn server on 127.0.0.1 (in a thread of the test, so that its answers can be counted), and
leaves the rest to the app: other requests, slow bodies, pipelined ones, proxied ones."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import httpx
import pytest
import uvicorn

from monolith.server.app import create_app
from monolith.server.settings import Settings
from monolith.server.transports import protocol
from monolith.server.transports.fastlane import FastLane
from monolith.server.transports.protocol import TableProtocol
from tests.server.conftest import Table, auth, free_port
from tests.server.test_abuse import limited_settings
from tests.server.test_fastlane import (
    LEGAL_FORMS,
    answer,
    first_decision,
    post,
    refusals,
    two_humans,
)


class Unlogged(TableProtocol):
    """:class:`TableProtocol` with no access log, as ``monolith serve`` runs it (pytest's log
    capture gives uvicorn's access logger handlers, and a logged request goes the full way)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.access_log = False


class ThreadServer:
    """uvicorn with :class:`TableProtocol` in a thread of the test, on a port of its own."""

    def __init__(self, settings: Settings, head_timeout: float = 10.0) -> None:
        self.port = free_port()
        config = uvicorn.Config(
            create_app(settings),
            host="127.0.0.1",
            port=self.port,
            http=Unlogged.with_timeout(head_timeout),
            log_level="warning",
            access_log=False,
        )
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)

    def __enter__(self) -> ThreadServer:
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not come up"
            time.sleep(0.02)
        return self

    def __exit__(self, *_: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)

    def table(self) -> Table:
        return Table(httpx.Client(base_url=f"http://127.0.0.1:{self.port}", timeout=10))


@pytest.fixture
def answered_here(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many answers the protocol wrote itself."""
    count = {"answers": 0}
    write = TableProtocol._write

    def counted(self: TableProtocol, *args: Any) -> None:
        count["answers"] += 1
        write(self, *args)

    monkeypatch.setattr(protocol.TableProtocol, "_write", counted)
    return count


@pytest.fixture
def served(settings: Settings) -> Iterator[Table]:
    with ThreadServer(settings) as running:
        yield running.table()


def test_states_are_answered_here_as_the_app_answers(
    served: Table, answered_here: dict[str, int]
) -> None:
    match_id, tokens = two_humans(served)
    url = f"/api/matches/{match_id}/state"
    get = served.client.get
    for _ in range(4):
        state = served.state(match_id, tokens[0])
        for token in (*tokens, None):
            for since in (None, 0, max(state["version"] - 1, 0)):
                for labels, legal in LEGAL_FORMS:
                    query = {"since": since, "labels": labels, "legal": legal}
                    query = {key: value for key, value in query.items() if value is not None}
                    before = answered_here["answers"]
                    here = get(url, params=query, headers=auth(token))
                    assert answered_here["answers"] == before + 1
                    # an extra parameter sends it through the app (the FastAPI route)
                    full = get(url, params={**query, "full": 1}, headers=auth(token))
                    assert answered_here["answers"] == before + 1
                    assert answer(here) == answer(full)
                    assert here.status_code == 200
                    assert here.headers["date"] and here.headers["server"] == "uvicorn"
        mover = tokens[state["to_move"]]
        served.play_first_legal(match_id, mover, served.state(match_id, mover))
    # refusals are the app's: a wrong token, an unknown match, a bad query
    before = answered_here["answers"]
    wrong = get(url, headers=auth("wrong"))
    assert (wrong.status_code, wrong.json()["error"]["code"]) == (401, "bad_token")
    assert get("/api/matches/nosuch/state").json()["error"]["code"] == "unknown_match"
    assert get(f"{url}?since=x").json()["error"]["code"] == "malformed"
    assert answered_here["answers"] == before


def test_a_failing_answer_here_goes_the_full_way(
    served: Table, answered_here: dict[str, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An exception in the parser's callback would make uvicorn answer ``400`` and drop the
    connection; the app answers instead (here: the state, as its own route builds it)."""
    match_id, tokens = two_humans(served)
    expected = served.state(match_id, tokens[0])

    def broken(*_: object) -> bytes:
        raise RuntimeError("a bug in the lane")

    monkeypatch.setattr(FastLane, "state_now", broken)
    before = answered_here["answers"]
    answered = served.client.get(f"/api/matches/{match_id}/state", headers=auth(tokens[0]))
    assert answered.status_code == 200 and answered.json() == expected
    assert answered_here["answers"] == before


def test_moves_and_refusals_are_answered_here_as_the_app_answers(
    served: Table, answered_here: dict[str, int]
) -> None:
    match_id, mover, other, state = first_decision(served)
    first = state["legal_actions"][0]
    version = state["version"]
    refused = refusals(mover, other, version, first["id"])
    for token, body in refused:
        before = answered_here["answers"]
        here = post(served, match_id, token, body, full=False)
        assert answered_here["answers"] == before + 1
        full = post(served, match_id, token, body, full=True)
        assert answered_here["answers"] == before + 1
        assert here.status_code >= 400
        assert answer(here) == answer(full), body
    # bodies the protocol does not read as an action go to the app, read as they came
    before = answered_here["answers"]
    for body in (b'{"version": "1", "action_id": 1}', b"[1]", b'{"version": 1, "x": 2}', b"{"):
        unread = post(served, match_id, mover, body, full=False)
        assert unread.status_code == 422 and unread.json()["error"]["code"] == "malformed"
    assert answered_here["answers"] == before
    body = json.dumps({"version": version, "action": first["action"]}).encode()
    moved = post(served, match_id, mover, body, full=False)
    assert moved.status_code == 200 and moved.json() == {"version": version + 1}
    assert answered_here["answers"] == before + 1
    assert served.state(match_id, other)["version"] == version + 1


def raw(port: int, data: bytes, *, pause_after: int | None = None) -> socket.socket:
    """A connection that sent ``data`` (with a pause after its first ``pause_after`` bytes)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    if pause_after is None:
        sock.sendall(data)
    else:
        sock.sendall(data[:pause_after])
        time.sleep(0.3)  # the pause is the behaviour under test: a request that arrives in parts
        sock.sendall(data[pause_after:])
    return sock


def read_answers(sock: socket.socket, count: int) -> list[tuple[int, Any]]:
    """``count`` HTTP answers from ``sock``: status and JSON body."""
    reader = sock.makefile("rb")
    answers = []
    for _ in range(count):
        status = int(reader.readline().split()[1])
        length = 0
        while (line := reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            if name.lower() == "content-length":
                length = int(value)
        answers.append((status, json.loads(reader.read(length))))
    return answers


def request(method: str, path: str, token: str, body: bytes = b"") -> bytes:
    head = f"{method} {path} HTTP/1.1\r\nhost: test\r\nauthorization: Bearer {token}\r\n"
    if body:
        head += f"content-type: application/json\r\ncontent-length: {len(body)}\r\n"
    return head.encode() + b"\r\n" + body


def test_pipelined_and_slow_requests_keep_their_order_and_their_answers(
    settings: Settings, answered_here: dict[str, int]
) -> None:
    with ThreadServer(settings) as running:
        table = running.table()
        match_id, tokens = two_humans(table)
        state = table.state(match_id, tokens[0])
        mover = tokens[state["to_move"]]
        state = table.state(match_id, mover)
        version, action_id = state["version"], state["legal_actions"][0]["id"]
        act = b'{"version": %d, "action_id": %d}' % (version, action_id)
        get = request("GET", f"/api/matches/{match_id}/state?legal=ids", mover)
        # three requests in one write: the state, the move, the state after it
        sock = raw(running.port, get + request("POST", table.actions(match_id), mover, act) + get)
        first, moved, after = read_answers(sock, 3)
        sock.close()
        assert first[0] == 200 and first[1]["version"] == version
        assert moved == (200, {"version": version + 1})
        assert after[0] == 200 and after[1]["version"] == version + 1
        # a move whose body comes in a later packet: gathered here, and it counts
        state = table.state(match_id, tokens[state["to_move"]])
        mover = tokens[state["to_move"]]
        state = table.state(match_id, mover)
        act = b'{"version": %d, "action_id": %d}' % (
            state["version"],
            state["legal_actions"][0]["id"],
        )
        before = answered_here["answers"]
        posted = request("POST", table.actions(match_id), mover, act)
        sock = raw(running.port, posted, pause_after=len(posted) - 5)
        assert read_answers(sock, 1) == [(200, {"version": state["version"] + 1})]
        sock.close()
        assert answered_here["answers"] == before + 1
        # a move sent by a client that leaves at once is still made
        state = table.state(match_id, mover)
        mover = tokens[state["to_move"]]
        state = table.state(match_id, mover)
        act = b'{"version": %d, "action_id": %d}' % (
            state["version"],
            state["legal_actions"][0]["id"],
        )
        raw(running.port, request("POST", table.actions(match_id), mover, act)).close()
        deadline = time.monotonic() + 10
        while table.state(match_id, mover)["version"] == state["version"]:
            assert time.monotonic() < deadline, "the move of a client that left was lost"
            time.sleep(0.02)


def test_a_body_that_never_comes_is_refused_in_time(
    settings: Settings, answered_here: dict[str, int]
) -> None:
    with ThreadServer(replace(settings, body_timeout_seconds=0.5)) as running:
        table = running.table()
        match_id, tokens = two_humans(table)
        posted = request("POST", table.actions(match_id), tokens[0], b'{"version": 1}')
        started = time.monotonic()
        sock = raw(running.port, posted[:-4])
        status, body = read_answers(sock, 1)[0]
        assert (status, body["error"]["code"]) == (408, "too_slow")  # the body's timer, no other
        assert time.monotonic() - started > 0.4  # not before its time (never: the socket's 10 s)
        assert sock.recv(10) == b""  # closed: the rest would read as a request
        sock.close()
        full = table.client.post(
            table.actions(match_id), content=b"{}", headers={"content-type": "text/plain"}
        )
        assert full.status_code == 422  # the server goes on


def test_a_busy_connection_outlives_the_head_deadline(
    settings: Settings, answered_here: dict[str, int]
) -> None:
    """The head deadline is disarmed by every head, answered here or not: a connection that
    keeps asking is never cut."""
    with ThreadServer(settings, head_timeout=0.3) as running:
        table = running.table()
        match_id, tokens = two_humans(table)
        get = request("GET", f"/api/matches/{match_id}/state?legal=ids", tokens[0])
        sock = socket.create_connection(("127.0.0.1", running.port), timeout=10)
        started = time.monotonic()
        while time.monotonic() - started < 1.2:
            sock.sendall(get)
            [(status, body)] = read_answers(sock, 1)
            assert status == 200, body
            time.sleep(0.05)  # the behaviour under test: a client asking on, past the deadline
        sock.close()
        assert answered_here["answers"] >= 10


def test_proxied_moves_and_the_act_budget_are_the_apps(
    settings: Settings, answered_here: dict[str, int]
) -> None:
    limited = limited_settings(replace(settings), act="3/hour")
    with ThreadServer(limited) as running:
        table = running.table()
        match_id, tokens = two_humans(table)
        body = b'{"version": 999, "action_id": 0}'
        answers = [post(table, match_id, tokens[0], body, full=i % 2 == 1) for i in range(5)]
        codes = [(r.status_code, r.json()["error"]["code"]) for r in answers]
        assert codes == [(409, "stale_version")] * 3 + [(429, "rate_limited")] * 2
        assert all(r.headers.get("retry-after") for r in answers[3:])
        assert answered_here["answers"] == 3  # the first, third and fifth
        # behind a proxy, the budget is the forwarded address's: the app counts it
        proxied = table.client.post(
            table.actions(match_id),
            content=body,
            headers={**auth(tokens[0]), "X-Forwarded-For": "203.0.113.9"},
        )
        assert (proxied.status_code, proxied.json()["error"]["code"]) == (409, "stale_version")
        assert answered_here["answers"] == 3
