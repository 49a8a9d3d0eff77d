"""Undo never takes another person's turn away unseen: once the turn passed to another human, the
mover's Undo is unavailable with the reason, naming who decides now; and before a Monolyth piece
is taken, the confirm step says it cannot be taken back (a new piece is drawn). In each language."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server, screenshot
from tests.web.helpers import payload, wait_my_turn_or_end, wait_past
from tests.web.test_seats import api, new_match, play_first_legal, sit

WORDS = {
    "en": ("Once confirmed, this cannot be taken back", "It is Grace's decision now"),
    "es": ("Una vez confirmada, no se puede deshacer", "Ahora decide Grace"),
    "ru": ("После подтверждения ход нельзя отменить", "Сейчас решает игрок Grace"),
}


@pytest.mark.parametrize("lang", WORDS)
def test_undo_is_unavailable_once_the_turn_passed_and_a_take_is_said_final(
    page: Page, server: Server, lang: str
) -> None:
    final, passed = WORDS[lang]
    page.set_viewport_size({"width": 1366, "height": 768})
    page.goto(f"{server.url}/")
    expect(page.get_by_test_id("lang")).to_be_visible()  # the page has started
    page.evaluate("lang => localStorage.setItem('monolith.lang', lang)", lang)
    match_id = new_match(server, "monolyth", ["human", "human"])
    grace = api(server, "POST", f"/api/matches/{match_id}/seats/1/join", name="Grace")["token"]
    sit(page, server, match_id, 0, "Ada")
    if payload(page)["to_move"] == 1:
        play_first_legal(server, match_id, grace)
    assert wait_my_turn_or_end(page)

    # Choosing a placement: the confirm step says a take is final, and the button points to it.
    place = next(a for a in payload(page)["legal_actions"] if a["action"]["type"] == "place")
    page.click(f"[data-testid=ring-step-{place['action']['step']}]")
    expect(page.locator("[data-testid=confirm-final]")).to_be_hidden()
    page.click("[data-testid=next-placement]")
    expect(page.locator("[data-testid=confirm-final]")).to_be_visible()
    expect(page.locator("[data-testid=confirm-final]")).to_contain_text(final)
    expect(page.locator("[data-testid=confirm]")).to_have_accessible_description(
        re.compile(re.escape(final))
    )
    screenshot(page, f"monolyth-confirm-final-{lang}", full_page=False)
    page.click("[data-testid=cancel]")
    expect(page.locator("[data-testid=confirm-final]")).to_be_hidden()

    # A prophecy reveals nothing, yet once Grace decides it stands: Undo says why.
    prophecy = next(a for a in payload(page)["legal_actions"] if a["action"]["type"] == "prophecy")
    seen = payload(page)["version"]
    page.evaluate("id => window.__monolith.act(id)", prophecy["id"])
    wait_past(page, seen)
    assert payload(page)["to_move"] == 1
    assert payload(page)["undo_blocked"]["args"]["reason"] == "passed"
    undo = page.locator("[data-testid=undo]")
    expect(undo).to_have_attribute("aria-disabled", "true")
    expect(page.locator("[data-testid=undo-hint]")).to_contain_text(passed)
    expect(undo).to_have_attribute(
        "title", page.locator("[data-testid=undo-hint]").inner_text().split(": ", 1)[1]
    )
    screenshot(page, f"undo-passed-{lang}", full_page=False)
