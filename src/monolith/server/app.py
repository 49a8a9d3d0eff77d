"""The web table's ASGI app: the JSON API (documented at ``/docs``), the push socket and the pages.

``create_app(settings)`` builds everything from one settings object; routes reach the match master
through a dependency, so tests run any number of apps side by side on their own databases. The
contract with the browser pages is ``docs/web-api.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from functools import cache
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from monolith.core.i18n import LANGUAGES, core_messages, read_ftl
from monolith.games import registry
from monolith.server import logs
from monolith.server.bots import bot_catalog
from monolith.server.coach import Coach
from monolith.server.live import ApiError
from monolith.server.master import MatchMaster
from monolith.server.push import Hub
from monolith.server.schemas import (
    ActionIn,
    BotOut,
    ErrorOut,
    GameOut,
    HintOut,
    JoinIn,
    JoinOut,
    LeaveOut,
    MatchCreated,
    MatchIn,
    MatchSeatOut,
    MatchSummary,
    OptionOut,
    ReclaimOut,
    ReplayOut,
    ReviewOut,
    SeatCreated,
    StateOut,
    UndoIn,
    VersionOut,
)
from monolith.server.settings import Settings
from monolith.server.storage import OwnerLock, Repository, make_engine, migrate
from monolith.server.views import bot_fields

ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorOut} for status in (401, 403, 404, 409, 413, 422)
}


def error_response(
    status: int, code: str, message: str, params: dict[str, Any] | None = None
) -> JSONResponse:
    error: dict[str, Any] = {"code": code, "message": message}
    if params:
        error["params"] = params
    return JSONResponse({"error": error}, status_code=status)


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413 before any route reads them.

    Checks the declared length first, then counts what actually arrives (chunked bodies declare
    none), buffering at most ``limit`` bytes.
    """

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope["headers"])
        declared = headers.get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > self.limit:
            await self._refuse(scope, receive, send)
            return
        if scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.limit:
                await self._refuse(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        message = f"the request body is larger than {self.limit // 1024} KiB"
        response = error_response(413, "too_large", message)
        await response(scope, receive, send)


PAGE_MESSAGES = Path(__file__).parent / "messages"


@cache
def all_messages(lang: str) -> str:
    """Everything the pages say in ``lang``: their own words (``server/messages``), the words
    every game shares (``core/messages``) and each installed game's."""
    games = (game.messages(lang) for game in registry().values())
    return "\n".join([read_ftl(PAGE_MESSAGES, lang), core_messages(lang), *games])


def bearer_token(authorization: Annotated[str | None, Header()] = None) -> str | None:
    """The token from ``Authorization: Bearer <token>``, if any."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" and token.strip() else None


def get_master(request: Request) -> MatchMaster:
    master: MatchMaster = request.app.state.master
    return master


def get_coach(request: Request) -> Coach:
    coach: Coach = request.app.state.coach
    return coach


Master = Annotated[MatchMaster, Depends(get_master)]
CoachDep = Annotated[Coach, Depends(get_coach)]
Token = Annotated[str | None, Depends(bearer_token)]


def _validation_message(error: RequestValidationError) -> str:
    parts = []
    for item in error.errors():
        if item.get("type") == "json_invalid":
            reason = item.get("ctx", {}).get("error", "")
            return f"the body is not valid JSON ({reason})" if reason else "the body is not JSON"
        where = ".".join(str(p) for p in item.get("loc", ()) if p != "body") or "body"
        if where == "body" and item.get("type") in ("model_attributes_type", "dict_type"):
            return "the body must be a JSON object, sent as Content-Type: application/json"
        parts.append(f"{where}: {item.get('msg', 'invalid')}")
    return "; ".join(parts) or "the request could not be read"


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app for ``settings`` (default: from ``MONOLITH_*`` variables); a uvicorn factory."""
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        logs.install()  # after the server has set its logging up
        engine = make_engine(settings.database_url)
        owner = OwnerLock(engine)
        try:
            owner.acquire()
            await asyncio.to_thread(migrate, engine)
            master = MatchMaster(Repository(engine), settings, Hub())
            app.state.master = master
            coach = Coach(master, settings)
            app.state.coach = coach
            await master.start()
            await coach.start()
            try:
                yield
            finally:
                await coach.stop()
                await master.stop()
        finally:
            owner.release()
            engine.dispose()

    app = FastAPI(
        title="Monolith web table",
        summary="Play Monolyth and The Monolith in the browser, with friends or bots.",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.settings = settings

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, error: ApiError) -> JSONResponse:
        return error_response(error.status, error.code, error.message, error.params)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        return error_response(422, "malformed", _validation_message(error))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(error.status_code, "http_error")
        return error_response(error.status_code, code, str(error.detail))

    @app.exception_handler(Exception)
    async def server_error(_request: Request, error: Exception) -> JSONResponse:
        logging.getLogger("monolith.server").error("unexpected error", exc_info=error)
        message = "the server failed on this request; reload the state before trying again"
        return error_response(500, "internal", message)

    # Games and bots ------------------------------------------------------------------------------

    @app.get("/api/games", response_model=list[GameOut], tags=["games"])
    async def list_games() -> list[GameOut]:
        """Every installed game with its player counts and rule options."""
        return [
            GameOut(
                name=game.info.name,
                title=game.info.title,
                min_players=game.info.min_players,
                max_players=game.info.max_players,
                options=[
                    OptionOut(name=o.name, default=o.default, choices=list(o.choices), help=o.help)
                    for o in game.info.options
                ],
            )
            for game in registry().values()
        ]

    @app.get("/api/games/{name}/catalog", responses=ERRORS, tags=["games"])
    async def game_catalog(name: str) -> JSONResponse:
        """The game's printed content (shapes, card names and texts), for drawing and naming."""
        game = registry().get(name)
        if game is None:
            return error_response(404, "unknown_game", f"there is no game called {name!r}")
        return JSONResponse(game.catalog())

    @app.get("/api/i18n/{lang}", responses=ERRORS, tags=["games"])
    async def messages(lang: str) -> Response:
        """Every word of the pages in ``lang`` (en, es, ru) as Fluent source: the pages' own, and
        each game's log lines, menu entries and names and texts of pieces, spaces and cards,
        which messages refer to."""
        if lang not in LANGUAGES:
            known = ", ".join(LANGUAGES)
            return error_response(404, "unknown_language", f"no language {lang!r}; known: {known}")
        return PlainTextResponse(
            all_messages(lang),
            media_type="text/plain; charset=utf-8",
            headers={"Cache-Control": "public, max-age=300"},
        )

    @app.get("/api/bots", response_model=list[BotOut], tags=["games"])
    async def list_bots() -> list[BotOut]:
        """Each bot family with its levels (``default`` first)."""
        return [BotOut(name=name, levels=levels) for name, levels in bot_catalog().items()]

    # Matches -------------------------------------------------------------------------------------

    @app.post(
        "/api/matches",
        status_code=201,
        response_model=MatchCreated,
        response_model_exclude_none=True,
        responses=ERRORS,
        tags=["matches"],
    )
    async def create_match(body: MatchIn, master: Master) -> MatchCreated:
        """Create a match; the server picks the (secret) seed."""
        seat_specs: list[tuple[str, str | None, str | None]] = (
            [(s.kind, s.bot, s.level) for s in body.seats]
            if body.seats is not None
            else [("human", None, None)] * body.players
        )
        humans = sum(1 for kind, _, _ in seat_specs if kind == "human")
        live = await master.create(
            game_name=body.game,
            players=body.players,
            options=body.options,
            seats=seat_specs,
            turn_clock_seconds=body.turn_clock_seconds,
            hints=body.hints if body.hints is not None else humans <= 1,
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
        )

    @app.get("/api/matches", response_model=list[MatchSummary], tags=["matches"])
    async def list_matches(
        master: Master,
        include_finished: Annotated[bool, Query(description="list finished ones too")] = False,
    ) -> list[MatchSummary]:
        """Open and running matches, newest first."""
        statuses = ("open", "running", "finished") if include_finished else ("open", "running")
        rows = await asyncio.to_thread(master.repo.list_matches, statuses)
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

    @app.post(
        "/api/matches/{match_id}/seats/{seat}/join",
        response_model=JoinOut,
        responses=ERRORS,
        tags=["matches"],
    )
    async def join(match_id: str, seat: int, body: JoinIn, master: Master) -> JoinOut:
        """Take a free human seat; the token in the answer is the only proof of the seat."""
        token = await master.join(match_id, seat, body.name)
        return JoinOut(seat=seat, token=token)

    # Playing -------------------------------------------------------------------------------------

    @app.get(
        "/api/matches/{match_id}/state",
        response_model=StateOut,
        responses=ERRORS,
        tags=["play"],
    )
    async def get_state(match_id: str, master: Master, token: Token) -> dict[str, Any]:
        """The match as this seat sees it (without a token: as a spectator)."""
        live = await master.get(match_id)
        return master.payload(live, master.optional_seat(live, token))

    @app.post(
        "/api/matches/{match_id}/actions",
        response_model=VersionOut,
        responses=ERRORS,
        tags=["play"],
    )
    async def act(match_id: str, body: ActionIn, master: Master, token: Token) -> VersionOut:
        """Take an action on the version you saw; answered once it is committed."""
        version = await master.act(match_id, token, body.version, body.action, body.action_id)
        return VersionOut(version=version)

    @app.post(
        "/api/matches/{match_id}/undo",
        response_model=VersionOut,
        responses=ERRORS,
        tags=["play"],
    )
    async def undo(match_id: str, body: UndoIn, master: Master, token: Token) -> VersionOut:
        """Take back your own last action while it is the last and revealed nothing."""
        return VersionOut(version=await master.undo(match_id, token, body.version))

    @app.post(
        "/api/matches/{match_id}/leave",
        response_model=LeaveOut,
        responses=ERRORS,
        tags=["play"],
    )
    async def leave(match_id: str, master: Master, token: Token) -> LeaveOut:
        """Leave the table; a bot plays your seat until you take it back (``reclaim``)."""
        seat, bot = await master.leave(match_id, token)
        return LeaveOut(seat=seat, bot=bot)

    @app.post(
        "/api/matches/{match_id}/seats/{seat}/reclaim",
        response_model=ReclaimOut,
        responses=ERRORS,
        tags=["play"],
    )
    async def reclaim(match_id: str, seat: int, master: Master, token: Token) -> ReclaimOut:
        """Take your seat back from the bot that plays it since you left or ran out of time."""
        return ReclaimOut(seat=seat, version=await master.reclaim(match_id, seat, token))

    @app.get(
        "/api/matches/{match_id}/replay",
        response_model=ReplayOut,
        responses=ERRORS,
        tags=["play"],
    )
    async def replay(match_id: str, master: Master) -> dict[str, Any]:
        """A finished match step by step, as a spectator saw it."""
        return await master.replay(match_id)

    # The coach -----------------------------------------------------------------------------------

    @app.get(
        "/api/matches/{match_id}/hint",
        response_model=HintOut,
        responses=ERRORS,
        tags=["coach"],
    )
    async def hint(
        match_id: str,
        coach: CoachDep,
        token: Token,
        version: Annotated[int, Query(description="the state version you are deciding on")],
    ) -> dict[str, Any]:
        """The coach's best decisions for your seat, with their win chances, judged from what
        you can see; only while it is your decision, in a match created with hints on."""
        return await coach.hint(match_id, token, version)

    @app.get(
        "/api/matches/{match_id}/review",
        response_model=ReviewOut,
        response_model_exclude_none=True,
        responses=ERRORS,
        tags=["coach"],
    )
    async def review(match_id: str, coach: CoachDep, token: Token) -> dict[str, Any]:
        """A finished match's review: each human decision against the best one the coach found,
        marked, and each human seat's win chance over the game. Worked out in the background
        once the match ends (``status`` and ``progress`` say how far it is); with a seat's
        token, that seat's private decisions are named too."""
        return await coach.review(match_id, token)

    @app.websocket("/ws/matches/{match_id}")
    async def push(websocket: WebSocket, match_id: str, token: str | None = None) -> None:
        """Sends the seat's fresh state on connect and after every change."""
        master: MatchMaster = websocket.app.state.master
        await websocket.accept()
        try:
            live = await master.get(match_id)
            seat = master.optional_seat(live, token)
        except ApiError as error:
            detail = {"code": error.code, "message": error.message}
            await websocket.send_text(json.dumps({"type": "error", "error": detail}))
            await websocket.close(code=4000 + error.status)
            return
        hub = master.hub
        connection = hub.add(match_id, seat)
        hub.notify(match_id)

        async def send_states() -> None:
            while True:
                await connection.wake.wait()
                connection.wake.clear()
                payload = {"type": "state", **master.payload(live, seat)}
                await websocket.send_text(json.dumps(payload))

        sender = asyncio.get_running_loop().create_task(send_states())
        try:
            while True:
                message = await websocket.receive()
                if message["type"] == "websocket.disconnect":
                    break
        finally:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await sender
            hub.remove(connection)
            hub.notify(match_id)

    # Pages ---------------------------------------------------------------------------------------

    static = settings.static_dir
    app.mount("/static", StaticFiles(directory=static, check_dir=False), name="static")

    def index_page() -> Response:
        index = static / "index.html"
        if not index.is_file():
            return PlainTextResponse("the browser table is not installed", status_code=404)
        return FileResponse(index, media_type="text/html")

    for path in ("/", "/join/{match_id}/{seat}", "/watch/{match_id}", "/replay/{match_id}"):
        app.add_api_route(path, index_page, methods=["GET"], include_in_schema=False)

    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    return app
