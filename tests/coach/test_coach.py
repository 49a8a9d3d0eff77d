"""The coach: it judges from the seat's view alone, reproducibly, and what it calls a blunder
does lose games."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest

from monolith.bots import decide, make_bot
from monolith.bots.arena import derive_seed
from monolith.bots.coach import (
    REVIEW,
    CoachBudget,
    Evaluation,
    Rechecked,
    calibrated,
    calibration,
    evaluate_state,
    recheck,
)
from monolith.bots.greedy import GreedyBot
from monolith.bots.review import (
    THRESHOLDS,
    DecisionTask,
    judge,
    mark,
    rechecked,
    shown_to_all,
    summarize,
    tasks_for,
)
from monolith.core import AnyGame
from monolith.games import get_game
from tests.bots.test_bot_views import _monolyth_hidden_changed, _the_monolith_hidden_changed

SMALL = CoachBudget(iterations=60, runs=3)
"""Enough to exercise every part; the judgement's quality is tested with :data:`REVIEW`."""


def played(game: AnyGame, players: int, seed: int, moves: int, bot: str = "random") -> Any:
    """The state after ``moves`` decisions by ``bot`` in every seat."""
    state = game.new_game(players=players, seed=seed)
    for turn in range(moves):
        state = game.apply(state, decide(make_bot(bot, derive_seed(seed, turn)), game, state))
    return state


def as_data(found: Evaluation) -> Any:
    """Everything an evaluation says, as plain values to compare."""
    return msgspec.to_builtins(
        [(found.seat, found.legal, found.iterations)]
        + [
            (d.action_id, d.win, d.spread, d.visits, d.runs, d.score, d.place)
            for d in found.decisions
        ]
    )


# No peeking -------------------------------------------------------------------------------------


@pytest.mark.parametrize("moves", [4, 30])
def test_monolyth_judgement_ignores_the_future_box_draws(moves: int) -> None:
    game = get_game("monolyth")
    state = played(game, 2, 5, moves)
    other = _monolyth_hidden_changed(state)
    seat = game.current_player(state)
    assert other != state and game.view(state, seat) == game.view(other, seat)
    first = evaluate_state(game, state, budget=SMALL, seed=3)
    assert as_data(first) == as_data(evaluate_state(game, other, budget=SMALL, seed=3))


@pytest.mark.parametrize("moves", [6, 60])
def test_the_monolith_judgement_ignores_other_objectives_and_deck_orders(moves: int) -> None:
    game = get_game("the-monolith")
    state = played(game, 4, 7, moves)
    seat = game.current_player(state)
    assert seat is not None
    other = _the_monolith_hidden_changed(state, seat)
    assert other.objs != state.objs and other.div_deck != state.div_deck
    assert game.view(state, seat) == game.view(other, seat)
    first = evaluate_state(game, state, budget=SMALL, seed=3)
    assert as_data(first) == as_data(evaluate_state(game, other, budget=SMALL, seed=3))


def test_a_review_task_carries_the_view_and_nothing_else() -> None:
    game = get_game("the-monolith")
    states = [played(game, 3, 2, n) for n in range(12)]
    actions = [decide(make_bot("random", n), game, state) for n, state in enumerate(states[:-1])]
    for task in tasks_for(game, states[:-1], actions, range(3), budget=SMALL):
        state = states[task.index]
        assert task.view == game.view(state, task.seat)
        assert set(msgspec.structs.asdict(task)) == {
            "game", "view", "seat", "index", "chosen", "iterations", "runs", "seed",
        }  # fmt: skip


# Reproducible, complete and honest about itself --------------------------------------------------


@pytest.mark.parametrize("name", ["monolyth", "the-monolith"])
def test_same_view_budget_and_seed_give_the_same_judgement(name: str) -> None:
    game = get_game(name)
    state = played(game, 3, 4, 9)
    once = evaluate_state(game, state, budget=SMALL, seed=8)
    assert as_data(once) == as_data(evaluate_state(game, state, budget=SMALL, seed=8))
    assert once.iterations == SMALL.iterations
    most = max(d.visits for d in once.decisions)
    trusted = [d for d in once.decisions if d.visits >= 0.5 * most]
    assert once.decisions[: len(trusted)] == tuple(sorted(trusted, key=lambda d: -d.win))
    rest = once.decisions[len(trusted) :]
    assert [d.visits for d in rest] == sorted((d.visits for d in rest), reverse=True)
    for judged in once.decisions:
        assert 0.0 <= judged.win <= 1.0
        assert judged.spread is None or judged.spread >= 0.0
        assert 1.0 <= judged.place <= 3.0


