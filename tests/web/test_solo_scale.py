"""The end of a solo Monolyth game in the browser: the whole rating scale from the game's content,
every rating with its range, the one reached marked, the score placed on it and how far the next
one was; in English and Russian, at 1366x768 and on a 390x844 phone, and in the replay."""

from __future__ import annotations

import itertools
import re
from typing import Any

from playwright.sync_api import Browser, Page, ViewportSize, expect

from monolith.core.i18n import localizer
from monolith.games.monolyth import GAME
from monolith.games.monolyth.content import rating_key
from tests.web.conftest import Server, checked_page, screenshot
from tests.web.helpers import create_match, payload, version, wait_my_turn_or_end, wait_past

PHONE = ViewportSize(width=390, height=844)
LAPTOP = ViewportSize(width=1366, height=768)
RANGES = {"en": "{} or more", "ru": "{} и больше"}


def _finish_solo_game(page: Page, server: Server, *, scrolled_down: bool = False) -> str:
    """Create a solo match and play it out by sending legal moves straight to the server (the
    largest placement each turn): the end screen is under test here, not the choosing. With
    ``scrolled_down`` the page is at its bottom before every move, as a reader at the tray."""
    match_id = create_match(page, server.url, "monolyth", ["human"])
    while wait_my_turn_or_end(page):
        if scrolled_down:
            page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
            assert page.evaluate("window.scrollY") > 0, "the page fits the screen: nothing below"
        legal = [a["action"] for a in payload(page)["legal_actions"]]
        places = [a for a in legal if a["type"] == "place"]
        action = max(places, key=lambda a: len(a["cells"])) if places else legal[0]
        seen = version(page)
        page.evaluate("action => window.__monolith.sendRaw(action)", action)
        wait_past(page, seen)
    return match_id


def _final_score(page: Page) -> int:
    view: dict[str, Any] = payload(page)["view"]
    assert view["over"]
    return int(view["boards"][0]["score"])


def _check_scale(page: Page, scope: str, lang: str, score: int, *, you: bool) -> None:
    """The scale in ``scope`` shows every rating of the content, in ``lang``, with ``score``
    placed in the rating the content's minimums give it."""
    words = localizer(GAME, lang)
    ratings = GAME.content.solo_ratings
    names = [words.text(f"rating-{rating_key(title)}") for _, title in ratings]
    reached = [title for _, title in ratings].index(GAME.content.rating(score))

    scale = page.locator(f"{scope} [data-testid=solo-scale]")
    expect(scale).to_be_visible()
    bands = scale.locator(".band")
    expect(bands.locator(".band-name")).to_have_text(names)
    minimums = [minimum for minimum, _ in ratings]
    ranges = [f"{low}–{high - 1}" for low, high in itertools.pairwise(minimums)]
    expect(bands.locator(".band-range")).to_have_text([*ranges, RANGES[lang].format(minimums[-1])])
    here = scale.locator(".band.here")
    expect(here).to_have_count(1)
    expect(here).to_have_attribute("aria-current", "true")
    expect(here.locator(".band-name")).to_have_text(names[reached])
    expect(scale.locator(".band.passed")).to_have_count(reached)

    name = names[reached]
    verdict = scale.locator("[data-testid=solo-verdict]")
    if lang == "en":
        points = "1 point" if score == 1 else f"{score} points"
        who = "You" if you else "Ada"
        expect(verdict).to_have_text(f"{who} scored {points}: {name}")
    else:
        who = "Вы набрали" if you else "Ada:"
        expect(verdict).to_have_text(re.compile(rf"^{who} {score} очк\S* — звание «{name}»$"))
    following = scale.locator("[data-testid=solo-next]")
    if reached + 1 < len(ratings):
        missing, minimum = minimums[reached + 1] - score, minimums[reached + 1]
        if lang == "en":
            expect(following).to_have_text(
                re.compile(rf"^{missing} points? short of {names[reached + 1]} \(from {minimum} ")
            )
        else:
            expect(following).to_have_text(
                re.compile(rf"^До звания «{names[reached + 1]}» не хватило {missing} очк")
            )
    else:
        expect(following).to_have_text(words.text("mono-solo-top"))

    # The marker shows the score and stands inside the reached rating's stretch of the scale.
    marker = scale.locator("[data-testid=solo-marker]")
    expect(marker).to_have_text(str(score))
    # (Across a wide screen the marker is a line down through the scale; on a phone, where the
    # scale runs down, a line across it.)
    # (A state pushed meanwhile redraws the end screen; boxes are read once both are laid out.)
    expect(marker).to_be_visible()
    for _ in range(50):
        band_box, marker_box = here.bounding_box(), marker.bounding_box()
        if band_box and marker_box:
            break
        page.wait_for_timeout(100)
    assert band_box and marker_box
    if marker_box["height"] > marker_box["width"]:
        assert band_box["x"] <= marker_box["x"] <= band_box["x"] + band_box["width"]
    else:
        assert band_box["y"] <= marker_box["y"] <= band_box["y"] + band_box["height"]
    # Nothing of the scale runs out of its box or off the screen.
    size = page.viewport_size
    assert size
    box = scale.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= size["width"]
    overflowing = bands.evaluate_all(
        "els => els.filter(e => [...e.children].some(c => c.scrollWidth > c.clientWidth + 1))"
        ".map(e => e.textContent)"
    )
    assert not overflowing, f"band text overflows: {overflowing}"


