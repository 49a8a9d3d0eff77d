"""Plots for tournaments and balance reports (matplotlib's object API: no pyplot, no screen).

Every figure is rendered to PNG bytes, so a report can embed it in a single HTML file or write it
beside a Markdown one. Win-share charts draw the fair share (1 / players) as a dashed line and
draw bars resting on fewer than :data:`~monolith.design.stats.FEW` games in a light colour.
"""

from __future__ import annotations

import io
import textwrap
from collections.abc import Mapping, Sequence
from pathlib import Path

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.patches import Patch
from matplotlib.ticker import MaxNLocator

from monolith.bots.arena import wilson_interval
from monolith.design.stats import FEW

BAR = "#5b8def"
LIGHT = "#c9d7f7"
OTHER = "#ef8d5b"
OTHER_LIGHT = "#f7d8c9"


def png(figure: Figure) -> bytes:
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=110)
    return buffer.getvalue()


def _titles(figure: Figure, title: str, subtitle: str) -> None:
    """The title, and under it what the numbers rest on (games, bots, rule options, seed),
    wrapped to the figure's width."""
    width = int(figure.get_figwidth() * 14)
    lines = [title, *textwrap.wrap(subtitle, width)] if subtitle else [title]
    figure.suptitle("\n".join(lines), fontsize=9)


def fair_line(axis: Axes, players: int) -> None:
    fair = 1 / max(1, players)
    axis.axhline(fair, color="grey", linestyle="--", linewidth=1, label=f"fair share {fair:.0%}")


def legend(axis: Axes, light: bool, hatched: bool = False) -> None:
    """The legend, saying what a light (or hatched) bar means when there is one."""
    handles, labels = axis.get_legend_handles_labels()
    if light:
        handles.append(
            Patch(facecolor="white", edgecolor="grey", hatch="//")
            if hatched
            else Patch(color=LIGHT)
        )
        labels.append(f"{'hatched' if hatched else 'light'}: fewer than {FEW} games")
    axis.legend(handles, labels, loc="upper right", fontsize=8)


def _interval_bars(
    axis: Axes,
    labels: Sequence[str],
    wins: Sequence[int],
    games: Sequence[int],
    *,
    offset: float = 0.0,
    width: float = 0.8,
    colours: tuple[str, str] = (BAR, LIGHT),
    label: str | None = None,
    hatch_few: bool = False,
) -> None:
    """Bars of win share with their Wilson intervals; few games: the light colour (or, where the
    colour names a setting, hatching)."""
    rates = [w / g if g else 0.0 for w, g in zip(wins, games, strict=True)]
    intervals = [wilson_interval(w, g) for w, g in zip(wins, games, strict=True)]
    below = [max(0.0, r - lo) for r, (lo, _) in zip(rates, intervals, strict=True)]
    above = [max(0.0, hi - r) for r, (_, hi) in zip(rates, intervals, strict=True)]
    colour = [colours[0] if g >= FEW or hatch_few else colours[1] for g in games]
    positions = [k + offset for k in range(len(labels))]
    bars = axis.bar(
        positions,
        rates,
        width=width,
        yerr=[below, above],
        capsize=4,
        color=colour,
        label=label,
        error_kw={"ecolor": "#555555"},
    )
    if hatch_few:
        for bar, n in zip(bars, games, strict=True):
            if n < FEW:
                bar.set_hatch("//")
                bar.set_edgecolor("white")
    axis.set_xticks(range(len(labels)), list(labels))
    axis.set_ylim(0, 1)
    axis.set_ylabel("win share (95% interval)")


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
    seats = [f"seat {k + 1}" for k in range(len(seat_wins))]
    _interval_bars(right, seats, seat_wins, [games] * len(seat_wins))
    fair_line(right, len(seat_wins))
    legend(right, games < FEW)
    right.set_title("seat advantage")
    figure.suptitle(title)
    figure.tight_layout()
    figure.savefig(path, dpi=110)


