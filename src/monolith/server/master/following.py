"""Following other processes: their committed changes applied to the cache, and which process
leads (runs the bots and clock of) a match.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time

from monolith.core import (
    GameError,
    replayed_step,
)
from monolith.server.cluster import Change
from monolith.server.live import LiveMatch, StateCache
from monolith.server.master.base import MasterBase
from monolith.server.master.loading import MatchDamaged, rebuild
from monolith.server.refusals import Refused
from monolith.server.storage import (
    ActionAppended,
    ActionRemoved,
    Expiry,
    SeatChange,
)

log = logging.getLogger("monolith.server")


class FollowingPart(MasterBase):
    """The match master's following: see the module."""

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
            except Refused as error:
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
                action, after = replayed_step(game, before, record.action, record.state_hash)
            except GameError:  # a mismatch too: reload
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
            raise Refused("damaged", str(error)) from error
        live.seats, live.status, live.sequence = fresh.seats, fresh.status, fresh.sequence
        live.states, live.log, live.version = fresh.states, fresh.log, fresh.version
        live.base_version, live.log_lengths = fresh.version, [len(fresh.log)]
        live.cache = StateCache()  # clients that saw an older version get the whole log
        self._changed(live)
