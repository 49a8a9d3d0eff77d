"""The frame around both games as players meet it: taking a seat back from the bot after the clock
ran out, landing on the table with the invitations after creating a match, a Russian table whose
refusals and statuses speak Russian, a replay that opens on the drawn setup, and what screen
readers are told (checked on Playwright's accessibility snapshot)."""

from __future__ import annotations

import contextlib
import re
from typing import Any

import httpx
from playwright.sync_api import Browser, Page, ViewportSize, expect
from playwright.sync_api import Error as PlaywrightError

from tests.web.conftest import Server, screenshot
from tests.web.helpers import (
    create_match,
    payload,
    place_a_piece,
    wait_my_turn_or_end,
)

BOT = "bot|greedy|default"
DESKTOP = ViewportSize(width=1366, height=768)
PHONE = ViewportSize(width=390, height=844)


def api(server: Server, method: str, path: str, token: str | None = None, **body: Any) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    response = httpx.request(method, f"{server.url}{path}", json=body or None, headers=headers)
    assert response.status_code < 300, response.text
    return response.json()


def new_match(server: Server, game: str, seats: list[str], **extra: Any) -> str:
    specs = [{"kind": "bot", "bot": "greedy"} if s == "bot" else {"kind": "human"} for s in seats]
    body = {"game": game, "players": len(seats), "seats": specs, **extra}
    created = api(server, "POST", "/api/matches", **body)
    match_id: str = created["match_id"]
    return match_id


def play_first_legal(server: Server, match_id: str, token: str) -> None:
    state = api(server, "GET", f"/api/matches/{match_id}/state", token)
    choice = state["legal_actions"][0]
    path = f"/api/matches/{match_id}/actions"
    api(server, "POST", path, token, version=state["version"], action_id=choice["id"])


def sit(page: Page, server: Server, match_id: str, seat: int, name: str) -> None:
    page.goto(f"{server.url}/join/{match_id}/{seat}")
    page.fill("[data-testid=join-name]", name)
    page.click("[data-testid=join-submit]")
    page.wait_for_function("window.__monolith && window.__monolith.payload !== null")


def test_a_timed_out_player_sees_why_takes_the_seat_back_and_plays_on(
    page: Page, browser: Browser, server: Server
) -> None:
    page.set_viewport_size(DESKTOP)
    match_id = new_match(server, "monolyth", ["human", "human"], turn_clock_seconds=6)
    grace = api(server, "POST", f"/api/matches/{match_id}/seats/1/join", name="Grace")["token"]
    sit(page, server, match_id, 0, "Ada")
    if payload(page)["to_move"] == 1:
        play_first_legal(server, match_id, grace)
    assert wait_my_turn_or_end(page)
    expect(page.locator("[data-testid=turn-clock]")).to_have_text(re.compile(r"0:0\d"))
    watcher = browser.new_context(viewport=PHONE, locale="en-US").new_page()
    try:
        watcher.goto(f"{server.url}/watch/{match_id}")
        expect(watcher.locator("[data-testid=ring]")).to_be_visible()

        # Ada lets the clock run out: she is told, and so is everyone watching. (Grace's clock
        # runs then, so the test keeps moving.)
        notice = page.locator("[data-testid=takeover-notice]")
        expect(notice).to_be_visible(timeout=15_000)
        expect(notice).to_contain_text("Time ran out: Garnet plays for you.")
        row = page.locator("[data-testid=takeover-0]")
        expect(row).to_have_text("Garnet plays: time ran out")
        expect(page.locator("[data-testid=undo]")).to_have_count(0)
        screenshot(page, "takeover-notice", full_page=False)
        expect(watcher.locator("[data-testid=takeover-banner-0]")).to_contain_text(
            "Time ran out for Ada: Garnet plays that seat until they take it back."
        )
        # The bot's move for Ada is marked as the bot's in the log.
        expect(watcher.locator("[data-testid=log] .log-bot")).to_have_count(1)
        screenshot(watcher, "takeover-banner-phone", full_page=False)
    finally:
        watcher.context.close()

    # She takes the seat back; the bot has moved once for her, on Grace's decision now.
    page.click("[data-testid=reclaim]")
    expect(notice).to_have_count(0)
    expect(row).to_have_count(0)
    expect(page.locator("[data-testid=player-0] .tag")).to_have_count(0)
    seat = payload(page)["seats"][0]
    assert (seat["controller"], seat["takeover"]) == ("human", None)
    play_first_legal(server, match_id, grace)

    # Her clock runs again and she plays on.
    assert wait_my_turn_or_end(page)
    assert payload(page)["clock"]["seat"] == 0
    expect(page.locator("[data-testid=turn-clock]")).to_have_text(re.compile(r"0:0\d"))
    place_a_piece(page)
    last = payload(page)["log"][-1]
    assert (last["seat"], last["by_bot"]) == (0, False)
    screenshot(page, "seat-taken-back", full_page=False)


