"""The browser table's ES modules, read as source: no import cycle among them (a cycle makes which
module runs first matter and hides where a helper belongs), each game's table in its own folder and
found through the one registry, no test hook on ``window`` outside the test flag (also checked on a
real page), and the seats' colours in one place."""

from __future__ import annotations

import posixpath
import re
import tomllib
from pathlib import Path

from playwright.sync_api import Browser, expect

from monolith.games import page_folder, registry
from monolith.games.the_monolith.terminal import COLOURS
from monolith.server.routes.pages import GAME_PAGES
from tests.web.conftest import Server
from tests.web.test_seats import new_match

STATIC = Path(__file__).resolve().parents[2] / "src" / "monolith" / "server" / "static"
JS = STATIC / "js"
SHARED = "/static/js"
IMPORT = re.compile(r"""^\s*(?:import|export)\b[^;'"]*?\bfrom\s*["']([\w./-]+\.js)["']""", re.M)


def page_modules() -> dict[str, Path]:
    """Every module the pages load, by the address it is served at: the shared ones
    (``/static/js``) and each game's own (``/static/games/<game>``, from its folder)."""
    found = {f"{SHARED}/{path.name}": path for path in sorted(JS.glob("*.js"))}
    for game in registry():
        folder = page_folder(game)
        if folder is not None:
            found |= {
                f"{GAME_PAGES}/{game}/{path.name}": path for path in sorted(folder.glob("*.js"))
            }
    return found


def import_graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Each module's address -> the addresses of the modules it imports, resolved as the browser
    resolves them (``./x.js`` beside it, ``/static/js/x.js`` from the root)."""
    return {
        address: {
            posixpath.normpath(posixpath.join(posixpath.dirname(address), target))
            for target in IMPORT.findall(path.read_text())
        }
        for address, path in modules.items()
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
        'import { x } from "./b.js";\nimport {\n  y,\n  z,\n} from "/static/js/c.js";\n'
        'export { w } from "./d.js";\nimport { v } from "../vendor/e.js";\n'
    )
    (tmp_path / "b.js").write_text('import { a } from "./a.js";\n')
    graph = import_graph(
        {"/static/games/x/a.js": tmp_path / "a.js", "/static/games/x/b.js": tmp_path / "b.js"}
    )
    assert graph["/static/games/x/a.js"] == {
        "/static/games/x/b.js",
        "/static/js/c.js",
        "/static/games/x/d.js",
        "/static/games/vendor/e.js",
    }
    assert cycles(graph) == [
        ["/static/games/x/a.js", "/static/games/x/b.js", "/static/games/x/a.js"]
    ]


def test_no_import_cycle_among_the_page_modules() -> None:
    modules = page_modules()
    graph = import_graph(modules)
    assert graph.get(f"{SHARED}/app.js"), "the router's imports were not found"
    assert cycles(graph) == []
    for address, targets in graph.items():
        for target in targets:
            assert target in modules or target.startswith("/static/vendor/"), (address, target)


def test_the_state_parts_import_nothing_that_draws() -> None:
    """The games' state modules run under Node without a page (tests/js)."""
    graph = import_graph(page_modules())
    states = [address for address in graph if address.endswith("/state.js")]
    assert len(states) == 2, states
    for state in states:
        assert graph[state] == set(), f"{state} imports {graph[state]}"
        text = page_modules()[state].read_text()
        for browser_only in ("document.", "window.", "localStorage", "matchMedia"):
            assert browser_only not in text, f"{state} uses {browser_only}"


def test_each_games_table_is_in_its_folder_and_found_through_one_registry() -> None:
    """A game's page modules import the shared ones and their own folder's, never another
    game's; the shared modules import no game's (the registry loads each game's table from the
    address the games list gives), and only the registry imports the generic table."""
    graph = import_graph(page_modules())
    for address, targets in graph.items():
        if address.startswith(f"{GAME_PAGES}/"):
            own = posixpath.dirname(address)
            assert all(t.startswith((f"{SHARED}/", f"{own}/")) for t in targets), (address, targets)
        else:
            assert not any(t.startswith(f"{GAME_PAGES}/") for t in targets), (address, targets)
    importers = {address for address, targets in graph.items() if f"{SHARED}/generic.js" in targets}
    assert importers == {f"{SHARED}/games.js"}
    registry_source = (JS / "games.js").read_text()
    assert "import(" in registry_source and "/api/games" in registry_source
    for game in registry():
        assert game not in registry_source, f"games.js names {game}"


def test_the_package_data_ships_every_page_module() -> None:
    """A game's page modules, stylesheet and words are data of its package (no ``__init__.py``
    in ``web/``): the wheel carries them only if the package data names them."""
    config = tomllib.loads((STATIC.parents[3] / "pyproject.toml").read_text())
    data: dict[str, list[str]] = config["tool"]["setuptools"]["package-data"]
    shipped = {  # each file, by the folder of the package holding it
        path: STATIC.parent if address.startswith(SHARED) else path.parents[1]
        for address, path in page_modules().items()
    }
    for game in registry():
        folder = page_folder(game)
        if folder is not None:
            shipped |= dict.fromkeys(folder.glob("*.css"), folder.parent)
            shipped |= dict.fromkeys(folder.parent.glob("messages/*/page*.ftl"), folder.parent)
    assert any(path.name == "style.css" for path in shipped)
    assert any(path.name == "page.ftl" for path in shipped)
    for path, package_dir in shipped.items():
        address = path.relative_to(STATIC.parents[2])
        package = ".".join(package_dir.relative_to(STATIC.parents[2]).parts)
        patterns = [*data.get("*", []), *data.get(package, [])]
        assert any(path in set(package_dir.glob(p)) for p in patterns), f"{address} not shipped"


def test_test_hooks_only_behind_the_test_flag() -> None:
    for path in page_modules().values():
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
    for path in page_modules().values():
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
        # The page's policy forbids eval, so no wait_for_function here (it polls by eval): the
        # table drawn means its state arrived.
        expect(page.locator("[data-testid=ring]")).to_be_visible()
        assert page.evaluate("window.__monolith.payload !== null")
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
