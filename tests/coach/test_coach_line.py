"""The coach's line and reasons as the web table gets them: the line is the search's own plan
after a decision, legal move after move and public; a hint says what its best decision does that
the next best does not; a review's reason is worked out from the deciding seat's view for that
seat and from a spectator's for everyone else, and each reader gets only theirs."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from monolith.bots.base import decide
from monolith.bots.coach import CoachBudget, evaluate, follow
from monolith.bots.greedy import GreedyBot
from monolith.bots.reasons import consequence, consequence_in_view
from monolith.bots.review import DecisionTask, Option, Verdict
from monolith.core.companions import AGAINST_NEXT
from monolith.core.i18n import Message, Ref, localizer, seat_names, to_json
from monolith.games.monolyth import GAME as MONOLYTH
from monolith.games.monolyth.rules import Swap
from monolith.games.the_monolith import GAME as THE_MONOLITH
from monolith.server import coach as server_coach
from monolith.server.coach import for_reader, hint_answer, judge_explained, named_line
from tests.coach.test_coach_reasons import cell, north_position

BUDGET = CoachBudget(iterations=240, runs=2)


def test_the_line_after_the_best_decision_is_played_move_after_move() -> None:
    state = MONOLYTH.new_game(players=2, seed=4)
    seat = MONOLYTH.current_player(state)
    assert seat is not None
    view = MONOLYTH.view(state, seat)
    found = evaluate(MONOLYTH, view, seat, budget=BUDGET, seed=3)
    best = found.best
    assert 2 <= len(best.line) <= 3, best.line  # the search plans past its first move
    sample = MONOLYTH.determinize(view, 3)
    steps = follow(MONOLYTH, sample, best.action, best.line)
    assert [MONOLYTH.action_to_id(s.action) for s in steps] == list(best.line)
    other = 1 - seat
    assert [s.seat for s in steps] == [other, seat, other][: len(steps)]  # a turn, a decision
    after = MONOLYTH.apply(sample, best.action)
    for step in steps:  # each legal where it is taken, and worded as the log words it
        assert MONOLYTH.current_player(after) == step.seat
        assert step.action in list(MONOLYTH.legal_actions(after))
        before, after = after, MONOLYTH.apply(after, step.action)
        lines = MONOLYTH.narrate(before, step.action, after)
        assert step.said == tuple(line.message for line in lines)
    # the same search, the same line
    assert evaluate(MONOLYTH, view, seat, budget=BUDGET, seed=3).best.line == best.line


def test_a_line_stops_before_a_decision_only_its_player_may_read() -> None:
    state = THE_MONOLITH.new_game(players=3, seed=2)
    first = next(THE_MONOLITH.legal_actions(state))
    after = THE_MONOLITH.apply(state, first)
    secret = next(THE_MONOLITH.legal_actions(after))
    lines = THE_MONOLITH.narrate(after, secret, THE_MONOLITH.apply(after, secret))
    assert any(line.only is not None for line in lines)  # an objective kept: private
    assert follow(THE_MONOLITH, state, first, [THE_MONOLITH.action_to_id(secret)]) == []
    named = named_line(THE_MONOLITH, state, 0, first, [THE_MONOLITH.action_to_id(secret)], 0)
    assert named == []


def test_a_line_stops_where_its_move_is_not_legal() -> None:
    state = MONOLYTH.new_game(players=2, seed=4)
    first = next(MONOLYTH.legal_actions(state))
    taken = MONOLYTH.action_to_id(first)
    assert follow(MONOLYTH, state, first, [taken, taken]) == []  # that piece is gone


def greedy_position(game: Any, players: int, moves: int) -> Any:
    """A game after ``moves`` decisions of greedy bots judging one ply at a time (the position
    these tests were written on)."""
    state = game.new_game(players=players, seed=3)
    bot = GreedyBot(1, follow_through=False)
    for _ in range(moves):
        state = game.apply(state, decide(bot, game, state))
    return state


def test_a_hint_says_what_its_best_decision_does_that_the_next_best_does_not() -> None:
    state = greedy_position(THE_MONOLITH, 3, 12)
    seat = THE_MONOLITH.current_player(state)
    assert seat is not None
    view = THE_MONOLITH.view(state, seat)
    answer = hint_answer("the-monolith", view, seat, 300, 5)
    first, second = answer["decisions"][:2]
    why = consequence_in_view(
        THE_MONOLITH,
        view,
        seat,
        THE_MONOLITH.action_from_id(second["id"]),
        THE_MONOLITH.action_from_id(first["id"]),
        seed=5,
        against=AGAINST_NEXT,  # no move was played: the reason weighs the next choice
    )
    assert why is not None, "the coach's first choice differs from its second in nothing named"
    assert answer["reason"] == to_json(why)
    assert all(isinstance(d["line"], list) for d in answer["decisions"])
    named = server_coach.named_hint(THE_MONOLITH, state, answer, seat, 5)
    assert any(d["line"] for d in named["decisions"])
    for decision in named["decisions"]:
        assert all(step["said"] for step in decision["line"])


def verdict_on(state: Any, chosen: Any, best: Any, mark: str) -> Verdict:
    def option(action: Any, win: float) -> Option:
        return Option(MONOLYTH.action_to_id(action), win, None, 10.0, 0.0, 1.0)

    return Verdict(
        index=0,
        seat=0,
        legal=20,
        chosen=option(chosen, 0.3),
        best=option(best, 0.6),
        alternatives=[option(best, 0.6)],
        loss=0.3,
        mark=mark,
        unsure=False,
        iterations=10,
    )


@pytest.mark.parametrize("mark", ["blunder", "good"])
def test_a_review_gives_a_marked_decision_its_reason_for_each_kind_of_reader(
    monkeypatch: pytest.MonkeyPatch, mark: str
) -> None:
    state, _ = north_position(value=3, cubes=2)
    into_the_wall, elsewhere = Swap(step=1, cell=cell(2, 0, 0)), Swap(step=1, cell=cell(1, 2, 0))
    task = DecisionTask(
        game="monolyth",
        view=MONOLYTH.view(state, 0),
        seat=0,
        index=0,
        chosen=MONOLYTH.action_to_id(elsewhere),
        iterations=10,
        runs=1,
        seed=0,
    )
    judged = verdict_on(state, elsewhere, into_the_wall, mark)
    monkeypatch.setattr(server_coach, "judge", lambda task: judged)
    verdict, reasons = judge_explained(task, MONOLYTH.view(state, None))
    assert verdict == judged
    if mark == "good":  # nothing to explain
        assert reasons == {"reason": None, "reason_public": None}
        return
    own = consequence(MONOLYTH, state, elsewhere, into_the_wall, seed=0)
    public = consequence(MONOLYTH, state, elsewhere, into_the_wall, seed=0, spectator=True)
    assert own is not None and public is not None
    assert reasons == {"reason": to_json(own), "reason_public": to_json(public)}
    assert own.id == "mono-reason-prophecy"


def stored(shown: bool) -> dict[str, Any]:
    """A stored review of one decision of seat 0, with its reasons and lines."""
    line = [{"seat": 1, "action": {"type": "swap"}, "said": [{"id": "x", "args": {}}]}]
    option = {"id": 3, "action": {"type": "swap"}, "label": {"id": "y", "args": {}}, "win": 0.5}
    return {
        "decisions": [
            {
                "index": 4,
                "seat": 0,
                "shown": shown,
                "reason": {"id": "own", "args": {}},
                "reason_public": {"id": "public", "args": {}},
                "chosen": {**option, "line": line},
                "best": {**option, "line": line},
                "alternatives": [{**option, "line": line}],
            }
        ]
    }


@pytest.mark.parametrize("shown", [True, False])
def test_each_reader_gets_only_the_reason_and_line_they_may_know(shown: bool) -> None:
    result = stored(shown)
    before = copy.deepcopy(result)
    (own,) = for_reader(result, 0)["decisions"]
    assert own["reason"] == {"id": "own", "args": {}} and "reason_public" not in own
    assert own["best"]["line"] and own["best"]["label"]
    for reader in (1, None):
        (other,) = for_reader(result, reader)["decisions"]
        assert "reason_public" not in other
        options = [other["chosen"], other["best"], *other["alternatives"]]
        assert all("line" not in o for o in options)
        if shown:
            assert other["reason"] == {"id": "public", "args": {}}
            assert all(o["label"] for o in options)
        else:
            assert other["reason"] is None
            assert all(not {"id", "action", "label"} & set(o) for o in options)
    assert result == before  # the stored review is left as it was


NEXT_CHOICE = {"en": "the next choice", "es": "la siguiente opción", "ru": "следующий вариант"}
PLAYED = {"en": "your move", "es": "tu jugada", "ru": "ваш ход"}


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_a_hints_reason_names_the_next_choice_where_a_reviews_names_the_move_played(
    lang: str,
) -> None:
    words = localizer(THE_MONOLITH, lang)
    names = seat_names(words, 3)
    space = Ref("space", "ink-orchard")
    for against, said, unsaid in (("next", NEXT_CHOICE, PLAYED), ("played", PLAYED, NEXT_CHOICE)):
        kept = Message("tm-reason-keep-control", {"space": space, "against": against})
        text = words.format(kept, reader=0, names=names)
        assert said[lang] in text and unsaid[lang] not in text, text
    level = Message("mono-reason-level", {"level": 2, "token": 5, "short": 1, "against": "next"})
    text = localizer(MONOLYTH, lang).format(level, reader=0, names=names)
    assert "{" not in text and PLAYED[lang].split()[-1] not in text, text
