"""The match master: the only code that changes a match.

Every change goes the same way: under the match's lock, check who asks and what they acted on, let
the game judge the action, hand the write to the group commit (:mod:`monolith.server.writer`),
and once it is committed apply the change to the cache in memory (the ``_applied_*`` methods),
wake the connected clients and let bots and the turn clock react. A refusal raises
:class:`~monolith.server.live.ApiError` before anything is written, so it changes nothing.

The ``_applied_*`` methods take what was committed and nothing else, so a change another server
process committed (a notice, see :mod:`monolith.server.cluster`) is applied the same way. Every
write names the match's stored change count it was decided on; if another process changed the
match meanwhile, the write fails (:class:`~monolith.server.storage.StaleWrite`), the match is
reloaded and the request decided again on the fresh state (a move on the old version is then
refused ``409 stale_version``, as within one process).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import math
import random
import secrets
import time
from collections.abc import Awaitable, Callable, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from monolith.core import (
    AnyGame,
    BadOptions,
    GameError,
    IllegalAction,
    JsonDict,
    MalformedAction,
    state_hash,
)
from monolith.core.i18n import to_json
from monolith.games import get_game
from monolith.server.bots import DEFAULT_LEVEL, BotPool, bot_seed, resolve_bot
from monolith.server.cluster import Change, Cluster, Notice, PostgresCluster, Presence
from monolith.server.inputs import require_match_id
from monolith.server.live import ApiError, LiveMatch, LogEntry, Seat, StateCache
from monolith.server.push import Connection, Hub
from monolith.server.settings import Settings
from monolith.server.sqlite_cluster import SqliteCluster
from monolith.server.storage import (
    ActionAppended,
    ActionRemoved,
    Expiry,
    MatchRow,
    Repository,
    SeatChange,
    SeatRow,
    StaleWrite,
    StoredMatch,
    is_sqlite,
    utcnow,
)
from monolith.server.views import (
    LegalForm,
    forget_log_from,
    presence_json,
    replay_json,
    state_json,
)
from monolith.server.writer import Writer

log = logging.getLogger("monolith.server")


_TURNS_KEPT = 16
"""Recent turns whose deadlines are remembered (an undo can reach back only a few turns)."""

_STALE_RETRIES = 5
"""How often a request is decided again after another process changed its match meanwhile."""

T = TypeVar("T")


def _duration(seconds: float) -> str:
    """``24 h``, ``30 min``, ``45 s``: a period as a refusal says it."""
    for unit, size in (("h", 3600), ("min", 60)):
        if seconds >= size and seconds % size == 0:
            return f"{seconds // size:g} {unit}"
    return f"{seconds:g} s"


class MatchDamaged(Exception):  # noqa: N818 - reads as the verdict
    """A stored match whose log no longer replays to the recorded states."""


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _live_from_rows(match: MatchRow, seats: list[SeatRow], game: AnyGame, state: Any) -> LiveMatch:
    return LiveMatch(
        id=match.id,
        game=game,
        players=match.players,
        options=dict(match.options),
        seed=match.seed,
        status=match.status,
        version=match.version,
        turn_clock_seconds=match.turn_clock_seconds,
        created_at=match.created_at,
        sequence=match.sequence or 0,
        seats=[
            Seat(
                s.seat,
                s.kind,
                s.bot,
                s.level,
                s.name,
                s.token_hash,
                s.taken_over,
                s.takeover_reason if s.taken_over else None,
            )
            for s in seats
        ],
        states=[state],
        intro=tuple(game.introduce(state)),
        hints=match.hints,
    )


def rebuild(stored: StoredMatch) -> LiveMatch:
    """Replay a stored match's log, checking every state against its recorded hash."""
    match = stored.match
    try:
        game = get_game(match.game)
        state = game.new_game(players=match.players, seed=match.seed, options=match.options)
    except GameError as error:
        raise MatchDamaged(f"match {match.id} cannot be set up again: {error}") from error
    live = _live_from_rows(match, stored.seats, game, state)
    for row in stored.actions:
        try:
            action = game.action_from_json(row.action)
            after = game.apply(state, action)
        except GameError as error:
            message = f"match {match.id}: logged action {row.index} fails: {error}"
            raise MatchDamaged(message) from error
        if state_hash(game, after) != row.state_hash:
            raise MatchDamaged(
                f"match {match.id}: logged action {row.index} no longer leads to the recorded state"
            )
        live.log.append(
            LogEntry(row.index, row.seat, tuple(game.narrate(state, action, after)), row.by_bot)
        )
        live.states.append(after)
        state = after
    live.log_lengths[:] = [len(live.log)]
    return live


