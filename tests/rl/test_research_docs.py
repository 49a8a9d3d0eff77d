"""The research guide shows the observation layouts the code builds, and every Python snippet
in it runs as written."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from monolith.rl import encoder

NEEDS = ("numpy", "gymnasium", "pettingzoo", "pyspiel")
DOC = Path(__file__).parents[2] / "docs" / "research.md"


@pytest.mark.parametrize("game", ["monolyth", "the-monolith"])
def test_the_channel_table_in_the_docs_is_the_codes(game: str) -> None:
    enc = encoder(game)
    text = DOC.read_text(encoding="utf-8")
    assert enc.layout.markdown() in text
    assert f"{enc.shape[0]} values, {enc.num_actions} actions" in text


def python_blocks() -> list[str]:
    """Every fenced ``python`` block of the research guide, in order."""
    return re.findall(r"^```python\n(.*?)^```$", DOC.read_text(encoding="utf-8"), re.M | re.S)


def test_the_guide_has_its_snippets() -> None:
    assert len(python_blocks()) >= 4


@pytest.mark.parametrize("index", range(len(python_blocks())))
def test_every_python_snippet_of_the_guide_runs_as_written(index: int) -> None:
    code = python_blocks()[index]
    exec(compile(code, f"{DOC.name} snippet {index + 1}", "exec"), {"__name__": "snippet"})


@pytest.mark.parametrize("game", ["monolyth", "the-monolith"])
def test_the_action_table_in_the_docs_is_the_codes(game: str) -> None:
    from monolith.rl.actions import action_layout

    layout = action_layout(game)
    text = DOC.read_text(encoding="utf-8")
    assert layout.markdown() in text
    assert f"{layout.num_actions} action ids" in text
