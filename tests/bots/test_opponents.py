"""The lobby's levels in a player's words, and the one proposed per game: the strongest whose
measured median decision takes at most half a second."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

import pytest

from monolith.bots import BOTS, opponents
from monolith.bots.opponents import (
    PLAYER_LEVELS,
    QUICK_ENOUGH,
    DecisionTimes,
    default_level,
    load_times,
    median_decision,
    sample_positions,
    times_file,
)
from monolith.core.errors import ContentError
from monolith.games import get_game, registry


def test_levels_are_easy_medium_hard_on_the_ladder_s_order() -> None:
    assert [level for level, _ in PLAYER_LEVELS] == ["easy", "medium", "hard"]
    assert all(bot in BOTS for _, bot in PLAYER_LEVELS)


@pytest.mark.parametrize(
    ("medians", "proposed"),
    [
        ({"greedy": 0.002, "ismcts-easy": 0.31, "ismcts": 2.9}, "medium"),
        ({"greedy": 0.002, "ismcts-easy": 0.6}, "easy"),
        ({"greedy": 0.002, "ismcts-easy": 0.1, "ismcts": QUICK_ENOUGH}, "hard"),
        ({}, "easy"),
    ],
)
def test_the_proposed_level_is_the_strongest_quick_enough(
    medians: dict[str, float], proposed: str
) -> None:
    assert default_level("g", DecisionTimes({"g": medians})) == proposed
    assert default_level("unmeasured", DecisionTimes({"g": medians})) == "easy"


def test_every_installed_game_keeps_its_own_times_with_its_easy_level() -> None:
    times = load_times()
    for name, game in registry().items():
        assert times_file(game).parent.name == name.replace("-", "_")  # in the game's folder
        assert "greedy" in times.medians[name], name
        assert "load average" in times.measured[name]


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('[median_seconds]\n"chess-bot" = 0.1\n', "not a lobby level"),
        ('[median_seconds]\n"greedy" = -1\n', "needs seconds"),
        ('[median_seconds]\n"greedy" = "fast"\n', "needs seconds"),
        ("median_seconds = 3\n", "a table of seconds by bot"),
        ("[median_seconds\n", "file"),
    ],
)
def test_a_bad_times_file_is_refused_by_name(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "decision_times.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ContentError, match=words):
        load_times({"monolyth": path})


def test_positions_are_sampled_and_timed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each position is decided once, timed around the decision alone, and the median of those
    times is told (a clock that reads what the test says makes the median exact)."""
    game = get_game("kindling")
    positions = sample_positions(game, 2, 3, seed=1)
    assert len(positions) == 3
    assert all(sum(1 for _ in game.legal_actions(state)) >= 2 for state in positions)
    readings = iter([10.0, 11.0, 20.0, 25.0, 30.0, 32.0])  # decisions of 1, 5 and 2 seconds
    monkeypatch.setattr(opponents, "time", SimpleNamespace(perf_counter=lambda: next(readings)))
    decided: list[int] = []
    assert median_decision(game, "greedy", positions, lambda: decided.append(1)) == 2.0
    assert len(decided) == 3
