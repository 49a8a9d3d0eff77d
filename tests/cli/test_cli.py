"""The ``monolith`` command: simulate, bench and play through Typer's test runner."""

from __future__ import annotations

import json
import shlex
from io import StringIO
from pathlib import Path
from typing import Any

import msgspec
import pytest
from rich.console import Console
from typer.testing import CliRunner

from monolith.bots.arena import derive_seed
from monolith.cli.main import app
from monolith.cli.play import menu_choose, play_match
from monolith.cli.runner import CliError
from monolith.core import MatchRecord, replay, state_hash
from monolith.core.i18n import describe, localizer, message_ids
from monolith.design.simulate import simulate
from monolith.games import get_game

runner = CliRunner()


def _json(args: list[str]) -> Any:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1, result.stdout  # exactly one JSON object on stdout
    return json.loads(lines[0])


def test_simulate_json_has_one_score_list_per_game() -> None:
    data = _json(["simulate", "monolyth", "--games", "4", "--players", "3", "--json"])
    assert data["games"] == 4
    assert data["bots"] == ["random", "random", "random"]
    assert len(data["scores"]) == 4
    assert all(len(scores) == 3 for scores in data["scores"])
    assert all(winner in range(3) for winner in data["winners"])
    assert data["seconds"] > 0
    assert data["games_per_second"] == pytest.approx(4 / data["seconds"], rel=0.01)
    # the winner holds the top score of the game (ties go to the tie-breaks)
    for scores, winner in zip(data["scores"], data["winners"], strict=True):
        assert scores[winner] == max(scores)


def test_simulate_reproduces_from_its_seed() -> None:
    args = ["simulate", "monolyth", "-n", "3", "--bot", "greedy,random", "--json"]
    first = _json([*args, "--seed", "7"])
    again = _json([*args, "--seed", "7"])
    other = _json([*args, "--seed", "8"])
    assert first["scores"] == again["scores"]
    assert first["winners"] == again["winners"]
    assert first["scores"] != other["scores"]
    assert first["bots"] == ["greedy", "random"]


def test_simulate_matches_the_function_it_wraps() -> None:
    data = _json(["simulate", "monolyth", "-n", "2", "-p", "1", "--seed", "3", "--json"])
    result = simulate(game="monolyth", games=2, players=1, bots=["random"], seed=3)
    assert data["scores"] == result.scores


def test_simulate_prints_a_summary_table() -> None:
    result = runner.invoke(
        app, ["simulate", "monolyth", "-n", "2", "--bot", "greedy,random", "--no-progress"]
    )
    assert result.exit_code == 0, result.output
    for heading in ("games/s", "mean score", "wins", "greedy", "random"):
        assert heading in result.stdout


def test_simulate_runs_every_registered_game() -> None:
    from monolith.games import registry

    for name, game in registry().items():
        players = str(max(game.info.min_players, 2))
        data = _json(["simulate", name, "-n", "1", "-p", players, "--json"])
        assert data["game"] == name
        assert len(data["scores"][0]) == int(players)


def test_bench_reports_speed_and_the_ratio_to_the_naive_reference() -> None:
    data = _json(
        ["bench", "monolyth", "--games", "3", "--positions", "8", "--no-interfaces", "--json"]
    )
    assert data["games"] == 3
    assert data["games_per_second"] > 0
    assert data["positions"] == 8
    assert data["reference"] == "naive placements()"
    assert data["legal_moves_median_us"] > 0
    assert data["ratio"] == pytest.approx(  # the ratio is printed to 4 decimals
        data["legal_moves_median_us"] / data["reference_median_us"], rel=0.01, abs=0.00005
    )


