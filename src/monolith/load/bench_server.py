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

How a seat learns of its decision and sends its action is one small driver class per mode. The
load generator shares the machine's cores with the server, so its own CPU time is reported beside
the server's, and its HTTP client is a lean one of its own (:class:`HttpConnection`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import math
import os
import random
import subprocess
import sys
import tempfile
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import msgspec

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
    from websockets.asyncio.client import ClientConnection

MODES = ("http", "socket", "socket-moves")
PICKS = ("random", "first")
LEGALS = ("full", "ids")
"""How the players ask for legal actions (see :attr:`Load.legal`)."""
PLAYERS = 2
REQUEST_TIMEOUT_SECONDS = 120.0
"""A request slower than this counts as an error; generous, since queueing is what we measure.
(Timed with ``asyncio.timeout``: Python 3.11's ``wait_for`` can swallow the cancellation that
ends a run when the request finishes at the same moment, and the player would play on.)"""
TICK_SECONDS = 0.25
SETUP_TIMEOUT_SECONDS = 180.0
"""The warm-up waits this long at most for every table to have created and joined its match."""


class MatchAbandoned(Exception):  # noqa: N818 - reads as what happened to the match
    """A match the load generator gives up on after an error answer; a new one replaces it."""


# What the players read of a state ---------------------------------------------------------------


class LegalAction(msgspec.Struct):
    id: int


def action_id(legal: LegalAction | int) -> int:
    """A legal action's id, as a full state (an object) or ``legal=ids`` (a number) gives it."""
    return legal if isinstance(legal, int) else legal.id


class Decision(msgspec.Struct):
    """The few fields of a state (or a pushed message) that a player needs; the rest is skipped."""

    type: str = "state"
    version: int = -1
    status: str | int = ""
    """A state's status, or the HTTP status of a refusal."""
    to_move: int | None = None
    legal_actions: list[LegalAction | int] = []
    error: dict[str, Any] | None = None
    id: int | str | None = None
    """The request a socket's ``ack`` or ``refused`` answers."""


read_decision = msgspec.json.Decoder(Decision).decode


# Measuring ---------------------------------------------------------------------------------------


def percentiles(samples: Sequence[float]) -> JsonDict:
    """p50/p95/p99 (nearest rank), mean and max of ``samples`` in milliseconds; empty: count 0."""
    if not samples:
        return {"count": 0}
    ordered = sorted(samples)

    def rank(q: float) -> float:
        """The smallest sample with at least a share ``q`` of all samples at or below it."""
        return round(ordered[max(0, math.ceil(q * len(ordered)) - 1)], 3)

    return {
        "count": len(ordered),
        "p50": rank(0.50),
        "p95": rank(0.95),
        "p99": rank(0.99),
        "mean": round(sum(ordered) / len(ordered), 3),
        "max": round(ordered[-1], 3),
    }


@dataclass(frozen=True)
class Players:
    """How a series' simulated players play and for how long: the same for every run of it."""

    seconds: float = 10.0
    """Measured per run, after the warm-up."""
    warmup: float = 3.0
    setup_timeout: float = SETUP_TIMEOUT_SECONDS
    """The warm-up also waits (at most this long) for every table to have its match."""
    pick: str = "random"
    """Which legal action a player takes: ``random`` (seeded) or ``first``."""
    legal: str = "full"
    """How players ask for legal actions (see :attr:`Load.legal`)."""
    seed: int = 0

    def __post_init__(self) -> None:
        if self.pick not in PICKS:
            raise CliError(f"pick is one of {', '.join(PICKS)}, not {self.pick!r}")
        if self.legal not in LEGALS:
            raise CliError(f"legal is one of {', '.join(LEGALS)}, not {self.legal!r}")
        if self.seconds <= 0 or self.warmup < 0:
            raise CliError("seconds must be above 0 and the warm-up not negative")


