"""The browser table's pages: one app shell for every address a person opens."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse, PlainTextResponse, Response

PAGES = ("/", "/join/{match_id}/{seat}", "/watch/{match_id}", "/replay/{match_id}")


def pages_router(static: Path) -> APIRouter:
    """The routes answering each page address with the app shell in ``static``."""
    router = APIRouter(include_in_schema=False)

    def index_page() -> Response:
        index = static / "index.html"
        if not index.is_file():
            return PlainTextResponse("the browser table is not installed", status_code=404)
        return FileResponse(index, media_type="text/html")

    for path in PAGES:
        router.add_api_route(path, index_page, methods=["GET"])
    return router
