"""``monolith review RECORD``: a finished game from a saved record, judged decision by decision.

The record (``monolith play --save FILE``) is replayed, each decision of the seats under review is
judged by the coach from the view its player had (:mod:`monolith.bots.review`), on several worker
processes when asked, and the result is drawn as a table per seat: every decision the coach marks
(or every one, with ``everything``), what it would have played instead, the win chance after the
move and what it cost, and the seat's win chance over the game as a line of bars.

A review prints nothing its reader could not see: the reader is the record's only human seat
(nobody's in particular at a hot seat, or with bots alone), and another seat's decision whose
options would give away a hidden card (:func:`~monolith.bots.review.shown_to_all`, as the web's
review decides) keeps its numbers and mark but not what was played or preferred.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from monolith.bots.coach import REVIEW, CoachBudget
from monolith.bots.reasons import consequence
from monolith.bots.review import (
    MARKS,
    SeatSummary,
    Verdict,
    judge,
    shown_to_all,
    summarize,
    tasks_for,
)
from monolith.cli.play import (
    SavedGame,
    decision_words,
    percent,
    read_record,
    terminal_tools,
    title_of,
)
from monolith.cli.runner import CliError
from monolith.core import AnyGame, MatchRecord
from monolith.core.i18n import Localizer, core_messages, seat_names
from monolith.games.screen import Voice

MARK_STYLES = {"good": "green", "inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "red"}
MARK_SIGNS = {"good": "", "inaccuracy": "?!", "mistake": "?", "blunder": "??"}
"""The chess annotator's signs for each mark, beside its word."""
BARS = "▁▂▃▄▅▆▇█"


@dataclass(frozen=True)
class Finished:
    """A finished game read back from its record: every state along it and every action."""

    game: AnyGame
    record: SavedGame
    states: list[Any]
    actions: list[Any]


def core_words(lang: str) -> Localizer:
    """The words every game shares, for what is said before the record names its game."""
    english = Localizer("en", [core_messages("en")]) if lang != "en" else None
    return Localizer(lang, [core_messages(lang)], fallback=english)


def load_finished(path: Path, words: Localizer) -> Finished:
    """The finished game in ``path``; :class:`CliError` saying why a file cannot be reviewed."""
    read = read_record(path, words)
    if not read.game.is_terminal(read.states[-1]):
        raise CliError(words.text("coach-review-not-over", file=str(path)))
    return Finished(read.game, read.record, read.states, read.actions)


@dataclass(frozen=True)
class Reviewed:
    """The verdicts on a finished game's decisions and each reviewed seat's summary."""

    finished: Finished
    seats: list[int]
    verdicts: list[Verdict]
    summaries: list[SeatSummary]


def review_game(
    finished: Finished,
    *,
    seats: Sequence[int] | None = None,
    budget: CoachBudget = REVIEW,
    workers: int = 1,
    on_total: Callable[[int], None] = lambda total: None,
    on_decision: Callable[[], None] = lambda: None,
) -> Reviewed:
    """Judge the decisions of ``seats`` (default: the record's human seats, else every seat),
    on ``workers`` processes (one: in this process)."""
    game, record = finished.game, finished.record
    chosen = list(seats if seats is not None else record.humans or range(record.players))
    for seat in chosen:
        if not 0 <= seat < record.players:
            raise CliError(f"--seat must be 1-{record.players}, not {seat + 1}")
    tasks = tasks_for(game, finished.states, finished.actions, chosen, budget=budget)
    on_total(len(tasks))
    verdicts: list[Verdict] = []
    if workers <= 1:
        for task in tasks:
            verdicts.append(judge(task))
            on_decision()
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for verdict in pool.map(judge, tasks):
                verdicts.append(verdict)
                on_decision()
    return Reviewed(finished, chosen, verdicts, summarize(verdicts, chosen))


def names_of(words: Localizer, record: SavedGame) -> list[str]:
    """Seat names as at the table: people by the names they played under (else their seat's
    number), bots by their gem."""
    people = set(record.humans if record.humans is not None else range(record.players))
    given = record.table.names if record.table is not None else []
    defaults = seat_names(words, record.players, given)
    return [
        defaults[seat] if seat in people else words.text("bot-name", seat=seat)
        for seat in range(record.players)
    ]


