"""The coach says why, in the game's terms, and shows its line (issue 23, section 2): the hint
states what its first choice does that the next one does not and, shown on the board, chooses it
there (the player only confirms) and draws the decisions the coach expects after it; the hint
stands beside the board, never over the ring, the tray or the map; the end screen opens the
review, which steps through the game move by move and from mark to mark, says why at each
marked decision, and draws the coach's line. In English, Spanish and Russian."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, ViewportSize, expect

from tests.web.conftest import Server, checked_page, screenshot
from tests.web.helpers import act_and_wait, create_match, payload, settled
from tests.web.test_coach import (
    BOT,
    MONOLYTH_DEAL,
    THE_MONOLITH_DEAL,
    finished_review,
    get,
    in_language,
    play_badly,
    start_server,
    token_of,
)

LANGS = ["en", "es", "ru"]
LAPTOP: ViewportSize = {"width": 1366, "height": 768}
PHONE: ViewportSize = {"width": 390, "height": 844}
PHONE_ACROSS: ViewportSize = {"width": 844, "height": 390}

WHY_FIRST = {"en": "Why first: ", "es": "Por qué primero: ", "ru": "Почему первым: "}
WHY = {"en": "Why: ", "es": "Por qué: ", "ru": "Почему: "}
LINE = {
    "en": "Then the coach expects:",
    "es": "Después el entrenador espera:",
    "ru": "Дальше тренер ожидает:",
}
ENGINE_WORDS = re.compile(r"\{|\}|reason-|mono-|tm-|undefined|null")
"""What a sentence for a reader never shows: a message id, a missing argument."""

SEATS = {
    "monolyth": ["human", BOT],
    "the-monolith": ["human", BOT, BOT],
}
COVERED = {
    "monolyth": ["[data-testid=ring]", "[data-testid=tray]", "[data-testid=board-0]"],
    "the-monolith": ["[data-testid=map]", "[data-testid=decision]"],
}
"""What the hint panel must leave free, per game: where the player reads and decides."""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """Hints searched deep enough for their lines (a decision the search visited once is no
    plan); the reviews small."""
    srv = start_server(
        tmp_path_factory.mktemp("why"),
        MONOLITH_COACH_HINT_ITERATIONS="240",
        MONOLITH_DEAL_SEED="5",
    )
    try:
        yield srv
    finally:
        srv.kill()


def my_choice(page: Page) -> dict[str, Any]:
    """Wait for a decision of ours that is not forced; the table's state then."""
    page.wait_for_function(
        """() => { const p = window.__monolith.payload;
            return p.result || (p.to_move === p.seat && p.legal_actions.length > 1); }""",
        timeout=60_000,
    )
    now = payload(page)
    assert not now["result"], "the game ended before the coach had a reason and a line to give"
    return now


def hint_with_reason(page: Page, base: str, match_id: str) -> dict[str, Any]:
    """Ask for hints, decision after decision (playing the coach's choice), until one says why
    its first choice and has a line after it; that hint, as the API gave it."""
    for _ in range(12):
        now = my_choice(page)
        page.keyboard.press("h")
        expect(page.locator("[data-testid=hint-item]").first).to_be_visible(timeout=60_000)
        status, answer = get(
            base,
            f"/api/matches/{match_id}/hint?version={now['version']}",
            token_of(page, match_id, 0),
        )
        assert status == 200, answer
        best = answer["decisions"][0]
        if answer["reason"] and len(answer["decisions"]) > 1 and best["line"]:
            return answer
        act_and_wait(page, action_id=best["id"])
    raise AssertionError("twelve hints without a reason and a line")


def disjoint(page: Page, one: str, other: str) -> bool:
    a, b = page.locator(one).bounding_box(), page.locator(other).bounding_box()
    assert a is not None and b is not None, (one, other)
    return (
        a["x"] + a["width"] <= b["x"] + 1
        or b["x"] + b["width"] <= a["x"] + 1
        or a["y"] + a["height"] <= b["y"] + 1
        or b["y"] + b["height"] <= a["y"] + 1
    )


