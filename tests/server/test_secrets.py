"""Every message a player receives over a whole game carries none of another player's secrets.

A real server plays the game: seat 0 is a human (this test, choosing at random over HTTP) and the
other seats are bots. Every WebSocket message seat 0 receives is recorded; afterwards the match is
replayed from the database to know, for each message, the full state it was built from and so what
was secret at that moment: the seed and random source always, and in The Monolith the other players'
held objectives and the order of every deck.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from monolith.core import AnyGame
from monolith.games import get_game
from monolith.games.the_monolith import TheMonolith
from monolith.server.storage import Repository, make_engine
from tests.server.conftest import Server, Table, receive, socket_url


def play_and_record(server: Server, game: str, players: int) -> tuple[str, list[dict[str, Any]]]:
    """Seat 0 plays at random to the end; returns every message it was pushed."""
    chooser = random.Random(5)
    messages: list[dict[str, Any]] = []
    with server.client() as client:
        table = Table(client)
        match_id = table.create(game, seats=("human",) + ("bot",) * (players - 1))
        token = table.join(match_id, 0)
        acted_on = -1
        with connect(socket_url(server, match_id, token)) as socket:
            while True:
                message = receive(socket)
                messages.append(message)
                assert message["type"] == "state"
                if message["status"] == "finished":
                    break
                if message["to_move"] != 0 or message["version"] <= acted_on:
                    assert message["legal_actions"] == [] or message["to_move"] == 0
                    continue
                acted_on = message["version"]
                choice = chooser.choice(message["legal_actions"])
                body = {"version": message["version"], "action_id": choice["id"]}
                response = table.act(match_id, token, body)
                assert response.status_code == 200, response.text
    return match_id, messages


def states_by_version(database_url: str, match_id: str) -> tuple[AnyGame, int, list[Any]]:
    """Replay the stored match: the full state after each version (no undos in these games)."""
    engine = make_engine(database_url)
    try:
        stored = Repository(engine).load(match_id)
    finally:
        engine.dispose()
    assert stored is not None
    match = stored.match
    game = get_game(match.game)
    state = game.new_game(players=match.players, seed=match.seed, options=match.options)
    states = [state]
    for row in stored.actions:
        state = game.apply(state, game.action_from_json(row.action))
        states.append(state)
    return game, match.seed, states


def as_sent(view: Any) -> Any:
    """A view as it looks after the trip through JSON (tuples become lists)."""
    return json.loads(json.dumps(view))


def walk(value: Any) -> Iterator[Any]:
    yield value
    if isinstance(value, dict):
        for item in value.values():
            yield from walk(item)
    elif isinstance(value, list):
        for item in value:
            yield from walk(item)


def keys_of(value: Any) -> set[str]:
    return {key for node in walk(value) if isinstance(node, dict) for key in node}


def assert_no_generic_secrets(message: dict[str, Any], seed: int) -> None:
    text = json.dumps(message)
    assert str(seed) not in text, "the seed left the server"
    leaked = keys_of(message) & {"rng", "seed", "box_order", "deck", "div_deck", "obj_deck"}
    assert not leaked, f"secret fields in a message: {leaked}"


def assert_no_monolith_secrets(game: Any, state: Any, message: dict[str, Any]) -> None:
    """No other player's held objective and no deck order, in any form."""
    objectives = game.content.objectives
    text = json.dumps(message)
    # A card shown to everyone (revealed, or shown at the end) may come round again once the
    # deck is reshuffled from its discards: its name in the log is then no leak of the new hand.
    shown = {entry.value for entry in state.log if entry.kind in ("reveal", "final")}
    for other in range(state.players):
        if other == 0:
            continue
        for card in state.objs[other]:
            if card in shown:
                continue
            objective = objectives[card]
            assert objective.key not in text, f"seat {other}'s objective {objective.key} leaked"
            assert objective.text not in text, f"seat {other}'s objective text leaked"
    decks = {
        "divination": list(state.div_deck),
        "event": list(state.event_deck),
        "objective": list(state.obj_deck),
    }
    lists = [node for node in walk(message) if isinstance(node, list) and len(node) >= 4]
    for name, deck in decks.items():
        if len(deck) < 4:
            continue
        for found in lists:
            length = len(found)
            assert not (length >= 5 and found == deck[:length]), f"{name} deck order leaked"
            assert found != deck, f"{name} deck order leaked"


