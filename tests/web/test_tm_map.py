"""The Monolith played on the map: a 4-seat match against three greedy bots through day 1, every
order given on the map (a march by its group and path with several drop-offs in one gesture, a
shaman order step by step), a bid set with the stepper on its card, the action phase by clicking
targets; step costs shown before they are paid; forced choices taken for you with the switch on
and explained with it off; the map by keyboard; screenshots at 1366x768 and 390x844 in English and
Russian."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page, expect

from tests.web.conftest import Server, screenshot
from tests.web.helpers import create_match, payload, settled, version, wait_my_turn_or_end

BOT = "bot|greedy|default"
ME = 0


def view(page: Page) -> dict[str, Any]:
    data: dict[str, Any] = payload(page)["view"]
    return data


def kinds(page: Page) -> list[str]:
    return [a["action"]["kind"] for a in payload(page)["legal_actions"]]


def offered(page: Page, kind: str) -> list[dict[str, Any]]:
    """The legal actions of one kind, as JSON."""
    return [a["action"] for a in payload(page)["legal_actions"] if a["action"]["kind"] == kind]


STOPS = "(p, n) => p.log.filter((e) => e.seat === 0 && e.lines[0]?.id === 'tm-log-stop').length > n"
"""A JS condition: more orders of ours have ended than ``n``."""


def my_lines(page: Page) -> list[str]:
    """The ids of the log lines of this seat's own actions, oldest first."""
    return [e["lines"][0]["id"] for e in payload(page)["log"] if e["seat"] == ME and e["lines"]]


def wait(page: Page, condition: str, arg: Any = None, timeout: float = 20_000) -> None:
    """Wait until ``condition`` (a JS function of the payload and ``arg``) holds."""
    page.wait_for_function(
        f"([arg]) => {{ const p = window.__monolith.payload; return ({condition})(p, arg); }}",
        arg=[arg],
        timeout=timeout,
    )


def hearts(page: Page) -> int:
    return int(view(page)["seats"][ME]["available"])


def space_key(page: Page, index: int) -> str:
    return str(view(page)["spaces"][index]["key"])


def cost_targets(page: Page) -> list[str]:
    """Keys of the spaces showing a step cost on the map."""
    badges = page.locator("[data-testid=map] [data-testid^=cost-]")
    return [
        (badges.nth(i).get_attribute("data-testid") or "").removeprefix("cost-")
        for i in range(badges.count())
    ]


def step_to(page: Page, key: str, cost: str) -> None:
    """Click a step target whose badge (and accessible name) shows ``cost`` before paying it."""
    badge = page.locator(f"[data-testid=cost-{key}]")
    before = hearts(page)
    label = page.locator(f"[data-testid=space-{key}]").get_attribute("aria-label") or ""
    if cost == "heart":
        expect(badge).to_have_text("−1 ♥")
        assert f"you have {before}, {before - 1} left" in label, label
    else:
        expect(badge).to_have_text("free")
        assert "This step is free" in label, label
    seen, steps = version(page), (view(page)["march"] or {}).get("steps", 0)
    page.locator(f"[data-testid=space-{key}]").click()
    # a first step is two actions (the order, then the step): wait for the step
    wait(
        page,
        "(p, a) => p.version > a[0] && (!p.view.march || p.view.march.steps > a[1])",
        [seen, steps],
    )
    if view(page)["march"] is not None:  # still our order (a forced end may follow at once)
        assert hearts(page) == before - (1 if cost == "heart" else 0)