def test_bench_prints_a_table() -> None:
    result = runner.invoke(
        app, ["bench", "monolyth", "-n", "2", "--positions", "4", "--no-interfaces"]
    )
    assert result.exit_code == 0, result.output
    assert "random games per second" in result.stdout
    assert "ratio engine / reference" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "chess"], "error: unknown game 'chess'; known games: monolyth"),
        (["simulate", "monolyth", "--bot", "alphazero"], "error: unknown bot 'alphazero'"),
        (["simulate", "monolyth", "--players", "5"], "error: Monolyth takes 1-4 players, not 5"),
        (["play", "monolyth", "--bots", "nobody"], "error: unknown bot 'nobody'"),
        (["play", "monolyth", "--humans", "3"], "error: --humans must be 0-2"),
        (["play", "monolyth", "--lang", "fr"], "error: --lang takes en, es, ru, not 'fr'"),
        (["play", "monolyth", "--names", "Ada,Ben"], "error: --names gives 2 names for 1"),
        (["play", "monolyth", "-p", "0"], "error: Monolyth takes 1-4 players, not 0"),
        (["bench", "chess"], "error: unknown game 'chess'"),
    ],
)
def test_bad_requests_print_one_line_and_fail(args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert result.stderr.startswith(message)
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output
    assert result.stdout == ""


def test_derived_seeds_are_stable_and_distinct() -> None:
    assert derive_seed(0, 1) == derive_seed(0, 1)
    assert len({derive_seed(0, k) for k in range(100)}) == 100
    assert all(0 <= derive_seed(s, 5) < 2**63 for s in range(10))
    assert issubclass(CliError, Exception)


# Terminal play ----------------------------------------------------------------------------------

LANGUAGES = ("en", "es", "ru")


def _play(args: list[str], text: str = "", **env: str) -> Any:
    """``monolith play ...`` with scripted keyboard input, in English unless told."""
    return runner.invoke(app, ["play", *args], input=text, env={"LANG": "C", **env})


def _words(out: str) -> str:
    """The output with every run of white space as one space (Rich wraps long lines)."""
    return " ".join(out.split())


def _finished(result: Any) -> str:
    assert result.exit_code == 0, result.output
    return _words(result.stdout)


def test_play_all_bots_to_the_end() -> None:
    args = ["monolyth", "-p", "3", "--humans", "0", "--bots", "greedy,random", "--seed", "4"]
    result = _play(args)
    out = _finished(result)
    assert "Monolyth: 3 players, seed 4" in out
    assert "Garnet (greedy bot) Sapphire (random bot) Amber (greedy bot)" in out
    assert "Sapphire takes the " in out  # the log, in words, naming who moved
    assert "You " not in out  # nobody at the keyboard: nobody is addressed
    assert "Game over" in out and "Final ranking" in out
    assert "How the score was made" in out
    assert _play(args).stdout == result.stdout  # the seed fixes the whole game


def test_commands_set_up_a_table_each_game_can_seat_when_not_told() -> None:
    """Without ``--players``: two seats, or a game's fewest (The Monolith takes 3-4)."""
    out = _finished(_play(["the-monolith", "--humans", "0", "--seed", "2"]))
    assert "The Monolith: 3 players, seed 2" in out
    assert "Game over" in out
    assert _json(["simulate", "the-monolith", "-n", "1", "--json"])["bots"] == ["random"] * 3
    assert len(_json(["simulate", "monolyth", "-n", "1", "--json"])["bots"]) == 2


def test_play_solo_shows_the_rating() -> None:
    out = _finished(_play(["monolyth", "-p", "1", "--humans", "0", "--seed", "2"]))
    game = get_game("monolyth")
    console = Console(file=StringIO(), width=120)
    state = play_match(game=game, players=1, humans=0, bots=["greedy"], seed=2, console=console)
    rating = game.solo_rating(state)  # type: ignore[attr-defined]
    score = game.scores(state)[0]
    assert f"scored {score:g} point{'' if score == 1 else 's'}: {rating}" in out


def test_a_human_plays_from_scripted_input_and_abandoning_fails() -> None:
    # solo, human: take the north prophecy of 12, then input ends
    result = _play(["monolyth", "-p", "1", "--seed", "5"], "p\nnorth\n12\n")
    assert result.exit_code == 1, result.output
    assert "You take the prophecy 12 for your north side" in result.stdout
    assert "Game abandoned after 1 move." in result.stderr
    assert "monolith play monolyth --players 1 --seed 5" in result.stderr
    assert "Traceback" not in result.output


def test_quitting_abandons_the_game_with_a_non_zero_exit() -> None:
    result = _play(["monolyth", "-p", "2", "--humans", "2", "--seed", "1"], "\nq\n")
    assert result.exit_code == 1, result.output
    assert "Game abandoned after 0 moves." in result.stderr
    assert "Final ranking" not in result.stdout


def test_question_mark_shows_the_rules_and_every_symbol() -> None:
    out = _words(_play(["monolyth", "-p", "1", "--seed", "5"], "?\nq\n").stdout)
    assert "Rules of Monolyth" in out
    assert "Your turn: do one thing" in out  # the rules summary, its headings and items
    assert "Symbols on the screen" in out
    assert "B O K T W: a cube of blue, orange, black, teal, white" in out
    assert "▒▒ the placement you are about to confirm" in out
    assert "u takes back your own last decision" in out
    # the question is asked again after the help; h asks the coach (solo: hints are on)
    assert out.count("Choose (1, 2, 3, 4, s, p; q quit):") == 2
    assert "h asks the coach for the best decisions here" in out.split("Keys")[1]
    out = _words(_play(["the-monolith", "-p", "3", "--seed", "1"], "?\nq\n").stdout)
    assert "Rules of The Monolith" in out and "Order phase" in out
    assert "⌂A: A's stronghold" in out and "♥A A's boast" in out and "↯ holds the surge" in out
    assert "At this table" not in out and "click" not in out  # the browser's part is left out


def test_play_speaks_the_language_asked_for_or_that_of_lang() -> None:
    args = ["monolyth", "-p", "1", "--humans", "0", "--seed", "2"]
    russian = _play([*args, "--lang", "ru"])
    out = _finished(russian)
    assert "Monolyth: 1 игрок, зерно 2" in out
    assert "Конец игры" in out and "Итоговые места" in out and "Звание в одиночной игре" in out
    assert "Game over" not in out and "Final ranking" not in out
    assert _play(args, LANG="ru_RU.UTF-8").stdout == russian.stdout
    spanish = _finished(_play(args, LANG="es_ES.UTF-8"))
    assert "Fin de la partida" in spanish and "Clasificación final" in spanish
    assert "Game over" in _finished(_play(args, LANG="de_DE.UTF-8"))  # a language we lack


def test_russian_menus_help_and_goodbye() -> None:
    result = _play(["the-monolith", "-p", "3", "--seed", "1", "--lang", "ru"], "?\n")
    assert result.exit_code == 1
    out = _words(result.stdout)
    assert "Правила игры «Монолит»" in out and "Фаза приказов" in out
    assert "Значки на экране" in out and "⌂A: твердыня A" in out
    assert "За этим столом" not in out
    assert "Ваше решение: оставить одну из двух целей" in out
    assert "Выберите 1–2 (b назад, q выйти):" in out
    assert "Партия брошена после 2 ходов." in result.stderr


def test_every_terminal_message_is_in_every_language() -> None:
    src = Path(__file__).parents[2] / "src" / "monolith"
    for folder in (
        src / "core" / "messages",
        src / "games" / "monolyth" / "messages",
        src / "games" / "the_monolith" / "messages",
    ):
        ids = {
            lang: message_ids((folder / lang / "terminal.ftl").read_text(encoding="utf-8"))
            for lang in LANGUAGES
        }
        assert ids["en"], folder
        assert ids["es"] == ids["en"] == ids["ru"], folder


def test_a_game_in_russian_uses_no_english_fallback_of_the_terminal() -> None:
    for name in ("monolyth", "the-monolith"):
        game = get_game(name)
        words = localizer(game, "ru")
        console = Console(file=StringIO(), width=120)
        play_match(
            game=game, players=3, humans=0, bots=["random"], seed=1, console=console, lang="ru"
        )
        ours = {i for i in words.missing if i.startswith(("term-", "mono-term-", "tm-term-"))}
        assert not ours, ours


def test_generic_menu_numbers_every_action() -> None:
    game = get_game("monolyth")
    state = game.new_game(players=2, seed=1)
    actions = list(game.legal_actions(state))
    answers = iter(["0", "x", "3"])
    console = Console(file=StringIO(), width=200, record=True)
    chosen = menu_choose(console, game, state, read=lambda prompt: next(answers))
    assert chosen == actions[2]
    text = console.export_text()
    assert f"{len(actions)}. {describe(game, state, actions[-1])}" in text
    assert text.count(f"Type a number from 1 to {len(actions)}.") == 2


def _record(path: Path) -> MatchRecord:
    return msgspec.json.decode(path.read_bytes(), type=MatchRecord)


def test_undo_takes_back_your_own_last_decision_only(tmp_path: Path) -> None:
    saved = tmp_path / "game.json"
    args = ["the-monolith", "-p", "3", "--seed", "1", "--save", str(saved)]
    # u before any decision; keep an objective; u after the bots bid; march, u, quit
    result = _play(args, "u\n1\nu\n1\n1\nu\nq\n")
    assert result.exit_code == 1, result.output
    out = _words(result.stdout)
    assert "There is no decision of yours to take back." in out
    assert "Amber has decided since: your last decision stands." in out
    assert "You march 1 warrior from Eastmarch." in out
    assert "You take back: March 1 warrior from Eastmarch" in out
    after = out.split("You take back")[1]
    assert "Your decision: give an order" in after  # the order is to give again
    record = _record(saved)
    assert [a["kind"] for a in record.actions] == ["keep_objective"] * 3 + ["bid", "bid"]
    game = get_game("the-monolith")
    state = replay(game, record)
    assert game.current_player(state) == 0 and record.final_hash == state_hash(game, state)


def test_undo_is_refused_when_the_decision_drew_something() -> None:
    # solo Monolyth: after any move the rival takes a piece and the box refills at random
    result = _play(["monolyth", "-p", "1", "--seed", "5"], "p\nnorth\n12\nu\nq\n")
    out = _words(result.stdout)
    assert "You take the prophecy 12 for your north side" in out
    assert "Your last decision drew or revealed something: it cannot be taken back." in out
    assert "You take back" not in out


def test_save_and_resume_play_the_same_game(tmp_path: Path) -> None:
    answers = "1\n" * 2000  # the first choice of every menu, to the end of the game
    whole, broken = tmp_path / "whole.json", tmp_path / "broken.json"
    common = ["the-monolith", "-p", "3", "--bots", "greedy,random"]
    out = _finished(_play([*common, "--seed", "9", "--save", str(whole)], answers))
    # the same game, abandoned after 20 answers, then resumed with the rest of them
    first = _play([*common, "--seed", "9", "--save", str(broken)], "1\n" * 20)
    assert first.exit_code == 1, first.output
    assert f"--resume {broken}" in _words(first.stderr)
    halfway = _record(broken)
    assert 0 < len(halfway.actions) < len(_record(whole).actions)
    resumed = _play(["the-monolith", "--bots", "greedy,random", "--resume", str(broken)], answers)
    again = _finished(resumed)
    assert f"Resumed from {broken} after {len(halfway.actions)} moves." in again
    assert _record(broken) == _record(whole)  # every move, and the final position's hash
    ranking = out[out.index("Final ranking") :]
    assert again[again.index("Final ranking") :] == ranking


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (None, "cannot read"),
        (b"not json", "is not a saved game"),
        (b'{"game": 5}', "is not a saved game"),
        (b'{"game": "monolyth", "players": 2, "seed": 1}', "holds a game of monolyth"),
        (b'{"game": "the-monolith", "players": 3, "seed": 1, "final_hash": "00"}', "replay"),
        (
            b'{"game": "the-monolith", "players": 3, "seed": 1, "actions": [{"kind": "x"}]}',
            "does not replay",
        ),
    ],
)
def test_resume_refuses_a_file_that_does_not_replay(
    tmp_path: Path, content: bytes | None, message: str
) -> None:
    saved = tmp_path / "saved.json"
    if content is not None:
        saved.write_bytes(content)
    result = _play(["the-monolith", "--resume", str(saved)])
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("error: ") and message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert result.stdout == ""
    assert content is None or saved.read_bytes() == content  # nothing changed