def close_the_invitations(page: Page) -> None:
    """Close the invitations with their ×, as a player would: again if the click missed.

    The table starts once the last seat is taken, and its first redraw can move the × in the
    instant Playwright clicks where it was; a player who misses clicks again.
    """
    invite, close = page.locator("[data-testid=invite]"), page.locator("[data-testid=invite-close]")
    for _ in range(5):
        if not invite.count():
            return
        with contextlib.suppress(PlaywrightError):
            close.click(timeout=2_000)
        with contextlib.suppress(AssertionError):
            expect(invite).to_have_count(0, timeout=2_000)


def test_creating_a_match_lands_on_the_table_with_the_invitations(
    page: Page, browser: Browser, server: Server
) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    page.set_viewport_size(PHONE)
    match_id = create_match(page, server.url, "monolyth", ["human", "human", BOT])
    invite = page.locator("[data-testid=invite]")
    expect(invite).to_be_in_viewport()
    expect(page.locator("[data-testid=invite-count]")).to_have_text("1 seat is open.")
    seat_link = page.locator("[data-testid=join-link-1]")
    expect(seat_link).to_have_value(f"{server.url}/join/{match_id}/1")
    expect(page.locator("[data-testid=spectator-link]")).to_have_value(
        f"{server.url}/watch/{match_id}"
    )
    expect(page.locator("[data-testid=join-link-0]")).to_have_count(0)  # Ada sits there
    page.click("[data-testid=copy-join-link-1]")
    assert page.evaluate("navigator.clipboard.readText()") == f"{server.url}/join/{match_id}/1"
    screenshot(page, "invite-phone", full_page=False)

    # The friend follows the link; the invitations follow the table.
    friend = browser.new_context(viewport=DESKTOP, locale="en-US").new_page()
    try:
        sit(friend, server, match_id, 1, "Grace")
        # Nobody is left to invite as a player: the invitations become the spectators' link.
        expect(page.locator("[data-testid=invite-lead]")).to_have_text(
            "Every seat is taken. Anyone with this link can watch the match."
        )
        expect(page.locator("#invite-title")).to_have_text("Invite spectators")
        expect(page.locator("[data-testid=invite-count]")).to_have_count(0)
        expect(page.locator("[data-testid=join-link-1]")).to_have_count(0)
        expect(friend.locator("[data-testid=invite]")).to_have_count(0)  # only on a fresh table
        expect(friend.locator("[data-testid=invite-button]")).to_have_text("✉ Invite to watch")
        friend.click("[data-testid=invite-button]")
        expect(friend.locator("[data-testid=spectator-link]")).to_be_visible()
        screenshot(friend, "invite-desktop", full_page=False)
    finally:
        friend.context.close()
    close_the_invitations(page)
    expect(invite).to_have_count(0)
    expect(page.locator("[data-testid=invite-button]")).to_have_attribute("aria-expanded", "false")


def test_a_russian_table_words_refusals_and_statuses_in_russian(page: Page, server: Server) -> None:
    page.set_viewport_size(DESKTOP)
    page.goto(f"{server.url}/")
    page.select_option("[data-testid=lang]", "ru")
    expect(page.locator("[data-testid=create]")).to_have_text("Создать партию")  # remembered
    create_match(page, server.url, "monolyth", ["human", BOT], name="Ада")
    # Nobody is left to invite (a bot plays the other seat): the invitations stay folded.
    expect(page.locator("[data-testid=invite]")).to_have_count(0)
    expect(page.locator("[data-testid=invite-button]")).to_have_text("✉ Позвать зрителей")
    assert wait_my_turn_or_end(page)
    expect(page.locator("[data-testid=conn-status]")).to_have_text("В сети")
    expect(page.locator("[data-testid=turn]")).to_have_text("Ваш ход")
    expect(page.locator("[data-testid=undo-hint]")).to_contain_text("Отмена недоступна")

    # A move the server cannot read: refused in Russian, the server's English only as a detail.
    page.evaluate("window.__monolith.sendRaw({type: 'no such move'})")
    refusal = page.locator("[data-testid=refusal-text]")
    expect(refusal).to_have_text("Ваш ход не удалось прочитать.")
    detail = page.locator("[data-testid=refusal-detail]")
    expect(detail).to_be_hidden()  # folded away
    assert re.search(r"[a-z]{4}", detail.text_content() or ""), "the server's English sentence"
    screenshot(page, "refusal-ru", full_page=False)

    page.set_viewport_size(PHONE)
    page.click("[data-testid=leave]")
    dialog = page.locator("[data-testid=confirm-dialog]")
    expect(dialog).to_contain_text("Покинуть партию?")
    expect(page.locator("[data-testid=confirm-cancel]")).to_be_focused()
    for key, focused in (("Tab", "ok"), ("Tab", "cancel"), ("Shift+Tab", "ok")):
        page.keyboard.press(key)  # Tab goes round the two buttons, never out to the page
        expect(page.locator(f"[data-testid=confirm-{focused}]")).to_be_focused()
    screenshot(page, "leave-confirm-ru-phone", full_page=False)
    page.keyboard.press("Escape")
    expect(dialog).to_have_count(0)
    screenshot(page, "table-ru-phone", full_page=False)

    page.goto(f"{server.url}/watch/no-such-match")
    expect(page.locator("[data-testid=conn-status]")).to_have_text("Нет соединения")
    expect(page.locator("[data-testid=no-match]")).to_contain_text("Такой партии нет")


