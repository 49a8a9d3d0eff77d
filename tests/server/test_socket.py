"""The match socket: decisions sent on it, presence, the per-match limit, and the incremental log.

A decision on the socket goes through the same master methods as over HTTP, so every refusal
here is sent both ways on the same match and must come back with the same status, code and
params. An app in process (TestClient) serves both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from monolith.server.app import create_app
from monolith.server.settings import Settings
from tests.server.conftest import Table, auth, error_of
from tests.server.test_api import act_keeping_the_turn

Json = dict[str, Any]


@contextmanager
def socket(client: TestClient, match_id: str, token: str | None = None) -> Iterator[Session]:
    url = f"/ws/matches/{match_id}" + (f"?token={token}" if token else "")
    with client.websocket_connect(url) as connection:
        session = Session(connection)
        session.first = session.next("state")
        yield session


class Session:
    """One socket: its first state, and requests answered in order (states on the way kept)."""

    def __init__(self, connection: WebSocketTestSession) -> None:
        self.connection = connection
        self.first: Json = {}
        self.seen: list[Json] = []
        self.requests = 0

    def next(self, *types: str) -> Json:
        """The next message of one of ``types``, keeping the others in ``seen``."""
        while True:
            message: Json = self.connection.receive_json()
            self.seen.append(message)
            if message["type"] in types:
                return message

    def ask(self, request: Json) -> Json:
        """Send a request with a fresh id; its answer (``ack`` or ``refused``)."""
        self.requests += 1
        self.connection.send_json({**request, "id": self.requests})
        answer = self.next("ack", "refused")
        assert answer["id"] == self.requests
        return answer

    def state_at(self, version: int) -> Json:
        """The first pushed state at ``version`` or later (already received or still to come)."""
        for message in self.seen:
            if message["type"] == "state" and message["version"] >= version:
                return message
        while True:
            message = self.next("state")
            if message["version"] >= version:
                return message


def refused(answer: Json) -> tuple[int, str, Json | None]:
    assert answer["type"] == "refused", answer
    assert set(answer["error"]) <= {"code", "message", "params"} and answer["error"]["message"]
    return answer["status"], answer["error"]["code"], answer["error"].get("params")


def http_refused(response: Any) -> tuple[int, str, Json | None]:
    status, code, _ = error_of(response)
    return status, code, response.json()["error"].get("params")


def two_humans(table: Table) -> tuple[str, list[str], int]:
    match_id = table.create(seats=("human", "human"))
    tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
    return match_id, tokens, table.state(match_id)["to_move"]


# Decisions accepted on the socket -----------------------------------------------------------------


def test_a_move_sent_on_the_socket_is_acknowledged_then_pushed(table: Table) -> None:
    client: TestClient = table.client  # type: ignore[assignment]
    match_id, tokens, mover = two_humans(table)
    with socket(client, match_id, tokens[mover]) as mine:
        choice = mine.first["legal_actions"][0]
        answer = mine.ask({"type": "act", "version": 0, "action_id": choice["id"]})
        assert answer == {"type": "ack", "id": 1, "version": 1}
        pushed = mine.state_at(1)
        assert pushed["version"] == 1 and pushed["log_from"] == 0
        assert pushed["log"] == table.state(match_id, tokens[mover])["log"]
        # The action's JSON is taken as over HTTP, by the next seat on its own socket.
        with socket(client, match_id, tokens[1 - mover]) as theirs:
            action = theirs.first["legal_actions"][-1]["action"]
            answer = theirs.ask({"type": "act", "version": 1, "action": action})
            assert answer["type"] == "ack" and answer["version"] == 2
    assert len(table.state(match_id)["log"]) == 2


def test_a_socket_asking_for_indexed_labels_gets_them_apart(table: Table) -> None:
    client: TestClient = table.client  # type: ignore[assignment]
    match_id, tokens, mover = two_humans(table)
    url = f"/ws/matches/{match_id}?token={tokens[mover]}&labels=indexed"
    with client.websocket_connect(url) as connection:
        indexed = Session(connection).next("state")
        inline = table.state(match_id, tokens[mover])  # while the seat is connected, as pushed
    labels = indexed.pop("labels")
    assert len(labels) < len(inline["legal_actions"])
    actions = [{**a, "label": labels[a["label"]]} for a in indexed.pop("legal_actions")]
    assert actions == inline.pop("legal_actions")
    assert indexed.pop("type") == "state" and indexed == inline


def test_a_socket_asking_for_legal_ids_gets_bare_ids(table: Table) -> None:
    client: TestClient = table.client  # type: ignore[assignment]
    match_id, tokens, mover = two_humans(table)
    url = f"/ws/matches/{match_id}?token={tokens[mover]}&legal=ids"
    with client.websocket_connect(url) as connection:
        session = Session(connection)
        bare = session.next("state")
        full = table.state(match_id, tokens[mover])  # while the seat is connected, as pushed
        ids = bare.pop("legal_actions")
        assert ids == [a["id"] for a in full.pop("legal_actions")]
        assert bare.pop("type") == "state" and bare == full
        answer = session.ask({"type": "act", "version": 0, "action_id": ids[-1]})
        assert answer["type"] == "ack" and answer["version"] == 1


def test_undo_leave_and_reclaim_on_the_socket(table: Table) -> None:
    client: TestClient = table.client  # type: ignore[assignment]
    match_id = table.create(game="the-monolith", seats=("human", "human", "human"))
    tokens = [table.join(match_id, seat, name) for seat, name in enumerate(["Ada", "Bo", "Cy"])]
    # a decision its maker may take back: it revealed nothing and the turn is still theirs
    mover, _, _ = act_keeping_the_turn(table, match_id, tokens)
    version = table.state(match_id)["version"]
    with socket(client, match_id, tokens[mover]) as mine:
        assert mine.ask({"type": "undo", "version": version}) == {
            "type": "ack",
            "id": 1,
            "version": version + 1,
        }
        undone = mine.state_at(version + 1)
        assert len(undone["log"]) <= 1 and undone["log_from"] == version - 1
        assert mine.ask({"type": "leave"}) == {
            "type": "ack",
            "id": 2,
            "seat": mover,
            "bot": "greedy",
        }
        taken = mine.state_at(version + 1)
        while taken["seats"][mover]["controller"] != "bot":
            taken = mine.next("state")
        reclaimed = mine.ask({"type": "reclaim"})
        assert reclaimed["type"] == "ack" and reclaimed["seat"] == mover
    assert table.state(match_id, tokens[mover])["seats"][mover]["controller"] == "human"


# The same refusals as over HTTP -------------------------------------------------------------------


Case = Callable[[Table], tuple[str, str | None, str, Json, str]]
"""Sets a match up; returns (match, token, HTTP path under the match, body, socket type)."""


def stale(table: Table) -> tuple[str, str | None, str, Json, str]:
    match_id, tokens, mover = two_humans(table)
    return match_id, tokens[mover], "/actions", {"version": 5, "action_id": 0}, "act"


def not_your_turn(table: Table) -> tuple[str, str | None, str, Json, str]:
    match_id, tokens, mover = two_humans(table)
    action_id = table.state(match_id, tokens[mover])["legal_actions"][0]["id"]
    return match_id, tokens[1 - mover], "/actions", {"version": 0, "action_id": action_id}, "act"


def taken_over(table: Table) -> tuple[str, str | None, str, Json, str]:
    """The seat not to move leaves: its bot waits for its turn, so nothing moves meanwhile."""
    match_id, tokens, mover = two_humans(table)
    idle = tokens[1 - mover]
    table.client.post(f"/api/matches/{match_id}/leave", headers=auth(idle))
    return match_id, idle, "/actions", {"version": 0, "action_id": 0}, "act"


def spectator(table: Table) -> tuple[str, str | None, str, Json, str]:
    match_id, _, _ = two_humans(table)
    return match_id, None, "/actions", {"version": 0, "action_id": 0}, "act"


def not_started(table: Table) -> tuple[str, str | None, str, Json, str]:
    match_id = table.create(seats=("human", "human"))
    token = table.join(match_id, 0, "Ada")
    return match_id, token, "/actions", {"version": 0, "action_id": 0}, "act"


def finished(table: Table) -> tuple[str, str | None, str, Json, str]:
    match_id = table.create(seats=("human", "bot"))
    token = table.join(match_id, 0, "Ada")
    table.client.post(f"/api/matches/{match_id}/leave", headers=auth(token))
    final = table.wait(match_id, None, lambda s: s["status"] == "finished", timeout=60)
    return match_id, token, "/actions", {"version": final["version"], "action_id": 0}, "act"


def both_forms(table: Table) -> tuple[str, str | None, str, Json, str]:
    match_id, tokens, mover = two_humans(table)
    body = {"version": 0, "action_id": 0, "action": {"type": "pass"}}
    return match_id, tokens[mover], "/actions", body, "act"


def no_such_id(table: Table) -> tuple[str, str | None, str, Json, str]:
    match_id, tokens, mover = two_humans(table)
    return match_id, tokens[mover], "/actions", {"version": 0, "action_id": 10**9}, "act"


def illegal(table: Table) -> tuple[str, str | None, str, Json, str]:
    match_id, tokens, mover = two_humans(table)
    return match_id, tokens[mover], "/actions", {"version": 0, "action": {"type": "pass"}}, "act"


def nothing_to_undo(table: Table) -> tuple[str, str | None, str, Json, str]:
    match_id, tokens, mover = two_humans(table)
    return match_id, tokens[mover], "/undo", {"version": 0}, "undo"


def stale_undo(table: Table) -> tuple[str, str | None, str, Json, str]:
    match_id, tokens, mover = two_humans(table)
    return match_id, tokens[mover], "/undo", {"version": 3}, "undo"


def not_taken_over(table: Table) -> tuple[str, str | None, str, Json, str]:
    match_id, tokens, _ = two_humans(table)
    return match_id, tokens[0], "/seats/0/reclaim", {}, "reclaim"


def leave_finished(table: Table) -> tuple[str, str | None, str, Json, str]:
    match_id, token, _, _, _ = finished(table)
    return match_id, token, "/leave", {}, "leave"


CASES: dict[str, tuple[Case, int, str]] = {
    "stale_version": (stale, 409, "stale_version"),
    "not_your_seat (turn)": (not_your_turn, 403, "not_your_seat"),
    "not_your_seat (taken over)": (taken_over, 403, "not_your_seat"),
    "bad_token (a spectator)": (spectator, 401, "bad_token"),
    "not_started": (not_started, 409, "not_started"),
    "finished": (finished, 409, "finished"),
    "malformed (both forms)": (both_forms, 422, "malformed"),
    "malformed (no such id)": (no_such_id, 422, "malformed"),
    "illegal": (illegal, 422, "illegal"),
    "cannot_undo": (nothing_to_undo, 409, "cannot_undo"),
    "stale_version (undo)": (stale_undo, 409, "stale_version"),
    "not_taken_over": (not_taken_over, 409, "not_taken_over"),
    "finished (leave)": (leave_finished, 409, "finished"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_socket_refuses_as_http_does(table: Table, name: str) -> None:
    setup, status, code = CASES[name]
    match_id, token, path, body, kind = setup(table)
    client: TestClient = table.client  # type: ignore[assignment]
    before = table.state(match_id)
    over_http = http_refused(
        client.post(f"/api/matches/{match_id}{path}", json=body, headers=auth(token))
    )
    with socket(client, match_id, token) as session:
        over_socket = refused(session.ask({"type": kind, **body}))
    assert over_http[:2] == (status, code)
    assert over_socket == over_http
    after = table.state(match_id)
    assert (after["version"], after["log"]) == (before["version"], before["log"])


@pytest.mark.parametrize(
    ("message", "complaint"),
    [
        ({"type": "dance"}, "'type' is one of act, undo, leave, reclaim"),
        ({"version": 0, "action_id": 1}, "type"),
        ({"type": "act", "version": "zero", "action_id": 1}, "version"),
        ({"type": "act", "version": 0, "action_id": 1, "extra": 1}, "extra"),
    ],
)
def test_an_unreadable_socket_message_is_refused_as_malformed(
    table: Table, message: Json, complaint: str
) -> None:
    client: TestClient = table.client  # type: ignore[assignment]
    match_id, tokens, mover = two_humans(table)
    with socket(client, match_id, tokens[mover]) as session:
        session.connection.send_json({**message, "id": "r1"})
        answer = session.next("ack", "refused")
        assert answer["id"] == "r1"
        assert refused(answer)[:2] == (422, "malformed")
        assert complaint in answer["error"]["message"]
        session.connection.send_text("not json")
        assert refused(session.next("ack", "refused"))[:2] == (422, "malformed")
        # The socket stays open and usable.
        choice = session.first["legal_actions"][0]["id"]
        assert session.ask({"type": "act", "version": 0, "action_id": choice})["type"] == "ack"


# Presence and the limit ---------------------------------------------------------------------------


def test_sitting_down_and_leaving_send_presence_not_states(table: Table) -> None:
    client: TestClient = table.client  # type: ignore[assignment]
    match_id, tokens, _ = two_humans(table)
    with socket(client, match_id, tokens[0]) as ada:
        assert [s["connected"] for s in ada.first["seats"]] == [True, False]
        with socket(client, match_id, tokens[1]):
            assert ada.next("presence", "state") == {
                "type": "presence",
                "seats": [{"seat": 0, "connected": True}, {"seat": 1, "connected": True}],
            }
            with socket(client, match_id) as watcher:  # a spectator changes nobody's presence
                assert [s["connected"] for s in watcher.first["seats"]] == [True, True]
        gone = ada.next("presence", "state")
        assert gone["type"] == "presence"
        assert [s["connected"] for s in gone["seats"]] == [True, False]
        # Nothing else was sent meanwhile: a move now arrives as the next message.
        mover = table.state(match_id)["to_move"]
        table.play_first_legal(match_id, tokens[mover], table.state(match_id, tokens[mover]))
        pushed = ada.next("presence", "state")
        assert pushed["type"] == "state" and pushed["version"] == 1
        assert [m["type"] for m in ada.seen] == ["state", "presence", "presence", "state"]


def test_a_match_refuses_sockets_beyond_its_limit(tmp_path: Path) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'few.sqlite3'}", max_sockets_per_match=2
    )
    with TestClient(create_app(settings)) as client:
        match_id = Table(client).create(seats=("human", "bot"))
        with (
            socket(client, match_id),
            socket(client, match_id),
            client.websocket_connect(f"/ws/matches/{match_id}") as third,
        ):
            message = third.receive_json()
            assert message["type"] == "error"
            assert message["error"]["code"] == "too_many_sockets"
            assert message["error"]["params"] == {"limit": 2}
            assert "2 sockets" in message["error"]["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                third.receive_json()
            assert closed.value.code == 4429
        with socket(client, match_id) as again:  # room again once the others closed
            assert again.first["match_id"] == match_id


# The incremental log ------------------------------------------------------------------------------


def test_the_log_since_any_version_joins_into_the_whole_log(table: Table) -> None:
    """Moves, undos and a takeover: for every version a reader saw, the entries sent since it,
    after the ones it held, are exactly the whole log now. (The Monolith: a seat takes back its
    own decision while the next one is still its own, as within a march.)"""
    match_id = table.create(game="the-monolith", seats=("human", "human", "human"))
    tokens = [table.join(match_id, seat, name) for seat, name in enumerate(["Ada", "Bo", "Cy"])]
    readers: list[str | None] = [*tokens, None]
    seen: dict[int, list[list[Json]]] = {}  # version -> each reader's whole log then

    def look() -> int:
        states = [table.state(match_id, token) for token in readers]
        assert all(s["log_from"] == 0 for s in states)
        version: int = states[0]["version"]
        seen[version] = [s["log"] for s in states]
        return version

    undos = 0
    for step in range(40):
        version = look()
        mover = table.state(match_id)["to_move"]
        if mover is None:
            break
        last = [seat for seat in (0, 1, 2) if table.state(match_id, tokens[seat])["can_undo"]]
        if last and step % 2 == 0:
            response = table.client.post(
                f"/api/matches/{match_id}/undo",
                json={"version": version},
                headers=auth(tokens[last[0]]),
            )
            assert response.status_code == 200, response.text
            undos += 1
            continue
        actions = table.state(match_id, tokens[mover])["legal_actions"]
        table.act(match_id, tokens[mover], {"version": version, "action_id": actions[0]["id"]})
    assert undos >= 2, "the walk should have taken moves back"
    now = look()
    for version, logs in seen.items():
        for reader, held in zip(readers, logs, strict=True):
            response = table.client.get(
                f"/api/matches/{match_id}/state", params={"since": version}, headers=auth(reader)
            )
            fresh = response.json()
            start = fresh["log_from"]
            assert 0 <= start <= len(held)
            assert held[:start] + fresh["log"] == seen[now][readers.index(reader)]
            if version == now:
                assert fresh["log"] == []


def test_the_log_since_an_unknown_version_is_whole(table: Table, settings: Settings) -> None:
    match_id, tokens, mover = two_humans(table)
    table.play_first_legal(match_id, tokens[mover], table.state(match_id, tokens[mover]))
    whole = table.state(match_id)
    for since in (99, 0, 1):
        answer = table.client.get(f"/api/matches/{match_id}/state", params={"since": since})
        expected_from = {99: 0, 0: 0, 1: 1}[since]
        assert answer.json()["log_from"] == expected_from
        assert whole["log"][: answer.json()["log_from"]] + answer.json()["log"] == whole["log"]
    refused_since = table.client.get(f"/api/matches/{match_id}/state", params={"since": -1})
    assert http_refused(refused_since)[:2] == (422, "malformed")


def test_after_a_restart_an_older_version_gets_the_whole_log(settings: Settings) -> None:
    """A restarted server knows no log lengths of versions before it loaded the match."""
    with TestClient(create_app(settings)) as first:
        table = Table(first)
        match_id, tokens, _ = two_humans(table)
        for _ in range(2):
            mover = table.state(match_id)["to_move"]
            table.play_first_legal(match_id, tokens[mover], table.state(match_id, tokens[mover]))
        whole = table.state(match_id)["log"]
    with TestClient(create_app(settings)) as second:
        url = f"/api/matches/{match_id}/state"
        older = second.get(url, params={"since": 1}).json()
        assert (older["log_from"], older["log"]) == (0, whole)
        current = second.get(url, params={"since": 2}).json()
        assert (current["log_from"], current["log"]) == (2, [])