@dataclass
class Recorder:
    """Samples taken while ``measuring`` (the window after the warm-up); ignored otherwise."""

    measuring: bool = False
    moves: int = 0
    get_ms: list[float] = field(default_factory=list)
    post_ms: list[float] = field(default_factory=list)
    move_ms: list[float] = field(default_factory=list)
    wrong_seat_gets: int = 0
    behind_gets: int = 0
    """GETs answered by a process that had yet to hear of the seat's last known move (several
    server processes), asked again."""
    state_bytes: int = 0
    states: int = 0
    matches_created: int = 0
    matches_finished: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    moves_total: int = 0
    """Moves over the whole run, warm-up included (for the progress bar)."""

    def state_read(self, milliseconds: float | None, size: int) -> None:
        if self.measuring:
            if milliseconds is not None:
                self.get_ms.append(milliseconds)
            self.state_bytes += size
            self.states += 1

    def action_posted(self, milliseconds: float) -> None:
        self.moves_total += 1
        if self.measuring:
            self.moves += 1
            self.post_ms.append(milliseconds)

    def move_done(self, milliseconds: float) -> None:
        if self.measuring:
            self.move_ms.append(milliseconds)

    def error(self, what: str) -> None:
        self.errors[what] += 1  # errors count in the warm-up too: none are expected


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
            "monolith.server.protocol:TableProtocol",  # as `monolith serve`
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


# Players -------------------------------------------------------------------------------------


class HttpConnection:
    """One keep-alive HTTP/1.1 connection to our server, as a browser holds one.

    The load generator shares the machine's two cores with the server, so its client must cost
    little: httpx spent ~1.4 ms of CPU per request here, this one ~0.12 ms. It reads only
    what our server sends (a status line, headers, a ``Content-Length`` body) and opens a fresh
    connection before the server's keep-alive timeout (5 s) could close an idle one.
    """

    IDLE_SECONDS = 4.0

    def __init__(self, host: str, port: int) -> None:
        self.host, self.port = host, port
        self._reader: asyncio.StreamReader | None = None
        self._writer: asyncio.StreamWriter | None = None
        self._used = 0.0

    async def request(
        self, method: str, path: str, headers: bytes = b"", body: bytes | None = None
    ) -> tuple[int, bytes]:
        """``(status, body)``; ``headers`` are whole lines (``b"Name: value\r\n"``)."""
        now = time.monotonic()
        if self._writer is None or now - self._used > self.IDLE_SECONDS:
            await self.close()
            self._reader, self._writer = await asyncio.open_connection(self.host, self.port)
        reader, writer = self._reader, self._writer
        assert reader is not None
        length = (
            b""
            if body is None
            else b"Content-Type: application/json\r\nContent-Length: %d\r\n" % len(body)
        )
        writer.write(
            b"%s %s HTTP/1.1\r\nHost: %s\r\n%s%s\r\n%s"
            % (method.encode(), path.encode(), self.host.encode(), headers, length, body or b"")
        )
        try:
            head = await reader.readuntil(b"\r\n\r\n")
            status = int(head[9:12])
            marker = head.lower().find(b"\r\ncontent-length:")
            if marker < 0:
                raise LoadError(f"{method} {path}: an answer without Content-Length")
            size = int(head[marker + 17 : head.index(b"\r\n", marker + 2)])
            content = await reader.readexactly(size)
        except (asyncio.IncompleteReadError, ConnectionError):
            await self.close()
            raise
        self._used = time.monotonic()
        if b"\r\nconnection: close" in head.lower():
            await self.close()
        return status, content

    async def close(self) -> None:
        if self._writer is not None:
            self._writer.close()
            with contextlib.suppress(Exception):
                await self._writer.wait_closed()
        self._reader = self._writer = None


@dataclass
class Match:
    """A match being played: its seats' tokens, and each seat's own HTTP connection."""

    match_id: str
    tokens: list[str]
    clients: list[HttpConnection]


