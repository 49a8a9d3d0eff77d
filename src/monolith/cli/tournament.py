"""``monolith arena`` and ``monolith analyze``: tournaments between bots, and balance reports."""

from __future__ import annotations

import base64
import html
import statistics
import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from monolith.bots import arena
from monolith.bots.arena import GameResult, Summary, wilson_interval
from monolith.cli.plots import histogram_plot, rates_plot, tournament_plot
from monolith.cli.runner import CliError, parse_bot_names
from monolith.games import get_game


def run_arena(
    *,
    game: str,
    bots: str,
    games: int,
    seed: int = 0,
    workers: int = 1,
    backend: str = "process",
    options: dict[str, Any] | None = None,
    on_game: Callable[[], None] | None = None,
) -> tuple[Summary, list[GameResult]]:
    """Play ``games`` games between the listed bots (one seat each, seats rotated every game)."""
    names = parse_bot_names(bots)
    rules = get_game(game)
    rules.info.check_players(len(names))
    rules.info.resolve_options(options)
    if workers < 1:
        raise CliError("--workers must be at least 1")
    specs = arena.schedule(game, names, games, seed, options)
    started = time.perf_counter()
    results = arena.run(
        specs,
        workers=workers,
        backend=backend,
        on_result=(lambda _: on_game()) if on_game else None,
    )
    return arena.summarize(game, results, time.perf_counter() - started), results


def arena_plot(path: Path, summary: Summary, results: Sequence[GameResult]) -> None:
    scores: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for seat, name in enumerate(r.seats):
            scores[name].append(r.scores[seat])
    tournament_plot(
        path,
        title=f"{summary.game}: {summary.games} games",
        scores=scores,
        seat_wins=summary.seat_wins,
        games=summary.games,
    )


@dataclass(frozen=True)
class Scaling:
    """Games per second of one tournament schedule on one worker and on ``workers``."""

    game: str
    games: int
    workers: int
    one_worker_games_per_second: float
    many_workers_games_per_second: float

    @property
    def speedup(self) -> float:
        return self.many_workers_games_per_second / self.one_worker_games_per_second

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "games": self.games,
            "workers": self.workers,
            "one_worker_games_per_second": round(self.one_worker_games_per_second, 3),
            "many_workers_games_per_second": round(self.many_workers_games_per_second, 3),
            "speedup": round(self.speedup, 3),
        }


def arena_scaling(
    *,
    game: str,
    bots: str,
    games: int,
    workers: int = 2,
    seed: int = 0,
    on_game: Callable[[], None] | None = None,
) -> Scaling:
    """The same games on one worker, then on ``workers``: the reference is measured in the same
    run, so the ratio holds on a shared machine where absolute speeds do not."""
    names = parse_bot_names(bots)
    get_game(game).info.check_players(len(names))
    specs = arena.schedule(game, names, games, seed)
    hook = (lambda _: on_game()) if on_game else None
    rates = []
    for count in (1, workers):
        started = time.perf_counter()
        arena.run(specs, workers=count, on_result=hook)
        rates.append(games / (time.perf_counter() - started))
    return Scaling(game, games, workers, rates[0], rates[1])


# The balance report ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Rate:
    label: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def cells(self) -> list[str]:
        low, high = wilson_interval(self.wins, self.games)
        return [self.label, str(self.games), f"{self.rate:.1%}", f"{low:.1%} – {high:.1%}"]


def _tag_rates(results: Sequence[GameResult]) -> dict[str, list[Rate]]:
    """Win rate per value of every per-seat tag (lists count each item held)."""
    tallies: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for r in results:
        for seat, tags in enumerate(r.tags):
            won = int(r.ranking[0] == seat)
            for tag, value in tags.items():
                values = value if isinstance(value, list) else [value]
                for item in values:
                    tally = tallies[tag][str(item)]
                    tally[0] += won
                    tally[1] += 1
    return {
        tag: [Rate(label, w, g) for label, (w, g) in sorted(values.items())]
        for tag, values in tallies.items()
    }


