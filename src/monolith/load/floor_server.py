"""The floor under the web table's load test: what one Python process on this machine can answer
when a move costs nothing but its HTTP and its fsync.

``monolith bench-server --peer floor`` runs it beside the server, under the same players (it takes
uvicorn's ``--host`` and ``--port`` and ignores the rest, so it can stand in as a launcher): it
answers the five requests the load generator makes (the games list as a readiness probe, create,
join, GET state, POST action) on uvloop with httptools, the parser uvicorn uses, straight from an
``asyncio.Protocol``: no framework, no game, no match master, no SQL. A state is the size of a
real one (7.3 KB: a fixed view, 90 legal action ids, the version and whose turn it is), a move is
checked for its seat's token, its turn and its version, and a match ends after 60 moves, like a
two-player Monolyth game. Every acknowledged move is first appended to a file and fsynced by a
thread, the moves that arrive meanwhile together (group commit), as the real server commits
(``MONOLITH_FLOOR_FSYNC=0``: not durable).

So ``moves/s`` here is the most a Python process can move through this API on this machine, and
the real server's share of it says how much of a move's cost is the game, the match master and
the database, and how much the HTTP and the event loop beneath them would cost any Python server.
"""

from __future__ import annotations

import asyncio
import os
import re
import secrets
import sys
import threading
from dataclasses import dataclass, field
from typing import Any

import httptools
import msgspec
import uvloop

MOVES_PER_MATCH = 60
VIEW = b'{"padding":"' + b"x" * 6_700 + b'"}'
LEGAL = b"[" + b",".join(b"%d" % (1000 + i) for i in range(90)) + b"]"
STATE_PATH = re.compile(rb"^/api/matches/([^/?]+)/state(?:\?|$)")
ACTIONS_PATH = re.compile(rb"^/api/matches/([^/?]+)/actions$")
JOIN_PATH = re.compile(rb"^/api/matches/([^/?]+)/seats/(\d+)/join$")


class Action(msgspec.Struct):
    version: int
    action_id: int


read_action = msgspec.json.Decoder(Action).decode


@dataclass
class Match:
    version: int = 0
    tokens: list[str] = field(default_factory=lambda: ["", ""])

    @property
    def status(self) -> bytes:
        if not all(self.tokens):
            return b"open"
        return b"finished" if self.version >= MOVES_PER_MATCH else b"running"


class Journal:
    """Moves appended to a file and fsynced by one thread, all waiting moves at once."""

    def __init__(self, path: str) -> None:
        self.file = open(path, "ab")  # noqa: SIM115 - open for the server's life
        self.pending: list[tuple[bytes, asyncio.Future[None]]] = []
        self.wake = threading.Condition()
        self.loop = asyncio.get_running_loop()
        threading.Thread(target=self._run, daemon=True).start()

    def write(self, line: bytes) -> asyncio.Future[None]:
        done: asyncio.Future[None] = self.loop.create_future()
        with self.wake:
            self.pending.append((line, done))
            self.wake.notify()
        return done

    def _run(self) -> None:
        while True:
            with self.wake:
                while not self.pending:
                    self.wake.wait()
                batch, self.pending = self.pending, []
            self.file.write(b"".join(line for line, _ in batch))
            self.file.flush()
            os.fsync(self.file.fileno())
            self.loop.call_soon_threadsafe(_settle, [done for _, done in batch])


def _settle(futures: list[asyncio.Future[None]]) -> None:
    for done in futures:
        if not done.done():
            done.set_result(None)


MATCHES: dict[str, Match] = {}
TASKS: set[asyncio.Future[None]] = set()
"""Answers waiting for their move's fsync (held, so none is collected before it is sent)."""
JOURNAL: Journal | None = None


def _response(status: bytes, body: bytes) -> bytes:
    return b"HTTP/1.1 %s\r\ncontent-type: application/json\r\ncontent-length: %d\r\n\r\n%s" % (
        status,
        len(body),
        body,
    )