def march_with_drop_offs(page: Page) -> int:
    """Select the biggest group by clicking it, walk two steps, drop several warriors in one
    gesture on the way, end the march. Returns how many were dropped at once."""
    v = view(page)
    start = max(offered(page, "march"), key=lambda a: a["warriors"])
    home, group = int(start["space"]), int(start["warriors"])
    assert group >= 3, "a stronghold starts with at least three warriors"
    page.locator(f"[data-unit='{home}:{ME}:w']").click()
    selection = page.locator("[data-testid=selection]")
    expect(selection).to_contain_text(v["spaces"][home]["name"])
    expect(page.locator("[data-testid=group-count-value]")).to_have_value(str(group))
    expect(page.locator("[data-testid=hint]")).to_contain_text(f"you have {hearts(page)}")
    targets = cost_targets(page)
    assert targets and all(page.locator(f"[data-testid=cost-{k}]").text_content() for k in targets)
    adjacent = {space_key(page, s) for s in v["spaces"][home]["adjacent"]}
    assert set(targets) == adjacent  # exactly the spaces a first step can reach
    screenshot(page, "tm-map-march-path-en-1366", full_page=False)
    step_to(page, targets[0], "heart")
    reason = page.locator("[data-testid=reason]")
    expect(reason).to_contain_text(f"March: {group} warriors at")
    expect(reason).to_contain_text("1 step taken")
    # drop off all but one of the group: one gesture, several engine actions in a row
    here = view(page)["march"]["at"]
    page.locator(f"[data-testid=space-{space_key(page, here)}]").click()
    menu = page.locator("[data-testid=space-menu]")
    expect(menu).to_be_visible()
    for _ in range(group - 2):
        menu.locator("[data-testid=drop-count-more]").click()
    expect(menu.locator("[data-testid=drop-count-value]")).to_have_value(str(group - 1))
    expect(menu.locator("[data-testid=drop-count-more]")).to_be_disabled()
    drops = my_lines(page).count("tm-log-drop-off")
    menu.locator("[data-testid=drop-go]").click()
    wait(page, "p => p.view.march && p.view.march.group === 1")
    assert my_lines(page).count("tm-log-drop-off") == drops + group - 1
    # the drop-offs alike read as one entry of the log, saying how many (to the eye and the ear)
    last = page.locator("[data-testid=log] li.log-entry").last
    expect(last.get_by_test_id("log-times")).to_have_text(f"×{group - 1}")
    expect(last).to_contain_text("You drop off a warrior in")
    expect(last).to_contain_text(f"({group - 1} times)")
    expect(page.locator("[data-testid=reason]")).to_contain_text("March: 1 warrior at")
    screenshot(page, "tm-map-marching-en-1366", full_page=False)
    march = view(page)["march"]
    step_to(page, cost_targets(page)[0], "free" if march["next_step"] == "free" else "heart")
    seen = version(page)
    page.locator("[data-testid=stop]").click()
    wait(page, "(p, v) => p.version > v && !(p.view.order === 'march' && p.to_move === 0)", seen)
    assert my_lines(page)[-1] == "tm-log-stop"
    return group - 1


def bid_with_stepper(page: Page) -> None:
    """Bid on the card cheapest to win with the stepper on that card: up one heart and back
    down, then the least winning bid (the other orders need the rest)."""
    bids = [a["action"] for a in payload(page)["legal_actions"] if a["action"]["kind"] == "bid"]
    slot = min(bids, key=lambda a: a["hearts"])["slot"]  # the card cheapest to win
    steppers = page.locator(f"[data-testid=row] [data-testid=bid-{slot}-value]")
    expect(steppers.first).to_be_visible()
    least = int(steppers.first.input_value())
    go = page.locator(f"[data-testid=bid-{slot}-go]")
    expect(go).to_have_text(f"Bid {least} ♥")
    expect(page.locator(f"[data-testid=bid-{slot}-less]")).to_be_disabled()  # no lower bid wins
    more = page.locator(f"[data-testid=bid-{slot}-more]")
    if more.is_enabled():  # up and down again: the least bid keeps hearts for the other orders
        more.click()
        expect(go).to_have_text(f"Bid {least + 1} ♥")
        page.locator(f"[data-testid=bid-{slot}-less]").click()
    expect(go).to_have_text(f"Bid {least} ♥")
    held = len(payload(page)["log"])
    go.click()
    # The bid is logged as ours; the row may already have moved on (the bots bid at once, and a
    # forced choice after them is taken for us), so the log says it, not the row.
    wait(
        page,
        "(p, n) => p.log.slice(n).some((e) => e.seat === 0 && e.lines.length && "
        "e.lines[0].id === 'tm-log-bid')",
        held,
    )
    bid = next(
        e["lines"][0]
        for e in payload(page)["log"][held:]
        if e["seat"] == ME and e["lines"] and e["lines"][0]["id"] == "tm-log-bid"
    )
    assert bid["args"]["hearts"] == least


