"""The Monolyth table's words: every page string its view (games/monolyth/web/view.js) asks for
exists in English, and every one of its own messages is in Spanish and Russian too, each parsing
cleanly, with the same variables, and Russian numbers choosing among one, few and many."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from fluent.runtime import FluentBundle, FluentResource
from fluent.syntax import FluentParser, ast
from fluent.syntax.visitor import Visitor

from monolith.core.i18n import read_ftl
from monolith.games.monolyth import GAME

SOURCE = Path(__file__).resolve().parents[2] / "src" / "monolith"
SERVER = SOURCE / "server"
FOLDER = SOURCE / "games" / "monolyth"
SCRIPT = FOLDER / "web" / "view.js"
OWN = "page.ftl"
"""The table's own words, in the game's folder beside its engine's (and page_where.ftl)."""


def _messages(lang: str) -> dict[str, ast.Message]:
    source = (FOLDER / "messages" / lang / OWN).read_text(encoding="utf-8")
    resource = FluentParser().parse(source)
    junk = [entry for entry in resource.body if isinstance(entry, ast.Junk)]
    assert not junk, f"{lang}/{OWN} does not parse: {(junk[0].content or '')[:200]}"
    return {e.id.name: e for e in resource.body if isinstance(e, ast.Message)}


def _variables(message: ast.Message) -> set[str]:
    found: set[str] = set()

    class Variables(Visitor):
        def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802
            found.add(node.id.name)

    Variables().visit(message)
    return found


def _asked(script: str) -> set[str]:
    """The Monolyth message ids in the arguments of each ``t(...)`` call of the script."""
    asked = set()
    for start in (m.end() for m in re.finditer(r"\bt\(", script)):
        depth, end = 1, start
        while depth:
            depth += {"(": 1, ")": -1}.get(script[end], 0)
            end += 1
        asked.update(re.findall(r'"(mono[.-][\w.-]+)"', script[start:end]))
    return {name.replace(".", "-") for name in asked}


def test_every_page_string_the_script_asks_for_exists_in_english() -> None:
    """Among the pages' words, or the game's (served with them; the solo scale's sentences are
    the game's, which the terminal says too)."""
    script = SCRIPT.read_text(encoding="utf-8")
    asked = _asked(script)
    english = read_ftl(SERVER / "messages", "en") + "\n" + GAME.messages("en")
    defined = set(re.findall(r"^([\w-]+) =", english, flags=re.M))
    assert asked, "the script asks for Monolyth strings"
    assert asked <= defined, sorted(asked - defined)


@pytest.mark.parametrize("lang", ["es", "ru"])
def test_each_own_message_is_translated_with_the_same_variables(lang: str) -> None:
    english, other = _messages("en"), _messages(lang)
    assert set(other) == set(english), sorted(set(english) ^ set(other))
    for name, message in english.items():
        assert _variables(other[name]) <= _variables(message), (lang, name)


@pytest.mark.parametrize(
    ("count", "words"), [(1, "1 кубик"), (3, "3 кубика"), (5, "5 кубиков"), (21, "21 кубик")]
)
def test_russian_counts_take_their_plural_form(count: int, words: str) -> None:
    bundle = FluentBundle(["ru"], use_isolating=False)
    bundle.add_resource(FluentResource((FOLDER / "messages" / "ru" / OWN).read_text("utf-8")))
    pattern = bundle.get_message("mono-board-label").value
    assert pattern is not None
    text, errors = bundle.format_pattern(pattern, {"name": "Ада", "n": count})
    assert not errors
    assert str(text).endswith(words)