def test_a_decision_the_search_would_skip_is_still_judged() -> None:
    game = get_game("monolyth")
    state = played(game, 2, 1, 6)
    legal = [game.action_to_id(a) for a in game.legal_actions(state)]
    plain = evaluate_state(game, state, budget=SMALL, seed=1)
    ignored = next(i for i in reversed(legal) if plain.judged(i) is None)
    forced = evaluate_state(game, state, budget=SMALL, seed=1, include=[ignored], top=2)
    judged = forced.judged(ignored)
    assert judged is not None and judged.runs == SMALL.runs
    assert len(forced.decisions) == 3  # the two best and the one asked about


def test_a_single_legal_decision_still_has_a_value() -> None:
    game = get_game("the-monolith")
    state = game.new_game(players=3, seed=1)
    for turn in range(400):
        if len(list(game.legal_actions(state))) == 1:
            break
        state = game.apply(state, decide(make_bot("random", turn), game, state))
    found = evaluate_state(game, state, budget=SMALL, seed=1)
    assert found.forced and len(found.decisions) == 1
    assert 0.0 <= found.win <= 1.0 and found.best.visits > 0


def test_unsure_when_the_runs_disagree_more_than_the_gap() -> None:
    game = get_game("the-monolith")
    found = evaluate_state(game, played(game, 4, 3, 40), budget=SMALL, seed=2)
    assert len(found.decisions) >= 2
    best, second = found.decisions[0], found.decisions[1]
    spreads = [s for s in (best.spread, second.spread) if s is not None]
    expected = not spreads or best.win - second.win < 2 * sum(s * s for s in spreads) ** 0.5
    assert found.unsure() == expected


def test_marks_follow_the_documented_thresholds() -> None:
    assert mark(0.0) == "good"
    assert mark(THRESHOLDS["inaccuracy"] - 1e-9) == "good"
    assert mark(THRESHOLDS["inaccuracy"]) == "inaccuracy"
    assert mark(THRESHOLDS["mistake"]) == "mistake"
    assert mark(THRESHOLDS["blunder"]) == "blunder"
    assert mark(1.0) == "blunder"


def test_calibration_never_ranks_a_worse_value_higher() -> None:
    values = [0.01, 0.2, 0.45, 0.5, 0.55, 0.8, 0.99]
    for game, players in (*calibration(), ("unknown", 2)):
        for progress in (0.0, 0.3, 0.7, 1.0):
            chances = [calibrated(game, players, v, progress) for v in values]
            assert chances == sorted(chances), (game, players, progress)
            assert all(0.0 < c < 1.0 for c in chances)
    assert calibrated("unknown", 2, 0.37) == 0.37


# Reviews -----------------------------------------------------------------------------------------


def test_a_review_judges_the_seats_asked_for_and_skips_forced_and_bot_decisions() -> None:
    game = get_game("the-monolith")
    state = game.new_game(players=3, seed=5)
    states, actions = [], []
    for turn in range(50):
        states.append(state)
        actions.append(decide(make_bot("random", turn), game, state))
        state = game.apply(state, actions[-1])
    skipped = {i for i, s in enumerate(states) if game.current_player(s) == 0}
    by_bot = set(sorted(skipped)[:2])
    tasks = tasks_for(game, states, actions, [0, 2], budget=SMALL, skip=by_bot.__contains__)
    expected = [
        i
        for i, s in enumerate(states)
        if game.current_player(s) in (0, 2)
        and i not in by_bot
        and len(list(game.legal_actions(s))) > 1
    ]
    assert [t.index for t in tasks] == expected
    verdicts = [judge(t) for t in tasks[:6]]
    for task, verdict in zip(tasks, verdicts, strict=False):
        assert verdict.chosen.id == task.chosen
        assert verdict.loss == max(0.0, verdict.best.win - verdict.chosen.win)
        assert verdict.mark == mark(verdict.loss)
    (zero, two) = summarize(verdicts, [0, 2])
    assert zero.decisions + two.decisions == len(verdicts)
    assert [index for index, _ in zero.graph] == sorted(v.index for v in verdicts if v.seat == 0)


