"""The solo rating scale at the end of a solo Monolyth game: the rating reached follows the
minimums of the game's content (whatever the calibration sets there), and the terminal's end
screen shows the whole scale with the score placed on it."""

from __future__ import annotations

import re
import shutil
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console
from typer.testing import CliRunner

from monolith.cli.main import app
from monolith.core.i18n import localizer, seat_names
from monolith.games.monolyth import GAME, Monolyth, MonolythState, Pass, Place, Swap, terminal
from monolith.games.monolyth.content import CONTENT_DIR, load_content, rating_key
from monolith.games.screen import Voice

RATING_BLOCK = re.compile(r"\[\[solo_ratings\]\]\s*minimum = \d+\s*title = \"[^\"]*\"\s*")


def _content_with(tmp_path: Path, ratings: list[tuple[int, str]]) -> Monolyth:
    """The shipped content with its solo ratings replaced by ``ratings``."""
    target = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, target)
    tokens = target / "tokens.toml"
    text, found = RATING_BLOCK.subn("", tokens.read_text())
    assert found == len(GAME.content.solo_ratings)
    blocks = "".join(f'\n[[solo_ratings]]\nminimum = {m}\ntitle = "{t}"\n' for m, t in ratings)
    tokens.write_text(text + blocks)
    return Monolyth(load_content(target))


def _first_choices(game: Monolyth, seed: int = 1) -> tuple[str, MonolythState]:
    """A solo game played to its end taking, each turn, the first placement of the first piece
    that has one (else the first swap): the keys a player types for it at the terminal, and the
    state it reaches (every seed scores the same few tokens, enough to place on a scale)."""
    state = game.new_game(players=1, seed=seed)
    keys: list[str] = []
    while not game.is_terminal(state):
        options = terminal._options(game, state)
        if options.passes:
            state = game.apply(state, Pass())
            continue
        if options.places:
            step = min(options.places)
            keys += [str(step), "1", ""]
            state = game.apply(state, Place(step, options.places[step][0]))
        else:
            step = min(options.swaps)
            keys += ["s", *([str(step)] if len(options.swaps) > 1 else []), "1", ""]
            state = game.apply(state, Swap(step, options.swaps[step][0].bit_length() - 1))
    return "\n".join(keys) + "\n", state


def _finished_solo(game: Monolyth) -> MonolythState:
    return _first_choices(game)[1]


def _scale_text(game: Monolyth, state: MonolythState, lang: str = "en") -> str:
    words = localizer(game, lang)
    voice = Voice(words, seat_names(words, 1, ["Ada"]), 0)
    console = Console(file=StringIO(), width=100, record=True)
    console.print(terminal.solo_scale(game.view(state, 0), voice))
    return console.export_text()


def _reached_row(text: str) -> str:
    rows = [line for line in text.splitlines() if "▶" in line]
    assert len(rows) == 1, text
    return rows[0]


def test_the_rating_reached_follows_the_contents_minimums(tmp_path: Path) -> None:
    score = int(GAME.scores(_finished_solo(GAME))[0])
    assert score >= 2, "the test needs a score with room below it"
    tiers = ("apprentice", "mason", "architect", "master builder")
    # The same game (same seed, same moves) under two sets of minimums: the score lands exactly
    # on mason's minimum, then one point short of it.
    for folder, reached, minimums in (
        ("a", "mason", (0, score, score + 5, score + 9)),
        ("b", "apprentice", (0, score + 1, score + 5, score + 9)),
    ):
        game = _content_with(tmp_path / folder, list(zip(minimums, tiers, strict=True)))
        state = _finished_solo(game)
        assert game.scores(state)[0] == score
        view = game.view(state, 0)
        assert view["solo_rating"] == reached
        assert [b["minimum"] for b in view["solo_ratings"]] == list(minimums)
        assert [b["key"] for b in view["solo_ratings"]] == [rating_key(t) for t in tiers]
        text = _scale_text(game, state)
        row = _reached_row(text)
        name = reached.capitalize()
        assert name in row and f" {score}" in row
        assert f"You scored {score} points: {reached}" in text
        nxt = tiers.index(reached) + 1
        missing = minimums[nxt] - score
        short_of = f"{missing} point{'s' if missing > 1 else ''} short of {tiers[nxt]}"
        assert f"{short_of} (from {minimums[nxt]} points)." in text
        assert f"{minimums[1]}–{minimums[2] - 1}" in text
        assert f"{minimums[3]} or more" in text


