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
    ("game", "pairs"),
    [
        (
            "monolyth",
            [
                (
                    "PettingZoo monolyth_v0 (2 players, quickstart loop)",
                    "connect_four_v3 (quickstart loop)",
                ),
                (
                    "Gymnasium SoloMonolyth-v0 (quickstart loop)",
                    "connect_four_v3 (quickstart loop)",
                ),
                ("PettingZoo monolyth_v0 (2 players, cheap)", "connect_four_v3 (cheap)"),
                ("Gymnasium SoloMonolyth-v0 (cheap)", "connect_four_v3 (cheap)"),
                ("OpenSpiel python_monolyth (2 players)", "OpenSpiel connect_four (C++)"),
                ("OpenSpiel python_monolyth (2 players)", "connect_four_v3 (cheap)"),
                (
                    "MonolythVector (2 players, batch 1024) steps",
                    "connect_four_v3 (cheap)",
                ),
                (
                    "MonolythVector (2 players, batch 1024, dealt ahead) steps",
                    "connect_four_v3 (cheap)",
                ),
            ],
        ),
        (
            "the-monolith",
            [
                (
                    "PettingZoo the_monolith_v0 (3 players, quickstart loop)",
                    "chess_v6 (quickstart loop)",
                ),
                ("PettingZoo the_monolith_v0 (3 players, cheap)", "chess_v6 (cheap)"),
                ("OpenSpiel python_the_monolith (3 players)", "OpenSpiel chess (C++)"),
                ("OpenSpiel python_the_monolith (3 players)", "chess_v6 (cheap)"),
            ],
        ),
    ],
)
def test_bench_times_each_interface_beside_its_references(
    game: str, pairs: list[tuple[str, str]]
) -> None:
    args = ["bench", game, "-n", "1", "--positions", "2", "--seconds", "0.05", "--rounds", "1"]
    result = CliRunner().invoke(app, [*args, "--json", "--no-progress"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    rows = data["interfaces"]
    assert [(row["interface"], row["reference"]) for row in rows] == pairs
    for row in rows:
        assert row["turns_per_second"] > 0 and row["reference_turns_per_second"] > 0
        expected = row["turns_per_second"] / row["reference_turns_per_second"]
        assert row["ratio"] == pytest.approx(expected, rel=0.01, abs=0.0005)  # given to 3 places
        # each played its slice of --seconds (the random games' time once stood in for it)
        assert row["seconds"] >= 0.05 and row["reference_seconds"] >= 0.05
    table = CliRunner().invoke(app, [*args, "--no-progress"])
    assert f"beside {pairs[0][1]}" in table.stdout


def test_both_samplers_pick_uniformly_among_the_legal_ids() -> None:
    import numpy as np

    from monolith.rl.throughput import SAMPLERS

    mask = np.zeros(50, dtype=np.int8)
    mask[[3, 17, 41]] = 1
    for sample in SAMPLERS.values():
        rng = np.random.default_rng(0)
        picks = [sample(mask, rng) for _ in range(600)]
        assert set(picks) == {3, 17, 41}
        assert min(picks.count(i) for i in (3, 17, 41)) > 150


def test_legal_moves_are_timed_on_a_fresh_copy_each_time() -> None:
    game = get_game("the-monolith")
    state = game.new_game(players=3, seed=1)
    seen: list[object] = []
    _cold_ns(game, seen.append, state, 3)
    assert len(seen) == 3 and all(s is not state and s == state for s in seen)
    assert len({id(s) for s in seen}) == 3
    assert copy.copy(state) is not state
