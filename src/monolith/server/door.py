"""The one door every request that changes or costs something goes through, whatever its
transport.

An HTTP route, the fast lane in front of the app, the HTTP protocol's own answers and the match
socket all call the same :class:`Door` method for the same request: it reads who is asking
(:class:`Caller`: the client's address and seat token), checks the ids it was given, spends the
client's budget for that kind of request (:mod:`monolith.server.throttle`), applies the quotas on
bots and sockets, and calls the match master or the coach. A refusal is raised as
:class:`~monolith.server.refusals.Refused` in the table's own terms; each transport words it from
the one status table (:data:`~monolith.server.refusals.STATUS`). A transport adds nothing of its own
but reading its request and writing the answer, so a new transport cannot forget a check.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from dataclasses import dataclass
from typing import Any

from monolith.core import JsonDict
from monolith.server.bots import resolve_bot
from monolith.server.coach import Coach
from monolith.server.inputs import require_match_id
from monolith.server.live import LiveMatch
from monolith.server.master import MatchMaster
from monolith.server.push import Connection
from monolith.server.refusals import Refused
from monolith.server.settings import Settings
from monolith.server.storage import creator_of
from monolith.server.throttle import Bucket, Throttle, address_key


@dataclass(frozen=True)
class Caller:
    """Who asks: the client's address as counted for budgets (IPv6 by /64 network) and the seat
    token it sent, if any."""

    address: str
    token: str | None = None

    @classmethod
    def at(cls, host: str | None, token: str | None = None) -> Caller:
        """The caller at peer address ``host`` (``None``: unknown)."""
        return cls(address_key(host), token or None)


@dataclass(frozen=True)
class SeatSpec:
    """One seat of a match to create: ``human`` or ``bot`` (family and level)."""

    kind: str
    bot: str | None = None
    level: str | None = None


check_match_id = require_match_id
"""``match_id`` if it can be one; else ``404 unknown_match`` without asking the database."""


def parse_quota(text: str) -> dict[str, int]:
    """``MONOLITH_BOT_QUOTA`` read: ``ismcts-hard=4;ismcts=8`` is bot name -> seats at once."""
    quota: dict[str, int] = {}
    for part in text.replace(",", ";").split(";"):
        if not part.strip():
            continue
        name, _, count = part.partition("=")
        if not count.strip().isdigit():
            raise ValueError(f"MONOLITH_BOT_QUOTA: {part!r} is not bot=count")
        quota[resolve_bot(name.strip(), None)] = int(count)
    return quota


class Door:
    """The checks and budgets in front of the master and the coach (see the module)."""

    def __init__(
        self, master: MatchMaster, coach: Coach, throttle: Throttle, settings: Settings
    ) -> None:
        self.master = master
        self.coach = coach
        self.throttle = throttle
        self.settings = settings
        self.quota = parse_quota(settings.bot_quota)
        self._quota_lock = asyncio.Lock()
        self._sockets: Counter[str] = Counter()
        """Open sockets per client address."""

    def _spend(self, bucket: Bucket, caller: Caller) -> None:
        if self.throttle.enabled:
            self.throttle.spend(bucket, caller.address)

    # Creating and joining -------------------------------------------------------------------------

    async def create(
        self,
        caller: Caller,
        *,
        game: str,
        players: int,
        options: dict[str, Any],
        seats: list[SeatSpec] | None,
        turn_clock_seconds: int | None,
        hints: bool | None,
        join: tuple[int, str] | None,
    ) -> tuple[LiveMatch, str | None]:
        """A new match (and the creator's seat token, with ``join``); refused over the bot
        quota of the caller's address."""
        self._spend("create", caller)
        specs = seats if seats is not None else [SeatSpec("human")] * players
        humans = sum(1 for spec in specs if spec.kind == "human")
        if join is not None and not (join[0] < len(specs) and specs[join[0]].kind == "human"):
            raise Refused("bad_options", f"seat {join[0]} is not a human seat of this match")
        creator = creator_of(caller.address)
        limited = self._limited(specs)

        async def create() -> LiveMatch:
            return await self.master.create(
                game_name=game,
                players=players,
                options=options,
                seats=[(spec.kind, spec.bot, spec.level) for spec in specs],
                turn_clock_seconds=turn_clock_seconds,
                hints=hints if hints is not None else humans <= 1,
                creator=creator,
            )

        if limited:
            async with self._quota_lock:  # two matches created at once are counted in turn
                await self._check_quota(creator, limited)
                live = await create()
        else:
            live = await create()
        token = None if join is None else await self.master.join(live.id, *join)
        return live, token

    def _limited(self, specs: list[SeatSpec]) -> Counter[str]:
        """The bots asked for that the quota counts, by name."""
        asked: Counter[str] = Counter()
        for spec in specs:
            if spec.kind != "bot":
                continue
            try:
                name = resolve_bot(spec.bot, spec.level)
            except LookupError:
                continue  # the master refuses it, naming what exists
            if name in self.quota:
                asked[name] += 1
        return asked

    async def _check_quota(self, creator: str, limited: Counter[str]) -> None:
        playing = await asyncio.to_thread(self.master.repo.bots_playing, creator)
        for bot, count in limited.items():
            limit, now = self.quota[bot], playing.get(bot, 0)
            if now + count > limit:
                raise Refused(
                    "bot_quota",
                    f"your address may have at most {limit} {bot} bots playing at once and has "
                    f"{now}; finish or leave a match first, or choose a lighter bot",
                    {"bot": bot, "limit": limit, "playing": now},
                )

    async def join(self, caller: Caller, match_id: str, seat: int, name: str) -> str:
        """Take a free human seat; the token is the only proof of it."""
        self._spend("join", caller)
        return await self.master.join(check_match_id(match_id), seat, name)

    # Playing --------------------------------------------------------------------------------------

    async def act(
        self,
        caller: Caller,
        match_id: str,
        version: int,
        action: object = None,
        action_id: int | None = None,
    ) -> int:
        """A seat's action on the version it saw; the new version once it is committed."""
        self._spend("act", caller)
        return await self.master.act(
            check_match_id(match_id), caller.token, version, action, action_id
        )

    async def undo(self, caller: Caller, match_id: str, version: int) -> int:
        self._spend("act", caller)
        return await self.master.undo(check_match_id(match_id), caller.token, version)

    async def leave(self, caller: Caller, match_id: str) -> tuple[int, str]:
        self._spend("act", caller)
        return await self.master.leave(check_match_id(match_id), caller.token)

    async def reclaim(self, caller: Caller, match_id: str, seat: int) -> int:
        self._spend("act", caller)
        return await self.master.reclaim(check_match_id(match_id), seat, caller.token)

    # Reading --------------------------------------------------------------------------------------

    async def watch(self, caller: Caller, match_id: str) -> tuple[LiveMatch, int | None]:
        """The match and the caller's seat in it (``None``: a spectator; a wrong token is
        refused)."""
        live = await self.master.get(check_match_id(match_id))
        return live, await self.master.seat_for(live, caller.token)

    async def replay(self, caller: Caller, match_id: str) -> bytes:
        return await self.master.replay(check_match_id(match_id))

    # The coach ------------------------------------------------------------------------------------

    async def hint(self, caller: Caller, match_id: str, version: int) -> JsonDict:
        self._spend("coach", caller)
        return await self.coach.hint(check_match_id(match_id), caller.token, version)

    async def review(self, caller: Caller, match_id: str) -> JsonDict:
        self._spend("coach", caller)
        return await self.coach.review(check_match_id(match_id), caller.token)

    # Sockets --------------------------------------------------------------------------------------

    async def open_socket(
        self, caller: Caller, match_id: str
    ) -> tuple[LiveMatch, int | None, Connection]:
        """Register a socket of ``caller`` on the match: refused over the sockets one address
        or one match may have open."""
        self._check_sockets(caller)
        live, seat = await self.watch(caller, match_id)
        self._check_sockets(caller)  # others of this address may have opened meanwhile
        connection = self.master.open_socket(live, seat)
        self._sockets[caller.address] += 1
        return live, seat, connection

    def _check_sockets(self, caller: Caller) -> None:
        limit = self.settings.max_sockets_per_address
        if self._sockets[caller.address] >= limit:
            raise Refused(
                "too_many_sockets",
                f"your address has {limit} sockets open, as many as it may; close one first",
                {"limit": limit},
            )

    def close_socket(self, caller: Caller, live: LiveMatch, connection: Connection) -> None:
        self.master.close_socket(live, connection)
        self._sockets[caller.address] -= 1
        if self._sockets[caller.address] <= 0:
            del self._sockets[caller.address]
