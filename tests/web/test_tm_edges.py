"""Rough edges of The Monolith's table a new player hit: on a touch screen the hints say "tap"
(as Monolyth's do), in each language; a long game's page ends where its panels end."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.web.conftest import Server, screenshot
from tests.web.helpers import payload, wait_my_turn_or_end
from tests.web.test_seats import new_match, sit

TAP = {
    "en": ("Tap your warriors", "Click"),
    "es": ("Toca tus guerreros", "Pulsa"),
    "ru": ("Нажмите на своих воинов", "Щёлкните"),
}


def until_the_order(page: Page) -> None:
    """Takes seat 0's first choices (the objectives kept, a draft) until its first order."""
    for _ in range(40):
        assert wait_my_turn_or_end(page, timeout=60_000)
        now = payload(page)
        if now["view"]["decision"] == "order":
            return
        page.evaluate(
            "([v, id]) => { const m = window.__monolith; if (m.payload.version === v) m.act(id); }",
            [now["version"], now["legal_actions"][0]["id"]],
        )
        page.wait_for_function("v => window.__monolith.payload.version > v", arg=now["version"])
    raise AssertionError("seat 0 should reach its first order")


@pytest.mark.parametrize("lang", TAP)
def test_a_touch_screen_is_told_to_tap_the_map(browser: Browser, server: Server, lang: str) -> None:
    tap, click = TAP[lang]
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/")
        expect(page.get_by_test_id("lang")).to_be_visible()  # the page has started
        page.evaluate("lang => localStorage.setItem('monolith.lang', lang)", lang)
        sit(page, server, new_match(server, "the-monolith", ["human", "bot", "bot"]), 0, "Ada")
        until_the_order(page)
        hint = page.get_by_test_id("hint")
        expect(hint).to_contain_text(tap)
        expect(hint).not_to_contain_text(click)
        assert payload(page)["view"]["decision"] == "order"
        screenshot(page, f"tm-touch-hint-{lang}", full_page=False)
    finally:
        context.close()


def finished_tm_match(server: Server) -> str:
    """A The Monolith match three bots play to the end: a long log."""
    match_id = new_match(server, "the-monolith", ["bot", "bot", "bot"])
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        state = httpx.get(f"{server.url}/api/matches/{match_id}/state").json()
        if state["status"] == "finished":
            return match_id
        time.sleep(0.5)
    raise AssertionError("three bots should finish The Monolith within 150 s")


def test_a_long_game_leaves_no_blank_page_and_the_log_holds_its_words(
    page: Page, server: Server
) -> None:
    """Words only screen readers read (a run's "(2 times)") stay inside the log's scrolling box:
    scrolled far down, they stretched the page ~2,700 px below the panels."""
    page.set_viewport_size({"width": 1366, "height": 768})
    match_id = finished_tm_match(server)
    page.goto(f"{server.url}/watch/{match_id}")
    log = page.get_by_test_id("log")
    expect(log.locator("li").nth(40)).to_be_attached()
    assert page.evaluate("document.querySelectorAll('[data-testid=log] .sr-only').length") > 0
    outside = page.evaluate(
        """() => [...document.querySelectorAll('[data-testid=log] .sr-only')]
          .filter((e) => e.offsetParent !== document.querySelector('[data-testid=log]'))
          .map((e) => e.textContent)"""
    )
    assert outside == [], f"screen-reader words placed outside the log box: {outside[:3]}"
    blank = page.evaluate(
        """() => document.documentElement.scrollHeight
          - (document.getElementById('app').getBoundingClientRect().bottom + window.scrollY)"""
    )
    assert blank <= 40, f"{blank} px of blank page below the panels"
    screenshot(page, "tm-long-game-end")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_phone_on_its_side_shows_the_map_beside_the_orders(
    browser: Browser, server: Server, lang: str
) -> None:
    """844x390: the map as tall as the screen with the order panel beside it, so a march (its
    group, then its steps) is made with the whole map in sight, never scrolling."""
    context = browser.new_context(viewport={"width": 844, "height": 390}, has_touch=True)
    try:
        page = context.new_page()
        page.goto(f"{server.url}/")
        expect(page.get_by_test_id("lang")).to_be_visible()  # the page has started
        page.evaluate("lang => localStorage.setItem('monolith.lang', lang)", lang)
        sit(page, server, new_match(server, "the-monolith", ["human", "bot", "bot"]), 0, "Ada")
        until_the_order(page)
        game_map = page.get_by_test_id("map")
        page.evaluate("window.scrollTo(0, 0)")
        bar = page.locator(".topbar").bounding_box()
        panel = page.locator(".tm-decision")
        box, side = game_map.bounding_box(), panel.bounding_box()
        assert bar is not None and box is not None and side is not None
        assert box["x"] + box["width"] <= side["x"] + 1, "the order panel beside the map"
        assert box["y"] >= bar["y"] + bar["height"] - 1, "the map below the top bar"
        assert box["y"] + box["height"] <= 390 + 1, "the whole map in sight"
        assert box["height"] >= 280, "the map as tall as the screen allows"
        # A march: the group, then a step, each with the whole map in sight.
        spaces = payload(page)["view"]["spaces"]
        home = next(s["index"] for s in spaces if any(x["player"] == 0 for x in s["shamans"]))
        starts = [a for a in payload(page)["legal_actions"] if a["action"]["kind"] == "march"]
        start = next((a for a in starts if a["action"]["space"] != home), starts[0])
        space = spaces[start["action"]["space"]]["key"]
        page.get_by_test_id(f"space-{space}").dispatch_event("click")
        expect(page.locator(".tm-ring.target").first).to_be_attached()
        assert page.evaluate("window.scrollY") == 0
        box = game_map.bounding_box()
        assert box is not None and box["y"] + box["height"] <= 391
        screenshot(page, f"tm-phone-landscape-march-{lang}", full_page=False)
    finally:
        context.close()


