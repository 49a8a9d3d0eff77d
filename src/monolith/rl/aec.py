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

from monolith.core import IllegalAction
from monolith.games import get_game
from monolith.rl.encoders import REWARDS, Mask, checked_action_id, encoder
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
        self.game_state: Any = None
        """The engine's state of the game (not PettingZoo's ``state()``, a global observation
        for centralised training, which these games do not offer: The Monolith's full state
        holds every hidden card)."""
        self._seen: dict[int, tuple[Tensor, Mask]] = {}
        """Per seat, its observation and mask this turn: the environment's own, never handed
        out (``observe`` gives copies), so ``step`` checks an action against the legal set."""

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; the same ``seed`` deals the same game."""
        if seed is not None or self.game_state is None:
            self.np_random, _ = seeding.np_random(seed)
        game_seed = int(self.np_random.integers(2**62))
        self.game_state = self.game.new_game(
            players=self.players, seed=game_seed, options=self.options
        )
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._seen = {}
        self.agent_selection = self._agent_to_move()

    def _agent_to_move(self) -> str:
        seat = self.game.current_player(self.game_state)
        return self.possible_agents[0 if seat is None else seat]

    def observe(self, agent: str) -> Observation:
        """The agent's encoded view and, if it is to move, its legal actions: the caller's own
        copies (writing to them changes nothing here)."""
        if self.game_state is None:
            EnvLogger.error_observe_before_reset()
        observation, mask = self._seen.get(self._seats[agent]) or self._see(agent)
        return {"observation": observation.copy(), "action_mask": mask.copy()}

    def _see(self, agent: str) -> tuple[Tensor, Mask]:
        """The agent's observation and mask this turn, computed once and kept."""
        seat = self._seats[agent]
        if seat == self.game.current_player(self.game_state):
            mask = self.encoder.action_mask(self.game_state)
        else:
            mask = np.zeros(self.encoder.num_actions, dtype=np.int8)
        seen = self._seen[seat] = (self.encoder.observation_tensor(self.game_state, seat), mask)
        return seen

    def step(self, action: int | None) -> None:
        """The agent to move takes ``action`` (an id: a Python or numpy integer); a finished
        agent steps with ``None``. An id outside the action space is refused (``TypeError`` for
        a non-integer, ``ValueError`` out of range); one the rules do not allow now ends the
        game (see :meth:`_illegal`)."""
        if self.game_state is None:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        action = checked_action_id(action, self.encoder.num_actions, f"{agent}'s action")
        seat = self._seats[agent]
        _, legal = self._seen.get(seat) or self._see(agent)
        if not legal[action]:
            self._illegal(agent)
            return
        game = self.game
        move = self._actions.get(action)
        if move is None:
            move = self._actions[action] = game.action_from_id(action)
        try:
            state = self._apply_legal(self.game_state, move)
        except IllegalAction:  # pragma: no cover - the mask holds exactly the legal actions
            self._illegal(agent)
            return
        self._cumulative_rewards[agent] = 0.0
        self.game_state = state
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
        if self.game_state is None:
            EnvLogger.error_render_before_reset()
        if self.render_mode is None:
            return None
        scores = ", ".join(
            f"player_{seat} {score:g}"
            for seat, score in enumerate(self.game.scores(self.game_state))
        )
        mover = (
            "over" if self.game.is_terminal(self.game_state) else f"{self.agent_selection} to move"
        )
        return f"{self.game.info.title}: {mover}; scores: {scores}"

    def close(self) -> None:
        self.game_state = None
        self._seen = {}
