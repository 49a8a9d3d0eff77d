"""Balance reports from finished bot games: the numbers, how sure they are, and how to show them.

One list of :class:`~monolith.bots.arena.GameResult` becomes a list of :class:`Section` (a table
with its counts, intervals and test) and a list of figures; the same sections are printed in the
terminal, written as Markdown or as one self-contained HTML file, and returned as JSON. Every
report names what it rests on (:class:`Setup`: games, players, bots, rule options, seed).
"""

from __future__ import annotations

import base64
import csv
import html
import json
import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from monolith.bots.arena import GameResult
from monolith.core.companions import companions
from monolith.design import plots
from monolith.design.stats import FEW, Test, binomial_test, chi_square_fair, wilson_interval
from monolith.games import get_game
from monolith.usage import CliError

# What a report rests on ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """What a run of games was: the numbers in a report mean nothing without it."""

    game: str
    players: int
    lineup: tuple[str, ...]
    """The bots of the first game, seat by seat; later games rotate them one seat on."""
    seed: int
    options: dict[str, object]
    """Every rule option, defaults filled in."""
    games: int

    @property
    def title(self) -> str:
        return str(get_game(self.game).info.title)

    @property
    def options_text(self) -> str:
        return ", ".join(f"{k}={v}" for k, v in self.options.items()) or "none"

    @property
    def bots_text(self) -> str:
        text = ", ".join(self.lineup)
        return text + " (seats rotated every game)" if len(set(self.lineup)) > 1 else text

    @property
    def subtitle(self) -> str:
        return (
            f"{self.games} games · {self.players} players · bots: {self.bots_text} · "
            f"rule options: {self.options_text} · seed {self.seed}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "bots": list(self.lineup),
            "seed": self.seed,
            "options": self.options,
            "games": self.games,
        }


def parse_options(pairs: Sequence[str] | None, flag: str = "--option") -> dict[str, object]:
    """``tower=sticky`` pairs as rule options; whole numbers become ints."""
    options: dict[str, object] = {}
    for pair in pairs or []:
        name, sep, value = pair.partition("=")
        if not sep or not name.strip():
            raise CliError(f"{flag} takes name=value, not {pair!r}")
        text = value.strip()
        options[name.strip()] = int(text) if text.lstrip("-").isdigit() else text
    return options


# Numbers ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Share:
    """A count out of a number of games (or seat-games), with its 95% Wilson interval."""

    label: str
    wins: int
    n: int

    @property
    def rate(self) -> float:
        return self.wins / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.n)

    @property
    def few(self) -> bool:
        return self.n < FEW

    def cells(self) -> list[str]:
        low, high = self.interval
        return [self.label, str(self.n), f"{self.rate:.1%}", f"{low:.1%} – {high:.1%}"]

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "label": self.label,
            "wins": self.wins,
            "n": self.n,
            "share": round(self.rate, 4),
            "interval_95": [round(low, 4), round(high, 4)],
        }


def mean_band(values: Sequence[float]) -> tuple[float, float, float]:
    """A mean and its 95% band (normal approximation: mean ± 1.96 standard errors)."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, mean, mean
    half = 1.959964 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def p_text(p: float) -> str:
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}"


def describe_test(test: Test, what: str) -> str:
    """A test's outcome in a sentence, for the reader."""
    if test.name == "exact binomial":
        return f"Exact binomial test that {what}: {p_text(test.p)}."
    return (
        f"Chi-square test that {what}: χ² = {test.statistic:.2f}, df {test.df}, {p_text(test.p)}."
    )


def seat_shares(results: Sequence[GameResult], players: int) -> list[Share]:
    return [
        Share(f"seat {s + 1}", sum(r.ranking[0] == s for r in results), len(results))
        for s in range(players)
    ]


def seat_test(shares: Sequence[Share], players: int) -> Test:
    """Two seats: the exact binomial test of seat 1's share; more: chi-square of every seat."""
    if players == 2:
        return binomial_test(shares[0].wins, shares[0].n, 0.5)
    return chi_square_fair([share.wins for share in shares])


