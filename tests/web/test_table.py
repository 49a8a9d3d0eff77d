"""The table around the games: languages, reconnecting, spectators and a second human."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.web.conftest import Server, screenshot
from tests.web.helpers import (
    create_match,
    payload,
    place_a_piece,
    version,
    wait_my_turn_or_end,
    wait_past,
)
from tests.web.test_seats import new_match

BOT = "bot|greedy|default"


def _play_first_placement(page: Page) -> None:
    """When it is this seat's turn, take any piece and put it in its first placement."""
    assert wait_my_turn_or_end(page)
    place_a_piece(page)


def test_language_switch_is_applied_and_remembered(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/")
    heading = page.locator("h1")
    expect(heading).to_have_text("Build, scheme and play")
    page.select_option("[data-testid=lang]", "es")
    expect(heading).to_have_text("Construye, conspira y juega")
    expect(page.locator("[data-testid=create]")).to_have_text("Crear partida")
    page.select_option("[data-testid=lang]", "ru")
    expect(heading).to_have_text("Стройте, интригуйте, играйте")
    page.reload()
    expect(heading).to_have_text("Стройте, интригуйте, играйте")
    expect(page.locator("[data-testid=lang]")).to_have_value("ru")
    screenshot(page, "lobby-ru")

    # At the table too, and switching there keeps the match on screen.
    create_match(page, server.url, "monolyth", ["human", BOT])
    assert wait_my_turn_or_end(page)
    expect(page.locator("[data-testid=turn]")).to_have_text("Ваш ход")
    expect(page.locator("[data-testid=conn-status]")).to_have_text("В сети")
    screenshot(page, "monolyth-ru")
    page.select_option("[data-testid=lang]", "es")
    expect(page.locator("[data-testid=turn]")).to_have_text("Tu turno")
    expect(page.locator("[data-testid=ring]")).to_be_visible()
    page.click("[data-testid=help]")
    expect(page.locator("[data-testid=help-dialog]")).to_contain_text("Tu turno: haz una cosa")
    screenshot(page, "help-es", full_page=False)
    page.keyboard.press("Escape")
    expect(page.locator("[data-testid=help-dialog]")).to_have_count(0)
    page.select_option("[data-testid=lang]", "en")
    expect(page.locator("[data-testid=turn]")).to_have_text("Your turn")


def test_a_refusal_and_its_toast_follow_a_change_of_language(page: Page, server: Server) -> None:
    """A refusal on screen (its panel and its toast) is worded again when the reader switches
    language while it shows, as the rest of the table is."""
    create_match(page, server.url, "monolyth", ["human", BOT])
    assert wait_my_turn_or_end(page)
    legal = [a["action"] for a in payload(page)["legal_actions"]]
    step = next(a["step"] for a in legal if a["type"] == "swap")
    page.evaluate("step => window.__monolith.sendRaw({type: 'swap', step, cell: [0, 0, 3]})", step)
    refusal = page.locator("[data-testid=refusal-text]")
    toast = page.locator(".toast.error .toast-text")
    expect(refusal).to_have_text("The rules do not allow that move.")
    expect(toast).to_have_text("The rules do not allow that move.")
    page.select_option("[data-testid=lang]", "ru")
    expect(refusal).to_have_text("Правила не разрешают такой ход.")
    expect(toast).to_have_text("Правила не разрешают такой ход.")
    expect(page.locator(".toast.error .toast-close")).to_have_attribute("title", "Закрыть")
    # Switching once more words the same refusal again, and makes no second toast.
    page.select_option("[data-testid=lang]", "es")
    expect(refusal).to_have_text("Las reglas no permiten esa jugada.")
    expect(toast).to_have_text("Las reglas no permiten esa jugada.")
    expect(page.locator(".toast.error")).to_have_count(1)


def test_dropped_socket_reconnects(page: Page, server: Server) -> None:
    create_match(page, server.url, "monolyth", ["human", BOT])
    status = page.locator("[data-testid=conn-status]")
    expect(status).to_have_attribute("data-state", "connected")
    page.evaluate("window.__monolith.socket.drop()")
    page.wait_for_function("window.__monolith.statuses.includes('reconnecting')")
    expect(status).to_have_attribute("data-state", "connected")
    # The new connection carries play: a move and the bot's answer arrive.
    _play_first_placement(page)
    assert wait_my_turn_or_end(page)
    assert len(payload(page)["log"]) >= 2


_HOLD_ANSWERS = """(ms) => {
  const socket = window.__monolith.socket;
  const request = socket.request.bind(socket);
  const held = (a) => new Promise((r) => setTimeout(() => r(a), ms));
  socket.request = (body) => request(body).then(held);
}"""
"""Hold every answer to a decision on the socket ``ms`` milliseconds after it came: the new
state, pushed before the answer, shows first (as it does on a slow link)."""

_DECIDE = """() => {
  const m = window.__monolith;
  const p = m.payload;
  window.__decided = window.__decided || [];
  window.__decided.push(m.act(p.legal_actions[0].id));
  return p.version;
}"""
"""Make the first legal decision without waiting for its answer; returns the version it saw."""


def test_a_decision_made_before_the_last_ones_answer_is_sent_after_it(
    page: Page, server: Server
) -> None:
    """A solo table shows the state after a decision before its answer arrives; a decision made
    on that state waits for the answer and then goes, not lost. One made on a state that is
    gone by then is not sent."""
    create_match(page, server.url, "monolyth", ["human"])
    expect(page.locator("[data-testid=conn-status]")).to_have_attribute("data-state", "connected")
    page.evaluate(_HOLD_ANSWERS, 1_500)
    # Two decisions in one turn of the page's event loop, so no pushed state comes between them:
    # the second is made on the same state as the first, gone once the first lands.
    first, stale = page.evaluate(
        f"() => {{ const decide = {_DECIDE}; return [decide(), decide()]; }}"
    )
    assert stale == first
    wait_past(page, first)  # the state arrived; the first answer is still held
    assert page.evaluate("window.__monolith.sent.length") == 1
    second = page.evaluate(_DECIDE)
    assert second > first
    wait_past(page, second)  # sent once the first answer came, and played
    assert page.evaluate("Promise.all(window.__decided)") == [True, False, True]
    assert page.evaluate("window.__monolith.sent") == ["socket", "socket"]
    log = payload(page)["log"]
    assert len([entry for entry in log if entry["seat"] == 0]) == 2


def test_moves_travel_on_the_socket_and_over_http_without_it(page: Page, server: Server) -> None:
    """With the live connection open, a decision goes on it (no POST leaves the page) and the log
    grows by the entries pushed; with it closed, the same click goes over HTTP."""
    posts: list[str] = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    create_match(page, server.url, "monolyth", ["human", BOT])
    expect(page.locator("[data-testid=conn-status]")).to_have_attribute("data-state", "connected")
    posts.clear()
    _play_first_placement(page)
    assert wait_my_turn_or_end(page)
    assert page.evaluate("window.__monolith.sent") == ["socket"]
    assert not [url for url in posts if url.endswith("/actions")]
    # The log the page holds is the whole log, though the socket sent only new entries.
    match_id = page.url.rsplit("/", 2)[-2]
    token = page.evaluate(f"localStorage.getItem('monolith.token.{match_id}.0')")
    whole = page.evaluate(
        "async ([url, token]) => (await (await fetch(url, "
        "{headers: {Authorization: `Bearer ${token}`}})).json()).log",
        [f"/api/matches/{match_id}/state", token],
    )
    assert payload(page)["log"] == whole and len(whole) >= 2
    page.evaluate("window.__monolith.socket.close()")
    _play_first_placement(page)
    assert page.evaluate("window.__monolith.sent") == ["socket", "http"]
    assert [url for url in posts if url.endswith("/actions")]


@pytest.fixture
def crowded_server(tmp_path: Path) -> Iterator[Server]:
    """A server that lets a match have one socket only."""
    srv = Server(tmp_path / "crowded.sqlite3", env={"MONOLITH_MAX_SOCKETS_PER_MATCH": "1"})
    srv.start()
    try:
        yield srv
    finally:
        srv.kill()


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_crowded_match_is_followed_by_asking(
    page: Page, browser: Browser, crowded_server: Server, lang: str
) -> None:
    """A spectator the match has no socket for is told so, and the table still follows play."""
    match_id = create_match(page, crowded_server.url, "monolyth", ["human", BOT])
    expect(page.locator("[data-testid=conn-status]")).to_have_attribute("data-state", "connected")
    for width, height in ((1366, 768), (390, 844)):
        context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
        try:
            watcher = context.new_page()
            watcher.add_init_script(f"localStorage.setItem('monolith.lang', '{lang}')")
            watcher.goto(f"{crowded_server.url}/watch/{match_id}")
            status = watcher.locator("[data-testid=conn-status]")
            expect(status).to_have_attribute("data-state", "polling")
            words = {"en": "Refreshing", "ru": "Обновление"}[lang]
            expect(status).to_have_text(words)
            expect(watcher.locator(".toast").first).to_contain_text(
                {"en": "live updates are full", "ru": "мест для живых обновлений нет"}[lang]
            )
            screenshot(watcher, f"crowded-{lang}-{width}", full_page=False)
            seen = int(watcher.evaluate("window.__monolith.payload.version"))
            _play_first_placement(page)  # the seat plays; the watcher's next look shows it
            watcher.wait_for_function(
                "v => window.__monolith.payload.version > v", arg=seen, timeout=15_000
            )
        finally:
            context.close()


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path / "restart.sqlite3")
    srv.start()
    try:
        yield srv
    finally:
        srv.kill()


