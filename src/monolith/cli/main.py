"""The ``monolith`` command line: serve, play, simulate, bench, arena, analyze and bench-server.

Each command only parses options, calls a plain function with keyword arguments
(:func:`~monolith.cli.play.play_match`, :func:`~monolith.cli.simulate.simulate`,
:func:`~monolith.cli.bench.bench`, :func:`~monolith.cli.bench_server.bench_server`) and prints
its result, so the same work is callable from
Python and tests. Mistakes in the request print one line and exit with status 2.
"""

from __future__ import annotations

import inspect
import json
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from monolith.bots import UnknownBot
from monolith.bots.arena import default_workers, wilson_interval
from monolith.bots.coach import REVIEW, CoachBudget
from monolith.cli.bench import bench as run_bench
from monolith.cli.bench_peer import BGIO_DIR
from monolith.cli.bench_server import Players, Tick, parse_counts, parse_modes
from monolith.cli.bench_server import bench_server as run_bench_server
from monolith.cli.compare import compare as run_comparison
from monolith.cli.compare import setting_label
from monolith.cli.ladder import run_ladder, with_kept, write_ladder
from monolith.cli.play import Abandoned, chosen_language, load_match, play_match, table_language
from monolith.cli.plots import summary_figure
from monolith.cli.processes import LoadError
from monolith.cli.report import (
    EXPORT_SUFFIXES,
    balance_figures,
    balance_sections,
    check_output,
    describe_test,
    export_games,
    game_record,
    html_page,
    parse_options,
    print_sections,
    round_name,
    score_timeline,
    seat_shares,
    seat_test,
)
from monolith.cli.review import core_words, load_finished, render_review, review_game
from monolith.cli.runner import CliError, parse_bot_names
from monolith.cli.serve import serve
from monolith.cli.simulate import simulate as run_simulation
from monolith.cli.stats import FEW
from monolith.cli.tournament import analyze as run_analysis
from monolith.cli.tournament import arena_plot, arena_scaling, run_arena
from monolith.core import GameError
from monolith.core.i18n import localizer
from monolith.games import get_game

