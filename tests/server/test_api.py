"""The API in process: lobby, refusals that change nothing, whole games, undo, leave, clock."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from monolith.games import get_game, page_folder
from monolith.server.app import create_app
from monolith.server.settings import Settings
from tests.server.conftest import Table, auth, error_of, master_of

SOURCE = Path(__file__).resolve().parents[2] / "src" / "monolith"


def snapshot(table: Table, match_id: str, token: str) -> tuple[int, list[Any], Any]:
    state = table.state(match_id, token)
    return state["version"], state["log"], state["view"]


def test_games_and_bots_are_listed(client: TestClient) -> None:
    games = {game["name"]: game for game in client.get("/api/games").json()}
    assert games["monolyth"]["min_players"] == 1
    assert games["monolyth"]["options"][0]["name"] == "structure_card"
    bots = {bot["name"]: bot["levels"] for bot in client.get("/api/bots").json()}
    assert bots.get("greedy")


def test_openapi_documents_the_api(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert "/api/matches/{match_id}/actions" in paths
    assert "/api/matches/{match_id}/replay" in paths


def test_lobby_create_join_and_list(table: Table) -> None:
    created = table.client.post(
        "/api/matches",
        json={"game": "monolyth", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]},
    ).json()
    match_id = created["match_id"]
    assert created["seats"][1]["join_url"] == f"/join/{match_id}/1"
    assert created["spectator_url"] == f"/watch/{match_id}"
    listed = {m["match_id"]: m for m in table.client.get("/api/matches").json()}
    assert listed[match_id]["status"] == "open"
    assert listed[match_id]["created_at"].endswith("Z")  # UTC, also after a trip through SQLite
    table.join(match_id, 0, "Ada")
    refused = table.client.post(f"/api/matches/{match_id}/seats/0/join", json={"name": "Eve"})
    assert error_of(refused)[:2] == (409, "seat_taken")
    assert table.state(match_id)["status"] == "open"
    table.join(match_id, 1, "Bo")
    listed = {m["match_id"]: m for m in table.client.get("/api/matches").json()}
    assert listed[match_id]["status"] == "running"
    assert [s["name"] for s in listed[match_id]["seats"]] == ["Ada", "Bo"]


def test_bad_setups_are_refused(table: Table) -> None:
    post = table.client.post
    cases = [
        ({"game": "chess", "players": 2}, "unknown game"),
        ({"game": "monolyth", "players": 7}, "1-4 players"),
        ({"game": "monolyth", "players": 1, "options": {"speed": 3}}, "unknown rule option"),
        ({"game": "monolyth", "players": 2, "seats": [{"kind": "human"}]}, "2 seats"),
        (
            {"game": "monolyth", "players": 1, "seats": [{"kind": "bot", "bot": "oracle"}]},
            "unknown bot",
        ),
    ]
    for body, words in cases:
        status, code, message = error_of(post("/api/matches", json=body))
        assert (status, code) == (422, "bad_options"), message
        assert words in message
    assert table.client.get("/api/matches").json() == []


def test_refusals_change_nothing(table: Table) -> None:
    match_id = table.create(seats=("human", "human"))
    ada = table.join(match_id, 0, "Ada")
    bo = table.join(match_id, 1, "Bo")
    state = table.state(match_id, ada)
    mover, other = (ada, bo) if state["to_move"] == 0 else (bo, ada)
    state = table.state(match_id, mover)
    good = {"version": state["version"], "action": state["legal_actions"][0]["action"]}
    before = snapshot(table, match_id, mover)

    def refused(response: Any, status: int, code: str, words: str = "") -> None:
        got_status, got_code, message = error_of(response)
        assert (got_status, got_code) == (status, code), message
        assert words in message, message
        assert snapshot(table, match_id, mover) == before

    refused(table.act(match_id, None, good), 401, "bad_token", "Bearer")
    refused(table.act(match_id, "not-a-token", good), 401, "bad_token", "no seat")
    refused(table.act(match_id, other, good), 403, "not_your_seat", "decision")
    refused(table.act("nosuchmatch", mover, good), 404, "unknown_match", "nosuchmatch")
    refused(table.act(match_id, mover, {**good, "version": 5}), 409, "stale_version", "version")
    refused(table.act(match_id, mover, None, raw=b'{"version": 0, "action": '), 422, "malformed")
    refused(table.act(match_id, mover, None, raw=b"[1, 2]"), 422, "malformed", "JSON object")
    refused(table.act(match_id, mover, {"version": 0}), 422, "malformed", "exactly one")
    refused(
        table.act(match_id, mover, {"version": 0, "action": {"type": "dance"}}),
        422,
        "malformed",
    )
    refused(table.act(match_id, mover, {"version": 0, "action_id": -3}), 422, "malformed")
    refused(
        table.act(match_id, mover, {"version": 0, "action": {"type": "pass"}}),
        422,
        "illegal",
        "cannot pass",
    )
    big = b'{"version": 0, "action": {"type": "pass", "pad": "' + b"x" * 70_000 + b'"}}'
    refused(table.act(match_id, mover, None, raw=big), 413, "too_large", "64 KiB")
    refused(
        table.client.post(
            f"/api/matches/{match_id}/undo", json={"version": 0}, headers=auth(mover)
        ),
        409,
        "cannot_undo",
    )

    accepted = table.act(match_id, mover, good)
    assert accepted.status_code == 200 and accepted.json() == {"version": 1}
    after = table.state(match_id, mover)
    assert after["version"] == 1 and len(after["log"]) == 1
    refused_again = table.act(match_id, mover, good)
    assert error_of(refused_again)[:2] == (409, "stale_version")


def test_a_whole_monolyth_match_against_a_bot(table: Table) -> None:
    match_id = table.create(seats=("human", "bot"))
    token = table.join(match_id, 0)
    moves = 0
    while (state := table.my_turn_or_over(match_id, token, 0))["status"] != "finished":
        assert all(a["label"]["id"].startswith("mono-choose-") for a in state["legal_actions"])
        table.play_first_legal(match_id, token, state)
        moves += 1
    assert moves > 5
    assert state["result"] is not None
    assert sorted(state["result"]["ranking"]) == [0, 1]
    assert state["version"] == len(state["log"])
    assert {entry["seat"] for entry in state["log"]} == {0, 1}
    assert all(entry["by_bot"] == (entry["seat"] == 1) for entry in state["log"])
    refused = table.act(match_id, token, {"version": state["version"], "action": {"type": "pass"}})
    assert error_of(refused)[:2] == (409, "finished")

    replay = table.client.get(f"/api/matches/{match_id}/replay").json()
    assert len(replay["steps"]) == len(state["log"])
    assert replay["steps"][-1]["view"] == table.state(match_id)["view"]
    assert replay["result"] == state["result"]
    finished = {m["match_id"] for m in table.client.get("/api/matches").json()}
    assert match_id not in finished


def test_replay_waits_for_the_end(table: Table) -> None:
    match_id = table.create(seats=("human", "bot"))
    status, code, _ = error_of(table.client.get(f"/api/matches/{match_id}/replay"))
    assert (status, code) == (409, "not_finished")


def prefer(state: dict[str, Any], kind: str) -> dict[str, Any]:
    """The first legal action of ``kind`` if there is one, else the first legal action."""
    actions = state["legal_actions"]
    chosen: dict[str, Any] = next((a for a in actions if a["action"]["type"] == kind), actions[0])
    return chosen


def take_a_prophecy(
    table: Table, match_id: str, tokens: list[str]
) -> tuple[int, dict[str, Any], Any]:
    """Plays until someone takes a prophecy: (their seat, the state before, the answer)."""
    for _ in range(60):
        mover = table.state(match_id)["to_move"]
        before = table.state(match_id, tokens[mover])
        choice = prefer(before, "prophecy")
        response = table.act(
            match_id, tokens[mover], {"version": before["version"], "action_id": choice["id"]}
        )
        assert response.status_code == 200, response.text
        if choice["action"]["type"] == "prophecy":
            return mover, before, response
    raise AssertionError("no prophecy was ever offered")


def act_keeping_the_turn(
    table: Table, match_id: str, tokens: list[str]
) -> tuple[int, dict[str, Any], Any]:
    """Plays until a seat makes a decision that reveals nothing and leaves the next decision
    its own (The Monolith: a march begun, a bid): (that seat, the state before, the answer)."""
    for _ in range(200):
        mover = table.state(match_id)["to_move"]
        before = table.state(match_id, tokens[mover])
        choice = before["legal_actions"][0]
        response = table.act(
            match_id, tokens[mover], {"version": before["version"], "action_id": choice["id"]}
        )
        assert response.status_code == 200, response.text
        after = table.state(match_id, tokens[mover])
        if after["to_move"] == mover and after["undo_blocked"] is None:
            return mover, before, response
    raise AssertionError("no decision kept the turn")


def test_undo_own_last_action(table: Table) -> None:
    """A decision that reveals nothing may be taken back by its maker while it is the last action
    and the next decision is still theirs."""
    match_id = table.create(game="the-monolith", seats=("human", "human", "human"))
    tokens = [table.join(match_id, seat, name) for seat, name in enumerate(["Ada", "Bo", "Cy"])]
    blocked = table.state(match_id, tokens[0])["undo_blocked"]
    assert blocked == {"id": "undo-blocked", "args": {"reason": "nothing"}}
    assert table.state(match_id)["undo_blocked"]["args"] == {"reason": "spectator"}
    mover, before, response = act_keeping_the_turn(table, match_id, tokens)
    token = tokens[mover]
    version = response.json()["version"]
    undo = f"/api/matches/{match_id}/undo"
    assert table.state(match_id, token)["can_undo"]
    stale = table.client.post(undo, json={"version": version - 1}, headers=auth(token))
    assert error_of(stale)[:2] == (409, "stale_version")
    assert table.state(match_id)["version"] == version
    response = table.client.post(undo, json={"version": version}, headers=auth(token))
    assert response.status_code == 200 and response.json() == {"version": version + 1}
    undone = table.state(match_id, token)
    assert undone["view"] == before["view"] and undone["log"] == before["log"]
    assert undone["to_move"] == mover and undone["legal_actions"] == before["legal_actions"]
    # The old version number is never reused: a decision made on it is stale.
    first = before["legal_actions"][0]
    stale_act = table.act(match_id, token, {"version": version, "action_id": first["id"]})
    assert error_of(stale_act)[:2] == (409, "stale_version")


def test_undo_is_refused_once_the_turn_passed_to_another_person(table: Table) -> None:
    """Taking back a move after the turn passed would take the next person's turn away unseen:
    refused, naming whose decision it is; the other seat is told the last move is not theirs."""
    match_id = table.create(seats=("human", "human"))
    tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
    mover, _, response = take_a_prophecy(table, match_id, tokens)
    version = response.json()["version"]
    now = table.state(match_id)["to_move"]
    assert now == 1 - mover, "a prophecy ends the turn of a two-player game"
    token, other = tokens[mover], tokens[now]
    passed = {"reason": "passed", "now": {"kind": "player", "id": now}}
    assert not table.state(match_id, token)["can_undo"]
    assert table.state(match_id, token)["undo_blocked"] == {"id": "undo-blocked", "args": passed}
    undo = f"/api/matches/{match_id}/undo"
    refused = table.client.post(undo, json={"version": version}, headers=auth(token))
    assert error_of(refused)[:2] == (409, "cannot_undo")
    assert refused.json()["error"]["params"] == passed
    assert table.state(match_id)["version"] == version
    # The other seat is told why, naming whose move is the last.
    why = {"reason": "not_yours", "last": {"kind": "player", "id": mover}}
    assert not table.state(match_id, other)["can_undo"]
    assert table.state(match_id, other)["undo_blocked"] == {"id": "undo-blocked", "args": why}
    refused = table.client.post(undo, json={"version": version}, headers=auth(other))
    assert error_of(refused)[:2] == (409, "cannot_undo")
    assert refused.json()["error"]["params"] == why


def test_undo_is_refused_after_a_reveal(table: Table) -> None:
    """Taking a piece refills the ring from the box: that step stands, with the reason given."""
    match_id = table.create(seats=("human", "human"))
    tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
    state = table.state(match_id)
    token = tokens[state["to_move"]]
    mine = table.state(match_id, token)
    choice = prefer(mine, "place")
    version = table.act(match_id, token, {"version": 0, "action_id": choice["id"]}).json()[
        "version"
    ]
    live = master_of(table.client)  # type: ignore[arg-type]
    match = live.matches[match_id]
    assert not get_game("monolyth").undoable(match.states[-2], match.states[-1])
    assert not table.state(match_id, token)["can_undo"]
    why = {"reason": "revealed"}
    assert table.state(match_id, token)["undo_blocked"] == {"id": "undo-blocked", "args": why}
    response = table.client.post(
        f"/api/matches/{match_id}/undo", json={"version": version}, headers=auth(token)
    )
    status, code, message = error_of(response)
    assert (status, code) == (409, "cannot_undo") and "hidden or random" in message
    assert response.json()["error"]["params"] == why
    assert table.state(match_id)["version"] == version


def test_leave_hands_the_seat_to_a_bot(table: Table) -> None:
    match_id = table.create(seats=("human", "human"))
    ada = table.join(match_id, 0, "Ada")
    bo = table.join(match_id, 1, "Bo")
    first = table.state(match_id)["to_move"]
    response = table.client.post(f"/api/matches/{match_id}/leave", headers=auth(ada))
    assert response.status_code == 200 and response.json() == {"seat": 0, "bot": "greedy"}
    state = table.state(match_id, ada)
    assert state["seats"][0]["controller"] == "bot" and state["legal_actions"] == []
    if first == 1:
        table.play_first_legal(match_id, bo, table.state(match_id, bo))
    after = table.wait(match_id, None, lambda s: any(e["seat"] == 0 for e in s["log"]))
    ada_moves = [e for e in after["log"] if e["seat"] == 0]
    assert ada_moves and all(e["by_bot"] for e in ada_moves)
    refused = table.act(match_id, ada, {"version": after["version"], "action_id": 0})
    assert error_of(refused)[:2] in {(403, "not_your_seat"), (409, "finished")}


def test_turn_clock_hands_a_slow_seat_to_a_bot(table: Table) -> None:
    match_id = table.create(seats=("human", "human"), turn_clock_seconds=1)
    table.join(match_id, 0, "Ada")
    table.join(match_id, 1, "Bo")
    state = table.state(match_id)
    assert state["clock"] is not None and state["clock"]["seat"] == state["to_move"]
    slow = state["to_move"]
    after = table.wait(match_id, None, lambda s: s["version"] >= 1, timeout=10)
    assert after["seats"][slow]["controller"] == "bot"
    assert after["log"][0]["seat"] == slow and after["log"][0]["by_bot"]


def test_restart_resumes_from_the_log(settings: Settings) -> None:
    with TestClient(create_app(settings)) as first:
        table = Table(first)
        match_id = table.create(seats=("human", "human"))
        tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
        for _ in range(4):
            state = table.state(match_id)
            token = tokens[state["to_move"]]
            table.play_first_legal(match_id, token, table.state(match_id, token))
        before = table.state(match_id, tokens[0])
    with TestClient(create_app(settings)) as second:
        again = Table(second).state(match_id, tokens[0])
        assert again == before


def test_a_damaged_log_is_caught_not_played(settings: Settings) -> None:
    from sqlalchemy import update

    from monolith.server.storage import ActionRow, Repository, make_engine

    with TestClient(create_app(settings)) as first:
        table = Table(first)
        match_id = table.create(seats=("human", "human"))
        tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
        state = table.state(match_id)
        token = tokens[state["to_move"]]
        table.play_first_legal(match_id, token, table.state(match_id, token))
    engine = make_engine(settings.database_url)
    with Repository(engine).sessions.begin() as session:
        session.execute(update(ActionRow).values(state_hash="0" * 64))
    engine.dispose()
    with TestClient(create_app(settings)) as second:
        status, code, message = error_of(second.get(f"/api/matches/{match_id}/state"))
        assert (status, code) == (409, "damaged") and "recorded state" in message


def test_pages_are_served(client: TestClient, settings: Settings) -> None:
    index = settings.static_dir / "index.html"
    for path in ("/", "/join/abc/0", "/watch/abc", "/replay/abc"):
        response = client.get(path)
        if index.is_file():
            assert response.status_code == 200 and "html" in response.headers["content-type"]
        else:
            assert response.status_code == 404
    for asset in sorted(settings.static_dir.glob("*.*"))[:3]:
        served = client.get(f"/static/{asset.name}")
        assert served.status_code == 200 and served.content == asset.read_bytes()


def test_each_games_table_is_served_from_its_own_folder(client: TestClient) -> None:
    """The games list names the module drawing each game's table, served from the game's folder
    under the pages' policy; a game without one (Kindling) gets the generic table, and nothing
    but the game's page folder is reachable through its address."""
    games = {game["name"]: game["page"] for game in client.get("/api/games").json()}
    assert games["kindling"] is None and page_folder("kindling") is None
    for name, package in (("monolyth", "monolyth"), ("the-monolith", "the_monolith")):
        assert games[name] == f"/static/games/{name}/view.js"
        folder = SOURCE / "games" / package / "web"
        assert page_folder(name) == folder
        for module in sorted(folder.glob("*.js")):
            served = client.get(f"/static/games/{name}/{module.name}")
            assert served.status_code == 200, module.name
            assert served.content == module.read_bytes()
            assert "javascript" in served.headers["content-type"]
            assert served.headers["content-security-policy"].startswith("default-src 'self';")
        for outside in ("../__init__.py", "..%2f__init__.py", "rules.py", "missing.js"):
            assert client.get(f"/static/games/{name}/{outside}").status_code == 404, outside
    assert client.get("/static/games/kindling/view.js").status_code == 404


