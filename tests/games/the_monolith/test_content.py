"""The shipped content is valid and complete; a corrupt file is refused naming file, entry and
problem."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

from monolith.core import ContentError
from monolith.core.i18n import describe
from monolith.games.the_monolith import GAME, TheMonolith
from monolith.games.the_monolith.content import CONTENT_DIR, load_content

from .helpers import C


def test_shipped_content_has_the_required_shape() -> None:
    assert 20 <= len(C.spaces) <= 26
    assert len(C.strongholds) == 4 and len(C.tunnels) == 4
    for kind in ("scriptorium", "mausoleum", "temple"):
        assert C.building.count(kind) == 3
    assert C.spaces[C.monolith].slots == 4
    assert all(1 <= s.slots <= 3 for i, s in enumerate(C.spaces) if i != C.monolith)
    assert 3 <= len(C.locked) <= 4 and len(C.locked & set(C.strongholds)) == 1
    assert (len(C.shamans), len(C.divinations), len(C.events), len(C.objectives)) == (
        6,
        24,
        12,
        20,
    )
    assert {card.rating for card in C.divinations} == {1, 2, 3, 4}
    assert {card.effect.cost for card in C.divinations} == {"none", "discard", "anger"}
    for space in C.spaces:
        assert len(space.polygon) >= 3


def corrupt(tmp_path: Path, file: str, old: str, new: str) -> Path:
    folder = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, folder)
    path = folder / file
    text = path.read_text()
    assert old in text, f"{old!r} not in {file}"
    path.write_text(text.replace(old, new, 1))
    return folder


@pytest.mark.parametrize(
    ("file", "old", "new", "entry", "problem"),
    [
        ("divinations.toml", "rating = 2", "rating = 7", "scribes-ledger", "rating must be 1-4"),
        ("divinations.toml", "rating = 2", 'rating = "two"', "divinations[0].rating", "int"),
        ("divinations.toml", 'per = "scriptorium"', 'per = "moons"', "scribes-ledger", "counter"),
        (
            "divinations.toml",
            'window = "rest_score"',
            'window = "noon"',
            "scribes-ledger",
            "window",
        ),
        ("shamans.toml", "hearts_unearned = 8", "hearts_unearned = 9", "ash-mother", "19"),
        ("shamans.toml", 'key = "iron-hound"', 'key = "ash-mother"', "ash-mother", "duplicate"),
        ("events.toml", 'target = "each"', 'target = "some"', "vigil-of-shamans", "target"),
        ("objectives.toml", 'count = "temple"', 'count = "temples"', "temple-keeper", "count"),
        ("map.toml", 'a = "salt-barrow"', 'a = "atlantis"', "borders[0]", "unknown"),
        ("map.toml", 'building = "temple"', 'building = "castle"', "salt-barrow", "building"),
        ("map.toml", "tunnel = true", "tunnel = false", "spaces", "4 tunnel"),
        ("map.toml", 'kind = "dashed"', 'kind = "wavy"', "borders[0]", "solid or dashed"),
    ],
)
def test_corrupt_content_is_refused(
    tmp_path: Path, file: str, old: str, new: str, entry: str, problem: str
) -> None:
    folder = corrupt(tmp_path, file, old, new)
    with pytest.raises(ContentError) as error:
        load_content(folder)
    assert error.value.file == file
    assert error.value.entry == entry
    assert problem in error.value.problem


def test_unreachable_space_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, folder)
    path = folder / "map.toml"
    text = path.read_text()
    # gull-point's two dashed borders become solid: nothing reaches it
    for other in ("cinder-flats", "southkeep"):
        block = f'a = "{other}"\nb = "gull-point"\nkind = "dashed"'
        assert block in text
        text = text.replace(block, block.replace("dashed", "solid"))
    path.write_text(text)
    with pytest.raises(ContentError) as error:
        load_content(folder)
    assert error.value.entry == "gull-point" and "cannot be reached" in error.value.problem


def test_missing_file_is_refused(tmp_path: Path) -> None:
    folder = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, folder)
    (folder / "events.toml").unlink()
    with pytest.raises(ContentError) as error:
        load_content(folder)
    assert error.value.file == "events.toml"


def test_cards_document_lists_every_card_with_its_text() -> None:
    doc = (Path(__file__).parents[3] / "docs" / "rules" / "the-monolith-cards.md").read_text()
    for shaman in C.shamans:
        assert shaman.name in doc and shaman.ability.text in doc
    for divination in C.divinations:
        assert divination.name in doc and divination.effect.text in doc
    for event in C.events:
        assert event.name in doc and event.text in doc
    for objective in C.objectives:
        assert objective.name in doc and objective.text in doc


def test_swapped_in_content_plays_beside_the_default(tmp_path: Path) -> None:
    folder = corrupt(
        tmp_path, "divinations.toml", 'name = "Scribe\'s Ledger"', 'name = "Old Ledger"'
    )
    other = TheMonolith(load_content(folder))
    assert other.content.divinations[0].name == "Old Ledger"
    assert GAME.content.divinations[0].name == "Scribe's Ledger"
    chooser = random.Random(3)
    mine, theirs = GAME.new_game(players=3, seed=3), other.new_game(players=3, seed=3)
    for _ in range(60):
        mine = GAME.apply(mine, chooser.choice(GAME.legal_list(mine)))
        theirs = other.apply(theirs, chooser.choice(other.legal_list(theirs)))
    described = [describe(other, theirs, a) for a in other.legal_list(theirs)]
    assert all(described)


def test_rules_document_names_every_action_kind_and_option() -> None:
    from monolith.games.the_monolith.rules import KINDS, OPTIONS

    doc = (Path(__file__).parents[3] / "docs" / "rules" / "the-monolith.md").read_text()
    for kind, _ in KINDS:
        assert f"`{kind}" in doc, kind
    for option in OPTIONS:
        assert f'{option.name}="' in doc