def score_timeline(
    results: Sequence[GameResult], players: int
) -> tuple[list[int], dict[str, plots.Band], list[int]]:
    """Mean score per seat at the end of each round with its band, and how many games lasted
    that long; a game that ended earlier counts with its final score (scores are final)."""
    longest = max(len(r.timeline) for r in results)
    rounds = list(range(1, longest + 1))
    lasted = [sum(len(r.timeline) >= k for r in results) for k in rounds]
    bands: dict[str, plots.Band] = {}
    for seat in range(players):
        means, lows, highs = [], [], []
        for k in range(longest):
            values = [r.timeline[min(k, len(r.timeline) - 1)][seat] for r in results]
            mean, low, high = mean_band(values)
            means.append(mean)
            lows.append(low)
            highs.append(high)
        bands[f"seat {seat + 1}"] = (means, lows, highs)
    return rounds, bands, lasted


def round_name(game: str) -> str:
    analysis = companions(get_game(game)).analysis
    return analysis.ROUND if analysis is not None else "round"


# Sections -----------------------------------------------------------------------------------------


@dataclass
class Section:
    """One table of a report: what it shows, how to read it, its rows and its test."""

    heading: str
    note: str
    columns: list[str]
    rows: list[list[str]] = field(default_factory=list)
    few: list[bool] = field(default_factory=list)
    """Per row: resting on fewer than :data:`FEW` games, so shown greyed."""
    test: str = ""
    data: Any = None
    """The same numbers for JSON."""

    def add(self, cells: list[str], few: bool = False) -> None:
        self.rows.append(cells)
        self.few.append(few)

    def to_json(self) -> dict[str, Any]:
        return {"heading": self.heading, "note": self.note, "test": self.test, "data": self.data}


SHARE_COLUMNS = ["", "games", "win share", "95% interval"]
SEAT_GAME_COLUMNS = ["", "seat-games", "win share", "95% interval"]
SEAT_GAMES_NOTE = (
    "Counted in seat-games: one for each player in each game who had it, so a game can count "
    "more than once."
)


def _share_section(
    heading: str, note: str, shares: Sequence[Share], columns: list[str], test: str = ""
) -> Section:
    section = Section(heading, note, columns, test=test, data=[s.to_json() for s in shares])
    for share in shares:
        section.add(share.cells(), share.few)
    return section


def _tallies(results: Sequence[GameResult], field_name: str) -> dict[str, list[Share]]:
    """Win share per value of every per-seat tag or outcome (a list counts each item held)."""
    tallies: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0]))
    for r in results:
        for seat, tags in enumerate(getattr(r, field_name)):
            won = int(r.ranking[0] == seat)
            for tag, value in tags.items():
                for item in value if isinstance(value, list) else [value]:
                    tally = tallies[tag][str(item)]
                    tally[0] += won
                    tally[1] += 1
    return {
        tag: sorted((Share(label, w, g) for label, (w, g) in values.items()), key=lambda s: -s.rate)
        for tag, values in tallies.items()
    }


@dataclass(frozen=True)
class CardLine:
    """What happened to one card each time it was offered."""

    card: str
    offered: int
    prices: list[int]
    taken: Share
    passed: Share

    @property
    def effect(self) -> float:
        return self.taken.rate - self.passed.rate


def card_lines(results: Sequence[GameResult]) -> list[CardLine]:
    """Per card: how often it was offered and taken, the price paid, and the win share of the
    player who took it against that of the players who let it go (seat-offers)."""
    offered: Counter[str] = Counter()
    prices: dict[str, list[int]] = defaultdict(list)
    taken: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    passed: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for r in results:
        winner = r.ranking[0]
        for card, taker, price in r.cards:
            offered[card] += 1
            if taker >= 0:
                prices[card].append(price)
                taken[card][0] += winner == taker
                taken[card][1] += 1
            for seat in range(len(r.seats)):
                if seat != taker:
                    passed[card][0] += winner == seat
                    passed[card][1] += 1
    lines = [
        CardLine(
            card,
            offered[card],
            prices[card],
            Share("taken", *taken[card]),
            Share("passed over", *passed[card]),
        )
        for card in offered
    ]
    return sorted(lines, key=lambda line: -line.effect)


