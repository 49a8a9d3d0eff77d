"""The coach in the terminal: ``h`` for a hint while playing, ``monolith review`` after."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import msgspec
import pytest
from rich.console import Console
from typer.testing import CliRunner

from monolith.bots import decide, make_bot
from monolith.bots.arena import derive_seed
from monolith.bots.coach import CoachBudget
from monolith.bots.reasons import consequence
from monolith.cli.main import app
from monolith.cli.review import core_words, load_finished, names_of, render_review, review_game
from monolith.core import MatchRecord, record_of, replay
from monolith.core.i18n import localizer
from monolith.games import get_game
from monolith.games.screen import Voice
from monolith.games.the_monolith import GAME as THE_MONOLITH

runner = CliRunner()


def words(text: str) -> str:
    """The output with every run of white space as one space (Rich wraps long lines)."""
    return " ".join(text.split())


def play(args: list[str], text: str, lang: str = "C") -> Any:
    return runner.invoke(app, ["play", *args], input=text, env={"LANG": lang})


def hint_lines(out: str) -> list[str]:
    """The numbered entries of the first hint in ``out``, each on one line."""
    after = words(out.split("The coach's best decisions for you:")[1])
    shown = re.split(r"(?:Choose|The first ones|This is the only)", after)[0]
    return [entry.strip() for entry in re.split(r"(?:^| )\d\. ", shown) if entry.strip()]


def test_h_shows_the_coachs_best_decisions_with_their_win_chances() -> None:
    result = play(["the-monolith", "-p", "3", "--seed", "1"], "h\nq\n")
    assert result.exit_code == 1, result.output  # quit: abandoned
    out = result.stdout
    assert "? rules and symbols · u take back · h hint · q quit" in out
    lines = hint_lines(out)
    assert 1 <= len(lines) <= 3
    for line in lines:
        found = re.search(r"(\d+)% to win$", line)
        assert found and 0 <= int(found.group(1)) <= 100, line
        assert line.startswith("Keep ")  # the menu entries of this decision, in words
    assert "Choose 1–2" in out.split("The coach's best decisions for you:")[1]  # asked again


def test_a_hint_names_where_a_monolyth_piece_goes() -> None:
    out = play(["monolyth", "-p", "2", "--seed", "3"], "h\nq\n").stdout
    for line in hint_lines(out):
        if line.startswith("Take the") and "place it" in line:
            assert re.search(r"\(([a-d][1-4]\^[1-4] ?)+\)", line), line


def test_hints_are_off_at_a_hot_seat_unless_asked_for() -> None:
    hot = ["monolyth", "-p", "2", "--humans", "2", "--seed", "1"]
    out = words(play(hot, "\nh\nq\n").stdout)
    assert "Hints are off in this game (start it with --hints to have them)." in out
    assert "h hint" not in out
    out = play([*hot, "--hints"], "\nh\nq\n").stdout
    assert hint_lines(out)
    off = words(play(["monolyth", "-p", "2", "--seed", "1", "--no-hints"], "h\nq\n").stdout)
    assert "Hints are off in this game" in off


@pytest.mark.parametrize(
    ("lang", "title", "win"),
    [("es_ES.UTF-8", "Las mejores decisiones para ti", "% de ganar"),
     ("ru_RU.UTF-8", "Лучшие решения для вас", "шанс на победу")],
)  # fmt: skip
def test_hints_speak_the_players_language(lang: str, title: str, win: str) -> None:
    out = words(play(["the-monolith", "-p", "3", "--seed", "1"], "h\nq\n", lang).stdout)
    assert title in out and win in out
    assert "to win" not in out


# Reviews -----------------------------------------------------------------------------------------


def saved_game(path: Path, name: str, players: int, seed: int, humans: list[int]) -> MatchRecord:
    """A whole game played by bots, saved as ``monolith play --save`` saves it, the ``humans``
    seats played by a random bot (so the coach has something to say)."""
    game = get_game(name)
    state = game.new_game(players=players, seed=seed)
    actions = []
    turn = 0
    while not game.is_terminal(state):
        seat = game.current_player(state)
        bot = make_bot("random" if seat in humans else "greedy", derive_seed(seed, turn))
        actions.append(decide(bot, game, state))
        state = game.apply(state, actions[-1])
        turn += 1
    record = record_of(
        game, players=players, seed=seed, options=None, actions=actions, final_state=state,
        humans=humans,
    )  # fmt: skip
    path.write_bytes(msgspec.json.encode(record))
    return record


def review(path: Path, *args: str, lang: str = "C", columns: int = 80) -> Any:
    command = ["review", str(path), "--iterations", "30", "--workers", "1", *args]
    return runner.invoke(app, command, env={"LANG": lang, "COLUMNS": str(columns)})


def test_review_tables_the_marked_decisions_of_the_human_seats(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    saved_game(path, "monolyth", 2, 4, humans=[0])
    result = review(path)
    assert result.exit_code == 0, result.output
    out = words(result.stdout)
    assert "The coach's review of Monolyth (" in out
    summary = re.search(
        r"Player 1: (\d+) decisions judged · (\d+) blunders? · (\d+) mistakes? · "
        r"(\d+) inacc",
        out,
    )
    assert summary, out
    judged, blunders, mistakes, inaccuracies = map(int, summary.groups())
    assert judged > 10
    assert "Sapphire:" not in out  # the bot's seat is not reviewed
    assert "Win chance after each decision:" in out
    assert re.search(f"Win chance after each decision: [▁▂▃▄▅▆▇█]{{{judged}}}", out)
    marked = blunders + mistakes + inaccuracies
    if marked:
        for column in ("Move", "Played", "coach's", "choice", "Win chance", "Lost", "Mark"):
            assert column in out
        assert re.search(r"\d+% │ +−\d+% │ (\?!|\?|\?\?) (inaccuracy|mistake|blunder)", out)
    everything = words(review(path, "--all").stdout)
    assert everything.count("%") >= judged  # a win chance on every row


def test_review_of_a_chosen_seat_and_in_russian(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    saved_game(path, "the-monolith", 3, 2, humans=[0])
    out = words(review(path, "--seat", "2", lang="ru_RU.UTF-8").stdout)
    assert "Разбор тренера: Монолит (" in out  # the game named in Russian too
    assert "Сапфир:" in out and "оценено" in out  # seat 2 is a bot, named by its gem


def test_review_refuses_an_unfinished_game_and_a_file_that_is_not_a_record(
    tmp_path: Path,
) -> None:
    unfinished = tmp_path / "unfinished.json"
    result = play(["monolyth", "-p", "2", "--seed", "2", "--save", str(unfinished)], "q\n")
    assert msgspec.json.decode(unfinished.read_bytes(), type=MatchRecord).humans == [0]
    result = review(unfinished)
    assert result.exit_code == 2
    assert "holds a game that is not over yet" in words(result.stderr)
    junk = tmp_path / "junk.json"
    junk.write_text("{}")
    result = review(junk)
    assert result.exit_code == 2 and "is not a saved game" in words(result.stderr)
    result = review(tmp_path / "missing.json")
    assert result.exit_code == 2 and "cannot read" in words(result.stderr)


def secret_objectives(record: MatchRecord, reader: int | None, lang: str) -> set[str]:
    """The names of the objectives other seats drew that ``reader`` (``None``: everyone at a
    hot seat) never saw: neither drawn by them nor revealed during the game or at its end."""
    final = replay(THE_MONOLITH, record)
    cards = THE_MONOLITH.content.objectives
    drawn = {(e.player, e.value) for e in final.log if e.kind == "objective"}
    public = {e.value for e in final.log if e.kind in ("reveal", "final")}
    seen = {card for seat, card in drawn if seat == reader} | public
    words = localizer(THE_MONOLITH, lang)
    return {
        words.text(f"objective-{cards[card].key}")
        for seat, card in drawn
        if seat != reader and card not in seen
    }


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_hot_seat_review_names_no_hidden_objective(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "game.json"
    record = saved_game(path, "the-monolith", 3, 2, humans=[0, 1])
    secrets = secret_objectives(record, None, lang)
    assert secrets  # each player discarded objectives the other never saw
    result = review(path, "--all", lang="ru_RU.UTF-8" if lang == "ru" else "C", columns=300)
    assert result.exit_code == 0, result.output
    out = words(result.stdout)
    assert not [name for name in secrets if name in out], out
    hidden = "скрытое решение" if lang == "ru" else "a hidden decision"
    assert hidden in out  # the keep decisions are listed, without what was kept
    if lang == "en":
        assert "Keep " not in out
        assert re.search(r"│ 1 │ a hidden decision[^│]*│ a hidden decision", out)


def test_a_review_of_a_bot_names_none_of_its_hidden_objectives(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = saved_game(path, "the-monolith", 3, 2, humans=[0])
    secrets = secret_objectives(record, 0, "en")
    assert secrets
    out = words(review(path, "--seat", "2", "--seat", "3", "--all", columns=300).stdout)
    assert "Sapphire:" in out and "Amber:" in out
    assert not [name for name in secrets if name in out], out
    assert "a hidden decision" in out
    # the human reads their own objective decisions named, the coach's choice beside them
    own = words(review(path, "--all", columns=300).stdout)
    first = replay(THE_MONOLITH, record).log
    kept = {
        THE_MONOLITH.content.objectives[e.value].name
        for e in first
        if e.kind == "objective" and e.player == 0
    }
    assert any(f"Keep {name}" in own for name in kept), own
    assert "a hidden decision" not in own


def test_a_review_names_the_players_as_they_sat(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    record = saved_game(path, "monolyth", 2, 4, humans=[0, 1])
    table = {"names": ["Ada", "Ben"], "bots": {}, "lang": "en"}
    path.write_bytes(msgspec.json.encode({**msgspec.to_builtins(record), "table": table}))
    out = words(review(path).stdout)
    assert "Ada: " in out and "Ben: " in out and "Player 1" not in out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_marked_decision_says_what_the_coachs_choice_changes(tmp_path: Path, lang: str) -> None:
    path = tmp_path / "game.json"
    saved_game(path, "monolyth", 2, 4, humans=[0])
    finished = load_finished(path, core_words("en"))
    reviewed = review_game(finished, budget=CoachBudget(iterations=30, runs=3))
    words_of = localizer(finished.game, lang)
    console = Console(width=300, record=True, color_system=None)
    console.print(render_review(reviewed, words_of))
    out = words(console.export_text())
    marked = [v for v in reviewed.verdicts if v.mark != "good" and v.best.id != v.chosen.id]
    assert marked
    voice = Voice(words_of, names_of(words_of, finished.record), 0)
    said = 0
    for verdict in marked:
        state = finished.states[verdict.index]
        best = finished.game.action_from_id(verdict.best.id)
        why = consequence(
            finished.game, state, finished.actions[verdict.index], best, seed=verdict.index
        )
        if why is not None:
            assert f"→ {voice.say(why)}" in out
            said += 1
    assert said == out.count("→ ") and said >= len(marked) // 2  # most marks say why
