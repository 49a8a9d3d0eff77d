"""The load chart: bench-server reports read, checked and drawn (``monolith bench-plot``,
``bench-server --plot``)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from monolith.cli.main import app
from monolith.cli.runner import CliError
from monolith.load.bench_server import PEERS
from monolith.load.load_plot import PEER_LABELS, load_plot, read_report, series_of

runner = CliRunner()
PNG = b"\x89PNG\r\n\x1a\n"


def _run(moves: float, p95: float) -> dict[str, Any]:
    return {"moves_per_second": moves, "post_ms": {"count": 10, "p50": p95 / 2, "p95": p95}}


def report(database: str, workers: int, *, peer: bool = False) -> dict[str, Any]:
    """A report shaped as `bench-server --json` prints it, with two points."""
    runs = []
    for matches, moves in ((20, 1000.0), (100, 1300.0)):
        run: dict[str, Any] = {"matches": matches, "http": _run(moves * workers, matches * 0.9)}
        if peer:
            run["bgio"] = {"moves_per_second": 3000.0, "move_ms": {"p95": 30.0}}
        runs.append(run)
    return {"database": database, "workers": workers, "legal": "ids", "runs": runs[::-1]}


def test_a_report_becomes_one_line_per_way_of_playing_and_one_per_peer() -> None:
    lines = series_of(report("postgresql (throwaway cluster)", 2, peer=True))
    assert [line.label for line in lines] == [
        "PostgreSQL, 2 processes, bare ids, http",
        "boardgame.io 0.50 (in memory)",
    ]
    ours, peer = lines
    assert ours.matches == (20, 100)  # sorted, whatever the report's order
    assert ours.moves_per_second == (2000.0, 2600.0)
    assert ours.post_p95_ms == pytest.approx((18.0, 90.0))
    assert not ours.peer
    assert peer.peer and peer.post_p95_ms == (None, None)  # no POST to time


def test_the_chart_draws_every_setup_and_a_shared_peer_once(tmp_path: Path) -> None:
    out = tmp_path / "load.png"
    drawn = load_plot(
        out,
        [report("sqlite (fresh file)", 1, peer=True), report("postgresql", 2, peer=True)],
        title="two set-ups",
    )
    assert out.read_bytes().startswith(PNG)
    assert [line.label for line in drawn] == [
        "SQLite, 1 process, bare ids, http",
        "PostgreSQL, 2 processes, bare ids, http",
        "boardgame.io 0.50 (in memory)",
    ]


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("not json", "is not a JSON report of bench-server"),
        ("[1, 2]", "it is not a JSON object"),
        ('{"runs": []}', "it has no list of runs"),
        ('{"runs": [{"matches": "20", "http": {}}]}', "a run does not say how many matches"),
        ('{"runs": [{"matches": 20}]}', "the run at 20 matches holds no measured mode"),
        (
            '{"runs": [{"matches": 20, "http": {"moves_per_second": true}}]}',
            "the http run at 20 matches has no moves per second",
        ),
    ],
)
def test_a_file_that_is_not_a_report_is_refused_saying_why(
    tmp_path: Path, text: str, problem: str
) -> None:
    path = tmp_path / "r.json"
    path.write_text(text)
    with pytest.raises(CliError, match=problem):
        read_report(path)


def test_bench_plot_draws_saved_reports(tmp_path: Path) -> None:
    paths = []
    for name, workers in (("one", 1), ("two", 2)):
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(report("sqlite", workers)))
        paths.append(str(path))
    out = tmp_path / "chart.png"
    result = runner.invoke(app, ["bench-plot", *paths, "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(PNG)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--out", "chart.txt"], "error: --out must name a .png file, not 'chart.txt'"),
        (["missing.json"], "error: no such report: 'missing.json'"),
        (["bad.json"], "error: 'bad.json' is not a report of bench-server: it has no list of runs"),
    ],
)
def test_bench_plot_refuses_bad_input_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("good.json").write_text(json.dumps(report("sqlite", 1)))
    Path("bad.json").write_text('{"runs": {}}')
    reports = [a for a in args if a.endswith(".json")] or ["good.json"]
    options = [a for a in args if not a.endswith(".json")] or ["--out", "chart.png"]
    result = runner.invoke(app, ["bench-plot", *reports, *options])
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert not list(tmp_path.glob("*.png"))
    assert not list(tmp_path.glob("*.txt"))


def test_bench_server_refuses_a_plot_that_is_not_a_png_before_it_starts() -> None:
    result = runner.invoke(app, ["bench-server", "--matches", "1", "--plot", "load.svg"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: --plot must name a .png file, not 'load.svg'")


def test_every_peer_bench_server_runs_has_a_name_on_the_chart() -> None:
    assert set(PEER_LABELS) == set(PEERS)