def leaves_the_table_free(page: Page, game: str, sizes: list[ViewportSize], name: str) -> None:
    """At each size the hint panel overlaps none of the game's places to read and decide."""
    for size in sizes:
        page.set_viewport_size(size)
        page.wait_for_function("() => !document.querySelector('[data-testid=hint-panel]').hidden")
        for place in COVERED[game]:
            assert disjoint(page, "[data-testid=hint-panel]", place), (size, place)
        page.locator("[data-testid=hint-panel]").scroll_into_view_if_needed()
        expect(page.locator("[data-testid=hint-panel]")).to_be_in_viewport()
        screenshot(page, f"{name}-{size['width']}x{size['height']}", full_page=False)
    page.set_viewport_size(LAPTOP)


@pytest.mark.parametrize("lang", LANGS)
def test_a_monolyth_hint_says_why_chooses_the_move_and_draws_the_line(
    page: Page, server: Server, lang: str
) -> None:
    in_language(page, server.url, lang)
    page.set_viewport_size(LAPTOP)
    match_id = create_match(page, server.url, "monolyth", SEATS["monolyth"])
    answer = hint_with_reason(page, server.url, match_id)
    best = answer["decisions"][0]
    why = page.locator("[data-testid=hint-why]")
    expect(why).to_have_count(1)
    expect(why).to_contain_text(WHY_FIRST[lang])
    expect(why).not_to_contain_text(ENGINE_WORDS)
    page.locator("[data-testid=hint-show]").first.click()
    # Chosen on the board: the player confirms the coach's move with one press.
    confirm = page.locator("[data-testid=confirm]")
    expect(confirm).to_be_enabled()
    expect(confirm).to_have_attribute("data-action", str(best["id"]))
    if best["action"]["type"] == "prophecy":  # a prophecy's side ringed on the board, its value
        side = page.locator(
            f"[data-testid=board-0] [data-testid=suggested-side-{best['action']['side']}]"
        )
        expect(side).to_contain_text(str(best["action"]["value"]))
    # The line, in words and on the boards, numbered alike.
    line = page.locator("[data-testid=coach-line]")
    expect(line).to_contain_text(LINE[lang])
    steps = page.locator("[data-testid=coach-line-step]")
    expect(steps).to_have_count(len(best["line"]))
    for k, step in enumerate(best["line"], start=1):
        expect(steps.nth(k - 1)).not_to_contain_text(ENGINE_WORDS)
        drawn = page.locator(f"[data-testid=board-{step['seat']}] [data-testid=line-mark-{k}]")
        expect(drawn.first).to_be_attached()
    if lang == "en":  # the log's own words: Sapphire "takes", you "take"
        expect(steps.first).to_contain_text(re.compile(r"^1 (Sapphire|You) "))
    leaves_the_table_free(page, "monolyth", [LAPTOP, PHONE], f"coach-why-hint-monolyth-{lang}")
    seen = payload(page)["version"]
    confirm.click()
    page.wait_for_function("v => window.__monolith.payload.version > v", arg=seen)


@pytest.mark.parametrize("lang", LANGS)
def test_a_monolith_hint_says_why_and_rings_the_line_on_the_map(
    browser: Browser, server: Server, lang: str, request: pytest.FixtureRequest
) -> None:
    with checked_page(browser, LAPTOP["width"], LAPTOP["height"], request) as page:
        in_language(page, server.url, lang)
        match_id = create_match(page, server.url, "the-monolith", SEATS["the-monolith"])
        answer = hint_with_reason(page, server.url, match_id)
        best = answer["decisions"][0]
        why = page.locator("[data-testid=hint-why]")
        expect(why).to_contain_text(WHY_FIRST[lang])
        expect(why).not_to_contain_text(ENGINE_WORDS)
        page.locator("[data-testid=hint-show]").first.click()
        steps = page.locator("[data-testid=coach-line-step]")
        expect(steps).to_have_count(len(best["line"]))
        marked = [
            k
            for k, step in enumerate(best["line"], start=1)
            if {"space", "from", "to", "slot"} & set(step["action"])
        ]
        for k in marked:
            expect(page.locator(f"[data-testid=line-mark-{k}]").first).to_be_attached()
        # the coach's own choice is one press away: ringed, or its button marked and focused
        expect(page.locator(".suggested").first).to_be_attached()
        leaves_the_table_free(
            page, "the-monolith", [LAPTOP, PHONE, PHONE_ACROSS], f"coach-why-hint-tm-{lang}"
        )