@dataclass
class Load:
    """What every player coroutine shares: the server, the recorder and the run's settings."""

    base_url: str
    record: Recorder
    pick: str
    legal: str = "full"
    """How states carry the legal actions: ``full`` (``labels=indexed``, as the browser asks) or
    ``ids`` (``legal=ids``: bare action ids, as a program that knows the encoding asks)."""
    tables_started: int = 0
    """Tables whose first match has both seats joined (the setup ends when all have)."""

    @property
    def state_query(self) -> str:
        return "legal=ids" if self.legal == "ids" else "labels=indexed"

    def new_client(self) -> HttpConnection:
        """One seat's connection, as one browser holds one."""
        host, _, port = self.base_url.removeprefix("http://").partition(":")
        return HttpConnection(host, int(port))

    async def request(
        self,
        client: HttpConnection,
        method: str,
        path: str,
        *,
        token: str | None = None,
        body: JsonDict | None = None,
    ) -> tuple[bytes, float]:
        """One request: the answer's body and its round trip in ms; an error abandons the match."""
        headers = b"Authorization: Bearer %s\r\n" % token.encode() if token else b""
        data = None if body is None else msgspec.json.encode(body)
        started = time.perf_counter()
        try:
            async with asyncio.timeout(REQUEST_TIMEOUT_SECONDS):
                status, content = await client.request(method, path, headers, data)
        except (OSError, asyncio.IncompleteReadError, TimeoutError) as error:
            self.record.error(f"{method} {type(error).__name__}")
            raise MatchAbandoned from error
        elapsed = (time.perf_counter() - started) * 1000
        if status >= 300:
            code = "?"
            with contextlib.suppress(msgspec.DecodeError, KeyError, TypeError):
                code = msgspec.json.decode(content)["error"]["code"]
            self.record.error(f"{method} {status} {code}")
            raise MatchAbandoned(f"{method} {path}: {status} {content[:200]!r}")
        return content, elapsed

    async def new_match(self, clients: list[HttpConnection]) -> Match:
        """The first seat creates a match for all human seats; each seat joins it."""
        seats = [{"kind": "human"}] * PLAYERS
        body = {"game": "monolyth", "players": PLAYERS, "seats": seats}
        created, _ = await self.request(clients[0], "POST", "/api/matches", body=body)
        match_id: str = msgspec.json.decode(created)["match_id"]
        tokens = []
        for seat, client in enumerate(clients):
            path = f"/api/matches/{match_id}/seats/{seat}/join"
            joined, _ = await self.request(client, "POST", path, body={"name": f"Load {seat + 1}"})
            tokens.append(msgspec.json.decode(joined)["token"])
        if self.record.measuring:
            self.record.matches_created += 1
        return Match(match_id, tokens, clients)

    async def post_action(self, match: Match, seat: int, state: Decision, action_id: int) -> int:
        """POST the chosen action on the version the seat saw; the version acknowledged."""
        body = {"version": state.version, "action_id": action_id}
        path = f"/api/matches/{match.match_id}/actions"
        client, token = match.clients[seat], match.tokens[seat]
        content, elapsed = await self.request(client, "POST", path, token=token, body=body)
        self.record.action_posted(elapsed)
        acknowledged: int = msgspec.json.decode(content)["version"]
        return acknowledged


class Driver(Protocol):
    """One way for both seats of a match to learn their decisions and send their actions."""

    async def open(self) -> None: ...

    async def decision(self) -> tuple[int, Decision] | None:
        """The seat to move and the state it decides on; ``None`` once the match is over."""
        ...

    async def act(self, seat: int, state: Decision, action_id: int) -> None: ...

    async def close(self) -> None: ...


