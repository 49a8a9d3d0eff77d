"""The benchmarks' commands: ``bench`` (the rules engine), ``bench-arena`` (workers),
``bench-server``, ``bench-plot``, ``bench-crowd``, ``bench-bots`` and ``bench-waits`` (the web
table under load and beside its own work).

Each parses its options, calls the measuring code (:mod:`monolith.cli.bench`,
:mod:`monolith.design.tournament`, :mod:`monolith.load`), imported when the command runs so that
``monolith --help`` stays quick, and prints the result. See benchmarks/README.md.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from monolith.cli.common import (
    AsJson,
    Force,
    GameArg,
    NoProgress,
    progress_bar,
    progress_label,
    user_errors,
)
from monolith.usage import CliError, check_output


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
    from monolith.cli.bench import bench as run_bench

    err = Console(stderr=True)
    with user_errors(), progress_bar(err, enabled=not no_progress) as bar:
        game_task = bar.add_task(progress_label(game, "random games"), total=games)
        position_task = bar.add_task(progress_label(game, "move generation"), total=positions)
        slice_task = bar.add_task(progress_label(game, "interfaces"), total=None)
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
    from monolith.design.tournament import arena_scaling

    err = Console(stderr=True)
    with user_errors(), progress_bar(err, enabled=not no_progress) as bar:
        task = bar.add_task(progress_label(game, f"1 then {workers} workers"), total=2 * games)
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


def _ms(stats: dict[str, object], key: str) -> str:
    value = stats.get(key)
    return f"{value:.1f}" if isinstance(value, float | int) else "-"


def _spread(stats: dict[str, object]) -> str:
    """``p50/p95/p99``, or ``-`` when nothing was timed."""
    return "/".join(_ms(stats, q) for q in ("p50", "p95", "p99")) if stats.get("count") else "-"


def _share(value: object) -> str:
    return f"{value:.0%}" if isinstance(value, float | int) else "-"


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
        Path | None,
        typer.Option(
            help="where the boardgame.io peer's server.js and loadtest.js are "
            "(default: /work/shared/bench/bgio)"
        ),
    ] = None,
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
        typer.Option(min=1, help="server processes (uvicorn --workers) sharing the database"),
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
    force: Force = False,
    as_json: AsJson = False,
    no_progress: NoProgress = False,
) -> None:
    """The web table under load: N two-seat matches played through its API on a server of its
    own; moves/s, round trips, the server's CPU per move and its peak memory."""
    from monolith.load.bench_peer import BGIO_DIR
    from monolith.load.bench_server import Tick, parse_counts, parse_modes
    from monolith.load.bench_server import bench_server as run_bench_server
    from monolith.load.players import Players

    err = Console(stderr=True)
    with user_errors():
        counts = parse_counts(matches)
        modes = parse_modes(mode)
        check_output(plot, "--plot", (".png",), force=force)
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
                peer_dir=peer_dir if peer_dir is not None else BGIO_DIR,
                workers=workers,
                postgres=postgres,
                on_tick=tick,
            )
        if plot is not None:
            from monolith.load.load_plot import load_plot

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


def bench_plot(
    reports: Annotated[
        list[Path], typer.Argument(help="reports saved from 'monolith bench-server --json'")
    ],
    out: Annotated[Path, typer.Option("--out", "-o", help="the chart, a .png file")] = Path(
        "load.png"
    ),
    title: Annotated[str | None, typer.Option(help="a title above the chart")] = None,
    force: Force = False,
) -> None:
    """Several bench-server reports on one chart (SQLite and PostgreSQL, one and two processes,
    peers): moves/s and round trips against concurrent matches."""
    from monolith.load.load_plot import load_plot, read_report

    with user_errors():
        check_output(out, "--out", (".png",), force=force)
        loaded = [read_report(path) for path in reports]
        load_plot(out, loaded, title=title)
    Console(stderr=True).print(f"plot written to {out}")


def bench_crowd(
    sockets: Annotated[int, typer.Option(min=1, help="sockets watching the one match")] = 500,
    repeats: Annotated[int, typer.Option(min=1, help="runs of each server; medians kept")] = 3,
    as_json: AsJson = False,
    no_progress: NoProgress = False,
) -> None:
    """A crowd at one table: N sockets connect to one match and one move reaches them all, on our
    server and on a bare websockets server (the reference) in the same run."""
    from monolith.load.bench_crowd import bench_crowd as measure_crowd

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


