"""``monolith arena`` and ``monolith analyze``: tournaments between bots, and balance reports."""

from __future__ import annotations

import time
from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from monolith.bots import arena
from monolith.bots.arena import GameResult, Summary
from monolith.design.plots import tournament_plot
from monolith.design.pool import play_games
from monolith.design.report import (
    EXPORT_SUFFIXES,
    Section,
    Setup,
    balance_figures,
    balance_sections,
    export_games,
    game_record,
    write_report,
)
from monolith.games import get_game
from monolith.usage import CliError, check_output, parse_bot_names


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
        raise CliError(f"--workers must be at least 1, not {workers}")
    specs = arena.schedule(game, names, games, seed, options)
    started = time.perf_counter()
    hook = (lambda _: on_game()) if on_game else None
    if backend == "process":
        results = play_games(specs, workers=workers, on_result=hook)
    else:
        results = arena.run(specs, workers=workers, backend=backend, on_result=hook)
    return arena.summarize(game, results, time.perf_counter() - started), results


def arena_plot(path: Path, summary: Summary, results: Sequence[GameResult], *, seed: int) -> None:
    scores: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for seat, name in enumerate(r.seats):
            scores[name].append(r.scores[seat])
    tournament_plot(
        path,
        title=f"{get_game(summary.game).info.title}: {summary.games} games · rule options: "
        + (", ".join(f"{k}={v}" for k, v in results[0].options) if results else "none")
        + f" · seed {seed}",
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
        play_games(specs, workers=count, on_result=hook)
        rates.append(games / (time.perf_counter() - started))
    return Scaling(game, games, workers, rates[0], rates[1])


# The balance report ------------------------------------------------------------------------------


def analyze(
    *,
    game: str,
    games: int,
    players: int,
    bot: str = "greedy",
    seed: int = 0,
    workers: int = 1,
    options: dict[str, Any] | None = None,
    out: Path,
    export: Path | None = None,
    force: bool = False,
    on_game: Callable[[], None] | None = None,
) -> tuple[Setup, list[Section]]:
    """Play bot games and write a balance report (Markdown, or one HTML file, by the suffix).

    Bot names are cycled over the seats and the line-up rotates one seat each game. Every path is
    checked before the first game (an existing file is refused unless ``force``). The sections
    are returned for the terminal."""
    names = parse_bot_names(bot)
    lineup = tuple(names[k % len(names)] for k in range(players))
    rules = get_game(game)
    rules.info.check_players(players)
    resolved = rules.info.resolve_options(options)
    check_output(out, "--out", (".md", ".html"), force=force)
    check_output(export, "--export", EXPORT_SUFFIXES, force=force)
    specs = arena.schedule(game, lineup, games, seed, resolved)
    results = play_games(
        specs, workers=workers, on_result=(lambda _: on_game()) if on_game else None
    )
    setup = Setup(game, players, lineup, seed, resolved, len(results))
    sections = balance_sections(setup, results)
    title = f"{rules.info.title} balance report"
    write_report(out, title, setup, sections, balance_figures(setup, results))
    if export is not None:
        export_games(export, [game_record(setup, r) for r in results])
    return setup, sections