def test_moving_out_of_turn_is_refused_naming_whose_turn_it_is(page: Page, server: Server) -> None:
    match_id = new_match(server, "monolyth", ["human", "human"])
    api(server, "POST", f"/api/matches/{match_id}/seats/1/join", name="Grace")
    sit(page, server, match_id, 0, "Ada")
    page.evaluate("localStorage.setItem('monolith.lang', 'es')")
    page.reload()
    page.wait_for_function("window.__monolith && window.__monolith.payload !== null")
    state = payload(page)
    if state["to_move"] == 0:
        place_a_piece(page)
    page.evaluate("window.__monolith.sendRaw({type: 'pass'})")
    expect(page.locator("[data-testid=refusal-text]")).to_have_text("Decide Grace, no tú.")


def test_the_replay_opens_on_the_drawn_setup_with_its_lines(page: Page, server: Server) -> None:
    match_id = new_match(server, "monolyth", ["bot"])
    replay: dict[str, Any] = {}
    for _ in range(200):
        response = httpx.get(f"{server.url}/api/matches/{match_id}/replay")
        if response.status_code == 200:
            replay = response.json()
            break
        page.wait_for_timeout(100)
    assert replay["intro"], "the setup has lines to show"
    for viewport, lang in ((DESKTOP, "en"), (PHONE, "ru")):
        page.set_viewport_size(viewport)
        page.goto(f"{server.url}/")
        page.evaluate(f"localStorage.setItem('monolith.lang', '{lang}')")
        page.goto(f"{server.url}/replay/{match_id}")
        step = page.locator("[data-testid=replay-step]")
        expect(step).to_contain_text("The table at setup" if lang == "en" else "Стол в начале")
        expect(page.locator("[data-testid=replay-intro] li")).to_have_count(len(replay["intro"]))
        expect(page.locator("[data-testid=replay-controls]")).not_to_contain_text("null")
        expect(page.locator("[data-testid=ring]")).to_be_visible()  # drawn by the game's module
        expect(page.locator("[data-testid=board-0]")).to_be_visible()
        screenshot(page, f"replay-setup-{lang}", full_page=False)
    page.click("[data-testid=replay-next]")
    expect(step).to_contain_text(f"Ход 1 из {len(replay['steps'])}")
    lines = page.locator("[data-testid=replay-step] .replay-lines li")
    expect(lines).to_have_count(len(replay["steps"][0]["lines"]))
    expect(page.locator("[data-testid=log] li.log-entry:not(.setup)")).to_have_count(1)
    page.keyboard.press("Home")
    expect(page.locator("[data-testid=replay-intro]")).to_be_visible()


def names(snapshot: str, role: str) -> list[str]:
    """The accessible names of every ``role`` in an aria snapshot ("" for an unnamed one)."""
    pattern = rf'^\s*- {role}(?: "((?:[^"\\]|\\.)*)")?(?:[ :\[]|$)'
    return [m.group(1) or "" for m in re.finditer(pattern, snapshot, re.M)]