def test_a_recheck_searches_each_decision_with_the_whole_budget() -> None:
    """The first judgement spends its visits on the decisions it likes; a recheck gives the
    chosen one as much search as the best one, from the same seeds."""
    game = get_game("the-monolith")
    state = played(game, 3, 4, 30)
    seat = game.current_player(state)
    assert seat is not None
    first = evaluate_state(game, state, budget=SMALL, seed=5)
    assert len(first.decisions) >= 2
    worst = min(first.decisions, key=lambda d: d.visits)
    ids = (first.best.action_id, worst.action_id)
    found = recheck(game, game.view(state, seat), seat, ids, budget=SMALL, seed=5)
    assert set(found) == set(ids)
    for checked in found.values():
        assert checked.visits >= SMALL.iterations  # every iteration went through it
        assert 0.0 <= checked.win <= 1.0
    assert found[worst.action_id].visits > worst.visits
    again = recheck(game, game.view(state, seat), seat, ids, budget=SMALL, seed=5)
    assert again == found


def test_a_rechecked_verdict_takes_its_loss_and_mark_from_the_recheck() -> None:
    game = get_game("the-monolith")
    state = played(game, 3, 6, 20)
    seat = game.current_player(state)
    assert seat is not None
    chosen = next(game.action_to_id(a) for a in game.legal_actions(state))
    task = DecisionTask(
        game="the-monolith",
        view=game.view(state, seat),
        seat=seat,
        index=0,
        chosen=chosen,
        iterations=SMALL.iterations,
        runs=SMALL.runs,
        seed=1,
    )
    first = judge(task)
    best, other = first.best.id, first.chosen.id
    if best == other:
        other = next(o.id for o in first.alternatives if o.id != best)
        first = msgspec.structs.replace(first, chosen=first.alternatives[1])
    worse = rechecked(
        first,
        {best: Rechecked(best, 0.6, 0.01, 90, 0.7), other: Rechecked(other, 0.4, 0.01, 90, 0.5)},
    )
    assert (worse.best.id, worse.chosen.id) == (best, other)
    assert worse.loss == pytest.approx(0.2) and worse.mark == "blunder" and not worse.unsure
    assert worse.alternatives[0] == worse.best
    close = rechecked(
        first,
        {best: Rechecked(best, 0.5, 0.05, 90, 0.6), other: Rechecked(other, 0.45, 0.05, 90, 0.55)},
    )
    assert close.mark == "inaccuracy" and close.unsure
    better = rechecked(
        first,
        {best: Rechecked(best, 0.4, 0.01, 90, 0.5), other: Rechecked(other, 0.5, 0.01, 90, 0.6)},
    )
    assert better.best.id == other and better.loss == 0.0 and better.mark == "good"
    assert better.alternatives[0].id == other


def test_private_decisions_are_not_named_to_everyone() -> None:
    game = get_game("the-monolith")
    state = game.new_game(players=3, seed=2)
    assert game.action_to_json(next(game.legal_actions(state)))["kind"] == "keep_objective"
    assert not shown_to_all(game, state, next(game.legal_actions(state)))
    while game.action_to_json(next(game.legal_actions(state)))["kind"] == "keep_objective":
        state = game.apply(state, next(game.legal_actions(state)))
    assert shown_to_all(game, state, next(game.legal_actions(state)))
    monolyth = get_game("monolyth")
    opening = monolyth.new_game(players=2, seed=2)
    assert shown_to_all(monolyth, opening, next(monolyth.legal_actions(opening)))


# What a blunder costs ----------------------------------------------------------------------------

PLAYOUTS = 24
"""Paired playouts per branch: the same sampled hidden information and the same bots' seeds
after the chosen decision and after the coach's best one."""