def test_the_app_shell_links_each_games_stylesheet_from_its_folder(
    client: TestClient, settings: Settings
) -> None:
    """Every page links each game's own ``web/style.css`` after the shared table.css and before
    coach.css (the order the rules refine each other in), served from the game's folder; a game
    without one (Kindling) is linked to nothing, and the glossary each game's words explain
    comes with the games list."""
    if not (settings.static_dir / "index.html").is_file():
        pytest.skip("the browser table is not installed")
    page = client.get("/watch/abc").text
    links = [line.strip() for line in page.splitlines() if 'rel="stylesheet"' in line]
    assert links == [
        '<link rel="stylesheet" href="/static/css/table.css">',
        '<link rel="stylesheet" href="/static/games/monolyth/style.css">',
        '<link rel="stylesheet" href="/static/games/the-monolith/style.css">',
        '<link rel="stylesheet" href="/static/css/coach.css">',
    ]
    assert "<!--" not in page
    for name, package in (("monolyth", "monolyth"), ("the-monolith", "the_monolith")):
        served = client.get(f"/static/games/{name}/style.css")
        assert served.status_code == 200 and "text/css" in served.headers["content-type"]
        assert served.content == (SOURCE / "games" / package / "web" / "style.css").read_bytes()
    assert client.get("/static/games/kindling/style.css").status_code == 404
    glossary = {game["name"]: game["glossary"] for game in client.get("/api/games").json()}
    assert "crystal" in glossary["monolyth"] and "favor" in glossary["the-monolith"]
    assert glossary["kindling"] == []