app = typer.Typer(
    name="monolith",
    help="Monolyth and The Monolith: the browser table, terminal play, bots, tournaments.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

app.command()(serve)

GameArg = Annotated[str, typer.Argument(help="the game: monolyth, the-monolith, ...")]
NoProgress = Annotated[
    bool, typer.Option("--no-progress", help="no progress bar (also off when not a terminal)")
]
AsJson = Annotated[bool, typer.Option("--json", help="print one JSON object on stdout")]


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn a bad request into one line on stderr and exit status 2, without a traceback."""
    try:
        yield
    except (GameError, UnknownBot, CliError, LoadError) as error:
        Console(stderr=True, soft_wrap=True).print(f"[red]error:[/red] {error}", highlight=False)
        raise typer.Exit(2) from None


def progress_bar(console: Console, *, enabled: bool) -> Progress:
    """A progress bar on stderr; disabled (not special-cased) off a terminal or on request."""
    return Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=console,
        disable=not (enabled and console.is_terminal),
        transient=True,
    )


@app.command()
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
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="language: en, es or ru (default: from LANG, else en)"),
    ] = None,
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


Workers = Annotated[
    int | None, typer.Option("--workers", "-w", help="worker processes (default: every core)")
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


@app.command()
def simulate(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="games to play")] = 100,
    players: PlayersOption = None,
    bot: BotsOption = "random",
    seed: Annotated[
        int, typer.Option(help="seed of the run; each game's seed derives from it")
    ] = 0,
    option: Options = None,
    workers: Annotated[int, typer.Option("--workers", "-w", min=1, help="worker processes")] = 1,
    plot: Plot = None,
    html: Html = None,
    export: Export = None,
    as_json: AsJson = False,
    no_progress: NoProgress = False,
) -> None:
    """Play bot games and summarise seats, scores, ties and speed."""
    err = Console(stderr=True)
    with user_errors():
        names = parse_bot_names(bot)
        rules = get_game(game)
        players = players if players is not None else rules.info.default_players
        rules.info.check_players(players)
        options = rules.info.resolve_options(parse_options(option))
        check_output(plot, "--plot", (".png",))
        check_output(html, "--html", (".html",))
        check_output(export, "--export", EXPORT_SUFFIXES)
        with progress_bar(err, enabled=not no_progress) as bar:
            task = bar.add_task(f"{rules.info.title} games", total=games)
            result = run_simulation(
                game=game,
                games=games,
                players=players,
                bots=names,
                seed=seed,
                options=options,
                workers=workers,
                on_game=lambda: bar.advance(task),
            )
    setup = result.setup
    if plot is not None:
        rounds, bands, _ = score_timeline(result.results, players)
        plot.write_bytes(
            summary_figure(
                title=f"{setup.title}: win share by seat and score over time",
                subtitle=setup.subtitle,
                seat_wins=result.wins(),
                games=result.games,
                rounds=rounds,
                bands=bands,
                round_name=round_name(result.game),
            )
        )
    if html is not None:
        html.write_text(
            html_page(
                f"{setup.title}: simulation",
                setup.subtitle,
                balance_sections(setup, result.results),
                [(caption, png) for caption, _, png in balance_figures(setup, result.results)],
            )
        )
    if export is not None:
        export_games(export, [game_record(setup, r) for r in result.results])
    if as_json:
        typer.echo(json.dumps(result.to_json()))
        return
    summary = Table(
        title=f"{setup.title}: {result.games} games, {players} players",
        caption=f"bots: {setup.bots_text} · rule options: {setup.options_text} · seed {seed}",
    )
    for column in ("games", "seconds", "games/s", "mean turns", "ties"):
        summary.add_column(column, justify="right")
    summary.add_row(
        str(result.games),
        f"{result.seconds:.2f}",
        f"{result.games_per_second:.1f}",
        f"{result.mean_turns:.1f}",
        f"{result.ties()} ({result.ties() / result.games:.0%})",
    )
    seats = Table(title="per seat", caption=f"fair share {1 / players:.0%}")
    for column in ("seat", "first game's bot", "mean score", "wins", "win share", "95% interval"):
        seats.add_column(column, justify="right")
    for share, name, mean in zip(
        seat_shares(result.results, players), result.bots, result.mean_scores(), strict=True
    ):
        low, high = share.interval
        seats.add_row(
            share.label,
            name,
            f"{mean:.2f}",
            str(share.wins),
            f"{share.rate:.1%}",
            f"{low:.1%} – {high:.1%}",
            style="dim" if share.few else None,
        )
    console = Console(highlight=False)
    console.print(summary)
    console.print(seats)
    if players > 1:
        shares = seat_shares(result.results, players)
        console.print(describe_test(seat_test(shares, players), "every seat wins equally often"))
    if any(share.few for share in seat_shares(result.results, players)):
        console.print(f"[dim]Dimmed rows rest on fewer than {FEW} games.[/dim]")
    for path in (plot, html, export):
        if path is not None:
            console.print(f"written to {path}")


@app.command()
def bench(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="random games to time")] = 200,
    positions: Annotated[
        int, typer.Option(min=1, help="positions on which move generation is timed")
    ] = 200,
    seed: Annotated[int, typer.Option(help="seed of the run")] = 0,
    interfaces: Annotated[
        bool,
        typer.Option(
            "--interfaces/--no-interfaces",
            help="also time random play through PettingZoo, Gymnasium and OpenSpiel",
        ),
    ] = True,
    seconds: Annotated[
        float, typer.Option(min=0.01, help="seconds per slice of interface play")
    ] = 2.0,
    rounds: Annotated[int, typer.Option(min=1, help="rounds of interface slices")] = 3,
    as_json: AsJson = False,
    no_progress: NoProgress = False,
) -> None:
    """Random games per second, the median cost of one legal-move generation (on fresh
    states), and random play through each research interface beside PettingZoo's
    connect_four_v3 (Monolyth) or chess_v6 (The Monolith)."""
    err = Console(stderr=True)
    with user_errors(), progress_bar(err, enabled=not no_progress) as bar:
        game_task = bar.add_task("random games", total=games)
        position_task = bar.add_task("move generation", total=positions)
        slice_task = bar.add_task("interfaces", total=None)
        result = run_bench(
            game=game,
            games=games,
            positions=positions,
            seed=seed,
            on_game=lambda: bar.advance(game_task),
            on_position=lambda: bar.advance(position_task),
            interfaces=interfaces,
            seconds=seconds,
            rounds=rounds,
            on_slice=lambda: bar.advance(slice_task),
        )
    if as_json:
        typer.echo(json.dumps(result.to_json()))
        return
    table = Table(title=f"{result.game} benchmark")
    table.add_column("measure")
    table.add_column("value", justify="right")
    table.add_row("random games", str(result.games))
    table.add_row("random games per second", f"{result.games_per_second:.1f}")
    table.add_row(
        "positions timed (each cold: a fresh copy, nothing remembered)", str(result.positions)
    )
    table.add_row("mean legal actions per position", f"{result.mean_actions:.1f}")
    table.add_row(
        "legal-move generation (uncached), median", f"{result.legal_moves_median_us:.1f} µs"
    )
    if result.reference is not None and result.reference_median_us is not None:
        table.add_row(
            f"reference ({result.reference}), median", f"{result.reference_median_us:.1f} µs"
        )
        table.add_row("ratio engine / reference", f"{result.ratio:.4f}")
        table.add_row("engine speed-up", f"{result.speedup:.1f}x")
    else:
        table.add_row("reference", "none for this game")
    for t in result.interfaces or []:
        table.add_row(f"{t.name}, turns per second", f"{t.turns_per_second:.0f}")
        table.add_row(
            f"  beside {t.reference} ({t.reference_turns_per_second:.0f} turns per second)",
            f"{t.ratio:.2f}x",
        )
    if result.interfaces_note:
        table.add_row("research interfaces", result.interfaces_note)
    Console(highlight=False).print(table)


@app.command()
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
        int, typer.Option(min=REVIEW.runs, help="search iterations per decision")
    ] = REVIEW.iterations,
    workers: Workers = None,
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="language: en, es or ru (default: from LANG, else en)"),
    ] = None,
    no_progress: NoProgress = False,
) -> None:
    """The coach's review of a finished game: each decision against the best one it finds,
    marked good, inaccuracy, mistake or blunder, and each seat's win chance over the game."""
    console = Console(highlight=False)
    err = Console(stderr=True)
    with user_errors():
        language = chosen_language(lang)
        words = core_words(language)
        finished = load_finished(record, words)
        words = localizer(finished.game, language)
        with progress_bar(err, enabled=not no_progress) as bar:
            task = bar.add_task(words.text("coach-review-judging"), total=None)
            reviewed = review_game(
                finished,
                seats=[s - 1 for s in seat] if seat else None,
                budget=CoachBudget(iterations=iterations, runs=REVIEW.runs),
                workers=workers or default_workers(),
                on_total=lambda total: bar.update(task, total=total),
                on_decision=lambda: bar.advance(task),
            )
    console.print(render_review(reviewed, words, everything=everything))


@app.command()
def arena(
    game: GameArg,
    bots: Annotated[str, typer.Option("--bots", help="one bot per seat, comma-separated")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="games to play")] = 100,
    seed: Annotated[int, typer.Option(help="seed of the tournament")] = 0,
    workers: Workers = None,
    backend: Annotated[
        str, typer.Option(help="where games run: process (this machine) or ray (a Ray cluster)")
    ] = "process",
    option: Options = None,
    plot: Annotated[
        Path | None, typer.Option(help="write score distributions and seat advantage to a PNG")
    ] = None,
    as_json: AsJson = False,
    no_progress: NoProgress = False,
) -> None:
    """A tournament: seats rotate every game; win rates with 95% intervals and Elo ratings."""
    err = Console(stderr=True)
    with user_errors():
        if backend not in {"process", "ray"}:
            raise CliError(f"--backend is process or ray, not {backend!r}")
        check_output(plot, "--plot", (".png",))
        with progress_bar(err, enabled=not no_progress) as bar:
            task = bar.add_task(f"{game} arena", total=games)
            summary, results = run_arena(
                game=game,
                bots=bots,
                games=games,
                seed=seed,
                workers=workers or default_workers(),
                backend=backend,
                options=parse_options(option),
                on_game=lambda: bar.advance(task),
            )
        if plot is not None:
            arena_plot(plot, summary, results, seed=seed)
    if as_json:
        options = dict(results[0].options) if results else {}
        typer.echo(json.dumps({**summary.to_json(), "seed": seed, "options": options}))
        return
    stamp = ", ".join(f"{k}={v}" for k, v in (results[0].options if results else ())) or "none"
    table = Table(
        title=f"{game}: {summary.games} games in {summary.seconds:.1f} s",
        caption=f"rule options: {stamp} · seed {seed}",
    )
    for column in ("bot", "games", "wins", "win rate", "95% interval", "Elo", "mean score"):
        table.add_column(column, justify="right")
    table.add_column("median s/decision", justify="right")
    for name, bot in sorted(summary.bots.items(), key=lambda kv: -summary.elo[kv[0]]):
        low, high = wilson_interval(bot.wins, bot.games)
        table.add_row(
            name,
            str(bot.games),
            str(bot.wins),
            f"{bot.win_rate:.1%}",
            f"{low:.1%} – {high:.1%}",
            f"{summary.elo[name]:.0f}",
            f"{sum(bot.scores) / len(bot.scores):.1f}",
            f"{sorted(bot.decisions)[len(bot.decisions) // 2]:.4f}" if bot.decisions else "-",
        )
    seats = Table(title="seat advantage")
    for column in ("seat", "wins", "win rate", "95% interval"):
        seats.add_column(column, justify="right")
    for seat, wins in enumerate(summary.seat_wins):
        low, high = wilson_interval(wins, summary.games)
        seats.add_row(
            f"seat {seat + 1}",
            str(wins),
            f"{wins / summary.games:.1%}",
            f"{low:.1%} – {high:.1%}",
        )
    console = Console(highlight=False)
    console.print(table)
    console.print(seats)
    if plot is not None:
        console.print(f"plot written to {plot}")


