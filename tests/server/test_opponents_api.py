"""The games payload carries the lobby's levels in a player's words and the proposed one."""

from __future__ import annotations

from fastapi.testclient import TestClient

from monolith.bots.opponents import default_level, load_times


def test_every_game_lists_its_levels_and_the_proposed_one(client: TestClient) -> None:
    times = load_times()
    for game in client.get("/api/games").json():
        levels = {o["level"]: o for o in game["opponents"]}
        assert list(levels) == ["easy", "medium", "hard"]
        assert (levels["easy"]["bot"], levels["easy"]["bot_level"]) == ("greedy", "default")
        assert (levels["medium"]["bot"], levels["medium"]["bot_level"]) == ("ismcts", "easy")
        assert (levels["hard"]["bot"], levels["hard"]["bot_level"]) == ("ismcts", "default")
        assert game["default_opponent"] == default_level(game["name"], times)
        proposed = levels[game["default_opponent"]]["median_seconds"]
        assert proposed is not None and proposed <= 0.5


def test_a_proposed_bot_is_one_a_match_accepts(client: TestClient) -> None:
    game = next(g for g in client.get("/api/games").json() if g["name"] == "monolyth")
    level = next(o for o in game["opponents"] if o["level"] == game["default_opponent"])
    created = client.post(
        "/api/matches",
        json={
            "game": "monolyth",
            "players": 2,
            "seats": [
                {"kind": "human"},
                {"kind": "bot", "bot": level["bot"], "level": level["bot_level"]},
            ],
        },
    )
    assert created.status_code in (200, 201), created.text
