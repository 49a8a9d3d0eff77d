"""Monolyth in the browser: a whole game against a bot, played by clicking, then its replay."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import Server, screenshot
from tests.web.helpers import create_match, payload, version, wait_my_turn_or_end, wait_past


def _place_size(action: dict[str, Any]) -> int:
    return len(action["cells"]) if action["type"] == "place" else 0


def _play_turn(page: Page, turn: int) -> None:
    """Take one turn through the interface, the way a person would."""
    state = payload(page)
    legal = [a["action"] for a in state["legal_actions"]]
    kinds = {a["type"] for a in legal}
    seen = state["version"]
    if kinds == {"pass"}:
        page.click("[data-testid=pass]")
    elif "place" in kinds or "swap" in kinds:
        # The biggest piece on offer, so the monolith fills up.
        best = max((a for a in legal if a["type"] in ("place", "swap")), key=_place_size)
        page.click(f"[data-testid=ring-step-{best['step']}]")
        swap_button = page.locator("[data-testid=swap-mode]")
        if turn == 1 and swap_button.count() > 0:
            # Look at the swap for a single cube, then go back to placing the piece.
            swap_button.click()
            page.click("[data-testid=next-placement]")
            chosen = page.locator("[data-testid=chosen-text]")
            expect(chosen).to_contain_text(re.compile(r"single \w+ cube"))
            page.click("[data-testid=place-mode]")
        if best["type"] == "place":
            turn_button = page.locator("[data-testid=turn-piece]")
            if turn % 3 == 1 and turn_button.is_enabled():
                turn_button.click()  # turn the piece to another orientation first
            ghosts = page.locator("[data-ghost=cand]")
            expect(ghosts.first).to_be_attached()
            if turn % 2 == 0:
                # Point at a highlighted cell, see the preview, click it to choose.
                ghosts.first.dispatch_event("mouseenter")
                preview = page.locator("[data-ghost=preview]")
                expect(preview.first).to_be_attached()
                preview.first.dispatch_event("click")
            else:
                page.click("[data-testid=next-placement]")
        else:
            page.click("[data-testid=next-placement]")
        if turn == 2:
            screenshot(page, "monolyth-choosing")
        expect(page.locator("[data-testid=confirm]")).to_be_enabled()
        page.click("[data-testid=confirm]")
    else:
        prophecy = next(a for a in legal if a["type"] == "prophecy")
        page.click(f"[data-testid=prophecy-side-{prophecy['side']}]")
        page.click(f"[data-testid=prophecy-value-{prophecy['value']}]")
        page.click("[data-testid=confirm]")
    wait_past(page, seen)


def test_monolyth_game_against_a_bot_by_clicking(page: Page, server: Server) -> None:
    match_id = create_match(page, server.url, "monolyth", ["human", "bot|greedy|default"])
    expect(page.locator("[data-testid=ring]")).to_be_visible()
    expect(page.locator("[data-testid=conn-status]")).to_have_attribute("data-state", "connected")
    assert wait_my_turn_or_end(page)
    screenshot(page, "monolyth-table")

    # A refused action says so in the reader's words, shows the rules' reason and changes nothing.
    before = version(page)
    step = next(
        a["action"]["step"] for a in payload(page)["legal_actions"] if a["action"]["type"] == "swap"
    )
    page.evaluate("step => window.__monolith.sendRaw({type: 'swap', step, cell: [0, 0, 3]})", step)
    refusal = page.locator("[data-testid=refusal-text]")
    expect(refusal).to_have_text("The rules do not allow that move.")
    expect(page.locator("[data-testid=refusal-detail]")).to_contain_text(
        "would hang over empty space"
    )
    assert version(page) == before
    screenshot(page, "monolyth-refused", full_page=False)

    # Turn the view a quarter and back.
    page.click("[data-testid=rotate-right-0]")
    page.click("[data-testid=rotate-left-0]")

    turn = 0
    while wait_my_turn_or_end(page):
        _play_turn(page, turn)
        turn += 1
        assert turn < 80, "the game should end well before 80 turns"

    result = page.locator("[data-testid=result]")
    expect(result).to_be_visible()
    expect(result.locator("tbody tr")).to_have_count(2)
    final = payload(page)
    assert final["result"] is not None
    assert final["view"]["over"] is True
    screenshot(page, "monolyth-game-over")

    # The replay steps through the finished match.
    page.click("[data-testid=open-replay]")
    page.wait_for_url(f"**/replay/{match_id}")
    position = page.locator("[data-testid=replay-pos]")
    expect(position).to_contain_text("0")
    page.click("[data-testid=replay-next]")
    page.click("[data-testid=replay-next]")
    moves = page.locator("[data-testid=log] li.log-entry:not(.setup)")
    expect(moves).to_have_count(2)
    page.click("[data-testid=replay-last]")
    replay = page.evaluate(f"fetch('/api/matches/{match_id}/replay').then(r => r.json())")
    steps = len(replay["steps"])
    expect(moves).to_have_count(steps)
    screenshot(page, "monolyth-replay")


def test_monolyth_solo_game_ends_with_a_rating(page: Page, server: Server) -> None:
    create_match(page, server.url, "monolyth", ["human"])
    turn = 0
    while wait_my_turn_or_end(page):
        _play_turn(page, turn)
        turn += 1
        assert turn < 80
    result = page.locator("[data-testid=result]")
    expect(result.locator("tbody tr")).to_have_count(1)
    rating = payload(page)["view"]["solo_rating"]
    assert rating
    expect(result).to_contain_text(rating)
