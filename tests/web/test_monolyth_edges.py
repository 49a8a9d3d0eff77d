"""Rough edges of the Monolyth table a new player hit: a click at the exact centre of a1, b2, c3
or d4 (under the height frame's corner line) chooses there like anywhere else, and with the
keyboard on the ring ← → step through the chosen piece's placements."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.web.conftest import Server, screenshot
from tests.web.helpers import create_match, payload, wait_my_turn_or_end
from tests.web.test_monolyth import BOT, _preview

DIAGONAL = [(0, 0), (1, 1), (2, 2), (3, 3)]
"""a1, b2, c3, d4: the columns whose centres the frame's vertical corner line crosses."""


def test_a_click_at_the_centre_of_a_diagonal_column_chooses_there(
    page: Page, server: Server
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    create_match(page, server.url, "monolyth", ["human", BOT])
    assert wait_my_turn_or_end(page)
    place = next(a for a in payload(page)["legal_actions"] if a["action"]["type"] == "place")
    for x, y in DIAGONAL:
        # a fresh choice of the piece each time: no placement drawn over the board yet
        page.keyboard.press("Escape")
        page.click(f"[data-testid=ring-step-{place['action']['step']}]")
        assert _preview(page) == frozenset()
        cell = page.locator(f".iso-board.interactive [data-col='{x},{y}']")
        box = cell.bounding_box()
        assert box is not None
        centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        hit = page.evaluate(
            "([x, y]) => { const e = document.elementFromPoint(x, y);"
            " return e.closest('[data-col]')?.dataset.col ?? e.getAttribute('class'); }",
            list(centre),
        )
        assert hit == f"{x},{y}", f"the centre of {'abcd'[x]}{y + 1} hits {hit}"
        page.mouse.click(*centre)
        # Something is said: a placement over that column, or why none fits there.
        detail = page.locator("[data-testid=tray-detail]")
        chosen = _preview(page)
        assert any(c[:2] == (x, y) for c in chosen) or "note" in (
            detail.get_attribute("class") or ""
        ), f"a click at {'abcd'[x]}{y + 1} did nothing"
    screenshot(page, "monolyth-diagonal-click", full_page=False)


def test_arrows_on_the_ring_step_through_the_chosen_pieces_placements(
    page: Page, server: Server
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    create_match(page, server.url, "monolyth", ["human", BOT])
    assert wait_my_turn_or_end(page)
    place = next(a for a in payload(page)["legal_actions"] if a["action"]["type"] == "place")
    step = place["action"]["step"]
    ring = page.locator(f"[data-testid=ring-step-{step}]")
    ring.focus()
    page.keyboard.press("Enter")
    expect(ring).to_have_attribute("aria-pressed", "true")
    assert _preview(page) == frozenset()
    page.keyboard.press("ArrowRight")
    first = _preview(page)
    assert first, "→ on the ring shows a placement of the chosen piece"
    expect(page.locator(f"[data-testid=ring-step-{step}]")).to_be_focused()
    page.keyboard.press("ArrowRight")
    assert _preview(page) != first, "the next placement"
    page.keyboard.press("ArrowLeft")
    assert _preview(page) == first
    expect(page.locator(f"[data-testid=ring-step-{step}]")).to_have_attribute(
        "aria-pressed", "true"
    )
