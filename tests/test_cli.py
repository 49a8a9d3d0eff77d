"""The ``monolith`` command: simulate, bench and play through Typer's test runner."""

from __future__ import annotations

import json
from io import StringIO
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from monolith.bots.arena import derive_seed
from monolith.cli.main import app
from monolith.cli.play import menu_choose, play_match
from monolith.cli.runner import CliError
from monolith.cli.simulate import simulate
from monolith.core.i18n import describe
from monolith.games import get_game

runner = CliRunner()


def _json(args: list[str]) -> Any:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1, result.stdout  # exactly one JSON object on stdout
    return json.loads(lines[0])


def test_simulate_json_has_one_score_list_per_game() -> None:
    data = _json(["simulate", "monolyth", "--games", "4", "--players", "3", "--json"])
    assert data["games"] == 4
    assert data["bots"] == ["random", "random", "random"]
    assert len(data["scores"]) == 4
    assert all(len(scores) == 3 for scores in data["scores"])
    assert all(winner in range(3) for winner in data["winners"])
    assert data["seconds"] > 0
    assert data["games_per_second"] == pytest.approx(4 / data["seconds"], rel=0.01)
    # the winner holds the top score of the game (ties go to the tie-breaks)
    for scores, winner in zip(data["scores"], data["winners"], strict=True):
        assert scores[winner] == max(scores)


def test_simulate_reproduces_from_its_seed() -> None:
    args = ["simulate", "monolyth", "-n", "3", "--bot", "greedy,random", "--json"]
    first = _json([*args, "--seed", "7"])
    again = _json([*args, "--seed", "7"])
    other = _json([*args, "--seed", "8"])
    assert first["scores"] == again["scores"]
    assert first["winners"] == again["winners"]
    assert first["scores"] != other["scores"]
    assert first["bots"] == ["greedy", "random"]


def test_simulate_matches_the_function_it_wraps() -> None:
    data = _json(["simulate", "monolyth", "-n", "2", "-p", "1", "--seed", "3", "--json"])
    result = simulate(game="monolyth", games=2, players=1, bots=["random"], seed=3)
    assert data["scores"] == result.scores


def test_simulate_prints_a_summary_table() -> None:
    result = runner.invoke(
        app, ["simulate", "monolyth", "-n", "2", "--bot", "greedy,random", "--no-progress"]
    )
    assert result.exit_code == 0, result.output
    for heading in ("games/s", "mean score", "wins", "greedy", "random"):
        assert heading in result.stdout


def test_simulate_runs_every_registered_game() -> None:
    from monolith.games import registry

    for name, game in registry().items():
        players = str(max(game.info.min_players, 2))
        data = _json(["simulate", name, "-n", "1", "-p", players, "--json"])
        assert data["game"] == name
        assert len(data["scores"][0]) == int(players)


def test_bench_reports_speed_and_the_ratio_to_the_naive_reference() -> None:
    data = _json(["bench", "monolyth", "--games", "3", "--positions", "8", "--json"])
    assert data["games"] == 3
    assert data["games_per_second"] > 0
    assert data["positions"] == 8
    assert data["reference"] == "naive placements()"
    assert data["legal_moves_median_us"] > 0
    assert data["ratio"] == pytest.approx(
        data["legal_moves_median_us"] / data["reference_median_us"], rel=0.01
    )
    assert data["ratio"] < 1  # the bitboard tables beat the generic search


def test_bench_prints_a_table() -> None:
    result = runner.invoke(app, ["bench", "monolyth", "-n", "2", "--positions", "4"])
    assert result.exit_code == 0, result.output
    assert "random games per second" in result.stdout
    assert "ratio engine / reference" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "chess"], "error: unknown game 'chess'; known games: monolyth"),
        (["simulate", "monolyth", "--bot", "alphazero"], "error: unknown bot 'alphazero'"),
        (["simulate", "monolyth", "--players", "5"], "error: Monolyth takes 1-4 players, not 5"),
        (["play", "monolyth", "--bots", "nobody"], "error: unknown bot 'nobody'"),
        (["play", "monolyth", "--humans", "3"], "error: --humans must be 0-2"),
        (["play", "monolyth", "-p", "0"], "error: Monolyth takes 1-4 players, not 0"),
        (["bench", "chess"], "error: unknown game 'chess'"),
    ],
)
def test_bad_requests_print_one_line_and_fail(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output
    assert result.stdout == ""


def test_play_all_bots_to_the_end() -> None:
    args = ["play", "monolyth", "-p", "3", "--humans", "0", "--bots", "greedy,random"]
    result = runner.invoke(app, [*args, "--seed", "4"])
    assert result.exit_code == 0, result.output
    out = result.stdout
    words = " ".join(out.split())
    assert "seat 0 bot greedy, seat 1 bot random, seat 2 bot greedy · seed 4" in words
    assert "bot random takes the " in words  # the log, in words, naming who moved
    assert "final ranking" in out
    assert "game over" in out
    again = runner.invoke(app, [*args, "--seed", "4"])
    assert again.stdout == out


def test_play_solo_shows_the_rating() -> None:
    result = runner.invoke(app, ["play", "monolyth", "-p", "1", "--humans", "0", "--seed", "2"])
    assert result.exit_code == 0, result.output
    game = get_game("monolyth")
    console = Console(file=StringIO(), width=120)
    state = play_match(game=game, players=1, humans=0, bots=["greedy"], seed=2, console=console)
    rating = game.solo_rating(state)  # type: ignore[attr-defined]
    assert f"solo rating: {rating}" in result.stdout


def test_play_a_human_seat_from_scripted_input_then_quit() -> None:
    # solo, human: take the north prophecy of 12, then input ends
    result = runner.invoke(
        app, ["play", "monolyth", "-p", "1", "--seed", "5"], input="p\nnorth\n12\n"
    )
    assert result.exit_code == 0, result.output
    assert "You take the prophecy 12 for your north side" in result.stdout
    assert "game abandoned; replay it with --seed 5" in result.stdout
    assert "Traceback" not in result.output


def test_play_hot_seat_quits_cleanly_on_q() -> None:
    result = runner.invoke(app, ["play", "monolyth", "-p", "2", "--humans", "2"], input="q\n")
    assert result.exit_code == 0, result.output
    assert "game abandoned" in result.stdout


def test_generic_menu_numbers_every_action() -> None:
    game = get_game("monolyth")
    state = game.new_game(players=2, seed=1)
    actions = list(game.legal_actions(state))
    answers = iter(["0", "x", "3"])
    console = Console(file=StringIO(), width=200, record=True)
    chosen = menu_choose(console, game, state, read=lambda prompt: next(answers))
    assert chosen == actions[2]
    text = console.export_text()
    assert f"{len(actions)}. {describe(game, state, actions[-1])}" in text
    assert text.count("type a number") == 2


def test_derived_seeds_are_stable_and_distinct() -> None:
    assert derive_seed(0, 1) == derive_seed(0, 1)
    assert len({derive_seed(0, k) for k in range(100)}) == 100
    assert all(0 <= derive_seed(s, 5) < 2**63 for s in range(10))
    assert issubclass(CliError, Exception)
