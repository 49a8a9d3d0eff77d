"""One door for every action (issue 22): budgets spent whatever the transport, quotas on bots and
sockets, matches held in memory bounded, and socket messages read safely.

Each test here failed before the door: socket moves never spent the act budget, one address could
open sockets without end, ten matches of hard bots had no quota, a deep socket message closed the
socket, and every match read stayed in memory.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from monolith.server.app import create_app
from monolith.server.door import check_match_id, parse_quota
from monolith.server.refusals import STATUS, Refused
from monolith.server.settings import Settings
from tests.server.conftest import Table, error_of, master_of
from tests.server.test_socket import socket


def limited(settings: Settings, **budgets: str) -> Settings:
    """The settings with rate limits on and only the given budgets (others unlimited)."""
    values = {f"rate_limit_{bucket}": "" for bucket in ("create", "join", "act", "coach")}
    values.update({f"rate_limit_{bucket}": text for bucket, text in budgets.items()})
    return replace(settings, rate_limits=True, **values)  # type: ignore[arg-type]


# F2: socket moves spend the same budget as HTTP ones ---------------------------------------------


def test_socket_moves_spend_the_act_budget_as_http_moves_do(settings: Settings) -> None:
    with TestClient(create_app(limited(settings, act="4/minute"))) as client:
        table = Table(client)
        match_id = table.create(seats=("human", "human"))
        token = table.join(match_id, 0)
        table.join(match_id, 1, "Ben")
        with socket(client, match_id, token) as session:
            answers = [
                session.ask({"type": "act", "version": 99, "action_id": 0}) for _ in range(4)
            ]
            assert [a["error"]["code"] for a in answers] == ["stale_version"] * 4
            refused = session.ask({"type": "act", "version": 99, "action_id": 0})
            assert refused["status"] == 429 and refused["error"]["code"] == "rate_limited"
            assert refused["error"]["params"]["retry_after"] >= 1
            # one budget for both transports: HTTP is refused too now
        response = table.act(match_id, token, {"version": 1, "action_id": 0})
        assert error_of(response)[:2] == (429, "rate_limited")


def test_leaving_and_reclaiming_on_a_socket_cannot_flood_the_database(settings: Settings) -> None:
    with TestClient(create_app(limited(settings, act="6/minute"))) as client:
        table = Table(client)
        match_id = table.create(seats=("human", "human"))
        token = table.join(match_id, 0)
        table.join(match_id, 1, "Ben")
        master = master_of(client)
        live = master.matches[match_id]
        with socket(client, match_id, token) as session:
            codes = []
            for turn in range(20):
                kind = "leave" if turn % 2 == 0 else "reclaim"
                answer = session.ask({"type": kind})
                codes.append(answer["type"] if answer["type"] == "ack" else answer["error"]["code"])
        assert codes[:6] == ["ack"] * 6
        assert set(codes[6:]) == {"rate_limited"}
        assert live.sequence <= 2 + 6, "each accepted leave or reclaim is one write; no more"


def test_a_move_on_a_future_version_is_stale_without_reading_the_database(
    table: Table, client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    match_id = table.create(seats=("human", "human"))
    token = table.join(match_id, 0)
    table.join(match_id, 1, "Ben")
    master = master_of(client)
    loads: list[str] = []
    original = master.repo.load

    def counted(match_id: str) -> Any:
        loads.append(match_id)
        return original(match_id)

    monkeypatch.setattr(master.repo, "load", counted)
    response = table.act(match_id, token, {"version": 10_000, "action_id": 0})
    assert error_of(response)[:2] == (409, "stale_version")
    assert loads == [], "one process alone holds every version: nothing to read again"


# F4: sockets per address -------------------------------------------------------------------------


def test_one_address_may_hold_only_so_many_sockets(settings: Settings) -> None:
    with TestClient(create_app(replace(settings, max_sockets_per_address=3))) as client:
        table = Table(client)
        matches = [table.create(seats=("human", "human")) for _ in range(2)]
        with (
            client.websocket_connect(f"/ws/matches/{matches[0]}") as first,
            client.websocket_connect(f"/ws/matches/{matches[1]}") as second,
            client.websocket_connect(f"/ws/matches/{matches[1]}") as third,
        ):
            for connection in (first, second, third):
                assert connection.receive_json()["type"] == "state"
            with client.websocket_connect(f"/ws/matches/{matches[0]}") as fourth:
                error = fourth.receive_json()
                assert error["type"] == "error" and error["error"]["code"] == "too_many_sockets"
                with pytest.raises(WebSocketDisconnect) as closed:
                    fourth.receive_json()
                assert closed.value.code == 4429
        # closed ones give their place back
        with client.websocket_connect(f"/ws/matches/{matches[0]}") as again:
            assert again.receive_json()["type"] == "state"


# F7: a socket message too deep or too large is malformed, and the socket stays open --------------


@pytest.mark.parametrize(
    "text",
    [
        '{"type": "act", "version": 0, "action": ' + "[" * 5000 + "]" * 5000 + "}",
        '{"type": "act", "version": 0, "action": ' + "[" * 900 + "]" * 900 + ', "id": 7}',
        '{"type": "act", "version": 0, "action": ' + "[" * 40 + "]" * 40 + "}",
        '{"type": "act", "version": 0, "action": "' + "x" * 10_000 + '"}',
    ],
    ids=["5000-deep", "900-deep", "10-KB", "40-deep"],
)
def test_a_deep_or_large_socket_message_is_malformed_and_the_socket_stays(
    table: Table, client: TestClient, text: str
) -> None:
    match_id = table.create(seats=("human", "human"))
    token = table.join(match_id, 0)
    table.join(match_id, 1, "Ben")
    with socket(client, match_id, token) as session:
        session.connection.send_text(text)
        refused = session.next("refused", "ack")
        assert refused["type"] == "refused" and refused["status"] == 422
        assert refused["error"]["code"] == "malformed"
        answer = session.ask({"type": "act", "version": 99, "action_id": 0})
        assert answer["error"]["code"] == "stale_version", "the socket still answers"


# Bot quotas ---------------------------------------------------------------------------------------


def hard_match(client: TestClient, bots: int = 4) -> Any:
    body = {
        "game": "the-monolith",
        "players": 4,
        "seats": [{"kind": "human"}] * (4 - bots)
        + [{"kind": "bot", "bot": "ismcts", "level": "hard"}] * bots,
    }
    return client.post("/api/matches", json=body)


def test_one_address_may_have_only_so_many_searching_bots(settings: Settings) -> None:
    quota = replace(settings, bot_quota="ismcts-hard=5", decision_seconds=0.2)
    with TestClient(create_app(quota)) as client:
        first = hard_match(client, bots=3)
        assert first.status_code == 201, first.text
        second = hard_match(client, bots=3)
        status, code, message = error_of(second)
        assert (status, code) == (429, "bot_quota")
        assert second.json()["error"]["params"] == {"bot": "ismcts-hard", "limit": 5, "playing": 3}
        assert "at most 5" in message
        assert hard_match(client, bots=2).status_code == 201, "within the quota: created"
        cheap = Table(client).create(game="the-monolith", seats=("human", "bot", "bot", "bot"))
        assert cheap, "greedy bots count against no quota"


def test_the_quota_setting_is_read_strictly() -> None:
    assert parse_quota("ismcts-hard=4; ismcts=8") == {"ismcts-hard": 4, "ismcts": 8}
    with pytest.raises(ValueError, match="bot=count"):
        parse_quota("ismcts-hard=four")
    with pytest.raises(LookupError):
        parse_quota("deep-blue=1")


# Matches in memory --------------------------------------------------------------------------------


def test_matches_held_in_memory_are_bounded_and_reload_on_use(settings: Settings) -> None:
    with TestClient(create_app(replace(settings, matches_in_memory=5))) as client:
        table = Table(client)
        matches = [table.create(seats=("human", "human")) for _ in range(12)]
        tokens = [table.join(matches[0], 0), table.join(matches[0], 1, "Ben")]
        token = tokens[table.state(matches[0])["to_move"]]
        first = table.state(matches[0], token)
        table.play_first_legal(matches[0], token, first)
        before = table.state(matches[0], token)
        master = master_of(client)
        for match_id in matches[1:]:
            table.state(match_id)
        assert len(master.matches) <= 5
        assert matches[0] not in master.matches, "the least recently used went first"
        again = table.state(matches[0], token)  # reloaded from its log
        assert again["version"] == before["version"] and again["view"] == before["view"]
        assert matches[0] in master.matches


def test_a_match_with_a_socket_open_stays_in_memory(settings: Settings) -> None:
    with TestClient(create_app(replace(settings, matches_in_memory=3))) as client:
        table = Table(client)
        watched = table.create(seats=("human", "human"))
        with client.websocket_connect(f"/ws/matches/{watched}") as connection:
            assert connection.receive_json()["type"] == "state"
            for _ in range(6):
                table.state(table.create(seats=("human", "human")))
            master = master_of(client)
            assert watched in master.matches
            live = master.matches[watched]
        assert live is not None


# Ids ----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("match_id", ["a\x00b", "x" * 65, "../etc", "ab cd", ""])
def test_ids_no_match_can_have_are_unknown_without_the_database(match_id: str) -> None:
    with pytest.raises(Refused) as refused:
        check_match_id(match_id)
    assert refused.value.code == "unknown_match" and refused.value.status == 404


def test_every_refusal_code_has_one_status() -> None:
    source = "\n".join(path.read_text() for path in Path("src/monolith/server").rglob("*.py"))
    import re

    raised = set(re.findall(r'Refused\(\s*"([a-z_]+)"', source))
    assert raised, "the server raises refusals"
    assert raised <= set(STATUS), f"codes without a status: {raised - set(STATUS)}"
    assert json.dumps(STATUS)  # plain data, for the docs
