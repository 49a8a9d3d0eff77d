"""The two requests of every move, answered without FastAPI's machinery per request.

``GET /api/matches/{id}/state`` and ``POST /api/matches/{id}/actions`` are most of the web table's
requests (a player's every move is one of each), and FastAPI's routing, dependency solving, query
and body validation and response wrapping cost more CPU than building the answer from the match's
cache. :class:`FastLane` sits in front of the whole app (before FastAPI's and Starlette's
middleware, which cost as much again per request) and answers these two when they are plainly
well-formed: no query but ``since=<digits>``, ``labels=inline|indexed``, ``legal=full|ids`` and
``min_version=<digits>``, each at most once, a small JSON body that reads as
``{"version", "action"|"action_id"}``. A state asked with a ``min_version`` this process has not
heard of yet waits for it (up to ``MONOLITH_MIN_VERSION_WAIT_SECONDS``) as the route does; the
HTTP protocol's answer on the spot (:meth:`FastLane.state_now`) leaves such a request to the lane.
It is a thin adapter: it calls the same door as the routes
(:class:`~monolith.server.door.Door`: ids checked, the ``act`` budget spent, the master called) and
words refusals through the app's own exception handlers, so the answers are the same. Anything
else (another query, a body that does not read, another content type, a body of no declared length
or a large one, HEAD) goes on to the app and its FastAPI routes, which are what ``/docs``
describes: unusual requests get exactly the errors they always got.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterable
from typing import Any

import msgspec
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from monolith.server.door import Caller, Door
from monolith.server.headers import API_HEADER_DICT, API_HEADERS
from monolith.server.master import MatchMaster
from monolith.server.refusals import RateLimited, Refused
from monolith.server.views import Labels, Legal, LegalForm, legal_form

PREFIX = "/api/matches/"
SINCE = re.compile(rb"since=(\d{1,18})")
MIN_VERSION = re.compile(rb"min_version=(\d{1,18})")
LABELS: dict[bytes, Labels] = {b"labels=inline": "inline", b"labels=indexed": "indexed"}
LEGAL: dict[bytes, Legal] = {b"legal=full": "full", b"legal=ids": "ids"}
LARGEST_FAST_BODY = 2048
"""Bodies up to this size may take the fast lane (an action is a few dozen bytes); larger ones
(JSON nested deep enough to matter is larger) go the full way."""
LANE = "monolith.fast_lane"
"""The key of the app's :class:`FastLane` in its lifespan state, where
:class:`monolith.server.transports.protocol.TableProtocol` finds it."""
JSON_HEADERS = [(b"content-type", b"application/json"), *API_HEADERS]


class ActionBody(msgspec.Struct, forbid_unknown_fields=True):
    """``POST .../actions``, as :class:`monolith.server.schemas.ActionIn` reads it (strict types,
    no unknown field); a body this refuses goes to the FastAPI route for its error."""

    version: int
    action: Any = None
    action_id: int | None = None


read_action = msgspec.json.Decoder(ActionBody).decode


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header; ``None`` without one."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def header(headers: Iterable[tuple[bytes, bytes]], name: bytes) -> str | None:
    """The first header ``name`` (lower case, as the server hands them) of a request's raw
    headers, or ``None``."""
    for key, value in headers:
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _header(scope: Scope, name: bytes) -> str | None:
    return header(scope["headers"], name)


def match_id_of(path: str, tail: str) -> str | None:
    """``{id}`` of ``/api/matches/{id}/<tail>``, as the route's path parameter would be."""
    if not (path.startswith(PREFIX) and path.endswith(tail)):
        return None
    match_id = path[len(PREFIX) : -len(tail)]
    return match_id if match_id and "/" not in match_id else None