def _shoot(page: Page, scope: str, name: str) -> None:
    """A screenshot of the window with the scale scrolled into it, for people to judge."""
    page.locator(f"{scope} [data-testid=solo-scale]").scroll_into_view_if_needed()
    screenshot(page, name, full_page=False)


def test_a_finished_solo_game_shows_the_scale_with_the_score_on_it(
    page: Page, server: Server
) -> None:
    page.set_viewport_size(LAPTOP)
    match_id = _finish_solo_game(page, server)
    score = _final_score(page)
    result = "[data-testid=result]"
    _check_scale(page, result, "en", score, you=True)
    _shoot(page, result, "solo-scale-laptop-en")

    page.select_option("[data-testid=lang]", "ru")
    _check_scale(page, result, "ru", score, you=True)
    _shoot(page, result, "solo-scale-laptop-ru")

    page.set_viewport_size(PHONE)
    _check_scale(page, result, "ru", score, you=True)
    _shoot(page, result, "solo-scale-phone-ru")
    page.select_option("[data-testid=lang]", "en")
    _check_scale(page, result, "en", score, you=True)
    _shoot(page, result, "solo-scale-phone-en")

    # The replay's last step shows the same scale, to the player who played it here as "you".
    page.click("[data-testid=open-replay]")
    page.wait_for_url(f"**/replay/{match_id}")
    expect(page.locator("[data-testid=solo-scale]")).to_have_count(0)
    page.click("[data-testid=replay-last]")
    _check_scale(page, "[data-testid=replay-result]", "en", score, you=True)
    page.select_option("[data-testid=lang]", "ru")
    _check_scale(page, "[data-testid=replay-result]", "ru", score, you=True)
    _shoot(page, "[data-testid=replay-result]", "solo-scale-replay-phone-ru")


def test_a_spectator_reads_the_players_name_not_you(
    page: Page, browser: Browser, server: Server
) -> None:
    match_id = _finish_solo_game(page, server)
    score = _final_score(page)
    with checked_page(browser, LAPTOP["width"], LAPTOP["height"]) as watcher:
        watcher.goto(f"{server.url}/watch/{match_id}")
        watcher.wait_for_selector("[data-testid=result] [data-testid=solo-scale]")
        _check_scale(watcher, "[data-testid=result]", "en", score, you=False)
        # ...and so does the replay in a browser that did not play it.
        watcher.goto(f"{server.url}/replay/{match_id}")
        watcher.click("[data-testid=replay-last]")
        _check_scale(watcher, "[data-testid=replay-result]", "en", score, you=False)


def test_a_game_ending_below_the_fold_brings_its_result_into_view(
    page: Page, server: Server
) -> None:
    """A reader scrolled down to the board when the game ends sees the result come into view,
    just under the top bar (only the badge said so before)."""
    page.set_viewport_size(PHONE)
    _finish_solo_game(page, server, scrolled_down=True)
    result = page.locator("[data-testid=result]")
    expect(result).to_be_visible()
    page.wait_for_function(
        """() => {
            const top = document.querySelector("[data-testid=result]").getBoundingClientRect().top;
            const bar = document.querySelector(".topbar").getBoundingClientRect().bottom;
            return top >= bar - 1 && top < window.innerHeight / 2;
        }"""
    )
    screenshot(page, "solo-end-in-view-phone", full_page=False)
