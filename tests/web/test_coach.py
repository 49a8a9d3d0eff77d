"""The coach in the browser: a hint during play, no hint where a match has them off, and the
review of a finished match in its replay (the win-chance graph, marks on the log, the coach's
choice named and drawn on the board)."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from tests.web.conftest import Server, screenshot
from tests.web.helpers import act_and_wait, create_match, payload, settled, wait_my_turn_or_end

BOT = "bot|greedy|default"
SIZES: dict[str, ViewportSize] = {
    "laptop": {"width": 1366, "height": 768},
    "phone": {"width": 390, "height": 844},
}


QUICK = {"MONOLITH_COACH_REVIEW_ITERATIONS": "45", "MONOLITH_COACH_HINT_ITERATIONS": "60"}
"""Small searches: the pages are under test here, the coach's judgement in
tests/coach/test_coach.py."""


def start_server(where: Path, **env: str) -> Server:
    srv = Server(where / "table.sqlite3")
    with pytest.MonkeyPatch.context() as patch:
        for name, value in {**QUICK, **env}.items():
            patch.setenv(name, value)
        srv.start()
    return srv


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """This module's own server, with small searches."""
    srv = start_server(tmp_path_factory.mktemp("coach"))
    try:
        yield srv
    finally:
        srv.kill()


@pytest.fixture
def dealt(tmp_path: Path, request: pytest.FixtureRequest) -> Iterator[Server]:
    """A fresh server whose first match is always the same deal (``deal_seed``, the test's
    parameter): a test of the review needs a match whose bad play the coach faults, and in some
    deals the bad play loses from the first moves, after which no single decision loses much."""
    srv = start_server(tmp_path, MONOLITH_DEAL_SEED=str(request.param))
    try:
        yield srv
    finally:
        srv.kill()


def in_language(page: Page, base: str, lang: str) -> None:
    page.goto(f"{base}/")
    page.evaluate("lang => localStorage.setItem('monolith.lang', lang)", lang)
    page.goto(f"{base}/")
    page.wait_for_function("lang => document.documentElement.lang === lang", arg=lang)


