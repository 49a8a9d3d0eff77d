"""A name the server refuses, typed in the lobby: the reader is told why in their language, stays in
the lobby with the name field to correct, and no match is left behind."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Page, Route, expect

from tests.web.conftest import Server, screenshot
from tests.web.helpers import create_match


def listed(server: Server) -> set[str]:
    matches = httpx.get(f"{server.url}/api/matches?include_finished=true&limit=200").json()
    return {m["match_id"] for m in matches}


@pytest.mark.parametrize(
    ("lang", "name", "words"),
    [
        ("ru", "Ада\u0007", "В имени есть управляющий символ"),
        ("es", "Ada\u202e", "cambia la dirección del texto"),
    ],
)
def test_a_refused_name_creates_no_match(
    page: Page, server: Server, lang: str, name: str, words: str
) -> None:
    page.goto(f"{server.url}/")
    page.evaluate("lang => localStorage.setItem('monolith.lang', lang)", lang)
    page.goto(f"{server.url}/")
    before = listed(server)
    page.fill("[data-testid=player-name]", name)
    page.click("[data-testid=game-monolyth]")
    page.click("[data-testid=create]")
    expect(page.locator(".toast.error")).to_contain_text(words)
    assert listed(server) == before
    assert page.url == f"{server.url}/"
    expect(page.locator("[data-testid=player-name]")).to_be_focused()
    screenshot(page, f"lobby-refused-name-{lang}", full_page=False)

    # Corrected, the same click creates the match and seats its creator.
    page.fill("[data-testid=player-name]", name[:-1])
    page.click("[data-testid=create]")
    page.wait_for_url(f"{server.url}/join/**/0")
    expect(page.locator("[data-testid=player-0]")).to_contain_text(name[:-1])
    assert len(listed(server) - before) == 1


def test_a_name_typed_while_the_lobby_loads_is_kept(page: Page, server: Server) -> None:
    """The lobby redraws when the games arrive and when the language changes; neither may wipe a
    name the player is typing (the create button would then refuse with "name first")."""
    held: list[Route] = []
    # The games arrive only when released below.
    page.route("**/api/games", lambda route: held.append(route))
    page.goto(f"{server.url}/")
    page.fill("[data-testid=player-name]", "Ada")  # typed, not yet committed by a blur
    expect(page.locator("[data-testid=game-monolyth]")).to_have_count(0)
    for route in held:
        route.continue_()
    page.unroute("**/api/games")
    expect(page.locator("[data-testid=game-monolyth]")).to_have_count(1)
    expect(page.locator("[data-testid=player-name]")).to_have_value("Ada")

    page.fill("[data-testid=player-name]", "Ада")
    page.select_option("[data-testid=lang]", "ru")
    expect(page.locator("[data-testid=create]")).to_have_text("Создать партию")
    expect(page.locator("[data-testid=player-name]")).to_have_value("Ада")
    page.click("[data-testid=create]")
    page.wait_for_url(f"{server.url}/join/**/0")
    expect(page.locator("[data-testid=player-0]")).to_contain_text("Ада")


def test_the_notice_of_a_new_match_invites_only_when_a_seat_waits_for_someone(
    page: Page, server: Server
) -> None:
    create_match(page, server.url, "monolyth", ["human", "human"])
    expect(page.locator(".toast.info")).to_contain_text(
        "Match created. Invite players with the links on the table."
    )
    page.evaluate("document.querySelectorAll('.toast').forEach(t => t.remove())")
    create_match(page, server.url, "monolyth", ["human", "bot|greedy|default"])
    expect(page.locator(".toast.info")).to_contain_text(
        "Match created. Every seat is taken: the game begins."
    )