def test_spectators_get_no_legal_actions_and_bad_tokens_no_view(table: Table) -> None:
    match_id = table.create(seats=("human", "bot"))
    table.join(match_id, 0)
    state = table.state(match_id)
    assert state["seat"] is None and state["legal_actions"] == []
    response = table.client.get(f"/api/matches/{match_id}/state", headers=auth("forged"))
    assert error_of(response)[:2] == (401, "bad_token")


def test_a_match_of_bots_plays_itself_to_the_end(table: Table) -> None:
    match_id = table.create(seats=("bot", "bot", "bot"))
    assert table.state(match_id)["status"] in {"running", "finished"}
    final = table.wait(match_id, None, lambda s: s["status"] == "finished", timeout=60)
    assert final["result"] is not None and len(final["result"]["scores"]) == 3
    assert all(entry["by_bot"] for entry in final["log"])
    assert final["version"] == len(final["log"])


def test_an_action_the_database_refuses_is_not_applied(settings: Settings) -> None:
    """Commit before acknowledging: if the write fails, the client hears so and nothing moved."""
    with TestClient(create_app(settings), raise_server_exceptions=False) as client:
        table = Table(client)
        match_id = table.create(seats=("human", "human"))
        tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
        mover = table.state(match_id)["to_move"]
        before = table.state(match_id, tokens[mover])
        repo = master_of(client).repo

        def broken_disk(*_args: object, **_kwargs: object) -> None:
            raise OSError("disk full")

        working = repo.append_actions
        repo.append_actions = broken_disk  # type: ignore[method-assign]
        body = {"version": before["version"], "action_id": before["legal_actions"][0]["id"]}
        status, code, _ = error_of(table.act(match_id, tokens[mover], body))
        assert (status, code) == (500, "internal")
        assert table.state(match_id, tokens[mover]) == before
        repo.append_actions = working  # type: ignore[method-assign]
        assert table.act(match_id, tokens[mover], body).json() == {"version": 1}


