"""A finished match reviewed: each decision of the seats under review judged by the coach.

Every decision is judged from the view its player had when taking it (:mod:`monolith.bots.coach`):
its win chance against that of the best decision the coach found, and the loss between them marked
``good``, ``inaccuracy``, ``mistake`` or ``blunder`` (:data:`THRESHOLDS`, documented in
``docs/coach.md``). The win chances after each of a seat's decisions make its graph over the game.

The work is cut into one :class:`DecisionTask` per decision, each a plain value holding only the
view, so that a process pool can judge them one by one (:func:`judge`), a caller can show progress,
and nothing a seat could not see travels with them. Decisions with a single legal option are not
judged: there was nothing to choose.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

import msgspec

from monolith.bots.coach import CoachBudget, Evaluation, Judged, Rechecked, evaluate, recheck
from monolith.core import AnyGame, GameError, JsonDict
from monolith.games import get_game

MARKS = ("good", "inaccuracy", "mistake", "blunder")
"""From no loss worth naming to a decision that threw the game away."""

THRESHOLDS: dict[str, float] = {"inaccuracy": 0.04, "mistake": 0.08, "blunder": 0.15}
"""The least loss of win chance (best decision's minus the chosen one's) for each mark."""

RECHECKED = "blunder"
"""The least mark a first judgement must give for both decisions to be searched again, each on
its own (:func:`monolith.bots.coach.recheck`), before the mark stands."""

ALTERNATIVES = 3
"""Decisions kept besides the chosen one, best first, for an interface to name."""


def mark(loss: float) -> str:
    """The mark for a loss of win chance."""
    found = "good"
    for name in MARKS[1:]:
        if loss >= THRESHOLDS[name]:
            found = name
    return found


class DecisionTask(msgspec.Struct, frozen=True):
    """One decision to judge: the game, the deciding seat's view then, and what it chose."""

    game: str
    view: JsonDict
    seat: int
    index: int
    """The decision's place in the match's action log."""
    chosen: int
    """The id of the action taken."""
    iterations: int
    runs: int
    seed: int


class Option(msgspec.Struct, frozen=True):
    """A decision as judged: its action id, win chance and how sure the coach is of it."""

    id: int
    win: float
    spread: float | None
    visits: float
    score: float
    place: float
    line: list[int] = msgspec.field(default_factory=list)
    """The decisions the coach expects after it (action ids): its line."""

    @classmethod
    def of(cls, judged: Judged) -> Option:
        return cls(
            judged.action_id,
            judged.win,
            judged.spread,
            judged.visits,
            judged.score,
            judged.place,
            list(judged.line),
        )


class Verdict(msgspec.Struct, frozen=True):
    """The coach's judgement of one decision."""

    index: int
    seat: int
    legal: int
    chosen: Option
    best: Option
    alternatives: list[Option]
    """The best few decisions, best first (the best one included)."""
    loss: float
    """Win chance lost against the best decision (never negative)."""
    mark: str
    unsure: bool
    """The searches disagree by more than the loss, so the mark may be noise."""
    iterations: int


def judge(task: DecisionTask) -> Verdict:
    """Judge one decision (a process pool's unit of work: it needs nothing but the task)."""
    game = get_game(task.game)
    budget = CoachBudget(iterations=task.iterations, runs=task.runs)
    found = evaluate(
        game,
        task.view,
        task.seat,
        budget=budget,
        seed=task.seed,
        include=(task.chosen,),
        top=ALTERNATIVES,
    )
    first = verdict(task, found)
    if first.loss < THRESHOLDS[RECHECKED]:
        return first
    checked = recheck(
        game,
        task.view,
        task.seat,
        (first.best.id, first.chosen.id),
        budget=budget,
        seed=task.seed,
    )
    return rechecked(first, checked)


def verdict(task: DecisionTask, found: Evaluation) -> Verdict:
    """The verdict on ``task``'s decision from the coach's evaluation of its position."""
    chosen = found.judged(task.chosen)
    if chosen is None:
        raise ValueError(f"decision {task.index}: action {task.chosen} was not legal in its view")
    best = found.best
    loss = max(0.0, best.win - chosen.win)
    return Verdict(
        index=task.index,
        seat=task.seat,
        legal=found.legal,
        chosen=Option.of(chosen),
        best=Option.of(best),
        alternatives=[Option.of(d) for d in found.decisions[:ALTERNATIVES]],
        loss=loss,
        mark=mark(loss),
        unsure=chosen.action_id != best.action_id and found.unsure(chosen),
        iterations=found.iterations,
    )


