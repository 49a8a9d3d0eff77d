"""A server open to the public: what strangers may send is read strictly, and refused with its
documented code, before the database, on SQLite and PostgreSQL alike (issue 22: F3, F5, F6, F8,
F9, F10, the security headers, the proxy's address and the log).
"""

from __future__ import annotations

import base64
import json
import socket
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unicodedata import normalize

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from monolith.server.app import create_app
from monolith.server.settings import Settings
from tests.server.conftest import Server, Table, auth, error_of, master_of


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Each database test on a SQLite file and on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'table.sqlite3'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


@pytest.fixture
def watched(database: str) -> Iterator[tuple[TestClient, list[str]]]:
    """An app on ``database`` whose every match read from the database is noted."""
    settings = Settings(database_url=database, rate_limits=False)
    with TestClient(create_app(settings)) as client:
        repo = master_of(client).repo
        loads: list[str] = []
        load = repo.load

        def noted(match_id: str) -> Any:
            loads.append(match_id)
            return load(match_id)

        repo.load = noted  # type: ignore[method-assign]
        yield client, loads


def cursor_of(raw: str) -> str:
    return base64.urlsafe_b64encode(raw.encode()).decode().rstrip("=")


# F6: forbidden characters in ids -----------------------------------------------------------------


BAD_IDS = ["%00", "ab%00cd", "a%20b", "a.b", "x" * 65, "%C3%A9t%C3%A9"]


@pytest.mark.parametrize("bad", BAD_IDS)
def test_an_id_no_match_could_have_is_unknown_before_the_database(
    watched: tuple[TestClient, list[str]], bad: str
) -> None:
    client, loads = watched
    table = Table(client)
    match_id = table.create(seats=("human", "human"))
    token = table.join(match_id, 0)
    headers = auth(token)
    requests: list[Callable[[], Any]] = [
        lambda: client.get(f"/api/matches/{bad}/state"),
        lambda: client.get(f"/api/matches/{bad}/state", headers=headers),
        lambda: client.get(f"/api/matches/{bad}/replay"),
        lambda: client.get(f"/api/matches/{bad}/review"),
        lambda: client.get(f"/api/matches/{bad}/hint?version=1", headers=headers),
        lambda: client.post(f"/api/matches/{bad}/actions", json={"version": 1, "action_id": 0}),
        lambda: client.post(
            f"/api/matches/{bad}/actions", json={"version": 1, "action_id": 0}, headers=headers
        ),
        lambda: client.post(f"/api/matches/{bad}/undo", json={"version": 1}, headers=headers),
        lambda: client.post(f"/api/matches/{bad}/leave", headers=headers),
        lambda: client.post(f"/api/matches/{bad}/seats/1/join", json={"name": "Bo"}),
        lambda: client.post(f"/api/matches/{bad}/seats/0/reclaim", headers=headers),
    ]
    loads.clear()
    for request in requests:
        response = request()
        assert error_of(response)[:2] == (404, "unknown_match"), response.text
    assert loads == []  # refused before any query
    with client.websocket_connect(f"/ws/matches/{bad}") as socket:
        assert socket.receive_json()["error"]["code"] == "unknown_match"
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4404
    assert loads == []


def test_a_cursor_naming_an_id_no_match_could_have_is_malformed(
    watched: tuple[TestClient, list[str]],
) -> None:
    client, _ = watched
    Table(client).create(seats=("human", "human"))
    for raw in ("2026-01-01T00:00:00+00:00|a\x00b", "2026-01-01T00:00:00+00:00|a b"):
        refused = client.get("/api/matches", params={"cursor": cursor_of(raw)})
        assert error_of(refused)[:2] == (422, "malformed"), raw


# F5: dates out of range in a cursor --------------------------------------------------------------


@pytest.mark.parametrize(
    "stamp",
    [
        "9999-12-31T23:59:59-14:00",  # past year 9999 once in UTC
        "0001-01-01T00:00:00+14:00",  # before year 1 once in UTC
        "10000-01-01T00:00:00+00:00",
        "2026-13-01T00:00:00+00:00",
    ],
)
def test_a_cursor_with_a_date_out_of_range_is_malformed(
    watched: tuple[TestClient, list[str]], stamp: str
) -> None:
    client, _ = watched
    Table(client).create(seats=("human", "human"))
    refused = client.get("/api/matches", params={"cursor": cursor_of(f"{stamp}|abcdef")})
    assert error_of(refused)[:2] == (422, "malformed"), refused.text