def test_pushed_states_carry_the_current_clock(table: Table) -> None:
    match_id = table.create(seats=("human", "human"), turn_clock_seconds=60)
    tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
    client: TestClient = table.client  # type: ignore[assignment]
    with client.websocket_connect(f"/ws/matches/{match_id}") as socket:
        first = socket.receive_json()
        assert first["clock"]["seat"] == first["to_move"]
        mover = first["to_move"]
        table.play_first_legal(match_id, tokens[mover], table.state(match_id, tokens[mover]))
        pushed = socket.receive_json()
        while pushed["version"] < 1:
            pushed = socket.receive_json()
    assert pushed["clock"]["seat"] == pushed["to_move"] != mover
    assert pushed["clock"]["deadline"] > first["clock"]["deadline"]


def test_old_finished_matches_leave_memory_and_come_back(tmp_path: Path) -> None:
    settings = Settings(database_url=f"sqlite:///{tmp_path / 'few.sqlite3'}", finished_in_memory=1)
    with TestClient(create_app(settings)) as client:
        table = Table(client)
        ids = [table.create(seats=("bot",)) for _ in range(3)]
        finals = [table.wait(i, None, lambda s: s["status"] == "finished") for i in ids]
        table.create(seats=("human",))  # a new match makes room
        cached = master_of(client).matches
        assert sum(1 for m in cached.values() if m.status == "finished") <= 1
        for match_id, final in zip(ids, finals, strict=True):
            assert table.state(match_id) == final