def bench_bots(
    setups: Annotated[
        str, typer.Option(help="compute set-ups, comma-separated: local, local-2, ray")
    ] = "local,local-2,ray",
    seconds: Annotated[float, typer.Option(min=1, help="seconds of play measured per set-up")] = 30,
    players: Annotated[int, typer.Option(min=1, help="people at greedy tables")] = 20,
    as_json: AsJson = False,
) -> None:
    """Can one client starve every table's bots? One address creates all the hard The Monolith
    matches it may while people at other tables play greedy bots: the greedy bots' answer
    latency and the hard bots' decisions per second, per compute set-up, in one run."""
    from dataclasses import asdict

    from monolith.load.bench_bots import bench_bots as measure_bots

    err = Console(stderr=True)

    def said(report: Any) -> None:
        err.print(
            f"{report.setup}: greedy p50 {report.greedy_p50_ms} ms, p95 "
            f"{report.greedy_p95_ms} ms ({report.greedy_answers} answers); hard "
            f"{report.hard_decisions_per_second}/s in {report.hard_matches} matches "
            f"(then {report.refused_with})"
        )

    with user_errors():
        try:
            reports = measure_bots(
                [s for s in setups.split(",") if s],
                seconds=seconds,
                players=players,
                on_report=said,
            )
        except ValueError as error:
            raise CliError(str(error)) from None
    rows = [{k: v for k, v in asdict(r).items() if k != "latencies_ms"} for r in reports]
    if as_json:
        typer.echo(json.dumps(rows))
        return
    table = Table(title=f"greedy tables beside one client's hard matches ({players} people)")
    for column in ("set-up", "greedy p50 ms", "greedy p95 ms", "hard decisions/s", "stopped by"):
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(
            str(row["setup"]),
            f"{row['greedy_p50_ms']}",
            f"{row['greedy_p95_ms']}",
            f"{row['hard_decisions_per_second']}",
            str(row["refused_with"]),
        )
    Console(highlight=False).print(table)


def bench_waits(
    measures: Annotated[
        str, typer.Option(help="measures, comma-separated: startup, review, bot, wake")
    ] = "startup,review,bot,wake",
    filler: Annotated[
        int, typer.Option(min=1, help="unfinished matches stored for the startup measure")
    ] = 10_000,
    samples: Annotated[int, typer.Option(min=1, help="timed requests per measure")] = 20,
    coach_iterations: Annotated[
        int | None, typer.Option(min=1, help="the review's search budget (default: the server's)")
    ] = None,
    bot: Annotated[str, typer.Option(help="the bots of the bot measure")] = "ismcts-hard",
    as_json: AsJson = False,
) -> None:
    """How long a request waits behind the server's own work: its startup over many stored
    matches, a review, searching bots, a move waking a waiting request; each beside a reference
    measured in the same run (an empty database, the idle server, the move's own answer)."""
    from monolith.load.bench_waits import bench_waits as measure_waits

    err = Console(stderr=True)

    def said(waits: Any) -> None:
        row = waits.to_json()
        err.print(f"{row['name']}: {row['ratio']}x the reference ({row['samples']} samples)")

    with user_errors():
        try:
            results = measure_waits(
                tuple(m for m in measures.split(",") if m),
                filler=filler,
                samples=samples,
                coach_iterations=coach_iterations,
                bot=bot,
                on_measure=said,
            )
        except ValueError as error:
            raise CliError(str(error)) from None
    rows = [r.to_json() for r in results]
    if as_json:
        typer.echo(json.dumps(rows))
        return
    table = Table(title="requests beside the server's own work (medians; worst in brackets)")
    for column in ("measure", "under the work, ms", "reference, ms", "ratio"):
        table.add_column(column, justify="right")
    for row in rows:
        table.add_row(
            str(row["name"]),
            f"{1000 * row['median_seconds']:.1f} ({1000 * row['worst_seconds']:.1f})",
            f"{1000 * row['reference_median_seconds']:.1f} "
            f"({1000 * row['reference_worst_seconds']:.1f})",
            f"{row['ratio']}x",
        )
    Console(highlight=False).print(table)
