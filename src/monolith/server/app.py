"""The web table's ASGI app: the JSON API (documented at ``/docs``), the push socket and the pages.

``create_app(settings)`` builds everything from one settings object: the compute service for bots
and the coach, the match master, the coach, the door every request passes (:mod:`.door`), the
routers by concern (:mod:`.routes`) and the fast lane in front. Routes reach the door through a
dependency, so tests run any number of apps side by side on their own databases. The contract
with the browser pages is ``docs/web-api.md``.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import sys
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from functools import partial
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi.telemetry import TelemetryConfig
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.types import ASGIApp, Receive, Scope, Send

from monolith.compute import start_compute
from monolith.server import logs
from monolith.server.coach import Coach
from monolith.server.door import Door
from monolith.server.headers import SecurityHeaders
from monolith.server.inputs import not_utf8_json
from monolith.server.master import MatchMaster
from monolith.server.push import Hub
from monolith.server.refusals import Refused, internal
from monolith.server.routes import ROUTERS, mount_game_pages, pages_router
from monolith.server.settings import Settings
from monolith.server.sqlite_cluster import migrate_shared
from monolith.server.storage import OwnerLock, Repository, is_sqlite, make_engine, migrate
from monolith.server.throttle import Throttle
from monolith.server.transports.fastlane import (
    LANE,
    FastLane,
    error_response,
    refusal_response,
    replayed,
    too_slow,
)

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


def _validation_message(error: RequestValidationError) -> str:
    parts = []
    for item in error.errors():
        if item.get("type") == "json_invalid":
            reason = item.get("ctx", {}).get("error", "")
            return f"the body is not valid JSON ({reason})" if reason else "the body is not JSON"
        where = ".".join(str(p) for p in item.get("loc", ()) if p != "body") or "body"
        if where == "body" and item.get("type") in ("model_attributes_type", "dict_type"):
            return "the body must be a JSON object, sent as Content-Type: application/json"
        message = str(item.get("msg", "invalid")).removeprefix("Value error, ")  # our own words
        parts.append(f"{where}: {message}")
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
            compute = await start_compute(
                settings.compute, searches=settings.compute_workers, quick=settings.light_workers
            )
            try:
                master = MatchMaster(Repository(engine), settings, Hub(), compute)
                coach = Coach(master, settings, compute)
                app.state.master, app.state.coach = master, coach
                app.state.door = Door(master, coach, app.state.throttle, settings)
                await master.start()
                await coach.start()
                untune = tune_collector(settings.gc_young_objects)
                try:
                    yield {LANE: app.fast_lane}  # for the HTTP protocol (transports.protocol)
                finally:
                    await coach.stop()
                    await master.stop()
                    untune()
            finally:
                await compute.close()
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

    @app.exception_handler(Refused)
    async def refused(_request: Request, error: Refused) -> JSONResponse:
        return refusal_response(error)

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
        return refusal_response(internal())

    for router in ROUTERS:
        app.include_router(router)
    mount_game_pages(app)
    app.mount("/static", StaticFiles(directory=settings.static_dir, check_dir=False), name="static")
    app.include_router(pages_router(settings.static_dir))

    app.fast_lane = FastLane(
        app, partial(FastAPI.__call__, app), body_timeout=settings.body_timeout_seconds
    )
    app.add_middleware(
        BodyLimit, limit=settings.max_body_bytes, timeout=settings.body_timeout_seconds
    )
    app.add_middleware(SecurityHeaders)  # outermost: the body limit's refusals get them too
    return app
