"""Playing a match: its state, actions, undo, leaving and coming back, the replay."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Query
from fastapi.responses import Response

from monolith.server.inputs import SeatPath, WholeNumber
from monolith.server.routes.deps import ERRORS, CallerDep, DoorDep, json_response
from monolith.server.schemas import (
    ActionIn,
    LeaveOut,
    ReclaimOut,
    ReplayOut,
    StateOut,
    UndoIn,
    VersionOut,
)
from monolith.server.views import Labels, Legal, legal_form

router = APIRouter(tags=["play"])


@router.get("/api/matches/{match_id}/state", response_model=StateOut, responses=ERRORS)
async def get_state(
    match_id: str,
    door: DoorDep,
    caller: CallerDep,
    since: Annotated[
        WholeNumber | None,
        Query(
            ge=0,
            description="the version of the last state you hold: the log then starts at the "
            "first entry you may not hold (log_from)",
        ),
    ] = None,
    labels: Annotated[
        Labels,
        Query(
            description="indexed: each legal action's label is an index into the state's "
            "labels, where each distinct label is sent once (smaller states)"
        ),
    ] = "inline",
    legal: Annotated[
        Legal,
        Query(
            description="ids: legal_actions is a list of bare action ids (the game's action "
            "encoding), with no JSON and no labels: the smallest and cheapest state, for "
            "programs"
        ),
    ] = "full",
    min_version: Annotated[
        WholeNumber | None,
        Query(
            ge=0,
            description="the newest version you know of (a move's acknowledgement): with "
            "several server processes, this one waits up to MONOLITH_MIN_VERSION_WAIT_SECONDS "
            "(2 s) to hear of it before answering",
        ),
    ] = None,
) -> Response:
    """The match as this seat sees it (without a token: as a spectator)."""
    live, seat = await door.watch(caller, match_id)
    form = legal_form(labels, legal)
    if min_version is not None:
        await door.master.wait_for_version(live, min_version)
    return json_response(door.master.state_json(live, seat, since, form=form))


@router.post("/api/matches/{match_id}/actions", response_model=VersionOut, responses=ERRORS)
async def act(match_id: str, body: ActionIn, door: DoorDep, caller: CallerDep) -> Response:
    """Take an action on the version you saw; answered once it is committed."""
    version = await door.act(caller, match_id, body.version, body.action, body.action_id)
    return json_response(b'{"version":%d}' % version)


@router.post("/api/matches/{match_id}/undo", response_model=VersionOut, responses=ERRORS)
async def undo(match_id: str, body: UndoIn, door: DoorDep, caller: CallerDep) -> VersionOut:
    """Take back your own last action while it is the last and revealed nothing."""
    return VersionOut(version=await door.undo(caller, match_id, body.version))


@router.post("/api/matches/{match_id}/leave", response_model=LeaveOut, responses=ERRORS)
async def leave(match_id: str, door: DoorDep, caller: CallerDep) -> LeaveOut:
    """Leave the table; a bot plays your seat until you take it back (``reclaim``)."""
    seat, bot = await door.leave(caller, match_id)
    return LeaveOut(seat=seat, bot=bot)


@router.post(
    "/api/matches/{match_id}/seats/{seat}/reclaim", response_model=ReclaimOut, responses=ERRORS
)
async def reclaim(match_id: str, seat: SeatPath, door: DoorDep, caller: CallerDep) -> ReclaimOut:
    """Take your seat back from the bot that plays it since you left or ran out of time."""
    return ReclaimOut(seat=seat, version=await door.reclaim(caller, match_id, seat))


@router.get("/api/matches/{match_id}/replay", response_model=ReplayOut, responses=ERRORS)
async def replay(match_id: str, door: DoorDep, caller: CallerDep) -> Response:
    """A finished match step by step, as a spectator saw it."""
    return json_response(await door.replay(caller, match_id))
