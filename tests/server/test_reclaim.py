"""Taking a seat back from the bot that took it over: why it was taken is kept and shown, taking it
back is durable and refused when it makes no sense, and a bot thinking for the seat when its
human returns never moves for them afterwards."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text

from monolith.server.app import create_app
from monolith.server.settings import Settings
from monolith.server.storage import alembic_config, make_engine
from tests.server.conftest import Table, auth, error_of, master_of


def reclaim(table: Table, match_id: str, seat: int, token: str | None) -> Any:
    return table.client.post(f"/api/matches/{match_id}/seats/{seat}/reclaim", headers=auth(token))


def leave(table: Table, match_id: str, token: str) -> None:
    response = table.client.post(f"/api/matches/{match_id}/leave", headers=auth(token))
    assert response.status_code == 200, response.text


class GatedBot:
    """A takeover bot that thinks until the test lets it answer, so a reclaim lands mid-move."""

    name = "gated"
    thinking = threading.Event()
    release = threading.Event()
    answered = threading.Event()

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, game: Any, view: Any, seat: int) -> Any:
        GatedBot.thinking.set()
        assert GatedBot.release.wait(30), "the test never let the bot answer"
        action = next(iter(game.legal_actions(game.determinize(view, self.seed))))
        GatedBot.answered.set()
        return action


@pytest.fixture
def gated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Table]:
    """An app whose takeover bot is :class:`GatedBot`."""
    from monolith.bots import BOTS

    monkeypatch.setitem(BOTS, "gated", GatedBot)
    for event in (GatedBot.thinking, GatedBot.release, GatedBot.answered):
        event.clear()
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'gated.sqlite3'}",
        takeover_bot="gated",
        compute="threads",  # the gated bot lives in this process
    )
    try:
        with TestClient(create_app(settings)) as client:
            yield Table(client)
    finally:
        GatedBot.release.set()


def test_a_timed_out_seat_is_taken_back_mid_bot_move_and_the_bot_never_moves(gated: Table) -> None:
    table = gated
    match_id = table.create(seats=("human", "human"), turn_clock_seconds=2)
    tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
    slow = table.state(match_id)["to_move"]
    token = tokens[slow]
    assert GatedBot.thinking.wait(10), "the clock did not hand the seat to the bot"
    taken = table.state(match_id, token)
    seat = taken["seats"][slow]
    assert (seat["controller"], seat["takeover"], seat["bot"]) == ("bot", "timeout", "gated")
    assert taken["legal_actions"] == [] and taken["clock"] is None
    assert taken["undo_blocked"] == {"id": "undo-blocked", "args": {"reason": "taken_over"}}
    others = table.state(match_id, tokens[1 - slow])["seats"][slow]
    assert others["takeover"] == "timeout"  # everyone at the table is told, not only the player

    response = reclaim(table, match_id, slow, token)
    assert response.status_code == 200, response.text
    assert response.json() == {"seat": slow, "version": taken["version"] + 1}
    back = table.state(match_id, token)
    seat = back["seats"][slow]
    assert (seat["controller"], seat["takeover"], seat["bot"]) == ("human", None, None)
    assert back["to_move"] == slow and back["legal_actions"]
    assert back["clock"] is not None and back["clock"]["seat"] == slow  # the clock runs again

    assert isinstance(table.client, TestClient)
    thinking = master_of(table.client).matches[match_id].bot_task
    assert thinking is not None and not thinking.done()
    GatedBot.release.set()
    assert GatedBot.answered.wait(10)
    deadline = time.monotonic() + 10
    while not thinking.done():  # the bot's answer was taken in: committed, if it wrongly were
        assert time.monotonic() < deadline, "the bot's answer was never taken in"
        time.sleep(0.01)
    after = table.state(match_id, token)
    assert (after["version"], after["log"]) == (back["version"], [])
    version = table.play_first_legal(match_id, token, after)
    played = table.state(match_id, token)["log"]
    assert version == back["version"] + 1
    assert [(e["seat"], e["by_bot"]) for e in played] == [(slow, False)]


def test_reclaim_refusals_change_nothing(table: Table) -> None:
    match_id = table.create(seats=("human", "human"))
    ada, bo = table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")
    if table.state(match_id)["to_move"] == 0:
        table.play_first_legal(match_id, ada, table.state(match_id, ada))
    leave(table, match_id, ada)  # on Bo's decision: nothing moves while the refusals come
    before = table.state(match_id, bo)
    assert before["seats"][0]["takeover"] == "left"
    cases = [
        (reclaim(table, match_id, 0, None), 401, "bad_token"),
        (reclaim(table, match_id, 0, "not-a-token"), 401, "bad_token"),
        (reclaim(table, "no-such-match", 0, ada), 404, "unknown_match"),
        (reclaim(table, match_id, 2, ada), 404, "unknown_seat"),
        (reclaim(table, match_id, 0, bo), 403, "not_your_seat"),
        (reclaim(table, match_id, 1, bo), 409, "not_taken_over"),
    ]
    for response, status, code in cases:
        assert error_of(response)[:2] == (status, code), response.text
        assert table.state(match_id, bo) == before
    assert reclaim(table, match_id, 0, bo).json()["error"]["params"] == {"reason": "other_seat"}


def test_a_finished_match_cannot_be_reclaimed(table: Table) -> None:
    match_id = table.create(seats=("human",))
    ada = table.join(match_id, 0, "Ada")
    leave(table, match_id, ada)
    final = table.wait(match_id, ada, lambda s: s["status"] == "finished", timeout=60)
    assert final["seats"][0]["takeover"] == "left"
    assert final["undo_blocked"]["args"] == {"reason": "finished"}
    status, code, _ = error_of(reclaim(table, match_id, 0, ada))
    assert (status, code) == (409, "finished")
    assert table.state(match_id, ada) == final


def test_moves_out_of_turn_are_refused_with_the_reason(table: Table) -> None:
    """The refusal says whose decision it is, or that a bot plays the seat, for the page to word."""
    match_id = table.create(seats=("human", "human"))
    ada, bo = table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")
    if table.state(match_id)["to_move"] == 0:
        table.play_first_legal(match_id, ada, table.state(match_id, ada))
    version = table.state(match_id)["version"]
    early = table.act(match_id, ada, {"version": version, "action_id": 0}).json()["error"]
    assert early["code"] == "not_your_seat"
    assert early["params"] == {"reason": "turn", "to_move": {"kind": "player", "id": 1}}
    leave(table, match_id, ada)  # on Bo's decision, so no bot moves for Ada yet
    taken = table.act(match_id, ada, {"version": version, "action_id": 0}).json()["error"]
    assert (taken["code"], taken["params"]) == ("not_your_seat", {"reason": "taken_over"})
    assert "/reclaim" in taken["message"]
    assert table.state(match_id, bo)["version"] == version


def test_takeover_and_reclaim_survive_restarts(settings: Settings) -> None:
    with TestClient(create_app(settings)) as first:
        table = Table(first)
        match_id = table.create(seats=("human", "human"))
        ada, bo = table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")
        leave(table, match_id, ada)
        if table.state(match_id)["to_move"] == 1:
            table.play_first_legal(match_id, bo, table.state(match_id, bo))
        # The bot answers for Ada; then it is Bo's decision and nothing moves on its own.
        table.wait(match_id, bo, lambda s: s["to_move"] == 1 and len(s["log"]) >= 1)
        taken = table.state(match_id, ada)
    with TestClient(create_app(settings)) as second:
        table = Table(second)
        assert table.state(match_id, ada) == taken
        assert taken["seats"][0]["takeover"] == "left"
        response = reclaim(table, match_id, 0, ada)
        assert response.status_code == 200, response.text
        acknowledged = response.json()["version"]
    with TestClient(create_app(settings)) as third:
        table = Table(third)
        again = table.state(match_id, ada)
        assert again["version"] == acknowledged
        assert again["seats"][0]["controller"] == "human" and again["seats"][0]["takeover"] is None
        assert again["log"] == taken["log"]
        # The last move is the one the bot made for Ada: hers to keep, not to take back.
        assert again["undo_blocked"]["args"] == {"reason": "by_bot"}


def test_the_takeover_reason_migration_upgrades_an_existing_database(tmp_path: Path) -> None:
    """A database made before the reason was kept: its taken-over seat reads ``unknown`` and can
    be taken back; the migration also goes back down."""
    url = f"sqlite:///{tmp_path / 'old.sqlite3'}"
    with TestClient(create_app(Settings(database_url=url))) as first:
        table = Table(first)
        match_id = table.create(seats=("human", "human"))
        ada, bo = table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")
        leave(table, match_id, ada)
    engine = make_engine(url)
    config = alembic_config(url)
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, "0001")
    columns = {c["name"] for c in inspect(engine).get_columns("seats")}
    assert "takeover_reason" not in columns
    with engine.connect() as connection:
        assert (
            connection.execute(text("select version_num from alembic_version")).scalar() == "0001"
        )
    engine.dispose()

    with TestClient(create_app(Settings(database_url=url))) as upgraded:
        table = Table(upgraded)
        state = table.state(match_id, bo)
        assert state["seats"][0]["controller"] == "bot"
        assert state["seats"][0]["takeover"] == "unknown"
        assert state["seats"][1]["takeover"] is None
        assert reclaim(table, match_id, 0, ada).status_code == 200
    engine = make_engine(url)
    with engine.connect() as connection:
        rows = connection.execute(
            text("select seat, taken_over, takeover_reason from seats order by seat")
        ).all()
    engine.dispose()
    assert [tuple(row) for row in rows] == [(0, False, None), (1, False, None)]
