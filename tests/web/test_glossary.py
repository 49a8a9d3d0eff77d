"""The glossary in the rules help, in the reader's language, and term() for words on a page."""

from __future__ import annotations

import re

import httpx
from playwright.sync_api import Page, expect

from monolith.games import registry
from tests.web.conftest import Server, screenshot
from tests.web.helpers import create_match, payload, settled


def _open_help_in(page: Page, base: str, lang: str) -> None:
    page.goto(f"{base}/")
    page.select_option("[data-testid=lang]", lang)
    page.click("[data-testid=help]")
    expect(page.locator("[data-testid=help-glossary]")).to_be_visible()


def test_lobby_help_lists_both_games_terms_in_russian(page: Page, server: Server) -> None:
    _open_help_in(page, server.url, "ru")
    glossary = page.locator("[data-testid=help-glossary]")
    expect(glossary.locator("h2")).to_have_text("Словарь терминов")
    expect(glossary.locator("h3")).to_have_text(["Monolyth", "Монолит"])
    expect(glossary.locator("dt[data-glossary=unearned]")).to_have_text("незаработанные")
    expect(glossary.locator("dt[data-glossary=unearned] + dd")).to_contain_text(
        "В каждой фазе отдыха два из них становятся доступными"
    )
    expect(glossary.locator("dt[data-glossary=crystal]")).to_have_text("кристалл")
    expect(glossary.locator("dt[data-glossary=manipulate-fate]")).to_have_text("игра с судьбой")
    # sorted by the Russian words, not by the English ids
    names = glossary.locator("dl").nth(1).locator("dt").all_text_contents()
    assert len(names) >= 33 and names == sorted(names, key=str.lower), names
    screenshot(page, "help-glossary-ru", full_page=False)


def test_lobby_help_names_every_installed_game_and_its_terms(page: Page, server: Server) -> None:
    """The lobby's rules help lists the games the server has (Kindling too), in the games list's
    order, and the terms of each game whose words explain some; at Kindling's table, whose words
    explain none, the help has no glossary to show."""
    _open_help_in(page, server.url, "en")
    games = page.locator("[data-testid=help-dialog] .help-body > section:not([data-testid]) > h2")
    expect(games).to_have_text([game.info.title for game in registry().values()])
    expect(games).to_contain_text(["Kindling"])
    glossary = page.locator("[data-testid=help-glossary]")
    expect(glossary.locator("h3")).to_have_text(["Monolyth", "The Monolith"])
    page.keyboard.press("Escape")
    create_match(page, server.url, "kindling", ["human", "human"])
    page.click("[data-testid=help]")
    help_dialog = page.locator("[data-testid=help-dialog]")
    expect(help_dialog.locator("h2.help-game")).to_have_text(["Kindling"])
    expect(help_dialog).to_contain_text("Kindling is a card game")
    expect(help_dialog.locator("[data-testid=help-glossary]")).to_have_count(0)


def test_table_help_lists_the_games_terms_in_spanish(page: Page, server: Server) -> None:
    create_match(page, server.url, "the-monolith", ["human", "human", "human"])
    page.select_option("[data-testid=lang]", "es")
    page.click("[data-testid=help]")
    glossary = page.locator("[data-testid=help-glossary]")
    expect(glossary.locator("h2")).to_have_text("Glosario")
    # only this game's terms, no per-game headings
    expect(glossary.locator("h3")).to_have_count(0)
    expect(glossary.locator("dt[data-glossary=crystal]")).to_have_count(0)
    expect(glossary.locator("dt[data-glossary=surge]")).to_have_text("impulso")
    expect(glossary.locator("dt[data-glossary=surge] + dd")).to_contain_text(
        "empieza la fase de acciones con cuatro acciones"
    )
    expect(glossary.locator("dt[data-glossary=anger]")).to_have_text("ira")
    glossary.locator("dt[data-glossary=anger]").scroll_into_view_if_needed()
    screenshot(page, "help-glossary-es", full_page=False)
    page.keyboard.press("Escape")
    # Three players leave spaces out of play, drawn dark: the legend says what the dark means.
    absent = [s for s in payload(page)["view"]["spaces"] if not s["exists"]]
    assert absent
    expect(page.locator("[data-testid=legend-absent]")).to_have_text(
        "zonas oscuras: fuera de juego con 3 jugadores"
    )