@app.command()
def analyze(
    game: GameArg,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="games to play")] = 200,
    players: PlayersOption = None,
    bot: BotsOption = "greedy",
    seed: Annotated[int, typer.Option(help="seed of the run")] = 0,
    option: Options = None,
    workers: Workers = None,
    out: Annotated[
        Path, typer.Option("--out", "-o", help="the report: a .md or a self-contained .html file")
    ] = Path("balance-report.md"),
    export: Export = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="only say where the report went")
    ] = False,
    no_progress: NoProgress = False,
) -> None:
    """A balance report: seat and first-player advantage with tests, ties, score over time, win
    shares by what seats held, cards taken and passed over, where points come from, lengths."""
    err = Console(stderr=True)
    with user_errors(), progress_bar(err, enabled=not no_progress) as bar:
        task = bar.add_task(f"{game} games", total=games)
        setup, sections = run_analysis(
            game=game,
            games=games,
            players=players if players is not None else get_game(game).info.default_players,
            bot=bot,
            seed=seed,
            workers=workers or default_workers(),
            options=parse_options(option),
            out=out,
            export=export,
            on_game=lambda: bar.advance(task),
        )
    console = Console(highlight=False)
    if not quiet:
        print_sections(console, f"{setup.title} balance report", setup.subtitle, sections[:3])
    console.print(f"report written to {out}" + (f", games to {export}" if export else ""))


