"""Plots for tournaments and balance reports (matplotlib's object API: no pyplot, no screen)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure

from monolith.bots.arena import wilson_interval


def _interval_bars(
    axis: Axes, labels: Sequence[str], wins: Sequence[int], games: Sequence[int]
) -> None:
    rates = [w / g if g else 0.0 for w, g in zip(wins, games, strict=True)]
    intervals = [wilson_interval(w, g) for w, g in zip(wins, games, strict=True)]
    below = [r - lo for r, (lo, _) in zip(rates, intervals, strict=True)]
    above = [hi - r for r, (_, hi) in zip(rates, intervals, strict=True)]
    axis.bar(labels, rates, yerr=[below, above], capsize=4, color="#5b8def")
    axis.set_ylim(0, 1)
    axis.set_ylabel("win rate (95% interval)")


def tournament_plot(
    path: Path,
    *,
    title: str,
    scores: Mapping[str, Sequence[float]],
    seat_wins: Sequence[int],
    games: int,
) -> None:
    """Score distribution per bot, and win rate per seat with its interval."""
    figure = Figure(figsize=(11, 4.2))
    left, right = figure.subplots(1, 2)
    names = list(scores)
    left.boxplot([list(scores[name]) for name in names], tick_labels=names, showmeans=True)
    left.set_title("final scores by bot")
    left.set_ylabel("score")
    seats = [f"seat {k}" for k in range(len(seat_wins))]
    _interval_bars(right, seats, seat_wins, [games] * len(seat_wins))
    fair = 1 / max(1, len(seat_wins))
    right.axhline(fair, color="grey", linestyle="--", linewidth=1, label=f"fair share {fair:.0%}")
    right.legend(loc="upper right")
    right.set_title("seat advantage")
    figure.suptitle(title)
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def rates_plot(
    path: Path, *, title: str, labels: Sequence[str], wins: Sequence[int], games: Sequence[int]
) -> None:
    """Win rate per category with intervals (one bar per shaman, card, seat...)."""
    figure = Figure(figsize=(max(5.0, 0.8 * len(labels) + 2), 4))
    axis = figure.subplots()
    _interval_bars(axis, labels, wins, games)
    axis.set_title(title)
    axis.tick_params(axis="x", labelrotation=30)
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def histogram_plot(path: Path, *, title: str, values: Sequence[float], xlabel: str) -> None:
    figure = Figure(figsize=(6, 3.6))
    axis = figure.subplots()
    axis.hist(values, bins=min(30, max(5, len(set(values)))), color="#7a5bef")
    axis.set_title(title)
    axis.set_xlabel(xlabel)
    axis.set_ylabel("games")
    figure.tight_layout()
    figure.savefig(path, dpi=110)
