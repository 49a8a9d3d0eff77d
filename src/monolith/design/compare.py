"""``monolith compare``: the same games under two rule settings, and what changed.

Both settings play the same game seeds with the same line-up (rotated one seat each game), so the
difference is the rules' and not the luck of the draw: seat win shares, first-player share, tie
rate, mean score and game length, each with a 95% interval and a p-value.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from monolith.bots import arena
from monolith.bots.arena import GameResult
from monolith.design import plots
from monolith.design.pool import play_games
from monolith.design.report import (
    Section,
    Setup,
    Share,
    describe_test,
    game_record,
    p_text,
    round_name,
    score_timeline,
    seat_shares,
    seat_test,
)
from monolith.design.stats import (
    FEW,
    Test,
    bootstrap_mean_difference,
    chi_square_table,
    mann_whitney,
    newcombe_interval,
    share_difference,
)
from monolith.games import get_game
from monolith.usage import CliError


@dataclass(frozen=True)
class Difference:
    """One measure under both settings: values, the difference b − a, its interval and test."""

    measure: str
    n: tuple[int, int]
    a: float
    b: float
    low: float
    high: float
    test: Test
    share: bool
    """A share (shown in %) rather than a mean."""

    @property
    def difference(self) -> float:
        return self.b - self.a

    def cells(self) -> list[str]:
        def show(value: float, signed: bool = False) -> str:
            sign = "+" if signed else ""
            return f"{value:{sign}.1%}" if self.share else f"{value:{sign}.2f}"

        return [
            self.measure,
            f"{self.n[0]} / {self.n[1]}",
            show(self.a),
            show(self.b),
            show(self.difference, signed=True),
            f"{show(self.low, True)} – {show(self.high, True)}",
            p_text(self.test.p).removeprefix("p = ").removeprefix("p "),
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "measure": self.measure,
            "n": list(self.n),
            "a": self.a,
            "b": self.b,
            "difference": self.difference,
            "interval_95": [self.low, self.high],
            **self.test.to_json(),
        }


@dataclass(frozen=True)
class Comparison:
    a: Setup
    b: Setup
    a_label: str
    b_label: str
    a_results: list[GameResult]
    b_results: list[GameResult]
    rows: list[Difference]
    seat_table: Test
    """Chi-square test that the winning seat's distribution is the same under both settings."""
    seat_tests: tuple[Test, Test]
    """Each setting's own test of equal seat shares."""

    @property
    def subtitle(self) -> str:
        a = self.a
        return (
            f"{a.games} games per setting · {a.players} players · bots: {a.bots_text} · "
            f"rule options A: {a.options_text}; B: {self.b.options_text} · "
            f"the same game seeds for both (seed {a.seed})"
        )

    def section(self) -> Section:
        section = Section(
            f"A: {self.a_label}   B: {self.b_label}",
            "B − A is the change from A to B. Intervals are 95%: Newcombe's for shares, a "
            "seeded bootstrap (2000 resamples) for means. p-values: chi-square for shares, "
            "Mann-Whitney for scores and lengths. Games: A / B.",
            ["measure", "games", "A", "B", "B − A", "95% interval", "p"],
            data=[row.to_json() for row in self.rows],
        )
        for row in self.rows:
            section.add(row.cells(), min(row.n) < FEW)
        section.test = " ".join(
            [
                describe_test(self.seat_table, "the winning seat is spread alike under both"),
                f"Seat advantage within {self.a_label}: {p_text(self.seat_tests[0].p)}; "
                f"within {self.b_label}: {p_text(self.seat_tests[1].p)} "
                "(test that every seat wins equally often).",
            ]
        )
        return section

    def figure(self) -> bytes:
        name = round_name(self.a.game)
        bands: dict[str, plots.Band] = {}
        longest = 0
        for label, results in ((self.a_label, self.a_results), (self.b_label, self.b_results)):
            pooled = [_pooled(r) for r in results]
            rounds, band, _ = score_timeline(pooled, 1)
            bands[label] = band["seat 1"]
            longest = max(longest, len(rounds))
        for label, (mean, low, high) in list(bands.items()):  # pad the shorter setting
            pad = longest - len(mean)
            bands[label] = (
                [*mean, *[mean[-1]] * pad],
                [*low, *[low[-1]] * pad],
                [*high, *[high[-1]] * pad],
            )
        return plots.comparison_figure(
            title=f"{self.a.title}: {self.a_label} against {self.b_label}",
            subtitle=self.subtitle,
            settings=[self.a_label, self.b_label],
            seat_wins=[
                [s.wins for s in seat_shares(self.a_results, self.a.players)],
                [s.wins for s in seat_shares(self.b_results, self.b.players)],
            ],
            games=[len(self.a_results), len(self.b_results)],
            rounds=list(range(1, longest + 1)),
            bands=bands,
            round_name=name,
        )

    def records(self) -> list[dict[str, Any]]:
        """Every game of both settings for ``--export``, each marked with its setting."""
        return [
            {"setting": label, **game_record(setup, r)}
            for label, setup, results in (
                (self.a_label, self.a, self.a_results),
                (self.b_label, self.b, self.b_results),
            )
            for r in results
        ]

    def to_json(self) -> dict[str, Any]:
        return {
            "a": {**self.a.to_json(), "label": self.a_label},
            "b": {**self.b.to_json(), "label": self.b_label},
            "rows": [row.to_json() for row in self.rows],
            "seat_distribution": self.seat_table.to_json(),
            "seat_advantage": [test.to_json() for test in self.seat_tests],
        }


