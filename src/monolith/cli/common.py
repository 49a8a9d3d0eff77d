"""What the commands share: options, the progress bar, and bad requests turned into one line.

Kept light on purpose: ``monolith --help`` imports this and the command modules, and nothing of
the games, bots, server or charts, which each command imports when it runs.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from monolith.usage import CliError

PLAYERS = "Play"
DESIGNERS = "Design: many bot games, their statistics and reports"
BENCHMARKS = "Benchmarks"

GameArg = Annotated[str, typer.Argument(help="the game: monolyth, the-monolith, ...")]
NoProgress = Annotated[
    bool, typer.Option("--no-progress", help="no progress bar (also off when not a terminal)")
]
AsJson = Annotated[bool, typer.Option("--json", help="print one JSON object on stdout")]
Force = Annotated[
    bool, typer.Option("--force", help="replace output files that already exist (refused without)")
]
Workers = Annotated[
    int | None,
    typer.Option("--workers", "-w", min=1, help="worker processes (default: every core)"),
]
Language = Annotated[
    str | None,
    typer.Option("--lang", help="language: en, es or ru (default: from LANG, else en)"),
]
Options = Annotated[
    list[str] | None,
    typer.Option("--option", help="rule option name=value, e.g. tower=sticky (repeatable)"),
]
Export = Annotated[
    Path | None,
    typer.Option(
        "--export", help="one row per game to a .jsonl or .csv file (see docs/designer.md)"
    ),
]
Html = Annotated[
    Path | None, typer.Option("--html", help="the report as one self-contained .html file")
]
Plot = Annotated[Path | None, typer.Option("--plot", help="the report's chart as a .png file")]
PlayersOption = Annotated[
    int | None,
    typer.Option("--players", "-p", help="seats per game (default: 2, or the game's fewest)"),
]
BotsOption = Annotated[
    str,
    typer.Option(
        "--bots",
        "--bot",
        help="bot name, or a comma list cycled over the seats; seats rotate every game",
    ),
]


def every_core(workers: int | None) -> int:
    """``--workers``, or every core this process may run on when it is not given."""
    from monolith.bots.arena import default_workers

    return workers if workers is not None else default_workers()


def _is_user_error(error: Exception) -> bool:
    """A bad request rather than a bug: the classes are imported only once something failed."""
    from monolith.bots import UnknownBot
    from monolith.core import GameError
    from monolith.load.processes import LoadError

    return isinstance(error, GameError | UnknownBot | CliError | LoadError)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn a bad request into one line on stderr and exit status 2, without a traceback."""
    try:
        yield
    except Exception as error:
        if not _is_user_error(error):
            raise
        Console(stderr=True, soft_wrap=True).print(f"[red]error:[/red] {error}", highlight=False)
        raise typer.Exit(2) from None


@contextmanager
def nothing_written_when_interrupted() -> Iterator[None]:
    """Ctrl-C while games are played: say so and leave with status 130; the files are written
    only after the last game, so none was."""
    try:
        yield
    except KeyboardInterrupt:
        Console(stderr=True, highlight=False).print("interrupted, nothing written")
        raise typer.Exit(130) from None


def progress_bar(console: Console, *, enabled: bool) -> Progress:
    """A progress bar on stderr with the time spent and left; disabled (not special-cased) off a
    terminal or on request."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("left"),
        TimeRemainingColumn(),
        console=console,
        disable=not (enabled and console.is_terminal),
        transient=True,
    )


def progress_label(game: str, what: str) -> str:
    """One style for every progress line about a game's games: ``The Monolith · compare``."""
    from monolith.games import get_game

    return f"{get_game(game).info.title} · {what}"


def flowed(doc: str) -> str:
    """A docstring's paragraphs, each as one line: Typer's rich help keeps the line breaks of a
    docstring, which would show as ragged lines in ``--help`` and its list of commands."""
    return "\n\n".join(" ".join(p.split()) for p in inspect.cleandoc(doc).split("\n\n"))
