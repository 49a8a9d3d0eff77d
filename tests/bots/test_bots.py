"""Bots: the registry, the random bot's reproducibility, and greedy's one-ply strength."""

from __future__ import annotations

import statistics
from typing import Any, cast

import msgspec
import pytest

from monolith.bots import GreedyBot, RandomBot, UnknownBot, bot_names, decide, make_bot
from monolith.bots.greedy import evaluator_for, score_lead
from monolith.core import AnyGame, GameInfo
from monolith.games import get_game
from monolith.games.monolyth import Monolyth, MonolythState, TakeProphecy, heuristic
from monolith.games.monolyth.geometry import LEVEL_MASK, cell_index

GAME: Monolyth = get_game("monolyth")  # type: ignore[assignment]


def _play(game: AnyGame, bots: list[Any], seed: int, players: int = 2) -> Any:
    state = game.new_game(players=players, seed=seed)
    while not game.is_terminal(state):
        seat = game.current_player(state)
        assert seat is not None
        state = game.apply(state, decide(bots[seat], game, state))
    return state


def _with_cubes(state: MonolythState, seat: int, colour: int, mask: int) -> MonolythState:
    board = state.boards[seat]
    cubes = list(board.cubes)
    cubes[colour] |= mask
    board = msgspec.structs.replace(board, cubes=tuple(cubes))
    boards = (*state.boards[:seat], board, *state.boards[seat + 1 :])
    return msgspec.structs.replace(state, boards=boards)


def test_registry_builds_each_named_bot() -> None:
    assert bot_names() == ["random", "greedy", "ismcts-easy", "ismcts", "ismcts-hard"]
    assert isinstance(make_bot("random", 1), RandomBot)
    assert make_bot("ismcts-hard", 1).name == "ismcts-hard"
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    assert make_bot("greedy", 1).name == "greedy"


def test_unknown_bot_names_the_known_ones() -> None:
    with pytest.raises(
        UnknownBot, match="unknown bot 'minimax'; known bots: random, greedy, ismcts-easy"
    ):
        make_bot("minimax", 0)


def test_random_bot_is_legal_and_reproducible_from_its_seed() -> None:
    state = GAME.new_game(players=2, seed=4)
    legal = list(GAME.legal_actions(state))
    choices = [decide(make_bot("random", 9), GAME, state) for _ in range(5)]
    assert all(choice in legal for choice in choices)
    assert len(set(map(repr, choices))) == 1  # same seed, same first choice
    bot = make_bot("random", 9)
    assert len({repr(decide(bot, GAME, state)) for _ in range(20)}) > 1  # but it varies


def test_random_games_replay_from_bot_seeds() -> None:
    first = _play(GAME, [make_bot("random", 1), make_bot("random", 2)], seed=5)
    again = _play(GAME, [make_bot("random", 1), make_bot("random", 2)], seed=5)
    assert GAME.state_to_json(first) == GAME.state_to_json(again)


def test_greedy_picks_the_action_its_evaluation_prefers() -> None:
    state = GAME.new_game(players=2, seed=3)
    seat = GAME.current_player(state)
    assert seat is not None

    def north_prophecy(game: AnyGame, after: Any, who: int) -> float:
        assert who == seat
        return float(after.boards[who].prophecies[0])

    assert decide(GreedyBot(0, north_prophecy), GAME, state) == TakeProphecy(0, 12)


def test_greedy_breaks_ties_with_its_own_seeded_source() -> None:
    state = GAME.new_game(players=2, seed=3)

    def flat(game: AnyGame, after: Any, who: int) -> float:
        return 0.0

    picks = {repr(decide(GreedyBot(seed, flat), GAME, state)) for seed in range(10)}
    assert len(picks) > 1
    assert decide(GreedyBot(7, flat), GAME, state) == decide(GreedyBot(7, flat), GAME, state)


def test_greedy_uses_the_heuristic_companion_or_falls_back_to_scores() -> None:
    assert evaluator_for(GAME) is cast(object, heuristic.evaluate)

    class Unknown:
        info = GameInfo("no-such-game", "None", 1, 2, False, False, 1)

    assert evaluator_for(Unknown()) is score_lead  # type: ignore[arg-type]
    state = GAME.new_game(players=2, seed=1)
    assert score_lead(GAME, state, 0) == 0.0


def test_heuristic_credits_progress_towards_a_level() -> None:
    state = GAME.new_game(players=2, seed=2)
    colour = state.boards[0].edges[0]
    half = _with_cubes(state, 0, colour, 0x00FF)
    nearly = _with_cubes(state, 0, colour, 0x7FFF)
    assert heuristic.evaluate(GAME, nearly, 0) > heuristic.evaluate(GAME, half, 0)
    assert heuristic.evaluate(GAME, half, 0) > heuristic.evaluate(GAME, state, 0)
    # the other seat's position is untouched by seat 0's building
    assert heuristic.evaluate(GAME, nearly, 1) == heuristic.evaluate(GAME, state, 1)


