"""The lobby names bot levels in a player's words (easy, medium, hard, each with a line on how it
plays), proposes for each game the strongest level that answers within half a second here, and
says so, in en, es and ru."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server, checked_page, screenshot

WORDS = {
    "en": {
        "easy": "easy",
        "medium": "medium",
        "hard": "hard",
        "bot": "Bot: ",
        "half": "half a second",
    },
    "es": {
        "easy": "fácil",
        "medium": "medio",
        "hard": "difícil",
        "bot": "Bot: ",
        "half": "medio segundo",
    },
    "ru": {
        "easy": "лёгкий",
        "medium": "средний",
        "hard": "сложный",
        "bot": "Бот: ",
        "half": "полсекунды",
    },
}
HOW = {"en": "one move ahead", "es": "una jugada por delante", "ru": "на ход вперёд"}


def proposed(server: Server) -> dict[str, dict[str, str]]:
    """Per game, the proposed level and the bot that plays it, as the server says."""
    found = {}
    for game in httpx.get(f"{server.url}/api/games").json():
        level = next(o for o in game["opponents"] if o["level"] == game["default_opponent"])
        found[game["name"]] = {"level": game["default_opponent"], **level}
    return found


def open_lobby(page: Page, server: Server, lang: str, game: str) -> None:
    page.goto(f"{server.url}/")
    page.evaluate("lang => localStorage.setItem('monolith.lang', lang)", lang)
    page.goto(f"{server.url}/")
    page.click(f"[data-testid=game-{game}]")


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_levels_in_a_player_s_words_and_the_proposed_one(
    page: Page, server: Server, lang: str
) -> None:
    words = WORDS[lang]
    chosen = proposed(server)["monolyth"]
    open_lobby(page, server, lang, "monolyth")
    seat = page.locator("[data-testid=seat-kind-1]")
    expect(seat.locator("option:checked")).to_have_text(words["bot"] + words[chosen["level"]])
    for level in ("easy", "medium", "hard"):
        expect(seat.locator("option", has_text=words["bot"] + words[level])).to_have_count(1)
        expect(page.locator(f"[data-testid=level-{level}]")).to_contain_text(words[level])
    expect(page.locator("[data-testid=level-easy]")).to_contain_text(HOW[lang])
    for level in ("easy", "medium", "hard"):
        # "easy — looks one move ahead…": one sentence, lower case after the dash; the same
        # words as a seat option's tooltip, a sentence of their own, capitalised
        line = page.locator(f"[data-testid=level-{level}]").inner_text()
        how = line.split(" — ", 1)[1]
        assert how[0].islower(), line
        option = seat.locator("option", has_text=words["bot"] + words[level])
        assert option.get_attribute("title") == how[0].upper() + how[1:], line
    note = page.locator("[data-testid=default-opponent]")
    expect(note).to_contain_text(words[chosen["level"]])
    expect(note).to_contain_text(words["half"])
    # no engine names among the three levels
    assert "ismcts" not in (page.locator("[data-testid=levels]").inner_text()).lower()

    page.fill("[data-testid=player-name]", "Ada")
    page.click("[data-testid=create]")
    page.wait_for_url(re.compile(r".*/join/[^/]+/0$"))
    match_id = page.url.rsplit("/", 2)[-2]
    matches = httpx.get(f"{server.url}/api/matches?include_finished=true&limit=200").json()
    bot_seat = next(m for m in matches if m["match_id"] == match_id)["seats"][1]
    assert (bot_seat["bot"], bot_seat["level"]) == (chosen["bot"], chosen["bot_level"])


def test_a_chosen_level_stays_when_the_game_changes(page: Page, server: Server) -> None:
    """A seat the player set keeps its level; the others take the new game's proposal."""
    levels = proposed(server)
    open_lobby(page, server, "en", "monolyth")
    page.select_option("[data-testid=seat-kind-1]", "greedy|default")
    page.click("[data-testid=game-the-monolith]")
    expect(page.locator("[data-testid=seat-kind-1] option:checked")).to_have_text("Bot: easy")
    expected = "Bot: " + WORDS["en"][levels["the-monolith"]["level"]]
    expect(page.locator("[data-testid=seat-kind-2] option:checked")).to_have_text(expected)


@pytest.mark.parametrize(("width", "height"), [(1366, 768), (390, 844)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_levels_screens(
    browser: Browser,
    server: Server,
    request: pytest.FixtureRequest,
    lang: str,
    width: int,
    height: int,
) -> None:
    with checked_page(browser, width, height, request) as tab:
        open_lobby(tab, server, lang, "the-monolith")
        expect(tab.locator("[data-testid=level-hard]")).to_contain_text(WORDS[lang]["hard"])
        tab.locator("[data-testid=levels]").scroll_into_view_if_needed()
        screenshot(tab, f"lobby-levels-{lang}-{width}", full_page=False)
