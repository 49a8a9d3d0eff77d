"""One-ply search: try every legal action and keep the one the game's heuristic likes best.

The evaluation comes from the game's ``heuristic`` companion (``evaluate(game, state, seat)``); a
game without one is judged by its own ``scores``: the bot's score less the best rival's, so that
denying a rival counts as much as scoring.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from monolith.bots.base import legal_list, sample_state
from monolith.core import AnyGame, JsonDict
from monolith.core.companions import WithAfterstate, companions

Evaluate = Callable[[AnyGame, Any, int], float]
Afterstate = Callable[[AnyGame, Any, Any], Any]

_TIE = 1e-9
"""Values closer than this are ties, broken at random so equal moves are not always the first."""


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


class GreedyBot:
    """Applies each legal action and picks the best resulting position for its own seat."""

    name = "greedy"

    def __init__(self, seed: int, evaluate: Evaluate | None = None) -> None:
        self.rng = random.Random(seed)
        self._fixed = evaluate
        self._by_game: dict[str, tuple[Evaluate, Afterstate]] = {}

    def _judge(self, game: AnyGame) -> tuple[Evaluate, Afterstate]:
        """The evaluation and how to look one ply ahead for it: a given evaluation may read
        anything, so it is shown full states."""
        if self._fixed is not None:
            return self._fixed, applied
        name = game.info.name
        if name not in self._by_game:
            self._by_game[name] = evaluator_for(game), afterstate_for(game)
        return self._by_game[name]

    def choose(self, game: AnyGame, view: JsonDict, seat: int) -> Any:
        """One ply on one sampled state: a sample shows everything the seat can see, and the
        heuristic judges the seat's own position, which the unseen parts do not change."""
        state = sample_state(game, view, self.rng)
        actions = legal_list(game, state)
        if len(actions) == 1:
            return actions[0]
        evaluate, after = self._judge(game)
        best: list[Any] = []
        best_value = float("-inf")
        for action in actions:
            value = evaluate(game, after(game, state, action), seat)
            if value > best_value + _TIE:
                best, best_value = [action], value
            elif value >= best_value - _TIE:
                best.append(action)
        return self.rng.choice(best)
