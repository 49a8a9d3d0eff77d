"""How long a request waits behind the server's own work (``monolith bench-waits``).

The tests prove these structurally: startup loads none of the matches that wait to be asked for,
a review runs in worker processes of its own, a thinking bot holds no request up, a move wakes a
state request waiting for it. How long each takes is measured here instead, each beside a
reference taken in the same run on the same machine, so that the ratio reads the same on a quiet
machine and on one shared with a test suite, where a fixed bound in a test failed or said nothing:

- ``startup``: from building the app to its first page of matches, with ``filler`` unfinished
  matches stored; the reference is the same on an empty database;
- ``review``: a state and the game list, asked for while the coach reviews a finished match (at
  the server's budget unless told); the reference is the same requests just before, idle;
- ``bot``: the same while bots search a The Monolith match among themselves;
- ``wake``: a state request waiting for the next version (``min_version``), from the move being
  sent to the waiting request's answer; the reference is the move's own answer.

Everything runs in this process through Starlette's test client on throwaway SQLite files, as the
server's tests do: the compute workers are real processes, the HTTP is not a socket.
"""

from __future__ import annotations

import secrets
import statistics
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import timedelta
from pathlib import Path
from typing import TYPE_CHECKING, Any

from monolith.core import JsonDict

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

    from monolith.server.settings import Settings

MEASURES = ("startup", "review", "bot", "wake")
"""Every measure, in the order they run and are reported."""


@dataclass(frozen=True)
class Waits:
    """Seconds of one measure under the server's own work, beside the reference's."""

    name: str
    samples: list[float]
    reference: list[float]

    def to_json(self) -> JsonDict:
        median, base = statistics.median(self.samples), statistics.median(self.reference)
        return {
            "name": self.name,
            "samples": len(self.samples),
            "median_seconds": round(median, 5),
            "reference_median_seconds": round(base, 5),
            "ratio": round(median / base, 3) if base > 0 else None,
            "worst_seconds": round(max(self.samples), 5),
            "reference_worst_seconds": round(max(self.reference), 5),
        }


def bench_waits(
    measures: tuple[str, ...] = MEASURES,
    *,
    filler: int = 10_000,
    samples: int = 20,
    coach_iterations: int | None = None,
    bot: str = "ismcts-hard",
    on_measure: Callable[[Waits], None] | None = None,
) -> list[Waits]:
    """Each measure asked for, in :data:`MEASURES` order; ``coach_iterations`` below the
    server's own budget makes the review quicker (for tests)."""
    unknown = sorted(set(measures) - set(MEASURES))
    if unknown:
        raise ValueError(f"unknown measures {', '.join(unknown)}; known: {', '.join(MEASURES)}")
    if filler < 1 or samples < 1:
        raise ValueError("filler and samples must be at least 1")
    runs: dict[str, Callable[[Path], Waits]] = {
        "startup": lambda folder: _startup(folder, filler, samples),
        "review": lambda folder: _review(folder, samples, coach_iterations),
        "bot": lambda folder: _bot(folder, samples, bot),
        "wake": lambda folder: _wake(folder, samples),
    }
    results = []
    with tempfile.TemporaryDirectory(prefix="monolith-waits-") as folder:
        for name in MEASURES:
            if name in measures:
                result = runs[name](Path(folder) / name)
                results.append(result)
                if on_measure is not None:
                    on_measure(result)
    return results


def _settings(folder: Path, name: str, **changes: Any) -> Settings:
    from monolith.server.settings import Settings

    folder.mkdir(parents=True, exist_ok=True)
    url = f"sqlite:///{folder / f'{name}.sqlite3'}"
    return replace(Settings(database_url=url, rate_limits=False), **changes)


@contextmanager
def _served(settings: Settings) -> Iterator[TestClient]:
    with warnings.catch_warnings():  # Starlette's note on its test client's HTTP library
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    from monolith.server.app import create_app

    with TestClient(create_app(settings)) as client:
        yield client


