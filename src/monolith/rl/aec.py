"""Both games as PettingZoo AEC environments (``monolyth_v0``, ``the_monolith_v0``).

Agents are ``player_0`` ... by seat. Each observation is a dict: ``observation``, the agent's
encoded view (see :mod:`monolith.rl`), and ``action_mask``, 1 for each legal action id of the
agent to move (all 0 for the others). An action is an id in ``Discrete(num_actions)``. Rewards
come once, at the end: ``ranking`` (winner 1, last -1, evenly between) or ``score`` (score less
the others' mean).

The environment itself does what PettingZoo's three wrappers for classic games add to theirs
(``TerminateIllegalWrapper``, ``AssertOutOfBoundsWrapper``, ``OrderEnforcingWrapper``): an id
outside the action space is refused; an illegal action ends the game with ``illegal_reward``
(-1) for its player and 0 for the others, everyone terminated and truncated, with a warning;
observing, stepping or rendering before ``reset`` is an error, and stepping once every agent is
done a warning. So ``env()`` and ``raw_env()`` are the same environment: a wrapper layer costs
every attribute read a hop, which shows in a game whose turns are as quick as these.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from monolith.games import get_game
from monolith.rl.encoders import REWARDS, Mask, encoder
from monolith.rl.layout import Tensor

Observation = dict[str, Tensor | Mask]


class MonolithEnv(AECEnv[str, Observation, int]):
    """One game of ``game`` for ``players`` agents; ``reset(seed)`` deals a new one."""

    def __init__(
        self,
        game: str,
        *,
        players: int = 2,
        options: Mapping[str, object] | None = None,
        reward: str = "ranking",
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
    ) -> None:
        super().__init__()
        self.game = get_game(game)
        self.game.info.check_players(players)
        self.options = self.game.info.resolve_options(options)
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.metadata = {
            "name": game.replace("-", "_") + "_v0",
            "render_modes": ["ansi"],
            "is_parallelizable": False,
        }
        self.reward = REWARDS[reward]
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.encoder = encoder(game)
        self.players = players
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self._seats = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        shared = spaces.Dict(
            {
                "observation": spaces.Box(0.0, 1.0, self.encoder.shape, np.float32),
                "action_mask": spaces.Box(0, 1, (self.encoder.num_actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, shared)
        self.action_spaces = {
            agent: spaces.Discrete(self.encoder.num_actions) for agent in self.possible_agents
        }
        self._apply_legal = getattr(self.game, "apply_legal", self.game.apply)
        """``apply`` without the checks, where the rules offer that: ``step`` has checked the
        action against the mask, which holds exactly the legal actions."""
        self._actions: dict[int, Any] = {}
        """Each action id's action, made once: actions are immutable values."""
        self.np_random, _ = seeding.np_random(None)
        self.state: Any = None
        self._seen: dict[int, Observation] = {}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; the same ``seed`` deals the same game."""
        if seed is not None or self.state is None:
            self.np_random, _ = seeding.np_random(seed)
        game_seed = int(self.np_random.integers(2**62))
        self.state = self.game.new_game(players=self.players, seed=game_seed, options=self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._seen = {}
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self) -> str:
        seat = self.game.current_player(self.state)
        return self.possible_agents[0 if seat is None else seat]

    def observe(self, agent: str) -> Observation:
        """The agent's encoded view and, if it is to move, its legal actions."""
        if self.state is None:
            EnvLogger.error_observe_before_reset()
        seat = self._seats[agent]
        seen = self._seen.get(seat)
        if seen is None:
            if seat == self.game.current_player(self.state):
                mask = self.encoder.action_mask(self.state)
            else:
                mask = np.zeros(self.encoder.num_actions, dtype=np.int8)
            seen = {
                "observation": self.encoder.observation_tensor(self.state, seat),
                "action_mask": mask,
            }
            self._seen[seat] = seen
        return seen

    def step(self, action: int | None) -> None:
        """The agent to move takes ``action`` (an id); a finished agent steps with ``None``."""
        if self.state is None:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        num_actions = self.encoder.num_actions
        if action is None or not 0 <= action < num_actions:
            raise ValueError(f"{agent} must give an action id in 0-{num_actions - 1}, not {action}")
        seat = self._seats[agent]
        seen = self._seen.get(seat)
        if not (seen or self.observe(agent))["action_mask"][action]:
            self._illegal(agent)
            return
        game = self.game
        self._cumulative_rewards[agent] = 0.0
        move = self._actions.get(action)
        if move is None:
            move = self._actions[int(action)] = game.action_from_id(int(action))
        self.state = state = self._apply_legal(self.state, move)
        self._seen = {}
        if game.is_terminal(state):
            rewards = self.reward(game, state)
            for a in self.agents:
                self.rewards[a] = rewards[self._seats[a]]
                self.terminations[a] = True
            self.agent_selection = self.possible_agents[(seat + 1) % self.players]
            self._accumulate_rewards()
        else:  # every reward is 0 until the end: nothing to accumulate
            self.agent_selection = self._agent_to_move()

    def _illegal(self, agent: str) -> None:
        """An illegal action ends the game: ``illegal_reward`` for its player, 0 for the rest
        (what PettingZoo's ``TerminateIllegalWrapper`` does for classic games)."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = float(self.illegal_reward)
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        """``ansi``: the turn, who is to move and the scores, in one line."""
        if self.state is None:
            EnvLogger.error_render_before_reset()
        if self.render_mode is None:
            return None
        scores = ", ".join(
            f"player_{seat} {score:g}" for seat, score in enumerate(self.game.scores(self.state))
        )
        mover = "over" if self.game.is_terminal(self.state) else f"{self.agent_selection} to move"
        return f"{self.game.info.title}: {mover}; scores: {scores}"

    def close(self) -> None:
        self.state = None
        self._seen = {}
