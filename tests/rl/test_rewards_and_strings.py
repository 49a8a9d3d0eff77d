"""Rewards at the end, and information-state strings: equal exactly when the seat cannot tell
two states apart."""

from __future__ import annotations

import random

import pytest

from monolith.games import get_game
from monolith.rl import information_state_string, ranking_rewards, score_rewards


def finished(name: str, players: int, seed: int) -> object:
    game = get_game(name)
    chooser = random.Random(seed)
    state = game.new_game(players=players, seed=seed)
    while not game.is_terminal(state):
        state = game.apply(state, chooser.choice(list(game.legal_actions(state))))
    return state


@pytest.mark.parametrize(
    ("name", "players"), [("monolyth", 2), ("monolyth", 4), ("the-monolith", 3)]
)
def test_rewards_come_at_the_end_and_add_up_to_zero(name: str, players: int) -> None:
    game = get_game(name)
    start = game.new_game(players=players, seed=1)
    assert ranking_rewards(game, start) == (0.0,) * players
    assert score_rewards(game, start) == (0.0,) * players
    final = finished(name, players, 1)
    ranking = ranking_rewards(game, final)
    order = game.ranking(final)
    assert ranking[order[0]] == 1.0 and ranking[order[-1]] == -1.0
    assert sum(ranking) == pytest.approx(0.0)
    assert [ranking[seat] for seat in order] == sorted(ranking, reverse=True)
    scores = game.scores(final)
    score = score_rewards(game, final)
    assert sum(score) == pytest.approx(0.0)
    best = max(range(players), key=lambda seat: scores[seat])
    assert score[best] == pytest.approx(scores[best] - (sum(scores) - scores[best]) / (players - 1))


def test_a_solo_game_is_rewarded_by_its_score() -> None:
    game = get_game("monolyth")
    final = finished("monolyth", 1, 3)
    assert ranking_rewards(game, final) == (0.0,)
    assert score_rewards(game, final) == (game.scores(final)[0],)


def test_information_state_strings_follow_what_the_seat_knows() -> None:
    game = get_game("the-monolith")
    chooser = random.Random(2)
    state = game.new_game(players=3, seed=2)
    for _ in range(80):
        state = game.apply(state, chooser.choice(list(game.legal_actions(state))))
    for seat in range(3):
        mine = information_state_string(game, state, seat)
        assert mine == information_state_string(game, game.view(state, seat), seat)
        world = game.determinize(game.view(state, seat), 99)
        assert information_state_string(game, world, seat) == mine
    strings = {information_state_string(game, state, seat) for seat in range(3)}
    assert len(strings) == 3  # each seat sees its own objectives