def _created(client: TestClient, seats: list[JsonDict], game: str = "monolyth") -> str:
    body = {"game": game, "players": len(seats), "seats": seats}
    response = client.post("/api/matches", json=body)
    response.raise_for_status()
    match_id: str = response.json()["match_id"]
    return match_id


def _joined(client: TestClient, match_id: str, seat: int) -> str:
    response = client.post(f"/api/matches/{match_id}/seats/{seat}/join", json={"name": "Ada"})
    response.raise_for_status()
    token: str = response.json()["token"]
    return token


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _probe(client: TestClient) -> str:
    """A running match between two people, whose state the timed requests read."""
    match_id = _created(client, [{"kind": "human"}, {"kind": "human"}])
    _joined(client, match_id, 0)
    _joined(client, match_id, 1)
    return match_id


def _asked(client: TestClient, probe: str) -> float:
    """Seconds for a state and the game list, one after the other."""
    started = time.perf_counter()
    client.get(f"/api/matches/{probe}/state").raise_for_status()
    client.get("/api/games").raise_for_status()
    return time.perf_counter() - started


def _first_page_seconds(settings: Settings) -> float:
    started = time.perf_counter()
    with _served(settings) as client:
        client.get("/api/matches").raise_for_status()
        return time.perf_counter() - started


def _startup(folder: Path, filler: int, samples: int) -> Waits:
    from monolith.server.storage import make_engine, migrate

    empty, full = _settings(folder, "empty"), _settings(folder, "full")
    engine = make_engine(empty.database_url)
    try:
        migrate(engine)
    finally:
        engine.dispose()
    store_filler(full.database_url, filler)
    rounds = max(1, min(samples, 5))  # each start is a whole app: a few are enough
    _first_page_seconds(empty)  # the first start of a process imports the server: not timed
    timed, reference = [], []
    for _ in range(rounds):  # alternated, so a busy moment falls on both alike
        reference.append(_first_page_seconds(empty))
        timed.append(_first_page_seconds(full))
    return Waits("startup", timed, reference)


def _review(folder: Path, samples: int, iterations: int | None) -> Waits:
    changes = {} if iterations is None else {"coach_review_iterations": iterations}
    with _served(_settings(folder, "review", **changes)) as client:
        probe = _probe(client)
        reference = [_asked(client, probe) for _ in range(samples)]
        match_id = _created(client, [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}])
        token = _joined(client, match_id, 0)
        _play_out(client, match_id, token, 0)
        url = f"/api/matches/{match_id}/review"
        timed: list[float] = []
        while len(timed) < samples and client.get(url).json()["status"] != "done":
            timed.append(_asked(client, probe))
        if not timed:
            raise RuntimeError("the review was done before a request could be timed beside it")
    return Waits("review", timed, reference)


def _play_out(client: TestClient, match_id: str, token: str, seat: int) -> None:
    """The seat's first legal action until the match is over (its opponent is a bot)."""
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        state = client.get(f"/api/matches/{match_id}/state", headers=_auth(token)).json()
        if state["status"] == "finished":
            return
        if state["to_move"] == seat and state["legal_actions"]:
            body = {"version": state["version"], "action": state["legal_actions"][0]["action"]}
            client.post(f"/api/matches/{match_id}/actions", json=body, headers=_auth(token))
        else:
            time.sleep(0.01)  # the bot's turn: it answers in its own time
    raise RuntimeError("the match did not end within 300 s")


def _bot(folder: Path, samples: int, bot: str) -> Waits:
    with _served(_settings(folder, "bot", bot_delay_seconds=0)) as client:
        probe = _probe(client)
        reference = [_asked(client, probe) for _ in range(samples)]
        match_id = _created(client, [{"kind": "bot", "bot": bot}] * 3, game="the-monolith")
        timed: list[float] = []
        while len(timed) < samples:
            if client.get(f"/api/matches/{match_id}/state").json()["status"] == "finished":
                break
            timed.append(_asked(client, probe))
        if not timed:
            raise RuntimeError("the bots' match ended before a request could be timed beside it")
    return Waits("bot", timed, reference)


