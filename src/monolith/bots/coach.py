"""The coach: how a position and each decision in it look to one seat, judged from that seat's
view alone.

A person's decision is judged fairly only against what that person could see, so the coach works
like the bots do: it is handed the seat's view (``game.view``), never the state, and searches states
sampled from that view with the project's ISMCTS (:meth:`~monolith.bots.ismcts.IsmctsBot.search`),
so whatever makes the searching bot stronger makes the coach's judgement better too.

It runs a few independent searches (``runs``) with seeds derived from its own, each with an equal
share of a fixed number of iterations: the same view, budget and seed give the same answer on any
machine, however loaded. Each decision's value is the visit-weighted mean of the runs' values, and
how far the runs disagree (their standard deviation) is its uncertainty, so an interface can say
when the coach is unsure. A decision to be judged (a player's choice) is named in ``include``: every
run then tries it, whatever the heuristic thinks of it.

Values are the search's rewards, mapped to how often players in such positions went on to win
(:func:`calibrated`): the seat's chance of finishing first, in [0, 1]. Projected score and place
come from the game's heuristic one move ahead, averaged over the same kind of sampled states.
"""

from __future__ import annotations

import hashlib
import math
import random
import statistics
import tomllib
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from monolith.bots.base import sample_state
from monolith.bots.greedy import evaluator_for, score_lead
from monolith.bots.ismcts import IsmctsBot, SearchBudget, values_for
from monolith.core import AnyGame, JsonDict
from monolith.core.companions import companions
from monolith.core.i18n import Message


@dataclass(frozen=True)
class CoachBudget:
    """How much one evaluation may cost: iterations in all, shared by ``runs`` searches.

    Only iterations bound it, so results reproduce; ``max_seconds`` is a safety cap per run that
    a healthy machine never reaches (an evaluation cut by it reports fewer ``iterations``)."""

    iterations: int
    runs: int = 4
    max_seconds: float = 60.0

    def __post_init__(self) -> None:
        if self.runs < 1 or self.iterations < self.runs:
            raise ValueError(f"a coach budget needs iterations >= runs >= 1, not {self}")


REVIEW = CoachBudget(iterations=480, runs=3)
"""Per decision of a post-game review: a whole match's human seat in well under a minute."""

HINT = CoachBudget(iterations=900, runs=3)
"""A hint during play: a little deeper, for one decision, answered within a few seconds."""

PROJECTION_SAMPLES = 6
"""Sampled states over which a decision's projected score and place are averaged."""


@dataclass(frozen=True)
class Judged:
    """One decision as the coach sees it."""

    action_id: int
    action: Any
    win: float
    """Chance of finishing first after taking it, in [0, 1]."""
    spread: float | None
    """Standard deviation of ``win`` over the runs that tried it; ``None`` if fewer than two."""
    visits: float
    """How much the searches looked at it, over all runs."""
    runs: int
    """How many runs tried it."""
    score: float
    """The seat's projected score after it (the game's heuristic, one move ahead)."""
    place: float
    """The seat's projected place after it, 1 for first."""
    value: float
    """The searches' own mean reward, before :func:`calibrated` made it a win chance."""
    line: tuple[int, ...] = ()
    """The decisions the coach expects after it (action ids, whoever takes them): the line of
    the run that looked at it most (:attr:`~monolith.bots.ismcts.Search.lines`)."""


@dataclass(frozen=True)
class Evaluation:
    """A position seen by one seat: its win chance and its decisions, best first."""

    seat: int
    legal: int
    """How many decisions were legal (the searches try only the promising ones)."""
    decisions: tuple[Judged, ...]
    """Every decision a run tried, best first (see :func:`best_first`)."""
    iterations: int
    """Iterations the runs made in all (the budget's, unless a safety cap cut them)."""

    @property
    def best(self) -> Judged:
        return self.decisions[0]

    @property
    def win(self) -> float:
        """The position's win chance for the seat: that of its best decision."""
        return self.best.win

    @property
    def forced(self) -> bool:
        """Only one decision was legal: nothing to choose (the position still has a value)."""
        return self.legal == 1

    def judged(self, action_id: int) -> Judged | None:
        """The coach's view of one decision, if any run tried it."""
        return next((d for d in self.decisions if d.action_id == action_id), None)

    def unsure(self, other: Judged | None = None) -> bool:
        """Whether the runs disagree by more than the gap between the best decision and
        ``other`` (default: the second best), so their order may be noise."""
        if other is None:
            if len(self.decisions) < 2:
                return False
            other = self.decisions[1]
        gap = self.best.win - other.win
        spreads = [s for s in (self.best.spread, other.spread) if s is not None]
        if not spreads:
            return True
        return gap < 2.0 * math.hypot(*spreads)