@app.command()
def compare(
    game: GameArg,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", help="the first setting: rule option name=value (repeatable)"),
    ] = None,
    vs: Annotated[
        list[str] | None,
        typer.Option("--vs", help="the second setting: rule option name=value (repeatable)"),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="games per setting")] = 200,
    players: Annotated[int, typer.Option("--players", "-p", help="seats per game")] = 3,
    bot: BotsOption = "greedy",
    seed: Annotated[
        int, typer.Option(help="seed of the run: both settings play the same seeds")
    ] = 0,
    workers: Workers = None,
    plot: Plot = None,
    html: Html = None,
    export: Export = None,
    as_json: AsJson = False,
    no_progress: NoProgress = False,
) -> None:
    """Two rule settings on the same games: the change in seat advantage, first-player share,
    ties, scores and length, each with a 95% interval and a p-value."""
    err = Console(stderr=True)
    with user_errors():
        names = parse_bot_names(bot)
        if not vs:
            raise CliError("name the second setting with --vs, e.g. --vs tower=sticky")
        first, second = parse_options(option), parse_options(vs, "--vs")
        check_output(plot, "--plot", (".png",))
        check_output(html, "--html", (".html",))
        check_output(export, "--export", EXPORT_SUFFIXES)
        with progress_bar(err, enabled=not no_progress) as bar:
            tasks = [
                bar.add_task(setting_label(first), total=games),
                bar.add_task(setting_label(second), total=games),
            ]
            result = run_comparison(
                game=game,
                a_options=first,
                b_options=second,
                games=games,
                players=players,
                bots=names,
                seed=seed,
                workers=workers or default_workers(),
                on_game=lambda k: bar.advance(tasks[k]),
            )
    section = result.section()
    title = f"{result.a.title}: {result.a_label} against {result.b_label}"
    if plot is not None:
        plot.write_bytes(result.figure())
    if html is not None:
        html.write_text(html_page(title, result.subtitle, [section], [(title, result.figure())]))
    if export is not None:
        export_games(export, result.records())
    if as_json:
        typer.echo(json.dumps(result.to_json()))
        return
    console = Console(highlight=False)
    print_sections(console, title, result.subtitle, [section])
    for path in (plot, html, export):
        if path is not None:
            console.print(f"written to {path}")