def get(base: str, path: str, token: str | None = None) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(f"{base}{path}")
    if token:
        request.add_header("Authorization", f"Bearer {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def token_of(page: Page, match_id: str, seat: int) -> str:
    found: str = page.evaluate(f"localStorage.getItem('monolith.token.{match_id}.{seat}')")
    return found


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_hint_names_the_best_decisions_and_shows_one_on_the_board(
    page: Page, server: Server, lang: str
) -> None:
    in_language(page, server.url, lang)
    page.set_viewport_size(SIZES["laptop"])
    page.click("[data-testid=game-monolyth]")
    page.click("[data-testid=players-2]")
    expect(page.locator("[data-testid=hints]")).to_be_checked()  # one human: on by default
    match_id = create_match(page, server.url, "monolyth", ["human", BOT])
    assert wait_my_turn_or_end(page)
    badge = page.locator("[data-testid=hints-badge]")
    expect(badge).to_have_attribute("data-hints", "true")
    page.set_viewport_size(SIZES["phone"])  # the tools wrap: a line of tall buttons beside it
    settled(page)
    box = badge.bounding_box()  # a pill of one line, not stretched to the buttons beside it
    assert box is not None and box["height"] < 26, box
    page.set_viewport_size(SIZES["laptop"])
    page.keyboard.press("h")
    items = page.locator("[data-testid=hint-item]")
    expect(items.first).to_be_visible(timeout=60_000)
    assert 1 <= items.count() <= 3
    legal = {a["id"]: a for a in payload(page)["legal_actions"]}
    win = re.compile(r"\d+%" if lang == "en" else r"\d+ %")
    for k in range(items.count()):
        item = items.nth(k)
        assert int(item.get_attribute("data-id") or -1) in legal
        expect(item.locator(".hint-win")).to_have_text(win)
    if lang == "en":
        # Where it goes, as the board shows it: by the walls, never by engine coordinates.
        expect(items.first).to_contain_text(
            re.compile(r"\((against the .* walls?|away from the walls)\)")
        )
        expect(items.first).not_to_contain_text(re.compile(r"\b[a-d][1-4]\b"))
        expect(items.first.locator(".hint-win")).to_contain_text("to win")
    else:
        expect(page.locator("[data-testid=hint-panel] h2")).to_contain_text("Тренер советует")
    ids = [int(items.nth(k).get_attribute("data-id") or -1) for k in range(items.count())]
    best = legal[ids[0]]["action"]
    items.first.locator("[data-testid=hint-show]").click()
    expect(items).to_have_count(1)  # folded to the decision shown, leaving the board free
    cells = [f"{x}-{y}-{z}" for x, y, z in best["cells"]] if "cells" in best else []
    for cell in cells:
        expect(page.locator(f"[data-testid=preview-{cell}].suggested")).to_have_count(1)
    screenshot(page, f"coach-hint-{lang}", full_page=False)
    page.set_viewport_size(SIZES["phone"])
    settled(page)
    screenshot(page, f"coach-hint-{lang}-phone", full_page=False)
    status, answer = get(
        server.url,
        f"/api/matches/{match_id}/hint?version={payload(page)['version']}",
        token_of(page, match_id, 0),
    )
    assert status == 200 and [d["id"] for d in answer["decisions"]] == ids
    page.click("[data-testid=hint-all]")
    expect(items).to_have_count(len(ids))


def test_closing_the_hint_takes_back_the_move_it_chose(page: Page, server: Server) -> None:
    """The hint's "Show on the board" chooses the coach's move for the player; closing the hint
    (or going back to all its suggestions) takes that choice back as Cancel does, while a choice
    the player made since is theirs and stays."""
    page.set_viewport_size(SIZES["laptop"])
    create_match(page, server.url, "monolyth", ["human", BOT])
    assert wait_my_turn_or_end(page)
    confirm = page.locator("[data-testid=confirm]")
    chosen_cells = page.locator("[data-testid=board-0] [data-testid^=preview-].suggested")

    def show_best() -> str:
        page.keyboard.press("h")
        expect(page.locator("[data-testid=hint-show]").first).to_be_visible(timeout=60_000)
        page.locator("[data-testid=hint-show]").first.click()
        expect(confirm).to_be_enabled()
        return confirm.get_attribute("data-action") or ""

    show_best()
    page.click("[data-testid=hint-close]")
    expect(page.locator("[data-testid=hint-panel]")).to_be_hidden()
    expect(confirm).to_be_disabled()
    expect(page.locator("[data-testid=cancel]")).to_be_disabled()
    expect(chosen_cells).to_have_count(0)

    show_best()
    page.click("[data-testid=hint-all]")
    expect(page.locator("[data-testid=hint-item]").first).to_be_visible()
    expect(confirm).to_be_disabled()

    advised = legal_action(page, show_best())
    steps = {a["step"] for a in legal_actions(page) if a["type"] in ("place", "swap")}
    other = min(steps - {advised.get("step")})  # another piece on the ring, chosen by the player
    page.click(f"[data-testid=ring-step-{other}]")
    page.click("[data-testid=hint-close]")
    expect(page.locator("[data-testid=cancel]")).to_be_enabled()  # their choice stands
    expect(page.locator("[data-testid=ring-step-" + str(other) + "]")).to_have_attribute(
        "aria-pressed", "true"
    )


def test_closing_the_hint_takes_the_mark_off_the_monolith_s_choice(
    page: Page, server: Server
) -> None:
    """The Monolith's hinted decision, shown, has its button marked and focused; closing the hint
    takes the mark away with the rings."""
    page.set_viewport_size(SIZES["laptop"])
    create_match(page, server.url, "the-monolith", ["human", BOT, BOT])
    page.wait_for_function(  # a choice of ours that is not forced (the table takes those)
        """() => { const p = window.__monolith.payload;
            return p.result || (p.to_move === p.seat && p.legal_actions.length > 1); }""",
        timeout=60_000,
    )
    assert not payload(page)["result"]
    page.keyboard.press("h")
    expect(page.locator("[data-testid=hint-show]").first).to_be_visible(timeout=60_000)
    page.locator("[data-testid=hint-show]").first.click()
    expect(page.locator("[data-focus^=action-].suggested")).to_have_count(1)
    page.click("[data-testid=hint-close]")
    expect(page.locator(".suggested")).to_have_count(0)


def legal_actions(page: Page) -> list[dict[str, Any]]:
    return [a["action"] for a in payload(page)["legal_actions"]]


def legal_action(page: Page, action_id: str) -> dict[str, Any]:
    found: dict[str, Any] = next(
        a["action"] for a in payload(page)["legal_actions"] if a["id"] == int(action_id)
    )
    return found


STEPPERS = {"bid": "bid-{slot}", "raise": "raise-{slot}", "recruit": "recruit-count"}
"""The Monolith's decisions whose hearts a stepper sets, and that stepper's test id."""


def test_a_hint_of_the_monolith_shown_sets_the_hearts_on_its_stepper(
    page: Page, server: Server
) -> None:
    """A bid, raise or recruit the coach advises is shown on the table with its hearts already
    set on the card's (or the recruit's) stepper: the choice is one press away, not a count to
    copy from the hint."""
    page.set_viewport_size(SIZES["phone"])
    create_match(page, server.url, "the-monolith", ["human", BOT, BOT])
    while True:  # decisions until the coach advises one with a stepper, or the game ends
        # A choice of ours that is not forced (the table takes forced ones for us at once).
        page.wait_for_function(
            """() => { const p = window.__monolith.payload;
                return p.result || (p.to_move === p.seat && p.legal_actions.length > 1); }""",
            timeout=60_000,
        )
        now = payload(page)
        assert not now["result"], "the coach never advised a bid, raise or recruit in a game"
        if now["view"].get("decision") != "order":
            act_and_wait(page)
            continue
        page.keyboard.press("h")
        items = page.locator("[data-testid=hint-item]")
        page.wait_for_function(
            """v => window.__monolith.payload.version > v
                || document.querySelector('[data-testid=hint-item]')""",
            arg=now["version"],
            timeout=60_000,
        )
        if payload(page)["version"] > now["version"]:
            continue  # the table moved on before the hint came (it is then put away)
        legal = {a["id"]: a["action"] for a in payload(page)["legal_actions"]}
        ids = [int(items.nth(k).get_attribute("data-id") or -1) for k in range(items.count())]
        advised = [legal[i] for i in ids]

        def shows(action: dict[str, Any]) -> str | None:
            """The value its stepper shows now, if it has one on the table."""
            box = page.locator(f"[data-testid={STEPPERS[action['kind']].format(**action)}-value]")
            return box.input_value() if box.count() else None

        def away(action: dict[str, Any]) -> bool:
            """Move its stepper off the advised hearts (one up, or one down), so that showing
            the advice has something to set; False when the stepper allows no other count."""
            stepper = STEPPERS[action["kind"]].format(**action)
            for button in (f"{stepper}-more", f"{stepper}-less"):
                control = page.locator(f"[data-testid={button}]")
                if control.count() and control.is_enabled():
                    control.click()
                    box = page.locator(f"[data-testid={stepper}-value]")
                    expect(box).not_to_have_value(str(action["hearts"]))
                    return True
            return False

        stepped = [
            (k, a)
            for k, a in enumerate(advised)
            if a["kind"] in STEPPERS
            and shows(a) is not None
            and (shows(a) != str(a["hearts"]) or away(a))
        ]
        if not stepped:  # none on the table, or a stepper with a single count: nothing to see
            # The table moves on (the hint is put away) by a small bid where one is open, so
            # that more orders follow: committing would end them for the day.
            small = [i for i, a in legal.items() if a["kind"] == "bid" and a["hearts"] == 1]
            act_and_wait(page, action_id=small[0] if small else None)
            continue
        k, action = stepped[0]
        items.nth(k).locator("[data-testid=hint-show]").click()
        expect_hearts = str(action["hearts"])
        stepper = STEPPERS[action["kind"]].format(**action)
        expect(page.locator(f"[data-testid={stepper}-value]")).to_have_value(expect_hearts)
        screenshot(page, "coach-hint-the-monolith-phone", full_page=False)
        return


def test_a_match_with_hints_off_has_no_hint_button_and_the_api_refuses(
    page: Page, server: Server
) -> None:
    page.goto(f"{server.url}/")
    page.click("[data-testid=game-monolyth]")
    page.click("[data-testid=players-2]")
    page.select_option("[data-testid=seat-kind-1]", "human")
    expect(page.locator("[data-testid=hints]")).not_to_be_checked()  # two humans: off
    match_id = create_match(page, server.url, "monolyth", ["human", "human"])
    expect(page.locator("[data-testid=hints-badge]")).to_have_attribute("data-hints", "false")
    expect(page.locator("[data-testid=undo]")).to_be_visible()
    expect(page.locator("[data-testid=coach-hint]")).to_have_count(0)
    page.keyboard.press("h")
    expect(page.locator("[data-testid=hint-panel]")).to_be_hidden()
    token = token_of(page, match_id, 0)
    status, body = get(server.url, f"/api/matches/{match_id}/hint?version=0", token)
    assert status == 403 and body["error"]["code"] == "hints_off"
    page.goto(f"{server.url}/")
    badge = page.locator(f"[data-testid=match-{match_id}] [data-testid=hints-badge]")
    expect(badge).to_have_attribute("data-hints", "false")


def test_a_match_of_bots_alone_neither_asks_nor_shows_hints(page: Page, server: Server) -> None:
    """Hints are for the people at a table: with every seat a bot the lobby does not ask for
    them, and neither the match's listing nor its table shows a hints badge."""
    page.goto(f"{server.url}/")
    page.click("[data-testid=game-monolyth]")
    page.click("[data-testid=players-2]")
    expect(page.locator("[data-testid=hints-row]")).to_be_visible()  # seat 1 is a person
    slow = "ismcts|hard"  # the match must still run while its badges are looked at
    page.select_option("[data-testid=seat-kind-0]", slow)
    page.select_option("[data-testid=seat-kind-1]", slow)
    expect(page.locator("[data-testid=hints-row]")).to_be_hidden()
    page.select_option("[data-testid=seat-kind-1]", "human")
    expect(page.locator("[data-testid=hints-row]")).to_be_visible()
    page.select_option("[data-testid=seat-kind-1]", slow)
    page.click("[data-testid=create]")
    page.wait_for_url(re.compile(r".*/watch/[^/]+$"))
    page.wait_for_function("window.__monolith && window.__monolith.payload !== null")
    expect(page.locator("[data-testid=invite-button]")).to_be_visible()  # the tools are drawn
    expect(page.locator("[data-testid=hints-badge]")).to_have_count(0)
    match_id = page.url.rsplit("/", 1)[1]
    page.goto(f"{server.url}/")
    listed = page.locator(f"[data-testid=match-{match_id}]")
    expect(listed).to_be_visible()
    expect(listed.locator(".badge.running")).to_be_visible()
    expect(listed.locator("[data-testid=hints-badge]")).to_have_count(0)


def play_badly(page: Page) -> None:
    """Play seat 0 to the end, always taking the last legal option (a prophecy or a single
    cube rather than a piece, where there is one): decisions the coach will find fault with."""
    while wait_my_turn_or_end(page, timeout=60_000):
        act_and_wait(page, index=-1)


MONOLYTH_DEAL = 7
"""A deal whose bad play (``play_badly`` against greedy) the coach marks three times."""
THE_MONOLITH_DEAL = 1
"""A deal where the coach would have the bad play's player go or bid elsewhere."""


def finished_review(base: str, match_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 300
    while True:
        status, review = get(base, f"/api/matches/{match_id}/review")
        assert status == 200, review
        if review["status"] == "done":
            return review
        assert review["status"] in ("queued", "running") and time.monotonic() < deadline
        time.sleep(0.5)


KINDLING_DEAL = 7
"""A deal whose bad play the coach faults with a choice of its own."""


GENERIC_CHOICE = {"en": "The coach's choice here: ", "ru": "Выбор тренера здесь: "}
NOTHING_TO_DO = {"en": "Nothing to do", "ru": "делать нечего"}


@pytest.mark.parametrize("dealt", [KINDLING_DEAL], indirect=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_generic_replay_writes_out_the_coachs_choice(
    page: Page, dealt: Server, lang: str
) -> None:
    """A game without a page of its own (Kindling) has no options to mark in its replay: "Show
    on the board" writes the coach's choice out where the options stand at the table, and the
    replay does not say there is nothing to do."""
    server = dealt
    in_language(page, server.url, lang)
    page.set_viewport_size(SIZES["laptop"])
    match_id = create_match(page, server.url, "kindling", ["human", BOT])
    play_badly(page)
    page.click("[data-testid=open-replay]")
    review = finished_review(server.url, match_id)
    faulted = [d for d in review["decisions"] if d["mark"] != "good" and not d["chose_best"]]
    assert faulted, "the coach found nothing to prefer to the worst options"
    area = page.locator("[data-testid=game-area]")
    expect(page.locator("[data-testid=review]")).to_be_visible()
    page.keyboard.press("End")  # the whole log, every mark in it
    marked = [d for d in review["decisions"] if d["mark"] != "good"]
    expect(page.locator("[data-testid=log] .coach-mark")).to_have_count(len(marked))
    page.locator(f"[data-testid=log] [data-testid=mark-{faulted[0]['index']}]").click()
    expect(area).not_to_contain_text(NOTHING_TO_DO[lang])
    expect(page.locator("[data-testid=coach-choice]")).to_have_count(0)
    preferred = page.locator("[data-testid=coach-best] strong").inner_text()
    page.click("[data-testid=coach-show]")
    choice = page.locator("[data-testid=coach-choice]")
    expect(choice).to_have_text(GENERIC_CHOICE[lang] + preferred)
    screenshot(page, f"coach-generic-replay-choice-{lang}", full_page=False)
    page.set_viewport_size(SIZES["phone"])
    choice.scroll_into_view_if_needed()
    screenshot(page, f"coach-generic-replay-choice-{lang}-phone", full_page=False)
    page.set_viewport_size(SIZES["laptop"])
    page.click("[data-testid=coach-show]")
    expect(choice).to_have_count(0)


@pytest.mark.parametrize("dealt", [MONOLYTH_DEAL], indirect=True)
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_replay_shows_the_review_graph_marks_and_the_coachs_choice(
    page: Page, dealt: Server, lang: str
) -> None:
    server = dealt
    in_language(page, server.url, lang)
    page.set_viewport_size(SIZES["laptop"])
    match_id = create_match(page, server.url, "monolyth", ["human", BOT])
    play_badly(page)
    page.click("[data-testid=open-replay]")
    expect(page.locator("[data-testid=review]")).to_be_visible()
    review = finished_review(server.url, match_id)
    (seat,) = review["seats"]
    graph = page.locator("[data-testid=review-graph]")
    expect(graph).to_be_visible(timeout=30_000)
    expect(graph.locator("circle.dot")).to_have_count(seat["decisions"])
    # Ada reads her own review: "You: 23 decisions judged", "Your inaccuracy."
    you = "You: " if lang == "en" else "Вы: "
    expect(page.locator("[data-testid=review-seat-0]")).to_contain_text(
        you + (f"{seat['decisions']} decisions judged" if lang == "en" else "оценено")
    )
    marked = [d for d in review["decisions"] if d["mark"] != "good"]
    assert marked, "the coach found nothing wrong with the worst options"
    page.keyboard.press("End")
    marks = page.locator("[data-testid=log] .coach-mark")
    expect(marks).to_have_count(len(marked))
    marks.first.scroll_into_view_if_needed()
    screenshot(page, f"coach-review-{lang}", full_page=False)
    first = marked[0]
    page.locator(f"[data-testid=log] [data-testid=mark-{first['index']}]").click()
    step = page.locator("[data-testid=coach-step]")
    expect(step).to_have_attribute("class", re.compile(first["mark"]))
    expect(step).to_contain_text(
        re.compile(
            r"Your (inaccuracy|mistake|blunder)\."
            if lang == "en"
            else r"Ваш[аи]? (неточность|ошибка|зевок)\."
        )
    )
    if not first["chose_best"]:
        expect(page.locator("[data-testid=coach-best]")).to_be_visible()
        page.click("[data-testid=coach-show]")
        best = first["best"]["action"]
        for x, y, z in best.get("cells", []) or ([best["cell"]] if "cell" in best else []):
            expect(page.locator(f"[data-testid=preview-{x}-{y}-{z}].suggested")).to_have_count(1)
    screenshot(page, f"coach-review-{lang}-step", full_page=False)
    page.set_viewport_size(SIZES["phone"])
    settled(page)
    page.locator("[data-testid=review]").scroll_into_view_if_needed()
    # Drawn again to the phone's width, every label of its axis whole ("100 %" in Russian).
    page.wait_for_function(
        """() => {
          const svg = document.querySelector('[data-testid=review-graph]');
          const panel = document.querySelector('[data-testid=review]');
          return svg.getBoundingClientRect().width >= panel.clientWidth - 2;
        }"""
    )
    left = page.evaluate(
        "Math.min(...[...document.querySelectorAll('[data-testid=review-graph] text.axis')]"
        ".map((t) => t.getBBox().x))"
    )
    assert left >= 0, f"an axis label starts {left} px left of the graph"
    screenshot(page, f"coach-review-{lang}-phone", full_page=False)


def test_the_review_waits_visibly_while_it_is_worked_out(page: Page, server: Server) -> None:
    """A replay opened as the match ends says how far the coach has come, and shows the review
    once it is done, without a reload."""
    match_id = create_match(page, server.url, "monolyth", ["human", BOT])
    play_badly(page)
    page.goto(f"{server.url}/replay/{match_id}")
    expect(page.locator("[data-testid=review]")).to_be_visible()
    done = page.locator("[data-testid=review-graph]")
    waiting = page.locator("[data-testid=review-progress]")
    expect(done.or_(waiting)).to_be_visible(timeout=30_000)
    if waiting.count():
        expect(waiting).to_contain_text(re.compile(r"reviewing|review this match"))
    expect(done).to_be_visible(timeout=120_000)


@pytest.mark.parametrize("dealt", [THE_MONOLITH_DEAL], indirect=True)
def test_the_monolith_review_marks_the_coachs_choice_on_the_table(
    page: Page, dealt: Server
) -> None:
    """The coach's choice drawn on The Monolith's table: its spaces ringed on the map, or the
    divination it bids on marked in the row."""
    server = dealt
    page.set_viewport_size(SIZES["laptop"])
    match_id = create_match(page, server.url, "the-monolith", ["human", BOT, BOT])
    play_badly(page)
    review = finished_review(server.url, match_id)
    drawn = [
        d
        for d in review["decisions"]
        if not d["chose_best"]
        and {"space", "from", "to", "slot"} & set(d["best"].get("action", {}))
    ]
    assert drawn, review["decisions"]
    page.click("[data-testid=open-replay]")
    graph = page.locator("[data-testid=review-graph]")
    expect(graph).to_be_visible(timeout=30_000)
    (seat,) = review["seats"]
    expect(graph.locator("circle.dot")).to_have_count(seat["decisions"])
    decision = drawn[0]
    for _ in range(decision["index"] + 1):
        page.keyboard.press("ArrowRight")
    expect(page.locator("[data-testid=replay-pos]")).to_contain_text(
        f"step {decision['index'] + 1} "
    )
    expect(page.locator("[data-testid=coach-step]")).to_be_visible()
    page.click("[data-testid=coach-show]")
    expect(page.locator(".tm-ring.suggested, .div-card.suggested").first).to_be_attached()
    screenshot(page, "coach-review-the-monolith", full_page=False)