def shaman_order(page: Page, *, auto: bool) -> None:
    """Order the shaman by clicking it, then step until no step is left; the last decision (end
    the order) is forced: taken for you with the switch on, explained with it off."""
    switch = page.locator("[data-testid=auto-forced]")
    if switch.is_checked() != auto:
        switch.click()
    spaces = view(page)["spaces"]
    home = next(i for i, s in enumerate(spaces) if any(x["player"] == ME for x in s["shamans"]))
    page.locator(f"[data-unit='{home}:{ME}:s']").click()
    expect(page.locator("[data-testid=selection]")).to_be_visible()
    first = cost_targets(page)[0]
    expect(page.locator(f"[data-testid=cost-{first}]")).to_have_text("−1 ♥")  # the order's heart
    before, stops = hearts(page), my_lines(page).count("tm-log-stop")
    page.locator(f"[data-testid=space-{first}]").click()
    wait(page, "p => p.view.march && p.view.march.steps === 1")
    assert hearts(page) == before - 1
    expect(page.locator("[data-testid=reason]")).to_contain_text("Shaman order")
    while True:
        v = view(page)
        if v["order"] != "shaman" or v["march"]["next_step"] != "free" or "step" not in kinds(page):
            break  # no step left, or the forced end was taken for us already
        step_to(page, cost_targets(page)[0], "free")
    # a card usable during the order leaves two choices: use it, and the end is forced then
    while view(page)["order"] == "shaman" and "use_effect" in kinds(page):
        seen = version(page)
        page.locator("[data-testid=choice][data-kind=use_effect]").first.click()
        wait(page, "(p, v) => p.version > v", seen)
    if auto:
        wait(page, STOPS, stops)
        note = page.locator("[data-testid=auto-note]")
        expect(note).to_contain_text("Taken for you: End the shaman order")
    else:
        assert kinds(page) == ["stop"]
        reason = page.locator("[data-testid=reason]")
        expect(reason).to_contain_text("Only choice")
        expect(reason).to_contain_text("It has no steps left: end the order.")
        sent = page.evaluate("window.__monolith.sent.length")
        settled(page)  # a forced choice is taken as the state is drawn: it would be by now
        expect(page.locator("[data-testid=auto-note]")).to_have_count(0)
        assert kinds(page) == ["stop"] and page.evaluate("window.__monolith.sent.length") == sent
        screenshot(page, "tm-map-forced-explained-en-1366", full_page=False)
        page.locator("[data-testid=stop]").click()
        wait(page, STOPS, stops)
        page.locator("[data-testid=auto-forced]").click()  # back on for the rest of the match


def keyboard_on_the_map(page: Page) -> None:
    """Tab stops are the spaces you can act on; Enter selects, + and − change the group, arrows
    move between spaces, Escape cancels."""
    stops = page.locator("[data-testid=map] polygon[tabindex='0']")
    targets = page.locator("[data-testid=map] .space-poly.target")
    assert stops.count() == targets.count() > 0
    home = max(offered(page, "march"), key=lambda a: a["warriors"])
    polygon = page.locator(f"[data-testid=space-{space_key(page, home['space'])}]")
    label = polygon.get_attribute("aria-label") or ""
    assert label.startswith(view(page)["spaces"][home["space"]]["name"]), label
    assert f"you: {home['warriors']} warriors" in label, label
    assert "Enter: march from here" in label or "Enter: choose your warriors" in label, label
    polygon.focus()
    page.keyboard.press("Enter")
    if "Enter: choose your warriors or your shaman" in label:  # the shaman stands there too
        menu = page.locator("[data-testid=space-menu]")
        expect(menu.locator("button").first).to_be_focused()
        menu.locator("button", has_text="March with your warriors").click()
        polygon.focus()
    expect(page.locator("[data-testid=selection]")).to_be_visible()
    page.keyboard.press("-")
    expect(page.locator("[data-testid=group-count-value]")).to_have_value(str(home["warriors"] - 1))
    focused = "() => document.activeElement.getAttribute('data-space')"
    assert page.evaluate(focused) == str(home["space"])
    for key in ("ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight"):
        page.keyboard.press(key)
        if page.evaluate(focused) != str(home["space"]):
            break
    assert page.evaluate(focused) != str(home["space"]), "the arrows reach a neighbouring space"
    page.keyboard.press("Escape")
    expect(page.locator("[data-testid=selection]")).to_have_count(0)