def test_resume_refuses_a_finished_game_or_another_table(tmp_path: Path) -> None:
    saved = tmp_path / "over.json"
    _finished(_play(["monolyth", "-p", "2", "--humans", "0", "--seed", "3", "--save", str(saved)]))
    result = _play(["monolyth", "--resume", str(saved)])
    assert result.exit_code == 2 and "is already over" in result.stderr
    record = _record(saved)
    saved.write_bytes(
        msgspec.json.encode(msgspec.structs.replace(record, actions=[], final_hash=None))
    )
    for extra, message in ((["-p", "3"], "not 3"), (["--seed", "4"], "its own seed")):
        result = _play(["monolyth", "--resume", str(saved), *extra])
        assert result.exit_code == 2 and message in result.stderr, result.output


def test_resume_seats_the_table_the_game_was_saved_with(tmp_path: Path) -> None:
    saved = tmp_path / "hot.json"
    table = ["-p", "3", "--humans", "2", "--names", "Ada,Ben", "--bots", "random", "--lang", "ru"]
    first = _play(["monolyth", *table, "--seed", "1", "--save", str(saved)], "\np\nnorth\n12\n\n")
    assert first.exit_code == 1, first.output  # Ada took a prophecy, then input ran out at Ben's
    resumed = _play(["monolyth", "--resume", str(saved)], "\nq\n")
    assert resumed.exit_code == 1, resumed.output
    out = _words(resumed.stdout)
    assert "Monolyth: 3 игрока, зерно 1 Ada Ben Янтарь (случайный бот)" in out
    assert "Ben, нажмите Enter, когда будете готовы" in out  # Ben's turn, at the hot seat
    assert "Продолжить: monolith play monolyth --resume" in _words(resumed.stderr)
    record = msgspec.json.decode(saved.read_bytes())
    assert record["humans"] == [0, 1] and len(record["actions"]) == 1  # no bot played for Ben
    assert record["table"] == {"names": ["Ada", "Ben"], "bots": {"2": "random"}, "lang": "ru"}
    # what is asked for again wins over what was saved, and is saved in its turn
    english = _play(["monolyth", "--resume", str(saved), "--lang", "en", "--names", "Ann"], "\nq\n")
    out = _words(english.stdout)
    assert "Monolyth: 3 players, seed 1 Ann Ben Amber (random bot)" in out
    assert "Pass the keyboard to Ben." in out
    assert msgspec.json.decode(saved.read_bytes())["table"]["names"] == ["Ann", "Ben"]