@app.command("bench-arena")
def bench_arena(
    game: GameArg,
    bots: Annotated[str, typer.Option("--bots", help="one bot per seat, comma-separated")],
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="games per run")] = 40,
    workers: Annotated[int, typer.Option("--workers", "-w", min=2, help="workers to compare")] = 2,
    seed: Annotated[int, typer.Option(help="seed of the schedule")] = 0,
    as_json: AsJson = False,
    no_progress: NoProgress = False,
) -> None:
    """How an arena scales: the same games on one worker and on several, and the speed-up."""
    err = Console(stderr=True)
    with user_errors(), progress_bar(err, enabled=not no_progress) as bar:
        task = bar.add_task(f"{game} games", total=2 * games)
        result = arena_scaling(
            game=game,
            bots=bots,
            games=games,
            workers=workers,
            seed=seed,
            on_game=lambda: bar.advance(task),
        )
    if as_json:
        typer.echo(json.dumps(result.to_json()))
        return
    table = Table(title=f"{game} arena scaling, {games} games")
    table.add_column("workers", justify="right")
    table.add_column("games/s", justify="right")
    table.add_row("1", f"{result.one_worker_games_per_second:.2f}")
    table.add_row(str(workers), f"{result.many_workers_games_per_second:.2f}")
    table.add_row("speed-up", f"{result.speedup:.2f}x")
    Console(highlight=False).print(table)


@app.command()
def ladder(
    setups: Annotated[
        str, typer.Option("--setups", help="which ladders, comma-separated")
    ] = "monolyth-2p,the-monolith-4p",
    games: Annotated[
        str | None,
        typer.Option(help="games per step, comma-separated, bottom step first; 0 skips one"),
    ] = None,
    seed: Annotated[int, typer.Option(help="seed of the ladder")] = 1,
    out: Annotated[
        Path, typer.Option("--out", "-o", help="folder for the games kept, the table and plot")
    ] = Path("docs/ladder"),
    workers: Workers = None,
    no_progress: NoProgress = False,
) -> None:
    """The strength ladder: random < greedy < ismcts-easy < ismcts < ismcts-hard, each bot
    against the one below, seats rotated; win rates with 95% intervals, a table and a plot.
    Games already kept in --out are not played again."""
    err = Console(stderr=True)
    with user_errors():
        counts = None
        if games is not None:
            try:
                counts = [int(n) for n in games.split(",")]
            except ValueError:
                raise CliError(
                    f"--games takes whole numbers, comma-separated, not {games!r}"
                ) from None
        with progress_bar(err, enabled=not no_progress) as bar:
            task = bar.add_task("ladder", total=None)
            results = run_ladder(
                setups=[key.strip() for key in setups.split(",") if key.strip()],
                games=counts,
                seed=seed,
                folder=out,
                workers=workers or default_workers(),
                on_step=lambda name, n: bar.reset(task, description=name, total=n),
                on_game=lambda: bar.advance(task),
            )
        table, _, plot = write_ladder(out, with_kept(out, results, seed))
    typer.echo(table.read_text(), nl=False)
    err.print(f"wrote {table}, {plot}")


def _ms(stats: dict[str, object], key: str) -> str:
    value = stats.get(key)
    return f"{value:.1f}" if isinstance(value, float | int) else "-"