def test_table_reconnects_after_a_server_restart(page: Page, own_server: Server) -> None:
    create_match(page, own_server.url, "monolyth", ["human", BOT])
    _play_first_placement(page)
    assert wait_my_turn_or_end(page)
    before = version(page)
    status = page.locator("[data-testid=conn-status]")

    own_server.kill()
    expect(status).to_have_attribute("data-state", "reconnecting")
    expect(status).to_have_text("Reconnecting…")
    screenshot(page, "reconnecting", full_page=False)

    own_server.start()  # same port, same database
    expect(status).to_have_attribute("data-state", "connected", timeout=20_000)
    assert version(page) == before  # every acknowledged action is still there
    _play_first_placement(page)


def test_spectator_and_a_second_human(page: Page, browser: Browser, server: Server) -> None:
    match_id = create_match(page, server.url, "monolyth", ["human", "human"])
    # The second player arrives by the seat link and gives a name.
    other = browser.new_context(viewport={"width": 1280, "height": 900}, locale="en-US")
    try:
        friend = other.new_page()
        friend.goto(f"{server.url}/join/{match_id}/1")
        friend.fill("[data-testid=join-name]", "Grace")
        friend.click("[data-testid=join-submit]")
        expect(friend.locator("[data-testid=ring]")).to_be_visible()
        expect(page.locator("[data-testid=player-1]")).to_contain_text("Grace")

        watcher = other.new_page()
        watcher.goto(f"{server.url}/watch/{match_id}")
        expect(watcher.locator("[data-testid=board-0]")).to_be_visible()
        expect(watcher.locator("[data-testid=board-1]")).to_be_visible()
        expect(watcher.locator("[data-testid=tray]")).to_have_count(0)

        # Whoever moves first takes a prophecy, which stands once the other person decides (an
        # undo would take their turn away); the other places a piece; the other screens follow.
        mover = page if payload(page)["to_move"] == 0 else friend
        second = friend if mover is page else page
        assert wait_my_turn_or_end(mover)
        prophecy = next(
            a["action"]
            for a in payload(mover)["legal_actions"]
            if a["action"]["type"] == "prophecy"
        )
        seen = version(mover)
        mover.click(f"[data-testid=prophecy-side-{prophecy['side']}]")
        mover.click(f"[data-testid=prophecy-value-{prophecy['value']}]")
        mover.click("[data-testid=confirm]")
        wait_past(mover, seen)
        seat = payload(mover)["seat"]
        assert payload(mover)["view"]["boards"][seat]["prophecies"]
        assert payload(mover)["to_move"] == 1 - seat
        expect(mover.locator("[data-testid=undo]")).to_have_attribute("aria-disabled", "true")
        expect(mover.locator("[data-testid=undo-hint]")).to_contain_text("decision now")

        assert wait_my_turn_or_end(second)
        seen = version(watcher)
        _play_first_placement(second)
        wait_past(watcher, seen)
        expect(watcher.locator("[data-testid=log] li.log-entry:not(.setup)")).to_have_count(
            len(payload(watcher)["log"])
        )
        screenshot(watcher, "spectator")

        # The lobby lists the running match with its seats.
        page.goto(f"{server.url}/")
        listed = page.locator(f"[data-testid=match-{match_id}]")
        expect(listed).to_contain_text("Grace")
        screenshot(page, "lobby")
    finally:
        other.close()


