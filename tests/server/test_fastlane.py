"""The fast lane for the requests of every move answers as the FastAPI routes do, and leaves every
request it does not read plainly to them."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from monolith.server.app import create_app
from monolith.server.settings import Settings
from monolith.server.transports import fastlane
from tests.server.conftest import Table, auth
from tests.server.test_abuse import limited_settings

FULL_WAY = "application/vnd.monolith+json"
"""A content type FastAPI reads as JSON and the fast lane leaves to it: the same request, the
full way."""


@pytest.fixture
def lanes(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How many requests the fast lane answered itself."""
    answered = {"state": 0, "act": 0}
    state, acted = fastlane.FastLane._state, fastlane.FastLane._acted

    async def counted_state(self: fastlane.FastLane, *args: Any) -> bytes:
        answered["state"] += 1
        return await state(self, *args)

    async def counted_act(self: fastlane.FastLane, *args: Any) -> bytes:
        answered["act"] += 1
        return await acted(self, *args)

    monkeypatch.setattr(fastlane.FastLane, "_state", counted_state)
    monkeypatch.setattr(fastlane.FastLane, "_acted", counted_act)
    return answered


def answer(response: httpx.Response) -> tuple[int, str, bytes, str | None]:
    return (
        response.status_code,
        response.headers["content-type"],
        response.content,
        response.headers.get("retry-after"),
    )


def post(table: Table, match_id: str, token: str | None, body: bytes, full: bool) -> Any:
    headers = {**auth(token), "Content-Type": FULL_WAY if full else "application/json"}
    return table.client.post(table.actions(match_id), content=body, headers=headers)


def two_humans(table: Table) -> tuple[str, list[str]]:
    """A new match of two people, both joined: its id and their tokens, seat by seat."""
    match_id = table.create(seats=("human", "human"))
    return match_id, [table.join(match_id, 0, "Ada"), table.join(match_id, 1, "Bo")]


def first_decision(table: Table) -> tuple[str, str, str, dict[str, Any]]:
    """:func:`two_humans` at its first decision: the match, the token to move, the other token,
    and the state as the seat to move sees it."""
    match_id, tokens = two_humans(table)
    to_move = table.state(match_id, tokens[0])["to_move"]
    mover, other = tokens[to_move], tokens[1 - to_move]
    return match_id, mover, other, table.state(match_id, mover)


LEGAL_FORMS = [
    (None, None),
    ("inline", None),
    ("indexed", None),
    (None, "ids"),
    ("indexed", "ids"),
    (None, "full"),
]
"""``labels`` and ``legal`` as a state's query may give them (``None``: not given)."""


def test_states_are_the_same_either_way(table: Table, lanes: dict[str, int]) -> None:
    match_id, tokens = two_humans(table)
    get = table.client.get
    url = f"/api/matches/{match_id}/state"
    for _ in range(6):
        state = table.state(match_id, tokens[0])
        mover = tokens[state["to_move"]]
        for token in (*tokens, None):
            for since in (None, 0, max(state["version"] - 1, 0)):
                for labels, legal in LEGAL_FORMS:
                    query = {"since": since, "labels": labels, "legal": legal}
                    query = {key: value for key, value in query.items() if value is not None}
                    fast = get(url, params=query, headers=auth(token))
                    # an extra parameter (ignored by the route) sends it the full way
                    full = get(url, params={**query, "full": 1}, headers=auth(token))
                    assert answer(fast) == answer(full)
                    assert fast.status_code == 200
        table.play_first_legal(match_id, mover, table.state(match_id, mover))
    assert lanes["state"] >= 6 * 3 * 3 * len(LEGAL_FORMS)
    for odd in ("since=-1", "since=x", "since=", "labels=some", "legal=names", "legal="):
        refused = get(f"{url}?{odd}", headers=auth(tokens[0]))
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "malformed"
    assert get("/api/matches/nosuch/state").json()["error"]["code"] == "unknown_match"
    assert answer(get(url, headers=auth("wrong"))) == answer(
        get(url, params={"full": 1}, headers=auth("wrong"))
    )


def test_indexed_labels_are_each_label_once(table: Table) -> None:
    match_id, tokens = two_humans(table)
    mover = tokens[table.state(match_id, tokens[0])["to_move"]]
    inline = table.state(match_id, mover)
    url = f"/api/matches/{match_id}/state"
    indexed = table.client.get(url, params={"labels": "indexed"}, headers=auth(mover)).json()
    labels = indexed.pop("labels")
    assert "labels" not in inline and len(labels) < len(inline["legal_actions"]) / 3
    actions = [{**a, "label": labels[a["label"]]} for a in indexed["legal_actions"]]
    assert {**indexed, "legal_actions": actions} == inline
    other = tokens[1 - tokens.index(mover)]
    watching = table.client.get(url, params={"labels": "indexed"}, headers=auth(other)).json()
    assert watching["legal_actions"] == [] and watching["labels"] == []