def state_query(query: bytes) -> tuple[int | None, LegalForm, int | None] | None:
    """``since``, the legal actions' form and ``min_version``, from a query of at most
    ``since=<digits>``, ``labels=inline|indexed``, ``legal=full|ids`` and
    ``min_version=<digits>``, each once (``legal=ids`` leaves no labels to place); ``None`` for
    any other query."""
    since: int | None = None
    labels: Labels | None = None
    legal: Legal | None = None
    least: int | None = None
    for part in query.split(b"&") if query else ():
        number = SINCE.fullmatch(part)
        wanted = MIN_VERSION.fullmatch(part)
        if number is not None and since is None:
            since = int(number[1])
        elif wanted is not None and least is None:
            least = int(wanted[1])
        elif part in LABELS and labels is None:
            labels = LABELS[part]
        elif part in LEGAL and legal is None:
            legal = LEGAL[part]
        else:
            return None
    return since, legal_form(labels or "inline", legal or "full"), least


def _json_content(scope: Scope) -> bool:
    """A body FastAPI would read as JSON with no doubt: no content type, or ``application/json``."""
    return json_content_type(_header(scope, b"content-type"))


def json_content_type(content_type: str | None) -> bool:
    """No content type, or ``application/json`` (with any parameters)."""
    return content_type is None or content_type.split(";")[0].strip().lower() == "application/json"


def error_response(
    status: int,
    code: str,
    message: str,
    params: dict[str, Any] | None = None,
    headers: dict[str, str] | None = None,
) -> JSONResponse:
    """The web table's refusal: ``{"error": {"code", "message", "params"?}}``."""
    error: dict[str, Any] = {"code": code, "message": message}
    if params:
        error["params"] = params
    headers = API_HEADER_DICT if headers is None else {**API_HEADER_DICT, **headers}
    return JSONResponse({"error": error}, status_code=status, headers=headers)


def refusal_response(error: Refused) -> JSONResponse:
    """A refusal as HTTP: its status from the one table, ``Retry-After`` when it says when."""
    headers = None
    if isinstance(error, RateLimited):
        headers = {"Retry-After": str(error.retry_after)}
    return error_response(error.status, error.code, error.message, error.params, headers)


def too_slow(timeout: float) -> JSONResponse:
    """The answer to a request whose body took longer than ``timeout`` seconds to arrive."""
    late = f"the request body did not arrive within {timeout:g} s"
    return error_response(408, "too_slow", late)


