"""The state payload's legal actions: built from kept pieces, the same as built afresh, with the
labels in each action or apart (indexed)."""

from __future__ import annotations

import json
import random
from typing import Any

import msgspec
import pytest

from monolith.core import AnyGame, KeyedLabels
from monolith.games import get_game
from monolith.server import views


def _afresh(game: AnyGame, state: Any) -> list[dict[str, Any]]:
    return [
        {
            "id": game.action_to_id(action),
            "action": game.action_to_json(action),
            "label": msgspec.to_builtins(game.label(state, action)),
        }
        for action in game.legal_actions(state)
    ]


@pytest.mark.parametrize(
    ("name", "players", "keyed"), [("monolyth", 2, True), ("the-monolith", 3, False)]
)
def test_legal_actions_are_every_legal_action_with_its_id_json_and_label(
    name: str, players: int, keyed: bool
) -> None:
    """Every decision of a few random games, so kept entries are reused across states and games
    (a label kept under too coarse a key would show another state's label here)."""
    game = get_game(name)
    assert isinstance(game, KeyedLabels) is keyed
    views._action_cache.pop(game.info.name, None)
    decisions = shared = 0
    for seed in range(3):
        state = game.new_game(players=players, seed=seed)
        rng = random.Random(seed)
        while not game.is_terminal(state) and decisions < 400:
            expected = _afresh(game, state)
            encoded, no_labels = views.legal_actions_json(game, state)
            assert msgspec.json.decode(encoded) == expected and no_labels == b"[]"
            encoded, labels = views.legal_actions_json(game, state, indexed=True)
            indexed, said = msgspec.json.decode(encoded), msgspec.json.decode(labels)
            assert [{**a, "label": said[a["label"]]} for a in indexed] == expected
            assert len({json.dumps(label, sort_keys=True) for label in said}) == len(said)
            assert {a["label"] for a in indexed} == set(range(len(said)))
            shared += len(indexed) - len(said)
            decisions += 1
            state = game.apply(state, rng.choice(list(game.legal_actions(state))))
    assert len(views._action_cache[game.info.name]) > 0
    if keyed:  # Monolyth's placements of a piece at the same levels say the same: sent once
        assert shared > decisions
