"""The web table against easy abuse: each refusal has its documented code and changes nothing.

Rate limits per address, open matches that expire, a startup that does not grow with abandoned
matches, a paged match list, clean names, strict bodies, head and body timeouts on a real server,
and a turn clock that acting and undoing cannot wind back.
"""

from __future__ import annotations

import socket
import time
from dataclasses import replace
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select, update
from starlette.websockets import WebSocketDisconnect

from monolith.load.bench_waits import store_filler
from monolith.server.app import create_app
from monolith.server.refusals import RateLimited
from monolith.server.settings import Settings
from monolith.server.storage import MatchRow, Repository, make_engine, utcnow
from monolith.server.throttle import Throttle
from tests.server.conftest import Server, Table, auth, error_of, master_of

# Rate limits -------------------------------------------------------------------------------------


def limited_settings(
    settings: Settings, *, create: str = "", join: str = "", act: str = ""
) -> Settings:
    """Rate limits on, with these budgets only (the rest unlimited)."""
    return replace(
        settings,
        rate_limits=True,
        rate_limit_create=create,
        rate_limit_join=join,
        rate_limit_act=act,
    )


def test_creating_joining_and_acting_are_rate_limited_per_address(settings: Settings) -> None:
    tight = limited_settings(settings, create="3/minute", join="2/minute", act="2/hour")
    with TestClient(create_app(tight)) as client:
        table = Table(client)
        first = table.create(seats=("human", "human"))
        table.create(seats=("human", "human"))
        table.create(seats=("human", "human"))
        listed = client.get("/api/matches").json()
        refused = client.post(
            "/api/matches", json={"game": "monolyth", "players": 2, "seats": [{}, {}]}
        )
        status, code, message = error_of(refused)
        assert (status, code) == (429, "rate_limited") and "matches created" in message
        wait = int(refused.headers["Retry-After"])
        assert 1 <= wait <= 60 and refused.json()["error"]["params"] == {"retry_after": wait}
        assert client.get("/api/matches").json() == listed  # nothing was created

        tokens = [table.join(first, 0, "Ada"), table.join(first, 1, "Bo")]
        spare = listed[0]["match_id"]
        joined = client.post(f"/api/matches/{spare}/seats/0/join", json={"name": "Cy"})
        assert error_of(joined)[:2] == (429, "rate_limited") and "Retry-After" in joined.headers
        assert table.state(spare)["seats"][0]["taken"] is False

        for _ in range(2):
            state = table.state(first)
            token = tokens[state["to_move"]]
            table.play_first_legal(first, token, table.state(first, token))
        state = table.state(first)
        token = tokens[state["to_move"]]
        mine = table.state(first, token)
        body = {"version": mine["version"], "action_id": mine["legal_actions"][0]["id"]}
        over = table.act(first, token, body)
        assert error_of(over)[:2] == (429, "rate_limited")
        # the acts' bucket is refilling, not the creations': a wait up to its window (how much
        # of it is left depends on how long the moves above took, so no lower bound past 1)
        assert 1 <= int(over.headers["Retry-After"]) <= 3600
        undo = client.post(
            f"/api/matches/{first}/undo", json={"version": mine["version"]}, headers=auth(token)
        )
        assert error_of(undo)[:2] == (429, "rate_limited")  # undo spends the same budget
        assert table.state(first, token) == mine  # nothing moved


def test_bots_and_the_servers_own_moves_are_not_limited(settings: Settings) -> None:
    """A match of bots plays dozens of moves on one creation, whatever the acting budget."""
    tight = limited_settings(settings, act="1/hour")
    with TestClient(create_app(tight)) as client:
        table = Table(client)
        match_id = table.create(seats=("bot", "bot"))
        final = table.wait(match_id, None, lambda s: s["status"] == "finished", timeout=60)
        assert len(final["log"]) > 10


def test_budgets_are_per_address_and_ipv6_counts_per_network(settings: Settings) -> None:
    throttle = Throttle(limited_settings(settings, join="2/minute", create="5/minute"))
    for _ in range(2):
        throttle.spend("join", "198.51.100.1")
    with pytest.raises(RateLimited) as refused:
        throttle.spend("join", "198.51.100.1")
    assert refused.value.status == 429 and refused.value.retry_after >= 1
    throttle.spend("join", "198.51.100.2")  # another address has its own budget
    throttle.spend("create", "198.51.100.1")  # and another bucket its own

    from monolith.server.throttle import address_key as key

    assert key("2001:db8:1:2::5") == key("2001:db8:1:2:ffff::9") == "2001:db8:1:2::/64"
    assert key("2001:db8:1:3::5") != key("2001:db8:1:2::5")
    assert key("::ffff:198.51.100.1") == "198.51.100.1"
    with pytest.raises(ValueError, match="rate"):
        Throttle(replace(settings, rate_limit_act="twenty a second"))


