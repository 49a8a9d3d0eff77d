"""Where things are on a Monolyth board, as a player reads it: the sides of a monolith by their
whole names (a lone letter can read as a digit: Russian З as 3, Spanish O as 0), and a placement by
its levels and the walls it stands against, never by engine coordinates such as "a4, b4"."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server, checked_page, screenshot
from tests.web.helpers import payload, version, wait_my_turn_or_end, wait_past
from tests.web.test_seats import new_match, sit

SIDES = {
    "en": {"north": "north", "east": "east", "south": "south", "west": "west"},
    "es": {"north": "norte", "east": "este", "south": "sur", "west": "oeste"},
    "ru": {"north": "север", "east": "восток", "south": "юг", "west": "запад"},
}
LEVEL = {"en": "level", "es": "nivel", "ru": "уров"}  # "уровень 1", "уровни 1–2"
WALLS = {"en": "wall", "es": "muro", "ru": "стен"}
WALL_WORDS = {  # how a wall is named in a sentence ("against the north wall", "у южной стены")
    **{lang: sides for lang, sides in SIDES.items() if lang != "ru"},
    "ru": {"north": "северн", "east": "восточн", "south": "южн", "west": "западн"},
}
COORDINATES = re.compile(r"\b[a-d][1-4]\b")

# Every piece of text a sighted player can see (screen-reader-only words and tooltips left out).
_SEEN_TEXT = """
() => {
  const seen = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walk.nextNode()) {
    const node = walk.currentNode;
    const text = node.textContent.trim();
    const hidden = ".sr-only, title, [hidden], details:not([open]) > :not(summary)";
    if (text && !node.parentElement.closest(hidden)) seen.push(text);
  }
  return seen;
}
"""


@pytest.fixture(params=[(390, 844), (1366, 768)], ids=["phone", "laptop"])
def sized(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    width, height = request.param
    with checked_page(browser, width, height, request) as tab:
        yield tab


def legal(page: Page) -> list[dict[str, Any]]:
    return list(payload(page)["legal_actions"])


def board_words(page: Page) -> list[str]:
    """The words drawn on the player's own board, outside its prophecy badges."""
    texts: list[str] = page.eval_on_selector_all(
        "[data-testid=board-0] svg text:not(.prophecy-badge text)",
        "els => els.map(e => getComputedStyle(e).display === 'none' ? '' : e.textContent.trim())",
    )
    return [t for t in texts if t]


@pytest.mark.parametrize("lang", ["ru", "es", "en"])
def test_sides_and_placements_read_in_words(sized: Page, server: Server, lang: str) -> None:
    page = sized
    page.goto(f"{server.url}/")
    page.evaluate("lang => localStorage.setItem('monolith.lang', lang)", lang)
    sit(page, server, new_match(server, "monolyth", ["human", "bot"]), 0, "Ада")
    assert wait_my_turn_or_end(page)
    sides = SIDES[lang]

    # The compass names each side of the board in a word.
    assert sorted(w.lower() for w in board_words(page)) == sorted(sides.values())

    # A prophecy taken through the picker: its side reads as a word on the buttons and the chip.
    prophecy = next(a["action"] for a in legal(page) if a["action"]["type"] == "prophecy")
    side = prophecy["side"]
    button = page.locator(f"[data-testid=prophecy-side-{side}]")
    expect(button).to_have_text(re.compile(f"^{sides[side]}$", re.IGNORECASE))
    seen = version(page)
    button.click()
    page.click(f"[data-testid=prophecy-value-{prophecy['value']}]")
    page.click("[data-testid=confirm]")
    wait_past(page, seen)
    assert wait_my_turn_or_end(page)
    chip = page.locator("[data-testid=board-0] .token.prophecy")
    expect(chip).to_have_text(re.compile(f"^{sides[side]} \\d+/{prophecy['value']}", re.I))
    others = sorted(w.lower() for s, w in sides.items() if s != side)
    assert sorted(w.lower() for w in board_words(page)) == others  # the badge stands for it

    # A placement chosen: the tray says on which levels and against which walls it stands.
    step = next(a["action"]["step"] for a in legal(page) if a["action"]["type"] == "place")
    page.click(f"[data-testid=ring-step-{step}]")
    page.click("[data-testid=next-placement]")
    detail = page.locator("[data-testid=tray-detail]")
    expect(detail).to_contain_text(LEVEL[lang])
    chosen = next(a["action"] for a in legal(page) if a["id"] == chosen_id(page, step))
    touched = walls_of(chosen["cells"])
    for wall in touched:
        expect(detail).to_contain_text(WALL_WORDS[lang][wall])
    if touched:
        expect(detail).to_contain_text(WALLS[lang])
    seen_text = page.evaluate(_SEEN_TEXT)
    assert not [t for t in seen_text if COORDINATES.search(t)], seen_text
    size = page.viewport_size
    assert size is not None
    screenshot(page, f"monolyth-places-{lang}-{size['width']}", full_page=False)


def chosen_id(page: Page, step: int) -> int:
    """The legal action the tray has chosen: the one its preview draws."""
    cells = page.eval_on_selector_all(
        ".iso-board.interactive [data-preview=chosen]", "els => els.map(e => e.dataset.cell)"
    )
    drawn = {tuple(int(n) for n in c.split(",")) for c in cells}
    return next(
        int(a["id"])
        for a in legal(page)
        if a["action"]["type"] == "place"
        and a["action"]["step"] == step
        and {tuple(c) for c in a["action"]["cells"]} == drawn
    )


def walls_of(cells: list[list[int]]) -> set[str]:
    """The walls of the monolith (its outer rows and columns) that some cell stands against."""
    found = set()
    for x, y, _ in cells:
        sides = (("north", y == 0), ("south", y == 3), ("west", x == 0), ("east", x == 3))
        found |= {side for side, on in sides if on}
    return found