@pytest.mark.parametrize(
    ("args", "command"),
    [
        (["--lang", "ru"], "monolith play monolyth --players 1 --seed 5 --lang ru"),
        (
            ["--humans", "1", "--names", "Ada Lovelace", "--bots", "random", "--lang", "es"],
            "monolith play monolyth --players 1 --seed 5 --names 'Ada Lovelace' --lang es",
        ),
    ],
)
def test_quitting_without_a_save_suggests_the_same_game_in_the_same_words(
    args: list[str], command: str
) -> None:
    result = _play(["monolyth", "-p", "1", "--seed", "5", *args], "q\n")
    assert result.exit_code == 1, result.output
    assert command in _words(result.stderr)
    again = _play(shlex.split(command)[2:], "q\n")  # the command, as a shell splits it
    assert again.exit_code == 1 and again.stdout.splitlines()[0] == result.stdout.splitlines()[0]


def test_quitting_a_hot_seat_suggests_its_humans_names_bots_and_hints() -> None:
    args = ["-p", "3", "--humans", "2", "--names", "Ada,Ben", "--bots", "random,greedy"]
    result = _play(["the-monolith", *args, "--seed", "2", "--hints"], "\nq\n")
    assert result.exit_code == 1, result.output
    assert (
        "monolith play the-monolith --players 3 --seed 2 --humans 2 --names Ada,Ben "
        "--bots random --hints --lang en"
    ) in _words(result.stderr)