def test_rate_limits_can_be_switched_off_from_the_environment() -> None:
    assert Settings.from_env({}).rate_limits is True
    assert Settings.from_env({"MONOLITH_RATE_LIMITS": "off"}).rate_limits is False
    assert Settings.from_env({"MONOLITH_RATE_LIMITS": "false"}).rate_limits is False
    with pytest.raises(ValueError, match="MONOLITH_RATE_LIMITS"):
        Settings.from_env({"MONOLITH_RATE_LIMITS": "maybe"})


# Open matches expire; startup loads only what moves by itself ---------------------------------


def test_an_open_match_nobody_joined_expires_with_a_clear_code(settings: Settings) -> None:
    with TestClient(create_app(replace(settings, open_match_ttl_seconds=0.5))) as client:
        table = Table(client)
        abandoned = table.create(seats=("human", "human"))
        waiting = table.create(seats=("human", "human"))
        table.join(waiting, 0, "Ada")  # someone sits at this one: it stays open
        assert {m["match_id"] for m in client.get("/api/matches").json()} == {abandoned, waiting}
        time.sleep(0.8)  # the behaviour under test: the open match's 0.5 s running out
        join = client.post(f"/api/matches/{abandoned}/seats/0/join", json={"name": "Bo"})
        status, code, message = error_of(join)
        assert (status, code) == (410, "expired") and "nobody joined" in message
        assert error_of(client.get(f"/api/matches/{abandoned}/state"))[:2] == (410, "expired")
        with client.websocket_connect(f"/ws/matches/{abandoned}") as socket_:
            assert socket_.receive_json()["error"]["code"] == "expired"
            with pytest.raises(WebSocketDisconnect) as closed:
                socket_.receive_json()
        assert closed.value.code == 4410
        listed = {m["match_id"] for m in client.get("/api/matches?include_finished=true").json()}
        assert listed == {waiting}
        assert table.state(waiting)["status"] == "open"
        table.join(waiting, 1, "Cy")
        assert table.state(waiting)["status"] == "running"
    engine = make_engine(settings.database_url)
    try:
        with Repository(engine).sessions() as session:  # kept, not deleted: it answers 410
            assert session.get(MatchRow, abandoned) is not None
            assert session.get(MatchRow, abandoned).status == "expired"  # type: ignore[union-attr]
    finally:
        engine.dispose()


def test_open_matches_expire_in_the_database_without_being_asked_for(settings: Settings) -> None:
    """Matches nobody asks about are expired by the server's sweep, straight in the database."""
    with TestClient(create_app(settings)) as client:
        old = Table(client).create(seats=("human", "bot"))
    engine = make_engine(settings.database_url)
    repo = Repository(engine)
    try:
        with repo.sessions.begin() as session:
            session.execute(update(MatchRow).values(created_at=utcnow() - timedelta(hours=25)))
        with TestClient(create_app(settings)) as client:
            deadline = time.monotonic() + 10
            while repo.load(old).match.status != "expired":  # type: ignore[union-attr]
                assert time.monotonic() < deadline, "the sweep never expired the match"
                time.sleep(0.05)
            assert old not in master_of(client).matches
            assert client.get("/api/matches").json() == []
    finally:
        engine.dispose()


