"""One-ply search: try every legal action and keep the one the game's heuristic likes best.

The evaluation comes from the game's ``heuristic`` companion (``evaluate(game, state, seat)``); a
game without one is judged by its own ``scores``: the bot's score less the best rival's, so that
denying a rival counts as much as scoring.

Judged one ply at a time, a bot wanders: it starts a march whose first step looks poor and walks
it back, or moves a piece out and, its next action, straight back in. A heuristic that ships a
*planner* (:class:`~monolith.core.companions.WithPlanner`: ``follow_through``, ``plan_key``,
``plan_seed``, ``reverse_of`` and ``next_turn``) gives the bot follow-through:

- an order made of several small decisions (The Monolith's march: start, steps, drop-offs, stop)
  is judged by the best end it can reach without passing the same point twice, and the bot takes
  the first decision of that plan. It plans again at every decision, from the view alone (a bot
  keeps no memory between decisions), on the hidden cards ``plan_seed`` imagines the same way for
  the whole order, so it finds the same end and carries the march out;
- a move the bot would undo with its very next decision (``reverse_of`` names the undoing move;
  when others play first, ``next_turn`` shows the bot's next turn as if it began at once) is
  passed over for the best move it would not undo: going out and back buys nothing.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from typing import Any

from monolith.bots.base import legal_list, sample_state
from monolith.core import AnyGame, JsonDict
from monolith.core.companions import WithAfterstate, WithPlanner, companions

Evaluate = Callable[[AnyGame, Any, int], float]
Afterstate = Callable[[AnyGame, Any, Any], Any]

_TIE = 1e-9
"""Values closer than this are ties, broken at random so equal moves are not always the first."""
_LONGER = 1e-6
"""What each further decision of a plan costs: of two plans with the same end, the shorter is
taken (a free step back and a stop are otherwise equal, and a bot that takes it wanders)."""
WANDER_CHECKS = 6
"""At most this many moves are tried for being walked back; past them only a move nothing undoes
is taken (the best of all when there is none)."""


def score_lead(game: AnyGame, state: Any, seat: int) -> float:
    """The fallback evaluation: own score minus the best other score (own score when solo)."""
    scores = game.scores(state)
    rivals = [score for other, score in enumerate(scores) if other != seat]
    return scores[seat] - (max(rivals) if rivals else 0.0)


def evaluator_for(game: AnyGame) -> Evaluate:
    """The game's heuristic ``evaluate`` if it ships one, else :func:`score_lead`."""
    module = companions(game).heuristic
    return module.evaluate if module is not None else score_lead


def applied(game: AnyGame, state: Any, action: Any) -> Any:
    """The state after ``action``: the game's own ``apply``."""
    return game.apply(state, action)


def afterstate_for(game: AnyGame) -> Afterstate:
    """The game's heuristic ``afterstate`` if it ships one (the state after an action as far as
    its ``evaluate`` reads it, cheaper than the full move), else the game's own ``apply``."""
    module = companions(game).heuristic
    return module.afterstate if isinstance(module, WithAfterstate) else applied


def planner_for(game: AnyGame) -> WithPlanner | None:
    """The heuristic if it ships every part of a planner, else ``None`` (every decision is then
    judged one ply ahead, as it stands)."""
    module = companions(game).heuristic
    return module if isinstance(module, WithPlanner) else None


