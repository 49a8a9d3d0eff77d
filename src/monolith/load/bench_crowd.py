"""A crowd at one table: N sockets watch one match (``monolith bench-crowd``).

Issue 9 asks that 500 sockets connect to one match in under 5 s in all and that each change
reaches them all. This measures both on a real server of ours (its own process, a fresh SQLite
file, as ``bench-server`` starts it) and, in the same run, on a reference: a bare ``websockets``
server on the same machine that answers each connect with a message of the same size and sends
one message to every socket on demand. The reference is the floor this machine and client set
for the same traffic, so the ratio says what our table adds, whatever else the machine is doing.

- ``connect_seconds``: from opening the first socket to the last one holding its first state;
- ``fanout_seconds``: from the move's acknowledgement (or the reference's trigger) to the last
  socket holding the new state.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import subprocess
import sys
import tempfile
import textwrap
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path

import msgspec
from websockets.asyncio.client import ClientConnection, connect

from monolith.core import JsonDict
from monolith.load.bench_server import (
    load_average,
    run_event_loop,
    running_server,
)
from monolith.load.players import HttpConnection
from monolith.load.processes import LoadError, free_port, stop_process, wait_until_listening

REFERENCE_SERVER = textwrap.dedent(
    """
    import asyncio, sys
    from websockets.asyncio.server import broadcast, serve

    size, port = int(sys.argv[1]), int(sys.argv[2])
    first = b'{"type":"state","version":0,"pad":"' + b"x" * size + b'"}'
    later = b'{"type":"state","version":1,"pad":"' + b"x" * size + b'"}'
    crowd = set()

    async def handler(ws):
        if ws.request.path == "/move":  # each "go" on it: one message to everyone watching
            async for _ in ws:
                broadcast(crowd, later)
                await ws.send("sent")
            return
        crowd.add(ws)
        await ws.send(first)
        try:
            await ws.wait_closed()
        finally:
            crowd.discard(ws)

    async def main():
        async with serve(handler, "127.0.0.1", port, max_size=2**20):
            await asyncio.Future()

    asyncio.run(main())
    """
)
"""The reference: the least a WebSocket server must do for the same traffic (uvloop aside)."""

Change = Callable[[], Awaitable[object]]
"""The change the crowd waits for: a move posted, or the reference's broadcast asked for."""


@dataclass(frozen=True)
class CrowdRun:
    """One crowd on one server: how long connecting took, and one change reaching everyone."""

    sockets: int
    connect_seconds: float
    fanout_seconds: float
    state_bytes: int


async def _crowd(
    url: str, sockets: int, prepare: Callable[[], Awaitable[Change]]
) -> tuple[float, float, int]:
    """Open ``sockets`` sockets at ``url``, wait for each first message, then make a change and
    wait until each socket has the next one. ``prepare`` (a coroutine function) does what comes
    before the change (reading the state to pick a move) and returns the change itself, so the
    fan-out is timed from the moment the change is sent."""

    async def first(connection: ClientConnection) -> bytes:
        message = await connection.recv(decode=False)
        return bytes(message)

    started = time.perf_counter()
    crowd = await asyncio.gather(*(connect(url, max_size=2**22) for _ in range(sockets)))
    try:
        firsts = await asyncio.gather(*(first(c) for c in crowd))
        connected = time.perf_counter() - started
        change = await prepare()
        changed_at = time.perf_counter()
        seconds, _ = await asyncio.gather(asyncio.gather(*(first(c) for c in crowd)), change())
        fanout = time.perf_counter() - changed_at
        versions = {msgspec.json.decode(m)["version"] for m in seconds}
        if len(versions) != 1 or versions == {msgspec.json.decode(firsts[0])["version"]}:
            raise LoadError(f"the change reached the crowd as versions {sorted(versions)}")
        return connected, fanout, len(firsts[0])
    finally:
        await asyncio.gather(*(c.close() for c in crowd), return_exceptions=True)


