"""The browser table's pages: one app shell for every address a person opens, and each game's own
table (its page modules, in its folder's ``web/``) served under ``/static/games/<game>/``."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import FileResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from monolith.games import page_folder, registry

PAGES = ("/", "/join/{match_id}/{seat}", "/watch/{match_id}", "/replay/{match_id}")
GAME_PAGES = "/static/games"
"""Where each game's page modules are served: ``/static/games/<game>/view.js`` and its siblings."""


def table_module(game: str) -> str | None:
    """The address of the module that draws ``game``'s table (the games list names it, and the
    pages' registry imports it), or None if the game has none (the generic table draws it)."""
    return f"{GAME_PAGES}/{game}/view.js" if page_folder(game) else None


def mount_game_pages(app: FastAPI) -> None:
    """Serve every installed game's page modules from its own folder, before ``/static`` (whose
    mount would otherwise answer these addresses with a 404)."""
    for game in registry():
        folder = page_folder(game)
        if folder is not None:
            app.mount(f"{GAME_PAGES}/{game}", StaticFiles(directory=folder), name=f"page-{game}")


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
