"""The house's dependency rule, checked on the source: ``core`` <- ``games`` <- ``bots`` <-
``compute`` <- ``server``; ``rl`` and the designers' tools beside the server; ``cli`` on top. No
module imports a layer above its own, and no two modules import each other at load time (a cycle
makes the order of imports matter and hides which room a thing belongs to)."""

from __future__ import annotations

import ast
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
    "__main__": {"cli"},
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
