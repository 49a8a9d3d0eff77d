"""``benchmarks/load.py`` (``monolith bench-server``): the web table under a short real load.

The load runs against a real server process on 127.0.0.1 with a real SQLite file. Nothing here
asserts a speed: the machines are shared and noisy, so only that moves happened and were measured.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest
from typer.testing import CliRunner

from monolith.cli.main import app
from monolith.load.bench_peer import moves_per_match, parse_loadtest_line
from monolith.load.pgcluster import postgres_bin
from monolith.load.players import percentiles
from monolith.load.processes import free_port, stop_process, wait_until_listening
from tests.needs import missing

ROOT = Path(__file__).resolve().parents[2]


def run_load(*args: str) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "load.py"), *args, "--json", "--no-progress"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    assert len(lines) == 1, done.stdout  # one JSON object
    result: dict[str, Any] = json.loads(lines[0])
    return result


def test_two_matches_for_two_seconds_move_in_every_mode() -> None:
    modes = ["http", "socket", "socket-moves"]
    result = run_load(
        "--matches", "2", "--seconds", "2", "--warmup", "0.5", "--mode", ",".join(modes)
    )
    assert result["modes"] == modes
    assert result["database"].startswith("sqlite")
    [point] = result["runs"]
    assert point["matches"] == 2
    for mode in modes:
        run = point[mode]
        assert run["mode"] == mode
        assert run["errors"] == {}
        assert run["moves"] > 0
        assert run["moves_per_second"] == pytest.approx(run["moves"] / run["seconds"], rel=0.01)
        assert run["post_ms"]["count"] == run["moves"]  # one POST (or socket ack) per move
        assert 0 < run["move_ms"]["count"] <= run["moves"] + 2
        for stats in (run["post_ms"], run["move_ms"]):
            assert 0 < stats["p50"] <= stats["p95"] <= stats["p99"] <= stats["max"]
        assert run["mean_state_bytes"] > 0
        assert run["server"]["cpu_seconds"] > 0
        assert run["server"]["cpu_ms_per_move"] > 0
        assert run["server"]["peak_rss_mb"] > 10
        assert run["client"]["cpu_seconds"] > 0
        assert run["disk_fsync_ms"]["count"] > 0
    # HTTP players read a state before each move (a move early in the window may follow a read
    # made in the warm-up, which is not counted: one per player at most); socket players are
    # pushed theirs
    seats = point["matches"] * result["players"]
    assert point["http"]["get_ms"]["count"] >= point["http"]["moves"] - seats
    assert point["socket"]["get_ms"]["count"] == 0
    assert point["socket-moves"]["get_ms"]["count"] == 0


@pytest.mark.parametrize(
    ("args", "complaint"),
    [
        (["--matches", "0"], "at least 1"),
        (["--matches", "ten"], "separated by commas"),
        (["--mode", "pigeon"], "--mode takes http, socket or socket-moves"),
        (["--peer", "colyseus"], "--peer is one of bgio"),
        (["--peer", "bgio", "--peer-dir", "/nonexistent/bgio"], "holds no boardgame.io peer"),
        (["--workers", "2", "--database-url", "sqlite://"], "not SQLite in memory"),
        (["--workers", "0"], "greater than or equal to 1"),
        (["--postgres", "--database-url", "postgresql+psycopg://x/y"], "not both"),
    ],
)
def test_a_bad_request_says_what_is_wrong_before_starting_anything(
    args: list[str], complaint: str
) -> None:
    result = CliRunner().invoke(app, ["bench-server", *args, "--no-progress"])
    assert result.exit_code == 2
    assert complaint in result.output


def test_two_server_processes_on_a_throwaway_postgresql() -> None:
    """``--postgres --workers 2``: the bench starts PostgreSQL and two server processes, and
    reports the CPU of all of them."""
    if postgres_bin() is None:
        missing("PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb, pg_ctl) are absent")
    modes = ["http", "socket-moves"]
    result = run_load(
        *("--matches", "4", "--seconds", "2", "--warmup", "0.5", "--mode", ",".join(modes)),
        *("--postgres", "--workers", "2"),
    )
    assert result["database"].startswith("postgresql") and result["workers"] == 2
    [point] = result["runs"]
    for mode in modes:
        run = point[mode]
        assert run["errors"] == {} and run["moves"] > 0 and run["workers"] == 2
        assert run["database"]["cpu_share"] > 0
        assert run["server"]["peak_rss_mb"] > 2 * 40  # two processes' memory, summed
    seats = point["matches"] * result["players"]  # reads made in the warm-up are not counted
    assert point["http"]["get_ms"]["count"] >= point["http"]["moves"] - seats


def test_two_server_processes_on_one_sqlite_file() -> None:
    """``--workers 2`` on the run's SQLite file: both processes serve the matches (sharing the
    file), and the CPU and memory of both are counted."""
    result = run_load(
        *("--matches", "4", "--seconds", "2", "--warmup", "0.5", "--mode", "http,socket-moves"),
        *("--workers", "2"),
    )
    assert result["database"].startswith("sqlite") and result["workers"] == 2
    [point] = result["runs"]
    for mode in ("http", "socket-moves"):
        run = point[mode]
        assert run["errors"] == {} and run["moves"] > 0 and run["workers"] == 2
        assert run["server"]["peak_rss_mb"] > 2 * 40  # two processes' memory, summed


def test_percentiles_are_nearest_rank() -> None:
    stats = percentiles([float(n) for n in range(100, 0, -1)])
    assert stats == {"count": 100, "p50": 50.0, "p95": 95.0, "p99": 99.0, "mean": 50.5, "max": 100}
    assert percentiles([7.0])["p99"] == 7.0
    assert percentiles([]) == {"count": 0}


def test_the_peer_line_is_read_and_its_run_sized_to_the_time() -> None:
    line = parse_loadtest_line(
        "bgio listening\nmatches=20 moves=4000 wall_s=2.00 moves_per_s=2000 p50_ms=4.10 "
        "p95_ms=9.50 p99_ms=12.00 max_ms=20.25\n"
    )
    assert line == {
        "matches": 20,
        "moves": 4000,
        "wall_s": 2.0,
        "moves_per_s": 2000,
        "p50_ms": 4.1,
        "p95_ms": 9.5,
        "p99_ms": 12.0,
        "max_ms": 20.25,
    }
    assert moves_per_match(20, 10.0, None) == 100  # warm-up: about 2,000 moves in all
    assert moves_per_match(20, 10.0, line) == 1100  # 200 per match in 2 s; 10 s, 10% over


def test_the_floor_runs_beside_ours_under_the_same_players() -> None:
    """``--peer floor``: the same players against the bare HTTP server, right after ours, with the
    ratio of the two."""
    result = run_load("--matches", "2", "--seconds", "1", "--warmup", "0.5", "--peer", "floor")
    [point] = result["runs"]
    floor = point["floor"]
    assert floor["errors"] == {} and floor["moves"] > 0
    assert floor["get_ms"]["count"] >= floor["moves"] - point["matches"] * result["players"]
    assert floor["server"]["cpu_seconds"] > 0
    ratio = point["ratio_to_peer"]["http"]["moves_per_second"]
    assert ratio == pytest.approx(  # the ratio is rounded to 4 places
        point["http"]["moves_per_second"] / floor["moves_per_second"], rel=1e-3, abs=1e-4
    )


def test_the_floor_checks_each_move_and_writes_it_before_answering(tmp_path: Path) -> None:
    """The floor is a fair reference: a move by the wrong seat or on an old version is refused,
    and each acknowledged move is in its journal (fsynced) before the answer."""
    port = free_port()
    script = ROOT / "src" / "monolith" / "load" / "floor_server.py"
    log = tmp_path / "floor.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [sys.executable, str(script), "--host", "127.0.0.1", "--port", str(port)],
            cwd=tmp_path,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_until_listening(port, process, log, path="/api/games")
        base = f"http://127.0.0.1:{port}/api/matches"
        match = httpx.post(base, json={}).json()["match_id"]
        tokens = [
            httpx.post(f"{base}/{match}/seats/{s}/join", json={}).json()["token"] for s in (0, 1)
        ]

        def act(seat: int, version: int) -> httpx.Response:
            headers = {"Authorization": f"Bearer {tokens[seat]}"}
            body = {"version": version, "action_id": 1000}
            return httpx.post(f"{base}/{match}/actions", json=body, headers=headers)

        for version in range(3):
            state = httpx.get(f"{base}/{match}/state?legal=ids").json()
            assert state["version"] == version and state["to_move"] == version % 2
            assert act(version % 2, version).json() == {"version": version + 1}
        assert act(0, 3).status_code == 403  # seat 1 is to move
        assert act(1, 2).status_code == 409  # an old version
        journal = (tmp_path / "floor-journal.log").read_text().splitlines()
        assert journal == [f"{match} {v} 1000" for v in (1, 2, 3)]
    finally:
        stop_process(process)


def test_a_series_is_drawn_when_asked(tmp_path: Path) -> None:
    """``--plot``: the series' chart beside the JSON, one line for the way it was played."""
    chart = tmp_path / "load.png"
    result = run_load(
        *("--matches", "1,2", "--seconds", "1", "--warmup", "0.3", "--mode", "http"),
        *("--plot", str(chart)),
    )
    assert [point["matches"] for point in result["runs"]] == [1, 2]
    assert chart.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