def test_legal_ids_are_the_ids_of_the_full_form_and_can_be_played(table: Table) -> None:
    match_id, tokens = two_humans(table)
    url = f"/api/matches/{match_id}/state"
    for _ in range(4):
        mover = tokens[table.state(match_id, tokens[0])["to_move"]]
        full = table.state(match_id, mover)
        lean = table.client.get(url, params={"legal": "ids"}, headers=auth(mover))
        bare = lean.json()
        assert len(lean.content) < len(table.client.get(url, headers=auth(mover)).content) / 2
        assert bare["legal_actions"] == [action["id"] for action in full["legal_actions"]]
        assert "labels" not in bare
        assert {**bare, "legal_actions": full["legal_actions"]} == full
        other = tokens[1 - tokens.index(mover)]
        watching = table.client.get(url, params={"legal": "ids"}, headers=auth(other)).json()
        assert watching["legal_actions"] == []
        # an id of the list is what the actions route takes
        chosen = bare["legal_actions"][-1]
        body = {"version": bare["version"], "action_id": chosen}
        played = table.client.post(table.actions(match_id), json=body, headers=auth(mover))
        assert played.status_code == 200, played.text
        assert table.state(match_id, mover)["version"] == bare["version"] + 1


def refusals(
    mover: str, other: str, version: int, action_id: int
) -> list[tuple[str | None, bytes]]:
    """A token and a body the actions route refuses, each for its own reason, while ``mover``
    is to move on ``version`` and ``action_id`` is legal: the wrong version, the other seat, no
    token, a wrong token, no action, an id out of range, an action of no kind, an illegal one."""
    return [
        (mover, b'{"version": %d, "action_id": %d}' % (version + 3, action_id)),
        (other, b'{"version": %d, "action_id": %d}' % (version, action_id)),
        (None, b'{"version": %d, "action_id": %d}' % (version, action_id)),
        ("wrong", b'{"version": %d, "action_id": %d}' % (version, action_id)),
        (mover, b'{"version": %d}' % version),
        (mover, b'{"version": %d, "action_id": -3}' % version),
        (mover, b'{"version": %d, "action": {"type": "dance"}}' % version),
        (mover, b'{"version": %d, "action": {"type": "pass"}}' % version),
    ]


def test_moves_and_refusals_are_the_same_either_way(table: Table, lanes: dict[str, int]) -> None:
    """Each refusal is made twice, once by each lane; a refusal changes nothing, so the second
    meets the same match."""
    match_id, mover, other, state = first_decision(table)
    first = state["legal_actions"][0]
    version = state["version"]
    bodies = refusals(mover, other, version, first["id"])
    for token, body in bodies:
        fast = post(table, match_id, token, body, full=False)
        full = post(table, match_id, token, body, full=True)
        assert fast.status_code >= 400
        assert answer(fast) == answer(full), body
    assert lanes["act"] == len(bodies)
    assert post(table, "nosuch", mover, bodies[0][1], full=False).status_code == 404
    # what the fast lane does not read goes the full way, to the route's own refusal
    for body in (b'{"version": "1", "action_id": 1}', b"[1]", b'{"version": 1, "x": 2}', b"{"):
        refused = post(table, match_id, mover, body, full=False)
        assert refused.status_code == 422 and refused.json()["error"]["code"] == "malformed"
    plain = table.client.post(
        table.actions(match_id),
        content=b'{"version": %d, "action_id": %d}' % (version, first["id"]),
        headers={**auth(mover), "Content-Type": "text/plain"},
    )
    assert plain.status_code == 422 and "Content-Type: application/json" in plain.text
    assert lanes["act"] == len(bodies) + 1
    # a move, each way
    body = json.dumps({"version": version, "action": first["action"]}).encode()
    moved = post(table, match_id, mover, body, full=False)
    assert moved.status_code == 200 and moved.json() == {"version": version + 1}
    state = table.state(match_id, other)
    again = b'{"version": %d, "action_id": %d}' % (
        state["version"],
        state["legal_actions"][0]["id"],
    )
    moved = post(table, match_id, other, again, full=True)
    assert moved.status_code == 200 and moved.json() == {"version": version + 2}
    assert lanes["act"] == len(bodies) + 2


def test_both_lanes_spend_one_act_budget(settings: Settings) -> None:
    with TestClient(create_app(limited_settings(settings, act="3/hour"))) as client:
        table = Table(client)
        match_id = table.create(seats=("human", "human"))
        token = table.join(match_id, 0, "Ada")
        table.join(match_id, 1, "Bo")
        body = b'{"version": 999, "action_id": 0}'
        answers = [post(table, match_id, token, body, full=i % 2 == 1) for i in range(5)]
        codes = [(r.status_code, r.json()["error"]["code"]) for r in answers]
        assert codes == [(409, "stale_version")] * 3 + [(429, "rate_limited")] * 2
        assert all(r.headers.get("retry-after") for r in answers[3:])
