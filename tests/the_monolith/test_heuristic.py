"""The heuristic for one-ply bots values favor, and what the next rest phase will pay."""

from __future__ import annotations

import msgspec

from monolith.games.the_monolith import GAME
from monolith.games.the_monolith.heuristic import evaluate

from .helpers import scene


def test_more_favor_is_better() -> None:
    state = scene()
    richer = msgspec.structs.replace(state, favor=(3, 0, 0))
    assert evaluate(GAME, richer, 0) > evaluate(GAME, state, 0)
    assert evaluate(GAME, richer, 1) < evaluate(GAME, state, 1)


def test_controlled_temple_counts_before_the_rest_phase() -> None:
    plain = scene(units={(0, "thornwatch"): 1})
    temple = scene(units={(0, "ember-terraces"): 1})
    assert evaluate(GAME, temple, 0) > evaluate(GAME, plain, 0)


def test_finished_game_rewards_the_winner() -> None:
    state = scene(phase="over", step="over", favor=(5, 5, 1), first=1)
    assert evaluate(GAME, state, 1) > evaluate(GAME, state, 0) > evaluate(GAME, state, 2)