# The review -------------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def reviewed(
    browser: Browser, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[Server, str, str, dict[str, Any]]]:
    """One Monolyth match played badly by Ada against a bot, to its end, and its review: the
    server, the match, Ada's token and the review as she reads it."""
    srv = start_server(tmp_path_factory.mktemp("reviewed"), MONOLITH_DEAL_SEED=str(MONOLYTH_DEAL))
    try:
        with checked_page(browser, LAPTOP["width"], LAPTOP["height"]) as page:
            match_id = create_match(page, srv.url, "monolyth", ["human", BOT])
            play_badly(page)
            token = token_of(page, match_id, 0)
            # The end screen opens the review, at Ada's first marked decision once it is done.
            opener = page.locator("[data-testid=open-review]")
            expect(opener).to_be_in_viewport()
            screenshot(page, "coach-why-end-screen", full_page=False)
            opener.click()
            page.wait_for_url(re.compile(rf".*/replay/{match_id}#review$"))
            expect(page.locator("[data-testid=coach-step]")).to_be_visible(timeout=120_000)
            opened_at = step_shown(page)
        finished_review(srv.url, match_id)
        status, review = get(srv.url, f"/api/matches/{match_id}/review", token)
        assert status == 200
        marked = [d for d in review["decisions"] if d["seat"] == 0 and d["mark"] != "good"]
        assert marked and opened_at == marked[0]["index"]
        yield srv, match_id, token, review
    finally:
        srv.kill()


def open_as_ada(page: Page, base: str, match_id: str, token: str, lang: str, path: str) -> None:
    in_language(page, base, lang)
    page.evaluate(
        "([id, token]) => localStorage.setItem(`monolith.token.${id}.0`, token)", [match_id, token]
    )
    page.goto(f"{base}{path}")


def step_shown(page: Page) -> int:
    """The replay's step (0 the first move), from its slider."""
    return int(page.locator(".replay-slider").input_value())


@pytest.mark.parametrize("lang", LANGS)
def test_the_review_opens_at_a_mark_says_why_and_draws_the_coachs_line(
    page: Page, reviewed: tuple[Server, str, str, dict[str, Any]], lang: str
) -> None:
    server, match_id, token, review = reviewed
    marked = [d for d in review["decisions"] if d["mark"] != "good"]
    assert marked, "the coach found nothing wrong with the worst options"
    page.set_viewport_size(LAPTOP)
    # The end screen's link: the replay at Ada's first marked decision, its review in view.
    open_as_ada(page, server.url, match_id, token, lang, f"/replay/{match_id}#review")
    expect(page.locator("[data-testid=coach-step]")).to_be_visible(timeout=30_000)
    assert step_shown(page) == marked[0]["index"]
    expect(page.locator("[data-testid=review-mark-pos]")).to_contain_text(str(len(marked)))
    explained = [d for d in marked if d.get("reason") and not d["chose_best"]]
    assert explained, "no marked decision with a reason"
    decision = explained[0]
    while step_shown(page) != decision["index"]:  # from mark to mark
        page.click("[data-testid=review-next-mark]")
    why = page.locator("[data-testid=coach-why]")
    expect(why).to_contain_text(WHY[lang])
    expect(why).not_to_contain_text(ENGINE_WORDS)
    page.click("[data-testid=coach-show]")
    best = decision["best"]
    if best["action"]["type"] == "prophecy":
        side = best["action"]["side"]
        expect(page.locator(f"[data-testid=suggested-side-{side}]")).to_be_attached()
    for x, y, z in best["action"].get("cells", []) or (
        [best["action"]["cell"]] if "cell" in best["action"] else []
    ):
        expect(page.locator(f"[data-testid=preview-{x}-{y}-{z}].suggested")).to_have_count(1)
    line = best.get("line") or []
    steps = page.locator("[data-testid=coach-line-step]")
    expect(steps).to_have_count(len(line))
    for k, step in enumerate(line, start=1):
        drawn = page.locator(f"[data-testid=board-{step['seat']}] [data-testid=line-mark-{k}]")
        expect(drawn.first).to_be_attached()
    screenshot(page, f"coach-why-review-{lang}", full_page=False)
    page.set_viewport_size(PHONE)
    page.wait_for_function(  # the review drawn again to the phone's width
        """() => {
          const svg = document.querySelector('[data-testid=review-graph]');
          const panel = document.querySelector('[data-testid=review]');
          return svg.getBoundingClientRect().width >= panel.clientWidth - 2;
        }"""
    )
    page.locator("[data-testid=coach-step]").scroll_into_view_if_needed()
    expect(page.locator("[data-testid=coach-step]")).to_be_in_viewport()
    screenshot(page, f"coach-why-review-{lang}-phone", full_page=False)