def _pooled(r: GameResult) -> GameResult:
    """A game seen as one mean score per round (for the one-line-per-setting chart)."""
    timeline = tuple((statistics.fmean(scores),) for scores in r.timeline)
    return GameResult(
        r.index, r.seats, r.scores, r.ranking, r.first_player, r.turns, 0.0, (), timeline=timeline
    )


def _share_row(measure: str, a: Share, b: Share) -> Difference:
    low, high = newcombe_interval(b.wins, b.n, a.wins, a.n)
    test = share_difference(a.wins, a.n, b.wins, b.n)
    return Difference(measure, (a.n, b.n), a.rate, b.rate, low, high, test, share=True)


def _mean_row(measure: str, a: Sequence[float], b: Sequence[float], seed: int) -> Difference:
    _, low, high = bootstrap_mean_difference(b, a, seed=seed)
    return Difference(
        measure,
        (len(a), len(b)),
        statistics.fmean(a),
        statistics.fmean(b),
        low,
        high,
        mann_whitney(a, b),
        share=False,
    )


def _first_share(results: Sequence[GameResult]) -> Share | None:
    if not all(r.first_player is not None for r in results):
        return None
    wins = sum(r.ranking[0] == r.first_player for r in results)
    return Share("first player", wins, len(results))


def setting_label(options: dict[str, object]) -> str:
    return ", ".join(f"{k}={v}" for k, v in options.items()) or "the defaults"


def compare(
    *,
    game: str,
    a_options: dict[str, object],
    b_options: dict[str, object],
    games: int,
    players: int,
    bots: Sequence[str],
    seed: int = 0,
    workers: int = 1,
    on_game: Callable[[int], None] | None = None,
) -> Comparison:
    """Play the same ``games`` seeds under both option sets and compare them.

    ``on_game(setting)`` is called after each game of setting 0 or 1.
    """
    rules = get_game(game)
    rules.info.check_players(players)
    a = rules.info.resolve_options(a_options)
    b = rules.info.resolve_options(b_options)
    if a == b:
        raise CliError(
            f"--option and --vs give the same rules ({setting_label(a)}): nothing to compare"
        )
    lineup = tuple(bots[k % len(bots)] for k in range(players))
    outcomes = []
    for k, options in enumerate((a, b)):
        specs = arena.schedule(rules.info.name, lineup, games, seed, options)
        hook = (lambda _, k=k: on_game(k)) if on_game else None
        outcomes.append(play_games(specs, workers=workers, on_result=hook))
    a_results, b_results = outcomes
    a_label, b_label = setting_label(a_options or a), setting_label(b_options or b)
    rows = []
    a_seats, b_seats = seat_shares(a_results, players), seat_shares(b_results, players)
    for sa, sb in zip(a_seats, b_seats, strict=True):
        rows.append(_share_row(f"{sa.label} wins", sa, sb))
    first_a, first_b = _first_share(a_results), _first_share(b_results)
    if first_a is not None and first_b is not None:
        rows.append(_share_row("first player wins", first_a, first_b))
    rows.append(
        _share_row(
            "ties (top score shared)",
            Share("ties", sum(len(r.tied) > 1 for r in a_results), len(a_results)),
            Share("ties", sum(len(r.tied) > 1 for r in b_results), len(b_results)),
        )
    )
    rows.append(
        _mean_row(
            "mean score",
            [statistics.fmean(r.scores) for r in a_results],
            [statistics.fmean(r.scores) for r in b_results],
            seed,
        )
    )
    rows.append(
        _mean_row(
            "winner's score",
            [r.scores[r.ranking[0]] for r in a_results],
            [r.scores[r.ranking[0]] for r in b_results],
            seed + 1,
        )
    )
    rows.append(
        _mean_row(
            "length (turns)",
            [float(r.turns) for r in a_results],
            [float(r.turns) for r in b_results],
            seed + 2,
        )
    )
    table = chi_square_table([[s.wins for s in a_seats], [s.wins for s in b_seats]])
    return Comparison(
        a=Setup(rules.info.name, players, lineup, seed, a, len(a_results)),
        b=Setup(rules.info.name, players, lineup, seed, b, len(b_results)),
        a_label=a_label,
        b_label=b_label,
        a_results=a_results,
        b_results=b_results,
        rows=rows,
        seat_table=table,
        seat_tests=(seat_test(a_seats, players), seat_test(b_seats, players)),
    )
