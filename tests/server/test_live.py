"""A real ``monolith serve`` on 127.0.0.1: push over WebSockets, racing requests, and SIGKILL."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from monolith.server.storage import Repository, make_engine
from tests.server.conftest import Server, Table, auth, error_of, receive, socket_url


def receive_version(connection: ClientConnection, version: int) -> dict[str, Any]:
    """The first pushed state at ``version`` or later (pushes coalesce, so some may be skipped);
    presence messages on the way are passed over."""
    while True:
        message = receive(connection)
        if message["type"] == "presence":
            continue
        assert message["type"] == "state"
        if message["version"] >= version:
            return message


def test_every_client_gets_its_own_fresh_state_pushed(server: Server) -> None:
    with server.client() as client:
        table = Table(client)
        match_id = table.create(seats=("human", "human"))
        tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
        mover = table.state(match_id)["to_move"]
        with connect(socket_url(server, match_id, tokens[0])) as ada:
            alone = receive(ada)
            assert [s["connected"] for s in alone["seats"]] == [True, False]
            with (
                connect(socket_url(server, match_id, tokens[1])) as bo,
                connect(socket_url(server, match_id)) as spectator,
            ):
                firsts = [alone, receive(bo), receive(spectator)]
                assert [f["type"] for f in firsts] == ["state"] * 3
                assert [f["version"] for f in firsts] == [0, 0, 0]
                assert [f["log_from"] for f in firsts] == [0, 0, 0]
                # Bo sitting down reaches Ada as a presence change, not as a whole state.
                both = [{"seat": 0, "connected": True}, {"seat": 1, "connected": True}]
                assert receive(ada) == {"type": "presence", "seats": both}
                first = firsts[mover]
                assert first["seat"] == mover and first["legal_actions"]
                version = table.play_first_legal(match_id, tokens[mover], first)
                pushed = [receive_version(s, version) for s in (ada, bo, spectator)]
                assert [p["seat"] for p in pushed] == [0, 1, None]
                # Only the new log entry travels: each client holds the rest already.
                assert all(p["version"] == 1 and p["log_from"] == 0 for p in pushed)
                assert all(len(p["log"]) == 1 for p in pushed)
                next_seat = pushed[0]["to_move"]
                assert pushed[next_seat]["legal_actions"]
                assert pushed[1 - next_seat]["legal_actions"] == []
                assert pushed[2]["legal_actions"] == []
                assert pushed[2]["seats"][0]["connected"] and pushed[2]["seats"][1]["connected"]
                assert pushed[0]["view"] == table.state(match_id, tokens[0])["view"]
                # After the next move, the log entry before it is not sent again.
                version = table.play_first_legal(match_id, tokens[next_seat], pushed[next_seat])
                again = [receive_version(s, version) for s in (ada, bo, spectator)]
                assert all(p["log_from"] == 1 and len(p["log"]) == 1 for p in again)
                full = table.state(match_id, tokens[0])["log"]
                assert pushed[0]["log"] + again[0]["log"] == full


def test_a_socket_with_a_wrong_token_or_match_is_refused(server: Server) -> None:
    with server.client() as client:
        match_id = Table(client).create(seats=("human", "bot"))
    for url, code in (
        (socket_url(server, match_id, "forged"), 4401),
        (socket_url(server, "nosuchmatch"), 4404),
    ):
        with connect(url) as refused:
            message = receive(refused)
            assert message["type"] == "error" and message["error"]["message"]
            with pytest.raises(ConnectionClosed) as closed:
                refused.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == code


def test_two_racing_actions_on_one_version_apply_once(server: Server) -> None:
    with server.client() as client:
        table = Table(client)
        match_id = table.create(seats=("human", "human"))
        tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
        mover = table.state(match_id)["to_move"]
        state = table.state(match_id, tokens[mover])
        bodies = [{"version": 0, "action": state["legal_actions"][i]["action"]} for i in (0, -1)]
    results: list[httpx.Response] = []
    barrier = threading.Barrier(len(bodies))

    def post(body: dict[str, Any]) -> None:
        with server.client() as own:
            barrier.wait()
            results.append(
                own.post(Table.actions(match_id), json=body, headers=auth(tokens[mover]))
            )

    threads = [threading.Thread(target=post, args=(body,)) for body in bodies]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    codes = sorted(r.status_code for r in results)
    assert codes == [200, 409], [r.text for r in results]
    loser = next(r for r in results if r.status_code == 409)
    assert error_of(loser)[1] == "stale_version"
    with server.client() as client:
        after = Table(client).state(match_id)
    assert after["version"] == 1 and len(after["log"]) == 1


def test_a_chunked_oversized_body_is_refused(server: Server) -> None:
    with server.client() as client:
        table = Table(client)
        match_id = table.create(seats=("human", "human"))
        token = table.join(match_id, 0)
        table.join(match_id, 1, "Bo")
        before = table.state(match_id, token)

        def chunks() -> Iterator[bytes]:
            yield b'{"version": 0, "action": {"pad": "'
            for _ in range(20):
                yield b"x" * 8192
            yield b'"}}'

        response = client.post(
            Table.actions(match_id),
            content=chunks(),
            headers={**auth(token), "Content-Type": "application/json"},
        )
        assert error_of(response)[:2] == (413, "too_large")
        after = table.state(match_id, token)
        assert (after["version"], after["log"]) == (before["version"], before["log"])


def test_sigkill_loses_no_acknowledged_action(tmp_path: Path) -> None:
    """Kill -9 just after an acknowledgement, a bot maybe mid-move: nothing acknowledged is lost."""
    database = f"sqlite:///{tmp_path / 'kill.sqlite3'}"
    first = Server(database, tmp_path / "first.log").start()
    try:
        with first.client() as client:
            table = Table(client)
            match_id = table.create(seats=("human", "bot"))
            token = table.join(match_id, 0)
            for _ in range(6):
                seen = table.my_turn_or_over(match_id, token, 0)
                assert seen["status"] == "running"
                choice = seen["legal_actions"][0]
                body = {"version": seen["version"], "action": choice["action"]}
                response = table.act(match_id, token, body)
                assert response.status_code == 200, response.text
                acknowledged = response.json()["version"]
    finally:
        first.kill()  # no waiting for the bot's answer: it may or may not have been written
    second = Server(database, tmp_path / "second.log").start()
    try:
        with second.client() as client:
            table = Table(client)
            after = table.state(match_id, token)
            assert after["version"] >= acknowledged
            assert after["log"][: len(seen["log"])] == seen["log"]
            mine = after["log"][len(seen["log"])]
            assert (mine["seat"], mine["by_bot"]) == (0, False)
            actor = {"kind": "player", "id": 0}
            assert mine["lines"][0]["args"] == {"actor": actor, **choice["label"]["args"]}
            resumed = table.my_turn_or_over(match_id, token, 0)
            assert resumed["log"][: len(after["log"])] == after["log"]
            while (state := table.my_turn_or_over(match_id, token, 0))["status"] != "finished":
                table.play_first_legal(match_id, token, state)
            assert state["result"] is not None
    finally:
        second.stop()
    third = Server(database, tmp_path / "third.log").start()
    try:
        with third.client() as client:
            final = Table(client).state(match_id, token)
        assert (final["version"], final["log"], final["view"]) == (
            state["version"],
            state["log"],
            state["view"],
        )
    finally:
        third.stop()


def test_a_reconnecting_client_gets_the_fresh_state(server: Server) -> None:
    with server.client() as client:
        table = Table(client)
        match_id = table.create(seats=("human", "human"))
        tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
        with connect(socket_url(server, match_id, tokens[0])) as ada:
            assert receive(ada)["version"] == 0
        # the server hears of the close in its own time: wait for it rather than assume it
        table.wait(match_id, None, lambda state: not state["seats"][0]["connected"])
        mover = table.state(match_id)["to_move"]
        version = table.play_first_legal(
            match_id, tokens[mover], table.state(match_id, tokens[mover])
        )
        with connect(socket_url(server, match_id, tokens[0])) as ada:
            fresh = receive(ada)
        assert fresh["version"] == version and fresh["seat"] == 0
        assert fresh["log"] == table.state(match_id, tokens[0])["log"]


def test_seat_tokens_stay_out_of_the_server_log(server: Server) -> None:
    with server.client() as client:
        table = Table(client)
        match_id = table.create(seats=("human", "bot"))
        token = table.join(match_id, 0)
    with connect(socket_url(server, match_id, token)) as socket:
        assert receive(socket)["seat"] == 0
    logged = server.log_path.read_text()
    assert f"/ws/matches/{match_id}?token=***" in logged
    assert token not in logged


def test_racing_players_never_lose_or_double_an_action(server: Server) -> None:
    """Four clients (two per seat) race to act until the end: each 200 is exactly one log entry."""
    with server.client() as client:
        table = Table(client)
        match_id = table.create(seats=("human", "human"))
        tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]
    acknowledged: list[int] = []
    refusals: list[str] = []
    lock = threading.Lock()

    def player(seat: int) -> None:
        with server.client() as own:
            mine = Table(own)
            while True:
                state = mine.state(match_id, tokens[seat])
                if state["status"] == "finished":
                    return
                if not state["legal_actions"]:
                    time.sleep(0.005)
                    continue
                body = {"version": state["version"], "action_id": state["legal_actions"][0]["id"]}
                response = mine.act(match_id, tokens[seat], body)
                with lock:
                    if response.status_code == 200:
                        acknowledged.append(response.json()["version"])
                    else:
                        refusals.append(error_of(response)[1])

    threads = [threading.Thread(target=player, args=(seat,)) for seat in (0, 1, 0, 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    with server.client() as client:
        final = Table(client).state(match_id)
    assert final["status"] == "finished"
    assert sorted(acknowledged) == list(range(1, len(final["log"]) + 1))
    assert set(refusals) <= {"stale_version", "not_your_seat", "finished"}


def test_sigkill_amid_many_matches_loses_no_acknowledged_action(tmp_path: Path) -> None:
    """Group commit: twelve matches act at once (their actions share commits), the server is
    killed with requests in flight, and every action it acknowledged is in the log afterwards."""
    database = f"sqlite:///{tmp_path / 'many.sqlite3'}"
    first = Server(database, tmp_path / "first.log").start()
    acknowledged: list[tuple[str, int, int, dict[str, Any]]] = []  # match, version, seat, action
    lock = threading.Lock()
    enough = threading.Event()
    try:
        with first.client() as client:
            table = Table(client)
            matches = []
            for _ in range(12):
                match_id = table.create(seats=("human", "human"))
                matches.append((match_id, [table.join(match_id, 0), table.join(match_id, 1, "Bo")]))

        def play(match_id: str, tokens: list[str]) -> None:
            with first.client() as own:
                mine = Table(own)
                try:
                    while True:
                        state = mine.state(match_id)
                        if state["status"] == "finished":
                            return
                        seat = state["to_move"]
                        seen = mine.state(match_id, tokens[seat])
                        action = seen["legal_actions"][0]["action"]
                        body = {"version": seen["version"], "action": action}
                        response = mine.act(match_id, tokens[seat], body)
                        assert response.status_code == 200, response.text
                        with lock:
                            acknowledged.append(
                                (match_id, response.json()["version"], seat, action)
                            )
                            if len(acknowledged) >= 150:
                                enough.set()
                except (httpx.TransportError, AssertionError):
                    return  # the server was killed under this player

        players = [threading.Thread(target=play, args=match) for match in matches]
        for player in players:
            player.start()
        assert enough.wait(120), f"only {len(acknowledged)} actions in two minutes"
    finally:
        first.kill()  # with the players still sending
    for player in players:
        player.join(timeout=30)
    with lock:
        promised = list(acknowledged)
    engine = make_engine(database)
    try:
        repository = Repository(engine)
        stored = {match_id: repository.load(match_id) for match_id, _ in matches}
    finally:
        engine.dispose()
    for match_id, version, seat, action in promised:
        kept = stored[match_id]
        assert kept is not None and kept.match.version >= version
        row = kept.actions[version - 1]  # no undos here: version v is action v - 1
        assert (row.index, row.seat, row.action) == (version - 1, seat, action)
    assert len({match_id for match_id, *_ in promised}) == len(matches)
    second = Server(database, tmp_path / "second.log").start()
    try:
        with second.client() as client:
            for match_id, _ in matches:
                resumed = Table(client).state(match_id)
                assert len(resumed["log"]) == stored[match_id].match.version  # type: ignore[union-attr]
    finally:
        second.stop()


def test_five_hundred_sockets_join_one_match_and_one_move_reaches_all(server: Server) -> None:
    """500 sockets connect to one match, each gets its state, and one move then reaches every one
    of them, as the same bytes. How long it takes (issue 9: under 5 s in all) is measured by
    ``monolith bench-crowd`` beside a bare websockets server, not here."""
    with server.client() as client:
        table = Table(client)
        match_id = table.create(seats=("human", "human"))
        tokens = [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]

    async def crowd() -> list[dict[str, Any]]:
        from websockets.asyncio.client import connect as connect_async

        url = socket_url(server, match_id)

        async def first_state(connection: Any) -> dict[str, Any]:
            state: dict[str, Any] = json.loads(await connection.recv())
            return state

        sockets = await asyncio.gather(*(connect_async(url) for _ in range(500)))
        try:
            firsts = await asyncio.gather(*(first_state(s) for s in sockets))
            assert all(f["type"] == "state" and f["version"] == 0 for f in firsts)
            mover = firsts[0]["to_move"]

            def move() -> int:
                with server.client() as own:
                    mine = Table(own)
                    return mine.play_first_legal(
                        match_id, tokens[mover], mine.state(match_id, tokens[mover])
                    )

            version = await asyncio.to_thread(move)
            pushed = await asyncio.wait_for(
                asyncio.gather(*(first_state(s) for s in sockets)), timeout=60
            )
            assert all(p["type"] == "state" and p["version"] == version for p in pushed)
            return pushed
        finally:
            await asyncio.gather(*(s.close() for s in sockets), return_exceptions=True)

    pushed = asyncio.run(crowd())
    assert len(pushed) == 500
    # Spectators share one message: the same bytes reached all of them.
    assert len({json.dumps(p, sort_keys=True) for p in pushed}) == 1