def test_a_cursor_at_the_ends_of_time_still_pages(watched: tuple[TestClient, list[str]]) -> None:
    client, _ = watched
    made = Table(client).create(seats=("human", "human"))
    late = client.get("/api/matches", params={"cursor": cursor_of("9999-12-31T23:59:59+00:00|zz")})
    assert made in [m["match_id"] for m in late.json()]  # (PostgreSQL holds other tests' too)
    early = client.get("/api/matches", params={"cursor": cursor_of("0001-01-01T00:00:00+00:00|")})
    assert error_of(early)[:2] == (422, "malformed")  # no id: not a cursor a page gave
    early = client.get("/api/matches", params={"cursor": cursor_of("0001-01-02T00:00:00+00:00|a")})
    assert early.json() == []


# F9: names that would hide what they show --------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("A\u034fda", "invisible"),  # combining grapheme joiner: reads "Ada"
        ("Ada\ufe0f", "invisible"),  # variation selector 16
        ("A\ufe00da", "invisible"),
        ("Ada\U000e0100", "invisible"),  # a supplementary variation selector
        ("Q\u0301\u0302\u0303", "marks"),  # three marks on one letter (none composes)
        ("A" + "\u0300\u0301\u0302\u0303\u0304\u0305" * 6 + "da", "marks"),
        ("\u0301\u0302\u0303Ada", "marks"),  # marks on nothing
    ],
)
def test_invisible_selectors_and_stacked_marks_are_refused(
    table: Table, name: str, reason: str
) -> None:
    match_id = table.create(seats=("human", "human"))
    before = table.state(match_id)
    response = table.client.post(f"/api/matches/{match_id}/seats/0/join", json={"name": name})
    assert error_of(response)[:2] == (422, "bad_name"), response.text
    assert response.json()["error"]["params"] == {"reason": reason}
    assert table.state(match_id) == before


def test_names_with_a_few_marks_per_letter_are_kept(table: Table) -> None:
    match_id = table.create(seats=("human", "human", "human"))
    table.join(match_id, 0, "Nguye\u0302\u0303n")  # NFC: ễ, one character
    table.join(match_id, 1, "A\u0327\u0301da")  # two marks with no precomposed form: kept
    table.join(match_id, 2, "\u0915\u093f\u0902")  # Devanagari: a letter, a vowel sign, a mark
    names = [s["name"] for s in table.state(match_id)["seats"]]
    assert names == ["Nguy\u1ec5n", normalize("NFC", "A\u0327\u0301da"), "\u0915\u093f\u0902"]


def test_every_page_language_words_the_marks_refusal() -> None:
    from monolith.server.routes.games import all_messages

    for lang in ("en", "es", "ru"):
        words = all_messages(lang)
        block = words[words.index("error-bad_name") :].split("\n}")[0]
        assert "[marks]" in block, lang


# F10: strict typing ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("monolyth", {"structure_card": True}),
        ("monolyth", {"structure_card": 1.0}),
        ("monolyth", {"structure_card": "1"}),
        ("the_monolith", {"tower": True}),
    ],
)
def test_options_are_typed_per_game(client: TestClient, game: str, options: Any) -> None:
    players = 2
    refused = client.post(
        "/api/matches", json={"game": game, "players": players, "options": options}
    )
    status, code, message = error_of(refused)
    assert (status, code) == (422, "bad_options"), message
    assert client.get("/api/matches").json() == []
    accepted = client.post(
        "/api/matches", json={"game": "monolyth", "players": 2, "options": {"structure_card": 1}}
    )
    assert accepted.status_code == 201, accepted.text


