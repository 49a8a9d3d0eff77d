"""The players' commands: ``play`` in the terminal and ``review`` of a finished game (``serve``,
the browser table, is in :mod:`monolith.cli.serve`).

Each parses its options and calls :mod:`monolith.cli.play` or :mod:`monolith.cli.review`, imported
when the command runs so that ``monolith --help`` stays quick.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from monolith.cli.common import (
    GameArg,
    Language,
    NoProgress,
    Workers,
    every_core,
    progress_bar,
    user_errors,
)
from monolith.usage import CliError, parse_bot_names


def play(
    game: GameArg,
    players: Annotated[
        int | None,
        typer.Option("--players", "-p", help="number of seats (default: 2, or the game's fewest)"),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            help="bots for the seats without a human, comma-separated, cycled (default: greedy)",
        ),
    ] = None,
    humans: Annotated[
        int | None,
        typer.Option("--humans", help="human seats (hot seat), taking seats 0 .. H-1 (default: 1)"),
    ] = None,
    seed: Annotated[int | None, typer.Option(help="seed of the game (default: random)")] = None,
    names: Annotated[
        str | None, typer.Option("--names", help="the human players' names, comma-separated")
    ] = None,
    lang: Language = None,
    save: Annotated[
        Path | None, typer.Option("--save", help="write the game to this file after every move")
    ] = None,
    resume: Annotated[
        Path | None,
        typer.Option("--resume", help="continue the game saved in this file, at its table"),
    ] = None,
    hints: Annotated[
        bool | None,
        typer.Option(
            "--hints/--no-hints",
            help="let h ask the coach for the best decisions (default: on with one human)",
        ),
    ] = None,
) -> None:
    """Play in the terminal against bots, or hot seat with friends.

    At any prompt: ? shows the rules and every symbol, u takes back your last decision, h asks
    the coach for a hint (when hints are on), q quits.
    """
    from monolith.cli.play import (
        Abandoned,
        chosen_language,
        load_match,
        play_match,
        table_language,
    )
    from monolith.core.i18n import localizer
    from monolith.games import get_game

    console = Console(highlight=False)
    with user_errors():
        language = chosen_language(lang)
        rules = get_game(game)
        words = localizer(rules, language)
        resumed = load_match(resume, rules, words) if resume is not None else None
        if resumed is not None and players is not None and players != resumed.record.players:
            raise CliError(
                words.text(
                    "term-resume-players",
                    file=str(resume),
                    players=resumed.record.players,
                    asked=players,
                )
            )
        if resumed is not None:
            if seed is not None and seed != resumed.record.seed:
                raise CliError(words.text("term-resume-seed", file=str(resume)))
            seats = resumed.record.players
        else:
            seats = players if players is not None else rules.info.default_players
        chosen_seed = seed if seed is not None else random.SystemRandom().randrange(2**31)
        bot_names = parse_bot_names(bots) if bots is not None else None
        given = [name.strip() for name in names.split(",") if name.strip()] if names else None
        try:
            play_match(
                game=rules,
                players=seats,
                humans=humans,
                bots=bot_names,
                seed=chosen_seed,
                console=console,
                lang=table_language(lang, resumed),
                names=given,
                save=save if save is not None else resume,
                resume=resumed,
                hints=hints,
            )
        except Abandoned as gone:
            err = Console(stderr=True, highlight=False, soft_wrap=True)  # a command to copy, whole
            err.print(Text(gone.goodbye))
            raise typer.Exit(130 if gone.interrupted else 1) from None


def review(
    record: Annotated[Path, typer.Argument(help="a finished game saved by 'monolith play --save'")],
    seat: Annotated[
        list[int] | None,
        typer.Option("--seat", help="review this seat, 1-4 (repeatable; default: the humans)"),
    ] = None,
    everything: Annotated[
        bool, typer.Option("--all", help="list every decision, not only the marked ones")
    ] = False,
    iterations: Annotated[
        int | None,
        typer.Option(
            help="search iterations per decision (default: the coach's review budget, "
            "monolith.bots.coach.REVIEW)"
        ),
    ] = None,
    workers: Workers = None,
    lang: Language = None,
    no_progress: NoProgress = False,
) -> None:
    """The coach's review of a finished game: each decision against the best one it finds,
    marked good, inaccuracy, mistake or blunder, and each seat's win chance over the game."""
    from monolith.bots.coach import REVIEW, CoachBudget
    from monolith.cli.play import chosen_language
    from monolith.cli.review import core_words, load_finished, render_review, review_game
    from monolith.core.i18n import localizer

    console = Console(highlight=False)
    err = Console(stderr=True)
    with user_errors():
        if iterations is not None and iterations < REVIEW.runs:
            raise CliError(f"--iterations must be at least {REVIEW.runs}, not {iterations}")
        language = chosen_language(lang)
        words = core_words(language)
        finished = load_finished(record, words)
        words = localizer(finished.game, language)
        with progress_bar(err, enabled=not no_progress) as bar:
            task = bar.add_task(words.text("coach-review-judging"), total=None)
            reviewed = review_game(
                finished,
                seats=[s - 1 for s in seat] if seat else None,
                budget=CoachBudget(iterations=iterations or REVIEW.iterations, runs=REVIEW.runs),
                workers=every_core(workers),
                on_total=lambda total: bar.update(task, total=total),
                on_decision=lambda: bar.advance(task),
            )
    console.print(render_review(reviewed, words, everything=everything))