class GreedyBot:
    """Applies each legal action and picks the best resulting position for its own seat, with
    follow-through where the game gives a planner."""

    name = "greedy"

    def __init__(
        self, seed: int, evaluate: Evaluate | None = None, *, follow_through: bool = True
    ) -> None:
        """``follow_through=False`` judges every decision one ply ahead, as the bot did before
        it planned (cheaper: for playouts that need many games of a fixed, quick player)."""
        self.rng = random.Random(seed)
        self._fixed = evaluate
        self._plans = follow_through
        self._by_game: dict[str, tuple[Evaluate, Afterstate, WithPlanner | None]] = {}

    def _judge(self, game: AnyGame) -> tuple[Evaluate, Afterstate, WithPlanner | None]:
        """The evaluation, how to look one ply ahead for it, and the game's planner: a given
        evaluation may read anything, so it is shown full states."""
        planner = planner_for(game) if self._plans else None
        if self._fixed is not None:
            return self._fixed, applied, planner
        name = game.info.name
        if name not in self._by_game:
            self._by_game[name] = evaluator_for(game), afterstate_for(game), planner
        return self._by_game[name]

    def choose(self, game: AnyGame, view: JsonDict, seat: int) -> Any:
        """One ply on one sampled state: a sample shows everything the seat can see, and the
        heuristic judges the seat's own position, which the unseen parts do not change."""
        evaluate, after, planner = self._judge(game)
        if planner is None:
            state = sample_state(game, view, self.rng)
            actions = legal_list(game, state)
            if len(actions) == 1:
                return actions[0]
            valued = [(evaluate(game, after(game, state, a), seat), a) for a in actions]
            return self._best(valued)
        fixed = planner.plan_seed(view, seat)
        if fixed is None:
            state = sample_state(game, view, self.rng)
        else:  # every decision of one order imagines the same hidden cards
            state = game.determinize(view, fixed)
        actions = planner.follow_through(game, state, seat) or legal_list(game, state)
        if len(actions) == 1:
            return actions[0]
        seen = frozenset({planner.plan_key(state)})
        valued = [
            (self._planned(game, state, a, seat, evaluate, planner, seen), a) for a in actions
        ]
        return self._kept(game, state, seat, valued, evaluate, planner)

    def _best(self, valued: list[tuple[float, Any]]) -> Any:
        """The best-valued action, ties broken at random."""
        top = max(value for value, _ in valued)
        return self.rng.choice([a for value, a in valued if value >= top - _TIE])

    def _kept(
        self,
        game: AnyGame,
        state: Any,
        seat: int,
        valued: list[tuple[float, Any]],
        evaluate: Evaluate,
        planner: WithPlanner,
    ) -> Any:
        """The best action the bot would not walk straight back with its next decision."""
        self.rng.shuffle(valued)  # ties in random order; the sort below is stable
        ranked = sorted(valued, key=lambda pair: -pair[0])
        checks = 0
        for _, action in ranked:
            undo = planner.reverse_of(action)
            if undo is None:
                return action
            if checks < WANDER_CHECKS:  # past them, only moves nothing undoes are taken
                checks += 1
                if not self._walked_back(game, state, seat, action, undo, evaluate, planner):
                    return action
        return ranked[0][1]

    def _walked_back(
        self,
        game: AnyGame,
        state: Any,
        seat: int,
        action: Any,
        undo: Any,
        evaluate: Evaluate,
        planner: WithPlanner,
    ) -> bool:
        """Whether ``undo`` is among the bot's best next moves after ``action`` (its next turn
        taken as beginning at once when others play first)."""
        moved = game.apply(state, action)
        if game.is_terminal(moved):
            return False
        if game.current_player(moved) != seat:
            moved = planner.next_turn(game, moved, seat)
            if moved is None:
                return False
        replies = [(evaluate(game, game.apply(moved, a), seat), a) for a in legal_list(game, moved)]
        top = max(value for value, _ in replies)
        undo_id = game.action_to_id(undo)
        return any(value >= top - _TIE and game.action_to_id(a) == undo_id for value, a in replies)

    def _planned(
        self,
        game: AnyGame,
        state: Any,
        action: Any,
        seat: int,
        evaluate: Evaluate,
        planner: WithPlanner,
        seen: frozenset[Hashable],
    ) -> float:
        """``action``'s value: the position after it, or, when it starts or goes on with an
        order, the best end of that order reachable without passing a point of ``seen``
        again (a return is a march walked back)."""
        moved = game.apply(state, action)
        moves = planner.follow_through(game, moved, seat)
        if moves is None:
            return evaluate(game, moved, seat)
        here = planner.plan_key(moved)
        if here in seen:
            return float("-inf")
        seen = seen | {here}
        best = max(
            (self._planned(game, moved, a, seat, evaluate, planner, seen) for a in moves),
            default=evaluate(game, moved, seat),
        )
        return best - _LONGER
