"""The proof that a game is one folder: Kindling lives in ``games/kindling/`` alone, and every
interface plays it end to end (the terminal, the bots and the arena, the web table through its
API, PettingZoo and OpenSpiel) with no line about it anywhere else in the code."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from monolith.bots import decide, make_bot
from monolith.cli.main import app
from monolith.core import companions, legal_action_ids
from monolith.core.errors import ContentError, GameError, IllegalAction, MalformedAction
from monolith.core.i18n import LANGUAGES, localizer
from monolith.games import get_game, registry
from monolith.games.kindling import GAME, Action, State
from monolith.games.kindling.content import CONTENT_FILE, load_content
from tests.needs import missing

SOURCE = Path(__file__).resolve().parents[3] / "src" / "monolith"
FOLDER = SOURCE / "games" / "kindling"


def test_nothing_outside_the_games_folder_names_it() -> None:
    """Every file of the product (code, pages, messages, content) outside ``games/kindling/``
    is blind to the game: the registry, the bots, the CLI, the server and ``rl`` find it through
    the game object alone."""
    assert FOLDER.is_dir() and (FOLDER / "__init__.py").is_file()
    naming = []
    for path in SOURCE.rglob("*"):
        if not path.is_file() or FOLDER in path.parents or path.suffix in {".pyc", ".png"}:
            continue
        text = path.read_text(encoding="utf-8", errors="ignore").lower()
        if "kindling" in text:
            naming.append(str(path.relative_to(SOURCE)))
    assert naming == [], f"files outside the game's folder naming it: {naming}"


def test_the_registry_finds_it_with_its_companions() -> None:
    assert registry()["kindling"] is GAME is get_game("kindling")
    assert list(registry())[-1] == "kindling"  # listed last: the lobby still opens on the first
    found = companions(GAME)
    assert found.heuristic is not None and found.encoder is not None
    assert found.terminal is None  # the terminal draws it with the generic renderer
    assert GAME.info.max_score is not None and GAME.info.max_length == len(GAME.content.deck())


def random_play(players: int, seed: int) -> Iterator[tuple[State, Action, State]]:
    state = GAME.new_game(players=players, seed=seed)
    bot = make_bot("random", seed)
    while not GAME.is_terminal(state):
        action = decide(bot, GAME, state)
        after = GAME.apply(state, action)
        yield state, action, after
        state = after


def test_the_encoder_sees_the_view_only_and_masks_the_legal_actions() -> None:
    encoder = companions(GAME).encoder
    assert encoder is not None
    made = encoder()
    for before, _, _ in random_play(3, seed=7):
        seat = before.current
        assert seat is not None
        tensor = made.observation_tensor(before, seat)
        assert tensor.shape == made.shape and tensor.min() >= 0 and tensor.max() <= 1
        view = GAME.view(before, seat)
        assert (made.observation_tensor(view, seat) == tensor).all()
        sample = GAME.determinize(view, seed=before.moves)
        assert (made.observation_tensor(sample, seat) == tensor).all()  # nothing hidden leaks
        legal = sorted(legal_action_ids(GAME, before))
        assert made.action_mask(before).nonzero()[0].tolist() == legal
        assert made.action_mask(view).nonzero()[0].tolist() == legal
        other = GAME.view(before, (seat + 1) % 3)
        assert not made.action_mask(other).any()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_views_hide_the_hands_and_determinize_keeps_what_they_show(players: int) -> None:
    moves = 0
    for before, action, after in random_play(players, seed=players):
        seat = before.current
        assert seat is not None
        view = GAME.view(before, seat)
        assert view["hand"] == [GAME.content.code(c) for c in before.hands[seat]]
        assert GAME.view(before, None)["hand"] is None
        for other in range(players):
            assert "hands" not in GAME.view(before, other)
        sample = GAME.determinize(view, seed=moves)
        assert GAME.view(sample, seat) == view
        assert GAME.state_from_json(GAME.state_to_json(before)) == before
        assert GAME.action_from_id(GAME.action_to_id(action)) == action
        assert GAME.action_from_json(GAME.action_to_json(action)) == action
        lines = GAME.narrate(before, action, after)
        for lang in LANGUAGES:
            words = localizer(GAME, lang)
            for line in lines:
                for reader in (None, *range(players)):
                    message = line.for_reader(reader)
                    if message is not None:
                        assert words.format(message, reader=reader, names=["A", "B", "C", "D"])
            assert words.format(GAME.label(before, action), reader=seat, names="ABCD")
            assert not words.missing, (lang, words.missing)
        moves += 1
    assert moves == GAME.info.max_length
    scores = GAME.scores(after)
    assert sorted(GAME.ranking(after)) == list(range(players))
    assert scores[GAME.ranking(after)[0]] == max(scores)


def test_bad_moves_and_states_are_refused_naming_what_is_wrong() -> None:
    state = GAME.new_game(players=2, seed=1)
    missing = next(c for c in range(GAME.content.cards) if c not in state.hands[0])
    with pytest.raises(IllegalAction, match="not in your hand"):
        GAME.apply(state, Action("discard", missing))
    with pytest.raises(MalformedAction, match="no card 'elm-2'"):
        GAME.action_from_json({"type": "play", "card": "elm-2"})
    with pytest.raises(MalformedAction, match="no action has the id"):
        GAME.action_from_id(GAME.info.num_actions)
    broken = GAME.state_to_json(state)
    broken["ashes"] = ["oak-1"]
    with pytest.raises(GameError, match="not those of one deck"):
        GAME.state_from_json(broken)
    with pytest.raises(GameError, match="takes 2-4 players, not 5"):
        GAME.new_game(players=5, seed=1)


def test_the_content_file_is_checked_on_load(tmp_path: Path) -> None:
    good = CONTENT_FILE.read_text()
    assert load_content(CONTENT_FILE).woods == ("oak", "pine", "birch", "ash")
    cases = [
        (good.replace('key = "pine"', 'key = "oak"'), "'oak' is listed twice"),
        (good.replace("hand = 3", "hand = 9"), "must be 1-5 cards, not 9"),
        (good.replace("copies = [2, 2, 2, 1, 1]", "copies = [1]"), "cannot deal 3 to 4 players"),
        (good.replace("hand = 3", 'hand = "three"'), "Expected `int`"),
    ]
    for text, problem in cases:
        path = tmp_path / "cards.toml"
        path.write_text(text)
        with pytest.raises(ContentError, match=problem):
            load_content(path)


def test_monolith_play_plays_it_in_the_terminal_in_every_language() -> None:
    runner = CliRunner()
    args = ["play", "kindling", "-p", "3", "--humans", "0", "--bots", "greedy,random,ismcts"]
    result = runner.invoke(app, [*args, "--seed", "2"], env={"LANG": "C"})
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "Kindling: 3 players, seed 2" in out and "Game over" in out
    assert "draws a card" in out and "Final ranking" in out
    for lang, words in (("es", "roba una carta"), ("ru", "берёт карту")):
        result = runner.invoke(app, [*args, "--seed", "2", "--lang", lang], env={"LANG": "C"})
        assert result.exit_code == 0, result.output
        assert words in " ".join(result.stdout.split())


def test_a_human_reads_the_rules_and_chooses_from_the_generic_menu() -> None:
    result = CliRunner().invoke(
        app, ["play", "kindling", "--seed", "1"], input="?\n1\nq\n", env={"LANG": "C"}
    )
    out = " ".join(result.stdout.split())
    assert "Your turn: use one card of your hand" in out
    assert "You add " in out or "You throw " in out
    assert "Game abandoned after" in result.stderr


def test_the_bots_and_the_arena_play_it() -> None:
    for name in ("random", "greedy", "ismcts"):
        state = GAME.new_game(players=2, seed=3)
        bot = make_bot(name, 3)
        action = decide(bot, GAME, state)
        assert GAME.action_to_id(action) in legal_action_ids(GAME, state)
    args = ["arena", "kindling", "--bots", "greedy,random", "-n", "12", "--workers", "1"]
    result = CliRunner().invoke(app, [*args, "--json"], env={"LANG": "C"})
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["game"] == "kindling" and summary["games"] == 12
    assert summary["bots"]["greedy"]["wins"] >= 8  # the heuristic companion beats chance


def test_the_web_table_plays_it_through_the_api_to_the_end(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from monolith.server.app import create_app
    from monolith.server.settings import Settings
    from tests.server.conftest import Table

    settings = Settings(database_url=f"sqlite:///{tmp_path / 'table.sqlite3'}", rate_limits=False)
    with TestClient(create_app(settings)) as client:
        games = {game["name"] for game in client.get("/api/games").json()}
        assert "kindling" in games
        table = Table(client)
        match_id = table.create(game="kindling", seats=("human", "bot"))
        token = table.join(match_id, 0)
        moves = 0
        while (state := table.my_turn_or_over(match_id, token, 0))["status"] != "finished":
            assert state["view"]["hand"]
            table.play_first_legal(match_id, token, state)
            moves += 1
        assert moves > 5
        assert sorted(state["result"]["ranking"]) == [0, 1]
        spectator = table.state(match_id)["view"]
        assert spectator["hand"] is None


def _need(*modules: str) -> None:
    import importlib

    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError:
            missing(f"{module} (the [rl] extra) is not installed")


def test_pettingzoo_plays_it() -> None:
    _need("pettingzoo")
    from pettingzoo.test import api_test

    from monolith.rl.aec import MonolithEnv

    env = MonolithEnv("kindling", players=3)
    api_test(env, num_cycles=200)
    env.reset(seed=4)
    for _ in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(observation["action_mask"].nonzero()[0][0]))
    assert sum(env.rewards.values()) == pytest.approx(0.0)


def test_openspiel_plays_it() -> None:
    _need("pyspiel")
    import numpy as np
    import pyspiel

    import monolith.rl.spiel  # noqa: F401 - registers the games

    game = pyspiel.load_game("python_kindling", {"players": 3, "reward": "score"})
    assert game.max_game_length() == GAME.info.max_length
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    rng = np.random.default_rng(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(int(rng.integers(len(state.chance_outcomes()))))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    assert sum(state.returns()) == pytest.approx(0.0)
    assert abs(max(state.returns())) <= game.max_utility()
