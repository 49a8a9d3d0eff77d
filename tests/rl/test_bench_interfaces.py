"""``monolith bench`` times legal-move generation on fresh states (nothing remembered) and random
play through every research interface beside PettingZoo's classic games, in the same run."""

from __future__ import annotations

import copy
import json

import pytest
from typer.testing import CliRunner

from monolith.cli.bench import _cold_ns
from monolith.cli.main import app
from monolith.games import get_game

NEEDS = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "chess", "pygame")


@pytest.mark.parametrize(
    ("game", "reference", "interfaces"),
    [
        ("monolyth", "connect_four_v3", ["PettingZoo", "Gymnasium", "OpenSpiel"]),
        ("the-monolith", "chess_v6", ["PettingZoo", "OpenSpiel"]),
    ],
)
def test_bench_times_each_interface_beside_its_reference(
    game: str, reference: str, interfaces: list[str]
) -> None:
    args = ["bench", game, "-n", "1", "--positions", "2", "--seconds", "0.05", "--rounds", "1"]
    result = CliRunner().invoke(app, [*args, "--json", "--no-progress"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    rows = data["interfaces"]
    assert [row["interface"].split()[0] for row in rows] == interfaces
    for row in rows:
        assert row["reference"] == reference
        assert row["turns_per_second"] > 0 and row["reference_turns_per_second"] > 0
        expected = row["turns_per_second"] / row["reference_turns_per_second"]
        assert row["ratio"] == pytest.approx(expected, rel=0.01, abs=0.0005)  # given to 3 places
    table = CliRunner().invoke(app, [*args, "--no-progress"])
    assert f"beside {reference}" in table.stdout


def test_legal_moves_are_timed_on_a_fresh_copy_each_time() -> None:
    game = get_game("the-monolith")
    state = game.new_game(players=3, seed=1)
    seen: list[object] = []
    _cold_ns(game, seen.append, state, 3)
    assert len(seen) == 3 and all(s is not state and s == state for s in seen)
    assert len({id(s) for s in seen}) == 3
    assert copy.copy(state) is not state
