"""The simulated players of ``monolith bench-server``: N two-seat matches kept going by one
asyncio process through the documented API, one small driver class per way a seat learns of its
decision and sends its action (``http``, ``socket``, ``socket-moves``), and what they record.

Apart from :mod:`monolith.load.bench_server` (the server started, the runs, the series) so each
reads on its own; the players know nothing of how the server was started.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

import msgspec

from monolith.core import JsonDict
from monolith.load.processes import (
    LoadError,
)
from monolith.usage import CliError

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
