"""The server on a real, throwaway PostgreSQL: migrations, a whole match and a resume, and the
guards against abuse that lean on the database (names, expiry, pages of the match list).

The cluster (``postgres_url`` in ``conftest.py``) is made with Debian's own binaries in a temporary
folder and listens on a free port on 127.0.0.1.
"""

from __future__ import annotations

import time

from fastapi.testclient import TestClient
from sqlalchemy import text

from monolith.server.app import create_app
from monolith.server.settings import Settings
from monolith.server.storage import make_engine
from tests.server.conftest import Table, error_of


def test_a_match_on_postgresql(postgres_url: str) -> None:
    settings = Settings(database_url=postgres_url, rate_limits=False)  # moves as fast as it can
    with TestClient(create_app(settings)) as client:
        table = Table(client)
        match_id = table.create(seats=("human", "bot"))
        token = table.join(match_id, 0)
        for _ in range(3):
            state = table.my_turn_or_over(match_id, token, 0)
            table.play_first_legal(match_id, token, state)
        middle = table.my_turn_or_over(match_id, token, 0)
        with TestClient(create_app(settings)) as second:  # another server on the same database
            assert Table(second).state(match_id, token)["version"] == middle["version"]
    with TestClient(create_app(settings)) as client:
        table = Table(client)
        resumed = table.state(match_id, token)
        for key in ("version", "log", "view", "legal_actions"):
            assert resumed[key] == middle[key], key
        while (state := table.my_turn_or_over(match_id, token, 0))["status"] != "finished":
            table.play_first_legal(match_id, token, state)
        assert len(client.get(f"/api/matches/{match_id}/replay").json()["steps"]) == len(
            state["log"]
        )
    engine = make_engine(postgres_url)
    try:
        with engine.connect() as connection:
            assert connection.execute(text("select version_num from alembic_version")).scalar()
            logged = connection.execute(
                text("select count(*) from actions where match_id = :id"), {"id": match_id}
            ).scalar()
            status = connection.execute(
                text("select status from matches where id = :id"), {"id": match_id}
            ).scalar()
    finally:
        engine.dispose()
    assert logged == len(state["log"]) and status == "finished"


def test_names_expiry_and_pages_on_postgresql(postgres_url: str) -> None:
    """A NUL in a name is refused before PostgreSQL sees it; expiry and the cursor's order work
    with PostgreSQL's own types (timestamps with a zone, subqueries)."""
    # long enough that no match expires while its pages are read, even on a loaded machine
    settings = Settings(database_url=postgres_url, rate_limits=False, open_match_ttl_seconds=8)
    with TestClient(create_app(settings)) as client:
        table = Table(client)
        match_id = table.create(seats=("human", "human"))
        for name, reason in (
            ("Ada\x00", "control"),
            ("Ada\u202e", "bidi"),
            ("A\u200bda", "invisible"),
        ):
            refused = client.post(f"/api/matches/{match_id}/seats/0/join", json={"name": name})
            assert error_of(refused)[:2] == (422, "bad_name"), refused.text
            assert refused.json()["error"]["params"] == {"reason": reason}
        assert table.state(match_id)["seats"][0]["taken"] is False
        table.join(match_id, 0, " Ada ")
        assert table.state(match_id)["seats"][0]["name"] == "Ada"
        made = [table.create(seats=("human", "human")) for _ in range(5)]
        seen: list[str] = []
        url: str | None = "/api/matches?limit=2"
        while url is not None:
            response = client.get(url)
            seen += [m["match_id"] for m in response.json()]
            link = response.headers.get("Link")
            url = link.split(">")[0].lstrip("<") if link else None
        assert seen == [m["match_id"] for m in client.get("/api/matches?limit=200").json()]
        assert set(made) <= set(seen) and len(seen) == len(set(seen))
        deadline = time.monotonic() + 20  # 8 s to live, then the next expiry sweep
        while set(made) & {m["match_id"] for m in client.get("/api/matches").json()}:
            assert time.monotonic() < deadline, "abandoned matches were never expired"
            time.sleep(0.1)
        assert error_of(client.get(f"/api/matches/{made[0]}/state"))[:2] == (410, "expired")
        assert table.state(match_id)["status"] == "open"  # one seat joined: it waits on
