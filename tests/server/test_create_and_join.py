"""Creating a match and taking a seat of it in one request (what the lobby does): a name the server
refuses, or a seat that cannot be taken, creates nothing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from monolith.server.app import create_app
from monolith.server.settings import Settings
from tests.server.conftest import Table, error_of, master_of

SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]


def create(client: TestClient, **extra: Any) -> Any:
    return client.post(
        "/api/matches", json={"game": "monolyth", "players": 2, "seats": SEATS, **extra}
    )


def listed(client: TestClient) -> set[str]:
    return {m["match_id"] for m in client.get("/api/matches?limit=200").json()}


def test_the_creator_sits_down_with_the_match(client: TestClient, table: Table) -> None:
    response = create(client, join={"seat": 0, "name": "  Ada  "})
    assert response.status_code == 201, response.text
    made = response.json()
    state = table.state(made["match_id"], made["token"])
    assert state["status"] == "running"  # the other seat is a bot's
    assert state["seats"][0]["name"] == "Ada"
    assert state["seats"][0]["taken"] is True
    assert state["seat"] == 0  # the token answered is the seat's


@pytest.mark.parametrize(
    ("name", "reason"),
    [("Ada\u0007", "control"), ("Ada\u202e", "bidi"), ("x" * 41, "too_long"), (" ", "empty")],
)
def test_a_refused_name_creates_nothing(client: TestClient, name: str, reason: str) -> None:
    before = listed(client)
    response = create(client, join={"seat": 0, "name": name})
    status, code, message = error_of(response)
    assert (status, code) == (422, "bad_name"), message
    assert response.json()["error"]["params"] == {"reason": reason}
    assert listed(client) == before


@pytest.mark.parametrize("seat", [1, 2, -1])
def test_a_seat_that_cannot_be_taken_creates_nothing(client: TestClient, seat: int) -> None:
    before = listed(client)
    status, code, message = error_of(create(client, join={"seat": seat, "name": "Ada"}))
    assert status == 422 and code in ("bad_options", "malformed"), message
    assert listed(client) == before


def test_without_a_seat_to_take_the_answer_has_no_token(client: TestClient) -> None:
    response = create(client)
    assert response.status_code == 201, response.text
    assert "token" not in response.json()


def test_a_table_told_a_deal_seed_deals_the_same_matches_at_every_start(tmp_path: Path) -> None:
    """For a demonstration or a test that needs a known deal; without it every seed is secret."""

    def seeds(deal_seed: int, name: str) -> list[int]:
        settings = Settings(
            database_url=f"sqlite:///{tmp_path / name}", rate_limits=False, deal_seed=deal_seed
        )
        with TestClient(create_app(settings)) as client:
            made = [create(client).json()["match_id"] for _ in range(3)]
            master = master_of(client)
            stored = [master.repo.load(match_id) for match_id in made]
            return [match.match.seed for match in stored if match is not None]

    dealt = seeds(7, "a.sqlite3")
    assert dealt == seeds(7, "b.sqlite3")
    assert len(set(dealt)) == 3  # in turn, not one deal repeated
    assert seeds(8, "c.sqlite3") != dealt
    assert not set(seeds(0, "d.sqlite3")) & set(seeds(0, "e.sqlite3"))
