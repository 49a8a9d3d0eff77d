"""Interfaces for AI research over the one game protocol (:mod:`monolith.core.game`).

- :func:`encoder` per game: ``observation_tensor(state_or_view, seat)`` built from the seat's
  view only (a documented flat ``float32`` vector, see ``docs/research.md``) and
  ``action_mask(state_or_view)`` over ``num_actions``;
- rewards at the end: :func:`ranking_rewards` and :func:`score_rewards`;
- :func:`information_state_string`;
- environments: PettingZoo (:mod:`monolith.rl.monolyth_v0`, :mod:`monolith.rl.the_monolith_v0`),
  Gymnasium (:mod:`monolith.rl.solo`) and OpenSpiel (:mod:`monolith.rl.spiel`), each needing the
  ``[rl]`` extra.

Nothing below this layer imports it.
"""

from monolith.rl.encoders import (
    REWARDS,
    Encoder,
    action_mask,
    encoder,
    information_state_string,
    observation_tensor,
    ranking_rewards,
    score_rewards,
)
from monolith.rl.layout import Channel, Layout

__all__ = [
    "REWARDS",
    "Channel",
    "Encoder",
    "Layout",
    "action_mask",
    "encoder",
    "information_state_string",
    "observation_tensor",
    "ranking_rewards",
    "score_rewards",
]
