"""The page a link invites to: it names the game, who invites and whether the seat is still free
before it asks a name; an error it showed goes once the seat is taken; and a finished match offers
no seat to resume. In each language, upright phone and desktop."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server, screenshot
from tests.web.test_player_fit import finished_bot_match
from tests.web.test_seats import api, new_match

INVITED = {
    "en": (
        "Ada invites you to a game of The Monolith.",
        "Seat 2 is free.",
        "Seat 2 is already taken",
    ),
    "es": (
        "Ada te invita a una partida de El Monolito.",
        "El asiento 2 está libre.",
        "El asiento 2 ya está ocupado",
    ),
    "ru": ("Ada приглашает вас на партию в «Монолит».", "Место 2 свободно.", "Место 2 уже занято"),
}


def speak(page: Page, server: Server, lang: str) -> None:
    page.goto(f"{server.url}/")
    expect(page.get_by_test_id("lang")).to_be_visible()  # the page has started
    page.evaluate("lang => localStorage.setItem('monolith.lang', lang)", lang)


@pytest.mark.parametrize("lang", INVITED)
def test_the_invitation_names_the_game_the_host_and_the_seat(
    page: Page, server: Server, lang: str
) -> None:
    invites, free, taken = INVITED[lang]
    match_id = new_match(server, "the-monolith", ["human", "human", "human"])
    api(server, "POST", f"/api/matches/{match_id}/seats/0/join", name="Ada")
    speak(page, server, lang)
    for width, height in ((390, 844), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        page.goto(f"{server.url}/join/{match_id}/1")
        expect(page.get_by_test_id("join-game")).to_have_text(invites)
        expect(page.get_by_test_id("join-seat")).to_have_text(free)
        expect(page.get_by_test_id("join-submit")).to_be_enabled()
        screenshot(page, f"join-invited-{lang}-{width}x{height}", full_page=False)
    api(server, "POST", f"/api/matches/{match_id}/seats/1/join", name="Bea")
    page.goto(f"{server.url}/join/{match_id}/1")
    expect(page.get_by_test_id("join-seat")).to_contain_text(taken)
    expect(page.get_by_test_id("join-submit")).to_be_disabled()
    expect(page.get_by_test_id("join-name")).to_be_disabled()
    screenshot(page, f"join-taken-{lang}", full_page=False)


def test_an_error_toast_goes_once_the_seat_is_taken(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    match_id = new_match(server, "monolyth", ["human", "bot"])
    page.goto(f"{server.url}/join/{match_id}/0")
    expect(page.get_by_test_id("join-seat")).to_have_text("Seat 1 is free.")
    page.fill("[data-testid=join-name]", "Ada\u202e")  # turns the text around: refused
    page.click("[data-testid=join-submit]")
    expect(page.locator(".toast.error")).to_have_count(1)
    page.fill("[data-testid=join-name]", "Ada")
    page.click("[data-testid=join-submit]")
    expect(page.locator("[data-testid=ring]")).to_be_visible()
    expect(page.locator(".toast.error")).to_have_count(0)


def test_a_finished_match_offers_no_seat_to_resume(page: Page, server: Server) -> None:
    match_id = finished_bot_match(server)
    running = new_match(server, "monolyth", ["human", "bot"])
    page.goto(f"{server.url}/")
    # This browser holds a seat of each (as after playing them).
    for match in (match_id, running):
        page.evaluate("m => localStorage.setItem(`monolith.token.${m}.0`, 'a token')", match)
    page.reload()
    finished = page.get_by_test_id(f"match-{match_id}")
    expect(finished).to_be_visible()
    expect(finished.get_by_test_id(f"resume-{match_id}-0")).to_have_count(0)
    expect(page.get_by_test_id(f"resume-{running}-0")).to_be_visible()
    screenshot(page, "lobby-finished-no-resume", full_page=False)
