"""The table as a player meets it on a 390x844 phone, in Spanish and Russian: no page is wider than
the screen (no sideways scrolling), and a notice never hides whose turn it is."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import httpx
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server, checked_page, screenshot
from tests.web.helpers import create_match, settled, wait_my_turn_or_end
from tests.web.test_seats import api, new_match, sit

PHONE = (390, 844)
LONG_NAME = "Александра Константиновна Преображенская"  # 40 characters, the most a name may hold

# The elements reaching past the right edge of the window, widest first: what to fix when a page
# is too wide.
_TOO_WIDE = """
() => [...document.querySelectorAll("body *")]
  .map((e) => [e, e.getBoundingClientRect()])
  .filter(([e, r]) => r.right > innerWidth + 0.5 && r.width > 0)
  .sort((a, b) => b[1].right - a[1].right)
  .slice(0, 6)
  .map(([e, r]) => `${e.tagName}.${e.getAttribute("class") || ""} ${Math.round(r.right)}px`)
"""


def assert_fits(page: Page, where: str) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    inner = page.evaluate("innerWidth")
    assert width <= inner, (
        f"{where}: {width}px wide on a {inner}px screen: {page.evaluate(_TOO_WIDE)}"
    )


@pytest.fixture
def phone(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    with checked_page(browser, *PHONE, request) as tab:
        yield tab


def speak(page: Page, server: Server, lang: str) -> None:
    page.goto(f"{server.url}/")
    page.evaluate("lang => localStorage.setItem('monolith.lang', lang)", lang)


def finished_bot_match(server: Server) -> str:
    """A Monolyth match bots play to the end by themselves, for its replay."""
    match_id = new_match(server, "monolyth", ["bot", "bot"])
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        state = httpx.get(f"{server.url}/api/matches/{match_id}/state").json()
        if state["status"] == "finished":
            return match_id
        time.sleep(0.5)
    raise AssertionError("two bots should finish a Monolyth match within 90 s")


@pytest.mark.parametrize("lang", ["ru", "es"])
def test_no_page_is_wider_than_a_phone(phone: Page, server: Server, lang: str) -> None:
    page = phone
    speak(page, server, lang)
    # The lobby lists matches with long names, open seats and bots.
    crowded = new_match(server, "the-monolith", ["human", "human", "bot", "bot"])
    api(server, "POST", f"/api/matches/{crowded}/seats/0/join", name=LONG_NAME)
    replayed = finished_bot_match(server)
    page.goto(f"{server.url}/")
    expect(page.locator(f"[data-testid=match-{crowded}]")).to_be_visible()
    assert_fits(page, f"the lobby ({lang})")
    screenshot(page, f"fit-lobby-{lang}-phone")

    page.goto(f"{server.url}/join/{crowded}/1")
    expect(page.locator("[data-testid=join-name]")).to_be_visible()
    assert_fits(page, f"the join form ({lang})")

    for game, players in (("monolyth", 4), ("the-monolith", 4)):
        match_id = new_match(server, game, ["human"] + ["bot"] * (players - 1))
        sit(page, server, match_id, 0, LONG_NAME)
        assert wait_my_turn_or_end(page)
        assert_fits(page, f"a {game} table ({lang})")
        if game == "monolyth":
            # A piece chosen and a placement on the board: the tray says where it goes.
            page.locator("[data-testid^=ring-step-]").first.click()
            page.locator("[data-testid=next-placement]").click()
            expect(page.locator("[data-testid=confirm]")).to_be_enabled()
            assert_fits(page, f"a {game} table, a placement chosen ({lang})")
        screenshot(page, f"fit-{game}-{lang}-phone", full_page=False)

    page.goto(f"{server.url}/replay/{replayed}")
    expect(page.locator("[data-testid=ring]")).to_be_visible()
    assert_fits(page, f"a replay ({lang})")


# Whether the turn badge shows whole: no toast overlaps it, and its centre is its own.
_BADGE_SEEN = """
() => {
  const b = document.querySelector("[data-testid=turn]").getBoundingClientRect();
  const overlaps = [...document.querySelectorAll(".toast")].map((t) => t.getBoundingClientRect())
    .some((r) => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom);
  const centre = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
  return !overlaps && Boolean(centre?.closest("[data-testid=turn]"));
}
"""


@pytest.mark.parametrize("game", ["monolyth", "the-monolith"])
def test_a_notice_never_hides_whose_turn_it_is(phone: Page, server: Server, game: str) -> None:
    page = phone
    speak(page, server, "ru")
    seats = ["human", "bot|greedy|default"] + (["bot|greedy|default"] if game != "monolyth" else [])
    create_match(page, server.url, game, seats)  # lands with the lobby's notice "match created"
    expect(page.locator("[data-testid=turn]")).not_to_be_empty()
    expect(page.locator(".toast")).to_have_count(1)  # it shows for 4 s
    expect(page.locator(".toast")).to_contain_text("Все места заняты")  # nobody to invite
    assert page.evaluate(_BADGE_SEEN), "the lobby's notice covers the table's turn badge"
    # A refusal on the player's turn adds a longer notice.
    assert wait_my_turn_or_end(page)
    page.evaluate("window.__monolith.sendRaw({type: 'nonsense'})")
    expect(page.locator(".toast.error")).to_have_count(1)
    expect(page.locator("[data-testid=turn]")).to_have_text("Ваш ход")
    assert page.evaluate(_BADGE_SEEN), "a notice covers the turn badge"
    screenshot(page, f"notices-{game}-ru-phone", full_page=False)


FINGER = 40  # px: the least width and height of a control a finger can hit without a miss

# The controls on screen smaller than a finger, with their size (a checkbox counts by its label; a
# glossary term is a word inside a line of text, as WCAG 2.5.8 allows).
_TOO_SMALL = """
(finger) => [...document.querySelectorAll("button, select, input, summary, a[href], [role=button]")]
  .filter((e) => !e.closest(".sr-only, .glossary-term") && !(e instanceof SVGElement))
  .map((e) => [e, (e.type === "checkbox" && e.closest("label")) || e])
  .map(([e, hit]) => [e, hit.getBoundingClientRect()])
  .filter(([e, r]) => r.width > 0 && r.height > 0 && (r.width < finger || r.height < finger))
  .map(([e, r]) => `${e.dataset.testid || e.className || e.tagName} ${Math.round(r.width)}x${
    Math.round(r.height)} "${(e.textContent || "").trim().slice(0, 20)}"`)
