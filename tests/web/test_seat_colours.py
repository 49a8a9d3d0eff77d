"""Seat and side colours reach the page: each tribe's panel is topped in its seat's colour (The
Monolith) and each prophecy token and side button is edged in its side's colour (Monolyth). They
are CSS custom properties set from the page's code, which the style object ignores when assigned
as plain properties, so the test reads what the browser computed."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.conftest import Server, screenshot
from tests.web.test_seats import new_match, sit

TOPS = """() => [...document.querySelectorAll('[data-testid^="tribe-"]')].map(
    el => [el.style.getPropertyValue('--pc'), getComputedStyle(el).borderTopColor])"""


def test_each_tribe_panel_is_topped_in_its_seat_colour(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    sit(page, server, new_match(server, "the-monolith", ["human", "bot", "bot"]), 0, "Ada")
    expect(page.locator('[data-testid^="tribe-"]')).to_have_count(3)
    tops = page.evaluate(TOPS)
    assert all(colour for colour, _ in tops), tops  # the property is set on every panel
    assert len({border for _, border in tops}) == 3, tops  # three seats, three colours
    screenshot(page, "tm-tribe-colours", full_page=False)


EDGES = """() => [...document.querySelectorAll('.side-btn')].map(
    el => [el.style.getPropertyValue('--edge'), getComputedStyle(el).boxShadow])"""


def test_each_side_button_is_edged_in_its_side_colour(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    sit(page, server, new_match(server, "monolyth", ["human", "bot"]), 0, "Ada")
    page.wait_for_function("document.querySelectorAll('.side-btn').length > 0")
    edges = page.evaluate(EDGES)
    assert edges and all(colour for colour, _ in edges), edges
    assert len({shadow for _, shadow in edges}) > 1, edges  # the sides differ in colour
