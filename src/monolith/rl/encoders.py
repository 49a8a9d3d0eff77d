"""One entry point per game for learning code: :func:`encoder` gives the game's observation
encoder and action mask; rewards and information-state strings work for any game."""

from __future__ import annotations

import json
import operator
from functools import cache
from typing import Any

import numpy as np

from monolith.core import AnyGame, JsonDict, companions
from monolith.core.layout import Encoder, Mask, Tensor
from monolith.games import get_game

__all__ = [
    "REWARDS",
    "Encoder",
    "Mask",
    "action_mask",
    "checked_action_id",
    "encoder",
    "information_state_string",
    "observation_tensor",
    "ranking_rewards",
    "score_rewards",
]


@cache
def encoder(name: str) -> Encoder:
    """The encoder of the game called ``name``, made once: the game's ``encoder`` companion."""
    make = companions(get_game(name)).encoder
    if make is None:
        raise KeyError(f"the game {name!r} ships no encoder (no ``encoder`` companion)")
    return make()


def observation_tensor(game: AnyGame, state_or_view: Any, seat: int) -> Tensor:
    """``seat``'s observation of a state (or of its own view) in ``game``."""
    return encoder(game.info.name).observation_tensor(state_or_view, seat)


def action_mask(game: AnyGame, state_or_view: Any, seat: int | None = None) -> Mask:
    """1 for each legal action id of the deciding player, over ``game.info.num_actions``."""
    return encoder(game.info.name).action_mask(state_or_view, seat)


def ranking_rewards(game: AnyGame, state: Any) -> tuple[float, ...]:
    """Each seat's reward at the end, from its place: the winner 1, the last -1, evenly in
    between (they add up to 0); a solo game has nobody to rank against, so 0. Before the end
    every reward is 0."""
    n = game.num_players(state)
    if not game.is_terminal(state) or n == 1:
        return (0.0,) * n
    rewards = [0.0] * n
    for place, seat in enumerate(game.ranking(state)):
        rewards[seat] = 1.0 - 2.0 * place / (n - 1)
    return tuple(rewards)


def score_rewards(game: AnyGame, state: Any) -> tuple[float, ...]:
    """Each seat's reward at the end, from the scores: its score less the mean of the others'
    (they add up to 0); solo, the score itself. Before the end every reward is 0."""
    n = game.num_players(state)
    if not game.is_terminal(state):
        return (0.0,) * n
    scores = game.scores(state)
    if n == 1:
        return (float(scores[0]),)
    total = sum(scores)
    return tuple(float(s - (total - s) / (n - 1)) for s in scores)


REWARDS = {"ranking": ranking_rewards, "score": score_rewards}
"""Reward schemes by name, for the environments' ``reward`` option."""


def information_state_string(game: AnyGame, state_or_view: Any, seat: int) -> str:
    """Everything ``seat`` knows, as one string: its view in compact, key-sorted JSON (the
    view holds the position, every public card and chance event so far, and the seat's own
    secrets). Two states give the same string exactly when the seat cannot tell them apart."""
    view: JsonDict = (
        state_or_view if isinstance(state_or_view, dict) else game.view(state_or_view, seat)
    )
    return json.dumps(view, sort_keys=True, separators=(",", ":"))


def checked_action_id(action: object, num_actions: int, who: str = "the action") -> int:
    """``action`` as an id of ``Discrete(num_actions)``: a Python or numpy integer, or a
    0-d integer array (as ``np.array(a)``); anything else is refused with an error naming the
    space (a float is not rounded: ``3.7`` is no action id)."""
    if isinstance(action, bool | float | np.floating | np.bool_):
        raise TypeError(f"{who} must be an integer id in Discrete({num_actions}), not {action!r}")
    try:
        action_id = operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(
            f"{who} must be an integer id in Discrete({num_actions}), not {action!r}"
        ) from None
    if not 0 <= action_id < num_actions:
        raise ValueError(
            f"{who} must be an id in Discrete({num_actions}) (0-{num_actions - 1}), not {action_id}"
        )
    return action_id