def test_turn_clock_and_leaving_to_a_bot(page: Page, server: Server) -> None:
    page.goto(f"{server.url}/")
    page.fill("[data-testid=player-name]", "Ada")
    page.click("[data-testid=game-monolyth]")
    page.click("[data-testid=players-2]")
    page.select_option("[data-testid=seat-kind-1]", "greedy|default")
    page.select_option("[data-testid=clock]", "180")
    page.click("[data-testid=create]")
    page.wait_for_url(re.compile(r".*/join/[^/]+/0$"))
    assert wait_my_turn_or_end(page)
    # A countdown from three minutes (allowing for a slow machine).
    expect(page.locator("[data-testid=turn-clock]")).to_have_text(re.compile(r"◷ [0-3]:[0-5]\d"))

    # Leaving hands the seat to a bot, which plays the match to its end.
    match_id = payload(page)["match_id"]
    page.click("[data-testid=leave]")
    page.click("[data-testid=confirm-ok]")
    page.wait_for_url(f"{server.url}/")
    page.goto(f"{server.url}/watch/{match_id}")
    expect(page.locator("[data-testid=result]")).to_be_visible(timeout=60_000)


def test_a_wrong_seat_token_is_forgotten(page: Page, server: Server) -> None:
    match_id = create_match(page, server.url, "monolyth", ["human", BOT])
    expect(page.locator("[data-testid=ring]")).to_be_visible()
    page.evaluate(f"localStorage.setItem('monolith.token.{match_id}.0', 'not-the-token')")
    page.reload()
    expect(page.locator("[data-testid=bad-token]")).to_be_visible()
    assert page.evaluate(f"localStorage.getItem('monolith.token.{match_id}.0')") is None


