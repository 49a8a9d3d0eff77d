"""The server's settings in one place, read from ``MONOLITH_*`` environment variables.

One frozen object is built at startup and handed to :func:`monolith.server.app.create_app`, so a
test can run a server on its own database and port without touching the environment.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from pathlib import Path

from monolith.bots.coach import HINT, REVIEW

STATIC_DIR = Path(__file__).parent / "static"
"""The browser table's files (owned by the browser pages, served as they are)."""


@dataclass(frozen=True)
class Settings:
    """Everything the server can be told; each field has a ``MONOLITH_<NAME>`` variable."""

    database_url: str = "sqlite:///./monolith.sqlite3"
    """SQLite file by default; a ``postgresql+psycopg://`` URL for PostgreSQL."""
    host: str = "127.0.0.1"
    port: int = 8000
    max_body_bytes: int = 64 * 1024
    """Requests with a larger body are refused with 413 before anything reads them."""
    bot_delay_seconds: float = 0.0
    """A pause before each bot move, so people at the table can follow it."""
    takeover_bot: str = "greedy"
    """The bot that plays a seat whose human left or ran out of time."""
    compute: str = "local"
    """Where bot decisions, hints and reviews run (:mod:`monolith.compute`): ``local`` worker
    processes on this machine, or ``ray`` (a local Ray cluster, started with the server) /
    ``ray://host:port`` (an existing cluster) for the searches, which then grow past one
    machine."""
    compute_workers: int = 0
    """Worker processes for searches (ismcts bots, hints, reviews), at the lowest priority beside
    live play; 0: one per core. The Ray cluster's CPUs when ``compute`` is Ray."""
    light_workers: int = 1
    """Worker processes for the cheap bots (random, greedy) at normal priority: a table's quick
    opponent never queues behind a search."""
    decision_seconds: float = 10.0
    """A search's cap per decision: past it, the bot plays the best move found so far."""
    bot_quota: str = "ismcts-easy=12;ismcts=8;ismcts-hard=4"
    """Bot seats one client address may have playing at once (in its open and running
    matches), per bot; bots not named have none (random and greedy cost next to nothing). A
    match asking for more is refused ``429 bot_quota``."""
    finished_in_memory: int = 64
    """Finished matches kept in memory for quick replays; older ones are reloaded on demand."""
    rate_limits: bool = True
    """Whether the ``rate_limit_*`` budgets below are enforced (off only for tests and benches
    that play many seats from one address)."""
    rate_limit_create: str = "10/minute;60/hour"
    """Matches one client address may create (``limits`` notation, ``;`` between budgets; empty:
    no budget)."""
    rate_limit_join: str = "30/minute;300/hour"
    """Seats one client address may join."""
    rate_limit_act: str = "20/second;600/minute"
    """Actions, undos, leaves and reclaims one client address may send, all seats together, over
    HTTP and over sockets alike."""
    rate_limit_coach: str = "30/minute;300/hour"
    """Hints and reviews one client address may ask for."""
    open_match_ttl_seconds: float = 24 * 3600
    """An open match nobody has joined expires this long after its creation (0: never)."""
    header_timeout_seconds: float = 10.0
    """A connection that has not sent a whole request head in this time is closed (408);
    0: never."""
    max_header_bytes: int = 16 * 1024
    """A request head (request line and headers) larger than this is refused with 431 and its
    connection closed, as soon as that many bytes have arrived; 0: no limit."""
    body_timeout_seconds: float = 10.0
    """A request body that has not fully arrived in this time is refused (408); 0: never."""
    access_log: bool = False
    """A log line per HTTP request (uvicorn's access log); off, it saves a few % of the CPU."""
    max_sockets_per_match: int = 1000
    """Open sockets one match may have (seats and spectators); more are refused (close 4429)."""
    max_sockets_per_address: int = 64
    """Open sockets one client address may have, over every match; more are refused (close
    4429)."""
    max_socket_message_bytes: int = 4096
    """A socket request larger than this is refused ``malformed`` (the socket stays open)."""
    matches_in_memory: int = 2000
    """Matches held in memory at once; past it the least recently used idle ones (no socket,
    no bot thinking, no clock running) are dropped, and reloaded from their log on use."""
    gil_switch_seconds: float = 0.001
    """How long one thread of the server may keep Python's interpreter lock while another waits
    for it (Python's own default is 0.005). The writer thread's commit hands the lock back and
    forth with the busy event loop several times, and each hand-off may wait this long, so the
    default 5 ms made a loaded server's commits (and every move's answer) slower; 0 keeps
    Python's default."""
    gc_young_objects: int = 50_000
    """How many container objects may be allocated (net) before Python's cycle collector looks
    at the young ones; 0 keeps Python's own 700. A move allocates thousands (a state, its view
    and answer), nearly all freed at once by reference counting, so at 700 the collector ran
    every few moves, and each of its passes promoted the survivors towards the full pass over a
    heap of hundreds of matches: 15% of a loaded server's CPU and pauses of ~190 ms (see
    benchmarks/README.md). While it serves, the server also freezes what it holds after
    starting (modules, the matches it resumed) out of the collector's sight."""
    deal_seed: int = 0
    """0, as a real table needs: each new match's seed is secret and random (a known seed tells
    the deck). Otherwise new matches take their seeds in turn from a source seeded with this, so
    a demonstration or a test deals the same matches in the same order at every start."""
    coach_review_iterations: int = REVIEW.iterations
    """Search iterations per decision of a review; fewer make it quicker and rougher."""
    coach_hint_iterations: int = HINT.iterations
    """Search iterations of a hint."""
    workers: int = 1
    """Server processes ``monolith serve`` starts on its port (on SQLite they share the file)."""
    shared_sqlite: bool = False
    """SQLite: this process shares the file with other server processes on this machine (see
    :mod:`monolith.server.sqlite_cluster`); ``monolith serve --workers N`` sets it for its
    workers. Off, one process owns the file and refuses company."""
    min_version_wait_seconds: float = 2.0
    """How long ``GET .../state?min_version=N`` waits for this process to hold version N (it
    may not have heard yet of a move another process took); then it answers what it holds."""
    lease_sweep_seconds: float = 2.0
    """Several processes: how often each looks for matches whose bots and clock no live process
    runs (after one died) and takes them on."""
    static_dir: Path = field(default=STATIC_DIR)

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None, **overrides: object) -> Settings:
        """Defaults, then ``MONOLITH_*`` variables, then explicit ``overrides`` (not None)."""
        env = os.environ if environ is None else environ
        values: dict[str, object] = {}
        for item in fields(cls):
            raw = env.get(f"MONOLITH_{item.name.upper()}")
            if raw is None:
                continue
            default = getattr(cls(), item.name)
            try:
                values[item.name] = _flag(raw) if isinstance(default, bool) else type(default)(raw)
            except ValueError as error:
                raise ValueError(f"MONOLITH_{item.name.upper()}={raw!r}: {error}") from None
        values.update({name: value for name, value in overrides.items() if value is not None})
        return replace(cls(), **values)  # type: ignore[arg-type]


def _flag(raw: str) -> bool:
    """A yes/no variable read as people write it (``bool("false")`` would be true)."""
    word = raw.strip().lower()
    if word in ("1", "true", "yes", "on"):
        return True
    if word in ("0", "false", "no", "off"):
        return False
    raise ValueError("expected one of 1/0, true/false, yes/no, on/off")
