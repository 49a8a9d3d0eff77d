"""Information-Set Monte Carlo Tree Search (single observer, "SO-ISMCTS", Cowling et al. 2012).

The bot sees only its player's view. Each iteration samples one full state consistent with that
view (``game.determinize``: unseen cards, deck orders and future random draws filled in at random),
walks one shared tree with it, and backs up the result. A node's children are the actions tried
from it; because a child may be illegal in another sample, UCB counts how often each child was
*available*, not how often its parent was visited.

Two things make it practical in Python on games with hundreds of moves a turn:

- **Ordering and progressive widening**: the first time a node is reached, its actions are ranked
  by the game's heuristic one ply ahead (a greedy bot's judgement); a node visited ``n`` times may
  try only its best ``widen_base + n ** widen_power`` actions.
- **An evaluation at the leaf** instead of random play to the end: each seat's heuristic value is
  turned into a reward in [0, 1] by its lead over the best rival.

A game may tune this in its heuristic companion: ``SEARCH`` overrides :data:`DEFAULTS` (games
value positions on different scales; ``prior_visits`` counts each one-ply judgement as that many
visits, so a short search starts from the greedy choice, and ``prior_lead`` turns that judgement
into a lead over the best rival first when the game's evaluation is a seat's own worth rather than
a lead), and ``values(game, state)`` gives every seat's worth in one look for the leaf rewards.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from monolith.bots.base import sample_state
from monolith.bots.greedy import Afterstate, Evaluate, afterstate_for, applied, evaluator_for
from monolith.core import AnyGame, JsonDict
from monolith.core.companions import WithSearch, WithValues, companions


@dataclass(frozen=True)
class SearchBudget:
    """How much a decision may cost: iterations, and optionally a wall-clock cap. Without a cap
    a decision depends only on the view and the seed, so a loaded machine plays the same game."""

    iterations: int
    max_seconds: float | None = None


@dataclass(frozen=True)
class Level:
    """A named strength: how much it searches and with which judgement of positions.

    ``evaluation`` names the function of the game's heuristic companion that judges positions
    (``evaluate`` unless the game ships a deeper one under that name), and ``solo_evaluation``
    the one for a game of one player, if another; ``settings`` override the game's search
    settings (see :data:`DEFAULTS`)."""

    budget: SearchBudget
    evaluation: str = "evaluate"
    settings: tuple[tuple[str, float], ...] = ()
    solo_evaluation: str | None = field(default=None, repr=False)
    """(Out of the repr, which names a level's play in games with rivals: ladders keep it with
    their games, and this changes none of them.)"""


LEVELS: dict[str, Level] = {
    "easy": Level(SearchBudget(iterations=60)),
    "default": Level(SearchBudget(iterations=400), solo_evaluation="plan_evaluate"),
    "hard": Level(SearchBudget(iterations=1000), evaluation="plan_evaluate"),
}
"""Named difficulty levels, bounded by iterations alone, so a game between them is the same on
any machine under any load. ``default`` answers in about half a second on this project's 2-core
machine; ``hard`` searches longer and, where the game's heuristic offers one, judges positions
with a plan (Monolyth: prophecies kept open for the highest token a wall can reach). Alone at the
table ``default`` plans too: a solo game is won by planning the walls (with the plain judgement
it scored no better than the greedy bot, median 56 over 60 solo games)."""


DEFAULTS: dict[str, float] = {
    "exploration": 0.5,
    "widen_base": 2.0,
    "widen_power": 0.5,
    "reward_scale": 4.0,
    "prior_visits": 0.0,
    "prior_lead": 0.0,
}
"""Search settings for a game whose heuristic companion names none (``SEARCH``)."""


def search_settings(game: AnyGame) -> dict[str, float]:
    """The game's own search settings: ``SEARCH`` in its heuristic companion, if any. Games
    value positions on different scales, so a lead worth a sure win differs between them."""
    module = companions(game).heuristic
    found: Mapping[str, float] = module.SEARCH if isinstance(module, WithSearch) else {}
    return {key: float(value) for key, value in found.items() if key in DEFAULTS}


Values = Callable[[AnyGame, Any], list[float]]


def values_for(game: AnyGame) -> Values | None:
    """The game's ``values(game, state)``, every seat's own worth at once, if its heuristic
    companion has one: a leaf then costs one look at the board, and each seat's lead is taken
    over the others' worths rather than over their leads."""
    module = companions(game).heuristic
    return module.values if isinstance(module, WithValues) else None


