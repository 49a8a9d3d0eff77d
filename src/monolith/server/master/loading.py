"""Loading and the cache: a match is read from the database and its log replayed (every state
checked against its recorded hash) the first time it is asked for; matches in memory are bounded
(least recently used idle ones dropped); open matches nobody joined expire.
"""

from __future__ import annotations

import asyncio
import logging
from datetime import UTC, datetime, timedelta
from typing import Any

from monolith.core import (
    AnyGame,
    GameError,
    ReplayMismatch,
    replayed_step,
)
from monolith.games import get_game
from monolith.server.inputs import require_match_id
from monolith.server.live import LiveMatch, LogEntry, Seat
from monolith.server.master.base import MasterBase
from monolith.server.refusals import Refused
from monolith.server.storage import (
    Expiry,
    MatchRow,
    SeatRow,
    StaleWrite,
    StoredMatch,
    utcnow,
)

log = logging.getLogger("monolith.server")


def _duration(seconds: float) -> str:
    """``24 h``, ``30 min``, ``45 s``: a period as a refusal says it."""
    for unit, size in (("h", 3600), ("min", 60)):
        if seconds >= size and seconds % size == 0:
            return f"{seconds // size:g} {unit}"
    return f"{seconds:g} s"


class MatchDamaged(Exception):  # noqa: N818 - reads as the verdict
    """A stored match whose log no longer replays to the recorded states."""


def live_from_rows(match: MatchRow, seats: list[SeatRow], game: AnyGame, state: Any) -> LiveMatch:
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
    live = live_from_rows(match, stored.seats, game, state)
    for row in stored.actions:
        try:
            action, after = replayed_step(game, state, row.action, row.state_hash)
        except ReplayMismatch as error:
            raise MatchDamaged(
                f"match {match.id}: logged action {row.index} no longer leads to the recorded state"
            ) from error
        except GameError as error:
            message = f"match {match.id}: logged action {row.index} fails: {error}"
            raise MatchDamaged(message) from error
        live.log.append(
            LogEntry(row.index, row.seat, tuple(game.narrate(state, action, after)), row.by_bot)
        )
        live.states.append(after)
        state = after
    live.log_lengths[:] = [len(live.log)]
    _restore_turn_deadline(live, stored)
    return live


def _restore_turn_deadline(live: LiveMatch, stored: StoredMatch) -> None:
    """A clock that was running goes on from where it stood: the current turn began when the
    action before it was committed (its stored time), not when this process read the match
    (a restart gave the seat to move its whole period again)."""
    seconds = live.turn_clock_seconds
    seat = live.to_move() if live.status == "running" else None
    start = live.turn_start()
    if not seconds or seat is None or start == 0:
        return  # a first turn began when the last seat was joined, which is not stored
    began = stored.actions[start - 1].created_at
    live.turn_deadlines[(seat, start)] = began + timedelta(seconds=seconds)


class LoadingPart(MasterBase):
    """The match master's loading: see the module."""

    def cached(self, match_id: str) -> LiveMatch | None:
        """What :meth:`get` would give without waiting: a match held in the cache, running or
        over. ``None`` when :meth:`get` must be asked: to load it, or to expire or refuse an
        open or expired one."""
        live = self.matches.get(match_id)
        if live is None or live.status in ("open", "expired"):
            return None
        self.matches.move_to_end(match_id)
        return live

    async def get(self, match_id: str) -> LiveMatch:
        """The match from the cache, or rebuilt from the database; 404 if there is none, 410 if
        it expired (now, or before)."""
        live = self.matches.get(match_id)
        if live is None:
            live = await self._load(match_id)
        else:
            self.matches.move_to_end(match_id)
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
                raise Refused("damaged", self.damaged[match_id])
            self._loading[match_id] = -1  # until it is in the cache, notices are counted here
            try:
                stored = await asyncio.to_thread(self.repo.load, match_id)
                if stored is None:
                    raise Refused("unknown_match", f"there is no match {match_id!r}")
                if stored.match.status == "expired":
                    raise self._expired(match_id)
                try:
                    live = await asyncio.to_thread(rebuild, stored)
                except MatchDamaged as error:
                    self.damaged[match_id] = str(error)
                    raise Refused("damaged", str(error)) from error
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

    async def _resume_moving(self) -> None:
        for match_id in await asyncio.to_thread(self.repo.resumable_ids):
            if self._stopping:
                return
            try:
                await self.get(match_id)  # its first load lets its bots and clock go on
            except Refused as error:
                log.error("not resuming match %s: %s", match_id, error.message)

    def _abandoned_before(self) -> datetime:
        """Open matches created before this, with nobody joined, have expired."""
        ttl = self.settings.open_match_ttl_seconds
        return utcnow() - timedelta(seconds=ttl) if ttl > 0 else datetime.min.replace(tzinfo=UTC)

    def _expired(self, match_id: str) -> Refused:
        ttl = _duration(self.settings.open_match_ttl_seconds)
        return Refused(
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
        """Keep memory bounded: drop the oldest finished matches past ``finished_in_memory``
        (they never change), and the least recently used idle matches past
        ``matches_in_memory``. Both reload from their log on their next use."""
        finished = [m for m in self.matches.values() if m.status == "finished"]
        excess = len(finished) - self.settings.finished_in_memory
        for live in sorted(finished, key=lambda m: m.created_at)[: max(0, excess)]:
            if self._idle(live):
                del self.matches[live.id]
        tries = len(self.matches) - 1  # never the one just loaded
        while len(self.matches) > self.settings.matches_in_memory and tries > 0:
            tries -= 1
            oldest = next(iter(self.matches.values()))
            if self._idle(oldest):
                del self.matches[oldest.id]
            else:  # busy: it counts as used now
                self.matches.move_to_end(oldest.id)

    def _idle(self, live: LiveMatch) -> bool:
        """Whether dropping the match from memory loses nothing: no socket holds it, no bot
        thinks, no clock runs, no request or notice is under way for it."""
        return (
            not live.lock.locked()
            and (live.bot_task is None or live.bot_task.done())
            and (live.clock_task is None or live.clock_task.done())
            and not live.version_waiters
            and self.hub.count(live.id) == 0
            and live.id not in self._draining
            and live.id not in self._inbox
            and (self.cluster is None or live.id not in self.cluster.leading)
        )
