"""Wrappers for the research environments.

:class:`ShuffledActionIds` renumbers a Gymnasium environment's action ids by a fixed random
permutation. Monolyth's ids are laid out by kind and, for placements, by the cells filled in
64-bit order, so lower ids fill lower cells: a policy with a bias to low ids (an untrained
network's argmax, "the first legal action") builds the board bottom-up and scores 24 in solo
Monolyth on every seed. Shuffled ids take that structure away from such a baseline; an agent
that wants the structure reads ``monolith.rl.actions.action_layout`` instead.
"""

from __future__ import annotations

from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt

from monolith.rl.encoders import checked_action_id


class ShuffledActionIds(gymnasium.Wrapper[Any, Any, Any, Any]):
    """``env`` with action id ``j`` meaning the wrapped environment's ``to_env[j]``; the mask
    in the observation (and in ``info["action_mask"]``) is permuted the same way. The
    permutation comes from ``seed`` alone, so it is the same in every episode and process."""

    def __init__(self, env: gymnasium.Env[Any, Any], seed: int = 0) -> None:
        super().__init__(env)
        n = int(env.action_space.n)  # type: ignore[attr-defined] # a Discrete space
        self.num_actions = n
        self.to_env: npt.NDArray[np.int64] = np.random.default_rng(seed).permutation(n)
        """Per id of this wrapper, the wrapped environment's id."""
        self.from_env: npt.NDArray[np.int64] = np.argsort(self.to_env)
        """Per id of the wrapped environment, this wrapper's id."""

    def _shuffled(self, observation: Any, info: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        observation = dict(observation)
        observation["action_mask"] = observation["action_mask"][self.to_env]
        if "action_mask" in info:
            info = {**info, "action_mask": info["action_mask"][self.to_env]}
        return observation, info

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        observation, info = self.env.reset(seed=seed, options=options)
        return self._shuffled(observation, info)

    def step(self, action: Any) -> tuple[Any, SupportsFloat, bool, bool, dict[str, Any]]:
        action_id = checked_action_id(action, self.num_actions, "the action")
        observation, reward, terminated, truncated, info = self.env.step(self.to_env[action_id])
        observation, info = self._shuffled(observation, info)
        return observation, reward, terminated, truncated, info
