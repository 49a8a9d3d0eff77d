"""The house's dependency rule, checked on the source: ``core`` <- ``games`` <- ``bots`` <-
``compute`` <- ``server``; ``rl`` and the designers' tools beside the server; ``cli`` on top. No
module imports a layer above its own, and no two modules import each other at load time (a cycle
makes the order of imports matter and hides which room a thing belongs to). The browser's modules
too have their rooms: a game's are in its folder, the shared ones in ``server/static/``."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[1] / "src" / "monolith"

BELOW: dict[str, set[str]] = {
    "usage": {"core", "games", "bots"},
    "core": set(),
    "games": {"core"},
    "bots": {"core", "games"},
    "compute": {"core", "games", "bots"},
    "server": {"core", "games", "bots", "compute"},
    "rl": {"core", "games", "bots"},
    "design": {"core", "games", "bots", "usage"},
    "load": {"core", "games", "bots", "compute", "server", "usage"},
    "cli": {"core", "games", "bots", "compute", "server", "rl", "design", "load", "usage"},
    "__main__": {"cli"},  # python -m monolith: the command line, nothing else
}
"""What each room may import besides itself."""


def module_name(path: Path) -> str:
    parts = path.relative_to(SOURCE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports(path: Path, *, top_level_only: bool) -> Iterator[str]:
    """The ``monolith`` modules a file imports (relative imports resolved); with
    ``top_level_only``, those run when the module loads (not inside functions or
    ``TYPE_CHECKING``)."""
    tree = ast.parse(path.read_text(), str(path))
    package = (
        module_name(path) if path.name == "__init__.py" else module_name(path).rpartition(".")[0]
    )

    def walk(nodes: list[ast.stmt]) -> Iterator[ast.stmt]:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                if not top_level_only:
                    yield from walk(node.body)
                continue
            if top_level_only and isinstance(
                node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef
            ):
                if isinstance(node, ast.ClassDef):
                    yield from walk(node.body)
                continue
            yield node
            if not top_level_only:
                for child in ast.iter_child_nodes(node):
                    if isinstance(child, ast.stmt):
                        yield from walk([child])
            elif isinstance(node, ast.If | ast.Try | ast.With):
                for field in ("body", "orelse", "finalbody", "handlers"):
                    for child in getattr(node, field, []) or []:
                        if isinstance(child, ast.ExceptHandler):
                            yield from walk(child.body)
                        elif isinstance(child, ast.stmt):
                            yield from walk([child])

    for node in walk(tree.body):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("monolith"):
                    yield alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            if target.startswith("monolith"):
                yield target


def room(module: str) -> str:
    """The room a module lives in: its package under ``monolith`` (or a top-level module's
    own name, ``usage``)."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


FILES = sorted(SOURCE.rglob("*.py"))


def test_every_room_is_placed_in_the_layers() -> None:
    rooms = {room(module_name(path)) for path in FILES} - {""}
    assert rooms <= set(BELOW), f"rooms with no place in the layers: {rooms - set(BELOW)}"


def test_no_module_imports_a_layer_above_its_own() -> None:
    wrong = []
    for path in FILES:
        mine = room(module_name(path))
        if not mine:
            continue
        for target in imports(path, top_level_only=False):
            theirs = room(target)
            if theirs and theirs != mine and theirs not in BELOW[mine]:
                wrong.append(f"{module_name(path)} imports {target}")
    assert not wrong, "imports against the layers:\n" + "\n".join(wrong)


def test_no_import_cycle_at_load_time() -> None:
    modules = {module_name(path): path for path in FILES}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        found = set()
        for target in imports(path, top_level_only=True):
            while target and target not in modules:  # ``from package import name``
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
        graph[name] = found
    cycles = []
    state: dict[str, int] = {}

    def visit(node: str, trail: list[str]) -> None:
        state[node] = 1
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                # a package importing its own submodules is not a cycle of rooms
                cycle = [*trail[trail.index(nxt) :], nxt] if nxt in trail else [node, nxt]
                if not all(c.startswith(nxt + ".") or c == nxt for c in cycle):
                    cycles.append(" -> ".join(cycle))
            elif state.get(nxt) is None:
                visit(nxt, [*trail, nxt])
        state[node] = 2

    for name in sorted(graph):
        if state.get(name) is None:
            visit(name, [name])
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


@pytest.mark.parametrize("target", ["monolith.server.app", "monolith.compute"])
def test_the_checks_see_real_imports(target: str) -> None:
    """The parser finds the imports the layers are made of (a check that finds none proves
    nothing)."""
    app = SOURCE / "server" / "app.py"
    assert "monolith.server.door" in set(imports(app, top_level_only=True))
    assert any(t.startswith(target.rsplit(".", 1)[0]) for t in imports(app, top_level_only=False))


SHARED_PAGES = SOURCE / "server" / "static"


