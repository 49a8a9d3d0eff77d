"""The web table's ASGI app: the JSON API (documented at ``/docs``), the push socket and the pages.

``create_app(settings)`` builds everything from one settings object; routes reach the match master
through a dependency, so tests run any number of apps side by side on their own databases. The
contract with the browser pages is ``docs/web-api.md``.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import cache, partial
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlencode

from fastapi import Depends, FastAPI, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.security import HTTPBearer
from fastapi.staticfiles import StaticFiles
from fastapi.telemetry import TelemetryConfig
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from monolith.core.i18n import LANGUAGES, core_messages, read_ftl
from monolith.games import registry
from monolith.server import channel, logs
from monolith.server.bots import bot_catalog
from monolith.server.coach import Coach
from monolith.server.fastlane import LANE, FastLane, bearer, error_response, replayed, too_slow
from monolith.server.headers import SecurityHeaders
from monolith.server.inputs import SeatPath, not_utf8_json
from monolith.server.listing import DEFAULT_PAGE, MAX_PAGE, decode_cursor, encode_cursor
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
from monolith.server.sqlite_cluster import migrate_shared
from monolith.server.storage import OwnerLock, Repository, is_sqlite, make_engine, migrate
from monolith.server.throttle import RateLimited, Throttle, limited
from monolith.server.views import Labels, Legal, bot_fields, legal_form

ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorOut} for status in (401, 403, 404, 408, 409, 410, 413, 422, 429)
}


NO_TELEMETRY: TelemetryConfig = {
    "tracing": False,
    "metrics": False,
    "logs": False,
    "operation_spans": False,
}


class TableApp(FastAPI):
    """FastAPI with :class:`FastLane` in front of everything, its middleware stack too: the two
    requests of every move skip six layers of middleware per request; anything else goes the full
    way (``FastAPI.__call__``)."""

    fast_lane: FastLane | None = None

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        lane = self.fast_lane
        if lane is not None and scope["type"] == "http":
            await lane(scope, receive, send)
        else:
            await super().__call__(scope, receive, send)


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413 before any route reads them, and
    bodies that take longer than ``timeout`` seconds to arrive with 408.

    Checks the declared length first, then counts what actually arrives (chunked bodies declare
    none), buffering at most ``limit`` bytes.
    """

    def __init__(self, app: ASGIApp, limit: int, timeout: float) -> None:
        self.app = app
        self.limit = limit
        self.timeout = timeout

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
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.timeout if self.timeout > 0 else None
        while True:
            try:
                # one deadline for the whole body, on the running task (no task per read)
                async with asyncio.timeout_at(deadline):
                    message = await receive()
            except TimeoutError:
                await too_slow(self.timeout)(scope, receive, send)
                return
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
        if (unreadable := not_utf8_json(body)) is not None:  # bodies are UTF-8 JSON only
            await error_response(422, "malformed", unreadable)(scope, receive, send)
            return
        await self.app(scope, replayed(body, receive), send)

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


async def get_master(request: Request) -> MatchMaster:
    master: MatchMaster = request.app.state.master
    return master


def json_response(content: bytes, status_code: int = 200) -> Response:
    """Already encoded JSON, sent as it is: no validation against the route's model, which
    documents it (the payloads are built from the same shapes by ``views``)."""
    return Response(content, status_code=status_code, media_type="application/json")


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


def _unreadable_body(cause: BaseException) -> str:
    if isinstance(cause, RecursionError):
        return "the body is not readable JSON (nested too deeply)"
    if isinstance(cause, UnicodeDecodeError):
        return "the body is not readable JSON (not UTF-8 text)"
    return f"the body is not readable JSON ({type(cause).__name__})"


def tune_collector(young_objects: int) -> Callable[[], None]:
    """Tune Python's cycle collector for serving (``Settings.gc_young_objects``); returns what
    puts it back as it was (a test process runs many servers, one after another)."""
    thresholds = gc.get_threshold()
    gc.collect()
    gc.freeze()  # what starting built lives as long as the server: never worth a look again
    if young_objects > 0:
        gc.set_threshold(young_objects, *thresholds[1:])

    def untune() -> None:
        gc.set_threshold(*thresholds)
        gc.unfreeze()

    return untune


