"""A broken content file is refused with a message naming the file, the entry and the problem."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from monolith.core import ContentError
from monolith.games.monolyth import Monolyth
from monolith.games.monolyth.content import CONTENT_DIR, load_content


@pytest.fixture
def content_dir(tmp_path: Path) -> Path:
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def test_shipped_content_counts() -> None:
    content = load_content()
    assert len(content.pieces) == 80
    assert len(content.box_pieces()) == 60
    assert len(content.cards) == 10
    assert len(content.boards) == 5


@pytest.mark.parametrize(
    ("file", "old", "new", "entry", "problem"),
    [
        (
            "pieces.toml",
            "I2 = [[0, 0, 0], [1, 0, 0]]",
            "I2 = [[0, 0, 0], [2, 0, 0]]",
            "shapes.I2",
            "not all joined",
        ),
        (
            "pieces.toml",
            "I2 = [[0, 0, 0], [1, 0, 0]]",
            "I2 = [[0, 0, 0]]",
            "shapes.I2",
            "at least two cubes",
        ),
        (
            "pieces.toml",
            '"L3", "L3", "I4", "O4", "T4", "L4", "S4", "TRIPOD", "SCREW_R"]',
            '"L3", "L5", "I4", "O4", "T4", "L4", "S4", "TRIPOD", "SCREW_R"]',
            "box.blue[4]",
            "unknown shape 'L5'",
        ),
        (
            "pieces.toml",
            "singles_per_colour = 4",
            'singles_per_colour = "four"',
            "singles_per_colour",
            "Expected `int`",
        ),
        (
            "pieces.toml",
            "SCREW_L = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 0, 1]]",
            "SCREW_L = [[0, 0, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]]",
            "shapes.SCREW_L",
            "same piece as SCREW_R",
        ),
        (
            "boards.toml",
            'edges = ["blue", "orange", "black", "teal"]',
            'edges = ["blue", "blue", "black", "teal"]',
            "boards[0].edges",
            "must differ",
        ),
        (
            "boards.toml",
            'edges = ["blue", "orange", "black", "teal"]',
            'edges = ["blue", "pink", "black", "teal"]',
            "boards[0].edges",
            "unknown colour 'pink'",
        ),
        (
            "tokens.toml",
            "prophecy_copies = [1, 1, 2, 2]",
            "prophecy_copies = [1, 1, 2]",
            "prophecy_copies",
            "1, 2, 3, 4 players",
        ),
        (
            "tokens.toml",
            'title = "mason"',
            'title = "mason!"',
            "solo_ratings[1].title",
            "letters, digits, dashes or spaces",
        ),
        ("tokens.toml", 'title = "architect"', 'title = "mason"', "solo_ratings", "same title"),
        (
            "tokens.toml",
            "structure_tokens = [10, 7, 4, 2]",
            "structure_tokens = [10, 7, 4, -2]",
            "structure_tokens",
            "positive",
        ),
        (
            "structures.toml",
            'heights = ["2222", "2222", "2222", "2222"]',
            'heights = ["2222", "2222", "2x22", "2222"]',
            "cards[3].heights",
            "'x' is not a height",
        ),
        (
            "structures.toml",
            'heights = ["1111", "1221", "1221", "1111"]',
            'heights = ["1111", "1221", "1221"]',
            "cards[4].heights",
            "four rows",
        ),
        ("structures.toml", "number = 1\n", "numbr = 1\n", "cards[0]", "numbr"),
    ],
)
def test_broken_file_is_refused_naming_file_entry_problem(
    content_dir: Path, file: str, old: str, new: str, entry: str, problem: str
) -> None:
    _edit(content_dir / file, old, new)
    with pytest.raises(ContentError) as caught:
        load_content(content_dir)
    error = caught.value
    assert error.file == file
    assert error.entry == entry
    assert problem in error.problem
    assert str(error).startswith(f"{file}: {entry}: ")


def test_file_that_is_not_toml_is_refused(content_dir: Path) -> None:
    (content_dir / "tokens.toml").write_text("level_stacks = [[3, 2")
    with pytest.raises(ContentError, match=r"tokens\.toml: \(file\): is not valid TOML"):
        load_content(content_dir)


def test_missing_file_is_refused(content_dir: Path) -> None:
    (content_dir / "boards.toml").unlink()
    with pytest.raises(ContentError, match=r"boards\.toml.*cannot be read"):
        load_content(content_dir)


def test_swapped_in_content_changes_the_game(content_dir: Path) -> None:
    _edit(
        content_dir / "tokens.toml",
        "structure_tokens = [10, 7, 4, 2]",
        "structure_tokens = [12, 8, 5, 3]",
    )
    game = Monolyth(load_content(content_dir))
    assert game.new_game(players=2, seed=3).structure_tokens == (12, 8)
