"""Plots of ``monolith bench-server`` reports: moves per second and the POST's p95 against the
number of concurrent matches, one line per server set-up and way of playing, peers beside them.

A series of points is easier to read as two lines than as a table of twenty rows, and several
reports (SQLite and PostgreSQL, one and two processes) only compare on one chart. Reports are the
JSON objects ``bench-server --json`` prints; :func:`read_report` checks one before it is drawn.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from monolith.core import JsonDict
from monolith.load.bench_server import PEERS
from monolith.load.players import MODES
from monolith.usage import CliError

PEER_LABELS = {"bgio": "boardgame.io 0.50 (in memory)", "floor": "floor (bare Python HTTP server)"}
"""How the chart names each of bench-server's peers (:data:`PEERS`)."""

PALETTE = ("#1f77b4", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#ff7f0e", "#7f7f7f")
"""Line colours, in order (matplotlib's own cycle, orange kept for the peers that come last)."""


@dataclass(frozen=True)
class Series:
    """One line of the chart: a set-up's points, by concurrent matches."""

    label: str
    matches: tuple[int, ...]
    moves_per_second: tuple[float, ...]
    post_p95_ms: tuple[float | None, ...]
    peer: bool = False


def read_report(path: Path) -> JsonDict:
    """A saved ``bench-server --json`` report; :class:`CliError` saying what is wrong if the file
    is not one."""
    try:
        report = json.loads(path.read_text())
    except FileNotFoundError:
        raise CliError(f"no such report: {str(path)!r}") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CliError(f"{str(path)!r} is not a JSON report of bench-server: {error}") from None
    problem = _problem(report)
    if problem:
        raise CliError(f"{str(path)!r} is not a report of bench-server: {problem}")
    assert isinstance(report, dict)
    return report


def _problem(report: Any) -> str | None:
    if not isinstance(report, dict):
        return "it is not a JSON object"
    runs = report.get("runs")
    if not isinstance(runs, list) or not runs:
        return "it has no list of runs"
    for run in runs:
        if not isinstance(run, dict) or type(run.get("matches")) is not int:
            return "a run does not say how many matches it had"
        kinds = [k for k in (*MODES, *PEERS) if isinstance(run.get(k), dict)]
        if not kinds:
            return f"the run at {run['matches']} matches holds no measured mode"
        for kind in kinds:
            moves = run[kind].get("moves_per_second")
            if not isinstance(moves, int | float) or isinstance(moves, bool):
                return f"the {kind} run at {run['matches']} matches has no moves per second"
    return None


def _setup(report: JsonDict) -> str:
    """How the report's server ran: its database, processes and the legal actions asked for."""
    database = str(report.get("database", ""))
    kind = "PostgreSQL" if database.startswith("postgres") else "SQLite"
    workers = report.get("workers", 1)
    processes = "1 process" if workers == 1 else f"{workers} processes"
    legal = ", bare ids" if report.get("legal") == "ids" else ""
    return f"{kind}, {processes}{legal}"


def series_of(report: JsonDict) -> list[Series]:
    """The report's lines: one per way of playing, then one per peer."""
    runs = sorted(report["runs"], key=lambda run: run["matches"])
    lines = []
    for kind in (*MODES, *PEERS):
        points = [run for run in runs if isinstance(run.get(kind), dict)]
        if not points:
            continue
        peer = kind in PEERS
        label = PEER_LABELS[kind] if peer else f"{_setup(report)}, {kind}"
        lines.append(
            Series(
                label=label,
                matches=tuple(run["matches"] for run in points),
                moves_per_second=tuple(float(run[kind]["moves_per_second"]) for run in points),
                post_p95_ms=tuple(_p95(run[kind]) for run in points),
                peer=peer,
            )
        )
    return lines


def _p95(run: JsonDict) -> float | None:
    post = run.get("post_ms")
    if isinstance(post, dict) and isinstance(post.get("p95"), int | float):
        return float(post["p95"])
    return None


def load_plot(path: Path, reports: Sequence[JsonDict], *, title: str | None = None) -> list[Series]:
    """Write the chart of ``reports`` to ``path`` (PNG): moves/s on the left, the action's p95 on
    the right (peers that answer no POST only on the left), both against concurrent matches;
    the lines drawn, in order. A peer measured in several reports is drawn once, from the
    first."""
    lines: list[Series] = []
    seen: set[str] = set()
    for report in reports:
        for line in series_of(report):
            if line.peer and line.label in seen:
                continue
            seen.add(line.label)
            lines.append(line)
    lines.sort(key=lambda line: line.peer)  # ours first, peers after (a stable sort)
    ticks = sorted({m for line in lines for m in line.matches})
    figure = Figure(figsize=(11, 4.4))
    rate, latency = figure.subplots(1, 2)
    for index, line in enumerate(lines):
        colour = PALETTE[index % len(PALETTE)]  # the same line in the same colour on both sides
        style: dict[str, Any] = {"color": colour, "marker": "o"}
        if line.peer:
            style.update(linestyle="--", marker="s")
        rate.plot(line.matches, line.moves_per_second, label=line.label, **style)
        timed = [
            (m, p) for m, p in zip(line.matches, line.post_p95_ms, strict=True) if p is not None
        ]
        if timed:
            latency.plot(*zip(*timed, strict=True), label=line.label, **style)
    for axis in (rate, latency):
        axis.set_xscale("log")
        axis.set_xlabel("concurrent two-player matches")
        axis.grid(True, which="major", alpha=0.3)
        axis.set_xticks(ticks, [str(m) for m in ticks])
    rate.set_ylabel("moves per second")
    rate.set_ylim(bottom=0)
    latency.set_yscale("log")
    latency.set_ylabel("an action's round trip, p95 (ms)")
    rate.legend(fontsize=7, loc="upper left")
    if title:
        figure.suptitle(title, fontsize=10)
    figure.tight_layout()
    figure.savefig(path, dpi=110)
    return lines
