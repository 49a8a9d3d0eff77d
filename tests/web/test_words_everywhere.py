"""No English left on a Spanish or Russian page, in what is read aloud or shown on hover too: every
text, ``title``, ``aria-label`` and ``placeholder`` of the lobby (each game's options) and of a
refused join, read in each language and compared with the same page in English."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Server, screenshot
from tests.web.test_seats import api, new_match

COLLECT = """() => {
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    if (el.closest("noscript, script, style")) continue;
    for (const a of ["title", "aria-label", "placeholder"]) {
      const v = el.getAttribute(a);
      if (v && v.trim()) out.push(v.trim());
    }
    for (const n of el.childNodes) {
      if (n.nodeType === 3 && n.textContent.trim()) out.push(n.textContent.trim());
    }
  }
  return out;
}"""
WORD = re.compile(r"[A-Za-z]{2,}")
SAME_IN_EVERY_LANGUAGE = {"Monolith", "Monolyth", "English", "Español", "no", "Ada"}
"""Words a page shows alike in every language: the brand, the games' names, each language's own
name in the language menu, a player's name, and Spanish "no"."""


TAKEN = {"es": "Alguien ya ha ocupado ese asiento.", "ru": "Это место уже заняли."}


def strip_names(text: str) -> str:
    """``text`` without the words every language shows alike."""
    for name in SAME_IN_EVERY_LANGUAGE:
        text = re.sub(rf"\b{re.escape(name)}\b", "", text)
    return text


def read(page: Page, server: Server, lang: str, path: str = "/") -> None:
    """The page at ``path`` in ``lang``, chosen in its own language menu."""
    page.goto(f"{server.url}{path}")
    page.select_option("[data-testid=lang]", lang)
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)


def lobby_words(page: Page, game: str) -> set[str]:
    page.click(f"[data-testid=game-{game}]")
    expect(page.locator("[data-testid=create]")).to_be_visible()
    return set(page.evaluate(COLLECT))


@pytest.mark.parametrize("game", ["monolyth", "the-monolith"])
def test_the_lobby_and_its_option_tooltips_speak_spanish_and_russian(
    page: Page, server: Server, game: str
) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    read(page, server, "en")
    english = lobby_words(page, game)
    helps = [o["help"] for g in api(server, "GET", "/api/games") for o in g.get("options", [])]
    for lang in ("es", "ru"):
        read(page, server, lang)
        words = lobby_words(page, game)
        for option in page.locator("[data-testid^=option-]").all():
            title = option.get_attribute("title") or ""
            assert title and title not in helps, f"{lang}: option tooltip {title!r}"
        left = sorted(w for w in words & english if WORD.search(w))
        left = [w for w in left if w not in SAME_IN_EVERY_LANGUAGE]
        assert not left, f"English on the {lang} lobby: {left}"
        if lang == "ru":
            latin = sorted(w for w in words if WORD.search(strip_names(w)))
            assert not latin, f"Latin script on the Russian lobby: {latin}"
        screenshot(page, f"lobby-{game}-{lang}")


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_a_seat_already_taken_is_said_in_the_readers_words_only(
    page: Page, server: Server, lang: str
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    match_id = new_match(server, "monolyth", ["human", "human"])
    read(page, server, lang, f"/join/{match_id}/1")
    expect(page.get_by_test_id("join-submit")).to_be_enabled()
    # Grace takes the seat while the page asks for a name.
    api(server, "POST", f"/api/matches/{match_id}/seats/1/join", name="Grace")
    page.fill("[data-testid=join-name]", "Ada")
    page.click("[data-testid=join-submit]")
    toast = page.locator(".toast.error")
    expect(toast).to_be_visible()
    assert toast.get_attribute("title") is None
    words = page.evaluate(COLLECT)
    assert not [w for w in words if "already been joined" in w], words
    expect(toast.locator(".toast-text")).to_have_text(TAKEN[lang])
    screenshot(page, f"seat-taken-{lang}", full_page=False)


def test_one_free_boast_slot_is_singular_in_spanish(page: Page, server: Server) -> None:
    read(page, server, "es")
    said = page.evaluate(
        """async () => {
          const { t } = await import("/static/js/i18n.js");
          return [1, 2].map((empty) => t("tm.map.slots", { total: 2, empty, blood: 0 }));
        }"""
    )
    assert said == ["2 huecos de alarde: 1 libre", "2 huecos de alarde: 2 libres"]
