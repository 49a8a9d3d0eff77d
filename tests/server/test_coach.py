"""The coach at the web table: hints on or off per match, reviews worked out once, in the
background, named to each reader only as far as they may know."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path
from typing import Any

from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text

from monolith.compute import ProcessSlot
from monolith.server.app import create_app
from monolith.server.settings import Settings
from monolith.server.storage import ReviewRow, alembic_config, make_engine
from tests.server.conftest import Table, auth, error_of, master_of


def quick(url: str) -> Settings:
    """Small searches: these tests check the plumbing; the coach's judgement is tested in
    tests/coach/test_coach.py."""
    return Settings(
        database_url=url, coach_review_iterations=16, coach_hint_iterations=16, rate_limits=False
    )


def quick_client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(quick(f"sqlite:///{tmp_path / 'coach.sqlite3'}")))


def play_out(table: Table, match_id: str, token: str, seat: int) -> dict[str, Any]:
    """Play the seat's first legal action until the match is over; the final state."""
    while True:
        state = table.my_turn_or_over(match_id, token, seat)
        if state["status"] == "finished":
            return state
        table.play_first_legal(match_id, token, state)


def review_of(table: Table, match_id: str, token: str | None = None) -> dict[str, Any]:
    """Poll the review until it is done; every answer on the way says how far it is."""
    deadline = time.monotonic() + 120
    while True:
        response = table.client.get(f"/api/matches/{match_id}/review", headers=auth(token))
        assert response.status_code == 200, response.text
        body: dict[str, Any] = response.json()
        if body["status"] == "done":
            return body
        assert body["status"] in ("queued", "running"), body
        assert 0 <= body["progress"]["done"] <= max(body["progress"]["total"], 0)
        assert time.monotonic() < deadline, body
        time.sleep(0.1)


def test_hints_default_on_for_one_human_and_off_for_several(tmp_path: Path) -> None:
    with quick_client(tmp_path) as client:
        table = Table(client)
        alone = table.create(seats=("human", "bot"))
        together = table.create(seats=("human", "human"))
        chosen = table.create(seats=("human", "human"), hints=True)
        listed = {m["match_id"]: m["hints"] for m in client.get("/api/matches").json()}
        assert listed == {alone: True, together: False, chosen: True}
        ada = table.join(alone, 0)
        assert table.state(alone, ada)["hints"] is True
        assert table.state(together)["hints"] is False


def test_a_hint_names_the_best_decisions_of_the_seat_to_move(tmp_path: Path) -> None:
    with quick_client(tmp_path) as client:
        table = Table(client)
        match_id = table.create(seats=("human", "bot"))
        ada = table.join(match_id, 0)
        state = table.my_turn_or_over(match_id, ada, 0)
        response = client.get(
            f"/api/matches/{match_id}/hint", params={"version": state["version"]}, headers=auth(ada)
        )
        assert response.status_code == 200, response.text
        hint = response.json()
        assert hint["seat"] == 0 and hint["version"] == state["version"]
        legal = {a["id"]: a for a in state["legal_actions"]}
        assert 1 <= len(hint["decisions"]) <= 3
        for decision in hint["decisions"]:
            assert decision["id"] in legal
            assert decision["label"] == legal[decision["id"]]["label"]
            assert 0.0 <= decision["win"] <= 1.0
        wins = [d["win"] for d in hint["decisions"]]
        assert hint["win"] == wins[0]
        again = client.get(
            f"/api/matches/{match_id}/hint", params={"version": state["version"]}, headers=auth(ada)
        )
        assert again.json() == hint  # worked out once per decision


def test_hint_refusals_change_nothing(tmp_path: Path) -> None:
    with quick_client(tmp_path) as client:
        table = Table(client)
        off = table.create(seats=("human", "human"))
        ada, bo = table.join(off, 0, "Ada"), table.join(off, 1, "Bo")
        state = table.state(off, ada)
        mover, other = (ada, bo) if state["to_move"] == 0 else (bo, ada)
        url = f"/api/matches/{off}/hint"
        version = {"version": state["version"]}
        assert error_of(client.get(url, params=version, headers=auth(mover)))[:2] == (
            403,
            "hints_off",
        )
        on = table.create(seats=("human", "human"), hints=True)
        ada, bo = table.join(on, 0, "Ada"), table.join(on, 1, "Bo")
        state = table.state(on, ada)
        mover, other = (ada, bo) if state["to_move"] == 0 else (bo, ada)
        url = f"/api/matches/{on}/hint"
        version = {"version": state["version"]}
        assert error_of(client.get(url, params=version))[:2] == (401, "bad_token")
        assert error_of(client.get(url, params=version, headers=auth(other)))[:2] == (
            403,
            "not_your_seat",
        )
        stale = {"version": state["version"] + 5}
        assert error_of(client.get(url, params=stale, headers=auth(mover)))[:2] == (
            409,
            "stale_version",
        )
        assert table.state(on, ada)["version"] == state["version"]


