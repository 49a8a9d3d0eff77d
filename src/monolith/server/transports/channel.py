"""A match's WebSocket: states pushed to a seat (or a spectator), and the seat's decisions taken.

After the first full state, each pushed state carries only the log entries the client does not
hold yet (``log_from``). A seat's socket takes the same decisions as the HTTP routes
(``act``, ``undo``, ``leave``, ``reclaim``), through the same door
(:class:`~monolith.server.door.Door`), so the checks, budgets, versions and refusal codes are the
same; each request is answered on the socket with ``ack`` or
``refused`` and the request's ``id``. Requests of one socket are handled one at a time, in order.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import msgspec
from starlette.websockets import WebSocket, WebSocketDisconnect

from monolith.server.door import Caller, Door
from monolith.server.live import LiveMatch
from monolith.server.master import MatchMaster
from monolith.server.push import Connection
from monolith.server.refusals import Refused, internal
from monolith.server.views import LegalForm

log = logging.getLogger("monolith.server")

RequestId = str | int | None


class Act(msgspec.Struct, tag="act", forbid_unknown_fields=True):
    version: int
    action: Any = None
    action_id: int | None = None
    id: RequestId = None


class Undo(msgspec.Struct, tag="undo", forbid_unknown_fields=True):
    version: int
    id: RequestId = None


class Leave(msgspec.Struct, tag="leave", forbid_unknown_fields=True):
    id: RequestId = None


class Reclaim(msgspec.Struct, tag="reclaim", forbid_unknown_fields=True):
    id: RequestId = None


Request = Act | Undo | Leave | Reclaim


class _AnyId(msgspec.Struct):
    """Just the request id of a message that could not be read otherwise, to answer it."""

    id: RequestId = None


_read_request = msgspec.json.Decoder(Request).decode
_read_id = msgspec.json.Decoder(_AnyId).decode
_encode = msgspec.json.Encoder().encode


def refusal_json(error: Refused, request_id: RequestId) -> bytes:
    detail: dict[str, Any] = {"code": error.code, "message": error.message}
    if error.params:
        detail["params"] = error.params
    return _encode({"type": "refused", "id": request_id, "status": error.status, "error": detail})


MAX_DEPTH = 32
"""How deep a socket request's JSON may nest (an action is two or three levels deep)."""


def _too_deep(text: str | bytes) -> bool:
    """Whether the JSON nests deeper than :data:`MAX_DEPTH` (brackets inside strings count
    too, erring on the side of refusing). Counted only when there are that many brackets."""
    data = text.encode() if isinstance(text, str) else text
    if data.count(b"[") + data.count(b"{") <= MAX_DEPTH:
        return False
    depth = 0
    for byte in data:
        if byte in (0x5B, 0x7B):  # [ {
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif byte in (0x5D, 0x7D):  # ] }
            depth -= 1
    return False


def _read(text: str | bytes) -> Request:
    if _too_deep(text):
        raise _Malformed(f"the message cannot be read: nested more than {MAX_DEPTH} deep", None)
    try:
        return _read_request(text)
    except RecursionError:
        raise _Malformed("the message cannot be read: nested too deeply", None) from None
    except msgspec.DecodeError as error:
        request_id: RequestId = None
        with contextlib.suppress(msgspec.DecodeError, RecursionError):
            request_id = _read_id(text).id
        reason = str(error)
        if reason.startswith("Invalid value") and "$.type" in reason:
            reason = "'type' is one of act, undo, leave, reclaim"
        raise _Malformed(f"the message cannot be read: {reason}", request_id) from None


class _Malformed(Exception):  # noqa: N818 - reads as the verdict
    def __init__(self, message: str, request_id: RequestId) -> None:
        super().__init__(message)
        self.request_id = request_id


async def answer(
    door: Door, live: LiveMatch, seat: int | None, caller: Caller, text: str | bytes
) -> bytes:
    """The reply to one request from a socket: ``ack`` with the HTTP answer's fields, or
    ``refused`` with the HTTP status and error. Every request goes through the door, as its
    HTTP twin does (the same checks, budget and refusals)."""
    limit = door.settings.max_socket_message_bytes
    if len(text) > limit:
        return refusal_json(
            Refused("malformed", f"a request may be at most {limit} bytes", {"limit": limit}), None
        )
    try:
        request = _read(text)
    except _Malformed as error:
        return refusal_json(Refused("malformed", str(error)), error.request_id)
    try:
        if seat is None:
            raise Refused(
                "bad_token", "this socket was opened without a seat token; it only watches"
            )
        result: dict[str, Any]
        match request:
            case Act():
                version = await door.act(
                    caller, live.id, request.version, request.action, request.action_id
                )
                result = {"version": version}
            case Undo():
                result = {"version": await door.undo(caller, live.id, request.version)}
            case Leave():
                left, bot = await door.leave(caller, live.id)
                result = {"seat": left, "bot": bot}
            case Reclaim():
                version = await door.reclaim(caller, live.id, seat)
                result = {"seat": seat, "version": version}
    except Refused as error:
        return refusal_json(error, request.id)
    except Exception as error:  # as the HTTP routes answer 500: the socket stays open
        log.error("unexpected error on a socket request", exc_info=error)
        return refusal_json(internal(), request.id)
    return _encode({"type": "ack", "id": request.id, **result})


async def _send(websocket: WebSocket, data: bytes) -> None:
    await websocket.send({"type": "websocket.send", "text": data.decode()})


async def _push(
    websocket: WebSocket,
    master: MatchMaster,
    live: LiveMatch,
    connection: Connection,
    form: LegalForm,
) -> None:
    """Send queued messages, then the freshest state whenever the match changed."""
    while True:
        await connection.wake.wait()
        connection.wake.clear()
        while connection.outbox:
            queued, connection.outbox = connection.outbox, []
            for message in queued:
                await _send(websocket, message)
        if connection.sent_revision != live.revision:
            revision, version = live.revision, live.version
            seat, since = connection.seat, connection.sent_version
            data = master.state_json(live, seat, since, push=True, form=form)
            connection.sent_revision, connection.sent_version = revision, version
            await _send(websocket, data)


async def serve(
    websocket: WebSocket,
    door: Door,
    match_id: str,
    caller: Caller,
    *,
    form: LegalForm = "inline",
) -> None:
    """One socket, from its handshake to its end; its states carry the legal actions in
    ``form`` (``?labels=indexed``, ``?legal=ids``)."""
    await websocket.accept()
    try:
        live, seat, connection = await door.open_socket(caller, match_id)
    except Refused as error:
        detail: dict[str, Any] = {"code": error.code, "message": error.message}
        if error.params:
            detail["params"] = error.params
        await _send(websocket, _encode({"type": "error", "error": detail}))
        await websocket.close(code=4000 + error.status, reason=error.code)
        return
    master = door.master
    pusher = asyncio.get_running_loop().create_task(
        _push(websocket, master, live, connection, form)
    )
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None:
                text = message.get("bytes") or b""
            await _send(websocket, await answer(door, live, seat, caller, text))
    except WebSocketDisconnect:
        pass  # gone while we answered
    finally:
        pusher.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await pusher
        door.close_socket(caller, live, connection)