def reader_of(record: MatchRecord) -> int | None:
    """Whose eyes the review is for: the one human seat of the record; ``None`` (everyone at the
    table, so no one's secrets) at a hot seat, with bots alone, or when the record does not say."""
    humans = record.humans or []
    return humans[0] if len(humans) == 1 else None


def sparkline(points: Sequence[tuple[int, float]]) -> str:
    """Win chances as a line of bars, one per judged decision."""
    return "".join(BARS[min(len(BARS) - 1, int(win * len(BARS)))] for _, win in points)


def render_review(reviewed: Reviewed, words: Localizer, *, everything: bool = False) -> Group:
    """A table per reviewed seat, with a summary line and the win-chance line above it."""
    finished = reviewed.finished
    game, record = finished.game, finished.record
    names = names_of(words, record)
    reader = reader_of(record)
    parts: list[RenderableType] = [
        Text(
            words.text(
                "coach-review-title", game=title_of(game, words), moves=len(finished.actions)
            ),
            style="bold",
        )
    ]
    for summary in reviewed.summaries:
        voice = Voice(words, names, summary.seat)
        parts.append(Text(""))
        parts.append(
            Text(
                words.text(
                    "coach-review-seat",
                    name=names[summary.seat],
                    decisions=summary.decisions,
                    **{name: summary.marks[name] for name in MARKS},
                ),
                style="bold",
            )
        )
        if not summary.decisions:
            continue
        line = Text(words.text("coach-review-graph") + " ")
        line.append(sparkline(summary.graph), style="cyan")
        parts.append(line)
        shown = [
            v
            for v in reviewed.verdicts
            if v.seat == summary.seat and (everything or v.mark != "good")
        ]
        if not shown:
            parts.append(Text(words.text("coach-review-all-good"), style="green"))
            continue
        parts.append(decision_table(shown, finished, voice, reader))
    return Group(*parts)


def decision_table(
    verdicts: Sequence[Verdict], finished: Finished, voice: Voice, reader: int | None = None
) -> Table:
    """One row per decision: when, what was played, what the coach prefers, the win chance
    after it, what it cost and the mark; under the coach's choice on a marked decision, what it
    does that the move played does not (:func:`~monolith.bots.reasons.consequence`). Another
    seat's decision that ``reader`` could not have named (a kept objective, the one discarded)
    says so instead of what was played and preferred."""
    game, words = finished.game, voice.words
    where = terminal_tools(game).where
    table = Table(show_lines=False, pad_edge=False)
    table.add_column(words.text("coach-review-col-move"), justify="right", no_wrap=True)
    table.add_column(words.text("coach-review-col-chosen"), ratio=3)
    table.add_column(words.text("coach-review-col-best"), ratio=3)
    table.add_column(words.text("coach-review-col-win"), justify="right", no_wrap=True)
    table.add_column(words.text("coach-review-col-loss"), justify="right", no_wrap=True)
    table.add_column(words.text("coach-review-col-mark"), no_wrap=True)
    for verdict in sorted(verdicts, key=lambda v: v.index):
        state, played = finished.states[verdict.index], finished.actions[verdict.index]
        hidden = verdict.seat != reader and not shown_to_all(game, state, played)
        chosen: str | Text
        best: str | Text
        if hidden:
            chosen = best = Text(words.text("coach-review-hidden"), style="dim")
        else:
            chosen = decision_words(game, state, played, voice, where)
            if verdict.best.id == verdict.chosen.id:
                best = Text(words.text("coach-review-same"), style="dim")
            else:
                action = game.action_from_id(verdict.best.id)
                best = Text(decision_words(game, state, action, voice, where))
                if verdict.mark != "good":
                    spectator = verdict.seat != reader
                    why = consequence(
                        game, state, played, action, seed=verdict.index, spectator=spectator
                    )
                    if why is not None:
                        best.append("\n→ " + voice.say(why), style="italic cyan")
        style = MARK_STYLES[verdict.mark]
        mark = Text(f"{MARK_SIGNS[verdict.mark]} ".lstrip(), style=style)
        mark.append(words.text("coach-mark", mark=verdict.mark), style=style)
        if verdict.unsure and verdict.mark != "good":
            mark.append(" " + words.text("coach-review-unsure"), style="dim")
        table.add_row(
            str(verdict.index + 1),
            chosen,
            best,
            words.text("coach-percent", value=percent(verdict.chosen.win)),
            words.text("coach-loss", value=percent(verdict.loss)) if percent(verdict.loss) else "",
            mark,
        )
    return table