def test_a_games_page_modules_are_only_under_its_folder() -> None:
    """The browser's modules are either shared by every table (``server/static/``) or one
    game's, in its folder's ``web/`` (which the server serves, so a game's table is one folder
    end to end); no shared module is named for a game."""
    from monolith.games import page_folder, registry

    packages = {path.parent for path in (SOURCE / "games").glob("*/__init__.py")}
    served = {page_folder(name) for name in registry()} - {None}
    assert served, "no game's page folder was found"
    assert served <= {package / "web" for package in packages}
    game_words = set(registry()) | {package.name for package in packages}
    misplaced, named = [], []
    for module in sorted(SOURCE.rglob("*.js")):
        if SHARED_PAGES in module.parents:
            if module.parent == SHARED_PAGES / "js" and any(w in module.stem for w in game_words):
                named.append(str(module.relative_to(SOURCE)))
        elif module.parent not in served:
            misplaced.append(str(module.relative_to(SOURCE)))
    assert misplaced == [], f"page modules outside a game's web/ or server/static/: {misplaced}"
    assert named == [], f"shared page modules named for a game: {named}"


FLUENT_ID = re.compile(r"^(-?[a-zA-Z][\w-]*) *=", re.M)


def game_words() -> set[str]:
    """Each installed game's name and its package's (``the-monolith``, ``the_monolith``)."""
    from monolith.games import registry

    packages = {path.parent.name for path in (SOURCE / "games").glob("*/__init__.py")}
    return set(registry()) | packages


def named_for_a_game(source: Path, games: set[str]) -> list[str]:
    """What of the pages' shared files under ``source`` (``server/static`` and ``server/messages``)
    belongs to one game: a stylesheet, module or word file named for it, a message id naming it
    (``keys-monolyth-turn``), a shared module quoting its name (``"the-monolith"``) or a shared
    stylesheet's rule for its table's class (``.game-monolyth``)."""
    found = []
    shared = [source / "server" / "static", source / "server" / "messages"]
    for path in sorted(p for folder in shared for p in folder.rglob("*") if p.is_file()):
        where = str(path.relative_to(source))
        if "vendor" in path.parts or path.suffix not in {".css", ".js", ".ftl", ".html"}:
            continue
        if any(game in path.stem for game in games):
            found.append(where)
        elif path.suffix == ".ftl":
            ids = FLUENT_ID.findall(path.read_text(encoding="utf-8"))
            found += [f"{where}: {i}" for i in ids if any(game in i for game in games)]
        elif path.suffix == ".js":
            text = path.read_text(encoding="utf-8")
            quoted = (g for g in sorted(games) if re.search(rf"[\"'`]{g}[\"'`.]", text))
            found += [f"{where}: {game}" for game in quoted]
        elif path.suffix == ".css":
            text = path.read_text(encoding="utf-8")
            found += [f"{where}: .game-{g}" for g in sorted(games) if f".game-{g}" in text]
    return found


def test_no_shared_page_file_belongs_to_one_game() -> None:
    """A game's stylesheet (``web/style.css``), its page's words (``messages/<lang>/page*.ftl``),
    its keyboard shortcuts (its view's ``shortcuts``) and its glossary (its ``glossary.ftl``) are
    in its folder: the shared pages, stylesheets and words name no game, so a new game is a new
    folder and nothing else."""
    assert named_for_a_game(SOURCE, game_words()) == []


@pytest.mark.parametrize(
    ("planted", "text"),
    [
        ("server/static/css/monolyth.css", ".mono-table { display: grid; }\n"),
        ("server/static/css/kindling.css", ".kindling { color: red; }\n"),
        ("server/messages/en/the_monolith.ftl", "tm-map = The land\n"),
        ("server/messages/ru/table.ftl", "keys-monolyth-turn = R\n"),
        ("server/messages/en/page.ftl", "game-kindling = Kindling\n"),
        ("server/static/js/help.js", 'const games = ["monolyth", "the-monolith"];\n'),
        ("server/static/css/table.css", ".game-the-monolith .game-card-art { opacity: 1; }\n"),
    ],
)
def test_the_check_finds_a_planted_game_file_outside_its_folder(
    tmp_path: Path, planted: str, text: str
) -> None:
    for folder in ("server/static/css", "server/messages/en", "server/messages/ru"):
        (tmp_path / folder).mkdir(parents=True, exist_ok=True)
    (tmp_path / "server/static/js").mkdir(parents=True, exist_ok=True)
    (tmp_path / "server/static/css/table.css").write_text(".panel { padding: 0; }\n")
    (tmp_path / "server/messages/en/page.ftl").write_text("ui-close = Close\n")
    assert named_for_a_game(tmp_path, game_words()) == []
    path = tmp_path / planted
    path.write_text(path.read_text() + text if path.exists() else text)
    assert named_for_a_game(tmp_path, game_words()), planted
