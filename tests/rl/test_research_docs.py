"""The research guide shows the observation layouts the code builds."""

from __future__ import annotations

from pathlib import Path

import pytest

from monolith.rl import encoder

DOC = Path(__file__).parents[2] / "docs" / "research.md"


@pytest.mark.parametrize("game", ["monolyth", "the-monolith"])
def test_the_channel_table_in_the_docs_is_the_codes(game: str) -> None:
    enc = encoder(game)
    text = DOC.read_text(encoding="utf-8")
    assert enc.layout.markdown() in text
    assert f"{enc.shape[0]} values, {enc.num_actions} actions" in text