def create_app(settings: Settings | None = None) -> FastAPI:
    """The app for ``settings`` (default: from ``MONOLITH_*`` variables); a uvicorn factory."""
    settings = settings or Settings.from_env()

    @asynccontextmanager
    async def lifespan(app: TableApp) -> AsyncIterator[dict[str, Any]]:
        logs.install()  # after the server has set its logging up
        if settings.gil_switch_seconds > 0:
            sys.setswitchinterval(settings.gil_switch_seconds)
        if not settings.access_log:
            logs.access_log_off()
        engine = make_engine(settings.database_url)
        shared = settings.shared_sqlite and is_sqlite(engine)
        owner = OwnerLock(engine, shared=shared)
        try:
            owner.acquire()
            await asyncio.to_thread(migrate_shared if shared else migrate, engine)
            master = MatchMaster(Repository(engine), settings, Hub())
            app.state.master = master
            coach = Coach(master, settings)
            app.state.coach = coach
            await master.start()
            await coach.start()
            untune = tune_collector(settings.gc_young_objects)
            try:
                yield {LANE: app.fast_lane}  # for the HTTP protocol (server.protocol)
            finally:
                await coach.stop()
                await master.stop()
                untune()
        finally:
            owner.release()
            engine.dispose()

    app = TableApp(
        title="Monolith web table",
        summary="Play Monolyth and The Monolith in the browser, with friends or bots.",
        version="0.1.0",
        lifespan=lifespan,
        # FastAPI's OpenTelemetry hooks look for configured providers on every request and around
        # every dependency; nothing here configures any, so they only cost time.
        telemetry=NO_TELEMETRY,
    )
    app.state.settings = settings
    app.state.throttle = Throttle(settings)

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, error: ApiError) -> JSONResponse:
        headers = None
        if isinstance(error, RateLimited):
            headers = {"Retry-After": str(error.retry_after)}
        return error_response(error.status, error.code, error.message, error.params, headers)

    @app.exception_handler(RequestValidationError)
    async def invalid_request(_request: Request, error: RequestValidationError) -> JSONResponse:
        for item in error.errors():
            if item.get("type") == "bad_name":
                return error_response(422, "bad_name", item["msg"], dict(item["ctx"]))
        return error_response(422, "malformed", _validation_message(error))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_request: Request, error: StarletteHTTPException) -> JSONResponse:
        if error.status_code == 400 and error.__cause__ is not None:
            # FastAPI's answer to a body its JSON parser gave up on (not a JSONDecodeError):
            # nested too deep, or not UTF-8. Unreadable all the same.
            return error_response(422, "malformed", _unreadable_body(error.__cause__))
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
        dependencies=[Depends(limited("create"))],
    )
    async def create_match(body: MatchIn, master: Master) -> MatchCreated:
        """Create a match; the server picks the (secret) seed. With ``join``, the creator takes
        that seat at once: a name or seat it refuses creates nothing."""
        seat_specs: list[tuple[str, str | None, str | None]] = (
            [(s.kind, s.bot, s.level) for s in body.seats]
            if body.seats is not None
            else [("human", None, None)] * body.players
        )
        humans = sum(1 for kind, _, _ in seat_specs if kind == "human")
        creator = body.join
        if creator is not None and not (
            creator.seat < len(seat_specs) and seat_specs[creator.seat][0] == "human"
        ):
            raise ApiError(
                422, "bad_options", f"seat {creator.seat} is not a human seat of this match"
            )
        live = await master.create(
            game_name=body.game,
            players=body.players,
            options=body.options,
            seats=seat_specs,
            turn_clock_seconds=body.turn_clock_seconds,
            hints=body.hints if body.hints is not None else humans <= 1,
        )
        token = None if creator is None else await master.join(live.id, creator.seat, creator.name)
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

    @app.get("/api/matches", response_model=list[MatchSummary], responses=ERRORS, tags=["matches"])
    async def list_matches(
        master: Master,
        response: Response,
        include_finished: Annotated[bool, Query(description="list finished ones too")] = False,
        limit: Annotated[
            int, Query(ge=1, le=MAX_PAGE, description="matches on this page")
        ] = DEFAULT_PAGE,
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

    @app.post(
        "/api/matches/{match_id}/seats/{seat}/join",
        response_model=JoinOut,
        responses=ERRORS,
        tags=["matches"],
        dependencies=[Depends(limited("join"))],
    )
    async def join(match_id: str, seat: SeatPath, body: JoinIn, master: Master) -> JoinOut:
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
    async def get_state(
        match_id: str,
        master: Master,
        token: Token,
        since: Annotated[
            int | None,
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
            int | None,
            Query(
                ge=0,
                description="the newest version you know of (a move's acknowledgement): with "
                "several server processes, this one waits up to MONOLITH_MIN_VERSION_WAIT_SECONDS "
                "(2 s) to hear of it before answering",
            ),
        ] = None,
    ) -> Response:
        """The match as this seat sees it (without a token: as a spectator)."""
        live = await master.get(match_id)
        seat = await master.seat_for(live, token)
        form = legal_form(labels, legal)
        if min_version is not None:
            await master.wait_for_version(live, min_version)
        return json_response(master.state_json(live, seat, since, form=form))

    @app.post(
        "/api/matches/{match_id}/actions",
        response_model=VersionOut,
        responses=ERRORS,
        tags=["play"],
        dependencies=[Depends(limited("act"))],
    )
    async def act(match_id: str, body: ActionIn, master: Master, token: Token) -> Response:
        """Take an action on the version you saw; answered once it is committed."""
        version = await master.act(match_id, token, body.version, body.action, body.action_id)
        return json_response(b'{"version":%d}' % version)

    @app.post(
        "/api/matches/{match_id}/undo",
        response_model=VersionOut,
        responses=ERRORS,
        tags=["play"],
        dependencies=[Depends(limited("act"))],
    )
    async def undo(match_id: str, body: UndoIn, master: Master, token: Token) -> VersionOut:
        """Take back your own last action while it is the last and revealed nothing."""
        return VersionOut(version=await master.undo(match_id, token, body.version))

    @app.post(
        "/api/matches/{match_id}/leave",
        response_model=LeaveOut,
        responses=ERRORS,
        tags=["play"],
        dependencies=[Depends(limited("act"))],
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
        dependencies=[Depends(limited("act"))],
    )
    async def reclaim(match_id: str, seat: SeatPath, master: Master, token: Token) -> ReclaimOut:
        """Take your seat back from the bot that plays it since you left or ran out of time."""
        return ReclaimOut(seat=seat, version=await master.reclaim(match_id, seat, token))

    @app.get(
        "/api/matches/{match_id}/replay",
        response_model=ReplayOut,
        responses=ERRORS,
        tags=["play"],
    )
    async def replay(match_id: str, master: Master) -> Response:
        """A finished match step by step, as a spectator saw it."""
        return json_response(await master.replay(match_id))

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
    async def push(
        websocket: WebSocket,
        match_id: str,
        token: str | None = None,
        labels: Labels = "inline",
        legal: Legal = "full",
    ) -> None:
        """Sends the seat's state on connect and after every change, and takes its decisions
        (see docs/web-api.md)."""
        master = websocket.app.state.master
        form = legal_form(labels, legal)
        await channel.serve(websocket, master, match_id, token, form=form)

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

    app.fast_lane = FastLane(
        app, partial(FastAPI.__call__, app), body_timeout=settings.body_timeout_seconds
    )
    app.add_middleware(
        BodyLimit, limit=settings.max_body_bytes, timeout=settings.body_timeout_seconds
    )
    app.add_middleware(SecurityHeaders)  # outermost: the body limit's refusals get them too
    _hot_routes_first(app)
    return app


HOT_ROUTES = ("/api/matches/{match_id}/state", "/api/matches/{match_id}/actions")
"""The two requests of every move."""


def _hot_routes_first(app: FastAPI) -> None:
    """Let the routes of every move be matched first: a request is matched against each route in
    turn (a few microseconds each), and these come late in the order the routes read best in.
    (``/docs`` then lists them first too.)"""
    app.router.routes.sort(key=lambda route: getattr(route, "path", "") not in HOT_ROUTES)
