"""The match master: the only code that changes a match.

Every change goes the same way: under the match's lock, check who asks and what they acted on, let
the game judge the action, hand the write to the group commit (:mod:`monolith.server.writer`),
and once it is committed apply the change to the cache in memory (the ``_applied_*`` methods),
wake the connected clients and let bots and the turn clock react. A refusal raises
:class:`~monolith.server.refusals.Refused` before anything is written, so it changes nothing.

The ``_applied_*`` methods take what was committed and nothing else, so a change another server
process committed (a notice, see :mod:`monolith.server.cluster`) is applied the same way. Every
write names the match's stored change count it was decided on; if another process changed the
match meanwhile, the write fails (:class:`~monolith.server.storage.StaleWrite`), the match is
reloaded and the request decided again on the fresh state (a move on the old version is then
refused ``stale_version``, as within one process).

The master is made of parts along its sections, one module each:

- :mod:`.loading`: loading and the cache (bounded, least recently used first), expiring;
- :mod:`.seats`: seats and tokens: creating, joining, leaving, reclaiming;
- :mod:`.moves`: actions and undos;
- :mod:`.presence`: reading states, sockets and who is connected;
- :mod:`.autoplay`: the turn clock and bots;
- :mod:`.following`: other processes' changes, and who leads a match;
- :mod:`.base`: the state they share.
"""

from __future__ import annotations

import asyncio
import contextlib

from monolith.server.master.autoplay import AutoplayPart
from monolith.server.master.base import MasterBase
from monolith.server.master.following import FollowingPart
from monolith.server.master.loading import LoadingPart, MatchDamaged, rebuild
from monolith.server.master.moves import MovesPart
from monolith.server.master.presence import PresencePart
from monolith.server.master.seats import SeatsPart, hash_token


class MatchMaster(
    LoadingPart, SeatsPart, MovesPart, PresencePart, AutoplayPart, FollowingPart, MasterBase
):
    """Creates, loads, changes and watches matches; one per app."""

    async def start(self) -> None:
        """Be ready at once: in the background, resume the matches that move by themselves (a bot
        plays a seat, or a clock runs) and expire open matches nobody joined. Every other match
        is loaded on first use, so startup does not grow with abandoned matches."""
        self.writer.start()
        if self.cluster is not None:
            await self.cluster.start()
        resume = self._resume_moving() if self.cluster is None else self._lead_loop()
        self._background = [self._spawn(resume), self._spawn(self._expire_abandoned_loop())]

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
        await asyncio.to_thread(self.writer.stop)
        if self.cluster is not None:
            await self.cluster.stop()


__all__ = ["MatchDamaged", "MatchMaster", "hash_token", "rebuild"]
