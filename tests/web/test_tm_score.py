"""The Monolith's end of game in the browser: four bots play to the end while a spectator
watches; the result shows where each player's favor came from (a table per player, day by day and
source by source, whose totals are the final scores), the objectives each held to the end, and a
chart of favor over the days; in English and Russian, on a laptop and a phone, and in the replay."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from monolith.core.i18n import localizer, message_ids
from monolith.games.the_monolith import GAME
from monolith.games.the_monolith.rules import FAVOR_SOURCES
from tests.web.conftest import SCREENSHOTS, Server, screenshot
from tests.web.helpers import create_match, payload

BOT = "greedy|default"
GAME_MESSAGES = Path(__file__).parents[2] / "src/monolith/games/the_monolith/messages"
SCRIPT = Path(__file__).parents[2] / "src/monolith/games/the_monolith/web/score.js"
SIZES = {"laptop": (1366, 768), "phone": (390, 844)}


@pytest.fixture(scope="module")
def finished(server: Server, browser: Browser) -> str:
    """A 4-bot match of The Monolith played to the end; its id."""
    context = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
    page = context.new_page()
    try:
        page.goto(f"{server.url}/")
        page.click("[data-testid=game-the-monolith]")
        page.click("[data-testid=players-4]")
        for seat in range(4):
            page.select_option(f"[data-testid=seat-kind-{seat}]", BOT)
        page.click("[data-testid=create]")  # a table of bots only: the creator watches it
        page.wait_for_url("**/watch/*")
        expect(page.locator("[data-testid=result]")).to_be_visible(timeout=90_000)
        match = re.search(r"/watch/([^/?#]+)", page.url)
        assert match, page.url
        return match.group(1)
    finally:
        context.close()


def watch(page: Page, server: Server, match_id: str, lang: str, size: str) -> None:
    """Open the finished match as a spectator, in ``lang``, at one of :data:`SIZES`."""
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{server.url}/")
    page.evaluate("lang => localStorage.setItem('monolith.lang', lang)", lang)
    page.goto(f"{server.url}/watch/{match_id}")
    expect(page.locator("[data-testid=tm-score]")).to_be_visible(timeout=30_000)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)


def check_sheet(page: Page, root: str) -> None:
    """The sheet under ``root`` explains every final score and shows every held objective."""
    data = payload(page)
    scores = data["result"]["scores"]
    seats = data["view"]["seats"]
    sheet = page.locator(f"{root} [data-testid=tm-score]")
    for seat in seats:
        s = seat["seat"]
        total = sheet.locator(f"[data-testid=tm-score-total-{s}]")
        expect(total).to_have_text(str(int(scores[s])))
        assert seat["favor"] == int(scores[s])
        table = sheet.locator(f"[data-testid=tm-score-table-{s}]")
        # every source row adds up across its days; the day totals add up to the final total
        for row in table.locator("tr[data-source]").all():
            cells = row.locator("td").all_inner_texts()
            days = [0 if c == "·" else int(c) for c in cells[:-1]]
            assert sum(days) == int(cells[-1])
        foot = table.locator("tfoot td").all_inner_texts()
        assert sum(int(c) for c in foot[:-1]) == int(foot[-1]) == int(scores[s])
        sources = {src for day in seat["favor_by_day"] for src, n in day.items() if n}
        assert (
            set(
                table.locator("tr[data-source]").evaluate_all(
                    "rows => rows.map(r => r.dataset.source)"
                )
            )
            == sources
        )
        objectives = sheet.locator(f"[data-testid=tm-score-objectives-{s}]")
        assert seat["objectives_at_end"] is not None
        lang = page.evaluate("document.documentElement.lang")
        for card in seat["objectives_at_end"]:
            name = localizer(GAME, lang).text(f"objective-{card['key']}")
            expect(objectives).to_contain_text(name)
    assert any(seat["objectives_at_end"] for seat in seats), "nobody held an objective"
    order = sheet.locator("article[data-testid^=tm-score-player-]").evaluate_all(
        "cards => cards.map(c => Number(c.dataset.testid.split('-').pop()))"
    )
    assert order == data["result"]["ranking"]
    chart = sheet.locator("[data-testid=tm-score-chart]")
    expect(chart.locator("polyline")).to_have_count(len(seats))
    expect(chart.locator("svg text.tm-chart-label")).to_have_count(2)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("size", ["laptop", "phone"])
def test_the_end_of_game_explains_every_score(
    page: Page, server: Server, finished: str, lang: str, size: str
) -> None:
    watch(page, server, finished, lang, size)
    check_sheet(page, "[data-testid=result]")
    title = {"en": "Where the favor came from", "ru": "Откуда милость"}[lang]
    expect(page.locator("[data-testid=tm-score] h3")).to_have_text(title)
    # the panel's own score table still lists the four players, and only them
    expect(page.locator("[data-testid=result] tbody tr")).to_have_count(4)
    screenshot(page, f"tm-score-{size}-{lang}", full_page=False)
    page.locator("[data-testid=result]").screenshot(
        path=str(SCREENSHOTS / f"tm-score-{size}-{lang}-sheet.png")
    )
    # nothing overflows the phone's width
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow}px wider than the screen"


def test_the_replay_ends_with_the_same_sheet(page: Page, server: Server, finished: str) -> None:
    watch(page, server, finished, "en", "laptop")
    scores = payload(page)["result"]["scores"]
    page.click("[data-testid=open-replay]")
    page.click("[data-testid=replay-last]")
    sheet = page.locator("[data-testid=replay-result] [data-testid=tm-score]")
    expect(sheet).to_be_visible()
    for seat, score in enumerate(scores):
        expect(sheet.locator(f"[data-testid=tm-score-total-{seat}]")).to_have_text(str(int(score)))
    expect(sheet.locator("[data-testid=tm-score-chart] polyline")).to_have_count(4)
    screenshot(page, "tm-score-replay-end")
    page.click("[data-testid=replay-prev]")
    expect(page.locator("[data-testid=tm-score]")).to_have_count(0)
    expect(page.locator("[data-testid=replay-controls]")).not_to_contain_text("null")
    screenshot(page, "tm-score-replay", full_page=False)


def test_every_word_of_the_sheet_is_in_every_language() -> None:
    ids = {
        lang: message_ids((GAME_MESSAGES / lang / "page_score.ftl").read_text(encoding="utf-8"))
        for lang in ("en", "es", "ru")
    }
    assert ids["en"] == ids["es"] == ids["ru"]
    used = {f"tm_score-{key}" for key in re.findall(r"t\(\"tm_score\.(\w+)\"", SCRIPT.read_text())}
    used |= {f"tm_score-source-{source}" for source in FAVOR_SOURCES}
    used |= {f"tm_score-source-{source}-tip" for source in FAVOR_SOURCES}
    assert used <= ids["en"], used - ids["en"]


def test_a_tapped_favor_shows_where_it_came_from(page: Page, server: Server, finished: str) -> None:
    """A tribe's favor at the table is a number until tapped: then its sources day by day, which
    add up to it (the view's public ``favor_by_day``); tapped again, it folds."""
    watch(page, server, finished, "en", "laptop")
    seats = payload(page)["view"]["seats"]
    seat = max(seats, key=lambda s: s["favor"])
    button = page.locator(f"[data-testid=favor-{seat['seat']}]")
    expect(button).to_have_text(f"★ {seat['favor']}")
    expect(button).to_have_attribute("aria-expanded", "false")
    button.click()
    parts = page.locator(f"[data-testid=favor-parts-{seat['seat']}]")
    expect(parts).to_be_visible()
    total = parts.locator(f"[data-testid=tm-favor-total-{seat['seat']}]")
    expect(total).to_have_text(str(seat["favor"]))
    sources = parts.locator("tbody td.num").evaluate_all(
        "cells => cells.map((c) => +c.textContent)"
    )
    assert sum(sources) == seat["favor"] > 0
    days = [sum(day.values()) for day in seat["favor_by_day"][: payload(page)["view"]["day"]]]
    expect(parts.locator(f"[data-testid=tm-favor-days-{seat['seat']}]")).to_have_text(
        " · ".join(f"Day {d + 1}: {n}" for d, n in enumerate(days))
    )
    parts.scroll_into_view_if_needed()
    screenshot(page, "tm-favor-parts", full_page=False)
    button.click()
    expect(parts).to_have_count(0)


def test_a_tapped_favor_on_the_first_day_lists_that_day_alone(page: Page, server: Server) -> None:
    """During play the favor's days stop at the day being played: no empty days ahead."""
    create_match(page, server.url, "the-monolith", ["human", f"bot|{BOT}", f"bot|{BOT}"])
    assert payload(page)["view"]["day"] == 1
    page.click("[data-testid=favor-0]")
    expect(page.locator("[data-testid=favor-parts-0]")).to_contain_text("No favor")
    expect(page.locator("[data-testid=tm-favor-days-0]")).to_have_text("Day 1: 0")