class HttpDriver:
    """Per move: GET the state as the seat expected to move (the other seat after each move), GET
    again as the right seat if that was wrong, then POST. Each seat sends the version it last saw
    (``?since=``) and asks for the labels apart (``labels=indexed``), as the browser does, so the
    log comes as the entries it lacks. A move's round trip runs from its first GET to the POST's
    answer.

    With several server processes, a seat's connection may reach another process than the one
    that took the last move, and that one may not have heard of it yet (it learns by a notice,
    about a millisecond later). So each GET names the last acknowledged version
    (``min_version``), which the process waits to hear of; a state older than it all the same
    (the wait ran out), or one still waiting for a seat that has joined, is asked for again
    (``behind_gets``)."""

    BEHIND_RETRIES = 5000

    def __init__(self, load: Load, match: Match) -> None:
        self.load = load
        self.match = match
        self.expected_seat = 0
        self.started = 0.0
        self.seen: list[int | None] = [None] * PLAYERS
        self.acknowledged = 0

    async def open(self) -> None:
        return None

    async def decision(self) -> tuple[int, Decision] | None:
        self.started = time.perf_counter()
        seat = self.expected_seat
        path = f"/api/matches/{self.match.match_id}/state"
        asked, behind = 0, 0
        while asked < PLAYERS:
            client, token = self.match.clients[seat], self.match.tokens[seat]
            since = self.seen[seat]
            query = f"{path}?{self.load.state_query}" + ("" if since is None else f"&since={since}")
            if self.acknowledged:  # the last move's version: a process waits to hear of it
                query += f"&min_version={self.acknowledged}"
            content, elapsed = await self.load.request(client, "GET", query, token=token)
            self.load.record.state_read(elapsed, len(content))
            state = read_decision(content)
            self.seen[seat] = state.version
            if state.version < self.acknowledged or state.status == "open":
                behind += 1
                if behind > self.BEHIND_RETRIES:
                    raise LoadError(f"match {self.match.match_id}: a process never caught up")
                if self.load.record.measuring:
                    self.load.record.behind_gets += 1
                await asyncio.sleep(0.001)
                continue
            asked += 1
            if state.status == "finished":
                return None
            if state.to_move == seat and state.legal_actions:
                return seat, state
            if self.load.record.measuring:
                self.load.record.wrong_seat_gets += 1
            if state.to_move is None:
                break
            seat = state.to_move
        raise LoadError(f"match {self.match.match_id}: no seat has a decision in a running state")

    async def act(self, seat: int, state: Decision, action_id: int) -> None:
        self.acknowledged = await self.load.post_action(self.match, seat, state, action_id)
        self.load.record.move_done((time.perf_counter() - self.started) * 1000)
        self.expected_seat = (seat + 1) % PLAYERS

    async def close(self) -> None:
        return None


class SocketDriver:
    """Both seats listen on ``/ws/matches/{id}?token=...&labels=indexed`` (as the browser does);
    the seat whose decision a pushed state shows acts on it. A move's round trip runs from sending
    the action to the next decision's state (or the final one) arriving on a socket. Actions are
    POSTed (:meth:`send`); :class:`SocketMovesDriver` sends them over the socket instead."""

    def __init__(self, load: Load, match: Match) -> None:
        self.load = load
        self.match = match
        self.sockets: list[ClientConnection] = []
        self.readers: list[asyncio.Task[None]] = []
        self.latest: list[Decision | None] = [None] * PLAYERS
        self.arrived = [0.0] * PLAYERS
        self.changed = asyncio.Event()
        self.failure: BaseException | None = None
        self.expected_version = 0
        self.sent_at: float | None = None

    async def open(self) -> None:
        from websockets.asyncio.client import connect
        from websockets.exceptions import WebSocketException

        base = self.load.base_url.replace("http://", "ws://", 1)
        for seat, token in enumerate(self.match.tokens):
            url = f"{base}/ws/matches/{self.match.match_id}?token={token}&{self.load.state_query}"
            try:
                connection = await connect(url, max_size=None, compression=None)
            except (OSError, WebSocketException) as error:
                self.load.record.error(f"WS {type(error).__name__}")
                raise MatchAbandoned from error
            self.sockets.append(connection)
            self.readers.append(asyncio.get_running_loop().create_task(self._read(seat)))

    async def _read(self, seat: int) -> None:
        try:
            async for message in self.sockets[seat]:
                arrived = time.perf_counter()
                state = read_decision(message)
                if state.type == "state":
                    self.load.record.state_read(None, len(message))  # JSON text is ASCII here
                    self.latest[seat], self.arrived[seat] = state, arrived
                    self.changed.set()
                elif state.type != "presence":
                    self.answered(state, arrived)
        except Exception as error:
            self.failure = error
            self.changed.set()
            self.answered(None, 0.0)

    def answered(self, reply: Decision | None, arrived: float) -> None:
        """A reply to a request sent on the socket (``None``: the socket failed)."""
        if reply is not None:
            raise LoadError(f"the socket sent {reply.type!r} to a seat that asked nothing")

    async def decision(self) -> tuple[int, Decision] | None:
        while True:
            if self.failure is not None:
                self.load.record.error(f"WS {type(self.failure).__name__}")
                raise MatchAbandoned from self.failure
            for seat, state in enumerate(self.latest):
                if state is None or state.version < self.expected_version:
                    continue
                if state.status == "finished" or (
                    state.to_move == seat and state.legal_actions and state.status == "running"
                ):
                    if self.sent_at is not None:
                        self.load.record.move_done((self.arrived[seat] - self.sent_at) * 1000)
                        self.sent_at = None
                    return None if state.status == "finished" else (seat, state)
            self.changed.clear()
            await self.changed.wait()

    async def act(self, seat: int, state: Decision, action_id: int) -> None:
        self.expected_version = state.version + 1
        self.sent_at = time.perf_counter()
        await self.send(seat, state, action_id)

    async def send(self, seat: int, state: Decision, action_id: int) -> None:
        await self.load.post_action(self.match, seat, state, action_id)

    async def close(self) -> None:
        for reader in self.readers:
            reader.cancel()
        for connection in self.sockets:
            with contextlib.suppress(Exception):
                await connection.close()
        for reader in self.readers:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await reader


