"""Presence and reading: the states sent to each reader, sockets coming and going, and which seats
have one open (here and in other processes).
"""

from __future__ import annotations

import asyncio
import logging

from monolith.server.cluster import Notice, Presence
from monolith.server.live import LiveMatch
from monolith.server.master.base import MasterBase
from monolith.server.push import Connection
from monolith.server.refusals import Refused
from monolith.server.views import (
    LegalForm,
    presence_json,
    replay_json,
    state_json,
)

log = logging.getLogger("monolith.server")


class PresencePart(MasterBase):
    """The match master's presence: see the module."""

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
            raise Refused("not_finished", "a replay is available once the match is finished")
        # A finished match no longer changes, so its many views can be built off the event loop.
        return await asyncio.to_thread(replay_json, live)

    def open_socket(self, live: LiveMatch, seat: int | None) -> Connection:
        """Register a socket for ``seat`` (``None``: a spectator); its first state goes out at
        once. If the seat had no socket open, the others are told (a presence message, not a
        state). ``Refused`` 429 when the match has as many sockets as it may."""
        limit = self.settings.max_sockets_per_match
        if self.hub.count(live.id) >= limit:
            raise Refused(
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
