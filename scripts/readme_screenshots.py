"""Take the README's screenshots: both tables during play and both end screens.

Starts the web table on a throwaway SQLite file, plays through the documented API (bots on the
other seats), and photographs the pages in Debian's chromium at 1366x768, saved small under
``docs/images/``. Run it after a visible change: ``.venv/bin/python scripts/readme_screenshots.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from PIL import Image
from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "images"
PORT = 18765
BASE = f"http://127.0.0.1:{PORT}"
WIDTH = 960


def start_server(database: Path) -> subprocess.Popen[bytes]:
    env = {**os.environ, "MONOLITH_DATABASE_URL": f"sqlite:///{database}"}
    env["PYTHONPATH"] = str(ROOT / "src")
    command = [sys.executable, "-m", "uvicorn", "--factory", "monolith.server.app:create_app"]
    command += ["--host", "127.0.0.1", "--port", str(PORT), "--log-level", "warning"]
    server = subprocess.Popen(command, env=env)
    for _ in range(300):
        try:
            httpx.get(f"{BASE}/api/games", timeout=1)
            return server
        except httpx.HTTPError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def create(game: str, seats: list[str]) -> tuple[str, str | None]:
    """A match with a human at seat 0 (joined as Ada, its token returned) or bots only."""
    specs = [{"kind": "human"} if s == "human" else {"kind": "bot", "bot": s} for s in seats]
    body = {"game": game, "players": len(seats), "seats": specs}
    match_id: str = httpx.post(f"{BASE}/api/matches", json=body).json()["match_id"]
    if seats[0] != "human":
        return match_id, None
    joined = httpx.post(f"{BASE}/api/matches/{match_id}/seats/0/join", json={"name": "Ada"})
    token: str = joined.json()["token"]
    return match_id, token


def play(match_id: str, token: str, moves: int) -> None:
    """The human seat takes its first legal choice ``moves`` times (bots answer in between)."""
    auth = {"Authorization": f"Bearer {token}"}
    done = 0
    while done < moves:
        state = httpx.get(f"{BASE}/api/matches/{match_id}/state", headers=auth).json()
        if state["status"] == "finished":
            return
        if state["to_move"] != 0 or not state["legal_actions"]:
            time.sleep(0.1)
            continue
        choice = {"version": state["version"], "action_id": state["legal_actions"][0]["id"]}
        httpx.post(f"{BASE}/api/matches/{match_id}/actions", json=choice, headers=auth)
        done += 1


def save(page: Page, name: str) -> None:
    raw = OUT / f"{name}.full.png"
    page.screenshot(path=str(raw))
    with Image.open(raw) as image:
        small = image.resize((WIDTH, round(image.height * WIDTH / image.width)), Image.LANCZOS)
        small.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(
            OUT / f"{name}.png", optimize=True
        )
    raw.unlink()
    print(f"docs/images/{name}.png")


def seat(page: Page, match_id: str, token: str) -> None:
    page.goto(f"{BASE}/")
    page.evaluate(f"localStorage.setItem('monolith.token.{match_id}.0', '{token}')")
    page.goto(f"{BASE}/join/{match_id}/0")
    page.wait_for_selector("[data-testid=turn][data-mine=true]", timeout=60_000)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(Path(folder) / "shots.sqlite3")
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(
                    executable_path="/usr/bin/chromium",
                    args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
                )
                page = browser.new_page(viewport={"width": 1366, "height": 768})
                page.goto(f"{BASE}/")
                page.evaluate("localStorage.setItem('monolith.lang', 'en')")

                match_id, token = create("monolyth", ["human", "greedy"])
                assert token
                play(match_id, token, 6)
                seat(page, match_id, token)
                step = page.locator("[data-testid^=ring-step-]").first
                step.click()
                page.locator("[data-testid=next-placement]").click()
                save(page, "monolyth-table")

                match_id, token = create("the-monolith", ["human", "greedy", "greedy", "greedy"])
                assert token
                play(match_id, token, 3)
                seat(page, match_id, token)
                save(page, "the-monolith-table")

                for game, bots in (("monolyth", 2), ("the-monolith", 4)):
                    match_id, _ = create(game, ["greedy"] * bots)
                    page.goto(f"{BASE}/watch/{match_id}")
                    page.wait_for_selector("[data-testid=result]", timeout=180_000)
                    page.wait_for_timeout(300)
                    save(page, f"{game}-end")
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