CALIBRATION = Path(__file__).with_name("coach_calibration.toml")
"""Per game and player count, how the search's rewards map to how often players won
(``benchmarks/coach_calibration.py`` fits and writes it)."""


@dataclass(frozen=True)
class Fit:
    """``won ~ sigmoid((slope + progress_slope * progress) * logit(reward) + intercept)``."""

    slope: float
    progress_slope: float
    intercept: float

    def chance(self, value: float, progress: float) -> float:
        clipped = min(max(value, 1e-4), 1.0 - 1e-4)
        x = math.log(clipped / (1.0 - clipped))
        return 1.0 / (
            1.0 + math.exp(-((self.slope + self.progress_slope * progress) * x + self.intercept))
        )


@cache
def calibration() -> dict[tuple[str, int], Fit]:
    """The fit per (game, players) in :data:`CALIBRATION`."""
    if not CALIBRATION.is_file():
        return {}
    data = tomllib.loads(CALIBRATION.read_text(encoding="utf-8"))
    return {
        (game, int(players)): Fit(
            float(fit["slope"]), float(fit.get("progress_slope", 0.0)), float(fit["intercept"])
        )
        for game, by_players in data.items()
        for players, fit in by_players.items()
    }


def calibrated(game: str, players: int, value: float, progress: float = 0.0) -> float:
    """A search reward as a win chance, by the fit for this game and player count (the reward
    itself where there is none). Rewards are only loosely win chances: with four players a seat
    level with its best rival earns 0.5 where it wins a quarter of the time, and early in a game
    a lead is worth less than the same lead near its end (``progress``, 0 to 1)."""
    fit = calibration().get((game, players))
    return value if fit is None else fit.chance(value, progress)


Progress = Callable[[Any], float]


def progress_for(game: AnyGame) -> Progress:
    """How far a game in a state has come, 0 to 1: the game's ``progress(game, state)`` in its
    ``coach`` companion, else 0 (the calibration then has no progress term)."""
    coach = companions(game).coach
    if coach is None:
        return lambda state: 0.0
    return lambda state: float(coach.progress(game, state))