"""


def assert_tappable(page: Page, where: str) -> None:
    small = page.evaluate(_TOO_SMALL, FINGER)
    assert not small, f"{where}: controls smaller than {FINGER}px: {small}"


def test_every_control_is_big_enough_for_a_finger(phone: Page, server: Server) -> None:
    page = phone
    speak(page, server, "ru")
    page.goto(f"{server.url}/")
    expect(page.locator("[data-testid=create]")).to_be_visible()
    assert_tappable(page, "the lobby")
    for game in ("monolyth", "the-monolith"):
        sit(page, server, new_match(server, game, ["human", "bot", "bot"]), 0, "Ада")
        assert wait_my_turn_or_end(page)
        if game == "monolyth":
            page.locator("[data-testid^=prophecy-side-]").first.click()  # the values show
            assert_tappable(page, "a Monolyth table, taking a prophecy")
            page.locator("[data-testid^=ring-step-]").first.click()
            page.click("[data-testid=next-placement]")
        assert_tappable(page, f"a {game} table")


@pytest.mark.parametrize(
    ("game", "word"),
    [("monolyth", "prophecy"), ("monolyth", "player-board"), ("the-monolith", "anger")],
)
def test_a_tapped_term_shows_its_meaning(phone: Page, server: Server, game: str, word: str) -> None:
    """A phone shows no tooltips: tapping a dotted word explains it, in the reader's language."""
    page = phone
    speak(page, server, "ru")
    sit(page, server, new_match(server, game, ["human", "bot", "bot"]), 0, "Ада")
    assert wait_my_turn_or_end(page)  # the bots have moved: the table stands still
    found = page.locator(f".glossary-term[data-glossary={word}]").first
    found.click()
    bubble = page.locator("[data-testid=glossary-bubble]")
    expect(bubble).to_be_visible()
    meaning = found.get_attribute("title")
    assert meaning and re.search("[а-яё]{4}", meaning)
    expect(bubble).to_contain_text(meaning)
    box = bubble.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0]
    assert_fits(page, f"a {game} table with a term explained")
    screenshot(page, f"term-{game}-ru-phone", full_page=False)
    page.mouse.click(5, PHONE[1] - 5)  # elsewhere: it goes
    expect(bubble).to_have_count(0)


@pytest.mark.parametrize("game", ["monolyth", "the-monolith"])
def test_an_open_table_waits_for_players_not_for_its_creator(
    phone: Page, server: Server, game: str
) -> None:
    """Until every seat is taken nobody can move: the table says it waits for players to sit
    down, never "waiting for Ada" on Ada's own page."""
    page = phone
    speak(page, server, "ru")
    seats = ["human", "human"] + (["bot|greedy|default"] if game != "monolyth" else [])
    create_match(page, server.url, game, seats, name="Ада")
    waiting = page.locator(".game-area .waiting")
    expect(waiting).to_have_text("Ждём, пока сядут игроки")
    expect(page.locator("[data-testid=turn]")).to_have_text("Ждём, пока сядут игроки")