def balance_sections(setup: Setup, results: Sequence[GameResult]) -> list[Section]:
    """Every table of a balance report, in reading order."""
    players = setup.players
    n = len(results)
    fair = f"A fair share is {1 / players:.0%} (one in {players})."
    sections: list[Section] = []
    seats = seat_shares(results, players)
    sections.append(
        _share_section(
            "Seat advantage",
            f"Win share of each seat (clockwise from seat 1), out of {n} games. {fair}",
            seats,
            SHARE_COLUMNS,
            describe_test(seat_test(seats, players), "every seat wins equally often"),
        )
    )
    if players > 1 and all(r.first_player is not None for r in results):
        order = [
            Share(
                f"{_ordinal(k + 1)} in turn order",
                sum(r.ranking[0] == (int(r.first_player or 0) + k) % players for r in results),
                n,
            )
            for k in range(players)
        ]
        first = binomial_test(order[0].wins, n, 1 / players)
        spread = chi_square_fair([share.wins for share in order])
        sections.append(
            _share_section(
                "First-player advantage",
                f"Win share by place in the first {round_name(setup.game)}'s turn order. {fair}",
                order,
                SHARE_COLUMNS,
                describe_test(first, "the first player wins a fair share")
                + " "
                + describe_test(spread, "every place in turn order wins equally often"),
            )
        )
    names = sorted({name for r in results for name in r.seats})
    if len(names) > 1:
        bots = [
            Share(
                name,
                sum(r.seats[r.ranking[0]] == name for r in results),
                sum(r.seats.count(name) for r in results),
            )
            for name in names
        ]
        sections.append(
            _share_section(
                "Win share by bot",
                f"{SEAT_GAMES_NOTE} {fair}",
                sorted(bots, key=lambda s: -s.rate),
                SEAT_GAME_COLUMNS,
            )
        )
    sections.append(_score_section(results, players))
    ties = Share("games whose top score was shared", sum(len(r.tied) > 1 for r in results), n)
    sections.append(
        _share_section(
            "Ties",
            "Games in which two or more players ended with the top score; the game's "
            "tie-breaks chose the winner.",
            [ties],
            ["", "games", "share", "95% interval"],
        )
    )
    for tag, shares in _tallies(results, "tags").items():
        sections.append(
            _share_section(
                f"Win share by {tag}",
                f"{SEAT_GAMES_NOTE} {fair} Sorted by win share.",
                shares,
                SEAT_GAME_COLUMNS,
            )
        )
    cards = card_lines(results)
    if cards:
        sections.append(_card_section(cards, fair))
    for tag, shares in _tallies(results, "outcomes").items():
        sections.append(
            _share_section(
                f"Outcome, not cause: win share by {tag}",
                "This count follows from how a player was doing, so it says how games went, "
                f"not what makes a player win. {SEAT_GAMES_NOTE}",
                shares,
                SEAT_GAME_COLUMNS,
            )
        )
    if all(r.sources for r in results):
        sections.append(_source_section(results))
    sections.append(_timeline_section(setup, results))
    lengths = [float(r.turns) for r in results]
    spreads = [max(r.scores) - min(r.scores) for r in results]
    margins = [
        r.scores[r.ranking[0]] - r.scores[r.ranking[1]] if players > 1 else 0.0 for r in results
    ]
    length = Section(
        "Game length and score spread",
        f"Over {n} games; a turn is one decision of one player.",
        ["measure", "games", "median", "mean", "min", "max"],
        data={"turns": lengths, "spread": spreads, "margin": margins},
    )
    for label, values in (
        ("turns", lengths),
        ("score spread (best − worst)", spreads),
        ("winner's margin over the runner-up", margins),
    ):
        length.add(_stats_row(label, values), len(values) < FEW)
    sections.append(length)
    return sections


def _score_section(results: Sequence[GameResult], players: int) -> Section:
    section = Section(
        "Final score by seat",
        "Mean final score of each seat with its 95% interval.",
        ["", "games", "mean score", "95% interval"],
        data=[],
    )
    for seat in range(players):
        values = [r.scores[seat] for r in results]
        mean, low, high = mean_band(values)
        section.add(
            [f"seat {seat + 1}", str(len(values)), f"{mean:.2f}", f"{low:.2f} – {high:.2f}"],
            len(values) < FEW,
        )
        section.data.append({"seat": seat + 1, "mean": mean, "interval_95": [low, high]})
    return section


def _card_section(cards: Sequence[CardLine], fair: str) -> Section:
    section = Section(
        "Cards: taken, price paid, and who won",
        "Each time a card was offered: how often someone took it, the mean price paid for it, "
        "the win share of the player who took it and of the players who let it go (counted in "
        "seat-offers: one per player per offer). Sorted by the gap between the two. "
        f"{fair} Greyed: taken fewer than {FEW} times.",
        [
            "card",
            "offered",
            "take rate",
            "mean price",
            "takers",
            "won when taken",
            "95% interval",
            "passed over",
            "won when passed over",
        ],
        data=[],
    )
    for line in cards:
        low, high = line.taken.interval
        price = f"{statistics.fmean(line.prices):.1f}" if line.prices else "–"
        section.add(
            [
                line.card,
                str(line.offered),
                f"{line.taken.n / line.offered:.0%}",
                price,
                str(line.taken.n),
                f"{line.taken.rate:.1%}",
                f"{low:.1%} – {high:.1%}",
                str(line.passed.n),
                f"{line.passed.rate:.1%}",
            ],
            line.taken.few,
        )
        section.data.append(
            {
                "card": line.card,
                "offered": line.offered,
                "taken": line.taken.to_json(),
                "passed_over": line.passed.to_json(),
                "mean_price": statistics.fmean(line.prices) if line.prices else None,
            }
        )
    return section