def _spread(stats: dict[str, object]) -> str:
    """``p50/p95/p99``, or ``-`` when nothing was timed."""
    return "/".join(_ms(stats, q) for q in ("p50", "p95", "p99")) if stats.get("count") else "-"


def _share(value: object) -> str:
    return f"{value:.0%}" if isinstance(value, float | int) else "-"


@app.command("bench-server")
def bench_server(
    matches: Annotated[
        str, typer.Option("--matches", "-m", help="concurrent matches; a comma list runs a series")
    ] = "20",
    seconds: Annotated[
        float, typer.Option(min=0.1, help="seconds measured per run, after the warm-up")
    ] = 10.0,
    warmup: Annotated[float, typer.Option(min=0.0, help="seconds of load before measuring")] = 3.0,
    setup_timeout: Annotated[
        float,
        typer.Option(
            min=0.0, help="the warm-up also waits (at most this long) for every match to be joined"
        ),
    ] = 180.0,
    mode: Annotated[
        str,
        typer.Option(
            help="http (GET the state, POST the action), socket (states pushed on "
            "/ws/matches/{id}, actions POSTed) or socket-moves (actions sent on the socket too); "
            "'http,socket' runs both"
        ),
    ] = "http",
    pick: Annotated[
        str, typer.Option(help="which legal action: random (seeded) or first")
    ] = "random",
    seed: Annotated[int, typer.Option(help="seed of the random picks")] = 0,
    legal: Annotated[
        str,
        typer.Option(
            help="how players ask for legal actions: full (with labels, as the browser) or ids "
            "(legal=ids: bare action ids, as a program)"
        ),
    ] = "full",
    database_url: Annotated[
        str | None,
        typer.Option(help="a PostgreSQL URL to test on (default: a fresh SQLite file per run)"),
    ] = None,
    peer: Annotated[
        str | None,
        typer.Option(
            help="also run a peer server beside ours: bgio (boardgame.io) or floor (the same "
            "players against a bare Python HTTP server: the most a process could move)"
        ),
    ] = None,
    peer_dir: Annotated[
        Path, typer.Option(help="where the boardgame.io peer's server.js and loadtest.js are")
    ] = BGIO_DIR,
    launcher: Annotated[
        Path | None,
        typer.Option(
            help="a Python script run with uvicorn's arguments instead of 'python -m uvicorn' "
            "(benchmarks/profile_server.py profiles the server)"
        ),
    ] = None,
    access_log: Annotated[
        bool,
        typer.Option(help="uvicorn's access log (off by default, as in 'monolith serve')"),
    ] = False,
    workers: Annotated[
        int,
        typer.Option(help="server processes (uvicorn --workers) sharing the database"),
    ] = 1,
    postgres: Annotated[
        bool,
        typer.Option(
            "--postgres",
            help="start a throwaway PostgreSQL (/usr/lib/postgresql/*/bin) for the series, "
            "a fresh database per run",
        ),
    ] = False,
    plot: Annotated[
        Path | None,
        typer.Option(help="also draw moves/s and round trips against matches as a .png file"),
    ] = None,
    as_json: AsJson = False,
    no_progress: NoProgress = False,
) -> None:
    """The web table under load: N two-seat matches played through its API on a server of its
    own; moves/s, round trips, the server's CPU per move and its peak memory."""
    err = Console(stderr=True)
    with user_errors():
        counts = parse_counts(matches)
        modes = parse_modes(mode)
        check_output(plot, "--plot", (".png",))
        with progress_bar(err, enabled=not no_progress) as bar:
            task = bar.add_task("starting", total=None)

            def tick(label: str, progress: Tick) -> None:
                description = f"{label}: {progress.moves} moves"
                bar.update(
                    task, description=description, completed=progress.elapsed, total=progress.total
                )

            result = run_bench_server(
                matches=counts,
                modes=modes,
                players=Players(
                    seconds=seconds,
                    warmup=warmup,
                    setup_timeout=setup_timeout,
                    pick=pick,
                    legal=legal,
                    seed=seed,
                ),
                database_url=database_url,
                launcher=launcher,
                access_log=access_log,
                peer=peer,
                peer_dir=peer_dir,
                workers=workers,
                postgres=postgres,
                on_tick=tick,
            )
        if plot is not None:
            from monolith.cli.load_plot import load_plot

            load_plot(plot, [result])
    if as_json:
        typer.echo(json.dumps(result))
        return
    if plot is not None:
        err.print(f"plot written to {plot}")
    processes = f", {workers} server processes" if workers > 1 else ""
    table = Table(
        title=f"web table under load: {result['database']}{processes}, {seconds:g} s per run"
    )
    for column in (
        "matches",
        "server",
        "moves/s",
        "GET p50/p95/p99 ms",
        "POST p50/p95/p99 ms",
        "move p50/p95/p99 ms",
        "server CPU ms/move",
        "server RSS MB",
        "server CPU",
        "server run-queue wait",
        "database CPU",
        "client CPU",
        "machine CPU pressure",
    ):
        table.add_column(column, justify="right")
    for point in result["runs"]:
        for name in [*modes, *([peer] if peer else [])]:
            run = point[name]
            table.add_row(
                str(point["matches"]),
                name,
                f"{run['moves_per_second']:.0f}",
                *(_spread(run.get(key, {})) for key in ("get_ms", "post_ms", "move_ms")),
                _ms(run["server"], "cpu_ms_per_move"),
                _ms(run["server"], "peak_rss_mb"),
                _share(run["server"].get("cpu_share")),
                _share(run["server"].get("runqueue_wait_share")),
                _share(run.get("database", {}).get("cpu_share")),
                _share(run["client"]["cpu_share"]),
                _share(run.get("machine", {}).get("cpu_pressure")),
            )
    Console(highlight=False).print(table)


