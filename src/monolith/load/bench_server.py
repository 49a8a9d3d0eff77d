"""``monolith bench-server``: the web table under load, measured from outside as browsers use it.

Starts the server in its own process (uvicorn on 127.0.0.1, a fresh SQLite file in a temporary
folder unless a database URL is given), keeps N two-seat Monolyth matches going, both seats human
and both played by this one asyncio process, and reports moves per second, round trips, the
server's CPU per move and its peak memory. Players use only the documented API
(``docs/web-api.md``), in one of three ways:

- ``http``: per move, GET the state as the seat to move (``?since=`` the version it last saw, so
  the log comes as the new entries), then POST an action from its legal actions;
- ``socket``: each seat keeps ``/ws/matches/{id}`` open and acts on the state pushed to it; the
  action is POSTed;
- ``socket-moves``: as ``socket``, but the action goes over the seat's socket too, as the
  browser sends it.

How a seat learns of its decision and sends its action is one small driver class per mode, in
:mod:`monolith.load.players`. The load generator shares the machine's cores with the server, so
its own CPU time is reported beside the server's, and its HTTP client is a lean one of its own
(:class:`~monolith.load.players.HttpConnection`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import monolith
from monolith.core import JsonDict
from monolith.load.bench_peer import BGIO_DIR, measure_bgio, prepare_bgio
from monolith.load.pgcluster import ThrowawayCluster, throwaway_postgres
from monolith.load.processes import (
    LoadError,
    free_port,
    pressure_stall_seconds,
    process_cpu_seconds,
    process_peak_rss_bytes,
    process_runqueue_wait_seconds,
    process_tree,
    stop_process,
    tree_total,
    wait_until_listening,
)
from monolith.usage import CliError, check_workers

if TYPE_CHECKING:
    pass

from monolith.load.players import (
    MODES,
    PLAYERS,
    Load,
    Players,
    Recorder,
    percentiles,
    play_forever,
)

TICK_SECONDS = 0.25

# The server --------------------------------------------------------------------------------------


@dataclass
class RunningServer:
    """A server of ours (one process, or uvicorn's supervisor and its workers): where it listens
    and how to read its CPU time and memory, summed over all its processes."""

    process: subprocess.Popen[bytes]
    port: int
    log_path: Path
    database_pid: int | None = None
    """The throwaway PostgreSQL's postmaster, whose processes' CPU is reported too."""

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def cpu_seconds(self) -> tuple[float, float]:
        """CPU time of the serving processes, and of the background ones below them (the coach's
        workers, which renice themselves): reviews of finished matches are not the moves' cost."""
        serving = background = 0.0
        base = process_nice(self.process.pid)
        for member in process_tree(self.process.pid):
            with contextlib.suppress(OSError, ValueError, IndexError):
                seconds = process_cpu_seconds(member)
                if process_nice(member) > base:
                    background += seconds
                else:
                    serving += seconds
        return serving, background

    def peak_rss_bytes(self) -> int:
        return int(tree_total(self.process.pid, process_peak_rss_bytes))

    def runqueue_wait_seconds(self) -> float:
        """Of the serving processes only: the coach's workers wait by design (nice 19)."""
        base = process_nice(self.process.pid)
        waited = 0.0
        for member in process_tree(self.process.pid):
            with contextlib.suppress(OSError, ValueError, IndexError):
                if process_nice(member) <= base:
                    waited += process_runqueue_wait_seconds(member)
        return waited

    def database_cpu_seconds(self) -> float | None:
        if self.database_pid is None:
            return None
        return tree_total(self.database_pid, process_cpu_seconds)


@contextlib.contextmanager
def running_server(
    *,
    database_url: str | None,
    launcher: Path | None,
    access_log: bool,
    workers: int = 1,
    database_pid: int | None = None,
) -> Iterator[RunningServer]:
    """The web table in its own process on a free loopback port, stopped on the way out.

    It runs the same ``monolith`` package as this process (its folder goes first on the child's
    ``PYTHONPATH``), through ``python -m uvicorn`` or through ``launcher``, a script that takes
    uvicorn's arguments (``benchmarks/profile_server.py`` runs it under a profiler). With
    ``workers`` above 1, uvicorn's supervisor starts that many server processes on the port.
    """
    with tempfile.TemporaryDirectory(prefix="monolith-bench-") as folder:
        workdir = Path(folder)
        url = database_url or f"sqlite:///{workdir / 'bench.sqlite3'}"
        port = free_port()
        source = str(Path(monolith.__file__).resolve().parents[1])
        env = {
            **os.environ,
            "MONOLITH_DATABASE_URL": url,
            "MONOLITH_RATE_LIMITS": "off",  # every simulated player comes from 127.0.0.1
            "MONOLITH_ACCESS_LOG": "1" if access_log else "0",
            # as `monolith serve --workers N`: its workers share the SQLite file
            "MONOLITH_SHARED_SQLITE": "1" if workers > 1 else "0",
            "PYTHONPATH": os.pathsep.join(p for p in (source, os.environ.get("PYTHONPATH")) if p),
        }
        uvicorn_args = [
            "monolith.server.app:create_app",
            "--factory",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--ws-max-size",
            str(64 * 1024),  # as `monolith serve`
            "--http",
            "monolith.server.transports.protocol:TableProtocol",  # as `monolith serve`
            *([] if access_log else ["--no-access-log"]),
            *(["--workers", str(workers)] if workers > 1 else []),
        ]
        command = (
            [sys.executable, str(launcher.resolve()), *uvicorn_args]
            if launcher is not None
            else [sys.executable, "-m", "uvicorn", *uvicorn_args]
        )
        log_path = workdir / "server.log"
        with log_path.open("wb") as log_file:
            process = subprocess.Popen(
                command, env=env, stdout=log_file, stderr=subprocess.STDOUT, cwd=workdir
            )
        try:
            wait_until_listening(port, process, log_path, path="/api/games")
            if workers > 1:
                wait_for_workers(process, workers, log_path)
            yield RunningServer(process, port, log_path, database_pid)
        finally:
            stop_process(process)


def wait_for_workers(process: subprocess.Popen[bytes], workers: int, log_path: Path) -> None:
    """Until every worker has said its app started (the first to start answers already)."""
    deadline = time.monotonic() + 90
    while log_path.read_text(errors="replace").count("Application startup complete") < workers:
        if process.poll() is not None or time.monotonic() > deadline:
            tail = log_path.read_text(errors="replace")[-2000:]
            raise LoadError(f"not all {workers} server processes started:\n{tail}")
        time.sleep(0.2)


# One run -----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tick:
    """Progress for a bar: seconds elapsed of the planned total, and moves so far."""

    elapsed: float
    total: float
    moves: int


@dataclass(frozen=True)
class Gauges:
    """Counters read at both ends of the measured window; their differences are the report."""

    wall: float
    server_cpu: float
    background_cpu: float
    server_waiting: float
    client_cpu: float
    cpu_pressure: float | None
    io_pressure: float | None
    database_cpu: float | None

    @classmethod
    def read(cls, server: RunningServer) -> Gauges:
        serving, background = server.cpu_seconds()
        return cls(
            wall=time.perf_counter(),
            database_cpu=server.database_cpu_seconds(),
            server_cpu=serving,
            background_cpu=background,
            server_waiting=server.runqueue_wait_seconds(),
            client_cpu=time.process_time(),
            cpu_pressure=pressure_stall_seconds("cpu"),
            io_pressure=pressure_stall_seconds("io"),
        )


def process_nice(pid: int) -> int:
    """A process's nice value, from ``/proc/<pid>/stat``."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat[stat.rindex(")") + 2 :].split()[16])


def share(before: float | None, after: float | None, window: float) -> float | None:
    return None if before is None or after is None else round((after - before) / window, 3)


def load_average() -> list[float]:
    return [float(x) for x in Path("/proc/loadavg").read_text().split()[:3]]


def fsync_ms(folder: Path, times: int = 30) -> JsonDict:
    """What one small write plus fsync costs on the disk under ``folder``: the floor of one
    durable commit (SQLite with ``synchronous=FULL`` syncs its log on every commit)."""
    samples = []
    with tempfile.NamedTemporaryFile(dir=folder, prefix="fsync-probe-") as probe:
        for _ in range(times):
            probe.write(b"x" * 4096)
            probe.flush()
            started = time.perf_counter()
            os.fsync(probe.fileno())
            samples.append((time.perf_counter() - started) * 1000)
    return percentiles(samples)


async def stop_all(tasks: list[asyncio.Task[None]]) -> None:
    """Cancel the tasks until every one has ended: a cancellation swallowed on the way (a
    library's race) is sent again rather than leaving a player playing forever."""
    pending = set(tasks)
    while pending:
        for task in pending:
            task.cancel()
        _, pending = await asyncio.wait(pending, timeout=1.0)
    for task in tasks:
        if not task.cancelled():
            task.exception()  # retrieved: a failure was reported while the run went on


async def drive(
    *,
    server: RunningServer,
    matches: int,
    mode: str,
    players: Players,
    on_tick: Callable[[Tick], None] | None,
) -> JsonDict:
    """Run the load on a started server: warm up (at least ``players.warmup`` seconds, and until
    every table has its match or ``players.setup_timeout`` passed), measure for
    ``players.seconds``, stop the players."""
    seconds, warmup, seed = players.seconds, players.warmup, players.seed
    record = Recorder()
    load = Load(server.base_url, record, players.pick, players.legal)
    tables = [
        asyncio.get_running_loop().create_task(
            play_forever(load, mode, random.Random(f"{seed}:{table}"))
        )
        for table in range(matches)
    ]
    begun = time.perf_counter()

    async def wait_until(moment: float) -> None:
        while (now := time.perf_counter()) < moment:
            failed = [t for t in tables if t.done()]
            if failed:  # a player only ends by a bug or a broken API: stop at once
                failed[0].result()
                raise LoadError("a player stopped early")
            if on_tick is not None:
                on_tick(Tick(now - begun, warmup + seconds, record.moves_total))
            await asyncio.sleep(min(TICK_SECONDS, moment - now))

    try:
        await wait_until(begun + warmup)
        setup_deadline = begun + players.setup_timeout
        while load.tables_started < matches and time.perf_counter() < setup_deadline:
            await wait_until(min(setup_deadline, time.perf_counter() + TICK_SECONDS))
        setup = time.perf_counter() - begun
        record.measuring = True
        before = Gauges.read(server)
        await wait_until(before.wall + seconds)
        record.measuring = False
        after = Gauges.read(server)
    finally:
        await stop_all(tables)
    window = after.wall - before.wall
    server_cpu = after.server_cpu - before.server_cpu
    client_cpu = after.client_cpu - before.client_cpu
    moves = record.moves
    return {
        "matches": matches,
        "mode": mode,
        "seconds": round(window, 3),
        "moves": moves,
        "moves_per_second": round(moves / window, 2),
        "get_ms": percentiles(record.get_ms),
        "post_ms": percentiles(record.post_ms),
        "move_ms": percentiles(record.move_ms),
        "wrong_seat_gets": record.wrong_seat_gets,
        "behind_gets": record.behind_gets,
        "mean_state_bytes": round(record.state_bytes / record.states) if record.states else 0,
        "tables_started": load.tables_started,
        "setup_seconds": round(setup, 3),
        "matches_created": record.matches_created,
        "matches_finished": record.matches_finished,
        "errors": dict(record.errors),
        "server": {
            "cpu_seconds": round(server_cpu, 3),
            "cpu_ms_per_move": round(1000 * server_cpu / moves, 3) if moves else None,
            "cpu_share": round(server_cpu / window, 3),
            "runqueue_wait_share": share(before.server_waiting, after.server_waiting, window),
            "peak_rss_mb": round(server.peak_rss_bytes() / 2**20, 1),
        },
        "background": {
            "cpu_seconds": round(after.background_cpu - before.background_cpu, 3),
            "cpu_share": round((after.background_cpu - before.background_cpu) / window, 3),
        },
        "client": {
            "cpu_seconds": round(client_cpu, 3),
            "cpu_share": round(client_cpu / window, 3),
        },
        "machine": {
            "cpu_pressure": share(before.cpu_pressure, after.cpu_pressure, window),
            "io_pressure": share(before.io_pressure, after.io_pressure, window),
        },
        "database": {"cpu_share": share(before.database_cpu, after.database_cpu, window)},
    }


def run_event_loop(coroutine: Any) -> Any:
    """Run on uvloop when it is installed (it comes with ``uvicorn[standard]``), else asyncio's."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coroutine)
    with asyncio.Runner(loop_factory=uvloop.new_event_loop) as runner:
        return runner.run(coroutine)


def measure(
    *,
    matches: int,
    mode: str = "http",
    players: Players = Players(),
    database_url: str | None = None,
    launcher: Path | None = None,
    access_log: bool = False,
    workers: int = 1,
    postgres: ThrowawayCluster | None = None,
    on_tick: Callable[[Tick], None] | None = None,
) -> JsonDict:
    """One measurement on a server of its own: ``matches`` concurrent matches in ``mode``; on
    ``postgres``, in a fresh database of that cluster."""
    if mode not in MODES:
        raise CliError(f"mode is one of {', '.join(MODES)}, not {mode!r}")
    if matches < 1:
        raise CliError("matches must be at least 1")
    load_before = load_average()
    database_pid = None
    if postgres is not None:
        database_url, database_pid = fresh_database(postgres), postgres.postmaster_pid()
    with running_server(
        database_url=database_url,
        launcher=launcher,
        access_log=access_log,
        workers=workers,
        database_pid=database_pid,
    ) as s:
        result: JsonDict = run_event_loop(
            drive(server=s, matches=matches, mode=mode, players=players, on_tick=on_tick)
        )
    result["load_average_before"] = load_before
    result["workers"] = workers
    if database_url is None:
        result["disk_fsync_ms"] = fsync_ms(Path(tempfile.gettempdir()))
    return result


def fresh_database(cluster: ThrowawayCluster) -> str:
    """A new, empty database in ``cluster`` for one run; its SQLAlchemy URL."""
    import psycopg
    from sqlalchemy.engine import make_url

    url = make_url(cluster.url)
    name = f"bench_{uuid.uuid4().hex[:12]}"
    conninfo = url.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(conninfo, autocommit=True) as connection:
        connection.execute(f"create database {name}".encode())
    return url.set(database=name).render_as_string(hide_password=False)


def parse_counts(text: str) -> list[int]:
    """``"1,20,100"`` as match counts."""
    try:
        counts = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        message = f"--matches takes counts separated by commas, like 1,20,100, not {text!r}"
        raise CliError(message) from None
    if not counts or min(counts) < 1:
        raise CliError(f"--matches needs counts of at least 1, not {text!r}")
    return counts


def parse_modes(text: str) -> list[str]:
    modes = [part.strip() for part in text.split(",") if part.strip()]
    unknown = [m for m in modes if m not in MODES]
    if not modes or unknown:
        names = f"{', '.join(MODES[:-1])} or {MODES[-1]}"
        raise CliError(f"--mode takes {names} (or several, comma-separated), not {text!r}")
    return modes


def describe_database(database_url: str | None, *, postgres: bool = False) -> str:
    """Where the server stored matches, without a password."""
    if postgres:
        return "postgresql (throwaway cluster on 127.0.0.1, fsync on, a fresh database per run)"
    if database_url is None:
        return "sqlite (fresh file in a temporary folder, WAL, synchronous=FULL)"
    scheme, sep, rest = database_url.partition("://")
    return f"{scheme}{sep}{rest.rpartition('@')[2]}" if sep else database_url


FLOOR_SERVER = Path(__file__).with_name("floor_server.py")
PEERS = ("bgio", "floor")
"""``bgio``: the boardgame.io server and its own load test; ``floor``: this load generator against
:mod:`monolith.load.floor_server` (HTTP and fsync, no game, no framework, no SQL), over HTTP."""


def ratios(ours: JsonDict, peer: JsonDict) -> JsonDict:
    """Ours against the peer, measured minutes apart on the same machine: moves/s and p95."""
    ours_p95 = ours["move_ms"].get("p95")
    peer_p95 = peer["move_ms"].get("p95")
    return {
        "moves_per_second": round(ours["moves_per_second"] / peer["moves_per_second"], 4)
        if peer["moves_per_second"]
        else None,
        "move_p95": round(ours_p95 / peer_p95, 2) if ours_p95 and peer_p95 else None,
    }


def bench_server(
    *,
    matches: Sequence[int],
    modes: Sequence[str] = ("http",),
    players: Players = Players(),
    database_url: str | None = None,
    launcher: Path | None = None,
    access_log: bool = False,
    peer: str | None = None,
    peer_dir: Path = BGIO_DIR,
    workers: int = 1,
    postgres: bool = False,
    on_tick: Callable[[str, Tick], None] | None = None,
) -> JsonDict:
    """A series: for each match count, each mode on a fresh server, then the peer (if any) right
    after, so both meet the same moment of a shared machine. One JSON-able object.

    ``postgres`` starts a throwaway PostgreSQL cluster (``monolith.load.pgcluster``) for the
    series, with a fresh database per run; ``workers`` above 1 share it, or the run's SQLite
    file."""
    if postgres and database_url is not None:
        raise CliError("give --postgres or --database-url, not both")
    check_workers(workers, database_url or "sqlite:///bench.sqlite3")
    with contextlib.ExitStack() as stack:
        cluster = stack.enter_context(throwaway_postgres(fsync=True)) if postgres else None
        return _series(
            matches=matches,
            modes=modes,
            players=players,
            database_url=database_url,
            launcher=launcher,
            access_log=access_log,
            peer=peer,
            peer_dir=peer_dir,
            workers=workers,
            postgres=cluster,
            on_tick=on_tick,
        )


def _series(
    *,
    matches: Sequence[int],
    modes: Sequence[str],
    players: Players,
    database_url: str | None,
    launcher: Path | None,
    access_log: bool,
    peer: str | None,
    peer_dir: Path,
    workers: int,
    postgres: ThrowawayCluster | None,
    on_tick: Callable[[str, Tick], None] | None,
) -> JsonDict:
    if peer is not None and peer not in PEERS:
        raise CliError(f"--peer is one of {', '.join(PEERS)}, not {peer!r}")
    if launcher is not None and not launcher.is_file():
        raise CliError(f"--launcher {launcher} is not a file")
    peer_workdir = prepare_bgio(peer_dir) if peer == "bgio" else None  # fail early, not late

    def ticks(label: str) -> Callable[[Tick], None] | None:
        return functools.partial(on_tick, label) if on_tick else None

    runs: list[JsonDict] = []
    for count in matches:
        point: JsonDict = {"matches": count}
        for mode in modes:
            point[mode] = measure(
                matches=count,
                mode=mode,
                players=players,
                database_url=database_url,
                launcher=launcher,
                access_log=access_log,
                workers=workers,
                postgres=postgres,
                on_tick=ticks(f"{count} matches, {mode}"),
            )
        if peer_workdir is not None:
            point["bgio"] = measure_bgio(
                matches=count, seconds=players.seconds, workdir=peer_workdir
            )
        elif peer == "floor":
            floor = ticks(f"{count} matches, floor")
            point[peer] = measure(
                matches=count, players=players, launcher=FLOOR_SERVER, on_tick=floor
            )
        if peer is not None:
            point["ratio_to_peer"] = {mode: ratios(point[mode], point[peer]) for mode in modes}
        runs.append(point)
    return {
        "game": "monolyth",
        "players": PLAYERS,
        "modes": list(modes),
        "pick": players.pick,
        "legal": players.legal,
        "seed": players.seed,
        "seconds": players.seconds,
        "warmup": players.warmup,
        "setup_timeout": players.setup_timeout,
        "database": describe_database(database_url, postgres=postgres is not None),
        "workers": workers,
        "access_log": access_log,
        "launcher": str(launcher) if launcher else None,
        "peer": peer,
        "cpus": os.cpu_count(),
        "python": sys.version.split()[0],
        "runs": runs,
    }
