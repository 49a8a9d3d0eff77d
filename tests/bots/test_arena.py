"""Tournaments: rotation, reproducibility across workers, statistics, CLI and reports."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolith.bots import arena
from monolith.bots.arena import GameResult, elo_ratings, schedule, wilson_interval
from monolith.cli.main import app
from tests.needs import missing

runner = CliRunner()


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(70, 100)
    assert low == pytest.approx(0.6041, abs=1e-4)
    assert high == pytest.approx(0.7811, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def _result(seats: tuple[str, ...], ranking: tuple[int, ...]) -> GameResult:
    return GameResult(
        index=0,
        seats=seats,
        scores=tuple(float(len(seats) - ranking.index(s)) for s in range(len(seats))),
        ranking=ranking,
        first_player=0,
        turns=1,
        seconds=0.0,
        decision_seconds=((),) * len(seats),
    )


def test_elo_orders_bots_by_results_and_centres_on_1500() -> None:
    results = [_result(("a", "b"), (0, 1))] * 30 + [_result(("a", "b"), (1, 0))] * 10
    results += [_result(("b", "c"), (0, 1))] * 30 + [_result(("b", "c"), (1, 0))] * 10
    elo = elo_ratings(results)
    assert elo["a"] > elo["b"] > elo["c"]
    assert sum(elo.values()) / 3 == pytest.approx(1500.0)
    # 3:1 is an expected score of 0.75, about 191 Elo points
    assert elo["a"] - elo["b"] == pytest.approx(191, abs=40)
    even = elo_ratings([_result(("a", "b"), (0, 1)), _result(("a", "b"), (1, 0))])
    assert even["a"] == pytest.approx(even["b"])


def test_schedule_rotates_seats_every_game() -> None:
    specs = schedule("monolyth", ["x", "y", "z"], 4, seed=1)
    assert [s.seats for s in specs] == [
        ("x", "y", "z"),
        ("y", "z", "x"),
        ("z", "x", "y"),
        ("x", "y", "z"),
    ]
    assert len({s.seed for s in specs}) == 4
    assert schedule("monolyth", ["x"], 2, seed=1) == schedule("monolyth", ["x"], 2, seed=1)


def test_same_seed_same_results_with_one_or_two_workers() -> None:
    specs = schedule("monolyth", ["greedy", "random"], 6, seed=3)
    one = arena.run(specs, workers=1)
    two = arena.run(specs, workers=2)
    assert [(r.scores, r.ranking, r.seats) for r in one] == [
        (r.scores, r.ranking, r.seats) for r in two
    ]
    summary = arena.summarize("monolyth", one, 1.0)
    assert summary.bots["greedy"].wins == 6  # greedy beats random every time
    assert summary.seat_wins == [3, 3]


def test_arena_cli_json(tmp_path: Path) -> None:
    plot = tmp_path / "arena.png"
    result = runner.invoke(
        app,
        [
            "arena",
            "monolyth",
            "--bots",
            "greedy,random",
            "--games",
            "4",
            "--workers",
            "2",
            "--seed",
            "5",
            "--json",
            "--plot",
            str(plot),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 4
    greedy = data["bots"]["greedy"]
    assert greedy["games"] == 4 and greedy["wins"] == 4 and greedy["win_rate"] == 1.0
    low, high = greedy["win_rate_95"]
    assert 0.0 < low < 1.0 == high
    assert greedy["elo"] > data["bots"]["random"]["elo"]
    assert greedy["median_decision_seconds"] > 0
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_arena_refuses_a_bad_request() -> None:
    result = runner.invoke(app, ["arena", "monolyth", "--bots", "greedy,greedy,greedy,greedy,x"])
    assert result.exit_code == 2
    assert "unknown bot 'x'" in result.stderr
    result = runner.invoke(app, ["arena", "the-monolith", "--bots", "greedy,random"])
    assert result.exit_code == 2 and "3-4 players" in result.stderr


@pytest.mark.parametrize("suffix", [".md", ".html"])
def test_analyze_writes_a_report_with_plots(tmp_path: Path, suffix: str) -> None:
    out = tmp_path / f"report{suffix}"
    result = runner.invoke(
        app,
        [
            "analyze",
            "monolyth",
            "--games",
            "6",
            "--players",
            "3",
            "--workers",
            "1",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    text = out.read_text()
    assert "First-player advantage" in text and "Seat advantage" in text
    assert "Win share by structure card claimed" in text
    assert "Game length and score spread" in text
    if suffix == ".md":
        assert "](report-figures/seats.png)" in text
        assert (tmp_path / "report-figures" / "game-length.png").exists()
    else:
        assert "data:image/png;base64," in text


def test_ray_backend_gives_the_same_tournament() -> None:
    try:
        import ray  # noqa: F401
    except ImportError:
        missing("the ray extra is not installed")
    specs = schedule("monolyth", ["greedy", "random"], 4, seed=8)
    local = arena.run(specs, workers=1)
    on_ray = arena.run(specs, workers=2, backend="ray")
    assert [(r.index, r.scores, r.ranking) for r in on_ray] == [
        (r.index, r.scores, r.ranking) for r in local
    ]


def test_bench_arena_reports_both_speeds_and_their_ratio() -> None:
    result = runner.invoke(
        app,
        ["bench-arena", "monolyth", "--bots", "greedy,random", "--games", "4", "--json"],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 4 and data["workers"] == 2
    one, many = data["one_worker_games_per_second"], data["many_workers_games_per_second"]
    assert one > 0 and many > 0
    assert data["speedup"] == pytest.approx(many / one, rel=1e-2)
