"""Browser tests of the web table: the real server in a subprocess, real Chromium via Playwright.

Each test module gets a fresh server on a free port with its own SQLite file; screenshots go to
``artifacts/screenshots/`` (gitignored) for people to look at.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Generator, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Playwright, sync_playwright

from tests.needs import missing

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
TEST_FLAG = 'try { localStorage.setItem("monolith-test", "1"); } catch (e) {}'
"""Turns on the pages' test hooks (``window.__monolith``), off in what players get."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``create_app`` under uvicorn in a subprocess, which a test can kill and start again."""

    def __init__(
        self, database: Path, port: int | None = None, env: dict[str, str] | None = None
    ) -> None:
        self.database = database
        self.port = port or free_port()
        self.env = env or {}
        self.process: subprocess.Popen[bytes] | None = None
        self.log = database.with_suffix(".log")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {**os.environ, **self.env}
        env["MONOLITH_DATABASE_URL"] = f"sqlite:///{self.database}"
        env["MONOLITH_RATE_LIMITS"] = "off"  # every page of a test comes from 127.0.0.1
        env["PYTHONPATH"] = str(ROOT / "src") + os.pathsep + env.get("PYTHONPATH", "")
        command = [
            sys.executable,
            "-m",
            "uvicorn",
            "--factory",
            "monolith.server.app:create_app",
            "--http",
            "monolith.server.transports.protocol:TableProtocol",  # as `monolith serve`
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--log-level",
            "warning",
        ]
        with self.log.open("ab") as log:
            self.process = subprocess.Popen(command, env=env, stdout=log, stderr=log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()[-2000:]}")
            try:
                with urllib.request.urlopen(f"{self.url}/api/games", timeout=1) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("the server did not start within 30 s")

    def kill(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("web") / "table.sqlite3")
    srv.start()
    try:
        yield srv
    finally:
        srv.kill()


@pytest.fixture(scope="session")
def playwright_instance() -> Iterator[Playwright]:
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright_instance: Playwright) -> Iterator[Browser]:
    if not CHROMIUM.exists():  # pragma: no cover - depends on the machine
        missing("the browser tests need Debian's chromium at /usr/bin/chromium")
    chromium = playwright_instance.chromium.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
    )
    opened = chromium.new_context

    def new_context(*args: Any, **kwargs: Any) -> BrowserContext:
        """Every tab of a test carries the page's test flag (testing.js): its hooks show. The
        page's Content-Security-Policy (which forbids ``eval``) is off unless a test asks for it
        (``bypass_csp=False``): Playwright's ``wait_for_function`` evaluates its predicate in the
        page (``test_security_policy`` checks the pages under the policy)."""
        kwargs.setdefault("bypass_csp", True)
        context = opened(*args, **kwargs)
        context.add_init_script(TEST_FLAG)
        return context

    chromium.new_context = new_context  # type: ignore[method-assign]
    try:
        yield chromium
    finally:
        chromium.close()


REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item, call: pytest.CallInfo[None]
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keep each phase's report on the test item, so fixtures can tell a failed test."""
    report = yield
    item.stash.setdefault(REPORTS, {})[report.when] = report
    return report


@contextmanager
def checked_page(
    browser: Browser,
    width: int,
    height: int,
    request: pytest.FixtureRequest | None = None,
    *,
    bypass_csp: bool = True,
) -> Iterator[Page]:
    """A fresh tab of that size; a failed test leaves a screenshot, and any JavaScript error on
    the page fails the test. The page's Content-Security-Policy (which forbids ``eval``) is off
    unless asked for: Playwright's ``wait_for_function`` evaluates its predicate in the page
    (``test_security_policy`` checks the pages under the policy)."""
    context = browser.new_context(
        viewport={"width": width, "height": height}, locale="en-US", bypass_csp=bypass_csp
    )
    context.set_default_timeout(15_000)
    tab = context.new_page()
    errors: list[str] = []
    tab.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield tab
        report = request.node.stash.get(REPORTS, {}).get("call") if request else None
        if request is not None and report is not None and report.failed:
            screenshot(tab, f"FAILED-{request.node.name}")
    finally:
        context.close()
    assert not errors, f"JavaScript errors on the page: {errors}"


@pytest.fixture
def page(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    with checked_page(browser, 1440, 1000, request) as tab:
        yield tab


def screenshot(page: Page, name: str, *, full_page: bool = True) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path