@dataclass(frozen=True)
class RootStats:
    """One first move after a search: how often it was visited (a game's ``prior_visits``
    included) and its mean reward for the searching seat, in [0, 1]."""

    visits: float
    value: float


@dataclass(frozen=True)
class Search:
    """What a search found at the root: the legal actions by id, the statistics of those it
    tried, how many iterations it ran, and the id of the action :meth:`IsmctsBot.choose` takes
    (the most visited)."""

    actions: dict[int, Any]
    children: dict[int, RootStats]
    iterations: int
    best: int
    lines: dict[int, tuple[int, ...]] = field(default_factory=dict)
    """Per first move tried, the decisions the search expects after it (its most visited path,
    up to :data:`LINE_DEPTH` deep, each visited at least :data:`LINE_VISITS` times): action ids,
    whoever takes them."""


class _Node:
    __slots__ = ("avail", "children", "mover", "order", "prior", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        """The seat whose move led here; rewards are kept from its side."""
        self.children: dict[int, _Node] = {}
        self.order: list[int] | None = None
        self.prior: dict[int, float] = {}
        """The mover's one-ply value of each ranked action (see ``prior_visits``)."""
        self.visits: float = 0
        self.avail = 0
        self.total = 0.0


LINE_DEPTH = 3
"""How many decisions after a first move a search's line names."""

LINE_VISITS = 2.0
"""The least visits a decision needs to be part of a line: one visit is a guess, not a plan."""


def _line(node: _Node) -> tuple[int, ...]:
    """The most visited path below ``node``, as far as it is well visited."""
    line: list[int] = []
    while node.children and len(line) < LINE_DEPTH:
        action_id, child = max(node.children.items(), key=lambda item: (item[1].visits, -item[0]))
        if child.visits < LINE_VISITS:
            break
        line.append(action_id)
        node = child
    return tuple(line)


class IsmctsBot:
    """ISMCTS with heuristic move ordering, progressive widening and leaf evaluation."""

    def __init__(
        self,
        seed: int,
        *,
        level: str = "default",
        budget: SearchBudget | None = None,
        exploration: float | None = None,
        widen_base: float | None = None,
        widen_power: float | None = None,
        reward_scale: float | None = None,
        prior_visits: float | None = None,
        prior_lead: float | None = None,
        evaluate: Evaluate | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        spec = LEVELS.get(level)
        if budget is None and spec is None:
            raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
        self.name = "ismcts" if level == "default" else f"ismcts-{level}"
        self.rng = random.Random(seed)
        self.budget = budget or LEVELS[level].budget
        self.evaluation = spec.evaluation if spec else "evaluate"
        self.solo_evaluation = spec.solo_evaluation if spec else None
        self._level_settings = dict(spec.settings) if spec else {}
        given = {
            "exploration": exploration,
            "widen_base": widen_base,
            "widen_power": widen_power,
            "reward_scale": reward_scale,
            "prior_visits": prior_visits,
            "prior_lead": prior_lead,
        }
        self._values: Values | None = None
        self._given = {key: value for key, value in given.items() if value is not None}
        self._apply_settings({})
        self._fixed = evaluate
        self._clock = clock
        self._include: tuple[int, ...] = ()
        self._only: frozenset[int] = frozenset()
        self._ids: dict[Any, int] = {}
        self._after: Afterstate = applied
        self._baseline = 0.0
        """The searching seat's value of the root position, what a solo leaf is compared to."""
        self.last_iterations = 0

    def _apply_settings(self, game_settings: dict[str, float]) -> None:
        """Settings given to the bot win over its level's, which win over the game's, which win
        over :data:`DEFAULTS`."""
        settings = {**DEFAULTS, **game_settings, **self._level_settings, **self._given}
        self.exploration = settings["exploration"]
        self.widen_base = settings["widen_base"]
        self.widen_power = settings["widen_power"]
        self.reward_scale = settings["reward_scale"]
        self.prior_visits = settings["prior_visits"]
        self.prior_lead = settings["prior_lead"] > 0

    def choose(self, game: AnyGame, view: JsonDict, seat: int) -> Any:
        """Search many states consistent with ``view``; the most visited first move wins."""
        found = self.search(game, view, seat)
        return found.actions[found.best]

    def search(
        self,
        game: AnyGame,
        view: JsonDict,
        seat: int,
        *,
        include: Collection[int] = (),
        only: Collection[int] = (),
    ) -> Search:
        """The search behind :meth:`choose`, with what it found at the root, for callers that
        judge decisions rather than make them (the coach). ``include`` names action ids the root
        must try whatever the heuristic thinks of them, so a decision can be judged even when
        the search would never have looked at it (or is the only one legal, which ``choose``
        takes without searching). ``only``, if given, restricts the root to those action ids
        (where a sample allows them), so all the budget goes into searching what follows them:
        the coach re-checks a decision this way."""
        self._apply_settings(search_settings(game))
        self._ids = {}
        self._include = tuple(include)
        self._only = frozenset(only)
        root = _Node(mover=-1)
        cap = self.budget.max_seconds
        deadline = None if cap is None else self._clock() + cap
        legal_at_root: dict[int, Any] = {}
        done = 0
        while done < self.budget.iterations and (
            done == 0 or deadline is None or self._clock() < deadline
        ):
            sample = sample_state(game, view, self.rng)
            if done == 0:
                evaluate = self._judgement(game, game.num_players(sample))
                legal_at_root = self._legal(game, sample)
                if len(legal_at_root) == 1 and not self._include:
                    return Search(legal_at_root, {}, 0, next(iter(legal_at_root)))
                self._baseline = evaluate(game, sample, seat)
            self._iterate(game, root, sample, evaluate)
            done += 1
        self.last_iterations = done
        tried = {i: child for i, child in root.children.items() if i in legal_at_root}
        best = max(tried, key=lambda i: (tried[i].visits, tried[i].total))
        stats = {
            i: RootStats(child.visits, child.total / child.visits) for i, child in tried.items()
        }
        lines = {i: _line(child) for i, child in tried.items()}
        return Search(legal_at_root, stats, done, best, lines)

    def _judgement(self, game: AnyGame, players: int) -> Evaluate:
        """How this bot judges positions in ``game`` with ``players`` seats, setting how it
        looks one ply ahead and values leaves to match: an evaluation given to the bot sees full
        states; the level's named evaluation (its solo one alone at the table), if the game's
        heuristic has it, every seat in turn; otherwise the game's own ``evaluate`` (and
        ``values``, when it has them)."""
        self._values, self._after = None, applied
        if self._fixed is not None:
            return self._fixed
        self._after = afterstate_for(game)
        module = companions(game).heuristic
        name = self.solo_evaluation if players == 1 and self.solo_evaluation else self.evaluation
        named: Evaluate | None = getattr(module, name, None) if module else None
        if named is not None and name != "evaluate":
            return named
        self._values = values_for(game)
        return evaluator_for(game)

    # One iteration -------------------------------------------------------------------------------

    def _iterate(self, game: AnyGame, root: _Node, state: Any, evaluate: Evaluate) -> None:
        node = root
        path = [root]
        while not game.is_terminal(state):
            player = game.current_player(state)
            assert player is not None
            legal = self._legal(game, state)
            if node.order is None:
                node.order = self._rank(game, state, legal, player, evaluate, node.prior)
            allowed = self._allowed(node, legal)
            if node is root and self._include:  # tried first, so even a short search has them
                forced = [i for i in self._include if i in legal]
                allowed = forced + [i for i in allowed if i not in forced]
            if node is root and self._only:
                allowed = [i for i in legal if i in self._only] or allowed
            untried = [i for i in allowed if i not in node.children]
            for i in allowed:
                child = node.children.get(i)
                if child is not None:
                    child.avail += 1
            if untried:
                action_id = untried[0]
                child = _Node(mover=player)
                child.avail = 1
                if self.prior_visits > 0 and action_id in node.prior:
                    # the one-ply judgement counts as a few visits, so a short search starts
                    # from the greedy choice and leaves it only for a better-backed one
                    child.visits = self.prior_visits
                    child.total = self.prior_visits * self._reward(node.prior[action_id])
                node.children[action_id] = child
                state = game.apply(state, legal[action_id])
                path.append(child)
                break
            action_id = self._select(node, allowed)
            state = game.apply(state, legal[action_id])
            node = node.children[action_id]
            path.append(node)
        rewards = self._rewards(game, state, evaluate)
        root.visits += 1
        for step in path[1:]:
            step.visits += 1
            step.total += rewards[step.mover]

    def _legal(self, game: AnyGame, state: Any) -> dict[int, Any]:
        """The legal actions by id. A search meets the same actions again and again, so their
        ids are remembered for the decision (actions are immutable values)."""
        ids = self._ids
        legal = {}
        for action in game.legal_actions(state):
            action_id = ids.get(action)
            if action_id is None:
                action_id = ids[action] = game.action_to_id(action)
            legal[action_id] = action
        return legal

    def _rank(
        self,
        game: AnyGame,
        state: Any,
        legal: dict[int, Any],
        player: int,
        evaluate: Evaluate,
        prior: dict[int, float],
    ) -> list[int]:
        """Actions best first by the heuristic one ply ahead; ties in random order. Each value
        is kept in ``prior``: as it is, or, for a game whose evaluation is a seat's own worth
        (``prior_lead``), as the mover's lead over the best rival now (over the root's worth
        when solo), the same scale as a leaf's reward."""
        rival = 0.0
        if self.prior_lead and self.prior_visits > 0:
            seats = game.num_players(state)
            others = [evaluate(game, state, seat) for seat in range(seats) if seat != player]
            rival = max(others) if others else self._baseline
        keyed = [
            (evaluate(game, self._after(game, state, action), player), self.rng.random(), action_id)
            for action_id, action in legal.items()
        ]
        keyed.sort(reverse=True)
        prior.update((action_id, value - rival) for value, _, action_id in keyed)
        return [action_id for _, _, action_id in keyed]

    def _allowed(self, node: _Node, legal: dict[int, Any]) -> list[int]:
        """The node's best actions legal in this sample, as many as its visits allow."""
        width = int(self.widen_base + node.visits**self.widen_power)
        assert node.order is not None
        allowed = [i for i in node.order if i in legal][:width]
        if not allowed:  # a sample offered actions this node never ranked (hidden information)
            node.order.extend(i for i in legal if i not in node.order)
            allowed = [i for i in node.order if i in legal][:width]
        return allowed

    def _select(self, node: _Node, allowed: list[int]) -> int:
        c = self.exploration

        def ucb(action_id: int) -> float:
            child = node.children[action_id]
            return child.total / child.visits + c * math.sqrt(math.log(child.avail) / child.visits)

        return max(allowed, key=ucb)

    def _reward(self, lead: float) -> float:
        """A lead over the best rival as a reward in [0, 1]."""
        return 1.0 / (1.0 + math.exp(-lead / self.reward_scale))

    def _rewards(self, game: AnyGame, state: Any, evaluate: Evaluate) -> list[float]:
        seats = game.num_players(state)
        if self._values is not None:
            values = self._values(game, state)
        else:
            values = [evaluate(game, state, seat) for seat in range(seats)]
        if seats == 1:  # no rival to lead: progress over the position searched from
            return [self._reward(values[0] - self._baseline)]
        rewards = []
        for seat, value in enumerate(values):
            lead = value - max(v for other, v in enumerate(values) if other != seat)
            rewards.append(self._reward(lead))
        return rewards
