"""The designers' commands as a person at a terminal meets them: Ctrl-C during the games, an
output file already there, ``--workers``, and the progress lines."""

from __future__ import annotations

import os
import re
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from rich.console import Console
from rich.progress import TimeRemainingColumn
from typer.testing import CliRunner

from monolith.bots import arena
from monolith.cli.common import progress_bar, progress_label
from monolith.cli.main import app
from monolith.design.pool import play_games

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()

STOP_BOUND = 30.0
"""Seconds the interrupted command is awaited at most: a safety bound, not a measurement (before
the fix it kept playing every queued game, minutes of them)."""


def _until_a_game_is_done(process: subprocess.Popen[bytes], total: int) -> bytes:
    """Read the progress bar on stderr until it counts a finished game; what was read."""
    assert process.stderr is not None
    done = re.compile(rb"\b[1-9]\d*/" + str(total).encode())
    seen = b""
    with selectors.DefaultSelector() as selector:
        selector.register(process.stderr, selectors.EVENT_READ)
        deadline = time.monotonic() + 120
        while not done.search(seen):
            left = deadline - time.monotonic()
            assert left > 0, f"no game finished: {seen[-500:]!r}"
            if selector.select(timeout=left):
                chunk = os.read(process.stderr.fileno(), 65536)
                assert chunk, f"the command ended first: {seen[-2000:]!r}"
                seen += chunk
    return seen


@pytest.mark.parametrize("command", ["analyze", "compare"])
def test_ctrl_c_with_workers_stops_and_writes_nothing(command: str, tmp_path: Path) -> None:
    games = 3000
    out = tmp_path / "report.html"
    export = tmp_path / "games.csv"
    args = ["--games", str(games), "--workers", "2", "--bot", "greedy", "--export", str(export)]
    if command == "analyze":
        args = ["monolyth", *args, "--out", str(out)]
    else:
        args = ["the-monolith", *args, "--vs", "tower=sticky", "--html", str(out)]
    process = subprocess.Popen(
        [sys.executable, "-c", "from monolith.cli.main import app; app()", command, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src"), "FORCE_COLOR": "1", "COLUMNS": "120"},
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    try:
        _until_a_game_is_done(process, games)
        os.killpg(process.pid, signal.SIGINT)  # what Ctrl-C does: the parent and its workers
        _, stderr = process.communicate(timeout=STOP_BOUND)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert process.returncode == 130, stderr.decode()[-2000:]
    assert "interrupted, nothing written" in stderr.decode()
    assert "Traceback" not in stderr.decode()
    assert not out.exists()
    assert not export.exists()


@pytest.mark.parametrize(
    ("command", "flag", "name"),
    [
        (["analyze", "monolyth", "--out"], None, "report.md"),
        (["analyze", "monolyth", "--export"], None, "games.csv"),
        (["simulate", "monolyth", "--plot"], None, "chart.png"),
        (["compare", "the-monolith", "--vs", "tower=sticky", "--html"], None, "compare.html"),
        (["arena", "monolyth", "--bots", "random,random", "--plot"], None, "arena.png"),
    ],
)
def test_an_existing_output_is_refused_unless_forced(
    command: list[str], flag: None, name: str, tmp_path: Path
) -> None:
    path = tmp_path / name
    path.write_text("last week's report")
    small = ["--games", "2", "--workers", "1", "--no-progress"]
    if command[0] == "analyze" and command[-1] == "--export":
        small += ["--out", str(tmp_path / "report.md")]
    refused = runner.invoke(app, [*command, str(path), *small])
    assert refused.exit_code == 2, refused.output
    assert "already exists; add --force to replace it" in refused.stderr
    assert path.read_text() == "last week's report"
    forced = runner.invoke(app, [*command, str(path), *small, "--force"])
    assert forced.exit_code == 0, forced.output
    assert path.read_bytes() != b"last week's report"


@pytest.mark.parametrize(
    "command",
    [
        ["simulate", "monolyth"],
        ["analyze", "monolyth"],
        ["compare", "the-monolith", "--vs", "tower=sticky"],
        ["arena", "monolyth", "--bots", "random,random"],
        ["ladder"],
        ["review", "missing.json"],
        ["bench-server"],
    ],
)
def test_workers_below_one_are_refused(command: list[str], tmp_path: Path) -> None:
    result = runner.invoke(app, [*command, "--workers", "0", "--no-progress"])
    assert result.exit_code == 2, result.output
    said = " ".join(result.output.replace("│", " ").split())
    assert "Invalid value for '--workers'" in said
    assert "Input should be greater than or equal to 1" in said
    assert list(tmp_path.iterdir()) == []


def test_progress_lines_name_the_game_by_its_title_and_show_the_time_left() -> None:
    assert progress_label("monolyth", "analyze") == "Monolyth · analyze"
    assert progress_label("the-monolith", "tower=sticky") == "The Monolith · tower=sticky"
    bar = progress_bar(Console(), enabled=True)
    assert any(isinstance(column, TimeRemainingColumn) for column in bar.columns)


def test_the_pool_plays_the_same_games_on_any_number_of_workers() -> None:
    """The interruptible pool keeps what the arena promises: the same seed gives the same games,
    in schedule order, whatever the number of workers; each result is reported once."""
    specs = arena.schedule("monolyth", ["greedy", "random"], 12, seed=5)
    seen: list[int] = []
    one = play_games(specs, workers=1)
    two = play_games(specs, workers=2, on_result=lambda r: seen.append(r.index))

    def outcome(results: list[arena.GameResult]) -> list[object]:
        return [(r.index, r.seats, r.scores, r.ranking, r.turns) for r in results]

    assert outcome(two) == outcome(one) == outcome(arena.run(specs))
    assert [r.index for r in two] == list(range(12))
    assert sorted(seen) == list(range(12))
