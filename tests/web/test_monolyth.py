"""Monolyth in the browser: whole games played by clicking the board, a turn at 1366x768 without
scrolling, a phone and Russian, the keyboard alone, what a screen reader hears, the score breakdown
and why undo is missing."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server, checked_page, screenshot
from tests.web.helpers import (
    act_and_wait,
    create_match,
    payload,
    version,
    wait_my_turn_or_end,
    wait_past,
)

BOT = "bot|greedy|default"
Cell = tuple[int, int, int]
Column = tuple[int, int]

# The screen point of a column's top on the player's own board, if a click there reaches that
# column (nothing of another column stands in front of it); null otherwise.
_COLUMN_POINT = """
(col) => {
  const board = document.querySelector(".iso-board.interactive");
  const top = board.querySelector(`[data-top="${col}"]`);
  const box = top.getBoundingClientRect();
  const x = box.left + box.width / 2, y = box.top + box.height / 2;
  const hit = document.elementFromPoint(x, y)?.closest("[data-col]");
  return hit && hit.dataset.col === col ? [x, y] : null;
}
"""

# The preview must show however tall the monolith is. At the centre of each of its faces, every
# cube standing in front of it (nearer the viewer: a larger x + y + z with the view unturned) is
# drawn see-through. Returns how many such cubes there were, or -1 when one was solid.
_CUBES_IN_FRONT = """
() => {
  let seen = 0;
  for (const face of document.querySelectorAll(".iso-board.interactive .cube.preview polygon")) {
    const [x, y, z] = face.parentElement.dataset.cell.split(",").map(Number);
    const box = face.getBoundingClientRect();
    const under = document.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    const cubes = under.map((e) => e.closest("g.cube[data-cell]:not(.preview)")).filter(Boolean);
    for (const cube of new Set(cubes)) {
      const [a, b, c] = cube.dataset.cell.split(",").map(Number);
      if (a + b + c <= x + y + z) continue;
      if (!cube.classList.contains("xray")) return -1;
      seen += 1;
    }
  }
  return seen;
}
"""


def _cells(action: dict[str, Any]) -> frozenset[Cell]:
    if action["type"] == "place":
        return frozenset((x, y, z) for x, y, z in action["cells"])
    x, y, z = action["cell"]
    return frozenset([(x, y, z)])


def _legal(page: Page) -> list[dict[str, Any]]:
    return [a["action"] for a in payload(page)["legal_actions"]]


def _preview(page: Page, kind: str = "chosen") -> frozenset[Cell]:
    cells = page.eval_on_selector_all(
        f".iso-board.interactive [data-preview={kind}]", "els => els.map(e => e.dataset.cell)"
    )
    return frozenset(_cell(c) for c in cells)


def _cell(text: str) -> Cell:
    x, y, z = (int(n) for n in text.split(","))
    return x, y, z


def _covering(actions: list[dict[str, Any]], column: Column) -> set[frozenset[Cell]]:
    return {_cells(a) for a in actions if any(c[:2] == column for c in _cells(a))}


def _click_column(page: Page, columns: list[Column]) -> tuple[Column, list[float]]:
    """Click the first of ``columns`` the mouse can reach on the board; when taller columns hide
    them all, click the first on the plan (the building from above, in the board's corner)."""
    for column in columns:
        point = page.evaluate(_COLUMN_POINT, f"{column[0]},{column[1]}")
        if point:
            page.mouse.click(*point)
            return column, point
    column = columns[0]
    box = page.locator(f'.plan [data-plan="{column[0]},{column[1]}"] polygon').bounding_box()
    assert box
    point = [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2]
    page.mouse.click(*point)
    return column, point


def _pick_on_board(page: Page, step: int, *, cycle: bool, turn: bool) -> None:
    """Choose a placement of the piece ``step`` spaces away by clicking a column of the board, and
    check that only real placements are drawn: the preview is always one legal placement covering
    the clicked column, cube for cube, and stays visible however tall the monolith is."""
    places = [a for a in _legal(page) if a["type"] == "place" and a["step"] == step]
    if not places:
        places = [a for a in _legal(page) if a["type"] == "swap" and a["step"] == step]
        if page.locator("[data-testid=swap-mode]").count():
            page.click("[data-testid=swap-mode]")
    per_column = Counter(c[:2] for a in places for c in {c[:2] for c in _cells(a)})
    columns = [column for column, _ in per_column.most_common()]
    column, point = _click_column(page, columns)
    shown = _preview(page)
    assert shown in _covering(places, column), (column, shown)
    expect(page.locator(".iso-board.interactive .cube.preview")).to_have_count(len(shown))
    assert page.evaluate(_CUBES_IN_FRONT) >= 0
    total = len(_covering(places, column))
    expect(page.locator("[data-testid=tray-detail]")).to_contain_text(
        f"1 of {total} on this column"
    )
    if cycle and total > 1:
        page.mouse.click(*point)  # on the piece shown: the next placement over this column
        expect(page.locator("[data-testid=tray-detail]")).to_contain_text(f"2 of {total}")
        again = _preview(page)
        assert again != shown and again in _covering(places, column)
        shown = again
    if turn:
        shapes_here = {_shape(cells) for cells in _covering(places, column)}
        page.keyboard.press("r")
        turned = _preview(page)
        assert turned in _covering(places, column)
        if len(shapes_here) > 1:
            assert _shape(turned) != _shape(shown)


def _shape(cells: frozenset[Cell]) -> frozenset[Cell]:
    low = [min(c[i] for c in cells) for i in range(3)]
    return frozenset((x - low[0], y - low[1], z - low[2]) for x, y, z in cells)


def _play_turn(page: Page, turn: int, seat: int = 0) -> None:
    """Take one turn through the interface, the way a person would."""
    legal = _legal(page)
    kinds = {a["type"] for a in legal}
    seen = version(page)
    if kinds == {"pass"}:
        page.click("[data-testid=pass]")
    elif "place" in kinds or "swap" in kinds:
        # The biggest piece on offer, so the monolith fills up.
        best = max(
            (a for a in legal if a["type"] in ("place", "swap")),
            key=lambda a: len(_cells(a)) if a["type"] == "place" else 0,
        )
        page.click(f"[data-testid=ring-step-{best['step']}]")
        swap_button = page.locator("[data-testid=swap-mode]")
        if turn == 1 and swap_button.count() > 0 and best["type"] == "place":
            # Look at the swap for a single cube, then go back to placing the piece.
            swap_button.click()
            page.click("[data-testid=next-placement]")
            expect(page.locator("[data-testid=chosen-text]")).to_contain_text(
                re.compile(r"single \w+ cube")
            )
            page.click("[data-testid=place-mode]")
        if turn % 4 == 2:
            # Point at a column first: the placement a click would choose shows there.
            places = [a for a in legal if a["type"] == "place" and a["step"] == best["step"]]
            columns = sorted({c[:2] for a in places for c in _cells(a)})
            for column in columns:
                point = page.evaluate(_COLUMN_POINT, f"{column[0]},{column[1]}")
                if point:
                    page.mouse.move(*point)
                    assert _preview(page, "hover") in _covering(places, column)
                    break
        _pick_on_board(page, best["step"], cycle=turn % 2 == 0, turn=turn % 3 == 1)
        if turn == 2:
            screenshot(page, "monolyth-choosing")
        chosen = _preview(page)
        expect(page.locator("[data-testid=confirm]")).to_be_enabled()
        page.click("[data-testid=confirm]")
        wait_past(page, seen)
        board = payload(page)["view"]["boards"][seat]
        assert chosen <= {tuple(c["cell"]) for c in board["cubes"]}
        return
    else:
        prophecy = next(a for a in legal if a["type"] == "prophecy")
        page.click(f"[data-testid=prophecy-side-{prophecy['side']}]")
        page.click(f"[data-testid=prophecy-value-{prophecy['value']}]")
        page.click("[data-testid=confirm]")
    wait_past(page, seen)


def _check_breakdown(page: Page, scope: str) -> None:
    """The breakdown under the scores: each part's points add up to the player's final score."""
    final = payload(page)
    breakdown = page.locator(f"{scope} [data-testid=breakdown]")
    expect(breakdown).to_be_visible()
    view = final["view"]
    for board in view["boards"]:
        card = breakdown.locator(f"[data-testid=breakdown-{board['seat']}]")
        points = [
            int(p)
            for p in card.locator("[data-points]").evaluate_all(
                "els => els.map(e => e.dataset.points)"
            )
        ]
        total = int(card.locator("[data-total]").get_attribute("data-total") or "-1")
        assert sum(points) == total == board["score"]
        tokens = board["level_tokens"]
        assert sorted(points) == sorted(
            [board["structure_token"]]
            + [tokens[lv] if lv < len(tokens) else 0 for lv in range(view["height"])]
            + [p["value"] if p["fulfilled"] else 0 for p in board["prophecies"].values()]
        )
        for prophecy in board["prophecies"].values():
            said = f"{prophecy['count']} \\w+ cubes? in the wall, {prophecy['value']} needed"
            expect(card).to_contain_text(re.compile(said))


def test_monolyth_game_against_a_bot_by_clicking(page: Page, server: Server) -> None:
    match_id = create_match(page, server.url, "monolyth", ["human", BOT])
    expect(page.locator("[data-testid=ring]")).to_be_visible()
    expect(page.locator("[data-testid=conn-status]")).to_have_attribute("data-state", "connected")
    assert wait_my_turn_or_end(page)
    screenshot(page, "monolyth-table")

    # A refused action says so in the reader's words, shows the rules' reason and changes nothing.
    before = version(page)
    step = next(a["step"] for a in _legal(page) if a["type"] == "swap")
    page.evaluate("step => window.__monolith.sendRaw({type: 'swap', step, cell: [0, 0, 3]})", step)
    refusal = page.locator("[data-testid=refusal-text]")
    expect(refusal).to_have_text("The rules do not allow that move.")
    expect(page.locator("[data-testid=refusal-detail]")).to_contain_text(
        "would hang over empty space"
    )
    assert version(page) == before
    screenshot(page, "monolyth-refused", full_page=False)

    # Turn the view a quarter and back.
    page.click("[data-testid=rotate-right-0]")
    page.click("[data-testid=rotate-left-0]")

    turn = 0
    while wait_my_turn_or_end(page):
        _play_turn(page, turn)
        turn += 1
        assert turn < 80, "the game should end well before 80 turns"

    result = page.locator("[data-testid=result]")
    expect(result).to_be_visible()
    expect(result.locator(".scores tbody tr")).to_have_count(2)
    final = payload(page)
    assert final["result"] is not None
    assert final["view"]["over"] is True
    _check_breakdown(page, "[data-testid=result]")

    # Each board's level chips name the level each token was earned on.
    for board in final["view"]["boards"]:
        done = [lv for lv in range(final["view"]["height"]) if board["levels_done"] >> lv & 1]
        tokens = board["level_tokens"]
        chips = page.locator(f"[data-testid=board-{board['seat']}] .token.level")
        expect(chips).to_have_text(
            [f"L{lv + 1}: {tokens[lv] if lv < len(tokens) else 0}" for lv in done]
        )
    screenshot(page, "monolyth-game-over")

    # The replay steps through the finished match, and its last step shows the breakdown too.
    page.click("[data-testid=open-replay]")
    page.wait_for_url(f"**/replay/{match_id}")
    position = page.locator("[data-testid=replay-pos]")
    expect(position).to_contain_text("0")
    page.click("[data-testid=replay-next]")
    page.click("[data-testid=replay-next]")
    moves = page.locator("[data-testid=log] li.log-entry:not(.setup)")
    expect(moves).to_have_count(2)
    # The replay speaks to the player who played it here of their own moves, as the table did.
    steps = page.evaluate(f"fetch('/api/matches/{match_id}/replay').then(r => r.json())")["steps"]
    for entry, step in zip(moves.all(), steps[:2], strict=True):
        expect(entry).to_contain_text("You take" if step["seat"] == 0 else "Sapphire takes")
    expect(page.locator("[data-testid=replay-step] li").first).to_contain_text(
        "You take" if steps[1]["seat"] == 0 else "Sapphire takes"
    )
    expect(page.locator("[data-testid=replay-step] h2")).to_have_text(
        re.compile(r"Move 2 of \d+ · " + ("You" if steps[1]["seat"] == 0 else "Sapphire") + "$")
    )
    expect(page.locator("[data-testid=breakdown]")).to_have_count(0)
    page.click("[data-testid=replay-last]")
    replay = page.evaluate(f"fetch('/api/matches/{match_id}/replay').then(r => r.json())")
    expect(moves).to_have_count(len(replay["steps"]))
    expect(page.locator("[data-testid=replay-result] [data-testid=breakdown]")).to_be_visible()
    screenshot(page, "monolyth-replay")


def test_monolyth_solo_game_ends_with_a_rating_on_its_scale(page: Page, server: Server) -> None:
    create_match(page, server.url, "monolyth", ["human"])
    assert wait_my_turn_or_end(page)
    expect(page.locator("[data-testid=undo-note]")).to_have_count(0)
    turn = 0
    while wait_my_turn_or_end(page):
        _play_turn(page, turn)
        turn += 1
        if turn == 1 and not payload(page)["result"]:
            # Every move draws from the box to refill the ring, so it stands; the tray says so.
            assert payload(page)["can_undo"] is False
            expect(page.locator("[data-testid=undo]")).to_be_disabled()
            expect(page.locator("[data-testid=undo-note]")).to_contain_text("drawn from the box")
        assert turn < 80
    result = page.locator("[data-testid=result]")
    expect(result.locator(".scores tbody tr")).to_have_count(1)
    view = payload(page)["view"]
    rating, score = view["solo_rating"], view["boards"][0]["score"]
    assert rating
    _check_breakdown(page, "[data-testid=result]")
    # The scale itself is checked in depth by test_solo_scale.py.
    scale = result.locator("[data-testid=solo-scale]")
    expect(scale.locator("[data-testid=solo-verdict]")).to_have_text(
        f"You scored {score} point{'' if score == 1 else 's'}: {rating}"
    )
    expect(scale.locator(".band.here .band-name")).to_have_text(rating)
    screenshot(page, "monolyth-solo-over")
    page.select_option("[data-testid=lang]", "ru")
    expect(result.locator("[data-testid=breakdown]")).to_contain_text("Итого")
    expect(scale).to_contain_text("Вы набрали")
    screenshot(page, "monolyth-solo-over-ru")


@pytest.fixture
def laptop(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A 1366x768 window, the most common laptop screen."""
    with checked_page(browser, 1366, 768, request) as tab:
        yield tab


def _inside_viewport(page: Page, selector: str) -> None:
    size = page.viewport_size
    assert size
    boxes = page.locator(selector)
    assert boxes.count() > 0, selector
    for i in range(boxes.count()):
        box = boxes.nth(i).bounding_box()
        assert box, selector
        assert box["x"] >= 0 and box["y"] >= 0, (selector, box)
        assert box["x"] + box["width"] <= size["width"], (selector, box)
        assert box["y"] + box["height"] <= size["height"], (selector, box)


def test_a_whole_turn_fits_a_laptop_screen_without_scrolling(laptop: Page, server: Server) -> None:
    page = laptop
    create_match(page, server.url, "monolyth", ["human", BOT])
    assert wait_my_turn_or_end(page)
    page.evaluate("document.querySelectorAll('.toast').forEach(t => t.remove())")
    # The ring, the own board, the tray and the opponent's thumbnail are all on screen.
    for part in ("[data-testid=ring]", "[data-testid=board-0]", "[data-testid=tray]"):
        _inside_viewport(page, part)
    _inside_viewport(page, "[data-testid=board-1]")
    screenshot(page, "monolyth-1366x768-start", full_page=False)
    # Ring step numbers are drawn whole, inside the ring's picture.
    ring = page.locator("[data-testid=ring]").bounding_box()
    assert ring
    labels = page.locator("[data-testid=ring] .step-label")
    expect(labels).to_have_count(4)
    for i in range(4):
        box = labels.nth(i).bounding_box()
        assert box
        assert ring["x"] <= box["x"] and box["x"] + box["width"] <= ring["x"] + ring["width"]
        assert ring["y"] <= box["y"] and box["y"] + box["height"] <= ring["y"] + ring["height"]

    seen = version(page)
    step = max((a for a in _legal(page) if a["type"] == "place"), key=lambda a: len(a["cells"]))[
        "step"
    ]
    page.click(f"[data-testid=ring-step-{step}]")
    _pick_on_board(page, step, cycle=True, turn=False)
    _inside_viewport(page, "[data-testid=confirm]")
    _inside_viewport(page, ".iso-board.interactive .cube.preview")
    assert page.evaluate("window.scrollY") == 0
    assert page.evaluate("document.documentElement.scrollHeight") <= 768
    screenshot(page, "monolyth-1366x768", full_page=False)
    page.click("[data-testid=confirm]")
    wait_past(page, seen)
    assert page.evaluate("window.scrollY") == 0


def test_phone_and_russian(browser: Browser, server: Server) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="en-US")
    context.set_default_timeout(15_000)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        create_match(page, server.url, "monolyth", ["human", BOT, BOT])
        assert wait_my_turn_or_end(page)
        page.evaluate("document.querySelectorAll('.toast').forEach(t => t.remove())")
        screenshot(page, "monolyth-phone-en", full_page=False)
        page.select_option("[data-testid=lang]", "ru")
        expect(page.locator("[data-testid=turn]")).to_have_text("Ваш ход")
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width}px wide on a 390px phone"
        screenshot(page, "monolyth-phone-ru", full_page=False)
        step = next(a["step"] for a in _legal(page) if a["type"] == "place")
        page.click(f"[data-testid=ring-step-{step}]")
        page.locator("[data-testid=board-0]").scroll_into_view_if_needed()
        places = [a for a in _legal(page) if a["type"] == "place" and a["step"] == step]
        columns = sorted({c[:2] for a in places for c in _cells(a)})
        _click_column(page, columns)
        expect(page.locator("[data-testid=tray-detail]")).to_contain_text("размещение 1 из")
        # The tray with Confirm stays on screen while the board is in view.
        _inside_viewport(page, "[data-testid=confirm]")
        expect(page.locator("[data-testid=confirm]")).to_have_text(re.compile("Подтвердить"))
        screenshot(page, "monolyth-phone-ru-choosing", full_page=False)
        screenshot(page, "monolyth-phone-ru-page")
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


def test_russian_laptop(laptop: Page, server: Server) -> None:
    page = laptop
    create_match(page, server.url, "monolyth", ["human", BOT, BOT, BOT])
    assert wait_my_turn_or_end(page)
    page.select_option("[data-testid=lang]", "ru")
    page.evaluate("document.querySelectorAll('.toast').forEach(t => t.remove())")
    step = next(a["step"] for a in _legal(page) if a["type"] == "place")
    page.click(f"[data-testid=ring-step-{step}]")
    places = [a for a in _legal(page) if a["type"] == "place" and a["step"] == step]
    _click_column(page, sorted({c[:2] for a in places for c in _cells(a)}))
    for seat in range(4):
        _inside_viewport(page, f"[data-testid=board-{seat}]")
    _inside_viewport(page, "[data-testid=confirm]")
    assert page.evaluate("window.scrollY") == 0
    screenshot(page, "monolyth-1366x768-ru-4p", full_page=False)


def test_a_turn_by_keyboard_alone(page: Page, server: Server) -> None:
    create_match(page, server.url, "monolyth", ["human", BOT])
    assert wait_my_turn_or_end(page)
    seen = version(page)

    def tab_to(predicate: str, limit: int = 40) -> None:
        for _ in range(limit):
            page.keyboard.press("Tab")
            if page.evaluate(f"(e => {predicate})(document.activeElement)"):
                return
        raise AssertionError(f"Tab never reached {predicate}")

    tab_to("e.matches('[data-testid^=ring-step-]')")
    first = page.evaluate("document.activeElement.dataset.step")
    page.keyboard.press("ArrowRight")  # the next piece on the ring
    step = int(page.evaluate("document.activeElement.dataset.step"))
    assert step != int(first)
    page.keyboard.press("Enter")
    chosen_piece = page.locator(f"[data-testid=ring-step-{step}]")
    expect(chosen_piece).to_have_attribute("aria-pressed", "true")
    tab_to("e.matches('[data-top]')")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowDown")
    places = [a for a in _legal(page) if a["type"] == "place" and a["step"] == step]
    # Walk the columns until one where the piece fits, choosing there with Enter.
    for _ in range(16):
        x, y = (int(n) for n in page.evaluate("document.activeElement.dataset.top").split(","))
        column = (x, y)
        if _covering(places, column):
            break
        page.keyboard.press("ArrowRight" if column[0] < 3 else "ArrowDown")
    label = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert "fits" in label
    page.keyboard.press("Enter")
    shown = _preview(page)
    assert shown in _covering(places, column)
    expect(page.locator("[data-testid=announce]")).to_contain_text("placement 1 of")
    page.keyboard.press(" ")  # Space: the next placement over the same column, if any
    chosen = _preview(page)
    assert chosen in _covering(places, column)
    page.keyboard.press("Enter")  # Enter on a column the shown placement covers: confirmed
    wait_past(page, seen)
    cubes = {tuple(c["cell"]) for c in payload(page)["view"]["boards"][0]["cubes"]}
    assert chosen <= cubes
    # Once the bot has moved, the keyboard is back on the ring for the next turn.
    assert wait_my_turn_or_end(page)
    expect(page.locator("[data-testid^=ring-step-]:focus")).to_have_count(1)


def test_what_a_screen_reader_hears(page: Page, server: Server) -> None:
    create_match(page, server.url, "monolyth", ["human", BOT])
    assert wait_my_turn_or_end(page)
    _play_turn(page, 5)
    assert wait_my_turn_or_end(page)
    view = payload(page)["view"]
    ring = page.locator("[data-testid=ring]").aria_snapshot()
    piece = view["ring"][(view["crystal"] + 1) % 13]
    assert re.search(r'button "1 step: \w', ring), ring
    assert piece["shape"] not in ring, ring  # names, never engine ids
    assert "img: a 1 b 2" not in ring

    board = page.locator("[data-testid=board-0]").aria_snapshot()
    mine = view["boards"][0]
    levels = Counter(c["cell"][2] for c in mine["cubes"])
    assert f"Level 1: {levels[0]} of 16 cells filled" in board, board
    assert "The north wall" in board and "edge" in board, board
    assert 'button "Turn the view a quarter to the left"' in board, board
    assert "⟲" not in board
    for prophecy in mine["prophecies"].values():
        assert f"prophecy {prophecy['value']}" in board

    step = next(a["step"] for a in _legal(page) if a["type"] == "place")
    page.click(f"[data-testid=ring-step-{step}]")
    tray = page.locator("[data-testid=tray]").aria_snapshot()
    assert re.search(r'img "\w+ [\w -]+: \d cubes? on', tray), tray
    for name in ("Turn the piece to its next orientation", "Previous placement", "Next placement"):
        assert f'button "{name}"' in tray, tray
    board = page.locator("[data-testid=board-0]").aria_snapshot()
    assert re.search(r'button "a1, (empty|\d cubes? high)', board), board
    screenshot(page, "monolyth-a11y")


def test_the_preview_shows_through_a_tall_monolith(page: Page, server: Server) -> None:
    """Build up the centre of the board, then place a piece in the far corner behind it: the
    cubes in front turn see-through, and the plan reaches the corner hidden from view."""
    create_match(page, server.url, "monolyth", ["human"])
    centre = {(1, 1), (2, 1), (1, 2), (2, 2)}
    corner = {(0, 0), (1, 0), (0, 1)}

    def centre_height() -> int:
        cubes = payload(page)["view"]["boards"][0]["cubes"]
        return min(sum(1 for c in cubes if tuple(c["cell"][:2]) == column) for column in centre)

    for _ in range(12):
        assert wait_my_turn_or_end(page)
        if centre_height() >= 2:
            break
        # Setting up the position: the highest placements in the centre, none in the corner.
        moves = [a for a in payload(page)["legal_actions"] if a["action"]["type"] == "place"]
        best = max(
            moves,
            key=lambda a: (
                not any(tuple(c[:2]) in corner for c in a["action"]["cells"]),
                sum(c[2] + 1 for c in a["action"]["cells"] if tuple(c[:2]) in centre),
            ),
        )
        act_and_wait(page, action_id=best["id"])
    assert centre_height() >= 2, "the centre should stand two cubes high by now"
    page.evaluate("document.querySelectorAll('.toast').forEach(t => t.remove())")

    step = next(
        a["step"]
        for a in _legal(page)
        if a["type"] == "place" and any(tuple(c[:2]) == (0, 0) for c in a["cells"])
    )
    page.click(f"[data-testid=ring-step-{step}]")
    # The far corner's floor is hidden behind the centre: the plan reaches it.
    assert page.evaluate(_COLUMN_POINT, "0,0") is None
    page.click('.plan [data-plan="0,0"]')
    places = [a for a in _legal(page) if a["type"] == "place" and a["step"] == step]
    assert _preview(page) in _covering(places, (0, 0))
    expect(page.locator('.plan [data-plan="0,0"]')).to_have_class(re.compile("anchor"))
    assert page.evaluate(_CUBES_IN_FRONT) > 0
    expect(page.locator(".iso-board.interactive .cube.xray").first).to_be_attached()
    screenshot(page, "monolyth-xray", full_page=False)


def test_a_tapped_score_shows_its_parts_during_play(page: Page, server: Server) -> None:
    """A score at the table is a number until tapped: then the points so far, part by part
    (structure token, each level, each prophecy), which add up to it; tapped again, it folds."""
    create_match(page, server.url, "monolyth", ["human", BOT])
    scored = None
    for _ in range(30):
        if not wait_my_turn_or_end(page):
            break
        boards = payload(page)["view"]["boards"]
        scored = next((b for b in boards if b["score"] > 0), None)
        if scored is not None:
            break
        act_and_wait(page)
    assert scored is not None, "someone scores within 30 moves"
    seat = scored["seat"]
    button = page.locator(f"[data-testid=score-{seat}]")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(page.locator(f"[data-testid=score-parts-{seat}]")).to_have_count(0)
    button.click()
    parts = page.locator(f"[data-testid=score-parts-{seat}]")
    expect(parts).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    points = [
        int(n)
        for n in parts.locator("td[data-points]").evaluate_all(
            "cells => cells.map((c) => c.dataset.points)"
        )
    ]
    total = int(parts.locator("td[data-total]").get_attribute("data-total") or "-1")
    assert total == scored["score"] == sum(points) > 0
    height = payload(page)["view"]["height"]
    assert len(points) == 1 + height + len(scored["prophecies"])  # structure, levels, prophecies
    screenshot(page, "monolyth-score-parts", full_page=False)
    button.click()
    expect(parts).to_have_count(0)