@app.command("bench-plot")
def bench_plot(
    reports: Annotated[
        list[Path], typer.Argument(help="reports saved from 'monolith bench-server --json'")
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help="the chart, a .png file")] = Path(
        "load.png"
    ),
    title: Annotated[str | None, typer.Option(help="a title above the chart")] = None,
) -> None:
    """Several bench-server reports on one chart (SQLite and PostgreSQL, one and two processes,
    peers): moves/s and round trips against concurrent matches."""
    from monolith.cli.load_plot import load_plot, read_report

    with user_errors():
        check_output(out, "--out", (".png",))
        loaded = [read_report(path) for path in reports]
        load_plot(out, loaded, title=title)
    Console(stderr=True).print(f"plot written to {out}")


@app.command("bench-crowd")
def bench_crowd(
    sockets: Annotated[int, typer.Option(min=1, help="sockets watching the one match")] = 500,
    repeats: Annotated[int, typer.Option(min=1, help="runs of each server; medians kept")] = 3,
    as_json: AsJson = False,
    no_progress: NoProgress = False,
) -> None:
    """A crowd at one table: N sockets connect to one match and one move reaches them all, on our
    server and on a bare websockets server (the reference) in the same run."""
    from monolith.cli.bench_crowd import bench_crowd as measure_crowd

    err = Console(stderr=True)
    with user_errors(), progress_bar(err, enabled=not no_progress) as bar:
        task = bar.add_task(f"{sockets} sockets", total=2 * repeats)
        result = measure_crowd(sockets=sockets, repeats=repeats, on_run=lambda: bar.advance(task))
    if as_json:
        typer.echo(json.dumps(result))
        return
    table = Table(title=f"{sockets} sockets on one match (medians of {repeats})")
    for column in ("", "ours", "bare websockets", "ratio"):
        table.add_column(column, justify="right")
    for key, label in (
        ("connect_seconds", "all connected, s"),
        ("fanout_seconds", "one move to all, s"),
    ):
        row = result[key]
        table.add_row(
            label, f"{row['ours']:.3f}", f"{row['reference']:.3f}", f"{row['ratio']:.2f}x"
        )
    Console(highlight=False).print(table)


def _flowed(doc: str) -> str:
    """A docstring's paragraphs, each as one line: Typer's rich help keeps the line breaks of a
    docstring, which would show as ragged lines in ``--help`` and its list of commands."""
    return "\n\n".join(" ".join(p.split()) for p in inspect.cleandoc(doc).split("\n\n"))


for _command in app.registered_commands:
    if _command.help is None and _command.callback is not None and _command.callback.__doc__:
        _command.help = _flowed(_command.callback.__doc__)
