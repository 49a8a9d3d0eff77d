"""A server open to the public: what strangers may send is read strictly, and refused with its
documented code, before the database, on SQLite and PostgreSQL alike (issue 22: F3, F5, F6, F8,
F9, F10, the security headers, the proxy's address and the log).
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from unicodedata import normalize

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from monolith.server.app import create_app
from monolith.server.settings import Settings
from tests.server.conftest import Table, auth, error_of, master_of


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
    from monolith.server.app import all_messages

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


def test_seats_out_of_range_are_unknown(table: Table) -> None:
    match_id = table.create(seats=("human", "human"))
    refused = table.client.post(f"/api/matches/{match_id}/seats/2/join", json={"name": "Bo"})
    assert error_of(refused)[:2] == (404, "unknown_seat")
    refused = table.client.post(f"/api/matches/{match_id}/seats/99999/join", json={"name": "Bo"})
    assert error_of(refused)[:2] == (422, "malformed")