def outcome_gap(game: AnyGame, state: Any, seat: int, chosen: Any, best: Any) -> float:
    """How much more often ``seat`` wins after ``best`` than after ``chosen``, every seat then
    played by greedy bots judging one ply at a time (quick, and the players these cases were
    chosen with), over states sampled from the seat's view (what it could know)."""
    view = game.view(state, seat)
    gap = 0
    for k in range(PLAYOUTS):
        sample = game.determinize(view, derive_seed(99, k))
        for sign, action in ((1, best), (-1, chosen)):
            after = game.apply(sample, action)
            turn = 0
            while not game.is_terminal(after):
                bot = GreedyBot(derive_seed(k, turn), follow_through=False)
                after = game.apply(after, decide(bot, game, after))
                turn += 1
            gap += sign * (game.ranking(after)[0] == seat)
    return gap / PLAYOUTS


def positions(game: AnyGame, players: int, seed: int, count: int) -> list[tuple[Any, Any]]:
    """``count`` of seat 0's decisions in a game of greedy bots (positions neither side has
    thrown away), each with what the ``random`` bot would choose there instead."""
    state = game.new_game(players=players, seed=seed)
    found = []
    turn = 0
    while not game.is_terminal(state):
        if game.current_player(state) == 0 and len(list(game.legal_actions(state))) > 1:
            found.append(state)
        one_ply = GreedyBot(derive_seed(seed, turn), follow_through=False)
        state = game.apply(state, decide(one_ply, game, state))
        turn += 1
    chosen = random.Random(seed).sample(found, count)
    return [
        (s, decide(make_bot("random", derive_seed(seed, n)), game, s)) for n, s in enumerate(chosen)
    ]


LOST = 0.05
"""The least win rate the blunders must cost on average in the playouts: well clear of noise,
below the blunder threshold itself because greedy playouts are not the players the coach's
chances are calibrated on."""

BLUNDER_CASES = [("monolyth", 2, 41, 16), ("the-monolith", 3, 42, 40)]
"""(game, players, seed of the greedy game, how many of seat 0's positions to judge)."""


@pytest.mark.slow
@pytest.mark.parametrize(("name", "players", "seed", "count"), BLUNDER_CASES)
def test_what_the_coach_calls_a_blunder_loses_games(
    name: str, players: int, seed: int, count: int
) -> None:
    """On positions where the random bot chose, the decisions the coach marks as blunders lose
    games when played out against its best decision; the ones it calls good lose fewer."""
    game = get_game(name)
    chosen_at = positions(game, players, seed, count)
    blunders: list[float] = []
    goods: list[float] = []
    for n, (state, action) in enumerate(chosen_at):
        task = DecisionTask(
            game=name,
            view=game.view(state, 0),
            seat=0,
            index=n,
            chosen=game.action_to_id(action),
            iterations=REVIEW.iterations,
            runs=REVIEW.runs,
            seed=n,
        )
        verdict = judge(task)
        if verdict.mark not in ("blunder", "good") or verdict.best.id == verdict.chosen.id:
            continue
        best = game.action_from_id(verdict.best.id)
        gap = outcome_gap(game, state, 0, action, best)
        (blunders if verdict.mark == "blunder" else goods).append(gap)
    print(f"{name}: playout gaps after blunders {blunders}, after good decisions {goods}")
    assert blunders, "no blunder among these decisions: choose another set"
    assert sum(blunders) / len(blunders) >= LOST, blunders
    assert sum(g > 0 for g in blunders) >= len(blunders) / 2, blunders
    if goods:
        assert sum(blunders) / len(blunders) > sum(goods) / len(goods), (blunders, goods)


def test_the_review_benchmark_reviews_a_whole_match_of_each_game() -> None:
    """``benchmarks/coach_review.py`` (the timing is in its output and in docs/coach.md): here
    it only has to finish, with a small budget."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, str(root / "benchmarks" / "coach_review.py"), "12"],
        capture_output=True,
        text=True,
        timeout=900,
        env={**os.environ, "PYTHONPATH": str(root / "src")},
        check=True,
    )
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    assert {(row["game"], row["players"]) for row in rows} == {
        ("monolyth", 2), ("monolyth", 4), ("the-monolith", 3), ("the-monolith", 4),
    }  # fmt: skip
    for row in rows:
        assert 0 < row["judged"] <= row["decisions"]
        assert sum(row["marks"].values()) == row["judged"]