def derive(seed: int, *parts: int | str) -> int:
    """A 63-bit seed for one part of an evaluation, fixed by the evaluation's seed."""
    text = ":".join(str(part) for part in ("coach", seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def evaluate(
    game: AnyGame,
    view: JsonDict,
    seat: int,
    *,
    budget: CoachBudget = REVIEW,
    seed: int = 0,
    include: Collection[int] = (),
    top: int | None = None,
) -> Evaluation:
    """Judge the position ``seat`` sees in ``view`` and its decisions.

    ``include`` names action ids that every run must try (a player's choice, to be judged);
    ``top`` keeps only that many decisions besides them (all tried ones by default).
    """
    per_run = SearchBudget(budget.iterations // budget.runs, max_seconds=budget.max_seconds)
    first = game.determinize(view, seed)
    legal = [game.action_to_id(a) for a in game.legal_actions(first)]
    if len(legal) == 1:  # nothing to choose, but the position still has a value
        include = legal
    searches = [
        IsmctsBot(derive(seed, "run", run), budget=per_run).search(
            game, view, seat, include=include
        )
        for run in range(budget.runs)
    ]
    actions = searches[0].actions
    players = game.num_players(first)
    progress = progress_for(game)(first)
    totals: dict[int, list[tuple[float, float]]] = {}
    lines: dict[int, tuple[float, tuple[int, ...]]] = {}
    for found in searches:
        for action_id, child in found.children.items():
            totals.setdefault(action_id, []).append((child.visits, child.value))
            if child.visits > lines.get(action_id, (-1.0, ()))[0]:
                lines[action_id] = (child.visits, found.lines.get(action_id, ()))
    stats: dict[int, tuple[float, float, float, float | None]] = {}
    for action_id, runs in totals.items():
        visits = sum(v for v, _ in runs)
        value = sum(v * mean for v, mean in runs) / visits
        wins = [calibrated(game.info.name, players, mean, progress) for _, mean in runs]
        win = sum(v * w for (v, _), w in zip(runs, wins, strict=True)) / visits
        stats[action_id] = (visits, value, win, statistics.stdev(wins) if len(wins) > 1 else None)
    order = best_first(stats)
    if top is not None:
        order = order[:top] + [i for i in order[top:] if i in include]
    projections = _project(game, view, seat, [actions[i] for i in order], seed)
    decisions = []
    for action_id, (score, place) in zip(order, projections, strict=True):
        visits, value, win, spread = stats[action_id]
        runs_tried = len(totals[action_id])
        line = lines[action_id][1]
        decisions.append(
            Judged(
                action_id,
                actions[action_id],
                win,
                spread,
                visits,
                runs_tried,
                score,
                place,
                value,
                line,
            )
        )
    iterations = sum(found.iterations for found in searches)
    return Evaluation(seat, len(actions), tuple(decisions), iterations)


@dataclass(frozen=True)
class Rechecked:
    """One decision searched on its own: its win chance once everything after it was
    searched with the whole budget (the searches' own choices included)."""

    action_id: int
    win: float
    spread: float | None
    visits: float
    value: float
    line: tuple[int, ...] = ()
    """The decisions expected after it, by the run that looked at it most."""


def recheck(
    game: AnyGame,
    view: JsonDict,
    seat: int,
    action_ids: Sequence[int],
    *,
    budget: CoachBudget = REVIEW,
    seed: int = 0,
) -> dict[int, Rechecked]:
    """Each of ``action_ids`` searched on its own, with ``budget`` each: its runs may take only
    that decision at the root, so all their iterations go into what follows it.

    :func:`evaluate` spends its iterations where the search expects the most, so a decision it
    thinks poor (a player's choice named in ``include``) is valued after a visit or two, by the
    heuristic just after it, while the best one is valued with the search's own follow-up: in
    The Monolith, where a seat takes several decisions in a row (a march's steps), that compares
    a searched plan with an unplanned move and makes blunders of decisions that lose nothing.
    Here each decision gets the same budget and the same seeds, so their gap is a fair one."""
    per_run = SearchBudget(budget.iterations // budget.runs, max_seconds=budget.max_seconds)
    first = game.determinize(view, seed)
    players = game.num_players(first)
    progress = progress_for(game)(first)
    out: dict[int, Rechecked] = {}
    for action_id in action_ids:
        runs: list[tuple[float, float]] = []
        line: tuple[float, tuple[int, ...]] = (-1.0, ())
        for run in range(budget.runs):
            found = IsmctsBot(derive(seed, "recheck", run), budget=per_run).search(
                game, view, seat, include=(action_id,), only=(action_id,)
            )
            child = found.children.get(action_id)
            if child is not None:
                runs.append((child.visits, child.value))
                if child.visits > line[0]:
                    line = (child.visits, found.lines.get(action_id, ()))
        if not runs:
            continue
        visits = sum(v for v, _ in runs)
        wins = [calibrated(game.info.name, players, mean, progress) for _, mean in runs]
        out[action_id] = Rechecked(
            action_id,
            sum(v * w for (v, _), w in zip(runs, wins, strict=True)) / visits,
            statistics.stdev(wins) if len(wins) > 1 else None,
            visits,
            sum(v * mean for v, mean in runs) / visits,
            line[1],
        )
    return out


TRUSTED = 0.5
"""A decision's win chance is trusted to rank it once the searches looked at it at least this
share as much as at the most visited one; less looked-at ones rank after, by how much they were."""


def best_first(stats: dict[int, tuple[float, float, float, float | None]]) -> list[int]:
    """Action ids best first: the well-looked-at ones by win chance, then the rest by visits.

    A search spends its visits where it expects the most, so a barely visited decision's win
    chance rests on little: it may not outrank one the search looked at hard. Among the
    well-looked-at ones, the higher win chance comes first, so that a list never shows a better
    chance below a worse one."""
    most = max(visits for visits, _, _, _ in stats.values())
    trusted = sorted(
        (i for i, (visits, _, _, _) in stats.items() if visits >= TRUSTED * most),
        key=lambda i: (-stats[i][2], -stats[i][0], i),
    )
    rest = sorted((i for i in stats if i not in trusted), key=lambda i: (-stats[i][0], i))
    return trusted + rest


def evaluate_state(
    game: AnyGame,
    state: Any,
    *,
    budget: CoachBudget = REVIEW,
    seed: int = 0,
    include: Collection[int] = (),
    top: int | None = None,
) -> Evaluation:
    """:func:`evaluate` for the seat to move in ``state``, from its view: the state itself goes
    no further than ``game.view``."""
    seat = game.current_player(state)
    if seat is None:
        raise ValueError(f"{game.info.title}: the game is over, there is no decision to judge")
    view = game.view(state, seat)
    return evaluate(game, view, seat, budget=budget, seed=seed, include=include, top=top)


@dataclass(frozen=True)
class LineStep:
    """One decision of the coach's line: who takes it, and what the log would say of it (in
    the third person for others, the second for its own player)."""

    seat: int
    action: Any
    said: tuple[Message, ...]


def follow(game: AnyGame, state: Any, first: Any, line: Sequence[int]) -> list[LineStep]:
    """The decisions of ``line`` after ``first``, played from ``state`` as far as they are legal
    there (a line is the search's over many sampled states) and public: the line stops before a
    decision whose log says something to one seat alone (a kept objective), which nobody else
    may read, and before the game's end."""
    steps: list[LineStep] = []
    state = game.apply(state, first)
    for action_id in line:
        seat = game.current_player(state)
        if seat is None or game.is_terminal(state):
            break
        legal = {game.action_to_id(a): a for a in game.legal_actions(state)}
        if action_id not in legal:
            break
        action = legal[action_id]
        after = game.apply(state, action)
        lines = game.narrate(state, action, after)
        if any(said.only is not None for said in lines):
            break
        steps.append(LineStep(seat, action, tuple(said.message for said in lines)))
        state = after
    return steps


Worths = Callable[[Any], list[float]]


def worths_for(game: AnyGame) -> Worths:
    """Every seat's worth in a state, as the search judges its leaves: the game's ``values`` if
    its heuristic has them, else its ``evaluate`` for each seat, else the scores themselves; the
    final scores once the game is over."""
    values = values_for(game)
    evaluate_one = evaluator_for(game)

    def worths(state: Any) -> list[float]:
        if game.is_terminal(state) or evaluate_one is score_lead:
            return list(game.scores(state))
        if values is not None:
            return values(game, state)
        return [evaluate_one(game, state, seat) for seat in range(game.num_players(state))]

    return worths


def _project(
    game: AnyGame, view: JsonDict, seat: int, actions: Sequence[Any], seed: int
) -> list[tuple[float, float]]:
    """Each action's projected score and place for ``seat``: every seat's worth one move
    ahead, averaged over states sampled from ``view``."""
    worths = worths_for(game)
    rng = random.Random(derive(seed, "project"))
    samples = [sample_state(game, view, rng) for _ in range(PROJECTION_SAMPLES)]
    out = []
    for action in actions:
        scores: list[float] = []
        places: list[float] = []
        for sample in samples:
            worth = worths(game.apply(sample, action))
            scores.append(worth[seat])
            places.append(1.0 + sum(1 for other in worth if other > worth[seat]))
        out.append((statistics.fmean(scores), statistics.fmean(places)))
    return out
