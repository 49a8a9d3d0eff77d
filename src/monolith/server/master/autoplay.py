"""Autoplay: the turn clock, and bots playing the seats they hold (their moves worked out by
:mod:`monolith.compute`, never in this process).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import timedelta
from typing import Any

from monolith.compute import bot_decision, priority_of
from monolith.server.bots import bot_seed
from monolith.server.live import LiveMatch
from monolith.server.master.base import MasterBase
from monolith.server.storage import (
    StaleWrite,
    utcnow,
)

log = logging.getLogger("monolith.server")

_TURNS_KEPT = 16
"""Recent turns whose deadlines are remembered (an undo can reach back only a few turns)."""


class AutoplayPart(MasterBase):
    """The match master's autoplay: see the module."""

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
        game = live.game
        view = game.view(state, seat)  # a bot decides from what its seat sees, nothing more
        cap = self.settings.decision_seconds if self.settings.decision_seconds > 0 else None
        for bot in dict.fromkeys((live.seats[seat].bot or self.settings.takeover_bot, "random")):
            try:
                chosen = await self.compute.run(
                    priority_of(bot),
                    live.id,
                    bot_decision,
                    bot,
                    seed,
                    game.info.name,
                    view,
                    seat,
                    cap,
                )
                action = game.action_from_json(chosen)
                return action, game.apply(state, action)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("match %s: bot %s failed to move for seat %s", live.id, bot, seat)
        return None