class MatchMaster:
    """Creates, loads, changes and watches matches; one per app."""

    def __init__(self, repo: Repository, settings: Settings, hub: Hub) -> None:
        self.repo = repo
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
        self.bots = BotPool(settings.bot_threads)
        self._deals = random.Random(settings.deal_seed) if settings.deal_seed else None
        """Where new matches' seeds come from when the settings fix them (else: secrets)."""
        self.matches: dict[str, LiveMatch] = {}
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

    # Lifecycle -----------------------------------------------------------------------------------

    async def start(self) -> None:
        """Be ready at once: in the background, resume the matches that move by themselves (a bot
        plays a seat, or a clock runs) and expire open matches nobody joined. Every other match
        is loaded on first use, so startup does not grow with abandoned matches."""
        self.writer.start()
        if self.cluster is not None:
            await self.cluster.start()
        resume = self._resume_moving() if self.cluster is None else self._lead_loop()
        self._background = [self._spawn(resume), self._spawn(self._expire_abandoned_loop())]

    async def _resume_moving(self) -> None:
        for match_id in await asyncio.to_thread(self.repo.resumable_ids):
            if self._stopping:
                return
            try:
                await self.get(match_id)  # its first load lets its bots and clock go on
            except ApiError as error:
                log.error("not resuming match %s: %s", match_id, error.message)

    async def stop(self) -> None:
        self._stopping = True
        tasks = [task for task in self._background if not task.done()] + [
            task
            for live in self.matches.values()
            for task in (live.bot_task, live.clock_task)
            if task is not None and not task.done()
        ]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self.bots.close()
        await asyncio.to_thread(self.writer.stop)
        if self.cluster is not None:
            await self.cluster.stop()

    # Reading -------------------------------------------------------------------------------------

    def cached(self, match_id: str) -> LiveMatch | None:
        """What :meth:`get` would give without waiting: a match held in the cache, running or
        over. ``None`` when :meth:`get` must be asked: to load it, or to expire or refuse an
        open or expired one."""
        live = self.matches.get(match_id)
        if live is None or live.status in ("open", "expired"):
            return None
        return live

    async def get(self, match_id: str) -> LiveMatch:
        """The match from the cache, or rebuilt from the database; 404 if there is none, 410 if
        it expired (now, or before)."""
        live = self.matches.get(match_id)
        if live is None:
            live = await self._load(match_id)
        if live.abandoned(self._abandoned_before()):
            await self._expire(live)
        if live.status == "expired":
            raise self._expired(live.id)
        return live

    async def _load(self, match_id: str) -> LiveMatch:
        """Rebuild a match from the database into the cache; an unfinished one goes on from
        there (its bots move, its clock runs)."""
        require_match_id(match_id)  # an id no match could have (a NUL): 404 before any query
        async with self._load_lock:
            live = self.matches.get(match_id)
            if live is not None:
                return live
            if match_id in self.damaged:
                raise ApiError(409, "damaged", self.damaged[match_id])
            self._loading[match_id] = -1  # until it is in the cache, notices are counted here
            try:
                stored = await asyncio.to_thread(self.repo.load, match_id)
                if stored is None:
                    raise ApiError(404, "unknown_match", f"there is no match {match_id!r}")
                if stored.match.status == "expired":
                    raise self._expired(match_id)
                try:
                    live = await asyncio.to_thread(rebuild, stored)
                except MatchDamaged as error:
                    self.damaged[match_id] = str(error)
                    raise ApiError(409, "damaged", str(error)) from error
                self.matches[match_id] = live
            finally:
                noticed = self._loading.pop(match_id)
            self._forget_old_finished()
        if self.cluster is not None:  # who has sockets open for it elsewhere
            self._spawn(self.cluster.announce(asks=[match_id]))
        if noticed > live.sequence:  # changed by another process while it was read
            self._schedule_drain(live, reload=True)
        self._arm_clock(live)
        self._kick_bots(live)
        return live

    # Expiring: open matches nobody joined --------------------------------------------------------

    def _abandoned_before(self) -> datetime:
        """Open matches created before this, with nobody joined, have expired."""
        ttl = self.settings.open_match_ttl_seconds
        return utcnow() - timedelta(seconds=ttl) if ttl > 0 else datetime.min.replace(tzinfo=UTC)

    def _expired(self, match_id: str) -> ApiError:
        ttl = _duration(self.settings.open_match_ttl_seconds)
        return ApiError(
            410,
            "expired",
            f"nobody joined match {match_id} within {ttl} of its creation, so it expired; "
            "create a new one",
        )

    async def _expire(self, live: LiveMatch) -> None:
        """Expire a match held in memory, if nobody joined it meanwhile."""

        async def decide() -> bool:
            if not live.abandoned(self._abandoned_before()):
                return False
            change = Expiry(live.id, live.sequence + 1)
            await self.writer.write(
                self.repo.expire, change, lambda: self._applied_expiry(live, change)
            )
            return True

        if await self._decided(live, decide):
            log.info("match %s expired: nobody joined it", live.id)

    def _applied_expiry(self, live: LiveMatch, change: Expiry) -> None:
        live.status = "expired"
        live.sequence = change.sequence
        self.matches.pop(live.id, None)
        self.hub.notify(live.id)

    async def expire_abandoned(self) -> None:
        """Expire every open match nobody joined in time: those in memory one by one under their
        lock (a join may be under way), the rest in one statement, with no load in between."""
        cutoff = self._abandoned_before()
        for live in [m for m in self.matches.values() if m.abandoned(cutoff)]:
            await self._expire(live)
        async with self._load_lock:
            found = await asyncio.to_thread(self.repo.abandoned, cutoff)
            stored_only = [Expiry(i, count + 1) for i, count in found if i not in self.matches]
            done = await asyncio.gather(
                *(self.writer.write(self.repo.expire, item) for item in stored_only),
                return_exceptions=True,
            )
        for failure in done:  # a stale one was joined or expired by another process meanwhile
            if isinstance(failure, BaseException) and not isinstance(failure, StaleWrite):
                raise failure
        if expired := sum(1 for outcome in done if outcome is None):
            log.info("%d open matches expired: nobody joined them", expired)

    async def _expire_abandoned_loop(self) -> None:
        ttl = self.settings.open_match_ttl_seconds
        if ttl <= 0:
            return
        while not self._stopping:
            await self.expire_abandoned()
            await asyncio.sleep(min(ttl, 60.0))

    def _forget_old_finished(self) -> None:
        """Drop the oldest finished matches from memory: they never change and reload from disk."""
        finished = [m for m in self.matches.values() if m.status == "finished"]
        excess = len(finished) - self.settings.finished_in_memory
        for live in sorted(finished, key=lambda m: m.created_at)[: max(0, excess)]:
            del self.matches[live.id]

    def seat_of(self, live: LiveMatch, token: str | None) -> int:
        """The seat a token proves, or 401."""
        if not token:
            raise ApiError(
                401, "bad_token", "send your seat token as 'Authorization: Bearer <token>'"
            )
        digest = hash_token(token)
        for seat in live.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise ApiError(401, "bad_token", f"that token belongs to no seat of match {live.id}")

    def optional_seat(self, live: LiveMatch, token: str | None) -> int | None:
        """A token's seat; no token means a spectator, a wrong one is still refused."""
        return None if not token else self.seat_of(live, token)

    async def seat_for(self, live: LiveMatch, token: str | None) -> int | None:
        """:meth:`optional_seat`, but a token no seat has here is looked for again after
        catching up with the database: the seat may have been joined through another process a
        moment ago."""
        try:
            return self.optional_seat(live, token)
        except ApiError:
            if self.cluster is None:
                raise
        async with live.lock:
            await self._refresh(live)
        return self.optional_seat(live, token)

    async def _seat_locked(self, live: LiveMatch, token: str | None) -> int:
        """:meth:`seat_of` under the match's lock, catching up first if the token is unknown."""
        try:
            return self.seat_of(live, token)
        except ApiError:
            if self.cluster is None or not token:
                raise
        await self._refresh(live)
        return self.seat_of(live, token)

    async def wait_for_version(self, live: LiveMatch, version: int) -> None:
        """Until this process holds ``version`` of the match, or ``min_version_wait_seconds``
        passed: a client that saw a move acknowledged by another process asks with the version
        it saw, instead of asking again and again while this one hears of the move."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.settings.min_version_wait_seconds
        while live.version < version and live.status != "finished":
            remaining = deadline - loop.time()
            if remaining <= 0:
                return
            waiter: asyncio.Future[None] = loop.create_future()
            live.version_waiters.append(waiter)
            try:
                await asyncio.wait_for(waiter, remaining)
            except TimeoutError:
                return
            finally:
                if waiter in live.version_waiters:
                    live.version_waiters.remove(waiter)

    def state_json(
        self,
        live: LiveMatch,
        seat: int | None,
        since: int | None = None,
        *,
        push: bool = False,
        form: LegalForm = "inline",
    ) -> bytes:
        """``seat``'s state as JSON, with the log entries newer than version ``since`` and the
        legal actions in ``form``."""
        connected = self.hub.connected_seats(live.id)
        return state_json(live, seat, connected, since, push=push, form=form)

    async def replay(self, match_id: str) -> bytes:
        live = await self.get(match_id)
        if live.status != "finished":
            raise ApiError(409, "not_finished", "a replay is available once the match is finished")
        # A finished match no longer changes, so its many views can be built off the event loop.
        return await asyncio.to_thread(replay_json, live)

    # Sockets -------------------------------------------------------------------------------------

    def open_socket(self, live: LiveMatch, seat: int | None) -> Connection:
        """Register a socket for ``seat`` (``None``: a spectator); its first state goes out at
        once. If the seat had no socket open, the others are told (a presence message, not a
        state). ``ApiError`` 429 when the match has as many sockets as it may."""
        limit = self.settings.max_sockets_per_match
        if self.hub.count(live.id) >= limit:
            raise ApiError(
                429,
                "too_many_sockets",
                f"match {live.id} has {limit} sockets open, as many as it may; "
                "try again later or follow it with GET .../state",
                {"limit": limit},
            )
        connection, arrived = self.hub.add(live.id, seat)
        if arrived:  # the newcomer's own first state shows it already
            self._presence_changed(live, but=connection)
            self._announce(live.id)
        return connection

    def close_socket(self, live: LiveMatch, connection: Connection) -> None:
        if self.hub.remove(connection):
            self._presence_changed(live)
            self._announce(live.id)

    def _announce(self, match_id: str) -> None:
        """Tell the other processes which seats have sockets here now."""
        if self.cluster is not None and not self._stopping:
            presence = Presence(match_id, self.hub.local_seats(match_id))
            self._spawn(self.cluster.announce([presence]))

    def _remote_presence(self, notice: Notice) -> None:
        """Another process's sockets came or went, or it asks which seats have sockets here."""
        if notice.presence:
            self._peers[notice.process] = notice.pid
        for told in notice.presence:
            live = self.matches.get(told.match_id)
            changed = self.hub.set_remote(told.match_id, notice.process, told.seats)
            if changed and live is not None:
                self._presence_changed(live)
        answers = [m for m in notice.asks if self.hub.local_seats(m)]
        if answers and self.cluster is not None:
            mine = [Presence(m, self.hub.local_seats(m)) for m in answers]
            self._spawn(self.cluster.announce(mine))

    async def _forget_dead_peers(self) -> None:
        """Drop the sockets of processes whose database session ended (killed, or gone)."""
        assert self.cluster is not None
        alive = await self.cluster.alive(self._peers.values())
        if alive is None:
            return
        for process, pid in list(self._peers.items()):
            if pid in alive:
                continue
            del self._peers[process]
            for match_id in self.hub.forget_process(process):
                if (live := self.matches.get(match_id)) is not None:
                    self._presence_changed(live)

    def _presence_changed(self, live: LiveMatch, but: Connection | None = None) -> None:
        live.presence += 1
        message = presence_json(live, self.hub.connected_seats(live.id))
        self.hub.broadcast(live.id, message, but)

    # Creating and joining -------------------------------------------------------------------------

    async def create(
        self,
        *,
        game_name: str,
        players: int,
        options: dict[str, Any],
        seats: list[tuple[str, str | None, str | None]],
        turn_clock_seconds: int | None,
        hints: bool = False,
    ) -> LiveMatch:
        """A new match; ``seats`` holds (kind, bot, level) per seat."""
        try:
            game = get_game(game_name)
            game.info.check_players(players)
            resolved = game.info.resolve_options(options)
        except BadOptions as error:
            raise ApiError(422, "bad_options", str(error)) from error
        if len(seats) != players:
            raise ApiError(
                422, "bad_options", f"{players} players need {players} seats, got {len(seats)}"
            )
        rows: list[SeatRow] = []
        for index, (kind, bot, level) in enumerate(seats):
            if kind == "bot":
                try:
                    bot, level = resolve_bot(bot, level), level or DEFAULT_LEVEL
                except LookupError as error:
                    raise ApiError(422, "bad_options", str(error.args[0])) from error
            else:
                bot, level = None, None
            rows.append(SeatRow(seat=index, kind=kind, bot=bot, level=level, taken_over=False))
        seed = self._deals.getrandbits(63) if self._deals else secrets.randbits(63)
        try:
            state = await asyncio.to_thread(
                game.new_game, players=players, seed=seed, options=resolved
            )
        except BadOptions as error:
            raise ApiError(422, "bad_options", str(error)) from error
        status = "running" if all(kind == "bot" for kind, _, _ in seats) else "open"
        match = MatchRow(
            id=secrets.token_urlsafe(9),
            game=game.info.name,
            players=players,
            options=resolved,
            seed=seed,
            status=status,
            version=0,
            turn_clock_seconds=turn_clock_seconds,
            created_at=utcnow(),
            final_hash=None,
            hints=hints,
            sequence=0,
        )
        await self.writer.write(self.repo.create_matches, StoredMatch(match, rows, []))
        live = _live_from_rows(match, rows, game, state)
        self.matches[live.id] = live
        self._forget_old_finished()
        self._arm_clock(live)
        self._kick_bots(live)
        return live

    async def join(self, match_id: str, seat: int, name: str) -> str:
        """Give a free human seat to ``name``; returns the seat's secret token (shown once)."""
        live = await self.get(match_id)
        if not 0 <= seat < live.players:
            raise ApiError(404, "unknown_seat", f"match {match_id} has seats 0-{live.players - 1}")

        async def decide() -> str:
            if live.status == "expired":  # while this request waited for the lock
                raise self._expired(match_id)
            target = live.seats[seat]
            if target.kind != "human":
                raise ApiError(409, "seat_taken", f"seat {seat} is played by a bot")
            if target.ready:
                raise ApiError(409, "seat_taken", f"seat {seat} has already been joined")
            token = secrets.token_urlsafe(32)
            others_ready = all(s.ready for s in live.seats if s.seat != seat)
            status = "running" if live.status == "open" and others_ready else None
            values = {"name": name, "token_hash": hash_token(token)}
            await self._write_seat(live, self._seat_change(live, seat, values, status))
            return token

        token = await self._decided(live, decide)
        self._kick_bots(live)
        return token

    # Changing ------------------------------------------------------------------------------------

    async def _decided(self, live: LiveMatch, decide: Callable[[], Awaitable[T]]) -> T:
        """Run ``decide`` (checks, then a write) under the match's lock. If another process
        changed the match since this one cached it, the write fails: reload the match and decide
        again on the fresh state, whose checks then refuse what no longer holds."""
        async with live.lock:
            for _ in range(_STALE_RETRIES):
                try:
                    return await decide()
                except StaleWrite:
                    await self._reload(live)
        raise ApiError(
            409,
            "stale_version",
            f"match {live.id} kept changing while this was decided; look at the fresh state "
            "and decide again",
        )

    async def act(
        self, match_id: str, token: str | None, version: int, action: object, action_id: int | None
    ) -> int:
        """Apply a seat's action on the version it saw; returns the new version once committed."""
        live = await self.get(match_id)

        async def decide() -> int:
            seat = await self._seat_locked(live, token)
            if version > live.version:  # the client saw a change this process has yet to hear of
                await self._reload(live)
            self.check_turn(live, seat, version)
            game = live.game
            try:
                if (action is None) == (action_id is None):
                    raise MalformedAction("send exactly one of 'action' and 'action_id'")
                chosen = (
                    game.action_from_id(action_id)
                    if action_id is not None
                    else game.action_from_json(action)
                )
            except MalformedAction as error:
                raise ApiError(422, "malformed", error.reason) from error
            except (ValueError, TypeError, KeyError, IndexError) as error:
                raise ApiError(422, "malformed", f"the action cannot be read: {error}") from error
            try:
                after = game.apply(live.state, chosen)
            except IllegalAction as error:
                raise ApiError(422, "illegal", error.reason) from error
            except MalformedAction as error:
                raise ApiError(422, "malformed", error.reason) from error
            except GameError as error:
                raise ApiError(422, "illegal", str(error)) from error
            await self._commit(live, seat, chosen, after, by_bot=False)
            return live.version

        acknowledged = await self._decided(live, decide)
        self._kick_bots(live)
        return acknowledged

    def check_turn(self, live: LiveMatch, seat: int, version: int) -> None:
        """Refuse a request of ``seat`` about ``version`` unless the seat's human decides now
        (an action, or the coach's hint on it)."""
        if live.status == "finished":
            raise ApiError(409, "finished", "the match is over; nothing can change any more")
        if live.status != "running":
            raise ApiError(409, "not_started", "the match waits for every seat to be joined")
        if version != live.version:
            raise ApiError(
                409,
                "stale_version",
                f"you asked on version {version} but the match is at version {live.version}; "
                "look at the fresh state and decide again",
            )
        if live.seats[seat].controller != "human":
            raise ApiError(
                403,
                "not_your_seat",
                f"a bot plays your seat now; take it back first with "
                f"POST /api/matches/{live.id}/seats/{seat}/reclaim",
                {"reason": "taken_over"},
            )
        to_move = live.to_move()
        if to_move != seat:
            params: JsonDict = {"reason": "turn"}
            if to_move is not None:
                params["to_move"] = {"kind": "player", "id": to_move}
            raise ApiError(
                403,
                "not_your_seat",
                f"it is seat {to_move}'s decision, not yours (seat {seat})",
                params,
            )

    async def _commit(
        self, live: LiveMatch, seat: int, action: Any, after: Any, *, by_bot: bool
    ) -> None:
        """Write the action; once committed, the cache follows. Called under the match's lock."""
        game, before = live.game, live.state
        digest = state_hash(game, after)
        finished = game.is_terminal(after)
        change = ActionAppended(
            match_id=live.id,
            index=len(live.log),
            seat=seat,
            action=game.action_to_json(action),
            by_bot=by_bot,
            state_hash=digest,
            created_at=utcnow(),
            version=live.version + 1,
            status="finished" if finished else live.status,
            final_hash=digest if finished else None,
            sequence=live.sequence + 1,
        )
        lines = tuple(game.narrate(before, action, after))
        await self.writer.write(
            self.repo.append_actions,
            change,
            lambda: self._applied_action(live, change, after, lines, committed_here=True),
        )

    def _applied_action(
        self,
        live: LiveMatch,
        change: ActionAppended,
        after: Any,
        lines: tuple[Any, ...],
        *,
        committed_here: bool = False,
    ) -> None:
        """A committed action, applied to the cache: the state after it and its log lines. The
        finished hooks run only in the process that committed the last action (one review)."""
        live.states.append(after)
        live.log.append(LogEntry(change.index, change.seat, lines, change.by_bot))
        live.status = change.status
        live.sequence = change.sequence
        live.set_version(change.version)
        self._changed(live)
        if committed_here and change.status == "finished":
            for hook in self.on_finished:
                hook(live)

    @staticmethod
    def _seat_change(
        live: LiveMatch,
        seat: int,
        values: Mapping[str, object],
        status: str | None = None,
        version: int | None = None,
    ) -> SeatChange:
        return SeatChange(live.id, seat, values, live.sequence + 1, status, version)

    async def _write_seat(self, live: LiveMatch, change: SeatChange) -> None:
        """Write a seat's change (and the match's status or version); the cache follows."""
        await self.writer.write(
            self.repo.update_seats, change, lambda: self._applied_seat(live, change)
        )

    def _applied_seat(self, live: LiveMatch, change: SeatChange) -> None:
        target = live.seats[change.seat]
        for name, value in change.values.items():
            setattr(target, name, value)
        if change.status is not None:
            live.status = change.status
        live.sequence = change.sequence
        if change.version is not None:
            live.set_version(change.version)
        self._changed(live)

    async def undo(self, match_id: str, token: str | None, version: int) -> int:
        """Take back the asking seat's own last action, if the game says it revealed nothing."""
        live = await self.get(match_id)

        async def decide() -> int:
            seat = await self._seat_locked(live, token)
            if version > live.version:
                await self._reload(live)
            if live.status == "finished":
                raise ApiError(409, "finished", "the match is over; nothing can change any more")
            if version != live.version:
                raise ApiError(
                    409,
                    "stale_version",
                    f"you asked on version {version} but the match is at version {live.version}",
                )
            blocked = live.undo_blocked(seat)
            if blocked is not None:
                args = to_json(blocked.message)["args"]
                raise ApiError(409, "cannot_undo", blocked.sentence, args)
            change = ActionRemoved(live.id, len(live.log) - 1, live.version + 1, live.sequence + 1)
            await self.writer.write(
                self.repo.remove_actions, change, lambda: self._applied_undo(live, change)
            )
            return change.version

        undone = await self._decided(live, decide)
        self._kick_bots(live)
        return undone

    def _applied_undo(self, live: LiveMatch, change: ActionRemoved) -> None:
        live.states.pop()
        live.log.pop()
        forget_log_from(live, change.index)
        live.sequence = change.sequence
        live.set_version(change.version)
        self._changed(live)

    async def leave(self, match_id: str, token: str | None) -> tuple[int, str]:
        """Hand the asking seat to a bot for the rest of the match."""
        live = await self.get(match_id)

        async def decide() -> tuple[int, str]:
            seat = await self._seat_locked(live, token)
            if live.status == "finished":
                raise ApiError(409, "finished", "the match is over; nothing can change any more")
            bot = live.seats[seat].bot or self.settings.takeover_bot
            if live.seats[seat].controller != "bot":
                await self._take_over(live, seat, bot, "left")
            return seat, bot

        left = await self._decided(live, decide)
        self._kick_bots(live)
        return left

    async def reclaim(self, match_id: str, seat: int, token: str | None) -> int:
        """Give a taken-over seat back to its human; returns the new version once committed.

        The version goes up, so a bot still thinking for the seat finds its state stale and its
        move is dropped (see ``_bot_loop``); the clock restarts if it is the seat's decision.
        """
        live = await self.get(match_id)
        if not 0 <= seat < live.players:
            raise ApiError(404, "unknown_seat", f"match {match_id} has seats 0-{live.players - 1}")

        async def decide() -> int:
            mine = await self._seat_locked(live, token)
            if live.status == "finished":
                raise ApiError(409, "finished", "the match is over; nothing can change any more")
            if mine != seat:
                raise ApiError(
                    403,
                    "not_your_seat",
                    f"that token is for seat {mine}, not seat {seat}",
                    {"reason": "other_seat"},
                )
            target = live.seats[seat]
            if target.controller != "bot":
                raise ApiError(
                    409, "not_taken_over", "you play this seat already; no bot has taken it over"
                )
            version = live.version + 1
            now = utcnow()  # a deadline that ran out while the bot played gives way to a full one
            live.turn_deadlines = {k: d for k, d in live.turn_deadlines.items() if d > now}
            values: dict[str, object] = {"taken_over": False, "bot": None, "takeover_reason": None}
            await self._write_seat(live, self._seat_change(live, seat, values, version=version))
            log.info("match %s: seat %s is played by its human again", live.id, seat)
            return version

        reclaimed = await self._decided(live, decide)
        self._kick_bots(live)
        return reclaimed

    async def _take_over(self, live: LiveMatch, seat: int, bot: str, reason: str) -> None:
        """Persist that a bot plays ``seat`` until its human takes it back, and why (``timeout``
        or ``left``). Called under the match's lock."""
        others_ready = all(s.ready for s in live.seats if s.seat != seat)
        status = "running" if live.status == "open" and others_ready else None
        values: dict[str, object] = {"taken_over": True, "bot": bot, "takeover_reason": reason}
        await self._write_seat(live, self._seat_change(live, seat, values, status))

    # Reacting: bots and the turn clock ----------------------------------------------------------

    def _changed(self, live: LiveMatch) -> None:
        """After each change in memory: restart the clock, then wake the clients.

        No awaiting in between, so every pushed state already carries the new deadline.
        """
        live.revision += 1
        self._arm_clock(live)
        self.hub.notify(live.id)
        if live.version_waiters:
            for waiter in live.version_waiters:
                if not waiter.done():
                    waiter.set_result(None)
            live.version_waiters.clear()
        cluster = self.cluster
        if cluster is not None and live.status != "running" and live.id in cluster.leading:
            self._spawn(cluster.resign(live.id))

    def _arm_clock(self, live: LiveMatch) -> None:
        """Run the clock of the human seat to move, up to its turn's deadline.

        A turn (one seat's decisions in a row) gets its deadline when the decision passes to the
        seat, and keeps it through the seat's further decisions and undos, and through an undo
        that takes the turn back from the next seat: acting and taking it back buys no time. A
        deadline already past runs out at once; ``reclaim`` clears a past one for a full period.
        """
        if self._stopping:
            return
        if live.clock_task is not None:
            live.clock_task.cancel()
        live.clock_task = None
        live.deadline = None
        live.revision += 1
        seconds = live.turn_clock_seconds
        seat = live.to_move()
        if not seconds or live.status != "running" or seat is None:
            return
        if live.seats[seat].controller != "human":
            return
        now, turns = utcnow(), live.turn_deadlines
        for undone in [key for key in turns if key[1] > len(live.log)]:
            del turns[undone]  # its turn was taken back whole; played again, it is a new turn
        deadline = turns.setdefault((seat, live.turn_start()), now + timedelta(seconds=seconds))
        while len(turns) > _TURNS_KEPT:
            del turns[next(iter(turns))]
        live.deadline = deadline
        if not self._leads(live):  # the deadline is shown here; the leading process acts on it
            self._want_lead(live)
            return
        left = max(0.0, (deadline - now).total_seconds())
        live.clock_task = self._spawn(self._clock(live, live.version, seat, left))

    async def _clock(self, live: LiveMatch, version: int, seat: int, seconds: float) -> None:
        await asyncio.sleep(seconds)

        async def decide() -> None:
            if live.version != version or live.status != "running":
                return
            if live.seats[seat].controller != "human" or live.to_move() != seat:
                return
            bot = self.settings.takeover_bot
            log.info("match %s: seat %s ran out of time; %s bot takes over", live.id, seat, bot)
            live.clock_task = None  # it acts now: a change re-arming the clock must not cancel it
            await self._take_over(live, seat, bot, "timeout")

        await self._decided(live, decide)
        self._kick_bots(live)

    def _kick_bots(self, live: LiveMatch) -> None:
        """Start playing bot seats if it is a bot's decision and no bot loop runs yet (in the
        process leading the match)."""
        if self._stopping:
            return
        if live.bot_task is not None and not live.bot_task.done():
            return  # the running loop looks again after each move
        if self._bot_seat(live) is None:
            return
        if self._leads(live):
            live.bot_task = self._spawn(self._bot_loop(live))
        else:
            self._want_lead(live)

    @staticmethod
    def _bot_seat(live: LiveMatch) -> int | None:
        if live.status != "running":
            return None
        seat = live.to_move()
        if seat is None or live.seats[seat].controller != "bot":
            return None
        return seat

    async def _bot_loop(self, live: LiveMatch) -> None:
        """Play bot seats while it is a bot's decision.

        A bot thinks on the version it saw; a human's move, an undo or a reclaimed seat changes
        the version meanwhile, and the move thought out on the old one is dropped, never played.
        """
        while (seat := self._bot_seat(live)) is not None and self._leads(live):
            version, state = live.version, live.state
            if self.settings.bot_delay_seconds > 0:
                await asyncio.sleep(self.settings.bot_delay_seconds)
            chosen = await self._bot_move(live, seat, version, state)
            if chosen is None:
                return
            action, after = chosen
            async with live.lock:
                if live.version != version:
                    continue
                try:
                    await self._commit(live, seat, action, after, by_bot=True)
                except StaleWrite:  # another process changed the match: think again on it
                    await self._reload(live)

    async def _bot_move(
        self, live: LiveMatch, seat: int, version: int, state: Any
    ) -> tuple[Any, Any] | None:
        """The seat's bot's action and the state after it.

        A bot that fails or answers with an illegal action is a bug, but the table must go on: the
        move falls back to the ``random`` bot, and only if that fails too does the seat stop.
        """
        seed = bot_seed(live.seed, seat, version)
        for bot in dict.fromkeys((live.seats[seat].bot or self.settings.takeover_bot, "random")):
            try:
                action = await self.bots.choose(bot, seed, live.game, state)
                return action, live.game.apply(state, action)
            except Exception:
                log.exception("match %s: bot %s failed to move for seat %s", live.id, bot, seat)
        return None

    # Other processes: their changes, and who leads a match -------------------------------------

    def _leads(self, live: LiveMatch) -> bool:
        """Whether this process runs the match's bots and clock (always, alone on SQLite)."""
        return self.cluster is None or live.id in self.cluster.leading

    @staticmethod
    def _moves_by_itself(live: LiveMatch) -> bool:
        """Running, and a bot plays a seat or a turn clock runs: it needs a leading process."""
        if live.status != "running":
            return False
        return bool(live.turn_clock_seconds) or any(s.controller == "bot" for s in live.seats)

    def _want_lead(self, live: LiveMatch) -> None:
        """Try to lead a match that needs it, at most once per sweep period (the sweep tries
        again later, after its leader died)."""
        if self.cluster is None or self._stopping or not self._moves_by_itself(live):
            return
        now = time.monotonic()
        if now - self._claims.get(live.id, -math.inf) < self.settings.lease_sweep_seconds:
            return
        self._claims[live.id] = now
        self._spawn(self._claim([live.id]))

    async def _claim(self, match_ids: list[str]) -> None:
        """Lead whichever of these matches nobody leads: catch up with the database, then run
        their bots and clocks here."""
        assert self.cluster is not None
        for match_id in await self.cluster.claim(match_ids):
            try:
                live = await self.get(match_id)
                async with live.lock:
                    await self._refresh(live)
            except ApiError as error:
                log.error("not leading match %s: %s", match_id, error.message)
                await self.cluster.resign(match_id)
                continue
            log.info("match %s: this process runs its bots and clock now", match_id)
            self._arm_clock(live)
            self._kick_bots(live)

    async def _lead_loop(self) -> None:
        """Every ``lease_sweep_seconds``: claim the matches that move by themselves and that no
        live process leads (at startup, and after another process died), and give up those that
        no longer move by themselves."""
        assert self.cluster is not None
        period = max(0.1, self.settings.lease_sweep_seconds)
        while not self._stopping:
            try:
                moving = await asyncio.to_thread(self.repo.resumable_ids)
                wanted = set(moving)
                for match_id in list(self.cluster.leading):
                    live = self.matches.get(match_id)
                    if match_id not in wanted and (live is None or not self._moves_by_itself(live)):
                        await self.cluster.resign(match_id)
                await self._claim([m for m in moving if m not in self.cluster.leading])
                await self._forget_dead_peers()
            except Exception:
                log.exception("cluster: looking for matches to lead failed")
            now = time.monotonic()
            self._claims = {m: t for m, t in self._claims.items() if now - t < period}
            await asyncio.sleep(period)

    def _noticed(self, changes: list[Change]) -> None:
        """Changes other processes committed (a notice): queue them for the matches cached here,
        in the order committed."""
        for change in changes:
            if change.match_id in self._loading:
                noticed = self._loading[change.match_id]
                self._loading[change.match_id] = max(noticed, change.sequence)
            live = self.matches.get(change.match_id)
            if live is None or change.sequence <= live.sequence:
                continue
            self._inbox.setdefault(live.id, []).append(change)
            self._schedule_drain(live)

    def _resync(self) -> None:
        """The notices' connection was lost for a while: check every cached match."""

        async def check() -> None:
            stored = await asyncio.to_thread(self.repo.sequences, list(self.matches))
            for match_id, sequence in stored.items():
                live = self.matches.get(match_id)
                if live is not None and sequence > live.sequence:
                    self._schedule_drain(live, reload=True)

        self._spawn(check())

    def _schedule_drain(self, live: LiveMatch, *, reload: bool = False) -> None:
        if reload:
            self._reload_wanted.add(live.id)
        if live.id not in self._draining:
            self._draining.add(live.id)
            self._spawn(self._drain(live))

    async def _drain(self, live: LiveMatch) -> None:
        """Apply the queued changes of other processes under the match's lock, then let its bots
        react (if this process leads it)."""
        try:
            async with live.lock:
                while True:
                    if live.id in self._reload_wanted:
                        self._reload_wanted.discard(live.id)
                        await self._reload(live)
                    changes = self._inbox.pop(live.id, None)
                    if not changes:
                        break
                    for change in changes:
                        if change.sequence <= live.sequence:
                            continue  # applied already (a reload read it)
                        if change.sequence != live.sequence + 1 or not self._follow(live, change):
                            await self._reload(live)
        finally:
            self._draining.discard(live.id)
        self._kick_bots(live)

    def _follow(self, live: LiveMatch, change: Change) -> bool:
        """Apply another process's committed change to the cache as a local commit would be;
        ``False`` when it cannot be (no record in the notice, or it does not fit: reload)."""
        record = change.record()
        if isinstance(record, ActionAppended):
            if record.index != len(live.log):
                return False
            game, before = live.game, live.state
            try:
                action = game.action_from_json(record.action)
                after = game.apply(before, action)
            except GameError:
                return False
            if state_hash(game, after) != record.state_hash:
                return False
            self._applied_action(live, record, after, tuple(game.narrate(before, action, after)))
        elif isinstance(record, ActionRemoved):
            if record.index != len(live.log) - 1:
                return False
            self._applied_undo(live, record)
        elif isinstance(record, SeatChange):
            if not 0 <= record.seat < len(live.seats):
                return False
            self._applied_seat(live, record)
        elif isinstance(record, Expiry):
            self._applied_expiry(live, record)
        else:
            return False
        return True

    async def _refresh(self, live: LiveMatch) -> None:
        """Reload the match if the database holds changes this cache lacks. Under its lock."""
        stored = await asyncio.to_thread(self.repo.sequences, [live.id])
        if stored.get(live.id, live.sequence) > live.sequence:
            await self._reload(live)

    async def _reload(self, live: LiveMatch) -> None:
        """Read the match again from the database and replay it into the same cache object
        (sockets hold it), checking every stored state hash. Under its lock."""
        stored = await asyncio.to_thread(self.repo.load, live.id)
        if stored is None or stored.match.sequence == live.sequence:
            return
        if stored.match.status == "expired":
            self._applied_expiry(live, Expiry(live.id, stored.match.sequence))
            return
        try:
            fresh = await asyncio.to_thread(rebuild, stored)
        except MatchDamaged as error:
            self.damaged[live.id] = str(error)
            self.matches.pop(live.id, None)
            raise ApiError(409, "damaged", str(error)) from error
        live.seats, live.status, live.sequence = fresh.seats, fresh.status, fresh.sequence
        live.states, live.log, live.version = fresh.states, fresh.log, fresh.version
        live.base_version, live.log_lengths = fresh.version, [len(fresh.log)]
        live.cache = StateCache()  # clients that saw an older version get the whole log
        self._changed(live)

    def _spawn(self, coroutine: Any) -> asyncio.Task[None]:
        task: asyncio.Task[None] = asyncio.get_running_loop().create_task(coroutine)
        task.add_done_callback(_log_failure)
        return task


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("background task failed", exc_info=task.exception())