@pytest.mark.parametrize("size", [LAPTOP, PHONE], ids=["laptop", "phone"])
def test_the_review_opened_from_the_end_screen_stands_in_view_below_the_top_bar(
    page: Page, reviewed: tuple[Server, str, str, dict[str, Any]], size: ViewportSize
) -> None:
    """Opened at its first mark, the review is in view and its title below the top bar; on a
    laptop, where it stands beside the board, the page does not scroll the replay's step and
    controls away under the top bar to bring it there."""
    server, match_id, token, _ = reviewed
    page.set_viewport_size(size)
    open_as_ada(page, server.url, match_id, token, "en", f"/replay/{match_id}#review")
    step = page.locator("[data-testid=coach-step]")
    expect(step).to_be_visible(timeout=30_000)
    settled(page)
    expect(step).to_be_in_viewport()
    bar = page.locator(".topbar").bounding_box()
    title = page.locator("#review-title").bounding_box()
    assert bar is not None and title is not None
    assert title["y"] >= bar["y"] + bar["height"] - 1, (title, bar)
    if size == LAPTOP:
        pos = page.locator("[data-testid=replay-pos]").bounding_box()
        assert pos is not None and pos["y"] >= bar["y"] + bar["height"] - 1, (pos, bar)
    screenshot(page, f"coach-why-review-opened-{size['width']}", full_page=False)


def test_the_review_steps_through_the_game_move_by_move(
    page: Page, reviewed: tuple[Server, str, str, dict[str, Any]]
) -> None:
    """← and → step one move and draw the board of that step; ◀ ▶ of the review go from mark
    to mark, in both directions."""
    server, match_id, token, review = reviewed
    marked = [d["index"] for d in review["decisions"] if d["mark"] != "good"]
    open_as_ada(page, server.url, match_id, token, "en", f"/replay/{match_id}")
    expect(page.locator("[data-testid=review-graph]")).to_be_visible(timeout=30_000)
    cubes = []
    for k in range(4):
        page.keyboard.press("ArrowRight")
        expect(page.locator("[data-testid=replay-pos]")).to_contain_text(f"step {k + 1} ")
        cubes.append(page.locator("[data-testid=game-area] .cube:not(.preview)").count())
    assert cubes == sorted(cubes) and cubes[-1] > cubes[0]  # each move's pieces appear
    page.keyboard.press("ArrowLeft")
    expect(page.locator("[data-testid=replay-pos]")).to_contain_text("step 3 ")
    assert page.locator("[data-testid=game-area] .cube:not(.preview)").count() == cubes[2]
    page.keyboard.press("Home")
    for index in marked:
        page.click("[data-testid=review-next-mark]")
        assert step_shown(page) == index
    expect(page.locator("[data-testid=review-next-mark]")).to_be_disabled()
    for index in reversed(marked[:-1]):
        page.click("[data-testid=review-prev-mark]")
        assert step_shown(page) == index
    expect(page.locator("[data-testid=review-prev-mark]")).to_be_disabled()