@pytest.mark.parametrize("score_offset", [0, 3])
def test_a_rating_the_content_adds_shows_on_the_scale_under_its_own_name(
    tmp_path: Path, score_offset: int
) -> None:
    """A content file with other ratings (a fifth one here) needs no code: the view carries the
    bands, and the English name is the content's title."""
    score = int(GAME.scores(_finished_solo(GAME))[0])
    low = max(1, score - score_offset)
    ratings = [(0, "apprentice"), (1, "mason"), (2, "architect"), (3, "master builder")]
    ratings.append((low if low > 3 else 4, "grand master"))
    game = _content_with(tmp_path, ratings)
    state = _finished_solo(game)
    view = game.view(state, 0)
    assert view["solo_ratings"][-1] == {
        "minimum": ratings[-1][0],
        "title": "grand master",
        "key": "grand-master",
    }
    assert view["solo_rating"] == game.content.rating(score) == "grand master"
    text = _scale_text(game, state)
    assert "Grand master" in _reached_row(text)
    assert f"You scored {score} points: grand master" in text
    assert "That is the highest rating." in text
    assert "1–1" not in text  # a one-point rating reads as its one score


def test_the_shipped_scale_in_every_language_names_each_rating() -> None:
    state = _finished_solo(GAME)
    for lang in ("en", "es", "ru"):
        words = localizer(GAME, lang)
        text = _scale_text(GAME, state, lang)
        for _, title in GAME.content.solo_ratings:
            name = words.text(f"rating-{rating_key(title)}")
            assert name[:1].upper() + name[1:] in text, (lang, name)
    ru = _scale_text(GAME, state, "ru")
    assert "Подмастерье" in ru and "Мастер-строитель" in ru


# The play command's end screen ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "heading", "verdict", "open_range"),
    [
        ("en", "Solo rating", "You scored {score} points: {name}", "{min} or more"),
        ("ru", "Звание в одиночной игре", "Вы набрали {score} очк", "{min} и больше"),
    ],
)
def test_playing_solo_to_the_end_shows_the_scale_with_the_score(
    lang: str, heading: str, verdict: str, open_range: str
) -> None:
    keys, final = _first_choices(GAME, seed=1)
    result = CliRunner().invoke(
        app,
        ["play", "monolyth", "--players", "1", "--seed", "1", "--lang", lang, "--names", "Ada"],
        input=keys,
        env={"LANG": "C", "COLUMNS": "100"},
    )
    assert result.exit_code == 0, result.output
    end = result.stdout.rsplit(heading, 1)[1]
    score = int(GAME.scores(final)[0])
    words = localizer(GAME, lang)
    reached = GAME.content.rating(score)
    name = words.text(f"rating-{rating_key(reached)}")
    assert verdict.format(score=score, name=name) in end
    table = end.split("\n└", 1)[0]  # the scale's table, not the ranking after it
    rows = [line for line in table.splitlines() if line.startswith("│")]
    minimums = [m for m, _ in GAME.content.solo_ratings]
    assert len(rows) == len(minimums)
    for row, (minimum, title) in zip(rows, GAME.content.solo_ratings, strict=True):
        title_name = words.text(f"rating-{rating_key(title)}")
        assert title_name[:1].upper() + title_name[1:] in row
        here = title == reached
        assert ("▶" in row) == here and ("●" in row) == here
        assert row.rstrip(" │").endswith(f" {score}") == here
        assert f" {minimum}" in row
    assert open_range.format(min=minimums[-1]) in rows[-1]