def test_a_scrolled_log_fades_at_the_edges_that_hide_entries(page: Page, server: Server) -> None:
    """A log longer than its panel shows the newest entry at the bottom and fades out at the top,
    where earlier entries are hidden; scrolled to the top, it fades at the bottom instead. A log
    that holds focus shows its focus ring unmasked."""
    page.set_viewport_size({"width": 1366, "height": 768})
    match_id = new_match(server, "monolyth", ["bot", "bot"])
    page.goto(f"{server.url}/watch/{match_id}")
    expect(page.locator("[data-testid=result]")).to_be_visible(timeout=60_000)
    log = page.locator("[data-testid=log]")
    page.wait_for_function(
        "() => { const l = document.querySelector('[data-testid=log]');"
        " return l.scrollHeight > l.clientHeight * 2; }"
    )
    expect(log).to_have_class(re.compile(r"\bmore-above\b"))
    expect(log).not_to_have_class(re.compile(r"\bmore-below\b"))
    assert "gradient" in log.evaluate("l => getComputedStyle(l).maskImage")
    screenshot(page, "log-faded", full_page=False)
    log.evaluate("l => { l.scrollTop = 0; }")
    expect(log).to_have_class(re.compile(r"\bmore-below\b"))
    expect(log).not_to_have_class(re.compile(r"\bmore-above\b"))
    log.evaluate("l => { l.scrollTop = l.scrollHeight / 2; }")
    expect(log).to_have_class(
        re.compile(r"\bmore-above\b.*\bmore-below\b|\bmore-below\b.*\bmore-above\b")
    )
    log.focus()
    page.keyboard.press("ArrowDown")  # the keyboard's focus ring shows, and the mask steps aside
    assert log.evaluate("l => l.matches(':focus-visible')")
    assert log.evaluate("l => getComputedStyle(l).maskImage") == "none"