def _prophecy_gain(state: MonolythState, value: int) -> float:
    """How much seat 0's evaluation changes when its north side holds a prophecy of ``value``."""
    board = state.boards[0]
    prophesied = msgspec.structs.replace(board, prophecies=(value, 0, 0, 0))
    after = msgspec.structs.replace(state, boards=(prophesied, *state.boards[1:]))
    return heuristic.evaluate(GAME, after, 0) - heuristic.evaluate(GAME, state, 0)


def test_heuristic_credits_a_prophecy_only_while_it_can_be_reached() -> None:
    state = GAME.new_game(players=2, seed=2)
    north = state.boards[0].edges[0]
    other = (north + 1) % len(state.boards[0].cubes)
    # four cubes of the north colour in the north wall, on level 1: half way to a prophecy of 8
    hopeful = _with_cubes(state, 0, north, sum(1 << cell_index(x, 0, 0) for x in range(4)))
    open_side = heuristic.OPEN_SIDE * 4
    assert _prophecy_gain(hopeful, 8) == pytest.approx(
        heuristic.PROPHECY * 8 * (4 / 8) ** 2 - open_side
    )
    # the rest of the north wall filled with another colour: 8 can no longer be reached
    wall = sum(1 << cell_index(x, 0, z) for x in range(4) for z in range(1, 4))
    hopeless = _with_cubes(hopeful, 0, other, wall)
    assert _prophecy_gain(hopeless, 8) == pytest.approx(-open_side)
    # and a prophecy already fulfilled counts in full, as points
    assert _prophecy_gain(hopeless, 4) == pytest.approx(4 - open_side)


def test_walled_in_finds_cells_without_a_free_neighbour() -> None:
    lone = 1 << cell_index(1, 1, 0)
    pair = lone | 1 << cell_index(2, 1, 0)
    assert heuristic.walled_in(lone) == lone
    assert heuristic.walled_in(pair) == 0
    corner = 1 << cell_index(3, 3, 2)
    across_levels = corner | 1 << cell_index(3, 3, 3)  # free above is not a neighbour on the level
    assert heuristic.walled_in(across_levels) == across_levels
    assert heuristic.walled_in(LEVEL_MASK) == 0


def test_heuristic_of_a_finished_game_is_its_score_plus_a_win_bonus() -> None:
    state = _play(GAME, [make_bot("random", 1), make_bot("random", 2)], seed=8)
    winner = GAME.ranking(state)[0]
    assert heuristic.evaluate(GAME, state, winner) == GAME.score(state, winner) + heuristic.WIN
    loser = GAME.ranking(state)[-1]
    assert heuristic.evaluate(GAME, state, loser) == GAME.score(state, loser)


def test_greedy_beats_random_in_most_two_player_games() -> None:
    wins = 0
    margins = []
    for seed in range(20):
        greedy_seat = seed % 2
        bots: list[Any] = [None, None]
        bots[greedy_seat] = make_bot("greedy", seed)
        bots[1 - greedy_seat] = make_bot("random", seed)
        state = _play(GAME, bots, seed=seed)
        wins += GAME.ranking(state)[0] == greedy_seat
        margins.append(GAME.score(state, greedy_seat) - GAME.score(state, 1 - greedy_seat))
    assert wins >= 17, f"greedy won only {wins} of 20"
    assert statistics.median(margins) > 10


def test_greedy_looks_one_ply_ahead_once_per_action() -> None:
    """Greedy's cost is one evaluation per legal action (its speed is measured by `monolith
    bench`, not here): it never searches deeper, and it takes a best-valued action."""
    calls: list[float] = []

    def counting(game: AnyGame, state: Any, seat: int) -> float:
        value = heuristic.evaluate(GAME, state, seat)
        calls.append(value)
        return value

    bot = GreedyBot(0, evaluate=counting)
    opponent = make_bot("random", 0)
    state = GAME.new_game(players=2, seed=11)
    decisions = 0
    while not GAME.is_terminal(state):
        if GAME.current_player(state) == 0:
            legal = list(GAME.legal_actions(state))
            calls.clear()
            action = decide(bot, GAME, state)
            if len(legal) > 1:
                decisions += 1
                assert len(calls) == len(legal)
                after = heuristic.evaluate(GAME, GAME.apply(state, action), 0)
                assert after == pytest.approx(max(calls))
        else:
            action = decide(opponent, GAME, state)
        state = GAME.apply(state, action)
    assert decisions > 10


def test_greedy_plays_every_registered_game() -> None:
    from monolith.games import registry

    for name, game in registry().items():
        players = max(game.info.min_players, 2)
        state = _play(
            game,
            [make_bot("greedy", seat) for seat in range(players)],
            seed=1,
            players=players,
        )
        assert game.is_terminal(state), name