def test_a_finished_match_is_reviewed_once_and_kept(tmp_path: Path) -> None:
    with quick_client(tmp_path) as client:
        table = Table(client)
        match_id = table.create(seats=("human", "bot"))
        ada = table.join(match_id, 0)
        url = f"/api/matches/{match_id}/review"
        assert error_of(client.get(url))[:2] == (409, "not_finished")
        final = play_out(table, match_id, ada, 0)
        review = review_of(table, match_id)
        (seat,) = review["seats"]
        assert seat["seat"] == 0
        mine = [d for d in review["decisions"] if d["seat"] == 0]
        assert len(mine) == seat["decisions"] > 0
        assert [p["index"] for p in seat["graph"]] == [d["index"] for d in mine]
        assert sum(seat["marks"].values()) == len(mine)
        assert all(final["log"][d["index"]]["seat"] == 0 for d in mine)
        for decision in mine:
            assert decision["mark"] in review["marks"]
            assert decision["loss"] >= 0.0
            assert decision["best"]["win"] >= decision["chosen"]["win"] or decision["loss"] == 0
            assert decision["chosen"]["label"]["id"]  # named: Monolyth hides nothing
        master = master_of(client)
        with master.repo.sessions() as session:
            row = session.get(ReviewRow, match_id)
            assert row is not None and row.status == "done"
            stamp = row.finished_at
        assert review_of(table, match_id) == review
        with master.repo.sessions() as session:
            again = session.get(ReviewRow, match_id)
            assert again is not None and again.finished_at == stamp


def test_the_coach_migration_keeps_every_match_going_down_and_up(tmp_path: Path) -> None:
    """Going back below the coach's revision drops hints and reviews, not one seat or action
    (rebuilding ``matches`` on SQLite would cascade into both); going up again, old matches
    have hints off and are reviewed again on request."""
    url = f"sqlite:///{tmp_path / 'coach.sqlite3'}"
    settings = quick(url)
    with TestClient(create_app(settings)) as client:
        table = Table(client)
        match_id = table.create(seats=("human", "bot"))
        ada = table.join(match_id, 0)
        play_out(table, match_id, ada, 0)
        review_of(table, match_id)
        before = table.state(match_id, ada)
    engine = make_engine(url)
    config = alembic_config(url)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0002")
    assert "reviews" not in inspect(engine).get_table_names()
    assert "hints" not in {c["name"] for c in inspect(engine).get_columns("matches")}
    with engine.connect() as connection:
        seats = connection.execute(text("select count(*) from seats")).scalar()
        actions = connection.execute(text("select count(*) from actions")).scalar()
    engine.dispose()
    assert (seats, actions) == (2, len(before["log"]))
    with TestClient(create_app(settings)) as client:
        table = Table(client)
        after = table.state(match_id, ada)
        assert after["log"] == before["log"] and after["hints"] is False
        assert review_of(table, match_id)["seats"][0]["seat"] == 0


def without_lines(decision: dict[str, Any], *keys: str) -> dict[str, Any]:
    """A reviewed decision without its options' lines (nor ``keys``)."""
    out = {k: v for k, v in decision.items() if k not in keys}
    for key in ("chosen", "best"):
        out[key] = {k: v for k, v in decision[key].items() if k != "line"}
    out["alternatives"] = [{k: v for k, v in o.items() if k != "line"} for o in out["alternatives"]]
    return out


def has_line(decision: dict[str, Any]) -> bool:
    options = (decision["chosen"], decision["best"], *decision["alternatives"])
    return any("line" in o for o in options)