def analyze(
    *,
    game: str,
    games: int,
    players: int,
    bot: str = "greedy",
    seed: int = 0,
    workers: int = 1,
    out: Path,
    on_game: Callable[[], None] | None = None,
) -> Path:
    """Play bot games and write a balance report (Markdown, or HTML by the file's suffix)."""
    names = parse_bot_names(bot)
    seats = [names[k % len(names)] for k in range(players)]
    rules = get_game(game)
    rules.info.check_players(players)
    if out.suffix not in {".md", ".html"}:
        raise CliError(f"the report must be a .md or .html file, not {out.name!r}")
    specs = arena.schedule(game, seats, games, seed)
    results = arena.run(
        specs, workers=workers, on_result=(lambda _: on_game()) if on_game else None
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    figures = out.parent / f"{out.stem}-figures"
    figures.mkdir(exist_ok=True)

    seat_rates = [
        Rate(f"seat {s}", sum(r.ranking[0] == s for r in results), len(results))
        for s in range(players)
    ]
    order_rates = []
    if all(r.first_player is not None for r in results):
        for position in range(players):
            wins = sum(
                r.ranking[0] == (int(r.first_player or 0) + position) % players for r in results
            )
            order_rates.append(Rate(f"{_ordinal(position + 1)} in turn order", wins, len(results)))
    tag_rates = _tag_rates(results)
    lengths = [float(r.turns) for r in results]
    spreads = [max(r.scores) - min(r.scores) for r in results]
    margins = [
        r.scores[r.ranking[0]] - r.scores[r.ranking[1]] if players > 1 else 0.0 for r in results
    ]

    plots: list[tuple[str, Path]] = []

    def plot_rates(title: str, rates: Sequence[Rate], name: str) -> None:
        path = figures / f"{name}.png"
        rates_plot(
            path,
            title=title,
            labels=[r.label for r in rates],
            wins=[r.wins for r in rates],
            games=[r.games for r in rates],
        )
        plots.append((title, path))

    plot_rates("win rate by seat", seat_rates, "seats")
    if order_rates:
        plot_rates("win rate by turn order", order_rates, "turn-order")
    for tag, rates in tag_rates.items():
        if len(rates) > 1:
            plot_rates(f"win rate by {tag}", rates, _slug(tag))
    length_path = figures / "game-length.png"
    histogram_plot(length_path, title="game length", values=lengths, xlabel="turns")
    plots.append(("game length", length_path))
    spread_path = figures / "score-spread.png"
    histogram_plot(
        spread_path, title="winner's margin", values=margins, xlabel="points over the runner-up"
    )
    plots.append(("winner's margin", spread_path))

    sections: list[tuple[str, list[str], list[list[str]]]] = []
    header = ["", "games", "win rate", "95% interval"]
    if order_rates:
        sections.append(("First-player advantage", header, [r.cells() for r in order_rates]))
    sections.append(("Seat advantage", header, [r.cells() for r in seat_rates]))
    for tag, rates in tag_rates.items():
        sections.append((f"Win rate by {tag}", header, [r.cells() for r in rates]))
    sections.append(
        (
            "Game length and score spread",
            ["measure", "median", "mean", "min", "max"],
            [
                _stats_row("turns", lengths),
                _stats_row("score spread (best − worst)", spreads),
                _stats_row("winner's margin", margins),
            ],
        )
    )
    title = f"{rules.info.title} balance report"
    intro = (
        f"{len(results)} games, {players} players, bots: {', '.join(seats)}, seed {seed}. "
        "Intervals are 95% Wilson intervals; a fair share is "
        f"{1 / players:.0%} per seat."
    )
    if out.suffix == ".md":
        out.write_text(_markdown(title, intro, sections, plots, out.parent))
    else:
        out.write_text(_html(title, intro, sections, plots))
    return out


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in text.lower()).strip("-")


def _stats_row(label: str, values: Sequence[float]) -> list[str]:
    return [
        label,
        f"{statistics.median(values):.1f}",
        f"{statistics.fmean(values):.1f}",
        f"{min(values):.0f}",
        f"{max(values):.0f}",
    ]


def _markdown(
    title: str,
    intro: str,
    sections: Sequence[tuple[str, list[str], list[list[str]]]],
    plots: Sequence[tuple[str, Path]],
    base: Path,
) -> str:
    lines = [f"# {title}", "", intro, ""]
    for heading, header, rows in sections:
        lines += [f"## {heading}", "", "| " + " | ".join(header) + " |"]
        lines.append("|" + "---|" * len(header))
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        lines.append("")
    lines += ["## Plots", ""]
    lines += [f"![{caption}]({path.relative_to(base)})" for caption, path in plots]
    return "\n".join(lines) + "\n"


def _html(
    title: str,
    intro: str,
    sections: Sequence[tuple[str, list[str], list[list[str]]]],
    plots: Sequence[tuple[str, Path]],
) -> str:
    e = html.escape
    parts = [
        "<!doctype html><html><head><meta charset='utf-8'>",
        f"<title>{e(title)}</title><style>body{{font-family:sans-serif;max-width:980px;"
        "margin:2em auto}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid "
        "#ccc;padding:4px 10px;text-align:right}td:first-child{text-align:left}</style>",
        f"</head><body><h1>{e(title)}</h1><p>{e(intro)}</p>",
    ]
    for heading, header, rows in sections:
        parts.append(f"<h2>{e(heading)}</h2><table><tr>")
        parts += [f"<th>{e(h)}</th>" for h in header]
        parts.append("</tr>")
        for row in rows:
            parts.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>")
        parts.append("</table>")
    parts.append("<h2>Plots</h2>")
    for caption, path in plots:
        data = base64.b64encode(path.read_bytes()).decode()
        parts.append(
            f"<figure><img alt='{e(caption)}' src='data:image/png;base64,{data}'></figure>"
        )
    parts.append("</body></html>")
    return "".join(parts)