def test_ten_thousand_unfinished_matches_do_not_slow_startup(settings: Settings) -> None:
    """Only matches that move by themselves are resumed, in the background; the rest wait to be
    asked for, so the server's first answer does not wait for them (how soon it comes, beside an
    empty database's, is measured by ``monolith bench-waits``)."""
    # The matches that must go on: bots about to move, and a seat whose clock must run out.
    paused = replace(settings, bot_delay_seconds=3600)
    with TestClient(create_app(paused)) as client:
        table = Table(client)
        bots = [table.create(seats=("bot", "bot")) for _ in range(3)]
        clocked = table.create(seats=("human", "human"), turn_clock_seconds=3600)
        table.join(clocked, 0, "Ada")
        table.join(clocked, 1, "Bo")
    engine = make_engine(settings.database_url)
    repo = Repository(engine)
    try:
        with repo.sessions.begin() as session:
            session.execute(
                update(MatchRow).where(MatchRow.id == clocked).values(turn_clock_seconds=1)
            )
        filler = store_filler(settings.database_url, 10_000)
        with TestClient(create_app(settings)) as client:
            first_page = client.get("/api/matches")
            assert first_page.status_code == 200 and len(first_page.json()) == 50
            master = master_of(client)
            assert set(master.matches) <= {*bots, clocked}, "startup loaded what waits to be asked"
            # Nobody asked about the bots' matches or the clocked one, yet they go on.
            deadline = time.monotonic() + 30
            while True:
                versions = [repo.load(m).match.version for m in bots]  # type: ignore[union-attr]
                seat = repo.load(clocked).seats  # type: ignore[union-attr]
                if min(versions) > 0 and any(s.takeover_reason == "timeout" for s in seat):
                    break
                assert time.monotonic() < deadline, (versions, seat)
                time.sleep(0.1)
            unasked = filler["open"][:100] + filler["running"][:100]
            assert not any(m in master.matches for m in unasked)
            asked = filler["running"][5]
            state = Table(client).state(asked)  # loaded on first use
            assert state["status"] == "running" and asked in master.matches
    finally:
        engine.dispose()


# The match list in pages --------------------------------------------------------------------


def test_the_match_list_comes_in_pages_in_a_stable_order(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        table = Table(client)
        made = [table.create(seats=("human", "human")) for _ in range(7)]
        engine = make_engine(settings.database_url)
        try:  # four share one creation time: the id decides between them
            with Repository(engine).sessions.begin() as session:
                same = session.scalars(select(MatchRow.created_at)).first()
                session.execute(
                    update(MatchRow).where(MatchRow.id.in_(made[:4])).values(created_at=same)
                )
        finally:
            engine.dispose()
        pages: list[list[str]] = []
        url: str | None = "/api/matches?limit=3"
        while url is not None:
            response = client.get(url)
            assert response.status_code == 200
            pages.append([m["match_id"] for m in response.json()])
            link = response.headers.get("Link")
            url = link.split(">")[0].lstrip("<") if link else None
            if len(pages) == 1:
                table.create(seats=("human", "human"))  # a new match does not shift the pages
        assert [len(page) for page in pages] == [3, 3, 1]
        listed = [m for page in pages for m in page]
        assert sorted(listed) == sorted(made)
        whole = [m["match_id"] for m in client.get("/api/matches?limit=200").json()]
        assert whole[1:] == listed  # the same order as one long page, the newest match first
        for bad in ("limit=0", "limit=201", "limit=ten", "cursor=not-a-cursor", "cursor=%FF"):
            refused = client.get(f"/api/matches?{bad}")
            assert error_of(refused)[:2] == (422, "malformed"), bad


# Names -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("Ada\x00", "control"),
        ("A\x07da", "control"),
        ("Ada\u202eevil", "bidi"),
        ("\u2066Ada\u2069", "bidi"),
        ("Ad\u200fa", "bidi"),
        ("A\u200bda", "invisible"),
        ("Ada\u2060", "invisible"),
        ("\u3164", "invisible"),
        ("Ada\ue000", "invisible"),
        ("   ", "empty"),
        ("", "empty"),
        ("x" * 41, "too_long"),
    ],
)
def test_unreadable_names_are_refused_naming_the_problem(
    table: Table, name: str, reason: str
) -> None:
    match_id = table.create(seats=("human", "human"))
    before = table.state(match_id)
    response = table.client.post(f"/api/matches/{match_id}/seats/0/join", json={"name": name})
    status, code, message = error_of(response)
    assert (status, code) == (422, "bad_name"), message
    assert response.json()["error"]["params"] == {"reason": reason}
    assert table.state(match_id) == before  # the seat is still free


def test_names_are_normalised_and_trimmed(table: Table) -> None:
    match_id = table.create(seats=("human", "human", "human"))
    table.join(match_id, 0, "  Ade\u0301le  ")
    table.join(match_id, 1, "Ada \u3000  Lovelace")
    table.join(match_id, 2, "x" * 40)
    names = [s["name"] for s in table.state(match_id)["seats"]]
    assert names == ["Ad\u00e9le", "Ada Lovelace", "x" * 40]


# Strict bodies -----------------------------------------------------------------------------------


