"""What every route needs: the door, the match master, who is asking, and how answers travel."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Request
from fastapi.responses import Response
from fastapi.security import HTTPBearer
from starlette.requests import HTTPConnection

from monolith.server.door import Caller, Door
from monolith.server.master import MatchMaster
from monolith.server.schemas import ErrorOut
from monolith.server.transports.fastlane import bearer

ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorOut} for status in (401, 403, 404, 408, 409, 410, 413, 422, 429)
}
"""The refusals a route may answer with, for ``/docs``."""


class SeatToken(HTTPBearer):
    """The seat token from ``Authorization: Bearer <token>``, if any (``/docs`` shows it as bearer
    authentication). Read straight off the headers, and ``async`` like every dependency here, so
    a request neither validates a header parameter nor hops to a worker thread and back."""

    async def __call__(self, request: HTTPConnection) -> str | None:  # type: ignore[override]
        return bearer(request.headers.get("authorization"))


bearer_token = SeatToken(
    scheme_name="seat token",
    description="the token a seat got when it was joined; without it, you read as a spectator",
    auto_error=False,
)


async def get_caller(
    request: Request, token: Annotated[str | None, Depends(bearer_token)]
) -> Caller:
    """Who asks: the peer's address (as the proxy headers give it, when trusted) and token."""
    return Caller.at(request.client.host if request.client is not None else None, token)


async def get_door(request: Request) -> Door:
    door: Door = request.app.state.door
    return door


async def get_master(request: Request) -> MatchMaster:
    master: MatchMaster = request.app.state.master
    return master


def json_response(content: bytes, status_code: int = 200) -> Response:
    """Already encoded JSON, sent as it is: no validation against the route's model, which
    documents it (the payloads are built from the same shapes by ``views``)."""
    return Response(content, status_code=status_code, media_type="application/json")


DoorDep = Annotated[Door, Depends(get_door)]
Master = Annotated[MatchMaster, Depends(get_master)]
CallerDep = Annotated[Caller, Depends(get_caller)]
