"""The strength ladder (schedules, kept games, significance, CLI) and the solo calibration's
thresholds checked against the stored measurement. No long tournament runs here: those are
``monolith ladder`` and ``benchmarks/solo_calibration.py``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from monolith.bots.calibration import TIERS, proposed_minimums, ruling_problems, tier_of
from monolith.bots.ladder import (
    RUNGS,
    SETUPS,
    Step,
    games_needed,
    load_step,
    run_step,
    step_seed,
    steps,
)
from monolith.cli.main import app
from monolith.games.monolyth import GAME

DOCS = Path(__file__).resolve().parents[2] / "docs"
runner = CliRunner()


def test_games_needed_follows_the_normal_approximation() -> None:
    # 70% against a fair 50%: (1.96 * 0.5 + 0.8416 * sqrt(0.21)) / 0.2, squared = 46.6
    assert games_needed(0.7, 0.5) == 47
    assert games_needed(0.7, 0.5, seats=2) == 48
    assert games_needed(0.45, 0.25, seats=4) % 4 == 0
    assert games_needed(0.9, 0.5) < games_needed(0.6, 0.5)
    with pytest.raises(ValueError, match="above the fair"):
        games_needed(0.4, 0.5)


def test_each_step_puts_one_higher_bot_against_the_rest_lower() -> None:
    two, four = SETUPS["monolyth-2p"], SETUPS["the-monolith-4p"]
    assert [s.seats for s in steps(two)] == [
        (RUNGS[k + 1], RUNGS[k]) for k in range(len(RUNGS) - 1)
    ]
    top = steps(four)[-1]
    assert top.seats == ("ismcts-hard", "ismcts", "ismcts", "ismcts")
    assert four.fair_share == 0.25 and two.fair_share == 0.5
    assert all(n % s.players == 0 for s in SETUPS.values() for n in s.games)  # whole rotations
    assert len({step_seed(1, s) for setup in SETUPS.values() for s in steps(setup)}) == 8


def test_a_step_keeps_its_games_and_plays_only_the_missing_ones(tmp_path: Path) -> None:
    step = Step(SETUPS["monolyth-2p"], 0)  # greedy against random: quick
    played: list[int] = []
    first = run_step(step, games=4, seed=3, folder=tmp_path, on_game=lambda: played.append(1))
    assert len(first.games) == 4 and len(played) == 4
    more = run_step(step, games=6, seed=3, folder=tmp_path, on_game=lambda: played.append(1))
    assert len(more.games) == 6 and len(played) == 6  # two more games, not six
    fresh = run_step(step, games=6, seed=3, folder=tmp_path / "fresh")
    assert [(r.seats, r.scores, r.ranking) for r in more.games] == [
        (r.seats, r.scores, r.ranking) for r in fresh.games
    ]
    assert [r.seats[0] for r in more.games] == ["greedy", "random"] * 3  # seats rotate
    assert more.wins == 6 and more.interval[0] == pytest.approx(0.610, abs=1e-3)
    assert load_step(tmp_path / f"{step.name}.json", step, seed=4).games == ()  # another seed


def test_significance_is_the_interval_above_the_fair_share(tmp_path: Path) -> None:
    step = Step(SETUPS["monolyth-2p"], 0)
    result = run_step(step, games=10, seed=5, folder=tmp_path)
    low, _ = result.interval
    assert result.wins == 10 and low > 0.5 and result.significant
    saved = json.loads((tmp_path / f"{step.name}.json").read_text())
    assert saved["wins"] == 10 and saved["significant"] is True
    assert saved["levels"] == {"greedy": "greedy", "random": "random"}


def test_ladder_cli_writes_table_summary_and_plot(tmp_path: Path) -> None:
    result = runner.invoke(
        app,
        ["ladder", "--setups", "monolyth-2p", "--games", "4,0,0,0", "--out", str(tmp_path)],
    )
    assert result.exit_code == 0, result.output
    assert "| monolyth, 2p | greedy > random | 4 | 4 | 100.0% |" in result.stdout
    assert (tmp_path / "ladder.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    (row,) = json.loads((tmp_path / "ladder.json").read_text())
    assert row["higher"] == "greedy" and row["games"] == 4 and "results" not in row


def test_a_run_of_one_setup_keeps_the_other_setups_rows(tmp_path: Path) -> None:
    def ladder(*args: str) -> Any:
        return runner.invoke(app, ["ladder", *args, "--workers", "1", "--out", str(tmp_path)])

    assert ladder("--setups", "the-monolith-4p", "--games", "2,0,0,0").exit_code == 0
    result = ladder("--setups", "monolyth-2p", "--games", "3,0,0,0")
    assert result.exit_code == 0, result.output
    assert "| the-monolith, 4p | greedy > random | 2 |" in result.stdout
    rows = json.loads((tmp_path / "ladder.json").read_text())
    assert [(r["game"], r["games"]) for r in rows] == [("monolyth", 3), ("the-monolith", 2)]
    # another seed's games are not this ladder's
    other = ladder("--setups", "monolyth-2p", "--games", "3,0,0,0", "--seed", "7")
    assert "the-monolith" not in other.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--setups", "chess-2p"], "unknown ladder 'chess-2p'"),
        (["--games", "4,4"], "give games for each of the 4 steps"),
        (["--games", "4,x,0,0"], "--games takes whole numbers"),
    ],
)
def test_ladder_cli_refuses_a_bad_request(tmp_path: Path, args: list[str], message: str) -> None:
    result = runner.invoke(app, ["ladder", "--out", str(tmp_path), *args])
    assert result.exit_code == 2
    assert message in result.stderr
    assert not list(tmp_path.iterdir())


# The solo calibration -------------------------------------------------------------------------


def _measured() -> dict[str, list[float]]:
    data = json.loads((DOCS / "solo-ratings.json").read_text())
    return {bot: entry["scores"] for bot, entry in data["bots"].items()}


def test_the_content_holds_the_minimums_derived_from_the_published_measurement() -> None:
    scores = _measured()
    minimums = list(GAME.content.solo_ratings)
    assert minimums == proposed_minimums(scores)  # the published derivation, not a hand tweak
    data = json.loads((DOCS / "solo-ratings.json").read_text())
    assert [(m["minimum"], m["title"]) for m in data["minimums"]] == minimums


def test_the_published_tiers_meet_the_ruling() -> None:
    """Random's median in apprentice, greedy's in mason, default ISMCTS's in architect, and
    ismcts-hard in master builder in at most one game in four (docs/ladder.md, "Solo ratings")."""
    assert ruling_problems(list(GAME.content.solo_ratings), _measured()) == []


def test_the_retired_thresholds_break_the_ruling() -> None:
    scores = _measured()
    retired = [(0, TIERS[0]), (20, TIERS[1]), (30, TIERS[2]), (40, TIERS[3])]
    problems = ruling_problems(retired, scores)
    assert any(p.startswith("greedy's median") and "master builder" in p for p in problems)
    assert any("more than one in four" in p for p in problems)


def test_a_tier_is_the_highest_minimum_reached() -> None:
    minimums = [(0, "apprentice"), (30, "mason"), (58, "architect"), (66, "master builder")]
    assert [tier_of(s, minimums) for s in (0, 29.5, 30, 65, 66, 90)] == [
        "apprentice",
        "apprentice",
        "mason",
        "architect",
        "master builder",
        "master builder",
    ]
