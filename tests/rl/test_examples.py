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
