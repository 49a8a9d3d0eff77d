"""A peer to measure our table against: the boardgame.io reference server and its load test.

The peer's code is not ours and is not in this repository: it lives in a folder of its own
(``--peer-dir``, by default ``/work/shared/bench/bgio``), which may be read-only. It is copied to a
cache folder, ``npm install`` runs there once, then its server runs on a free loopback port and its
load test (``loadtest.js``: M matches of two seats over socket.io, K moves each; a move's round
trip runs from sending it to the mover receiving the new state) is run as its README says.

The load test plays a fixed number of moves per match, not a time, so a first short run warms the
server up and tells its speed, and the measured run gets as many moves per match as fill
``seconds`` (run again with more if it fell well short). Its one output line is read; the
server's CPU time and peak memory are read from ``/proc`` as for ours, and the load test's own CPU
time from the finished child's usage.
"""

from __future__ import annotations

import filecmp
import os
import re
import resource
import shutil
import subprocess
from pathlib import Path

from monolith.core import JsonDict
from monolith.load.processes import (
    LoadError,
    free_port,
    process_cpu_seconds,
    process_peak_rss_bytes,
    stop_process,
    wait_until_listening,
)

BGIO_DIR = Path("/work/shared/bench/bgio")
PEER_FILES = ("package.json", "package-lock.json", "game.js", "server.js", "loadtest.js")
WARMUP_MOVES_TOTAL = 2000
"""The warm-up run plays about this many moves in all (at least 20 per match)."""
LOADTEST_DEADLINE_SECONDS = 60
"""``loadtest.js`` stops every match after 60 s whatever K says."""
CALIBRATION_RUNS = 3
"""Runs that may fall short of the time asked for before the last one is taken as it is."""
LINE = re.compile(r"(\w+)=([\d.]+)")


def cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "monolith-games" / "bgio-peer"


def prepare_bgio(source: Path, workdir: Path | None = None) -> Path:
    """Copy the peer from ``source`` to a writable folder and install its npm packages there.

    Reinstalls only when ``package.json`` changed; returns the folder to run it from.
    """
    if not (source / "server.js").is_file() or not (source / "loadtest.js").is_file():
        raise LoadError(f"{source} holds no boardgame.io peer (server.js and loadtest.js)")
    if shutil.which("node") is None or shutil.which("npm") is None:
        raise LoadError("the boardgame.io peer needs node and npm on the PATH")
    workdir = workdir or cache_dir()
    workdir.mkdir(parents=True, exist_ok=True)
    stale = not (workdir / "node_modules").is_dir()
    for name in PEER_FILES:
        if not (source / name).is_file():
            continue
        target = workdir / name
        if not target.is_file() or not filecmp.cmp(source / name, target, shallow=False):
            shutil.copyfile(source / name, target)
            stale = stale or name.startswith("package")
    if stale:
        done = subprocess.run(
            ["npm", "install", "--no-audit", "--no-fund", "--loglevel=error"],
            cwd=workdir,
            capture_output=True,
            text=True,
        )
        if done.returncode != 0:
            raise LoadError(f"npm install failed in {workdir}:\n{done.stderr[-2000:]}")
    return workdir


def parse_loadtest_line(output: str) -> dict[str, float]:
    """``matches=100 moves=... p95_ms=...`` as numbers; the last such line wins."""
    lines = [line for line in output.splitlines() if "moves_per_s=" in line]
    if not lines:
        raise LoadError(f"the boardgame.io load test printed no result:\n{output[-2000:]}")
    return {key: float(value) for key, value in LINE.findall(lines[-1])}


def run_loadtest(workdir: Path, port: int, matches: int, moves: int) -> dict[str, float]:
    env = {**os.environ, "PORT": str(port), "M": str(matches), "K": str(moves)}
    done = subprocess.run(
        ["node", "loadtest.js"],
        cwd=workdir,
        env=env,
        capture_output=True,
        text=True,
        timeout=LOADTEST_DEADLINE_SECONDS + 120,
    )
    if done.returncode != 0:
        raise LoadError(f"the boardgame.io load test failed:\n{done.stderr[-2000:]}")
    return parse_loadtest_line(done.stdout)


def children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def moves_per_match(matches: int, seconds: float, last: dict[str, float] | None) -> int:
    """K for the next run: a warm-up of about 2,000 moves first, then as many moves per match as
    fill ``seconds`` at the speed the last run showed (its wall time includes setting up)."""
    if last is None:
        return max(20, -(-WARMUP_MOVES_TOTAL // matches))
    target = min(seconds, LOADTEST_DEADLINE_SECONDS * 0.8)
    scale = target / max(last["wall_s"], 0.001)
    return max(20, int(last["moves"] / matches * scale * 1.1))


def measure_bgio(*, matches: int, seconds: float, workdir: Path) -> JsonDict:
    """The boardgame.io peer, installed in ``workdir`` by :func:`prepare_bgio`, at ``matches``
    concurrent matches for about ``seconds``."""
    port = free_port()
    log_path = workdir / "server.log"
    with log_path.open("wb") as log_file:
        server = subprocess.Popen(
            ["node", "server.js"],
            cwd=workdir,
            env={**os.environ, "PORT": str(port)},
            stdout=log_file,
            stderr=subprocess.STDOUT,
        )
    try:
        wait_until_listening(port, server, log_path, path="/games")
        line = run_loadtest(workdir, port, matches, moves_per_match(matches, seconds, None))
        for _ in range(CALIBRATION_RUNS):  # each run short of the time warms up the next
            per_match = moves_per_match(matches, seconds, line)
            cpu_before, client_before = process_cpu_seconds(server.pid), children_cpu_seconds()
            line = run_loadtest(workdir, port, matches, per_match)
            server_cpu = process_cpu_seconds(server.pid) - cpu_before
            client_cpu = children_cpu_seconds() - client_before
            if line["wall_s"] >= 0.6 * min(seconds, LOADTEST_DEADLINE_SECONDS):
                break
        peak = process_peak_rss_bytes(server.pid)
    finally:
        stop_process(server)
    wall, moves = line["wall_s"], int(line["moves"])
    return {
        "peer": "boardgame.io",
        "matches": matches,
        "seconds": wall,
        "moves": moves,
        "moves_per_match": per_match,
        "moves_per_second": line["moves_per_s"],
        "move_ms": {
            "count": moves,
            "p50": line["p50_ms"],
            "p95": line["p95_ms"],
            "p99": line["p99_ms"],
            "max": line["max_ms"],
        },
        "server": {
            "cpu_seconds": round(server_cpu, 3),
            "cpu_ms_per_move": round(1000 * server_cpu / moves, 3) if moves else None,
            "cpu_share": round(server_cpu / wall, 3) if wall else None,
            "peak_rss_mb": round(peak / 2**20, 1),
        },
        "client": {
            "cpu_seconds": round(client_cpu, 3),
            "cpu_share": round(client_cpu / wall, 3) if wall else None,
        },
        "note": "wall time includes creating the matches and connecting their sockets",
    }