@pytest.mark.parametrize("version", [True, "1", 1.0, None, [1]])
def test_a_version_must_be_a_number(table: Table, version: Any) -> None:
    match_id = table.create(seats=("human", "human"))
    tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
    state = table.state(match_id)
    token = tokens[state["to_move"]]
    mine = table.state(match_id, token)
    for body in (
        {"version": version, "action_id": mine["legal_actions"][0]["id"]},
        {"version": mine["version"], "action_id": version},
    ):
        refused = table.act(match_id, token, body)
        assert error_of(refused)[:2] == (422, "malformed"), body
    undo = table.client.post(
        f"/api/matches/{match_id}/undo", json={"version": version}, headers=auth(token)
    )
    assert error_of(undo)[:2] == (422, "malformed")
    assert table.state(match_id, token) == mine


@pytest.mark.parametrize(
    "body",
    [
        {"game": "monolyth", "players": "2"},
        {"game": "monolyth", "players": True},
        {"game": "monolyth", "players": 2, "turn_clock_seconds": "60"},
        {"game": "monolyth", "players": 2, "seats": [{"kind": "human"}, {"kind": 1}]},
        {"game": 7, "players": 2},
    ],
)
def test_a_match_setup_must_have_the_right_types(client: TestClient, body: Any) -> None:
    refused = client.post("/api/matches", json=body)
    assert error_of(refused)[:2] == (422, "malformed")
    assert client.get("/api/matches").json() == []


@pytest.mark.parametrize(
    "raw",
    [
        b"[" * 10_000 + b"]" * 10_000,
        b'{"version": ' + b"[" * 5_000 + b"]" * 5_000 + b"}",
        b'{"name": "\xff\xfe"}',
        b'{"version": 0',
        b"",
    ],
)
def test_every_unreadable_body_answers_malformed(table: Table, raw: bytes) -> None:
    match_id = table.create(seats=("human", "human"))
    tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
    token = tokens[table.state(match_id)["to_move"]]
    mine = table.state(match_id, token)
    headers = {"Content-Type": "application/json"}
    for path in ("/api/matches", f"/api/matches/{match_id}/seats/0/join"):
        refused = table.client.post(path, content=raw, headers=headers)
        assert error_of(refused)[:2] == (422, "malformed"), (path, refused.text)
    refused = table.act(match_id, token, None, raw=raw)
    status, code, message = error_of(refused)
    assert (status, code) == (422, "malformed"), message
    assert table.state(match_id, token) == mine


# Timeouts on a real server -----------------------------------------------------------------------


def test_half_sent_requests_are_closed_after_the_header_timeout(tmp_path: Path) -> None:
    env = {"MONOLITH_HEADER_TIMEOUT_SECONDS": "1", "MONOLITH_BODY_TIMEOUT_SECONDS": "1"}
    server = Server(f"sqlite:///{tmp_path / 'slow.sqlite3'}", tmp_path / "server.log", env)
    server.start()
    held: list[socket.socket] = []
    try:
        for number in range(300):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            if number % 3:  # two thirds start a request and never finish its head
                sock.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            held.append(sock)
        with server.client() as client:  # a whole request is still answered meanwhile
            assert client.get("/api/games").status_code == 200
        # A request whose head arrives in time is not cut by the head's timer.
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        sock.sendall(b"GET /api/games HTTP/1.1\r\n")
        time.sleep(0.5)  # the behaviour under test: a head that comes slowly, within its second
        sock.sendall(b"Host: 127.0.0.1\r\n\r\n")
        assert sock.recv(12) == b"HTTP/1.1 200"
        sock.close()
        answers = []
        for sock in held:  # each closed by the server (else the socket's 10 s timeout fails it)
            chunks = []
            while chunk := sock.recv(4096):
                chunks.append(chunk)
            answers.append(b"".join(chunks))
        assert all(a == b"" or a.startswith(b"HTTP/1.1 408") for a in answers)
        assert sum(a.startswith(b"HTTP/1.1 408") for a in answers) >= 150

        # A body that never finishes arriving is refused once the body's time is up.
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        sock.sendall(
            b"POST /api/matches HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            b'Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"game"'
        )
        answer = b""
        while b"}}" not in answer and (chunk := sock.recv(4096)):
            answer += chunk
        assert answer.startswith(b"HTTP/1.1 408") and b'"too_slow"' in answer  # the body's timer
        sock.close()
        with server.client() as client:
            assert client.get("/api/matches").json() == []  # nothing was created
    finally:
        for sock in held:
            sock.close()
        server.stop()


# The turn clock ----------------------------------------------------------------------------------