def test_options_of_the_right_type_are_resolved() -> None:
    from monolith.core.errors import BadOptions
    from monolith.games import get_game

    info = get_game("monolyth").info
    import numpy

    for right in (1, numpy.int64(1)):
        resolved = info.resolve_options({"structure_card": right})["structure_card"]
        assert resolved == 1 and type(resolved) is int
    for wrong in (True, 1.0, "1"):
        with pytest.raises(BadOptions, match="structure_card"):
            info.resolve_options({"structure_card": wrong})


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_bodies_are_utf8_json_only(table: Table, encoding: str) -> None:
    client = table.client
    body = {"game": "monolyth", "players": 2}
    headers = {"Content-Type": "application/json"}
    raw = json.dumps(body).encode(encoding)
    refused = client.post("/api/matches", content=raw, headers=headers)
    assert error_of(refused)[:2] == (422, "malformed"), refused.text
    assert client.get("/api/matches").json() == []
    match_id = table.create(seats=("human", "human"))
    tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
    token = tokens[table.state(match_id)["to_move"]]
    mine = table.state(match_id, token)
    move = {"version": mine["version"], "action_id": mine["legal_actions"][0]["id"]}
    refused = table.act(match_id, token, None, raw=json.dumps(move).encode(encoding))
    assert error_of(refused)[:2] == (422, "malformed"), refused.text
    joined = client.post(
        f"/api/matches/{table.create()}/seats/0/join",
        content=json.dumps({"name": "Cy"}).encode(encoding),
        headers=headers,
    )
    assert error_of(joined)[:2] == (422, "malformed")
    assert table.state(match_id, token) == mine


@pytest.mark.parametrize("seat", ["1.0", "%201", "+1", "01", "1_0", "%2B1", "1%20"])
def test_seats_in_paths_are_written_plainly(table: Table, seat: str) -> None:
    match_id = table.create(seats=("human", "human"))
    before = table.state(match_id)
    joined = table.client.post(f"/api/matches/{match_id}/seats/{seat}/join", json={"name": "Bo"})
    assert error_of(joined)[:2] == (422, "malformed"), joined.text
    token = table.join(match_id, 0, "Ada")
    reclaimed = table.client.post(
        f"/api/matches/{match_id}/seats/{seat}/reclaim", headers=auth(token)
    )
    assert error_of(reclaimed)[:2] == (422, "malformed"), reclaimed.text
    assert table.state(match_id)["seats"][1] == before["seats"][1]
    assert table.join(match_id, 1, "Bo")  # written plainly, the same seat is taken


@pytest.mark.parametrize("written", ["1.0", "+1", "%201", "-0", "1e0", "0x1", "%EF%BC%91"])
def test_versions_and_counts_in_queries_are_digits_only(table: Table, written: str) -> None:
    """As the fast lane reads them: pydantic alone took ``1.0``, ``+1`` and `` 1`` as 1."""
    match_id = table.create(seats=("human", "human"))
    token = table.join(match_id, 0, "Ada")
    client = table.client
    for path in (
        f"/api/matches/{match_id}/state?since={written}",
        f"/api/matches/{match_id}/state?min_version={written}",
        f"/api/matches/{match_id}/hint?version={written}",
        f"/api/matches?limit={written}",
    ):
        refused = client.get(path, headers=auth(token))
        status, code, message = error_of(refused)
        assert (status, code) == (422, "malformed"), (path, refused.text)
        assert "whole number written in digits" in message and "Value error" not in message
    assert client.get(f"/api/matches/{match_id}/state?since=1").status_code == 200
    assert client.get("/api/matches?limit=1").status_code == 200


@pytest.mark.parametrize("named", [{"bot": "greedy"}, {"level": "hard"}])
def test_a_human_seat_naming_a_bot_is_refused(table: Table, named: dict[str, str]) -> None:
    """It was created as a human seat with the bot dropped silently."""
    before = table.client.get("/api/matches").json()
    seats = [{"kind": "human", **named}, {"kind": "bot", "bot": "greedy"}]
    refused = table.client.post(
        "/api/matches", json={"game": "monolyth", "players": 2, "seats": seats}
    )
    status, code, message = error_of(refused)
    assert (status, code) == (422, "malformed") and "human seat names no bot" in message
    assert table.client.get("/api/matches").json() == before  # nothing was created


def test_seats_out_of_range_are_unknown(table: Table) -> None:
    match_id = table.create(seats=("human", "human"))
    refused = table.client.post(f"/api/matches/{match_id}/seats/2/join", json={"name": "Bo"})
    assert error_of(refused)[:2] == (404, "unknown_seat")
    refused = table.client.post(f"/api/matches/{match_id}/seats/99999/join", json={"name": "Bo"})
    assert error_of(refused)[:2] == (422, "malformed")


# A real server, over raw sockets -----------------------------------------------------------------


