"""The researcher examples run as written (the long match, for one short game)."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

import pytest

NEEDS = ("numpy", "gymnasium", "pettingzoo", "pyspiel")
EXAMPLES = Path(__file__).parents[2] / "examples"


def example(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_random_rollout_plays_a_game(capsys: pytest.CaptureFixture[str]) -> None:
    example("random_rollout").main()
    out = capsys.readouterr().out
    assert "observation (1734,)" in out and "turns; scores" in out


def test_the_openspiel_match_plays_a_game_to_a_winner() -> None:
    their_seat, winner = example("openspiel_vs_ours").play(1, 4)
    assert their_seat == 1 and winner in (0, 1)


def test_the_baselines_measure_scores_and_win_rates_with_intervals() -> None:
    baselines = example("baselines")
    solo = baselines.measure("solo", "lowest-id", 2)
    assert solo["mean"] == 24.0 and solo["low"] <= 24.0 <= solo["high"]
    duel = baselines.measure("monolyth-2p", "greedy", 2, "random")
    assert duel["wins"] == 2 and 0 < duel["low"] < duel["rate"] == 1.0
    assert "vs random" in baselines.row(duel)


def test_the_policy_gradient_agent_learns_past_random_play(tmp_path: Path) -> None:
    """A few hundred episodes lift the mean score well above random play's (about 3)."""
    agent = example("policy_gradient")
    features = agent.action_features()
    assert features.shape == (11669, 24)
    curve = agent.train(400, batch=64, seed=1)
    assert curve[0]["episodes"] == 10 and curve[-1]["episodes"] >= 400
    assert sum(point["mean_score"] for point in curve[-5:]) / 5 > 15
    agent.plot(curve, str(tmp_path / "curve.png"), {"random": 3.2})
    assert (tmp_path / "curve.png").stat().st_size > 0