def _wake(folder: Path, samples: int) -> Waits:
    with _served(_settings(folder, "wake", min_version_wait_seconds=600)) as client:
        master = client.app.state.master  # type: ignore[attr-defined]
        match_id = _created(client, [{"kind": "human"}, {"kind": "human"}])
        tokens = [_joined(client, match_id, 0), _joined(client, match_id, 1)]
        live = master.matches[match_id]
        timed, reference = [], []
        for _ in range(samples):
            state = client.get(f"/api/matches/{match_id}/state").json()
            if state["status"] == "finished":
                break
            token = tokens[state["to_move"]]
            mine = client.get(f"/api/matches/{match_id}/state", headers=_auth(token)).json()
            answered: list[float] = []

            def wait(least: int = state["version"] + 1, answered: list[float] = answered) -> None:
                client.get(f"/api/matches/{match_id}/state?min_version={least}")
                answered.append(time.perf_counter())

            waiting = threading.Thread(target=wait, daemon=True)
            waiting.start()
            deadline = time.monotonic() + 30
            while not live.version_waiters:  # the request waits in the server
                if time.monotonic() > deadline:
                    raise RuntimeError("the request never waited for the version")
                time.sleep(0.001)
            body = {"version": mine["version"], "action": mine["legal_actions"][0]["action"]}
            sent = time.perf_counter()
            moved = client.post(f"/api/matches/{match_id}/actions", json=body, headers=_auth(token))
            acknowledged = time.perf_counter()
            moved.raise_for_status()
            waiting.join(60)
            if not answered:
                raise RuntimeError("the move did not wake the waiting request")
            timed.append(answered[0] - sent)
            reference.append(acknowledged - sent)
    return Waits("wake", timed, reference)


def store_filler(
    url: str, count: int, *, game: str = "monolyth", players: int = 2, running_every: int = 10
) -> dict[str, list[str]]:
    """``count`` unfinished matches of ``game`` written straight to the database, as a
    long-running server would have gathered them: one in ``running_every`` running between people
    with no clock, the rest open and abandoned (neither needs anything until someone asks); their
    ids by status. Also fills ``benchmarks/matches_memory.py``'s server."""
    from sqlalchemy import insert

    from monolith.games import get_game
    from monolith.server.storage import MatchRow, SeatRow, make_engine, migrate, utcnow

    options = get_game(game).info.resolve_options({})
    now = utcnow()
    kinds: dict[str, list[str]] = {"open": [], "running": []}
    matches, seats = [], []
    for number in range(count):
        status = "open" if number % running_every else "running"
        match_id = f"filler{number:06d}"
        kinds[status].append(match_id)
        matches.append(
            {
                "id": match_id,
                "game": game,
                "players": players,
                "options": options,
                "seed": secrets.randbits(63),
                "status": status,
                "version": 0,
                "turn_clock_seconds": None,
                "created_at": now - timedelta(seconds=number),
                "final_hash": None,
            }
        )
        for seat in range(players):
            joined = status == "running"
            seats.append(
                {
                    "match_id": match_id,
                    "seat": seat,
                    "kind": "human",
                    "bot": None,
                    "level": None,
                    "name": f"P{seat}" if joined else None,
                    "token_hash": f"{number:060d}{seat:04d}" if joined else None,
                    "taken_over": False,
                    "takeover_reason": None,
                }
            )
    engine = make_engine(url)
    try:
        migrate(engine)
        with engine.begin() as connection:
            connection.execute(insert(MatchRow), matches)
            connection.execute(insert(SeatRow), seats)
    finally:
        engine.dispose()
    return kinds