class Wire:
    """One HTTP/1.1 connection spoken by hand: requests as bytes, answers read one at a time."""

    def __init__(self, server: Server) -> None:
        self.sock = socket.create_connection(("127.0.0.1", server.port), timeout=20)
        self.buffer = b""
        self.last_head = b""
        """The head of the last answer read, as it came."""

    def send(self, data: bytes) -> None:
        self.sock.sendall(data)

    def answer(self) -> tuple[int, dict[str, str], bytes]:
        """The next answer: status, headers (lower-case names) and body."""
        while b"\r\n\r\n" not in self.buffer:
            self._more()
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        self.last_head = head
        lines = head.decode("latin-1").split("\r\n")
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip().lower()] = value.strip()
        length = int(headers.get("content-length", "0"))
        while len(self.buffer) < length:
            self._more()
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        return int(lines[0].split()[1]), headers, body

    def closed(self) -> bool:
        """Whether the server closed the connection (after what it sent)."""
        try:
            return self.sock.recv(1) == b""
        except ConnectionResetError:
            return True

    def _more(self) -> None:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise AssertionError(f"the connection closed after {self.buffer!r}")
        self.buffer += chunk

    def close(self) -> None:
        self.sock.close()


def request(method: str, path: str, body: bytes | None = None, /, **headers: str) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1"]
    lines += [f"{name.replace('_', '-')}: {value}" for name, value in headers.items()]
    if body is not None:
        lines += ["Content-Type: application/json", f"Content-Length: {len(body)}"]
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + (body or b"")


def test_a_request_head_over_the_limit_is_refused_431(server: Server) -> None:
    wire = Wire(server)
    try:
        wire.send(request("GET", "/api/games", X_Big="a" * 15_000))  # under 16 KiB: served
        assert wire.answer()[0] == 200
        wire.send(request("GET", "/api/games", X_Big="a" * 17_000))
        status, headers, body = wire.answer()
        assert status == 431 and headers["connection"] == "close", body
        error = json.loads(body)["error"]  # the shape of every other refusal
        assert error["code"] == "header_too_large" and "16 KiB" in error["message"]
        assert wire.closed()
    finally:
        wire.close()
    wire = Wire(server)  # many headers, each small, add up the same
    try:
        many = {f"X_Part_{n}": "a" * 100 for n in range(200)}
        wire.send(request("GET", "/api/games", **many))
        assert wire.answer()[0] == 431
    finally:
        wire.close()


def test_an_endless_request_head_is_cut_at_the_limit_not_buffered(server: Server) -> None:
    """40 MB of a head that never ends: the server stops reading it at the limit and closes,
    so the client cannot send more than what the sockets' buffers hold."""
    wire = Wire(server)
    sent = 0
    try:
        wire.send(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        chunk = b"a" * 65536
        with pytest.raises(OSError):  # a broken pipe or a reset, once the server has closed
            while sent < 40_000_000:
                wire.sock.sendall(chunk)
                sent += len(chunk)
    finally:
        wire.close()
    assert sent < 16_000_000, f"{sent} bytes of one head were taken"


def test_a_pipelined_post_behind_a_move_gets_its_body_and_an_answer(server: Server) -> None:
    with server.client() as client:
        table = Table(client)
        match_id = table.create(seats=("human", "bot"))
        token = table.join(match_id, 0)
        state = table.my_turn_or_over(match_id, token, 0)
    move = json.dumps({"version": state["version"], "action_id": state["legal_actions"][0]["id"]})
    create = json.dumps({"game": "monolyth", "players": 2}).encode()
    wire = Wire(server)
    try:
        acting = request(
            "POST", Table.actions(match_id), move.encode(), Authorization=f"Bearer {token}"
        )
        creating = request("POST", "/api/matches", create)
        head, body = creating[: -len(create)], creating[-len(create) :]
        wire.send(acting + head)  # the next request's head in the move's packet, its body later
        status, _, answer = wire.answer()
        assert status == 200 and json.loads(answer)["version"] > state["version"]
        wire.send(body)
        status, _, answer = wire.answer()
        assert status == 201, answer
        assert json.loads(answer)["match_id"]
    finally:
        wire.close()


# The client's address ----------------------------------------------------------------------------


def creations_until_refused(server: Server, addresses: list[str]) -> list[int]:
    """The statuses of creating a match once from each of ``addresses`` (X-Forwarded-For)."""
    body = {"game": "monolyth", "players": 2}
    with server.client() as client:
        return [
            client.post("/api/matches", json=body, headers={"X-Forwarded-For": a}).status_code
            for a in addresses
        ]


@pytest.mark.parametrize("trusted", [None, "127.0.0.1"])
def test_x_forwarded_for_counts_only_from_a_proxy_named_explicitly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, trusted: str | None
) -> None:
    monkeypatch.delenv("FORWARDED_ALLOW_IPS", raising=False)
    limits = {"MONOLITH_RATE_LIMITS": "on", "MONOLITH_RATE_LIMIT_CREATE": "3/minute"}
    args = () if trusted is None else ("--forwarded-allow-ips", trusted)
    server = Server(f"sqlite:///{tmp_path / 't.sqlite3'}", tmp_path / "log", limits, args)
    server.start()
    try:
        spoofed = creations_until_refused(server, [f"203.0.113.{n}" for n in range(4)])
        if trusted is None:  # the default: the address is the connection's, 127.0.0.1
            assert spoofed == [201, 201, 201, 429]
        else:  # the proxy named: each client address has its own budget
            assert spoofed == [201, 201, 201, 201]
            assert creations_until_refused(server, ["198.51.100.7"] * 4) == [201, 201, 201, 429]
    finally:
        server.stop()


