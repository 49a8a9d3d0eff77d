"""The designers' commands: ``simulate``, ``analyze``, ``compare``, ``arena`` and ``ladder``.

Each parses its options, calls :mod:`monolith.design` (imported when the command runs, so that
``monolith --help`` stays quick) and prints. Output paths are checked before the first game and
written after the last, so Ctrl-C leaves nothing half written.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.console import Console
from rich.table import Table

from monolith.cli.common import (
    AsJson,
    BotsOption,
    Export,
    Force,
    GameArg,
    Html,
    NoProgress,
    Options,
    PlayersOption,
    Plot,
    Workers,
    every_core,
    nothing_written_when_interrupted,
    progress_bar,
    progress_label,
    user_errors,
)
from monolith.usage import CliError, check_output, parse_bot_names

if TYPE_CHECKING:
    from monolith.design.simulate import SimulationResult


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
    force: Force = False,
    as_json: AsJson = False,
    no_progress: NoProgress = False,
) -> None:
    """Play bot games and summarise seats, scores, ties and speed."""
    from monolith.design.report import EXPORT_SUFFIXES, parse_options
    from monolith.design.simulate import simulate as run_simulation
    from monolith.games import get_game

    err = Console(stderr=True)
    with nothing_written_when_interrupted(), user_errors():
        names = parse_bot_names(bot)
        rules = get_game(game)
        players = players if players is not None else rules.info.default_players
        rules.info.check_players(players)
        options = rules.info.resolve_options(parse_options(option))
        check_output(plot, "--plot", (".png",), force=force)
        check_output(html, "--html", (".html",), force=force)
        check_output(export, "--export", EXPORT_SUFFIXES, force=force)
        with progress_bar(err, enabled=not no_progress) as bar:
            task = bar.add_task(progress_label(game, "simulate"), total=games)
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
    _print_simulation(result, plot=plot, html=html, export=export, as_json=as_json)


def _print_simulation(
    result: SimulationResult,
    *,
    plot: Path | None,
    html: Path | None,
    export: Path | None,
    as_json: bool,
) -> None:
    """Write the files asked for, then the summary and per-seat tables (or the JSON)."""
    from monolith.design.plots import summary_figure
    from monolith.design.report import (
        balance_figures,
        balance_sections,
        describe_test,
        export_games,
        game_record,
        html_page,
        round_name,
        score_timeline,
        seat_shares,
        seat_test,
    )
    from monolith.design.stats import FEW

    setup, players = result.setup, result.players
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
        caption=f"bots: {setup.bots_text} · rule options: {setup.options_text} · "
        f"seed {result.seed}",
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
    shares = seat_shares(result.results, players)
    for share, name, mean in zip(shares, result.bots, result.mean_scores(), strict=True):
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
        console.print(describe_test(seat_test(shares, players), "every seat wins equally often"))
    if any(share.few for share in shares):
        console.print(f"[dim]Dimmed rows rest on fewer than {FEW} games.[/dim]")
    for path in (plot, html, export):
        if path is not None:
            console.print(f"written to {path}")


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
    force: Force = False,
    as_json: AsJson = False,
    no_progress: NoProgress = False,
) -> None:
    """A tournament: seats rotate every game; win rates with 95% intervals and Elo ratings."""
    from monolith.bots.arena import wilson_interval
    from monolith.design.report import parse_options
    from monolith.design.tournament import arena_plot, run_arena

    err = Console(stderr=True)
    with nothing_written_when_interrupted(), user_errors():
        if backend not in {"process", "ray"}:
            raise CliError(f"--backend is process or ray, not {backend!r}")
        check_output(plot, "--plot", (".png",), force=force)
        with progress_bar(err, enabled=not no_progress) as bar:
            task = bar.add_task(progress_label(game, "arena"), total=games)
            summary, results = run_arena(
                game=game,
                bots=bots,
                games=games,
                seed=seed,
                workers=every_core(workers),
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
    force: Force = False,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="only say where the report went")
    ] = False,
    no_progress: NoProgress = False,
) -> None:
    """A balance report: seat and first-player advantage with tests, ties, score over time, win
    shares by what seats held, cards taken and passed over, where points come from, lengths."""
    from monolith.design.report import parse_options, print_sections
    from monolith.design.tournament import analyze as run_analysis
    from monolith.games import get_game

    err = Console(stderr=True)
    with nothing_written_when_interrupted(), user_errors():
        label = progress_label(game, "analyze")
        with progress_bar(err, enabled=not no_progress) as bar:
            task = bar.add_task(label, total=games)
            setup, sections = run_analysis(
                game=game,
                games=games,
                players=players if players is not None else get_game(game).info.default_players,
                bot=bot,
                seed=seed,
                workers=every_core(workers),
                options=parse_options(option),
                out=out,
                export=export,
                force=force,
                on_game=lambda: bar.advance(task),
            )
    console = Console(highlight=False)
    if not quiet:
        print_sections(console, f"{setup.title} balance report", setup.subtitle, sections[:3])
    console.print(f"report written to {out}" + (f", games to {export}" if export else ""))


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
    force: Force = False,
    as_json: AsJson = False,
    no_progress: NoProgress = False,
) -> None:
    """Two rule settings on the same games: the change in seat advantage, first-player share,
    ties, scores and length, each with a 95% interval and a p-value."""
    from monolith.design.compare import compare as run_comparison
    from monolith.design.compare import setting_label
    from monolith.design.report import (
        EXPORT_SUFFIXES,
        export_games,
        html_page,
        parse_options,
        print_sections,
    )

    err = Console(stderr=True)
    with nothing_written_when_interrupted(), user_errors():
        names = parse_bot_names(bot)
        if not vs:
            raise CliError("name the second setting with --vs, e.g. --vs tower=sticky")
        first, second = parse_options(option), parse_options(vs, "--vs")
        check_output(plot, "--plot", (".png",), force=force)
        check_output(html, "--html", (".html",), force=force)
        check_output(export, "--export", EXPORT_SUFFIXES, force=force)
        labels = [
            progress_label(game, setting_label(first)),
            progress_label(game, setting_label(second)),
        ]
        with progress_bar(err, enabled=not no_progress) as bar:
            tasks = [bar.add_task(label, total=games) for label in labels]
            result = run_comparison(
                game=game,
                a_options=first,
                b_options=second,
                games=games,
                players=players,
                bots=names,
                seed=seed,
                workers=every_core(workers),
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
    from monolith.design.ladder import run_ladder, with_kept, write_ladder

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
                workers=every_core(workers),
                on_step=lambda step, n: bar.reset(
                    task,
                    description=progress_label(
                        step.setup.game,
                        f"{step.setup.players} players · {step.higher} against {step.lower}",
                    ),
                    total=n,
                ),
                on_game=lambda: bar.advance(task),
            )
        table, _, plot = write_ladder(out, with_kept(out, results, seed))
    typer.echo(table.read_text(), nl=False)
    err.print(f"wrote {table}, {plot}")


def figures(
    only: Annotated[
        list[str] | None,
        typer.Option("--only", help="regenerate only this figure (repeatable; --list names them)"),
    ] = None,
    measured: Annotated[
        bool,
        typer.Option(
            "--measured", help="also rerun the measured figures (speeds, long runs: hours)"
        ),
    ] = False,
    check: Annotated[
        bool,
        typer.Option(
            "--check", help="compare with the pages, write nothing; exit 1 if a number differs"
        ),
    ] = False,
    list_only: Annotated[
        bool, typer.Option("--list", help="list every figure and its command, run nothing")
    ] = False,
    root: Annotated[
        Path, typer.Option("--root", help="the repository's folder (README.md and docs/)")
    ] = Path("."),
    no_progress: NoProgress = False,
) -> None:
    """Regenerate the figures of the README and docs (charts, quoted tables and numbers) from
    the deterministic runs that make them; measured ones (speeds, runs of hours) are listed
    with their command and rerun only when asked. See docs/designer.md."""
    from monolith.design.figures import FIGURES, FigureError, chosen, regenerate

    out = Console(soft_wrap=True, highlight=False)
    err = Console(stderr=True)
    with user_errors():
        try:
            wanted = chosen(only, measured=measured)
        except KeyError as unknown:
            raise CliError(str(unknown.args[0])) from None
        if list_only:
            for f in FIGURES:
                kind = "measured, rerun with --measured" if f.measured else "regenerated"
                out.print(f"[bold]{f.name}[/bold] ({kind}; {f.cost}) {f.page}: {f.what}")
                out.print(f"    {f.command}")
            return
        if not (root / "README.md").is_file() or not (root / "docs").is_dir():
            raise CliError(f"{root} is not the repository (no README.md and docs/ there)")
        differences: list[str] = []
        with progress_bar(err, enabled=not no_progress) as bar:
            task = bar.add_task("figures", total=len(wanted))
            for f in wanted:
                bar.update(task, description=f"{f.name} ({f.cost})")
                try:
                    outcome = regenerate(f, root.resolve(), check=check)
                except FigureError as failed:
                    raise CliError(str(failed)) from None
                differences += outcome.differences
                if check:
                    out.print(f"{f.name}: {'differs' if outcome.differences else 'as documented'}")
                else:
                    out.print(f"{f.name}: wrote {', '.join(outcome.written) or 'nothing new'}")
                bar.advance(task)
    for difference in differences:
        out.print(f"  {difference}")
    if check and differences:
        raise typer.Exit(1)
