"""Can one client starve every table's bots? (issue 22, F1)

One client (its own loopback address, 127.0.0.2) creates as many all-``ismcts``-hard The Monolith
matches as the server lets it; meanwhile 20 players (127.0.0.10-29, one address each) each play a
human seat of a The Monolith match against two greedy bots, over the match socket as the browser
does. What is measured, per compute set-up, in one run:

- the greedy bots' answer latency: from the human's move acknowledged to the bot's move pushed to
  that player (p50, p95, max);
- the hard bots' decisions per second (their matches' versions, counted before and after);
- what the one client got: matches created, and the refusal that stopped it.

Set-ups: ``local`` (the default pool: one search worker per core and a quick worker),
``local-2`` (two search workers), ``ray`` (a local Ray cluster the server starts). Run:

    .venv/bin/monolith bench-bots --seconds 30 --json

The target on the project's 2-core machine: greedy p95 <= 250 ms with the hard matches running.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
from websockets.asyncio.client import connect

SETUPS: dict[str, dict[str, str]] = {
    "local": {"MONOLITH_COMPUTE": "local"},
    "local-2": {"MONOLITH_COMPUTE": "local", "MONOLITH_COMPUTE_WORKERS": "2"},
    "ray": {"MONOLITH_COMPUTE": "ray", "MONOLITH_COMPUTE_WORKERS": "2"},
}
ATTACKER = "127.0.0.2"
HARD_SEATS = [{"kind": "bot", "bot": "ismcts", "level": "hard"}] * 4


@dataclass
class Report:
    setup: str
    seconds: float
    players: int
    hard_matches: int
    refused_with: str | None
    greedy_answers: int
    greedy_p50_ms: float
    greedy_p95_ms: float
    greedy_max_ms: float
    hard_decisions: int
    hard_decisions_per_second: float
    latencies_ms: list[float] = field(default_factory=list, repr=False)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextlib.contextmanager
def server(setup: str, folder: Path) -> Iterator[str]:
    """``monolith serve`` for ``setup`` on a fresh SQLite file; its base URL."""
    port = free_port()
    env = {**os.environ, **SETUPS[setup], "MONOLITH_BOT_DELAY_SECONDS": "0"}
    log = (folder / f"{setup}.log").open("w")
    command = [
        str(Path(sys.executable).parent / "monolith"),
        "serve",
        "--port",
        str(port),
        "--database-url",
        f"sqlite:///{folder / f'{setup}.sqlite3'}",
    ]
    process = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                    break
            if process.poll() is not None:
                raise RuntimeError(f"the server for {setup} ended; see {log.name}")
            time.sleep(0.2)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()


def client_at(address: str, base: str) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=base, transport=transport, timeout=30)


async def flood(base: str) -> tuple[list[str], str | None]:
    """The one client: hard matches until the server refuses."""
    made: list[str] = []
    async with client_at(ATTACKER, base) as client:
        for _ in range(20):
            body = {"game": "the-monolith", "players": 4, "seats": HARD_SEATS}
            answer = await client.post("/api/matches", json=body)
            if answer.status_code != 201:
                return made, answer.json()["error"]["code"]
            made.append(answer.json()["match_id"])
    return made, None


async def versions(base: str, matches: list[str]) -> int:
    async with httpx.AsyncClient(base_url=base, timeout=30) as client:
        total = 0
        for match_id in matches:
            state = (await client.get(f"/api/matches/{match_id}/state?legal=ids")).json()
            total += state["version"]
        return total


async def player(base: str, address: str, until: float, latencies: list[float]) -> None:
    """A person at a table with two greedy bots: plays a random legal move whenever it is their
    turn; times each bot answer from the acknowledgement to the push."""
    rng = random.Random(address)
    async with client_at(address, base) as client:
        body = {
            "game": "the-monolith",
            "players": 3,
            "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * 2,
            "join": {"seat": 0, "name": "Ada"},
        }
        created = (await client.post("/api/matches", json=body)).json()
        match_id, token = created["match_id"], created["token"]
    host = base.removeprefix("http://")
    url = f"ws://{host}/ws/matches/{match_id}?token={token}&legal=ids"
    async with connect(url, local_addr=(address, 0), max_size=None) as socket_:
        acked_at: float | None = None
        acked_version = -1
        request = 0
        while time.monotonic() < until:
            try:
                message = json.loads(
                    await asyncio.wait_for(socket_.recv(), until - time.monotonic())
                )
            except TimeoutError:
                return
            kind = message.get("type")
            if kind == "ack":
                acked_at, acked_version = time.monotonic(), message["version"]
                continue
            if kind != "state":
                continue
            if message["status"] == "finished":
                return
            if acked_at is not None and message["version"] > acked_version:
                entries = message.get("log", [])
                if entries and entries[-1]["by_bot"]:
                    latencies.append((time.monotonic() - acked_at) * 1000)
                    acked_at = None
            if message["to_move"] == message["seat"] and message["legal_actions"]:
                request += 1
                choice = rng.choice(message["legal_actions"])
                act = {
                    "type": "act",
                    "id": request,
                    "version": message["version"],
                    "action_id": choice,
                }
                await socket_.send(json.dumps(act))


async def measure(base: str, setup: str, seconds: float, players: int) -> Report:
    hard, refused = await flood(base)
    await asyncio.sleep(2)  # the hard bots get going
    before = await versions(base, hard)
    started = time.monotonic()
    latencies: list[float] = []
    until = started + seconds
    await asyncio.gather(
        *(player(base, f"127.0.0.{10 + i}", until, latencies) for i in range(players))
    )
    elapsed = time.monotonic() - started
    after = await versions(base, hard)
    ordered = sorted(latencies) or [0.0]
    return Report(
        setup=setup,
        seconds=round(elapsed, 1),
        players=players,
        hard_matches=len(hard),
        refused_with=refused,
        greedy_answers=len(latencies),
        greedy_p50_ms=round(statistics.median(ordered), 1),
        greedy_p95_ms=round(ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], 1),
        greedy_max_ms=round(ordered[-1], 1),
        hard_decisions=after - before,
        hard_decisions_per_second=round((after - before) / elapsed, 2),
        latencies_ms=[round(x, 1) for x in latencies],
    )


def bench_bots(
    setups: list[str],
    *,
    seconds: float = 30.0,
    players: int = 20,
    on_report: Callable[[Report], None] | None = None,
) -> list[Report]:
    """Each set-up's report, its server started and stopped in turn, in one run."""
    unknown = [setup for setup in setups if setup not in SETUPS]
    if unknown:
        raise ValueError(f"unknown set-ups {unknown}; known: {', '.join(SETUPS)}")
    reports = []
    with tempfile.TemporaryDirectory() as folder:
        for setup in setups:
            with server(setup, Path(folder)) as base:
                report = asyncio.run(measure(base, setup, seconds, players))
            if on_report is not None:
                on_report(report)
            reports.append(report)
    return reports