def test_the_review_names_no_line_to_another_reader(
    page: Page, reviewed: tuple[Server, str, str, dict[str, Any]]
) -> None:
    """A spectator reads the marks and the public reasons, but not the coach's lines: they were
    searched from Ada's view, with her cards."""
    server, match_id, _, review = reviewed
    status, theirs = get(server.url, f"/api/matches/{match_id}/review")
    assert status == 200
    for mine, other in zip(review["decisions"], theirs["decisions"], strict=True):
        assert other["mark"] == mine["mark"]
        for key in ("chosen", "best"):
            assert "line" not in other[key]
    page.goto(f"{server.url}/replay/{match_id}")
    expect(page.locator("[data-testid=review-graph]")).to_be_visible(timeout=30_000)
    decision = next(
        d for d in review["decisions"] if d["mark"] != "good" and not d["chose_best"] and d["shown"]
    )
    while step_shown(page) != decision["index"]:
        page.click("[data-testid=review-next-mark]")
    show = page.locator("[data-testid=coach-show]")
    expect(show).to_be_visible()  # the options are public: the coach's choice is shown to all
    show.click()
    expect(page.locator("[data-testid=coach-step]")).to_contain_text(
        "The board shows the position before the move, with the coach's choice marked."
    )
    expect(page.locator("[data-testid=coach-line]")).to_have_count(0)


def test_the_monolith_review_says_why_and_numbers_the_line_on_the_map(
    page: Page, tmp_path: Path
) -> None:
    """The Monolith's review: a marked decision says why, and shown on the table, the coach's
    line after its choice is numbered on the spaces it acts on."""
    server = start_server(
        tmp_path,
        MONOLITH_DEAL_SEED=str(THE_MONOLITH_DEAL),
        MONOLITH_COACH_REVIEW_ITERATIONS="150",
    )
    try:
        page.set_viewport_size(LAPTOP)
        match_id = create_match(page, server.url, "the-monolith", SEATS["the-monolith"])
        play_badly(page)
        token = token_of(page, match_id, 0)
        finished_review(server.url, match_id)
        status, review = get(server.url, f"/api/matches/{match_id}/review", token)
        assert status == 200
        on_map = [
            d
            for d in review["decisions"]
            if d["mark"] != "good"
            and d.get("reason")
            and any({"space", "from", "to"} & set(s["action"]) for s in d["best"].get("line", []))
        ]
        assert on_map, "no marked decision with a reason and a line on the map"
        decision = on_map[0]
        page.goto(f"{server.url}/replay/{match_id}")
        expect(page.locator("[data-testid=review-graph]")).to_be_visible(timeout=30_000)
        while step_shown(page) != decision["index"]:
            page.click("[data-testid=review-next-mark]")
        expect(page.locator("[data-testid=coach-why]")).to_contain_text(WHY["en"])
        expect(page.locator("[data-testid=coach-why]")).not_to_contain_text(ENGINE_WORDS)
        page.click("[data-testid=coach-show]")
        line = decision["best"]["line"]
        expect(page.locator("[data-testid=coach-line-step]")).to_have_count(len(line))
        for k, step in enumerate(line, start=1):
            if {"space", "from", "to"} & set(step["action"]):
                marks = page.locator(f"[data-testid=map] [data-testid=line-mark-{k}]")
                expect(marks.first).to_be_attached()  # on each space it acts on
        expect(page.locator("[data-testid=map] .tm-line-ring").first).to_be_attached()
        screenshot(page, "coach-why-review-the-monolith", full_page=False)
    finally:
        server.kill()
