"""A game without a page of its own (Kindling, the one-folder game) is played at the web table
on the generic page: its view and a button per legal action, to the end against a bot."""

from __future__ import annotations

import re

from playwright.sync_api import Page, expect

from tests.web.conftest import Server, screenshot
from tests.web.helpers import click_and_wait, create_match, payload, wait_my_turn_or_end

BOT = "bot|greedy|default"


def test_a_game_without_its_own_page_is_played_to_the_end_on_the_generic_one(
    page: Page, server: Server
) -> None:
    create_match(page, server.url, "kindling", ["human", BOT])
    expect(page).to_have_title(re.compile(r"\bKindling · Monolith$"))  # named in its own words
    decisions = 0
    while wait_my_turn_or_end(page):
        buttons = page.locator("[data-testid=action]")
        expect(buttons.first).to_be_visible()
        expect(buttons.first).to_contain_text(re.compile(r"to your fire|on the ashes"))
        assert buttons.count() == len(payload(page)["legal_actions"])
        click_and_wait(page, "[data-testid=action]")
        decisions += 1
        assert decisions <= 32, "the deck's 32 cards are each used once, half of them here"
    final = payload(page)
    assert final["result"] is not None and sorted(final["result"]["ranking"]) == [0, 1]
    assert decisions > 5
    screenshot(page, "kindling-generic-page-over")


def test_the_coach_s_choice_shown_on_the_generic_page_is_its_option_marked_and_focused(
    page: Page, server: Server
) -> None:
    """The hint's "Show on the board", on a game without its own page, marks the coach's option
    among the buttons and focuses it (the hint says one press plays it); closing the hint
    unmarks it."""
    create_match(page, server.url, "kindling", ["human", BOT])
    assert wait_my_turn_or_end(page)
    page.keyboard.press("h")
    first = page.locator("[data-testid=hint-item]").first
    expect(first).to_be_visible(timeout=60_000)  # the coach thinks in a worker, under any load
    advised = first.get_attribute("data-id")
    page.locator("[data-testid=hint-show]").first.click()
    marked = page.locator("[data-testid=action].suggested")
    expect(marked).to_have_count(1)
    expect(marked).to_have_attribute("data-id", advised or "")
    expect(marked).to_be_focused()
    # its ring (2 px) whole inside the list, which scrolls and so clips what overflows it
    ring_fits = page.evaluate(
        """() => {
          const box = (s) => document.querySelector(s).getBoundingClientRect();
          const b = box('[data-testid=action].suggested');
          const l = box('[data-testid=action-list]');
          return b.top - 2 >= l.top && b.bottom + 2 <= l.bottom
            && b.left - 2 >= l.left && b.right + 2 <= l.right;
        }"""
    )
    assert ring_fits
    screenshot(page, "kindling-generic-page-hint-shown", full_page=False)
    page.click("[data-testid=hint-close]")
    expect(marked).to_have_count(0)
