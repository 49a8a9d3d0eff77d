"""The pages under the server's Content-Security-Policy (only the app's own scripts, styles and
origin; no inline style): the browser blocks nothing they do, the match socket included."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server, checked_page
from tests.web.helpers import create_match, place_a_piece, wait_my_turn_or_end
from tests.web.test_solo_scale import _finish_solo_game

BOT = "bot|greedy|default"
WATCH = """document.addEventListener("securitypolicyviolation", (e) => {
  (window.__violations = window.__violations || []).push(
    `${e.violatedDirective} blocked ${e.blockedURI || "inline"}: ${e.sample || ""}`);
});"""


@pytest.fixture
def watched(browser: Browser, request: pytest.FixtureRequest) -> Iterator[tuple[Page, list[str]]]:
    """A tab whose every policy violation (the page's event, the console's error) is noted."""
    with checked_page(browser, 1440, 1000, request) as tab:
        tab.add_init_script(WATCH)
        console: list[str] = []
        tab.on(
            "console",
            lambda m: console.append(m.text) if "Content Security Policy" in m.text else None,
        )
        yield tab, console


def violations(page: Page, console: list[str]) -> list[str]:
    seen: list[str] = page.evaluate("window.__violations || []")
    return seen + console


def test_the_pages_break_no_rule_of_their_policy(
    watched: tuple[Page, list[str]], server: Server
) -> None:
    page, console = watched
    answer = page.goto(f"{server.url}/")
    assert answer is not None
    policy = answer.headers["content-security-policy"]
    assert "default-src 'self'" in policy and "frame-ancestors 'none'" in policy
    expect(page.locator("[data-testid=create]")).to_be_visible()
    assert violations(page, console) == []

    create_match(page, server.url, "monolyth", ["human", BOT])
    assert wait_my_turn_or_end(page)
    expect(page.locator("[data-testid=conn-status]")).to_have_attribute("data-state", "connected")
    place_a_piece(page)
    assert wait_my_turn_or_end(page)
    assert violations(page, console) == [], "Monolyth"

    create_match(page, server.url, "the-monolith", ["human", BOT, BOT])
    assert wait_my_turn_or_end(page)
    expect(page.locator("[data-testid=conn-status]")).to_have_attribute("data-state", "connected")
    assert violations(page, console) == [], "The Monolith"

    _finish_solo_game(page, server)  # the end of a solo game: its rating scale and marker
    expect(page.locator("[data-testid=solo-marker]").first).to_be_visible()
    assert violations(page, console) == [], "a solo game's end"