WALL = {"en": "A wall stands between", "es": "Un muro separa", "ru": "стена"}
AWAY = {"en": "does not border", "es": "no linda con", "ru": "не граничит"}


def a_maneuver(page: Page) -> tuple[dict[str, Any], int, bool] | None:
    """A maneuver of seat 0 and a space it cannot reach, preferring one behind a wall:
    (the action, that space, whether a wall stands between)."""
    now = payload(page)
    v = now["view"]
    moves = [a for a in now["legal_actions"] if a["action"]["kind"] == "maneuver"]
    for a in moves:
        start = a["action"]["from"]
        for b in v["borders"]:
            other = b["b"] if b["a"] == start else b["a"] if b["b"] == start else None
            if b["kind"] != "dashed" and other is not None and v["spaces"][other]["exists"]:
                return a, other, True
    for a in moves:
        start = a["action"]["from"]
        near = set(v["spaces"][start]["adjacent"]) | {start}
        far = [s["index"] for s in v["spaces"] if s["exists"] and s["index"] not in near]
        if far:
            return a, far[0], False
    return None


def play_until_a_maneuver(page: Page, server: Server) -> tuple[dict[str, Any], int, bool] | None:
    """Seat 0 of a match against two bots commits its hearts until it may maneuver (None if the
    game ends first: the hearts fell elsewhere)."""
    sit(page, server, new_match(server, "the-monolith", ["human", "bot", "bot"]), 0, "Ada")
    while wait_my_turn_or_end(page, timeout=60_000):
        now = payload(page)
        found = a_maneuver(page) if now["view"]["decision"] == "action" else None
        if found:
            return found
        legal = now["legal_actions"]
        if not legal:  # the badge said "your turn" before the state arrived
            continue
        # Commit the hearts at once (they land in the zones, the maneuver's among them).
        kinds = [a["action"]["kind"] for a in legal]
        wanted = next((k for k in ("commit", "stop", "step") if k in kinds), None)
        choice = legal[kinds.index(wanted)] if wanted else legal[0]
        page.evaluate(
            "([v, id]) => { const m = window.__monolith; if (m.payload.version === v) m.act(id); }",
            [now["version"], choice["id"]],
        )
        try:
            page.wait_for_function(
                "v => window.__monolith.payload.version > v", arg=now["version"], timeout=5000
            )
        except PlaywrightTimeout:
            continue  # the page took a forced choice itself first: look again
    return None


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_maneuver_out_of_reach_says_why(page: Page, server: Server, lang: str) -> None:
    """A click on a space the chosen unit cannot maneuver to (behind a wall, or not bordering
    its own) says why, and the unit stays chosen."""
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{server.url}/")
    expect(page.get_by_test_id("lang")).to_be_visible()  # the page has started
    page.evaluate("lang => localStorage.setItem('monolith.lang', lang)", lang)
    found = None
    for _ in range(3):  # a game may deal seat 0 no maneuver at all
        found = play_until_a_maneuver(page, server)
        if found:
            break
    assert found, "three games should give seat 0 a maneuver"
    action, behind, walled = found
    unit = "s" if action["action"]["shaman"] else "w"
    start = action["action"]["from"]
    page.locator(f"[data-unit='{start}:0:{unit}']").dispatch_event("click")
    expect(page.get_by_test_id("selection")).to_be_visible()
    key = payload(page)["view"]["spaces"][behind]["key"]
    page.get_by_test_id(f"space-{key}").dispatch_event("click")
    why = page.get_by_test_id("why-not")
    expect(why).to_contain_text(WALL[lang] if walled else AWAY[lang])
    expect(page.get_by_test_id("selection")).to_be_visible()  # the unit stays chosen
    screenshot(page, f"tm-maneuver-out-of-reach-{lang}", full_page=False)