def test_a_chosen_piece_leaves_the_whole_board_in_view(phone: Page, server: Server) -> None:
    """On a phone the tray with Confirm sticks to the bottom of the screen; once a piece is chosen
    the board it goes on shows whole above the tray, its near walls included."""
    page = phone
    speak(page, server, "ru")
    sit(page, server, new_match(server, "monolyth", ["human", "bot"]), 0, LONG_NAME)
    assert wait_my_turn_or_end(page)
    page.evaluate("window.scrollTo(0, 0)")
    page.locator("[data-testid^=ring-step-]").first.click()
    page.locator("[data-testid=next-placement]").click()
    expect(page.locator("[data-testid=confirm]")).to_be_enabled()
    board = page.locator(".board-panel.big .iso-board").bounding_box()
    tray = page.locator("[data-testid=tray]").bounding_box()
    assert board and tray
    assert board["y"] >= 0, "the board's far side went off the top of the screen"
    assert board["y"] + board["height"] <= tray["y"], "the tray hides the board's near walls"
    screenshot(page, "board-above-tray-ru-phone", full_page=False)


def test_a_lone_rivals_board_takes_the_phones_width(phone: Page, server: Server) -> None:
    """With two players the rival's board is the only one beside the reader's: on a phone it takes
    the row (the rivals' grid has two columns for three or four players), not half of it."""
    page = phone
    sit(page, server, new_match(server, "monolyth", ["human", "bot"]), 0, "Ada")
    assert wait_my_turn_or_end(page)
    expect(page.locator(".mono-others .board-panel")).to_be_visible()
    # Measured in one step: a redraw between two separate measures would leave one of them empty.
    row, rival = page.evaluate(
        """() => ['.mono-others', '.mono-others .board-panel'].map((s) => {
            const r = document.querySelector(s).getBoundingClientRect();
            return {width: r.width, height: r.height};
        })"""
    )
    screen = page.viewport_size
    assert screen and row["width"] > 0
    assert rival["width"] >= 0.95 * row["width"], (rival, row)
    assert rival["height"] <= 0.75 * screen["height"], "it leaves the screen for more"


def test_a_third_rivals_board_sits_centred_under_the_two(phone: Page, server: Server) -> None:
    """With four players the rivals' grid has two columns: the third board sits centred on its
    own row, at the others' width, rather than in the left half beside an empty one."""
    page = phone
    sit(page, server, new_match(server, "monolyth", ["human", "bot", "bot", "bot"]), 0, "Ada")
    assert wait_my_turn_or_end(page)
    expect(page.locator(".mono-others .board-panel")).to_have_count(3)
    row, first, third = page.evaluate(
        """() => {
            const boxes = [document.querySelector('.mono-others'),
                ...document.querySelectorAll('.mono-others > .board-panel')];
            return [boxes[0], boxes[1], boxes[3]].map((b) => {
                const r = b.getBoundingClientRect();
                return {left: r.left, width: r.width, centre: r.left + r.width / 2};
            });
        }"""
    )
    assert abs(third["centre"] - row["centre"]) <= 2, (third, row)
    assert abs(third["width"] - first["width"]) <= 2, (third, first)


_BAR_BOTTOM = "() => document.querySelector('.topbar').getBoundingClientRect().bottom"