def march_turn(table: Table, match_id: str, tokens: list[str]) -> tuple[int, dict[str, Any]]:
    """Play The Monolith until a seat may begin a march: that reveals nothing and its next
    decision (the march's steps) is still that seat's, so it can be undone. (Once the turn passes
    to another person an undo is refused: it would take their turn away.)"""
    for _ in range(60):
        mover = table.state(match_id)["to_move"]
        state = table.state(match_id, tokens[mover])
        if any(a["action"].get("kind") == "march" for a in state["legal_actions"]):
            return mover, state
        table.play_first_legal(match_id, tokens[mover], state)
    raise AssertionError("no march was ever offered")


def three_people(table: Table, clock: int) -> tuple[str, list[str]]:
    match_id = table.create(
        game="the-monolith", seats=("human", "human", "human"), turn_clock_seconds=clock
    )
    return match_id, [table.join(match_id, seat, name) for seat, name in enumerate("ABC")]


def marches(state: dict[str, Any]) -> list[dict[str, Any]]:
    return [a for a in state["legal_actions"] if a["action"].get("kind") == "march"]


def test_acting_and_undoing_does_not_wind_the_clock_back(settings: Settings) -> None:
    with TestClient(create_app(settings)) as client:
        table = Table(client)
        match_id, tokens = three_people(table, 3600)
        mover, state = march_turn(table, match_id, tokens)
        deadline = state["clock"]["deadline"]
        token = tokens[mover]
        for _ in range(3):
            time.sleep(0.01)  # a new deadline would differ by the milliseconds it shows
            chosen = marches(state)[0]
            acted = table.act(
                match_id, token, {"version": state["version"], "action_id": chosen["id"]}
            )
            assert acted.status_code == 200, acted.text
            after = table.state(match_id)
            if after["to_move"] == mover:  # the turn goes on: its deadline stays
                assert after["clock"]["deadline"] == deadline
            undone = client.post(
                f"/api/matches/{match_id}/undo",
                json={"version": acted.json()["version"]},
                headers=auth(token),
            )
            assert undone.status_code == 200, undone.text
            state = table.state(match_id, token)
            assert state["to_move"] == mover and state["clock"]["deadline"] == deadline
        # Once the turn passes on for good, the next seat's turn has a deadline of its own.
        while (now := table.state(match_id))["to_move"] == mover:
            table.play_first_legal(match_id, token, table.state(match_id, token))
        assert now["clock"]["seat"] == now["to_move"] and now["clock"]["deadline"] > deadline


def test_a_seat_that_keeps_undoing_still_runs_out_of_time(settings: Settings) -> None:
    """Acting and undoing as fast as the server answers: the seat still times out on the
    deadline its turn began with."""
    with TestClient(create_app(settings)) as client:
        table = Table(client)
        match_id, tokens = three_people(table, 3)
        mover, state = march_turn(table, match_id, tokens)
        token = tokens[mover]
        deadline = datetime.fromisoformat(state["clock"]["deadline"].replace("Z", "+00:00"))
        while (state := table.state(match_id, token))["seats"][mover]["controller"] == "human":
            assert utcnow() < deadline + timedelta(seconds=2), "the clock never ran out"
            chosen = marches(state)
            if not chosen:  # the turn went on without a march to take back: wait it out
                time.sleep(0.05)
                continue
            body = {"version": state["version"], "action_id": chosen[0]["id"]}
            acted = table.act(match_id, token, body)
            if acted.status_code == 200:
                undo = {"version": acted.json()["version"]}
                client.post(f"/api/matches/{match_id}/undo", json=undo, headers=auth(token))
        assert utcnow() >= deadline - timedelta(seconds=0.1)
        assert state["seats"][mover]["takeover"] == "timeout"


def test_after_a_restart_the_turn_clock_goes_on_from_where_it_stood(settings: Settings) -> None:
    """Issue 23: a restart gave the seat to move its whole period again (the clock jumped back);
    the turn began when the move before it was committed, and the log says when that was."""
    with TestClient(create_app(settings)) as client:
        table = Table(client)
        match_id = table.create(seats=("human", "human"), turn_clock_seconds=3600)
        tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
        first = table.state(match_id)["to_move"]
        state = table.state(match_id, tokens[first])
        while state["to_move"] == first:  # the first seat's whole turn, however many decisions
            table.play_first_legal(match_id, tokens[first], state)
            state = table.state(match_id, tokens[first])
        before = datetime.fromisoformat(state["clock"]["deadline"])
    with TestClient(create_app(settings)) as client:
        after = Table(client).wait(match_id, None, lambda s: s["clock"] is not None)
    assert after["clock"]["seat"] == state["clock"]["seat"]
    assert datetime.fromisoformat(after["clock"]["deadline"]) <= before, (
        "the clock went back to a whole period after the restart"
    )
