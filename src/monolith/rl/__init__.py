"""Interfaces for AI research over the one game protocol (:mod:`monolith.core.game`).

- :func:`encoder` per game: ``observation_tensor(state_or_view, seat)`` built from the seat's
  view only (a documented flat ``float32`` vector, see ``docs/research.md``) and
  ``action_mask(state_or_view)`` over ``num_actions``;
- :func:`action_layout` per game: the blocks of action ids by kind, and an id decoded into a
  factorised head (:mod:`monolith.rl.actions`);
- rewards at the end: :func:`ranking_rewards` and :func:`score_rewards`;
- :func:`information_state_string`;
- environments: PettingZoo (:mod:`monolith.rl.monolyth_v0`, :mod:`monolith.rl.the_monolith_v0`),
  Gymnasium (:mod:`monolith.rl.solo`) and OpenSpiel (:mod:`monolith.rl.spiel`), each needing the
  ``[rl]`` extra;
- Monolyth vectorised (:mod:`monolith.rl.vector`): batches of games stepped as numpy arrays,
  exactly the engine's rules.

Nothing below this layer imports it.
"""

from monolith.rl.actions import ActionBlock, ActionLayout, Axis, Decoded, action_layout
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
    "ActionBlock",
    "ActionLayout",
    "Axis",
    "Channel",
    "Decoded",
    "Encoder",
    "Layout",
    "action_layout",
    "action_mask",
    "encoder",
    "information_state_string",
    "observation_tensor",
    "ranking_rewards",
    "score_rewards",
]
