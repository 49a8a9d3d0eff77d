"""Creating, listing and joining matches."""

from __future__ import annotations

import asyncio
from typing import Annotated
from urllib.parse import urlencode

from fastapi import APIRouter, Query
from fastapi.responses import Response

from monolith.server.door import SeatSpec
from monolith.server.inputs import SeatPath, WholeNumber
from monolith.server.listing import DEFAULT_PAGE, MAX_PAGE, decode_cursor, encode_cursor
from monolith.server.routes.deps import ERRORS, CallerDep, DoorDep, Master
from monolith.server.schemas import (
    JoinIn,
    JoinOut,
    MatchCreated,
    MatchIn,
    MatchSeatOut,
    MatchSummary,
    SeatCreated,
)
from monolith.server.views import bot_fields

router = APIRouter(tags=["matches"])


@router.post(
    "/api/matches",
    status_code=201,
    response_model=MatchCreated,
    response_model_exclude_none=True,
    responses=ERRORS,
)
async def create_match(body: MatchIn, door: DoorDep, caller: CallerDep) -> MatchCreated:
    """Create a match; the server picks the (secret) seed. With ``join``, the creator takes
    that seat at once: a name or seat it refuses creates nothing. Bots that search count
    against the creating address's quota (``429 bot_quota``)."""
    live, token = await door.create(
        caller,
        game=body.game,
        players=body.players,
        options=body.options,
        seats=None
        if body.seats is None
        else [SeatSpec(s.kind, s.bot, s.level) for s in body.seats],
        turn_clock_seconds=body.turn_clock_seconds,
        hints=body.hints,
        join=None if body.join is None else (body.join.seat, body.join.name),
    )
    return MatchCreated(
        match_id=live.id,
        seats=[
            SeatCreated(seat=s.seat, kind="human", join_url=f"/join/{live.id}/{s.seat}")
            if s.kind == "human"
            else SeatCreated(seat=s.seat, kind="bot", **bot_fields(s.bot))
            for s in live.seats
        ],
        spectator_url=f"/watch/{live.id}",
        hints=live.hints,
        token=token,
    )


@router.get("/api/matches", response_model=list[MatchSummary], responses=ERRORS)
async def list_matches(
    master: Master,
    response: Response,
    include_finished: Annotated[bool, Query(description="list finished ones too")] = False,
    limit: Annotated[WholeNumber, Query(ge=1, le=MAX_PAGE, description="matches on this page")] = (
        DEFAULT_PAGE
    ),
    cursor: Annotated[
        str | None, Query(description="where the previous page ended (its Link: rel=next)")
    ] = None,
) -> list[MatchSummary]:
    """Open and running matches, newest first (ties by id), a page at a time: while more
    follow, the ``Link`` header holds the next page's address (``rel="next"``)."""
    after = decode_cursor(cursor) if cursor is not None else None
    statuses = ("open", "running", "finished") if include_finished else ("open", "running")
    rows = await asyncio.to_thread(master.repo.list_matches, statuses, limit + 1, after)
    if len(rows) > limit:
        rows = rows[:limit]
        last = rows[-1][0]
        query = {"limit": limit, "cursor": encode_cursor(last.created_at, last.id)}
        if include_finished:
            query["include_finished"] = "true"
        response.headers["Link"] = f'</api/matches?{urlencode(query)}>; rel="next"'
    return [
        MatchSummary(
            match_id=match.id,
            game=match.game,
            players=match.players,
            status=match.status,
            created_at=match.created_at,
            seats=[
                MatchSeatOut(
                    seat=s.seat,
                    kind=s.kind,
                    name=s.name if s.kind == "human" else None,
                    **bot_fields(s.bot),
                    taken=s.kind == "bot" or s.taken_over or s.token_hash is not None,
                )
                for s in seats
            ],
            hints=match.hints,
        )
        for match, seats in rows
    ]


@router.post("/api/matches/{match_id}/seats/{seat}/join", response_model=JoinOut, responses=ERRORS)
async def join(
    match_id: str, seat: SeatPath, body: JoinIn, door: DoorDep, caller: CallerDep
) -> JoinOut:
    """Take a free human seat; the token in the answer is the only proof of the seat."""
    token = await door.join(caller, match_id, seat, body.name)
    return JoinOut(seat=seat, token=token)