def act_on_the_map(page: Page) -> str:
    """One action of the action phase, by clicking its target on the map. Returns its kind."""
    legal = [a["action"] for a in payload(page)["legal_actions"]]
    seen = version(page)
    slay = next((a for a in legal if a["kind"] == "slay"), None)
    maneuver = next((a for a in legal if a["kind"] == "maneuver"), None)
    boast = next((a for a in legal if a["kind"] == "boast"), None)
    sacrifice = next((a for a in legal if a["kind"] == "sacrifice"), None)
    if slay:
        unit = "s" if slay["shaman"] else "w"
        page.locator(f"[data-unit='{slay['space']}:{slay['player']}:{unit}']").click()
        kind = "slay"
    elif maneuver:
        unit = "s" if maneuver["shaman"] else "w"
        page.locator(f"[data-unit='{maneuver['from']}:{ME}:{unit}']").click()
        expect(page.locator("[data-testid=selection]")).to_be_visible()
        page.locator(f"[data-testid=space-{space_key(page, maneuver['to'])}]").click()
        kind = "maneuver"
    elif boast:
        slots = page.locator(f"[data-testid=map] .slot-target[data-slot^='{boast['space']}:']")
        slots.first.click()
        kind = "boast"
    elif sacrifice:
        page.locator(f"[data-testid=space-{space_key(page, sacrifice['space'])}]").click()
        page.locator("[data-testid=space-menu] [data-kind=sacrifice]").first.click()
        kind = "sacrifice"
    else:
        page.locator("[data-testid=relent]").click()
        kind = "relent"
    wait(page, "(p, v) => p.version > v", seen)
    line = "tm-score-slay" if kind == "slay" else f"tm-log-{kind}"  # a slay's line says its favor
    assert line in my_lines(page)
    return kind


def phone_and_russian(page: Page, name: str, overflowed: list[str]) -> None:
    """The same moment at 1366x768 and on a 390x844 phone, in English and in Russian."""
    page.set_viewport_size({"width": 390, "height": 844})
    settled(page)
    screenshot(page, f"{name}-en-390", full_page=False)
    decision = page.locator("[data-testid=decision]")
    box = decision.bounding_box()
    assert box is not None and box["y"] < 844, "on a phone the decision is on the first screen"
    # It keeps to half the screen; while more of it lies below, its bottom edge fades.
    below = "(el) => el.scrollHeight - el.scrollTop - el.clientHeight > 4"
    if decision.evaluate(below):
        expect(decision).to_have_class(re.compile(r"\bmore-below\b"))
        decision.evaluate("(el) => { el.scrollTop = el.scrollHeight; }")
        expect(decision).not_to_have_class(re.compile(r"\bmore-below\b"))
        decision.evaluate("(el) => { el.scrollTop = 0; }")
        overflowed.append(name)
    else:
        expect(decision).not_to_have_class(re.compile(r"\bmore-below\b"))
    page.select_option("[data-testid=lang]", "ru")
    expect(page.locator("[data-testid=auto-forced]")).to_be_visible()
    expect(page.locator(".auto-switch")).to_contain_text("Делать вынужденный ход за меня")
    screenshot(page, f"{name}-ru-390", full_page=False)
    page.set_viewport_size({"width": 1366, "height": 768})
    settled(page)
    screenshot(page, f"{name}-ru-1366", full_page=False)
    page.select_option("[data-testid=lang]", "en")
    expect(page.locator(".auto-switch")).to_contain_text("Take forced choices for me")