def rates_figure(
    *,
    title: str,
    subtitle: str,
    labels: Sequence[str],
    wins: Sequence[int],
    games: Sequence[int],
    players: int,
) -> bytes:
    """Win share per category with intervals and the fair share (one bar per seat, card...)."""
    figure = Figure(figsize=(max(6.0, 0.8 * len(labels) + 2), 4.4))
    axis = figure.subplots()
    _interval_bars(axis, labels, wins, games)
    fair_line(axis, players)
    legend(axis, any(g < FEW for g in games))
    axis.tick_params(axis="x", labelrotation=30 if len(labels) > 4 else 0)
    _titles(figure, title, subtitle)
    figure.tight_layout()
    return png(figure)


def histogram_figure(*, title: str, subtitle: str, values: Sequence[float], xlabel: str) -> bytes:
    figure = Figure(figsize=(6.4, 4))
    axis = figure.subplots()
    axis.hist(values, bins=min(30, max(5, len(set(values)))), color="#7a5bef")
    axis.set_xlabel(xlabel)
    axis.set_ylabel("games")
    _titles(figure, title, subtitle)
    figure.tight_layout()
    return png(figure)


Band = tuple[Sequence[float], Sequence[float], Sequence[float]]
"""A mean per round and the low and high ends of its 95% band."""


def _bands(axis: Axes, rounds: Sequence[int], bands: Mapping[str, Band], round_name: str) -> None:
    for label, (mean, low, high) in bands.items():
        (line,) = axis.plot(rounds, mean, marker="o", markersize=3, label=label)
        axis.fill_between(rounds, low, high, alpha=0.2, color=line.get_color())
    axis.xaxis.set_major_locator(MaxNLocator(integer=True))
    axis.set_xlabel(round_name)
    axis.set_ylabel("mean score (95% band)")
    axis.legend(fontsize=8)


def timeline_figure(
    *, title: str, subtitle: str, rounds: Sequence[int], bands: Mapping[str, Band], round_name: str
) -> bytes:
    """Mean score at the end of each round, one line per seat (or setting), with its band."""
    figure = Figure(figsize=(7, 4.2))
    _bands(figure.subplots(), rounds, bands, round_name)
    _titles(figure, title, subtitle)
    figure.tight_layout()
    return png(figure)


def summary_figure(
    *,
    title: str,
    subtitle: str,
    seat_wins: Sequence[int],
    games: int,
    rounds: Sequence[int],
    bands: Mapping[str, Band],
    round_name: str,
) -> bytes:
    """What ``simulate --plot`` draws: win share per seat beside the score over time."""
    figure = Figure(figsize=(12, 4.6))
    left, right = figure.subplots(1, 2)
    seats = [f"seat {k + 1}" for k in range(len(seat_wins))]
    _interval_bars(left, seats, seat_wins, [games] * len(seat_wins))
    fair_line(left, len(seat_wins))
    legend(left, games < FEW)
    left.set_title("win share by seat", fontsize=10)
    _bands(right, rounds, bands, round_name)
    right.set_title("score over time", fontsize=10)
    _titles(figure, title, subtitle)
    figure.tight_layout()
    return png(figure)


def comparison_figure(
    *,
    title: str,
    subtitle: str,
    settings: Sequence[str],
    seat_wins: Sequence[Sequence[int]],
    games: Sequence[int],
    rounds: Sequence[int],
    bands: Mapping[str, Band],
    round_name: str,
) -> bytes:
    """What ``compare`` draws: each setting's win share per seat side by side, and the mean score
    over time of each setting."""
    figure = Figure(figsize=(12, 4.6))
    left, right = figure.subplots(1, 2)
    players = len(seat_wins[0])
    seats = [f"seat {k + 1}" for k in range(players)]
    palettes = [(BAR, LIGHT), (OTHER, OTHER_LIGHT)]
    for k, (name, wins, n) in enumerate(zip(settings, seat_wins, games, strict=True)):
        _interval_bars(
            left,
            seats,
            wins,
            [n] * players,
            offset=(k - 0.5) * 0.4,
            width=0.4,
            colours=palettes[k % 2],
            label=name,
            hatch_few=True,
        )
    fair_line(left, players)
    legend(left, min(games) < FEW, hatched=True)
    left.set_title("win share by seat", fontsize=10)
    _bands(right, rounds, bands, round_name)
    right.set_title("score over time (all seats)", fontsize=10)
    _titles(figure, title, subtitle)
    figure.tight_layout()
    return png(figure)