# Security headers --------------------------------------------------------------------------------


def assert_secured(headers: Any, what: str, *, page: bool = False) -> None:
    """The security headers an answer must carry (``headers``: any case-insensitive mapping)."""
    assert headers.get("x-content-type-options") == "nosniff", what
    assert headers.get("referrer-policy") == "no-referrer", what
    policy = headers.get("content-security-policy", "")
    assert "frame-ancestors 'none'" in policy, what
    if page:
        assert "default-src 'self'" in policy and "unsafe-inline" not in policy, what


def test_every_answer_carries_the_security_headers(table: Table) -> None:
    client = table.client
    for path in ("/", "/join/abc/0", "/watch/abc", "/static/js/app.js", "/static/css/table.css"):
        answer = client.get(path)
        assert answer.status_code == 200, path
        assert_secured(answer.headers, path, page=True)
    assert_secured(client.get("/docs").headers, "/docs")
    match_id = table.create(seats=("human", "human"))
    tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
    token = tokens[table.state(match_id)["to_move"]]
    mine = table.state(match_id, token)
    move = {"version": mine["version"], "action_id": mine["legal_actions"][0]["id"]}
    answers = {
        "games": client.get("/api/games"),
        "state (the fast lane)": client.get(f"/api/matches/{match_id}/state"),
        "state, another query": client.get(f"/api/matches/{match_id}/state?x=1"),
        "unknown match": client.get("/api/matches/nope/state"),
        "a move (the fast lane)": table.act(match_id, token, move),
        "the same move, now stale (the fast lane)": table.act(match_id, token, move),
        "a malformed move": table.act(match_id, token, {"version": "1"}),
        "a body too large": client.post("/api/matches", content=b"x" * 70_000),
        "an unknown address": client.get("/api/nothing"),
    }
    for what, answer in answers.items():
        assert_secured(answer.headers, what)
    statuses = [a.status_code for a in answers.values()]
    assert statuses == [200, 200, 200, 404, 200, 409, 422, 413, 404]


def test_answers_written_by_the_protocol_carry_the_security_headers(server: Server) -> None:
    with server.client() as client:
        table = Table(client)
        match_id = table.create(seats=("human", "bot"))
        token = table.join(match_id, 0)
        state = table.my_turn_or_over(match_id, token, 0)
    move = {"version": state["version"], "action_id": state["legal_actions"][0]["id"]}
    wire = Wire(server)
    try:
        for label, data in (
            ("state", request("GET", f"/api/matches/{match_id}/state")),
            ("stale", request("POST", Table.actions(match_id), b'{"version":0,"action_id":0}')),
            (
                "move",
                request(
                    "POST",
                    Table.actions(match_id),
                    json.dumps(move).encode(),
                    Authorization=f"Bearer {token}",
                ),
            ),
        ):
            wire.send(data)
            _, headers, _ = wire.answer()
            assert_secured(headers, label)
            assert wire.last_head.lower().count(b"x-content-type-options") == 1, label
        wire.send(request("GET", "/", X_Big="a" * 20_000))
        status, headers, _ = wire.answer()
        assert status == 431
        assert headers.get("x-content-type-options") == "nosniff"
    finally:
        wire.close()


# The log -----------------------------------------------------------------------------------------


def masked_frame(payload: bytes, opcode: int = 1) -> bytes:
    """A client's WebSocket frame (masked, as a client must), under 126 bytes."""
    mask = b"mask"
    data = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
    return bytes([0x80 | opcode, 0x80 | len(payload)]) + mask + data