def test_day_one_played_on_the_map(page: Page, server: Server) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    create_match(page, server.url, "the-monolith", ["human", BOT, BOT, BOT])
    expect(page.locator("[data-testid=map]")).to_be_visible()
    switch = page.locator("[data-testid=auto-forced]")
    expect(switch).to_be_checked()  # on unless switched off
    done: dict[str, Any] = {"marched": 0, "bid": False, "auto": False, "explained": False}
    actions: list[str] = []
    overflowed: list[str] = []  # the phone-sized decisions longer than half the screen
    decisions = 0
    while wait_my_turn_or_end(page, timeout=60_000):
        snapshot = payload(page)
        v, legal = snapshot["view"], snapshot["legal_actions"]
        if v["day"] >= 2:
            break
        if len(legal) == 1 and page.locator("[data-testid=auto-forced]").is_checked():
            wait(page, "(p, v) => p.version > v", snapshot["version"])  # the page takes it
            continue
        decisions += 1
        assert decisions < 80, "day 1 takes far fewer decisions of ours"
        # A note of a choice taken for us speaks only of this phase, never of an earlier one.
        for note in page.locator("[data-testid=auto-note]").all():
            assert note.get_attribute("data-phase") == v["phase"], v["phase"]
            assert note.get_attribute("data-day") == str(v["day"])
        what = v["decision"]
        reason = page.locator("[data-testid=reason]")
        expect(reason).not_to_be_empty()  # every decision says why
        if what == "order" and not done["marched"]:
            screenshot(page, "tm-map-order-en-1366", full_page=False)
            keyboard_on_the_map(page)
            done["marched"] = march_with_drop_offs(page)
        elif what == "order" and not done["bid"]:
            bid_with_stepper(page)
            done["bid"] = True
        elif what == "order" and not done["auto"] and "shaman" in kinds(page):
            shaman_order(page, auto=True)
            done["auto"] = True
        elif what == "order" and not done["explained"] and "shaman" in kinds(page):
            phone_and_russian(page, "tm-map-order", overflowed)
            shaman_order(page, auto=False)
            done["explained"] = True
        elif what == "order":
            seen = version(page)
            page.locator("[data-testid=commit]").click()
            wait(page, "(p, v) => p.version > v", seen)
        elif what == "checks":
            slot = next(a["action"]["slot"] for a in legal)
            button = page.locator(f"[data-testid=take-{slot}], [data-testid=forfeit-{slot}]")
            seen = version(page)
            button.first.click()
            wait(page, "(p, v) => p.version > v", seen)
        elif what == "action":
            if not actions:
                screenshot(page, "tm-map-action-en-1366", full_page=False)
            actions.append(act_on_the_map(page))
            if len(actions) == 1:
                phone_and_russian(page, "tm-map-action", overflowed)
        elif what in ("place_event", "move_event"):
            seen = version(page)
            page.locator("[data-testid=map] .space-poly.target").first.click()
            wait(page, "(p, v) => p.version > v", seen)
        else:  # keep an objective, discard a card, reveal or pass: a choice in the panel
            seen = version(page)
            choices = page.locator("[data-testid=choice]")
            if not choices.count():  # anything else: from the list of all choices
                if page.locator("[data-testid=all-choices]").get_attribute("open") is None:
                    page.locator("[data-testid=all-choices-toggle]").click()
                choices = page.locator("[data-testid=action]")
            choices.first.click()
            wait(page, "(p, v) => p.version > v", seen)
    assert done["marched"] >= 2 and done["bid"] and done["auto"] and done["explained"]
    assert actions and any(kind != "relent" for kind in actions), actions
    assert "tm-map-order" in overflowed, "an order's choices run past half a phone's screen"
    # the switch is remembered: off after a reload stays off
    switch = page.locator("[data-testid=auto-forced]")
    switch.uncheck()
    page.reload()
    expect(page.locator("[data-testid=auto-forced]")).not_to_be_checked()
    screenshot(page, "tm-map-day-2-en-1366")


def test_the_list_of_all_choices_stays_and_is_remembered(page: Page, server: Server) -> None:
    create_match(page, server.url, "the-monolith", ["human", BOT, BOT, BOT])
    assert wait_my_turn_or_end(page)
    details = page.locator("[data-testid=all-choices]")
    expect(details).to_be_visible()
    expect(page.locator("[data-testid=action]").first).to_be_hidden()
    page.locator("[data-testid=all-choices-toggle]").click()
    labels = page.locator("[data-testid=action]")
    expect(labels).to_have_count(len(payload(page)["legal_actions"]))
    text = labels.first.inner_text()
    assert text and "_" not in text and "{" not in text  # words, never engine identifiers
    page.reload()
    expect(page.locator("[data-testid=action]").first).to_be_visible()