def test_a_review_names_a_private_decision_to_its_own_player_only(tmp_path: Path) -> None:
    """Which objective a player kept (and which it let go) stays theirs in the review too: the
    spectator and the other players read that decision's numbers and mark, not its options."""
    with quick_client(tmp_path) as client:
        table = Table(client)
        match_id = table.create(game="the-monolith", seats=("human", "human", "bot"))
        ada, bo = table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")
        while True:
            state = table.wait(
                match_id,
                None,
                lambda s: s["status"] == "finished" or s["to_move"] in (0, 1),
                timeout=60,
            )
            if state["status"] == "finished":
                break
            token = ada if state["to_move"] == 0 else bo
            table.play_first_legal(match_id, token, table.state(match_id, token))
        as_ada = review_of(table, match_id, ada)
        as_nobody = review_of(table, match_id)
        as_bo = review_of(table, match_id, bo)
    kept = [
        d
        for d in as_ada["decisions"]
        if d["seat"] == 0 and d["chosen"]["action"]["kind"] == "keep_objective"
    ]
    assert kept and not any(d["shown"] for d in kept)
    hidden = {"id", "action", "label"}
    for reader in (as_nobody, as_bo):
        theirs = {d["index"]: d for d in reader["decisions"]}
        for decision in kept:
            other = theirs[decision["index"]]
            assert not hidden & set(other["chosen"]) and not hidden & set(other["best"])
            assert all(not hidden & set(o) for o in other["alternatives"])
            assert other["chosen"]["win"] == decision["chosen"]["win"]
            assert other["mark"] == decision["mark"]
    public = [d for d in as_ada["decisions"] if d["shown"]]
    assert public
    for decision in public:
        # the same, but for the coach's lines (searched from Ada's view, with her cards) and the
        # reason, which others read as found from a spectator's view
        other = {d["index"]: d for d in as_nobody["decisions"]}[decision["index"]]
        assert without_lines(other, "reason") == without_lines(decision, "reason")
    for reader in (as_nobody, as_bo):
        assert not any(has_line(d) for d in reader["decisions"] if d["seat"] == 0)
    assert all("reason_public" not in d for r in (as_ada, as_bo, as_nobody) for d in r["decisions"])
    bos_own = [d for d in as_bo["decisions"] if d["seat"] == 1 and not d["shown"]]
    assert bos_own and all("label" in d["chosen"] for d in bos_own)


def test_the_table_answers_at_once_while_a_review_is_worked_out(tmp_path: Path) -> None:
    """A review at its real budget runs in a worker process, not the server's: requests are
    answered while it is still under way, and its progress moves on meanwhile. (How long they
    wait beside an idle server's answers is measured by ``monolith bench-waits``.)"""
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'busy.sqlite3'}", rate_limits=False)
    with TestClient(create_app(settings)) as client:
        table = Table(client)
        match_id = table.create(seats=("human", "bot"))
        ada = table.join(match_id, 0)
        play_out(table, match_id, ada, 0)
        url = f"/api/matches/{match_id}/review"
        first = client.get(url).json()
        assert first["status"] in ("queued", "running")
        done = first["progress"]["done"]
        deadline = time.monotonic() + 120
        while done == first["progress"]["done"]:
            assert client.get(f"/api/matches/{match_id}/state").status_code == 200
            assert client.get("/api/games").status_code == 200
            review = client.get(url).json()
            assert review["status"] != "done", "the answers waited for the whole review"
            done = review["progress"]["done"] if review["progress"] else done
            assert time.monotonic() < deadline, "the review did not move on"
            time.sleep(0.05)
        slots = master_of(client).compute.slots
        workers = {pid for slot in slots if isinstance(slot, ProcessSlot) for pid in slot.pids()}
        assert workers and os.getpid() not in workers  # the review ran in processes of its own


def test_a_dead_worker_is_replaced_and_the_next_hint_still_comes(tmp_path: Path) -> None:
    app = create_app(quick(f"sqlite:///{tmp_path / 'dead.sqlite3'}"))
    with TestClient(app, raise_server_exceptions=False) as client:
        table = Table(client)
        match_id = table.create(seats=("human", "bot"))
        ada = table.join(match_id, 0)
        version = table.my_turn_or_over(match_id, ada, 0)["version"]
        url = f"/api/matches/{match_id}/hint"
        assert client.get(url, params={"version": version}, headers=auth(ada)).status_code == 200
        coach = client.app.state.coach  # type: ignore[attr-defined]
        workers = [
            pid
            for slot in coach.compute.slots
            if isinstance(slot, ProcessSlot)
            for pid in slot.pids()
        ]
        assert workers, "the hint ran in a worker process"
        for pid in workers:
            os.kill(pid, signal.SIGKILL)
        coach._hints.clear()  # forget the answer, so that a worker is asked again
        again = client.get(url, params={"version": version}, headers=auth(ada))
        assert again.status_code == 200 and again.json()["decisions"]