def open_socket_by_hand(server: Server, path: str) -> Wire:
    wire = Wire(server)
    key = base64.b64encode(b"sixteen byte key").decode()
    wire.send(
        request(
            "GET",
            path,
            Upgrade="websocket",
            Connection="Upgrade",
            Sec_WebSocket_Key=key,
            Sec_WebSocket_Version="13",
        )
    )
    while b"\r\n\r\n" not in wire.buffer:
        wire._more()
    assert wire.buffer.startswith(b"HTTP/1.1 101"), wire.buffer
    wire.buffer = wire.buffer.split(b"\r\n\r\n", 1)[1]
    return wire


def test_refused_frames_and_requests_log_one_line_each_without_a_traceback(
    tmp_path: Path,
) -> None:
    server = Server(f"sqlite:///{tmp_path / 't.sqlite3'}", tmp_path / "server.log").start()
    try:
        with server.client() as client:
            table = Table(client)
            match_id = table.create(seats=("human", "bot"))
            token = table.join(match_id, 0)
        before = server.log_path.read_text().count("\n")
        for _ in range(10):
            wire = open_socket_by_hand(server, f"/ws/matches/{match_id}?token={token}")
            wire.send(masked_frame(b"\xff\xfe{}"))  # not UTF-8: closed with 1007
            while not wire.closed():
                pass
            wire.close()
        for _ in range(10):  # an unreadable request head: uvicorn's 400
            wire = Wire(server)
            wire.send(b"GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n")
            assert wire.answer()[0] == 400
            wire.close()
        with server.client() as client:  # refusals of the API
            for _ in range(10):
                assert client.get("/api/matches/%00/state").status_code == 404
                assert client.post("/api/matches", content=b"\xff").status_code == 422
        server.stop()  # everything it logs is in its file
        log = server.log_path.read_text()
        assert "Traceback" not in log, log
        added = log.splitlines()[before:]
        assert sum("UTF-8" in line for line in added) == 10, added
        assert len(added) <= 10 * 2 + 10 + 10, added  # a socket's opening and its refusal
    finally:
        server.stop()


def test_a_nul_anywhere_in_a_new_match_is_refused_before_the_database(
    watched: tuple[TestClient, list[str]],
) -> None:
    client, _ = watched
    nul = "a\x00b"
    for body in (
        {"game": nul, "players": 2},
        {"game": "monolyth", "players": 2, "options": {nul: 1}},
        {"game": "monolyth", "players": 2, "options": {"structure_card": nul}},
        {"game": "monolyth", "players": 2, "seats": [{}, {"kind": "bot", "bot": nul}]},
        {"game": "monolyth", "players": 2, "seats": [{}, {"kind": "bot", "level": nul}]},
        {"game": "monolyth", "players": 2, "join": {"seat": 0, "name": nul}},
    ):
        refused = client.post("/api/matches", json=body)
        assert 400 <= error_of(refused)[0] < 500, (body, refused.text)


def test_a_failure_of_the_server_logs_its_traceback(
    settings: Settings, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 500 is a bug: unlike a refusal, it is logged whole, and still answered in the API's
    shape with the security headers."""
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        table = Table(client)
        match_id = table.create(seats=("human", "human"))

        async def broken(*_: Any) -> bytes:
            raise RuntimeError("a bug")

        monkeypatch.setattr(master_of(client), "replay", broken)
        with caplog.at_level("ERROR", logger="monolith.server"):
            answer = client.get(f"/api/matches/{match_id}/replay")
    assert error_of(answer)[:2] == (500, "internal")
    assert_secured(answer.headers, "a 500")
    failures = [r for r in caplog.records if r.name == "monolith.server"]
    assert len(failures) == 1 and failures[0].exc_info is not None


def test_a_socket_to_an_id_no_match_could_have_gets_a_close_frame(
    database: str, tmp_path: Path
) -> None:
    server = Server(database, tmp_path / "server.log").start()
    wire = open_socket_by_hand(server, "/ws/matches/%00")
    try:
        frames = wire.buffer
        while b"\x88" not in frames[-20:] or not frames.endswith(b"unknown_match"):
            chunk = wire.sock.recv(4096)
            assert chunk, f"closed without a close frame after {frames!r}"
            frames += chunk
        close = frames[frames.rindex(b"\x88") :]
        assert int.from_bytes(close[2:4], "big") == 4404, close
    finally:
        wire.close()
        server.stop()