class FloorProtocol(asyncio.Protocol):
    def __init__(self) -> None:
        self.parser = httptools.HttpRequestParser(self)
        self.transport: asyncio.Transport | None = None
        self.url = b""
        self.method = b""
        self.body: list[bytes] = []
        self.authorization = b""

    def connection_made(self, transport: Any) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        try:
            self.parser.feed_data(data)
        except httptools.HttpParserError:
            assert self.transport is not None
            self.transport.close()

    # httptools callbacks
    def on_message_begin(self) -> None:
        self.url, self.body, self.authorization = b"", [], b""

    def on_url(self, url: bytes) -> None:
        self.url += url

    def on_header(self, name: bytes, value: bytes) -> None:
        if name.lower() == b"authorization":
            self.authorization = value.removeprefix(b"Bearer ")

    def on_headers_complete(self) -> None:
        self.method = self.parser.get_method()

    def on_body(self, body: bytes) -> None:
        self.body.append(body)

    def on_message_complete(self) -> None:
        answer = self.answer(self.method, self.url, b"".join(self.body))
        if isinstance(answer, bytes):
            self.send(answer)
        else:
            task = asyncio.ensure_future(self.later(answer))
            TASKS.add(task)
            task.add_done_callback(TASKS.discard)

    async def later(self, answer: Any) -> None:
        self.send(await answer)

    def send(self, data: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(data)

    def answer(self, method: bytes, url: bytes, body: bytes) -> Any:
        if method == b"GET" and (m := STATE_PATH.match(url)):
            match = MATCHES.get(m.group(1).decode())
            if match is None:
                return _response(b"404 Not Found", b'{"error":{"code":"no_match"}}')
            mine = self.authorization.decode() in match.tokens
            to_move = match.version % 2
            legal = LEGAL if mine and match.status == b"running" else b"[]"
            state = b'{"version":%d,"status":"%s","to_move":%d,"view":%s,"legal_actions":%s}' % (
                match.version,
                match.status,
                to_move,
                VIEW,
                legal,
            )
            return _response(b"200 OK", state)
        if method == b"POST" and (m := ACTIONS_PATH.match(url)):
            return self.act(m.group(1).decode(), body)
        if method == b"POST" and url == b"/api/matches":
            match_id = secrets.token_urlsafe(9)
            MATCHES[match_id] = Match()
            return _response(b"201 Created", b'{"match_id":"%s"}' % match_id.encode())
        if method == b"POST" and (m := JOIN_PATH.match(url)):
            match = MATCHES[m.group(1).decode()]
            token = secrets.token_urlsafe(16)
            match.tokens[int(m.group(2))] = token
            return _response(b"200 OK", b'{"token":"%s"}' % token.encode())
        if method == b"GET" and url.startswith(b"/api/games"):
            return _response(b"200 OK", b"[]")
        return _response(b"404 Not Found", b'{"error":{"code":"not_found"}}')

    def act(self, match_id: str, body: bytes) -> Any:
        match = MATCHES.get(match_id)
        action = read_action(body)
        if match is None or match.status != b"running":
            return _response(b"409 Conflict", b'{"error":{"code":"finished"}}')
        if self.authorization.decode() != match.tokens[match.version % 2]:
            return _response(b"403 Forbidden", b'{"error":{"code":"not_your_seat"}}')
        if action.version != match.version:
            return _response(b"409 Conflict", b'{"error":{"code":"stale_version"}}')
        match.version += 1
        acknowledged = _response(b"200 OK", b'{"version":%d}' % match.version)
        if JOURNAL is None:
            return acknowledged
        line = b"%s %d %d\n" % (match_id.encode(), match.version, action.action_id)
        return self._durable(JOURNAL.write(line), acknowledged)

    async def _durable(self, written: asyncio.Future[None], acknowledged: bytes) -> bytes:
        await written
        return acknowledged


async def serve(host: str, port: int) -> None:
    global JOURNAL
    if os.environ.get("MONOLITH_FLOOR_FSYNC", "1") != "0":
        JOURNAL = Journal("floor-journal.log")
    loop = asyncio.get_running_loop()
    server = await loop.create_server(FloorProtocol, host, port, backlog=2048)
    print("Application startup complete", flush=True)
    async with server:
        await server.serve_forever()


def main(argv: list[str]) -> None:
    host = argv[argv.index("--host") + 1] if "--host" in argv else "127.0.0.1"
    port = int(argv[argv.index("--port") + 1]) if "--port" in argv else 8000
    uvloop.run(serve(host, port))


if __name__ == "__main__":
    main(sys.argv[1:])