def rechecked(first: Verdict, checked: dict[int, Rechecked]) -> Verdict:
    """``first`` with the win chances of its best and chosen decisions searched again, each on
    its own: the loss and the mark are theirs. A chosen decision no worse than the coach's
    first choice on a closer look is then the best one."""
    chosen, best = (_with(o, checked.get(o.id)) for o in (first.chosen, first.best))
    if chosen.win >= best.win:
        best = chosen
    loss = max(0.0, best.win - chosen.win)
    spreads = [o.spread for o in (best, chosen) if o.spread is not None]
    unsure = best.id != chosen.id and (not spreads or loss < 2.0 * math.hypot(*spreads))
    others = [_with(o, checked.get(o.id)) for o in first.alternatives if o.id != best.id]
    alternatives = [best, *others]
    return msgspec.structs.replace(
        first,
        chosen=chosen,
        best=best,
        alternatives=alternatives[:ALTERNATIVES],
        loss=loss,
        mark=mark(loss),
        unsure=unsure,
    )


def _with(option: Option, checked: Rechecked | None) -> Option:
    """``option`` with the win chance (and the line) its own search found, if it had one."""
    if checked is None:
        return option
    return msgspec.structs.replace(
        option,
        win=checked.win,
        spread=checked.spread,
        visits=checked.visits,
        line=list(checked.line) or option.line,
    )


def tasks_for(
    game: AnyGame,
    states: Sequence[Any],
    actions: Sequence[Any],
    seats: Iterable[int],
    *,
    budget: CoachBudget,
    skip: Callable[[int], bool] = lambda index: False,
) -> list[DecisionTask]:
    """A task for each decision of ``seats`` along a match: ``states[i]`` is the state before
    ``actions[i]``. Decisions with one legal option, and those ``skip`` names by index (a bot's
    moves for a human's seat), are left out."""
    wanted = set(seats)
    tasks = []
    for index, (state, action) in enumerate(zip(states, actions, strict=False)):
        seat = game.current_player(state)
        if seat is None or seat not in wanted or skip(index):
            continue
        if _single(game, state):
            continue  # nothing was chosen
        tasks.append(
            DecisionTask(
                game=game.info.name,
                view=game.view(state, seat),
                seat=seat,
                index=index,
                chosen=game.action_to_id(action),
                iterations=budget.iterations,
                runs=budget.runs,
                seed=index,
            )
        )
    return tasks


class SeatSummary(msgspec.Struct, frozen=True):
    """One seat's review in numbers: its decisions judged, how many of each mark, the mean loss
    and its win chance after each judged decision (the graph)."""

    seat: int
    decisions: int
    marks: dict[str, int]
    mean_loss: float
    graph: list[tuple[int, float]]
    """(decision index, win chance after the chosen decision), in game order."""


def summarize(verdicts: Sequence[Verdict], seats: Iterable[int]) -> list[SeatSummary]:
    """Each seat's summary from the verdicts on its decisions."""
    out = []
    for seat in seats:
        own = sorted((v for v in verdicts if v.seat == seat), key=lambda v: v.index)
        counts = {name: sum(1 for v in own if v.mark == name) for name in MARKS}
        mean_loss = sum(v.loss for v in own) / len(own) if own else 0.0
        graph = [(v.index, v.chosen.win) for v in own]
        out.append(SeatSummary(seat, len(own), counts, mean_loss, graph))
    return out


def _single(game: AnyGame, state: Any) -> bool:
    """Whether the decision in ``state`` has only one legal option."""
    legal = game.legal_actions(state)
    next(legal, None)
    return next(legal, None) is None


def shown_to_all(game: AnyGame, state: Any, action: Any, *, samples: int = 3) -> bool:
    """Whether naming this decision and its alternatives tells nobody anything they could not
    know: the move's log lines are public, and anyone watching could have listed the same
    options in the same words (checked on states sampled from the spectator's view, which is
    all they know). Otherwise a review names its moves to their own player only: a kept
    objective, or the one revealed instead, would give away a hidden card."""
    after = game.apply(state, action)
    if any(line.only is not None for line in game.narrate(state, action, after)):
        return False
    menu = {game.action_to_id(a): game.label(state, a) for a in game.legal_actions(state)}
    spectator = game.view(state, None)
    for seed in range(samples):
        try:
            sample = game.determinize(spectator, seed)
            seen = {game.action_to_id(a): game.label(sample, a) for a in game.legal_actions(sample)}
        except GameError:
            return False
        if seen != menu:
            return False
    return True