def test_hot_seat_names_the_players_and_passes_the_keyboard() -> None:
    args = ["monolyth", "-p", "3", "--humans", "2", "--names", "Ada,Ben", "--seed", "1"]
    result = _play(args, "\np\nnorth\n12\n\n")
    assert result.exit_code == 1, result.output
    out = _words(result.stdout)
    assert "Ada Ben Amber (greedy bot)" in out
    ada, ben = out.split("Pass the keyboard to Ada.")[1].split("Pass the keyboard to Ben.")
    assert "Ada, your move:" in ada and "You take the prophecy 12" not in ada
    assert "Ada takes the prophecy 12 for the north side" in ben  # Ben reads Ada by name
    assert "Ben, your move:" in ben


def test_a_save_file_that_cannot_be_written_is_refused_before_the_game(tmp_path: Path) -> None:
    missing = tmp_path / "no such folder" / "game.json"
    result = _play(["monolyth", "--seed", "1", "--save", str(missing)])
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: cannot save the game to {missing}")
    assert result.stdout == ""


def test_help_lists_each_command_in_flowing_lines() -> None:
    """A docstring's line breaks must not show in ``--help``: on a wide terminal each command's
    summary sits on the one line of the command list."""
    result = runner.invoke(app, ["--help"], env={"COLUMNS": "400"}, terminal_width=400)
    assert result.exit_code == 0, result.output
    listed = {line.split()[1]: line for line in result.output.splitlines() if line[:2] == "│ "}
    for command in app.registered_commands:
        assert command.callback is not None and command.callback.__doc__
        name = command.name or command.callback.__name__.replace("_", "-")
        summary = " ".join(command.callback.__doc__.split("\n\n")[0].split())
        assert summary in listed[name], f"{name}: {listed[name]!r}"
