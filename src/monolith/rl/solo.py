"""Every game with a solo mode and an encoder as a Gymnasium environment, registered on import
as ``monolith/Solo<Title>-v0``: ``gymnasium.make("monolith/SoloMonolyth-v0")`` (in Monolyth
one player builds against the rival who takes a piece after every turn).

The observation is a dict: ``observation``, the encoded view (see :mod:`monolith.rl`), and
``action_mask``, 1 for each legal action id (also in ``info["action_mask"]``). The reward comes
at the end: the final score (and ``info["rating"]`` for a game that rates solo scores). An
illegal action ends the episode with ``illegal_reward`` and ``info["illegal"]``, as PettingZoo's
classic games do, so an agent sampling the whole action space still gets a well-formed episode.

:class:`SoloEnv` takes the game's name; ``Solo<Title>Env`` (``SoloMonolythEnv``) is the same
with the game fixed, and ``Solo<Title>VectorEnv`` the game's ``vector`` companion as a Gymnasium
vector environment (:class:`SoloVectorEnv`), each built on first use from the registry.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from monolith.core import IllegalAction, companions
from monolith.core.game import SoloRating, conforms
from monolith.games import get_game, registry
from monolith.rl.encoders import Mask, checked_action_id, encoder, score_rewards
from monolith.rl.layout import Tensor

Observation = dict[str, Tensor | Mask]


def solo_games() -> dict[str, str]:
    """The games with a solo mode and an encoder, by their environment's title word
    (``Monolyth``: ``monolyth``)."""
    return {
        game.info.title.replace(" ", ""): name
        for name, game in registry().items()
        if game.info.min_players == 1 and companions(game).encoder is not None
    }


def env_id(game: str) -> str:
    """The Gymnasium id of ``game``'s solo environment (``monolith/SoloMonolyth-v0``)."""
    return f"monolith/Solo{get_game(game).info.title.replace(' ', '')}-v0"


class SoloEnv(gymnasium.Env[Observation, np.int64]):
    """One player alone at ``game``'s table; ``reset(seed=...)`` deals a new game, the same
    seed the same game."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 - read on the class
    game_name = ""
    """The game of the ``Solo<Title>Env`` classes, which take no ``game`` argument."""

    def __init__(
        self,
        render_mode: str | None = None,
        options: dict[str, object] | None = None,
        illegal_reward: float = -1.0,
        *,
        game: str | None = None,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        name = game or self.game_name
        if not name:
            raise ValueError("name the game: SoloEnv(game='monolyth')")
        self.render_mode = render_mode
        self.encoder = encoder(name)
        self.game = self.encoder.game
        self.game.info.check_players(1)
        self.options = self.game.info.resolve_options(options)
        self.illegal_reward = illegal_reward
        self.observation_space: spaces.Space[Any] = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, self.encoder.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoder.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(self.encoder.num_actions)
        self.game_state: Any = None
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
        if done and conforms(self.game, SoloRating):
            info["rating"] = self.game.solo_rating(self.game_state)
        return observation, reward, done, False, info

    def render(self) -> str | None:
        """``ansi``: the turn, the score and, at the end, the rating."""
        if self.render_mode is None or self.game_state is None:
            return None
        title = self.game.info.title
        score = self.game.score(self.game_state, 0)
        if self.game.is_terminal(self.game_state):
            rating = (
                f", {self.game.solo_rating(self.game_state)}"
                if conforms(self.game, SoloRating)
                else ""
            )
            return f"Solo {title} over: {score} points{rating}"
        return f"Solo {title} turn {self.game_state.turn}: {score} points"


class SoloVectorEnv(gymnasium.vector.VectorEnv[Observation, Any, Any]):
    """``num_envs`` solo games of ``game`` stepped together as arrays (the game's ``vector``
    companion, Monolyth's :class:`~monolith.games.monolyth.vector.MonolythVector`), as a
    Gymnasium vector environment. The observation is a dict of ``observation`` ``float32 [B,
    size]`` and ``action_mask`` ``int8 [B, actions]``; the reward is the final score, at the end.
    A finished game deals a new one in the same step (``autoreset_mode`` ``SAME_STEP``): that
    row's observation is the new game's. An action not legal in its row is refused
    (``ValueError``) and changes nothing."""

    metadata = {"autoreset_mode": gymnasium.vector.AutoresetMode.SAME_STEP}  # noqa: RUF012
    game_name = ""
    """The game of the ``Solo<Title>VectorEnv`` classes, which take no ``game`` argument."""

    def __init__(
        self, num_envs: int, options: dict[str, object] | None = None, *, game: str | None = None
    ) -> None:
        name = game or self.game_name
        make = companions(get_game(name)).vector if name else None
        if make is None:
            raise ValueError(f"{name or 'no game'} has no vector companion to step in batches")
        self.num_envs = num_envs
        self._options = options
        self._make = make
        self.vector = make(num_envs, 1, seed=0, reward="score", options=options)
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


for _title, _game in solo_games().items():
    if env_id(_game) not in gymnasium.registry:
        gymnasium.register(
            id=env_id(_game), entry_point="monolith.rl.solo:SoloEnv", kwargs={"game": _game}
        )


def __getattr__(name: str) -> type:
    """``SoloMonolythEnv`` and ``SoloMonolythVectorEnv``: :class:`SoloEnv` and
    :class:`SoloVectorEnv` with the game fixed, built once from the registry."""
    for base, suffix in ((SoloVectorEnv, "VectorEnv"), (SoloEnv, "Env")):
        title = name.removeprefix("Solo").removesuffix(suffix)
        if name.startswith("Solo") and name.endswith(suffix) and title in solo_games():
            made = type(name, (base,), {"game_name": solo_games()[title], "__module__": __name__})
            globals()[name] = made
            return made
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
