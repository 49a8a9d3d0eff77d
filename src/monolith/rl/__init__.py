"""Interfaces for AI research over the one game protocol (:mod:`monolith.core.game`).

- :func:`encoder` per game: ``observation_tensor(state_or_view, seat)`` built from the seat's
  view only (a documented flat ``float32`` vector, see ``docs/research.md``) and
  ``action_mask(state_or_view)`` over ``num_actions``;
- :func:`action_layout` per game: the blocks of action ids by kind, and an id decoded into a
  factorised head (:mod:`monolith.rl.actions`);
- rewards at the end: :func:`ranking_rewards` and :func:`score_rewards`;
- :func:`information_state_string`;
- environments: PettingZoo (``monolith.rl.<name>_v0`` for every game with an encoder, built
  from the registry by :mod:`monolith.rl.environments`: ``monolyth_v0``, ``the_monolith_v0``),
  Gymnasium (:mod:`monolith.rl.solo`, every game with a solo mode) and OpenSpiel
  (:mod:`monolith.rl.spiel`), each needing the ``[rl]`` extra;
- a game's ``vector`` companion, batches of games stepped as numpy arrays (Monolyth's:
  :mod:`monolith.games.monolyth.vector`, also importable as ``monolith.rl.vector``).

Nothing below this layer imports it.
"""

from types import ModuleType

from monolith.core.layout import random_actions
from monolith.rl import environments
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
    "random_actions",
    "ranking_rewards",
    "score_rewards",
]

environments.install()


def __getattr__(name: str) -> ModuleType:
    """``from monolith.rl import monolyth_v0``: a game's PettingZoo module, imported on demand."""
    if name.endswith(environments.SUFFIX) or name in environments.MOVED:
        import importlib

        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError:
            pass
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