def _source_section(results: Sequence[GameResult]) -> Section:
    sources = list(results[0].sources[0])
    everyone: dict[str, list[float]] = defaultdict(list)
    winners: dict[str, list[float]] = defaultdict(list)
    for r in results:
        for seat, points in enumerate(r.sources):
            for source in sources:
                everyone[source].append(points[source])
                if seat == r.ranking[0]:
                    winners[source].append(points[source])
    total = sum(sum(v) for v in everyone.values()) or 1.0
    section = Section(
        "Where points come from",
        "Mean points per player per game from each source, for every player and for the "
        "winners, and each source's share of all points scored.",
        ["source", "seat-games", "mean, every player", "mean, winners", "share of all points"],
        data={},
    )
    for source in sorted(sources, key=lambda s: -sum(everyone[s])):
        section.add(
            [
                source,
                str(len(everyone[source])),
                f"{statistics.fmean(everyone[source]):.2f}",
                f"{statistics.fmean(winners[source]):.2f}",
                f"{sum(everyone[source]) / total:.1%}",
            ],
            len(everyone[source]) < FEW,
        )
        section.data[source] = {
            "mean": statistics.fmean(everyone[source]),
            "mean_winners": statistics.fmean(winners[source]),
        }
    return section


def _timeline_section(setup: Setup, results: Sequence[GameResult]) -> Section:
    rounds, bands, lasted = score_timeline(results, setup.players)
    name = round_name(setup.game)
    section = Section(
        "Score over time",
        f"Mean score of each seat at the end of each {name}, with its 95% interval; a game that "
        "ended sooner counts with its final score.",
        [name, "games lasting", *bands],
        data={"rounds": rounds, "lasted": lasted, "seats": bands},
    )
    for k, number in enumerate(rounds):
        cells = [f"{m[k]:.1f} ({lo[k]:.1f} – {hi[k]:.1f})" for m, lo, hi in bands.values()]
        section.add([str(number), str(lasted[k]), *cells], lasted[k] < FEW)
    return section


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _stats_row(label: str, values: Sequence[float]) -> list[str]:
    return [
        label,
        str(len(values)),
        f"{statistics.median(values):.1f}",
        f"{statistics.fmean(values):.1f}",
        f"{min(values):.0f}",
        f"{max(values):.0f}",
    ]


# Figures ------------------------------------------------------------------------------------------


def balance_figures(setup: Setup, results: Sequence[GameResult]) -> list[tuple[str, str, bytes]]:
    """``(caption, file stem, PNG)`` for each chart of a balance report."""
    players = setup.players
    sub = setup.subtitle
    figures: list[tuple[str, str, bytes]] = []

    def shares(caption: str, stem: str, rows: Sequence[Share]) -> None:
        png = plots.rates_figure(
            title=caption,
            subtitle=sub,
            labels=[s.label for s in rows],
            wins=[s.wins for s in rows],
            games=[s.n for s in rows],
            players=players,
        )
        figures.append((caption, stem, png))

    shares("win share by seat", "seats", seat_shares(results, players))
    for tag, rows in _tallies(results, "tags").items():
        if len(rows) > 1:
            shares(f"win share by {tag}", _slug(tag), rows)
    cards = card_lines(results)
    if cards:
        shares(
            "win share of the player who took each card",
            "cards-taken",
            [Share(line.card, line.taken.wins, line.taken.n) for line in cards],
        )
    rounds, bands, _ = score_timeline(results, players)
    name = round_name(setup.game)
    figures.append(
        (
            "score over time",
            "score-over-time",
            plots.timeline_figure(
                title="score over time", subtitle=sub, rounds=rounds, bands=bands, round_name=name
            ),
        )
    )
    lengths = [float(r.turns) for r in results]
    figures.append(
        (
            "game length",
            "game-length",
            plots.histogram_figure(
                title="game length", subtitle=sub, values=lengths, xlabel="turns"
            ),
        )
    )
    if players > 1:
        margins = [r.scores[r.ranking[0]] - r.scores[r.ranking[1]] for r in results]
        figures.append(
            (
                "winner's margin",
                "score-spread",
                plots.histogram_figure(
                    title="winner's margin",
                    subtitle=sub,
                    values=margins,
                    xlabel="points over the runner-up",
                ),
            )
        )
    return figures


