"""The browser table's pages: one app shell for every address a person opens, and each game's own
table (its page modules and stylesheet, in its folder's ``web/``) served under
``/static/games/<game>/``."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter, FastAPI
from fastapi.responses import HTMLResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles

from monolith.games import page_folder, registry

PAGES = ("/", "/join/{match_id}/{seat}", "/watch/{match_id}", "/replay/{match_id}")
GAME_PAGES = "/static/games"
"""Where each game's page modules are served: ``/static/games/<game>/view.js`` and its siblings."""


def table_module(game: str) -> str | None:
    """The address of the module that draws ``game``'s table (the games list names it, and the
    pages' registry imports it), or None if the game has none (the generic table draws it)."""
    return f"{GAME_PAGES}/{game}/view.js" if page_folder(game) else None


GAME_STYLES = "<!-- games' stylesheets -->"
"""The line of ``index.html`` the server replaces with a link to each game's ``style.css``."""


def game_stylesheets() -> list[str]:
    """The address of each installed game's stylesheet (``web/style.css`` in its folder), in the
    order of the games list: the app shell links them after the shared ``table.css``, so a
    game's rules refine the shared ones, and before ``coach.css``."""
    return [
        f"{GAME_PAGES}/{game}/style.css"
        for game in registry()
        if (folder := page_folder(game)) is not None and (folder / "style.css").is_file()
    ]


def app_shell(index: Path) -> str:
    """``index.html`` with the games' stylesheets linked where it marks them: the shared pages
    name no game, and a style the policy allows only from this origin loads before the first
    page is drawn (no flash of an unstyled table)."""
    links = "\n  ".join(f'<link rel="stylesheet" href="{href}">' for href in game_stylesheets())
    return index.read_text(encoding="utf-8").replace(GAME_STYLES, links)


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
        return HTMLResponse(app_shell(index))

    for path in PAGES:
        router.add_api_route(path, index_page, methods=["GET"])
    return router