def test_term_explains_a_word_in_the_chosen_language(page: Page, server: Server) -> None:
    _open_help_in(page, server.url, "ru")
    page.keyboard.press("Escape")
    page.evaluate(
        """async () => {
            const { term } = await import('/static/js/glossary.js');
            document.body.append(term('anger'), term('unearned', 'не заработано'));
        }"""
    )
    anger = page.locator("span[data-glossary=anger]")
    expect(anger).to_have_text("гнев")
    expect(anger).to_have_attribute("tabindex", "0")
    expect(anger).to_have_attribute("title", "Пул гнева — ваши воины вне карты. " + _anger_rest())
    expect(page.locator("span[data-glossary=unearned]")).to_have_text("не заработано")
    anger.focus()
    expect(anger).to_be_focused()
    thrown = page.evaluate(
        """async () => {
            const { term } = await import('/static/js/glossary.js');
            try { term('no-such-term'); return null; } catch (e) { return e.message; }
        }"""
    )
    assert thrown == "no glossary term no-such-term"


def _anger_rest() -> str:
    return (
        "Из него можно набирать воинов, а чтобы потратить гнев, воинов переносят оттуда в лимб: "
        "так играют с судьбой и платят за карты."
    )


def test_terms_on_the_tables_explain_themselves(page: Page, server: Server) -> None:
    """Words such as 'unearned' or 'anger' on The Monolith's table and 'prophecy' on Monolyth's
    carry their glossary entry, in the page's language."""
    page.goto(f"{server.url}/")
    page.evaluate("localStorage.setItem('monolith.lang', 'ru')")
    for game, players, terms in (
        ("the-monolith", 3, ("unearned", "anger", "limbo", "tower", "slay")),
        ("monolyth", 2, ("prophecy", "supply", "level-token", "ring")),
    ):
        seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        body = {"game": game, "players": players, "seats": seats}
        match_id = httpx.post(f"{server.url}/api/matches", json=body).json()["match_id"]
        page.goto(f"{server.url}/watch/{match_id}")
        for term in terms:
            found = page.locator(f"[data-glossary={term}]").first
            expect(found).to_be_visible()
            expect(found).to_have_attribute("title", re.compile(r"[а-яё]{4}", re.IGNORECASE))
            assert found.get_attribute("tabindex") == "0"


def test_the_open_help_follows_a_change_of_language(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/")
    page.select_option("[data-testid=lang]", "en")
    page.click("[data-testid=help]")
    glossary = page.locator("[data-testid=help-glossary]")
    expect(glossary.locator("h2")).to_have_text("Glossary")
    page.select_option("[data-testid=lang]", "ru")
    expect(glossary.locator("h2")).to_have_text("Словарь терминов")
    expect(page.locator("[data-testid=help-dialog]")).to_have_count(1)
    page.keyboard.press("Escape")
    expect(page.locator("[data-testid=help-dialog]")).to_have_count(0)


def test_the_help_takes_the_focus_and_holds_the_page_still(page: Page, server: Server) -> None:
    """Open, the help has the keyboard's focus (Tab cannot wander to the page behind it) and the
    page behind does not scroll under a wheel; closed, the focus is back on the Rules button."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"{server.url}/")
    page.select_option("[data-testid=lang]", "en")
    page.focus("[data-testid=help]")
    page.keyboard.press("Enter")
    close = page.locator("[data-testid=help-close]")
    expect(close).to_be_focused()
    for _ in range(3):
        page.keyboard.press("Tab")
        assert page.evaluate(
            "document.querySelector('[data-testid=help-dialog]').contains(document.activeElement)"
        )
    before = page.evaluate("scrollY")
    page.mouse.move(195, 20)  # over the dimmed page, outside the help's panel
    page.evaluate("window.__wheels = 0; addEventListener('wheel', () => window.__wheels++)")
    page.mouse.wheel(0, 800)
    page.wait_for_function("() => window.__wheels > 0")  # the wheel reached the page...
    settled(page)  # ...and whatever scroll it made is over
    assert page.evaluate("scrollY") == before
    page.keyboard.press("Escape")
    expect(page.locator("[data-testid=help-dialog]")).to_have_count(0)
    expect(page.locator("[data-testid=help]")).to_be_focused()
    page.mouse.wheel(0, 800)  # closed, the page scrolls again
    page.wait_for_function("y => scrollY > y", arg=before)