def _slug(text: str) -> str:
    return "".join(ch if ch.isalnum() else "-" for ch in text.lower()).strip("-")


# Writing ------------------------------------------------------------------------------------------


def print_sections(
    console: Console, title: str, subtitle: str, sections: Sequence[Section]
) -> None:
    """The tables in the terminal; rows on few games dimmed (the threshold said under them)."""
    console.print(f"[bold]{title}[/bold]\n{subtitle}")
    for section in sections:
        table = Table(title=section.heading, title_justify="left")
        for k, column in enumerate(section.columns):
            table.add_column(column, justify="left" if k == 0 else "right")
        for cells, few in zip(section.rows, section.few, strict=True):
            table.add_row(*cells, style="dim" if few else None)
        console.print(table)
        console.print(section.note, style="italic")
        if section.test:
            console.print(section.test, style="bold")
        console.print()
    if any(any(section.few) for section in sections):
        console.print(
            f"[dim]Dimmed rows rest on fewer than {FEW} games: read them with care.[/dim]"
        )


def markdown(
    title: str, subtitle: str, sections: Sequence[Section], figures: Sequence[tuple[str, str]]
) -> str:
    """A Markdown report; ``figures`` are ``(caption, relative path)`` of PNGs beside it."""
    lines = [f"# {title}", "", subtitle, "", READING, ""]
    for section in sections:
        lines += [f"## {section.heading}", "", section.note, ""]
        lines += ["| " + " | ".join(section.columns) + " |", "|" + "---|" * len(section.columns)]
        for cells, few in zip(section.rows, section.few, strict=True):
            shown = [f"*{c}*" if few and c else c for c in cells]
            lines.append("| " + " | ".join(shown) + " |")
        lines.append("")
        if section.test:
            lines += [section.test, ""]
    lines += ["## Plots", ""]
    lines += [f"![{caption}]({path})" for caption, path in figures]
    return "\n".join(lines) + "\n"


READING = (
    "Intervals are 95% (Wilson's for shares). A p-value is the chance of a gap at least this "
    "large if there were no real difference; below 0.05 is the usual bar, and with many rows "
    f"some fall below it by chance. Rows resting on fewer than {FEW} games are greyed."
)


