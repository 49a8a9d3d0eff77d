"""``monolith ladder``: run the strength ladder and write its table (Markdown, JSON) and plot."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path

from matplotlib.figure import Figure

from monolith.bots.ladder import (
    SETUPS,
    Setup,
    Step,
    StepResult,
    load_step,
    run_step,
    schedule_games,
    steps,
)
from monolith.usage import CliError


def run_ladder(
    *,
    setups: Sequence[str],
    games: Sequence[int] | None,
    seed: int,
    folder: Path,
    workers: int,
    on_step: Callable[[Step, int], None] | None = None,
    on_game: Callable[[], None] | None = None,
) -> list[StepResult]:
    """Every step of the named setups, playing only games not already kept in ``folder``;
    ``on_step(step, games)`` before each step's games."""
    unknown = [key for key in setups if key not in SETUPS]
    if unknown:
        raise CliError(f"unknown ladder {unknown[0]!r}; ladders: {', '.join(SETUPS)}")
    if workers < 1:
        raise CliError("--workers must be at least 1")
    results = []
    for key in setups:
        setup = SETUPS[key]
        try:
            counts = schedule_games(setup, games)
        except ValueError as error:
            raise CliError(str(error)) from None
        for step, count in zip(steps(setup), counts, strict=True):
            if count == 0:
                continue
            if on_step is not None:
                on_step(step, count)
            results.append(
                run_step(
                    step, games=count, seed=seed, folder=folder, workers=workers, on_game=on_game
                )
            )
    return results


def with_kept(folder: Path, results: Sequence[StepResult], seed: int) -> list[StepResult]:
    """``results`` and every other step whose games are kept in ``folder`` (with the same seed
    and bots), in ladder order: a run of one setup, or of one step, leaves the others' rows in
    the table and the plot."""
    played = {r.step.name: r for r in results}
    found = []
    for setup in SETUPS.values():
        for step in steps(setup):
            kept = played.get(step.name) or load_step(folder / f"{step.name}.json", step, seed)
            if kept.games:
                found.append(kept)
    return found


def ladder_markdown(results: Sequence[StepResult]) -> str:
    """The ladder as a Markdown table: one row per step."""
    lines = [
        "| game | step | games | higher wins | win rate | 95% interval | fair share "
        "| significant | wall time |",
        "|---|---|---|---|---|---|---|---|---|",
    ]
    for r in results:
        setup = r.step.setup
        low, high = r.interval
        games = len(r.games)
        rate = r.wins / games if games else 0.0
        lines.append(
            f"| {setup.game}, {setup.players}p | {r.step.higher} > {r.step.lower} | {games} "
            f"| {r.wins} | {rate:.1%} | {low:.1%} – {high:.1%} | {setup.fair_share:.0%} "
            f"| {'yes' if r.significant else 'no'} | {_duration(r.seconds)} |"
        )
    return "\n".join(lines) + "\n"


def _duration(seconds: float) -> str:
    minutes = round(seconds / 60)
    return f"{minutes // 60} h {minutes % 60:02d} min" if minutes >= 60 else f"{minutes} min"


def ladder_plot(path: Path, results: Sequence[StepResult]) -> None:
    """One panel per setup: each step's win rate with its interval, against the fair share."""
    by_setup: dict[str, list[StepResult]] = {}
    for r in results:
        by_setup.setdefault(r.step.setup.key, []).append(r)
    figure = Figure(figsize=(5.5 * len(by_setup), 4.2))
    axes = figure.subplots(1, len(by_setup), squeeze=False)[0]
    for axis, rows in zip(axes, by_setup.values(), strict=True):
        setup: Setup = rows[0].step.setup
        labels = [f"{r.step.higher}\n> {r.step.lower}" for r in rows]
        rates = [r.wins / len(r.games) if r.games else 0.0 for r in rows]
        # an interval's ends can miss a rate of 0 or 1 by a rounding error
        below = [max(0.0, rate - r.interval[0]) for rate, r in zip(rates, rows, strict=True)]
        above = [max(0.0, r.interval[1] - rate) for rate, r in zip(rates, rows, strict=True)]
        colours = ["#3f8f4f" if r.significant else "#c0504d" for r in rows]
        axis.bar(labels, rates, yerr=[below, above], capsize=4, color=colours)
        axis.axhline(setup.fair_share, color="grey", linestyle="--", linewidth=1)
        axis.text(
            len(rows) - 0.5,
            setup.fair_share + 0.015,
            f"fair share {setup.fair_share:.0%}",
            ha="right",
            color="dimgrey",
            fontsize=8,
            bbox={"facecolor": "white", "edgecolor": "none", "alpha": 0.85, "pad": 1.5},
        )
        axis.set_ylim(0, 1)
        axis.set_ylabel("higher bot's win rate (95% interval)")
        higher = "one higher bot, three lower" if setup.players == 4 else "head to head"
        axis.set_title(f"{setup.game}, {setup.players} players: {higher}", fontsize=10)
        axis.tick_params(axis="x", labelsize=7)
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def write_ladder(folder: Path, results: Sequence[StepResult]) -> tuple[Path, Path, Path]:
    """``ladder.md`` (the table), ``ladder.json`` (the steps without their games) and
    ``ladder.png`` (the plot) in ``folder``, beside the per-step files."""
    folder.mkdir(parents=True, exist_ok=True)
    table = folder / "ladder.md"
    table.write_text(ladder_markdown(results))
    summary = folder / "ladder.json"
    rows = [{k: v for k, v in r.to_json().items() if k != "results"} for r in results]
    summary.write_text(json.dumps(rows, indent=1) + "\n")
    plot = folder / "ladder.png"
    ladder_plot(plot, results)
    return table, summary, plot