async def _ours(port: int, sockets: int) -> CrowdRun:
    """A 2-player Monolyth match with both seats taken; the crowd watches; seat to move acts."""
    client = HttpConnection("127.0.0.1", port)

    async def call(
        method: str, path: str, body: JsonDict | None = None, token: str | None = None
    ) -> JsonDict:
        headers = f"Authorization: Bearer {token}\r\n".encode() if token else b""
        payload = None if body is None else json.dumps(body).encode()
        status, content = await client.request(method, path, headers, payload)
        if status not in (200, 201):
            raise LoadError(f"{method} {path}: {status} {content[:200]!r}")
        answer: JsonDict = msgspec.json.decode(content)
        return answer

    created = await call(
        "POST", "/api/matches", {"game": "monolyth", "players": 2, "seats": [{"kind": "human"}] * 2}
    )
    match_id = created["match_id"]
    tokens = [
        (await call("POST", f"/api/matches/{match_id}/seats/{seat}/join", {"name": name}))["token"]
        for seat, name in enumerate(("Ada", "Bo"))
    ]

    async def prepare() -> Change:
        for token in tokens:  # whichever seat is to move
            state = await call("GET", f"/api/matches/{match_id}/state", token=token)
            if legal := state.get("legal_actions"):
                body = {"version": state["version"], "action_id": legal[0]["id"]}
                return lambda: call("POST", f"/api/matches/{match_id}/actions", body, token)
        raise LoadError("neither seat could move")

    try:
        url = f"ws://127.0.0.1:{port}/ws/matches/{match_id}"
        connected, fanout, size = await _crowd(url, sockets, prepare)
    finally:
        await client.close()
    return CrowdRun(sockets, connected, fanout, size)


@contextlib.contextmanager
def _reference_server(state_bytes: int) -> Iterator[int]:
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="monolith-crowd-") as folder:
        log_path = Path(folder) / "reference.log"
        with log_path.open("wb") as log:
            process = subprocess.Popen(
                [sys.executable, "-c", REFERENCE_SERVER, str(state_bytes), str(port)],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        try:
            wait_until_listening(port, process, log_path)  # it answers plain HTTP with 426
            yield port
        finally:
            stop_process(process)


async def _reference(port: int, sockets: int, state_bytes: int) -> CrowdRun:
    trigger = await connect(f"ws://127.0.0.1:{port}/move")

    async def go() -> None:
        await trigger.send("go")
        await trigger.recv()

    async def prepare() -> Change:
        return go

    try:
        connected, fanout, size = await _crowd(f"ws://127.0.0.1:{port}/", sockets, prepare)
    finally:
        await trigger.close()
    return CrowdRun(sockets, connected, fanout, size)


def bench_crowd(
    *, sockets: int = 500, repeats: int = 3, on_run: Callable[[], object] = lambda: None
) -> JsonDict:
    """Our server and the reference, ``repeats`` times each, alternating (``on_run`` after each
    of the ``2 * repeats`` runs); medians and ratios."""
    ours: list[CrowdRun] = []
    reference: list[CrowdRun] = []
    for _ in range(repeats):
        with running_server(database_url=None, launcher=None, access_log=False) as server:
            ours.append(run_event_loop(_ours(server.port, sockets)))
        on_run()
        with _reference_server(ours[-1].state_bytes) as port:
            reference.append(run_event_loop(_reference(port, sockets, ours[-1].state_bytes)))
        on_run()

    def median(runs: list[CrowdRun], field: str) -> float:
        values = sorted(getattr(r, field) for r in runs)
        return float(values[len(values) // 2])

    summary: JsonDict = {"sockets": sockets, "repeats": repeats, "load_average": load_average()}
    for field in ("connect_seconds", "fanout_seconds"):
        summary[field] = {
            "ours": median(ours, field),
            "reference": median(reference, field),
            "ratio": median(ours, field) / max(median(reference, field), 1e-9),
        }
    summary["runs"] = {
        "ours": [asdict(r) for r in ours],
        "reference": [asdict(r) for r in reference],
    }
    return summary
