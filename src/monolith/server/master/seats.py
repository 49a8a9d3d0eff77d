"""Seats and tokens: who a token proves, creating and joining matches, leaving a seat to a bot
and taking it back.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
from collections.abc import Mapping
from typing import Any

from monolith.core import (
    BadOptions,
)
from monolith.games import get_game
from monolith.server.bots import DEFAULT_LEVEL, resolve_bot
from monolith.server.live import LiveMatch
from monolith.server.master.base import MasterBase
from monolith.server.master.loading import live_from_rows
from monolith.server.refusals import Refused
from monolith.server.storage import (
    MatchRow,
    SeatChange,
    SeatRow,
    StoredMatch,
    utcnow,
)

log = logging.getLogger("monolith.server")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class SeatsPart(MasterBase):
    """The match master's seats: see the module."""

    def seat_of(self, live: LiveMatch, token: str | None) -> int:
        """The seat a token proves, or 401."""
        if not token:
            raise Refused("bad_token", "send your seat token as 'Authorization: Bearer <token>'")
        digest = hash_token(token)
        for seat in live.seats:
            if seat.token_hash is not None and hmac.compare_digest(seat.token_hash, digest):
                return seat.seat
        raise Refused("bad_token", f"that token belongs to no seat of match {live.id}")

    def optional_seat(self, live: LiveMatch, token: str | None) -> int | None:
        """A token's seat; no token means a spectator, a wrong one is still refused."""
        return None if not token else self.seat_of(live, token)

    async def seat_for(self, live: LiveMatch, token: str | None) -> int | None:
        """:meth:`optional_seat`, but a token no seat has here is looked for again after
        catching up with the database: the seat may have been joined through another process a
        moment ago."""
        try:
            return self.optional_seat(live, token)
        except Refused:
            if self.cluster is None:
                raise
        async with live.lock:
            await self._refresh(live)
        return self.optional_seat(live, token)

    async def _seat_locked(self, live: LiveMatch, token: str | None) -> int:
        """:meth:`seat_of` under the match's lock, catching up first if the token is unknown."""
        try:
            return self.seat_of(live, token)
        except Refused:
            if self.cluster is None or not token:
                raise
        await self._refresh(live)
        return self.seat_of(live, token)

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
    ) -> LiveMatch:
        """A new match; ``seats`` holds (kind, bot, level) per seat; ``creator`` is what counts
        its bots against a client's quota (:func:`~monolith.server.storage.creator_of`)."""
        try:
            game = get_game(game_name)
            game.info.check_players(players)
            resolved = game.info.resolve_options(options)
        except BadOptions as error:
            raise Refused("bad_options", str(error)) from error
        if len(seats) != players:
            raise Refused(
                "bad_options", f"{players} players need {players} seats, got {len(seats)}"
            )
        rows: list[SeatRow] = []
        for index, (kind, bot, level) in enumerate(seats):
            if kind == "bot":
                try:
                    bot, level = resolve_bot(bot, level), level or DEFAULT_LEVEL
                except LookupError as error:
                    raise Refused("bad_options", str(error.args[0])) from error
            else:
                bot, level = None, None
            rows.append(SeatRow(seat=index, kind=kind, bot=bot, level=level, taken_over=False))
        seed = self._deals.getrandbits(63) if self._deals else secrets.randbits(63)
        try:
            state = await asyncio.to_thread(
                game.new_game, players=players, seed=seed, options=resolved
            )
        except BadOptions as error:
            raise Refused("bad_options", str(error)) from error
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
            creator=creator,
        )
        await self.writer.write(self.repo.create_matches, StoredMatch(match, rows, []))
        live = live_from_rows(match, rows, game, state)
        self.matches[live.id] = live
        self._forget_old_finished()
        self._arm_clock(live)
        self._kick_bots(live)
        return live

    async def join(self, match_id: str, seat: int, name: str) -> str:
        """Give a free human seat to ``name``; returns the seat's secret token (shown once)."""
        live = await self.get(match_id)
        if not 0 <= seat < live.players:
            raise Refused("unknown_seat", f"match {match_id} has seats 0-{live.players - 1}")

        async def decide() -> str:
            if live.status == "expired":  # while this request waited for the lock
                raise self._expired(match_id)
            target = live.seats[seat]
            if target.kind != "human":
                raise Refused("seat_taken", f"seat {seat} is played by a bot")
            if target.ready:
                raise Refused("seat_taken", f"seat {seat} has already been joined")
            token = secrets.token_urlsafe(32)
            others_ready = all(s.ready for s in live.seats if s.seat != seat)
            status = "running" if live.status == "open" and others_ready else None
            values = {"name": name, "token_hash": hash_token(token)}
            await self._write_seat(live, self._seat_change(live, seat, values, status))
            return token

        token = await self._decided(live, decide)
        self._kick_bots(live)
        return token

    async def leave(self, match_id: str, token: str | None) -> tuple[int, str]:
        """Hand the asking seat to a bot for the rest of the match."""
        live = await self.get(match_id)

        async def decide() -> tuple[int, str]:
            seat = await self._seat_locked(live, token)
            if live.status == "finished":
                raise Refused("finished", "the match is over; nothing can change any more")
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
            raise Refused("unknown_seat", f"match {match_id} has seats 0-{live.players - 1}")

        async def decide() -> int:
            mine = await self._seat_locked(live, token)
            if live.status == "finished":
                raise Refused("finished", "the match is over; nothing can change any more")
            if mine != seat:
                raise Refused(
                    "not_your_seat",
                    f"that token is for seat {mine}, not seat {seat}",
                    {"reason": "other_seat"},
                )
            target = live.seats[seat]
            if target.controller != "bot":
                raise Refused(
                    "not_taken_over", "you play this seat already; no bot has taken it over"
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
