"""The pages under the server's Content-Security-Policy (only the app's own scripts, styles and
origin; no inline style): the browser blocks nothing they do, the match socket included.

The other browser tests turn the policy off (Playwright's ``wait_for_function`` evaluates strings
in the page, which the policy forbids); these steps wait on selectors and read the page with
``evaluate`` (the browser's own tools, which the policy does not bind) instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server, checked_page
from tests.web.helpers import payload, version, wait_my_turn_or_end, wait_past

BOT = "bot|greedy|default"
WATCH = """document.addEventListener("securitypolicyviolation", (e) => {
  (window.__violations = window.__violations || []).push(
    `${e.violatedDirective} blocked ${e.blockedURI || "inline"}: ${e.sample || ""}`);
});"""


@pytest.fixture
def watched(browser: Browser, request: pytest.FixtureRequest) -> Iterator[tuple[Page, list[str]]]:
    """A tab under the policy whose every violation (the page's event, the console's error) is
    noted."""
    with checked_page(browser, 1440, 1000, request, bypass_csp=False) as tab:
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


def sit_at_new_match(page: Page, base: str, game: str, seats: list[str]) -> None:
    """Create a match in the lobby, as ``helpers.create_match`` does, and wait for its socket."""
    page.goto(f"{base}/")
    page.fill("[data-testid=player-name]", "Ada")
    page.click(f"[data-testid=game-{game}]")
    page.click(f"[data-testid=players-{len(seats)}]")
    for i, kind in enumerate(seats):
        page.select_option(f"[data-testid=seat-kind-{i}]", kind.removeprefix("bot|"))
    page.click("[data-testid=create]")
    page.wait_for_url(re.compile(r".*/join/[^/]+/0$"))
    status = page.locator("[data-testid=conn-status]")
    expect(status).to_have_attribute("data-state", "connected")  # the socket is up


def move_and_wait(page: Page, action: object) -> None:
    """Send a legal action as the page would, and wait until the table shows the next state."""
    seen = version(page)
    page.evaluate("action => window.__monolith.sendRaw(action)", action)
    wait_past(page, seen)


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

    sit_at_new_match(page, server.url, "monolyth", ["human", BOT])
    assert wait_my_turn_or_end(page)
    place = next(a["action"] for a in payload(page)["legal_actions"])
    move_and_wait(page, place)
    assert wait_my_turn_or_end(page)
    assert violations(page, console) == [], "Monolyth"

    sit_at_new_match(page, server.url, "the-monolith", ["human", BOT, BOT])
    assert wait_my_turn_or_end(page)
    assert violations(page, console) == [], "The Monolith"

    sit_at_new_match(page, server.url, "monolyth", ["human"])  # solo, to its rating scale
    while wait_my_turn_or_end(page):
        legal = [a["action"] for a in payload(page)["legal_actions"]]
        places = [a for a in legal if a["type"] == "place"]
        move_and_wait(page, max(places, key=lambda a: len(a["cells"])) if places else legal[0])
    expect(page.locator("[data-testid=solo-marker]").first).to_be_visible()
    assert violations(page, console) == [], "a solo game's end"
