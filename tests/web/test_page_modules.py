"""The browser table's ES modules, read as source: no import cycle among them (a cycle makes which
module runs first matter and hides where a helper belongs), the games' tables found through the
one registry, no test hook on ``window`` outside the test flag (also checked on a real page), and
the seats' colours in one place."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, expect

from monolith.games.the_monolith.terminal import COLOURS
from tests.web.conftest import Server
from tests.web.test_seats import new_match

STATIC = Path(__file__).resolve().parents[2] / "src" / "monolith" / "server" / "static"
JS = STATIC / "js"
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']\./([\w.-]+\.js)["']""", re.M)


def local_imports(folder: Path) -> dict[str, set[str]]:
    """Each module of ``folder`` -> the modules of ``folder`` it imports (``./x.js``)."""
    return {
        path.name: set(IMPORT.findall(path.read_text())) for path in sorted(folder.glob("*.js"))
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Each import cycle found, as the modules around it (first module repeated at the end)."""
    found: list[list[str]] = []
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> None:
        if node in path:
            found.append([*path[path.index(node) :], node])
            return
        if node in done:
            return
        for nxt in sorted(graph.get(node, ())):
            visit(nxt, [*path, node])
        done.add(node)

    for start in sorted(graph):
        visit(start, [])
    return found


def test_the_parser_sees_every_kind_of_import(tmp_path: Path) -> None:
    (tmp_path / "a.js").write_text(
        'import { x } from "./b.js";\nimport {\n  y,\n  z,\n} from "./c.js";\n'
        'export { w } from "./d.js";\nimport { v } from "../vendor/e.js";\n'
    )
    (tmp_path / "b.js").write_text('import { a } from "./a.js";\n')
    graph = local_imports(tmp_path)
    assert graph["a.js"] == {"b.js", "c.js", "d.js"}
    assert cycles(graph) == [["a.js", "b.js", "a.js"]]


def test_no_import_cycle_among_the_page_modules() -> None:
    graph = local_imports(JS)
    assert graph.get("app.js"), "the router's imports were not found"
    assert cycles(graph) == []


def test_the_state_parts_import_nothing_that_draws() -> None:
    """The games' state modules run under Node without a page (tests/js)."""
    graph = local_imports(JS)
    for state in ("monolyth_state.js", "the_monolith_state.js"):
        assert graph[state] == set(), f"{state} imports {graph[state]}"
        text = (JS / state).read_text()
        for browser_only in ("document.", "window.", "localStorage", "matchMedia"):
            assert browser_only not in text, f"{state} uses {browser_only}"


def test_the_tables_are_found_through_one_registry() -> None:
    graph = local_imports(JS)
    tables = {"monolyth.js", "the_monolith.js", "generic.js"}
    importers = {name for name, deps in graph.items() if deps & tables}
    assert importers == {"games.js"}


def test_test_hooks_only_behind_the_test_flag() -> None:
    for path in JS.glob("*.js"):
        text = path.read_text()
        assert not re.search(r"window\.__\w+\s*=", text), f"{path.name} sets a test hook on window"
        assert "window.monolith" not in text, path.name
    assert "TESTING" in (JS / "testing.js").read_text()


def test_seat_colours_have_one_source() -> None:
    """The CSS custom properties --p0 … are the browser's seat colours; no JS copy disagrees, and
    the terminal shows the same colours."""
    css = (STATIC / "css" / "table.css").read_text()
    seats = dict(re.findall(r"--p(\d):\s*(#[0-9a-fA-F]{6})", css))
    assert [seats[str(i)].lower() for i in range(len(COLOURS))] == [c.lower() for c in COLOURS]
    for path in JS.glob("*.js"):
        assert "PLAYER_COLOURS" not in path.read_text(), path.name


def test_the_shipped_page_keeps_no_test_hook_without_the_flag(
    browser: Browser, server: Server
) -> None:
    """What players get exposes nothing on ``window``; the address's flag turns the hooks on."""
    context = type(browser).new_context(browser, viewport={"width": 1366, "height": 768})
    try:
        page = context.new_page()
        match_id = new_match(server, "monolyth", ["human", "bot"])
        page.goto(f"{server.url}/join/{match_id}/0")
        page.fill("[data-testid=join-name]", "Ada")
        page.click("[data-testid=join-submit]")
        expect(page.locator("[data-testid=ring]")).to_be_visible()
        assert page.evaluate("localStorage.getItem('monolith-test')") is None
        assert page.evaluate("typeof window.__monolith") == "undefined"
        page.goto(f"{server.url}/watch/{match_id}?monolith-test")
        page.wait_for_function("window.__monolith && window.__monolith.payload !== null")
    finally:
        context.close()


def test_the_line_for_a_browser_without_javascript_is_in_every_language() -> None:
    """index.html is served before any script picks a language: its noscript line stands in each
    language, as the messages word it."""
    page = (STATIC / "index.html").read_text()
    noscript = page[page.index("<noscript>") : page.index("</noscript>")]
    messages = STATIC.parent / "messages"
    for folder in sorted(messages.iterdir()):
        found = re.search(r"^page-noscript = (.+)$", (folder / "page.ftl").read_text(), re.M)
        assert found, f"{folder.name}: no page-noscript"
        assert f'<p lang="{folder.name}">{found.group(1)}</p>' in noscript, folder.name
