"""The installed games, their printed content and words, and the bots on offer."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from monolith.bots.opponents import PLAYER_LEVELS, DecisionTimes, default_level, load_times
from monolith.core.i18n import LANGUAGES, core_messages, message_ids, read_ftl
from monolith.games import registry
from monolith.server.bots import bot_catalog, family_and_level
from monolith.server.routes.deps import ERRORS
from monolith.server.routes.pages import table_module
from monolith.server.schemas import BotOut, GameOut, OpponentOut, OptionOut
from monolith.server.transports.fastlane import error_response

router = APIRouter(tags=["games"])

PAGE_MESSAGES = Path(__file__).parents[1] / "messages"


@cache
def all_messages(lang: str) -> str:
    """Everything the pages say in ``lang``: their own words (``server/messages``), the words
    every game shares (``core/messages``) and each installed game's."""
    games = (game.messages(lang) for game in registry().values())
    return "\n".join([read_ftl(PAGE_MESSAGES, lang), core_messages(lang), *games])


@cache
def decision_times() -> DecisionTimes:
    """The measured medians the lobby's proposed opponents rest on (read once)."""
    return load_times()


def opponents(game: str) -> list[OpponentOut]:
    """The lobby's levels for ``game``, weakest first, with their measured medians."""
    medians = decision_times().medians.get(game, {})
    found = []
    for level, bot in PLAYER_LEVELS:
        family, bot_level = family_and_level(bot)
        found.append(
            OpponentOut(
                level=level, bot=family, bot_level=bot_level, median_seconds=medians.get(bot)
            )
        )
    return found


@cache
def glossary_terms(game: str) -> list[str]:
    """The terms ``game``'s words explain: each ``glossary-<term>`` of its English messages (the
    other languages have the same, tests/core/test_translations.py), so its folder alone says
    which terms are its."""
    ids = message_ids(registry()[game].messages("en"))
    terms = (i.removeprefix("glossary-") for i in ids if i.startswith("glossary-"))
    return sorted(term for term in terms if "." not in term)


@router.get("/api/games", response_model=list[GameOut])
async def list_games() -> list[GameOut]:
    """Every installed game with its player counts, rule options, the module drawing its table,
    the terms its glossary explains and its bot levels (in a player's words, with the one a new
    match proposes)."""
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
            page=table_module(game.info.name),
            glossary=glossary_terms(game.info.name),
            opponents=opponents(game.info.name),
            default_opponent=default_level(game.info.name, decision_times()),
        )
        for game in registry().values()
    ]


@router.get("/api/games/{name}/catalog", responses=ERRORS)
async def game_catalog(name: str) -> JSONResponse:
    """The game's printed content (shapes, card names and texts), for drawing and naming."""
    game = registry().get(name)
    if game is None:
        return error_response(404, "unknown_game", f"there is no game called {name!r}")
    return JSONResponse(game.catalog())


@router.get("/api/i18n/{lang}", responses=ERRORS)
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


@router.get("/api/bots", response_model=list[BotOut])
async def list_bots() -> list[BotOut]:
    """Each bot family with its levels (``default`` first)."""
    return [BotOut(name=name, levels=levels) for name, levels in bot_catalog().items()]
