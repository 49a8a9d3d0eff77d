"""Steps the browser tests share: create a match in the lobby and sit down at it."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout


def create_match(page: Page, base: str, game: str, seats: list[str], name: str = "Ada") -> str:
    """Create a match from the lobby (seat kinds: "human" or "bot|greedy|default"); creating it
    seats the creator at seat 0 and opens the table (with the invitations, if a seat is open).

    Returns the match id.
    """
    page.goto(f"{base}/")
    page.fill("[data-testid=player-name]", name)
    page.click(f"[data-testid=game-{game}]")
    page.click(f"[data-testid=players-{len(seats)}]")
    for i, kind in enumerate(seats):
        value = "human" if kind == "human" else kind.removeprefix("bot|")
        page.select_option(f"[data-testid=seat-kind-{i}]", value)
    page.click("[data-testid=create]")
    page.wait_for_url(re.compile(r".*/join/[^/]+/0$"))
    page.wait_for_function("window.__monolith && window.__monolith.payload !== null")
    match = re.search(r"/join/([^/]+)/0$", page.url)
    assert match, page.url
    return match.group(1)


def payload(page: Page) -> dict[str, Any]:
    """The last state the table received (what the page draws from)."""
    data: dict[str, Any] = page.evaluate("window.__monolith.payload")
    return data


def version(page: Page) -> int:
    return int(page.evaluate("window.__monolith.payload.version"))


def wait_past(page: Page, seen: int) -> None:
    """Wait until the table shows a state newer than version ``seen``."""
    page.wait_for_function("v => window.__monolith.payload.version > v", arg=seen)


def wait_my_turn_or_end(page: Page, timeout: float = 30_000) -> bool:
    """True when it is this seat's decision, False when the game is over."""
    page.wait_for_selector(
        "[data-testid=result], [data-testid=turn][data-mine=true]", timeout=timeout
    )
    return page.locator("[data-testid=result]").count() == 0


def click_and_wait(page: Page, selector: str, attempts: int = 3) -> None:
    """Click an action and wait for the table to move on; click again if the click was lost.

    A second click acts on the same version, so at worst the server refuses it as stale.
    """
    seen = version(page)
    for _ in range(attempts):
        page.locator(selector).first.click()
        try:
            page.wait_for_function(
                "v => window.__monolith.payload.version > v", arg=seen, timeout=6_000
            )
            return
        except PlaywrightTimeout:
            if version(page) > seen:
                return
    raise AssertionError(f"clicking {selector} did not move the match on from version {seen}")


def place_a_piece(page: Page) -> None:
    """Take a piece and put it in its first placement, through the ring and the tray."""
    legal = [a["action"] for a in payload(page)["legal_actions"]]
    place = next(a for a in legal if a["type"] == "place")
    seen = version(page)
    page.click(f"[data-testid=ring-step-{place['step']}]")
    page.click("[data-testid=next-placement]")
    page.click("[data-testid=confirm]")
    wait_past(page, seen)


_ACT = """async ([seen, index, id]) => {
  const p = window.__monolith.payload;
  if (p.version !== seen) return true;
  const l = p.legal_actions;
  const chosen = id !== null ? id : l[(index + l.length) % l.length].id;
  return await window.__monolith.act(chosen);
}"""


def act_and_wait(
    page: Page, *, index: int = 0, action_id: int | None = None, attempts: int = 50
) -> None:
    """Take a legal action (by its place in the list, -1 the last, or by id) and wait for the
    table to move on.

    The page sends one decision at a time: one made while the previous one's answer is on its
    way waits for it, and is not sent if the table has moved on meanwhile (``act`` answers
    false). It is then made again, on whatever state the table shows.
    """
    seen = version(page)
    for _ in range(attempts):
        if page.evaluate(_ACT, [seen, index, action_id]) or version(page) > seen:
            wait_past(page, seen)
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"no decision could be sent from version {seen}")


_SETTLED = """() => {
  const moving = document.getAnimations().some(
    (a) => a.playState === "running" && a.effect?.getTiming().iterations !== Infinity
  );
  const here = [scrollX, scrollY, innerWidth, innerHeight].join();
  const still = window.__settledAt === here;
  window.__settledAt = here;
  return still && !moving;
}"""


def settled(page: Page) -> None:
    """Until the page has stopped moving: the same scroll and size on two frames running, and no
    transition or animation under way (a resize, a scroll to the board, a bar's slide). What a
    fixed wait guessed at, awaited."""
    page.evaluate("delete window.__settledAt")
    page.wait_for_function(_SETTLED, polling="raf")