def test_the_top_bar_tucks_away_while_a_phone_scrolls_down(
    browser: Browser, server: Server, request: pytest.FixtureRequest
) -> None:
    """On a phone the two-row top bar would sit over the ring and the board: it slides away while
    the page scrolls down and comes back on a scroll up; so on a phone turned on its side, where
    it takes a seventh of the height. A desktop's bar stays put."""
    with checked_page(browser, *PHONE, request) as page:
        speak(page, server, "ru")
        sit(page, server, new_match(server, "monolyth", ["human", "bot"]), 0, "Ада")
        assert wait_my_turn_or_end(page)
        bar = page.locator(".topbar")
        page.evaluate("window.scrollTo(0, 0)")
        expect(bar).not_to_have_class(re.compile("tucked"))
        page.evaluate("window.scrollTo(0, 500)")
        expect(bar).to_have_class(re.compile("tucked"))
        page.wait_for_function(f"() => ({_BAR_BOTTOM})() <= 0")  # slid out, not merely marked
        ring = page.locator("[data-testid^=ring-step-]").first
        page.locator("[data-testid=lang]").focus()  # a control of the bar reached by Tab shows
        expect(bar).not_to_have_class(re.compile("tucked"))
        page.locator("[data-testid^=ring-step-]").first.focus()
        page.evaluate("window.scrollTo(0, 600)")
        expect(bar).to_have_class(re.compile("tucked"))
        page.evaluate("window.scrollTo(0, 300)")  # up again: the turn badge is back in view
        expect(bar).not_to_have_class(re.compile("tucked"))
        expect(page.locator("[data-testid=turn]")).to_be_in_viewport()
        page.evaluate("window.scrollTo(0, 0)")
        ring.click()
        page.locator("[data-testid=next-placement]").click()
        settled(page)  # the page's scroll to the board and the bar's slide
        board = page.locator(".board-panel.big .iso-board").bounding_box()
        assert board
        assert board["y"] >= page.evaluate(_BAR_BOTTOM), "the top bar hides the board's far side"
        screenshot(page, "top-bar-tucked-ru-phone", full_page=False)
    with checked_page(browser, 844, 390, request) as page:  # a phone turned on its side
        speak(page, server, "ru")
        sit(page, server, new_match(server, "monolyth", ["human", "bot"]), 0, "Ада")
        assert wait_my_turn_or_end(page)
        bar = page.locator(".topbar")
        page.evaluate("window.scrollTo(0, 0)")
        page.evaluate("window.scrollTo(0, 500)")
        expect(bar).to_have_class(re.compile("tucked"))
        page.wait_for_function(f"() => ({_BAR_BOTTOM})() <= 0")
        page.evaluate("window.scrollTo(0, 300)")
        expect(bar).not_to_have_class(re.compile("tucked"))
    with checked_page(browser, 1366, 768, request) as page:
        speak(page, server, "ru")
        sit(page, server, new_match(server, "monolyth", ["human", "bot"]), 0, "Ада")
        page.evaluate("window.scrollTo(0, 400)")
        settled(page)
        assert page.evaluate(_BAR_BOTTOM) > 0, "a desktop's top bar should stay in view"
        expect(page.locator(".topbar")).not_to_have_class(re.compile("tucked"))


_BOX = """(s) => { const r = document.querySelector(s).getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }"""


@pytest.mark.parametrize("size", [(844, 390), (932, 430)])
def test_a_phone_on_its_side_makes_a_whole_move_on_one_screen(
    browser: Browser, server: Server, request: pytest.FixtureRequest, size: tuple[int, int]
) -> None:
    """On a phone turned on its side the ring, the reader's monolith and the tray with Confirm
    stand side by side below the top bar: a piece is chosen, placed and confirmed without
    scrolling, and choosing it does not scroll the page away from the ring."""
    with checked_page(browser, *size, request) as page:
        speak(page, server, "ru")
        sit(page, server, new_match(server, "monolyth", ["human", "bot"]), 0, "Ада")
        assert wait_my_turn_or_end(page)
        page.evaluate("window.scrollTo(0, 0)")
        page.locator("[data-testid^=ring-step-]").first.dispatch_event("click")
        page.locator("[data-testid=next-placement]").dispatch_event("click")
        expect(page.locator("[data-testid=confirm]")).to_be_enabled()
        assert page.evaluate("scrollY") == 0, "choosing a piece scrolled the page"
        bar = page.evaluate(_BAR_BOTTOM)
        width, height = size
        for part in (".ring", ".board-panel.big .iso-board", "[data-testid=confirm]"):
            box = page.evaluate(_BOX, part)
            assert box["top"] >= bar and box["bottom"] <= height, (part, box, bar)
            assert box["left"] >= 0 and box["right"] <= width, (part, box)
        assert_fits(page, f"a Monolyth table at {width}x{height}")
        screenshot(page, f"monolyth-{width}x{height}-ru-landscape", full_page=False)


@pytest.mark.parametrize(("lang", "tap"), [("en", "Tap the column"), ("ru", "Нажмите на столбец")])
def test_a_touch_screen_is_told_to_tap_not_to_click(
    browser: Browser, server: Server, lang: str, tap: str
) -> None:
    """On a screen pressed with a finger the tray's hint says "tap" and names no key to press."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
    try:
        page = context.new_page()
        speak(page, server, lang)
        sit(page, server, new_match(server, "monolyth", ["human", "bot"]), 0, "Ada")
        assert wait_my_turn_or_end(page)
        page.locator("[data-testid^=ring-step-]").first.dispatch_event("click")
        tray = page.get_by_test_id("tray")
        expect(tray).to_contain_text(tap)
        expect(tray).not_to_contain_text("R ")
    finally:
        context.close()