@pytest.fixture(scope="module")
def database(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Path]:
    folder = tmp_path_factory.mktemp("secrets")
    return f"sqlite:///{folder / 'secrets.sqlite3'}", folder


@pytest.fixture(scope="module")
def secrets_server(database: tuple[str, Path]) -> Iterator[Server]:
    url, folder = database
    running = Server(url, folder / "server.log").start()
    yield running
    running.stop()


def test_monolyth_messages_hold_no_seed_or_random_source(
    secrets_server: Server, database: tuple[str, Path]
) -> None:
    match_id, messages = play_and_record(secrets_server, "monolyth", 2)
    game, seed, states = states_by_version(database[0], match_id)
    assert messages[-1]["status"] == "finished" and len(messages) > 10
    for message in messages:
        assert_no_generic_secrets(message, seed)
        assert message["view"] == as_sent(game.view(states[message["version"]], 0))


def test_the_monolith_messages_hold_no_other_players_secrets(
    secrets_server: Server, database: tuple[str, Path]
) -> None:
    match_id, messages = play_and_record(secrets_server, "the-monolith", 4)
    game, seed, states = states_by_version(database[0], match_id)
    assert messages[-1]["status"] == "finished" and len(messages) > 20
    checked_objectives = 0
    for message in messages:
        state = states[message["version"]]
        assert_no_generic_secrets(message, seed)
        assert_no_monolith_secrets(game, state, message)
        assert message["view"] == as_sent(game.view(state, 0))
        checked_objectives += sum(len(state.objs[other]) for other in range(1, 4))
    assert checked_objectives > 0, "no other player ever held an objective: nothing was checked"
    with httpx.Client(base_url=secrets_server.url) as spectator:
        replay = spectator.get(f"/api/matches/{match_id}/replay").json()
    assert_no_generic_secrets(replay, seed)
    for step in replay["steps"]:
        assert step["view"] == as_sent(game.view(states[step["index"] + 1], None))


def test_the_monolith_shows_every_objective_held_once_the_game_is_over(
    secrets_server: Server, database: tuple[str, Path]
) -> None:
    """The server deals from a seed of its own, and in some games nobody holds an objective at
    the end (seat 0 plays at random): up to four games are played until one shows something,
    each game's messages checked to hide the objectives until the end."""
    game = get_game("the-monolith")
    assert isinstance(game, TheMonolith)
    objectives = game.content.objectives
    for _ in range(4):
        match_id, messages = play_and_record(secrets_server, "the-monolith", 3)
        _, _, states = states_by_version(database[0], match_id)
        for message in messages[:-1]:
            assert all(seat["objectives_at_end"] is None for seat in message["view"]["seats"])
        shown = [
            [
                {"key": objectives[entry.value].key, "favor": 1}
                for entry in states[-1].log
                if entry.kind == "final" and entry.player == seat
            ]
            for seat in range(3)
        ]
        if any(shown):
            break
    assert any(shown), "nobody held an objective at the end of four games: nothing was checked"
    with httpx.Client(base_url=secrets_server.url) as spectator:
        watched = spectator.get(f"/api/matches/{match_id}/state").json()
        replay = spectator.get(f"/api/matches/{match_id}/replay").json()
    for view in (messages[-1]["view"], watched["view"], replay["steps"][-1]["view"]):
        assert [seat["objectives_at_end"] for seat in view["seats"]] == shown
