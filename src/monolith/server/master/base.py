"""What every part of the match master shares: its state, set up once, and (for the type
checker) the methods one part calls on another.

The master is one object made of parts (:mod:`monolith.server.master`), each a class in its own
module along the master's own sections; they share this state and call each other through
``self``, as the sections of one class did.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any, TypeVar

from monolith.compute import Compute
from monolith.server.cluster import Change, Cluster, Notice, PostgresCluster
from monolith.server.live import LiveMatch
from monolith.server.push import Connection, Hub
from monolith.server.refusals import Refused
from monolith.server.settings import Settings
from monolith.server.sqlite_cluster import SqliteCluster
from monolith.server.storage import (
    ActionAppended,
    ActionRemoved,
    Expiry,
    Repository,
    SeatChange,
    is_sqlite,
)
from monolith.server.views import LegalForm
from monolith.server.writer import Writer

log = logging.getLogger("monolith.server")

T = TypeVar("T")


class MasterBase:
    """The master's state (see :class:`monolith.server.master.MatchMaster`)."""

    def __init__(self, repo: Repository, settings: Settings, hub: Hub, compute: Compute) -> None:
        self.repo = repo
        self.compute = compute
        """Where bots think (:mod:`monolith.compute`): never in this process."""
        self.settings = settings
        self.hub = hub
        self.cluster: Cluster | None = None
        """Other server processes may serve the same matches (see ``cluster``): always on
        PostgreSQL, on SQLite when told to share the file."""
        if not is_sqlite(repo.engine):
            self.cluster = PostgresCluster(
                repo.engine.url, self._noticed, self._resync, self._remote_presence
            )
        elif settings.shared_sqlite:
            self.cluster = SqliteCluster(
                repo.engine, self._noticed, self._resync, self._remote_presence
            )
        cluster = self.cluster
        self.writer = Writer(
            repo.engine,
            publish=cluster.publish if cluster else None,
            committed=cluster.committed if cluster else None,
            guard=cluster.guard if cluster else None,
        )
        self._deals = random.Random(settings.deal_seed) if settings.deal_seed else None
        """Where new matches' seeds come from when the settings fix them (else: secrets)."""
        self.matches: OrderedDict[str, LiveMatch] = OrderedDict()
        """The matches held in memory, least recently used first."""
        self.damaged: dict[str, str] = {}
        self._load_lock = asyncio.Lock()
        self._stopping = False
        self._background: list[asyncio.Task[None]] = []
        self.on_finished: list[Callable[[LiveMatch], None]] = []
        """Called once a match's last action is committed (the coach starts its review)."""
        self._inbox: dict[str, list[Change]] = {}
        """Other processes' changes per cached match, waiting for the match's lock."""
        self._draining: set[str] = set()
        """Matches with a task applying their inbox (one at a time, in order)."""
        self._reload_wanted: set[str] = set()
        self._loading: dict[str, int] = {}
        """Matches being read from the database, and the highest change count noticed meanwhile."""
        self._claims: dict[str, float] = {}
        """When this process last tried to lead a match (``time.monotonic``)."""
        self._peers: dict[str, int] = {}
        """Other processes with sockets open, by the database session that shows they live."""

    def _spawn(self, coroutine: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coroutine)
        task.add_done_callback(_log_failure)
        return task

    if TYPE_CHECKING:
        # The parts' methods, as each part sees the others' (defined in the parts).
        def cached(self, match_id: str) -> LiveMatch | None: ...
        async def get(self, match_id: str) -> LiveMatch: ...
        async def _load(self, match_id: str) -> LiveMatch: ...
        async def _resume_moving(self) -> None: ...
        def _abandoned_before(self) -> datetime: ...
        def _expired(self, match_id: str) -> Refused: ...
        async def _expire(self, live: LiveMatch) -> None: ...
        def _applied_expiry(self, live: LiveMatch, change: Expiry) -> None: ...
        async def expire_abandoned(self) -> None: ...
        async def _expire_abandoned_loop(self) -> None: ...
        def _forget_old_finished(self) -> None: ...
        def _idle(self, live: LiveMatch) -> bool: ...
        def seat_of(self, live: LiveMatch, token: str | None) -> int: ...
        def optional_seat(self, live: LiveMatch, token: str | None) -> int | None: ...
        async def seat_for(self, live: LiveMatch, token: str | None) -> int | None: ...
        async def _seat_locked(self, live: LiveMatch, token: str | None) -> int: ...
        async def create(
            self,
            *,
            game_name: str,
            players: int,
            options: dict[str, Any],
            seats: list[tuple[str, str | None, str | None]],
            turn_clock_seconds: int | None,
            hints: bool = False,
            creator: str | None = None,
        ) -> LiveMatch: ...
        async def join(self, match_id: str, seat: int, name: str) -> str: ...
        async def leave(self, match_id: str, token: str | None) -> tuple[int, str]: ...
        async def reclaim(self, match_id: str, seat: int, token: str | None) -> int: ...
        async def _take_over(self, live: LiveMatch, seat: int, bot: str, reason: str) -> None: ...
        @staticmethod
        def _seat_change(
            live: LiveMatch,
            seat: int,
            values: Mapping[str, object],
            status: str | None = None,
            version: int | None = None,
        ) -> SeatChange: ...
        async def _write_seat(self, live: LiveMatch, change: SeatChange) -> None: ...
        def _applied_seat(self, live: LiveMatch, change: SeatChange) -> None: ...
        async def _decided(self, live: LiveMatch, decide: Callable[[], Awaitable[T]]) -> T: ...
        async def act(
            self,
            match_id: str,
            token: str | None,
            version: int,
            action: object,
            action_id: int | None,
        ) -> int: ...
        def check_turn(self, live: LiveMatch, seat: int, version: int) -> None: ...
        async def _commit(
            self, live: LiveMatch, seat: int, action: Any, after: Any, *, by_bot: bool
        ) -> None: ...
        def _applied_action(
            self,
            live: LiveMatch,
            change: ActionAppended,
            after: Any,
            lines: tuple[Any, ...],
            *,
            committed_here: bool = False,
        ) -> None: ...
        async def undo(self, match_id: str, token: str | None, version: int) -> int: ...
        def _applied_undo(self, live: LiveMatch, change: ActionRemoved) -> None: ...
        async def wait_for_version(self, live: LiveMatch, version: int) -> None: ...
        def state_json(
            self,
            live: LiveMatch,
            seat: int | None,
            since: int | None = None,
            *,
            push: bool = False,
            form: LegalForm = "inline",
        ) -> bytes: ...
        async def replay(self, match_id: str) -> bytes: ...
        def open_socket(self, live: LiveMatch, seat: int | None) -> Connection: ...
        def close_socket(self, live: LiveMatch, connection: Connection) -> None: ...
        def _announce(self, match_id: str) -> None: ...
        def _remote_presence(self, notice: Notice) -> None: ...
        async def _forget_dead_peers(self) -> None: ...
        def _presence_changed(self, live: LiveMatch, but: Connection | None = None) -> None: ...
        def _changed(self, live: LiveMatch) -> None: ...
        def _arm_clock(self, live: LiveMatch) -> None: ...
        async def _clock(
            self, live: LiveMatch, version: int, seat: int, seconds: float
        ) -> None: ...
        def _kick_bots(self, live: LiveMatch) -> None: ...
        @staticmethod
        def _bot_seat(live: LiveMatch) -> int | None: ...
        async def _bot_loop(self, live: LiveMatch) -> None: ...
        async def _bot_move(
            self, live: LiveMatch, seat: int, version: int, state: Any
        ) -> tuple[Any, Any] | None: ...
        def _leads(self, live: LiveMatch) -> bool: ...
        @staticmethod
        def _moves_by_itself(live: LiveMatch) -> bool: ...
        def _want_lead(self, live: LiveMatch) -> None: ...
        async def _claim(self, match_ids: list[str]) -> None: ...
        async def _lead_loop(self) -> None: ...
        def _noticed(self, changes: list[Change]) -> None: ...
        def _resync(self) -> None: ...
        def _schedule_drain(self, live: LiveMatch, *, reload: bool = False) -> None: ...
        async def _drain(self, live: LiveMatch) -> None: ...
        def _follow(self, live: LiveMatch, change: Change) -> bool: ...
        async def _refresh(self, live: LiveMatch) -> None: ...
        async def _reload(self, live: LiveMatch) -> None: ...


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("background task failed", exc_info=task.exception())
