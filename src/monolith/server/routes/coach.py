"""The coach: hints during play and the review of a finished match."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Query

from monolith.server.inputs import WholeNumber
from monolith.server.routes.deps import ERRORS, CallerDep, DoorDep
from monolith.server.schemas import HintOut, ReviewOut

router = APIRouter(tags=["coach"])


@router.get("/api/matches/{match_id}/hint", response_model=HintOut, responses=ERRORS)
async def hint(
    match_id: str,
    door: DoorDep,
    caller: CallerDep,
    version: Annotated[WholeNumber, Query(description="the state version you are deciding on")],
) -> dict[str, Any]:
    """The coach's best decisions for your seat, with their win chances, judged from what
    you can see; only while it is your decision, in a match created with hints on."""
    return await door.hint(caller, match_id, version)


@router.get(
    "/api/matches/{match_id}/review",
    response_model=ReviewOut,
    response_model_exclude_none=True,
    responses=ERRORS,
)
async def review(match_id: str, door: DoorDep, caller: CallerDep) -> dict[str, Any]:
    """A finished match's review: each human decision against the best one the coach found,
    marked, and each human seat's win chance over the game. Worked out in the background
    once the match ends (``status`` and ``progress`` say how far it is); with a seat's
    token, that seat's private decisions are named too."""
    return await door.review(caller, match_id)