def test_screen_readers_hear_names_turns_bots_and_one_polite_log(
    page: Page, server: Server
) -> None:
    create_match(page, server.url, "monolyth", ["human", BOT])
    assert wait_my_turn_or_end(page)
    page.click("[data-testid=invite-button]")
    expect(page.locator("[data-testid=invite]")).to_be_visible()
    snapshot = page.locator("body").aria_snapshot()
    buttons = names(snapshot, "button")
    assert buttons and all(re.search(r"[^\W\d_]", name) for name in buttons), buttons
    assert {"Undo", "Leave", "Invite to watch", "Copy the spectator link"} - set(buttons) == set()
    assert "Turn the view a quarter to the left" in buttons  # ⟲ is named by its tooltip
    assert names(snapshot, "log") == ["Game log, oldest first"]
    log = page.get_by_role("log")
    expect(log).to_have_count(1)  # one log per table: the game draws none of its own
    expect(log).to_have_attribute("aria-live", "polite")
    players = page.get_by_role("list", name="Players and who is to move").get_by_role("listitem")
    expect(players.nth(0)).to_match_aria_snapshot("- listitem: /Ada , you , your turn , online/")
    expect(players.nth(1)).to_match_aria_snapshot(
        "- listitem: /Sapphire , played by a bot. greedy bot \\(default level\\)/"
    )
    undo = page.get_by_role("button", name="Undo")
    expect(undo).to_be_disabled()
    why = r"^Undo is unavailable: (Nothing has been played yet|The last move was Sapphire.s)"
    expect(undo).to_have_accessible_description(re.compile(why))
    page.get_by_text("Keyboard shortcuts").click()
    expect(page.get_by_test_id("shortcuts")).to_contain_text("R: turn the piece")

    # The log speaks once per move, not the whole log again: an entry is appended in place.
    page.evaluate("window.__firstEntry = document.querySelector('[data-testid=log] li')")
    place_a_piece(page)
    assert wait_my_turn_or_end(page)
    assert page.evaluate(
        "document.querySelector('[data-testid=log] li') === window.__firstEntry"
    ), "the log was rebuilt instead of appended to"
    # The log shows its newest entry (it may scroll there smoothly: give it a moment).
    page.wait_for_function(
        "() => { const l = document.querySelector('[data-testid=log]');"
        " return l.scrollHeight - l.clientHeight - l.scrollTop <= 1; }",
        timeout=5_000,
    )


def test_a_monolith_table_has_one_log(page: Page, server: Server) -> None:
    match_id = new_match(server, "the-monolith", ["bot", "bot", "bot"])
    page.goto(f"{server.url}/watch/{match_id}")
    expect(page.locator("[data-testid=map]")).to_be_visible()
    expect(page.get_by_role("log")).to_have_count(1)
    expect(page.locator("[data-testid=log]")).to_have_count(1)


def test_a_late_answer_over_http_does_not_mark_a_seat_offline(page: Page, server: Server) -> None:
    """The table asks for its state over HTTP as its socket opens. When the answer was built before
    the socket arrived but lands after the socket's first state, the reader's own seat must still
    show online: who is at the table is the socket's to say (CI once showed "Ada, you, offline")."""
    match_id = new_match(server, "monolyth", ["human", "human"])
    token = api(server, "POST", f"/api/matches/{match_id}/seats/0/join", name="Ada")["token"]
    api(server, "POST", f"/api/matches/{match_id}/seats/1/join", name="Grace")
    page.goto(f"{server.url}/")
    page.evaluate("([m, t]) => localStorage.setItem(`monolith.token.${m}.0`, t)", [match_id, token])
    held_state: list[Any] = []
    held_socket: list[Any] = []
    page.route(re.compile(r".*/state\?.*"), lambda route: held_state.append(route))
    page.route_web_socket(re.compile(r".*/ws/matches/.*"), lambda ws: held_socket.append(ws))
    page.goto(f"{server.url}/join/{match_id}/0")
    page.wait_for_function("window.__monolith !== undefined")
    for _ in range(200):  # the page asks for both as it starts; ten seconds at most
        if held_state and held_socket:
            break
        page.wait_for_timeout(50)
    assert held_state and held_socket, "the table asked for no state or opened no socket"
    # The HTTP answer is built now, while Ada has no socket open...
    stale = held_state[0].fetch()
    assert not stale.json()["seats"][0]["connected"]
    # ...then her socket opens and its first state is drawn...
    held_socket[0].connect_to_server()
    row = page.get_by_test_id("player-0")
    expect(row).to_contain_text("online")
    # ...and only then does the HTTP answer land (same version): she is still online, once the
    # page has taken it in (not merely before it drew it).
    taken = page.evaluate("window.__monolith.httpStates.count")
    held_state[0].fulfill(response=stale)
    page.wait_for_function(f"window.__monolith.httpStates.count > {taken}")
    expect(row).to_contain_text("online")
    expect(row).not_to_contain_text("offline")
