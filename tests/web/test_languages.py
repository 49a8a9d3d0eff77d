"""Whole matches of both games read in the reader's language: a Russian match's log holds no
Latin-script word but the players' own names, and a Spanish match's log no English sentence.

The person sits at seat 0 and plays through the page (each decision taken with the page's own
``act``, the first choice offered); bots play the other seats. The log is read as shown, once the
match is over, with the final score sheet.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from monolith.core.i18n import from_json, localizer, seat_names
from monolith.games import get_game
from tests.web.conftest import Server, screenshot
from tests.web.helpers import payload, version, wait_my_turn_or_end
from tests.web.test_seats import new_match, sit

NAME = "Ada"
GAMES = {"monolyth": 2, "the-monolith": 3}
LATIN = re.compile(r"[A-Za-z]{2,}")


def play_to_the_end(page: Page, lang: str, game: str, players: int, server: Server) -> None:
    page.goto(f"{server.url}/")
    page.evaluate("lang => localStorage.setItem('monolith.lang', lang)", lang)
    match_id = new_match(server, game, ["human"] + ["bot"] * (players - 1))
    sit(page, server, match_id, 0, NAME)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)
    decisions = 0
    take_first = (  # the first choice offered; a forced choice the page takes itself may win
        "v => { const p = window.__monolith.payload; const first = p.legal_actions[0];"
        " if (p.version === v && first) window.__monolith.act(first.id); }"
    )
    while wait_my_turn_or_end(page, timeout=60_000):
        seen = version(page)
        page.evaluate(take_first, seen)
        try:
            page.wait_for_function(
                "v => window.__monolith.payload.version > v", arg=seen, timeout=5000
            )
        except PlaywrightTimeout:
            continue  # the choice was not sent (the state changed under it): look again
        decisions += 1
        assert decisions < 400, "the match should have ended"
    expect(page.locator("[data-testid=result]")).to_be_visible()


def shown_lines(page: Page) -> list[str]:
    return [
        " ".join(text.split())
        for text in page.locator(
            "[data-testid=log] .log-line, [data-testid=log] .setup"
        ).all_inner_texts()
        if text.strip()
    ]


def english_lines(game_name: str, data: dict[str, Any]) -> set[str]:
    """Every line of the payload's log, as an English reader at seat 0 would read it."""
    game = get_game(game_name)
    words = localizer(game, "en")
    names = seat_names(words, data["players"], [NAME])
    messages = [*data["intro"], *(m for e in data["log"] for m in e["lines"])]
    return {words.format(from_json(m), reader=0, names=names) for m in messages}


@pytest.mark.parametrize("game", GAMES)
def test_a_russian_match_reads_in_russian_from_start_to_end(
    page: Page, server: Server, game: str
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    play_to_the_end(page, "ru", game, GAMES[game], server)
    lines = shown_lines(page)
    assert len(lines) > 20
    for line in lines:
        latin = LATIN.findall(line.replace(NAME, ""))
        assert not latin, f"Latin-script words {latin} in: {line}"
    assert any(line.startswith("Вы ") for line in lines), "your own moves in the second person"
    if game == "monolyth":  # the structure card's name and text, beside the board
        card = " ".join(page.locator(".structure-card").inner_text().split())
        assert card and not LATIN.findall(card), card
    screenshot(page, f"{game}-russian-match-end", full_page=False)


@pytest.mark.parametrize("game", GAMES)
def test_a_spanish_match_reads_in_spanish_from_start_to_end(
    page: Page, server: Server, game: str
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    play_to_the_end(page, "es", game, GAMES[game], server)
    lines = shown_lines(page)
    english = english_lines(game, payload(page))
    assert len(english) > 10
    leaked = [line for line in lines if line in english]
    assert not leaked, f"English lines on a Spanish page: {leaked[:3]}"
    screenshot(page, f"{game}-spanish-match-end", full_page=False)
