"""The Monolith in the browser: a 4-seat match with three bots, played through its first day."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.web.conftest import Server, screenshot
from tests.web.helpers import click_and_wait, create_match, payload, wait_my_turn_or_end

BOT = "bot|greedy|default"


def test_the_monolith_first_day_with_three_bots(page: Page, server: Server) -> None:
    create_match(page, server.url, "the-monolith", ["human", BOT, BOT, BOT])
    expect(page.locator("[data-testid=map]")).to_be_visible()
    expect(page.locator("[data-testid=map] polygon[data-space]")).to_have_count(
        len(payload(page)["view"]["spaces"])
    )
    expect(page.locator("[data-testid=favor-track]")).to_be_visible()
    expect(page.locator("[data-testid=row] .div-card").first).to_be_visible()
    objectives = page.locator("[data-testid=objectives]")
    expect(objectives).to_be_visible()
    # Your own objectives are shown by name, with their text.
    first = payload(page)["view"]["your_cards"]["objectives"][0]
    expect(objectives).to_contain_text(first["name"])
    expect(objectives).to_contain_text(first["text"])
    expect(page.locator("[data-testid=map] polyline.border.solid").first).to_be_attached()

    decisions = 0
    shot_taken = False
    # Every decision is also a list of all legal actions (kept open once opened); here every
    # choice is made from it, forced ones too.
    assert wait_my_turn_or_end(page)
    page.locator("[data-testid=all-choices-toggle]").click()
    page.locator("[data-testid=auto-forced]").uncheck()
    while wait_my_turn_or_end(page, timeout=60_000):
        view = payload(page)["view"]
        if view["day"] >= 2:
            break
        expect(page.locator("[data-testid=action]").first).to_be_visible()
        if not shot_taken and view["phase"] == "order":
            screenshot(page, "the-monolith-order")
            shot_taken = True
        click_and_wait(page, "[data-testid=action]")
        decisions += 1
        assert decisions < 300, "one day should take far fewer decisions"

    final = payload(page)
    assert final["view"]["day"] >= 2 or final["result"] is not None
    assert decisions > 0
    screenshot(page, "the-monolith-day-2")


def test_bots_only_match_watched_and_replayed(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/")
    page.click("[data-testid=game-the-monolith]")
    # the lobby's two players for Monolyth become The Monolith's fewest, three
    expect(page.locator("[data-testid=players-3]")).to_have_attribute("aria-pressed", "true")
    page.click("[data-testid=players-4]")
    for seat in range(4):
        page.select_option(f"[data-testid=seat-kind-{seat}]", BOT.removeprefix("bot|"))
    page.click("[data-testid=create]")
    page.wait_for_url("**/watch/*")
    expect(page.locator("[data-testid=map]")).to_be_visible()
    result = page.locator("[data-testid=result]")
    expect(result).to_be_visible(timeout=60_000)
    expect(result.locator("tbody tr")).to_have_count(4)
    screenshot(page, "the-monolith-game-over")

    page.click("[data-testid=open-replay]")
    expect(page.locator("[data-testid=map]")).to_be_visible()
    expect(page.locator("[data-testid=replay-pos]")).to_contain_text("0")
    for _ in range(3):
        page.click("[data-testid=replay-next]")
    expect(page.locator("[data-testid=log] li.log-entry:not(.setup)")).to_have_count(3)
    page.click("[data-testid=replay-last]")
    expect(page.locator("[data-testid=favor-track]")).to_be_visible()
    screenshot(page, "the-monolith-replay")

    # The dead on the map are in the legend, and a marker of them says whose they are.
    expect(page.locator(".legend")).to_contain_text("† dead")
    expect(page.locator("[data-testid=legend-absent]")).to_have_count(0)  # four use every space
    dead = page.locator("[data-testid=map] [data-testid=unit][data-unit$=':d']")
    for _ in range(400):  # back from the end to a step with dead on the map (slays leave some)
        if dead.count():
            break
        page.keyboard.press("ArrowLeft")
    assert dead.count(), "a whole game leaves dead on the map at some step"
    expect(dead.first.locator("title")).to_have_text(re.compile(r"^[A-Z]\w+: \d+ dead$"))

    # A divination taken leaves its slot empty until the next day: an empty slot, not "no bids".
    empty = page.locator("[data-testid=row] .div-card.empty")
    for _ in range(400):
        if empty.count():
            break
        page.keyboard.press("ArrowLeft")
    assert empty.count(), "a whole game takes divinations from the row"
    expect(empty.first).to_contain_text("empty slot")
    expect(empty.first).not_to_contain_text("no bids")