class SocketMovesDriver(SocketDriver):
    """As :class:`SocketDriver`, but the action goes over the seat's socket (``{"type": "act"}``),
    as the browser sends it; ``post_ms`` is then the time from sending it to its ``ack``."""

    def __init__(self, load: Load, match: Match) -> None:
        super().__init__(load, match)
        self.requests = 0
        self.reply: asyncio.Future[tuple[Decision, float]] | None = None

    def answered(self, reply: Decision | None, arrived: float) -> None:
        if self.reply is None or self.reply.done():
            if reply is not None:
                raise LoadError(f"the socket sent {reply.type!r} when no request was open")
            return
        if reply is None:
            self.reply.set_exception(LoadError("the socket failed while a move was on its way"))
        else:
            self.reply.set_result((reply, arrived))

    async def send(self, seat: int, state: Decision, action_id: int) -> None:
        self.requests += 1
        request = {"type": "act", "id": self.requests, "version": state.version}
        self.reply = asyncio.get_running_loop().create_future()
        started = time.perf_counter()
        try:
            await self.sockets[seat].send(msgspec.json.encode(request | {"action_id": action_id}))
            async with asyncio.timeout(REQUEST_TIMEOUT_SECONDS):
                reply, arrived = await self.reply
        except Exception as error:
            self.load.record.error(f"WS {type(error).__name__}")
            raise MatchAbandoned from error
        if reply.type != "ack" or reply.id != self.requests:
            code = (reply.error or {}).get("code", "?")
            self.load.record.error(f"WS {reply.type} {reply.status} {code}")
            raise MatchAbandoned(f"the socket answered {reply.type} to an action: {reply.error}")
        self.load.record.action_posted((arrived - started) * 1000)


DRIVERS: dict[str, Callable[[Load, Match], Driver]] = {
    "http": HttpDriver,
    "socket": SocketDriver,
    "socket-moves": SocketMovesDriver,
}


async def play_forever(load: Load, mode: str, rng: random.Random) -> None:
    """Keep one table busy: play a match to its end, then start the next, until cancelled."""
    clients = [load.new_client() for _ in range(PLAYERS)]
    try:
        await play_table(load, mode, rng, clients)
    finally:
        for client in clients:
            await client.close()


async def play_table(
    load: Load, mode: str, rng: random.Random, clients: list[HttpConnection]
) -> None:
    """The same seats (clients) play one match after another."""
    started = False
    while True:
        try:
            match = await load.new_match(clients)
            if not started:
                started = True
                load.tables_started += 1
            driver = DRIVERS[mode](load, match)
            try:
                await driver.open()
                while (found := await driver.decision()) is not None:
                    seat, state = found
                    legal = state.legal_actions
                    chosen = legal[0] if load.pick == "first" else rng.choice(legal)
                    await driver.act(seat, state, action_id(chosen))
                if load.record.measuring:
                    load.record.matches_finished += 1
            finally:
                await driver.close()
        except MatchAbandoned:
            await asyncio.sleep(0.1)  # an error answer: do not hammer a failing server


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