def html_page(
    title: str, subtitle: str, sections: Sequence[Section], figures: Sequence[tuple[str, bytes]]
) -> str:
    """One self-contained HTML file: styles inline, every figure a base64 PNG, no links out."""
    e = html.escape
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>{e(title)}</title><style>body{{font-family:sans-serif;max-width:1100px;"
        "margin:2em auto;padding:0 1em}table{border-collapse:collapse;margin:.5em 0}"
        "td,th{border:1px solid #ccc;padding:4px 10px;text-align:right;white-space:nowrap}"
        "td:first-child,th:first-child{text-align:left}tr.few td{color:#999}"
        ".note{color:#444}.test{font-weight:bold}img{max-width:100%}.scroll{overflow-x:auto}"
        "</style><meta name='viewport' content='width=device-width,initial-scale=1'>",
        f"</head><body><h1>{e(title)}</h1><p>{e(subtitle)}</p><p class='note'>{e(READING)}</p>",
    ]
    for section in sections:
        parts.append(
            f"<h2>{e(section.heading)}</h2><p class='note'>{e(section.note)}</p>"
            "<div class='scroll'><table><tr>"
        )
        parts += [f"<th>{e(column)}</th>" for column in section.columns]
        parts.append("</tr>")
        for cells, few in zip(section.rows, section.few, strict=True):
            row_class = " class='few'" if few else ""
            parts.append(f"<tr{row_class}>" + "".join(f"<td>{e(c)}</td>" for c in cells) + "</tr>")
        parts.append("</table></div>")
        if section.test:
            parts.append(f"<p class='test'>{e(section.test)}</p>")
    parts.append("<h2>Plots</h2>")
    for caption, png in figures:
        data = base64.b64encode(png).decode()
        parts.append(
            f"<figure><img alt='{e(caption)}' src='data:image/png;base64,{data}'>"
            f"<figcaption>{e(caption)}</figcaption></figure>"
        )
    parts.append("</body></html>")
    return "".join(parts)


def write_report(
    out: Path,
    title: str,
    setup: Setup,
    sections: Sequence[Section],
    figures: Sequence[tuple[str, str, bytes]],
) -> None:
    """Markdown (figures in a folder beside it) or one self-contained HTML file, by suffix."""
    if out.suffix.lower() == ".html":
        out.write_text(
            html_page(title, setup.subtitle, sections, [(c, png) for c, _, png in figures])
        )
        return
    folder = out.parent / f"{out.stem}-figures"
    folder.mkdir(exist_ok=True)
    paths = []
    for caption, stem, png in figures:
        (folder / f"{stem}.png").write_bytes(png)
        paths.append((caption, f"{folder.name}/{stem}.png"))
    out.write_text(markdown(title, setup.subtitle, sections, paths))


# Export -------------------------------------------------------------------------------------------

EXPORT_SUFFIXES = (".jsonl", ".csv")
EXPORT_FIELDS = (
    "game",
    "index",
    "seed",
    "options",
    "players",
    "bots",
    "first_player",
    "turns",
    "rounds",
    "scores",
    "points_by_source",
    "held",
    "cards_taken",
    "winner",
    "tied",
)
"""One record per game. Seats are numbered from 1, clockwise; per-seat fields are lists in seat
order. ``held``: what each seat had (shaman, cards at the end...); ``cards_taken``: ``[card,
price]`` pairs each seat took; ``tied``: the seats sharing the top score."""


def game_record(setup: Setup, r: GameResult) -> dict[str, Any]:
    taken: list[list[list[Any]]] = [[] for _ in r.seats]
    for card, taker, price in r.cards:
        if taker >= 0:
            taken[taker].append([card, price])
    return {
        "game": setup.game,
        "index": r.index,
        "seed": r.seed,
        "options": dict(r.options),
        "players": len(r.seats),
        "bots": list(r.seats),
        "first_player": r.first_player + 1 if r.first_player is not None else None,
        "turns": r.turns,
        "rounds": len(r.timeline),
        "scores": list(r.scores),
        "points_by_source": [dict(points) for points in r.sources],
        "held": [dict(tags) for tags in r.tags],
        "cards_taken": taken,
        "winner": r.ranking[0] + 1,
        "tied": [seat + 1 for seat in r.tied],
    }


def export_games(path: Path, records: Sequence[dict[str, Any]]) -> None:
    """One row per game (see :func:`game_record`): JSON Lines (nested) or CSV (one column per
    seat and field)."""
    if path.suffix.lower() == ".jsonl":
        with path.open("w") as out:
            for record in records:
                out.write(json.dumps(record, ensure_ascii=False) + "\n")
        return
    rows = [_flat(record) for record in records]
    columns: list[str] = []
    for row in rows:
        columns += [key for key in row if key not in columns]
    with path.open("w", newline="") as out:
        writer = csv.DictWriter(out, fieldnames=columns)
        writer.writeheader()
        writer.writerows(rows)


def _flat(record: dict[str, Any]) -> dict[str, Any]:
    """A CSV row: options as ``name=value`` pairs, per-seat lists as ``seat N ...`` columns."""
    row: dict[str, Any] = {}
    for key, value in record.items():
        if key == "options":
            row[key] = "; ".join(f"{k}={v}" for k, v in value.items())
        elif key in CSV_SEAT_FIELDS:
            for seat, item in enumerate(value):
                prefix = f"seat {seat + 1} {CSV_SEAT_FIELDS[key]}"
                if isinstance(item, dict):
                    for name, part in item.items():
                        row[f"{prefix}: {name}"] = _cell(part)
                else:
                    row[prefix] = _cell(item)
        elif key == "tied":
            row[key] = " ".join(str(seat) for seat in value)
        else:
            row[key] = value
    return row


CSV_SEAT_FIELDS = {
    "bots": "bot",
    "scores": "score",
    "points_by_source": "points from",
    "held": "had",
    "cards_taken": "cards taken",
}
"""The per-seat fields of a record and what their CSV columns are called."""


def _cell(value: Any) -> Any:
    """A list in one cell: items joined by "; ", a ``[card, price]`` pair as "card for price"."""
    if isinstance(value, list):
        return "; ".join(f"{v[0]} for {v[1]}" if isinstance(v, list) else str(v) for v in value)
    return value
