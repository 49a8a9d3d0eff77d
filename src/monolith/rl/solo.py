"""Solo Monolyth as a Gymnasium environment: ``gymnasium.make("monolith/SoloMonolyth-v0")``.

One player builds against the rival who takes a piece after every turn. The observation is a
dict: ``observation``, the encoded view (see :mod:`monolith.rl`), and ``action_mask``, 1 for
each legal action id (also in ``info["action_mask"]``). The reward comes at the end: the final
score (the solo rating bands are 20, 30 and 40). An illegal action ends the episode with
``illegal_reward`` and ``info["illegal"]``, as PettingZoo's classic games do, so an agent
sampling the whole action space still gets a well-formed episode.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from monolith.core import IllegalAction
from monolith.games.monolyth.rules import State
from monolith.rl.encoders import Mask, checked_action_id, encoder, score_rewards
from monolith.rl.layout import Tensor

Observation = dict[str, Tensor | Mask]
ENV_ID = "monolith/SoloMonolyth-v0"


class SoloMonolythEnv(gymnasium.Env[Observation, np.int64]):
    """Solo Monolyth; ``reset(seed=...)`` deals a new game, the same seed the same game."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 - read on the class

    def __init__(
        self,
        render_mode: str | None = None,
        options: dict[str, object] | None = None,
        illegal_reward: float = -1.0,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.render_mode = render_mode
        self.encoder = encoder("monolyth")
        self.game = self.encoder.game
        self.options = self.game.info.resolve_options(options)
        self.illegal_reward = illegal_reward
        self.observation_space: spaces.Space[Any] = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, self.encoder.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoder.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        self.game_state: State | None = None
        """The engine's state of the game."""
        self._over = True
        """The episode has ended (the game's end or an illegal action): ``step`` needs a reset."""

    def _observe(self) -> tuple[Observation, dict[str, Any]]:
        mask = self.encoder.action_mask(self.game_state)
        observation: Observation = {
            "observation": self.encoder.observation_tensor(self.game_state, 0),
            "action_mask": mask,
        }
        return observation, {"action_mask": mask.copy()}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self.game_state = self.game.new_game(players=1, seed=game_seed, options=self.options)
        self._over = False
        return self._observe()

    def step(
        self, action: np.integer[Any] | int | npt.NDArray[np.integer[Any]]
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Take ``action``, an id of the action space (a Python or numpy integer): another
        type or an id outside the space is refused and changes nothing; an id the rules do not
        allow now ends the episode. After the end, only ``reset`` goes on."""
        if self.game_state is None or self._over:
            raise RuntimeError("the episode is over: call reset() first")
        action_id = checked_action_id(action, self.encoder.num_actions, "the action")
        try:
            self.game_state = self.game.apply(self.game_state, self.game.action_from_id(action_id))
        except IllegalAction as refused:
            self._over = True
            observation, info = self._observe()
            info |= {"illegal": str(refused)}
            return observation, self.illegal_reward, True, False, info
        done = self._over = self.game.is_terminal(self.game_state)
        reward = score_rewards(self.game, self.game_state)[0] if done else 0.0
        observation, info = self._observe()
        if done:
            info["rating"] = self.game.solo_rating(self.game_state)
        return observation, reward, done, False, info

    def render(self) -> str | None:
        """``ansi``: the turn, the score and, at the end, the rating."""
        if self.render_mode is None or self.game_state is None:
            return None
        score = self.game.score(self.game_state, 0)
        if self.game.is_terminal(self.game_state):
            return f"Solo Monolyth over: {score} points, {self.game.solo_rating(self.game_state)}"
        return f"Solo Monolyth turn {self.game_state.turn}: {score} points"


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="monolith.rl.solo:SoloMonolythEnv")


class SoloMonolythVectorEnv(gymnasium.vector.VectorEnv[Observation, Any, Any]):
    """``num_envs`` games of solo Monolyth stepped together as arrays
    (:class:`monolith.rl.vector.MonolythVector`), as a Gymnasium vector environment. The
    observation is a dict of ``observation`` ``float32 [B, 1734]`` and ``action_mask``
    ``int8 [B, 11669]``; the reward is the final score, at the end. A finished game deals a new
    one in the same step (``autoreset_mode`` ``SAME_STEP``): that row's observation is the new
    game's. An action not legal in its row is refused (``ValueError``) and changes nothing."""

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}  # noqa: RUF012

    def __init__(self, num_envs: int, options: dict[str, object] | None = None) -> None:
        from monolith.rl.vector import MonolythVector

        self.num_envs = num_envs
        self._options = options
        self._make = MonolythVector
        self.vector = MonolythVector(num_envs, 1, seed=0, reward="score", options=options)
        enc = self.vector.encoder
        self.single_observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, enc.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (enc.num_actions,), np.int8),
            }
        )
        self.single_action_space = spaces.Discrete(enc.num_actions)
        self.observation_space = gymnasium.vector.utils.batch_space(
            self.single_observation_space, num_envs
        )
        self.action_space = gymnasium.vector.utils.batch_space(self.single_action_space, num_envs)

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """New games in every row; a ``seed`` starts the stream of deals again."""
        if seed is not None:
            self.vector = self._make(
                self.num_envs, 1, seed=seed, reward="score", options=self._options
            )
        observation, mask = self.vector.reset()
        return {"observation": observation, "action_mask": mask.view(np.int8)}, {}

    def step(self, actions: Any) -> tuple[Observation, Any, Any, Any, dict[str, Any]]:
        observation, mask, rewards, terminated = self.vector.step(actions)
        truncated = np.zeros(self.num_envs, dtype=np.bool_)
        obs: Observation = {"observation": observation, "action_mask": mask.view(np.int8)}
        return obs, rewards[:, 0].astype(np.float64), terminated, truncated, {}