def test_leaving_an_open_match_lets_it_start(table: Table) -> None:
    """A seat handed to a bot before everyone joined counts as taken: the match can begin."""
    match_id = table.create(seats=("human", "human"))
    ada = table.join(match_id, 0, "Ada")
    assert table.state(match_id)["status"] == "open"
    table.client.post(f"/api/matches/{match_id}/leave", headers=auth(ada))
    assert table.state(match_id)["status"] == "open"  # seat 1 is still free
    table.join(match_id, 1, "Bo")
    state = table.state(match_id)
    assert state["status"] == "running"
    assert [s["controller"] for s in state["seats"]] == ["bot", "human"]


class ThinkingBot:
    """A bot that thinks until the test lets it answer, like a search holding its thread."""

    name = "thinking"
    thinking = threading.Event()
    release = threading.Event()
    done = threading.Event()

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, game: Any, view: Any, seat: int) -> Any:
        ThinkingBot.thinking.set()
        released = ThinkingBot.release.wait(30)
        ThinkingBot.done.set()
        assert released, "the test never let the bot answer"
        return next(iter(game.legal_actions(game.determinize(view, self.seed))))


def test_a_thinking_bot_does_not_block_the_server(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Other requests are answered while the bot still thinks: nothing waited for it."""
    from monolith.bots import BOTS

    monkeypatch.setitem(BOTS, "thinking", ThinkingBot)
    for event in (ThinkingBot.thinking, ThinkingBot.release, ThinkingBot.done):
        event.clear()
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'thinking.sqlite3'}",
        rate_limits=False,
        compute="threads",  # the bot lives in this process, on a thread of the server's
    )
    try:
        with TestClient(create_app(settings)) as client:
            table = Table(client)
            response = client.post(
                "/api/matches",
                json={
                    "game": "monolyth",
                    "players": 1,
                    "seats": [{"kind": "bot", "bot": "thinking"}],
                },
            )
            match_id = response.json()["match_id"]
            assert ThinkingBot.thinking.wait(10), "the bot never started thinking"
            assert client.get("/api/games").status_code == 200
            assert table.state(match_id)["version"] == 0
            assert not ThinkingBot.done.is_set(), "the answers waited for the bot"
            ThinkingBot.release.set()
            moved = table.wait(match_id, None, lambda s: s["version"] >= 1, timeout=10)
            assert moved["log"][0]["by_bot"]
    finally:
        ThinkingBot.release.set()


class BrokenBot:
    """A bot with a bug: it always answers with something that is not a legal action."""

    name = "broken"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, game: Any, view: Any, seat: int) -> Any:
        return "not an action"


def test_a_broken_bot_falls_back_so_the_table_goes_on(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    from monolith.bots import BOTS

    monkeypatch.setitem(BOTS, "broken", BrokenBot)
    response = table.client.post(
        "/api/matches",
        json={"game": "monolyth", "players": 1, "seats": [{"kind": "bot", "bot": "broken"}]},
    )
    match_id = response.json()["match_id"]
    final = table.wait(match_id, None, lambda s: s["status"] == "finished", timeout=30)
    assert final["result"] is not None and final["log"]


def test_bots_are_offered_by_family_and_level(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    from monolith.bots import BOTS, RandomBot

    monkeypatch.setitem(BOTS, "dice", RandomBot)
    monkeypatch.setitem(BOTS, "dice-loaded", RandomBot)
    offered = {bot["name"]: bot["levels"] for bot in table.client.get("/api/bots").json()}
    assert offered["dice"] == ["default", "loaded"] and "dice-loaded" not in offered
    assert offered["greedy"] == ["default"]
    seats = [{"kind": "bot", "bot": "dice", "level": "loaded"}, {"kind": "bot", "bot": "dice"}]
    created = table.client.post(
        "/api/matches", json={"game": "monolyth", "players": 2, "seats": seats}
    ).json()
    assert [(s["bot"], s["level"]) for s in created["seats"]] == [
        ("dice", "loaded"),
        ("dice", "default"),
    ]
    refused = table.client.post(
        "/api/matches",
        json={
            "game": "monolyth",
            "players": 1,
            "seats": [{"kind": "bot", "bot": "dice", "level": "x"}],
        },
    )
    status, code, message = error_of(refused)
    assert (status, code) == (422, "bad_options") and "default, loaded" in message


def refs(lines: list[dict[str, Any]], kind: str) -> list[Any]:
    """The ids of every argument of ``kind`` the messages name."""
    return [
        value["id"]
        for line in lines
        for value in line["args"].values()
        if isinstance(value, dict) and value.get("kind") == kind
    ]


def test_other_seats_read_the_public_lines_of_an_action(table: Table) -> None:
    match_id = table.create("the-monolith", seats=("human", "bot", "bot", "bot"))
    token = table.join(match_id, 0)
    state = table.state(match_id, token)
    while state["version"] < 12:
        state = table.my_turn_or_over(match_id, token, 0)
        table.play_first_legal(match_id, token, state)
        state = table.state(match_id, token)
    mine = table.state(match_id, token)
    watched = table.state(match_id)
    assert [e["index"] for e in mine["log"]] == [e["index"] for e in watched["log"]]
    assert not refs(watched["intro"], "objective"), "a spectator read an objective drawn"
    for own, public in zip(mine["log"], watched["log"], strict=True):
        assert public["lines"] and not refs(public["lines"], "objective")
        if not refs(own["lines"], "objective"):
            assert own["lines"] == public["lines"]
    kept = [
        e for e in mine["log"] if e["seat"] == 0 and e["lines"][0]["id"] == "tm-log-keep-objective"
    ]
    assert kept and refs(kept[0]["lines"], "objective")  # I read my own choice
    drawn = refs(mine["intro"], "objective")
    assert len(drawn) == 2  # and the two objectives I drew at setup


def test_each_game_offers_its_printed_catalog(client: TestClient) -> None:
    mono = client.get("/api/games/monolyth/catalog").json()
    assert mono["shapes"]["L4"] == [[0, 0, 0], [0, 1, 0], [1, 0, 0], [2, 0, 0]]
    assert mono["shapes"]["SINGLE"] == [[0, 0, 0]]
    assert len(mono["structure_cards"]) == 10
    cards = client.get("/api/games/the-monolith/catalog").json()
    assert [len(cards[k]) for k in ("shamans", "divinations", "events", "objectives")] == [
        6,
        24,
        12,
        20,
    ]
    assert all(card["name"] and card["text"] for card in cards["divinations"])
    missing = client.get("/api/games/chess/catalog")
    assert missing.status_code == 404
    assert missing.json()["error"]["code"] == "unknown_game"