class FastLane:
    """An ASGI app in front of the whole web table (its FastAPI middleware stack too): the state
    and the action of a move on a short path (see the module), everything else to ``full``.

    ``owner`` is the FastAPI app (its state and exception handlers); ``full`` is it, the full
    way. A body is read here only when its declared length is small; it then has
    ``body_timeout`` seconds to arrive, as :class:`monolith.server.app.BodyLimit` gives."""

    def __init__(self, owner: Starlette, full: ASGIApp, *, body_timeout: float) -> None:
        self.owner = owner
        self.app = full
        self.body_timeout = body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            method, path = scope["method"], scope["path"]
            if method == "GET" and (match_id := match_id_of(path, "/state")) is not None:
                query = state_query(scope["query_string"])
                if query is not None:
                    scope["app"] = self.owner
                    answer = self._state(scope, match_id, *query)
                    await self._answer(scope, receive, send, answer)
                    return
            elif (
                method == "POST"
                and (match_id := match_id_of(path, "/actions")) is not None
                and _small_body(scope)
            ):
                scope["app"] = self.owner
                await self._act(scope, receive, send, match_id)
                return
        await self.app(scope, receive, send)

    def state_now(self, path: str, query: bytes, authorization: str | None) -> bytes | None:
        """The answer to ``GET path?query`` when it is a state the cache gives at once (a match
        held and running or over, a plain query, no token or a seat's); ``None`` for anything
        else, which the full way answers (errors too: nothing here has changed anything)."""
        match_id = match_id_of(path, "/state")
        query_read = None if match_id is None else state_query(query)
        if match_id is None or query_read is None:
            return None
        master: MatchMaster = self.owner.state.master
        live = master.cached(match_id)
        if live is None:
            return None
        try:
            seat = master.optional_seat(live, bearer(authorization))
        except Refused:
            return None
        since, form, least = query_read
        if least is not None and live.version < least and live.status != "finished":
            return None  # the full way waits for it
        return master.state_json(live, seat, since, form=form)

    async def act_now(
        self, match_id: str, authorization: str | None, host: str | None, body: ActionBody
    ) -> bytes:
        """``POST .../actions`` of a body read as ``body``, by a client at ``host``: the new
        version once committed, through the same door as the route; a refusal raises
        :class:`Refused` as the route's does."""
        door: Door = self.owner.state.door
        caller = Caller.at(host, bearer(authorization))
        version = await door.act(caller, match_id, body.version, body.action, body.action_id)
        return b'{"version":%d}' % version

    async def refusal(self, request: Request, error: Exception) -> Response:
        """``error`` worded by the app's own exception handlers (:class:`Refused`, or anything
        unexpected as the app's 500)."""
        handlers = self.owner.exception_handlers
        handler = handlers[Refused] if isinstance(error, Refused) else handlers[Exception]
        response: Response = await handler(request, error)
        return response

    async def _state(
        self, scope: Scope, match_id: str, since: int | None, form: LegalForm, least: int | None
    ) -> bytes:
        door: Door = self.owner.state.door
        live, seat = await door.watch(
            Caller.at(None, bearer(_header(scope, b"authorization"))), match_id
        )
        master = door.master
        if least is not None:
            await master.wait_for_version(live, least)
        return master.state_json(live, seat, since, form=form)

    async def _act(self, scope: Scope, receive: Receive, send: Send, match_id: str) -> None:
        try:
            if self.body_timeout > 0 and not _arrived(receive):
                async with asyncio.timeout(self.body_timeout):
                    body = await _body(receive)
            else:
                body = await _body(receive)
        except TimeoutError:
            await too_slow(self.body_timeout)(scope, receive, send)
            return
        if body is None:
            return  # the client left before its body arrived: nobody to answer
        parsed = None
        if len(body) <= LARGEST_FAST_BODY and _json_content(scope):
            try:
                parsed = read_action(body)
            except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
                parsed = None
        if parsed is None:
            await self.app(scope, replayed(body, receive), send)
            return
        await self._answer(scope, receive, send, self._acted(scope, match_id, parsed))

    async def _acted(self, scope: Scope, match_id: str, body: ActionBody) -> bytes:
        client = scope.get("client")
        host = client[0] if client else None
        return await self.act_now(match_id, _header(scope, b"authorization"), host, body)

    async def _answer(self, scope: Scope, receive: Receive, send: Send, answer: Any) -> None:
        """Send what ``answer`` (a coroutine) returns as JSON, or its refusal as the app's
        handlers word it (:class:`Refused`; anything unexpected as the app's 500)."""
        try:
            content: bytes = await answer
        except Exception as error:
            response = await self.refusal(Request(scope), error)
            await response(scope, receive, send)
            return
        headers = [*JSON_HEADERS, (b"content-length", b"%d" % len(content))]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": content})


def _arrived(receive: Receive) -> bool:
    """Whether the whole body is known to be here already (uvicorn's request cycle says so once
    the request's last byte was parsed): then reading it cannot stall, and it needs no timer
    (which would cost more than the rest of reading it). Elsewhere: not known, timed."""
    return getattr(getattr(receive, "__self__", None), "more_body", True) is False


def _small_body(scope: Scope) -> bool:
    return small_declared(_header(scope, b"content-length"))


def small_declared(declared: str | None) -> bool:
    """A declared body length (``Content-Length``) the fast lane reads itself; anything else
    (none declared, or a larger one) goes the full way, through the body limit."""
    return declared is not None and declared.isdigit() and int(declared) <= LARGEST_FAST_BODY


async def _body(receive: Receive) -> bytes | None:
    """The request's body; ``None`` if the client disconnected first."""
    chunks: list[bytes] = []
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body", False):
            return b"".join(chunks)


def replayed(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives ``body`` again, then whatever comes next."""
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return replay
