"""The match socket: states pushed, decisions taken (see
:mod:`monolith.server.transports.channel`)."""

from __future__ import annotations

from fastapi import APIRouter, WebSocket

from monolith.server.door import Caller
from monolith.server.transports import channel
from monolith.server.views import Labels, Legal, legal_form

router = APIRouter()


@router.websocket("/ws/matches/{match_id}")
async def push(
    websocket: WebSocket,
    match_id: str,
    token: str | None = None,
    labels: Labels = "inline",
    legal: Legal = "full",
) -> None:
    """Sends the seat's state on connect and after every change, and takes its decisions
    (see docs/web-api.md)."""
    client = websocket.client
    caller = Caller.at(client.host if client is not None else None, token)
    door = websocket.app.state.door
    await channel.serve(websocket, door, match_id, caller, form=legal_form(labels, legal))
