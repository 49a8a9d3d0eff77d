"""Every game with an encoder as an OpenSpiel Python game, registered with pyspiel on import:
``pyspiel.load_game("python_monolyth", {"players": 2})``, ``"python_the_monolith"``, and
``python_<name>`` for any other game of the registry (its bounds from its ``GameInfo``).

Chance is *explicit*, once: a game opens with a chance node that picks one of :data:`DEALS`
equally likely deals, the random source of everything that follows (every later draw, shuffle
and fall of a heart comes from it, as a deck shuffled before play fixes every card to come). So
replaying a state's history reproduces it exactly, which is how OpenSpiel serializes Python
games. The deal is hidden from the players, so both games are imperfect-information games for
OpenSpiel: a player's information state is its view
(:func:`monolith.rl.information_state_string`), and ``resample_from_infostate`` deals a full
state consistent with it (``game.determinize``), so OpenSpiel's ISMCTS can play. Observation
and information-state tensors are the encoder's (:mod:`monolith.rl`). Returns come at the end:
``reward`` ``ranking`` (winner 1, last -1) or ``score`` (score less the others' mean).

:class:`HeuristicEvaluator` values a position with our bots' heuristic instead of random
rollouts, so a search stays affordable in a game of hundreds of moves.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from monolith.bots.ismcts import values_for
from monolith.core import AnyGame, companions, legal_action_ids
from monolith.core.errors import BadOptions
from monolith.games import get_game, registry
from monolith.rl.encoders import REWARDS, Encoder, encoder, information_state_string

DEALS = 4096
"""Chance outcomes of the opening deal; the ``seed`` parameter picks another set of as many."""


def _game_type(name: str, players: tuple[int, int], extra: dict[str, Any]) -> Any:
    engine = get_game(name)
    return pyspiel.GameType(
        short_name="python_" + name.replace("-", "_"),
        long_name=f"Python {engine.info.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players[1],
        min_num_players=players[0],
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": players[0], "seed": 0, "reward": "ranking", **extra},
    )


@dataclass(frozen=True)
class Setup:
    """What a game's parameters make of it. Kept apart from the pyspiel game object, whose
    Python attributes do not survive OpenSpiel rebuilding the game from C++ (as it does to
    deserialize a state): only its class and parameters do."""

    engine: AnyGame
    encoder: Encoder
    players: int
    options: dict[str, object]
    seed: int
    reward: Callable[[AnyGame, Any], tuple[float, ...]]
    bound: float


@cache
def setup(name: str, params: tuple[tuple[str, Any], ...], defaults: tuple[int, int]) -> Setup:
    """The setup of the game ``name`` with these parameters (checked: a bad one is refused);
    ``defaults`` are the fewest and most players (the fewest being the default)."""
    given = dict(params)
    engine: AnyGame = get_game(name)
    players = int(given.pop("players", defaults[0]))
    low, high = defaults
    if not low <= players <= high:  # solo Monolyth is a Gymnasium environment, not a game here
        raise BadOptions(f"{engine.info.title} takes {low}-{high} players here, not {players}")
    seed = int(given.pop("seed", 0))
    reward = str(given.pop("reward", "ranking"))
    if reward not in REWARDS:
        raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
    options = engine.info.resolve_options(given)
    if reward == "ranking":
        bound = 1.0
    elif engine.info.max_score is None:
        raise ValueError(f"{engine.info.title} gives no score bound (max_score): use ranking")
    else:
        bound = engine.info.max_score
    return Setup(engine, encoder(name), players, options, seed, REWARDS[reward], bound)


class _Held:
    """An engine state and its game's setup, shared between clones: states are immutable, so
    OpenSpiel's deep copy of a cloned state need not copy them."""

    __slots__ = ("setup", "state")

    def __init__(self, setup: Setup, state: Any) -> None:
        self.setup = setup
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return self


class MonolithSpielGame(pyspiel.Game):
    """One of our games behind OpenSpiel's ``Game``; parameters: ``players``, ``seed``,
    ``reward`` and the game's rule options."""

    NAME = ""
    PLAYERS = (2, 4)
    OPTIONS: ClassVar[dict[str, object]] = {}
    """The game's rule options as parameters, with their defaults."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = dict(params or {})
        made = setup(self.NAME, tuple(sorted(given.items())), self.PLAYERS)
        info = pyspiel.GameInfo(
            num_distinct_actions=made.engine.info.num_actions,
            max_chance_outcomes=DEALS,
            num_players=made.players,
            min_utility=-made.bound,
            max_utility=made.bound,
            utility_sum=0.0,
            max_game_length=made.engine.info.max_length or 0,
        )
        super().__init__(GAME_TYPES[self.NAME], info, given)

    @property
    def setup(self) -> Setup:
        params = self.get_parameters()
        return setup(self.NAME, tuple(sorted(params.items())), self.PLAYERS)

    def new_initial_state(self) -> MonolithSpielState:
        """The opening chance node: the deal is still to be picked."""
        return MonolithSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return Observer(self.setup, perfect_recall)


class MonolithSpielState(pyspiel.State):
    """A game in progress; the engine state is :attr:`engine_state` (``None`` before the
    deal)."""

    def __init__(self, game: MonolithSpielGame, engine_state: Any = None) -> None:
        super().__init__(game)
        self._held = _Held(game.setup, engine_state)

    @property
    def engine_state(self) -> Any:
        return self._held.state

    @property
    def rules(self) -> AnyGame:
        """The game's rules (our :class:`~monolith.core.Game`), to let our bots play here."""
        return self._held.setup.engine

    def current_player(self) -> int:
        state = self._held.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._held.setup.engine.current_player(state)
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else int(seat)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(deal, 1.0 / DEALS) for deal in range(DEALS)]

    def _legal_actions(self, player: int) -> list[int]:
        engine = self._held.setup.engine
        state = self._held.state
        if state is None or engine.is_terminal(state) or player != engine.current_player(state):
            return []
        return sorted(legal_action_ids(engine, state))

    def _apply_action(self, action: int) -> None:
        game = self._held.setup
        engine = game.engine
        if self._held.state is None:
            if not 0 <= action < DEALS:
                raise ValueError(
                    f"the deal must be one of the {DEALS} chance outcomes, not {action}"
                )
            seed = game.seed * DEALS + int(action)
            after = engine.new_game(players=game.players, seed=seed, options=game.options)
        else:
            after = engine.apply(self._held.state, engine.action_from_id(int(action)))
        self._held = _Held(game, after)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        engine = self._held.setup.engine
        return str(engine.action_to_json(engine.action_from_id(int(action))))

    def is_terminal(self) -> bool:
        state = self._held.state
        return state is not None and bool(self._held.setup.engine.is_terminal(state))

    def returns(self) -> list[float]:
        game = self._held.setup
        if self._held.state is None:
            return [0.0] * game.players
        return list(game.reward(game.engine, self._held.state))

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> Any:
        """A state ``player_id`` cannot tell from this one: its view, with everything it hides
        dealt from the sampler (``game.determinize``)."""
        game = self._held.setup
        clone = self.clone()  # the real history and move number, as OpenSpiel's own games keep
        if self._held.state is not None:
            seed = int(probability_sampler() * 2**62)
            view = game.engine.view(self._held.state, player_id)
            clone._held = _Held(game, game.engine.determinize(view, seed))
        return clone

    def __str__(self) -> str:
        """The engine state as JSON: exact, so equal strings mean equal states."""
        if self._held.state is None:
            return "not dealt yet"
        return str(self._held.setup.engine.state_to_json(self._held.state))


class Observer:
    """OpenSpiel's Python observer: the encoder's tensor (``observation``) and the view as a
    string, for observations and information states alike (a view already holds every chance
    event and card its player saw)."""

    def __init__(self, game: Setup, perfect_recall: bool) -> None:
        self.game = game
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(game.encoder.shape, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: MonolithSpielState, player: int) -> None:
        if state.engine_state is None:
            self.tensor.fill(0)
        else:
            self.tensor[:] = self.game.encoder.observation_tensor(state.engine_state, player)

    def string_from(self, state: MonolithSpielState, player: int) -> str:
        if state.engine_state is None:
            return "not dealt yet"
        return information_state_string(self.game.engine, state.engine_state, player)


class HeuristicEvaluator(mcts.Evaluator):
    """An MCTS/ISMCTS evaluator from our bots' judgement: each seat's heuristic worth, its lead
    over the best rival squashed into (-1, 1); priors uniform over the legal actions."""

    def __init__(self, scale: float = 4.0) -> None:
        self.scale = scale

    def evaluate(self, state: MonolithSpielState) -> Any:
        if state.is_terminal():
            return np.array(state.returns())
        game = state._held.setup
        values_of = values_for(game.engine)
        engine_state = state.engine_state
        if values_of is None:  # pragma: no cover - both games have heuristic values
            return np.zeros(game.players)
        values = values_of(game.engine, engine_state)
        if game.players == 1:
            return np.array([math.tanh(values[0] / (10 * self.scale))])
        leads = [v - max(w for j, w in enumerate(values) if j != i) for i, v in enumerate(values)]
        return np.array([math.tanh(lead / self.scale) for lead in leads])

    def prior(self, state: MonolithSpielState) -> list[tuple[int, float]]:
        actions = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(actions)) for action in actions]


def spiel_game_class(engine: AnyGame) -> type[MonolithSpielGame]:
    """The OpenSpiel class of one of our games: 2 players at least (solo play is a Gymnasium
    environment), and as parameters the rule options whose choices are all of one plain type
    (OpenSpiel parameters are strings, numbers or booleans)."""
    info = engine.info
    options = {
        option.name: option.default
        for option in info.options
        if isinstance(option.default, str | int | float | bool)
        and all(type(choice) is type(option.default) for choice in option.choices)
    }
    words = info.name.replace("-", " ").title().replace(" ", "")
    return type(
        f"{words}SpielGame",
        (MonolithSpielGame,),
        {
            "NAME": info.name,
            "PLAYERS": (max(info.min_players, 2), info.max_players),
            "OPTIONS": options,
            "__module__": __name__,
            "__doc__": f"{info.title}, as an OpenSpiel game.",
        },
    )


SPIEL_GAMES: dict[str, type[MonolithSpielGame]] = {}
"""Our games' OpenSpiel classes by game name."""
GAME_TYPES: dict[str, Any] = {}
for _name, _engine in registry().items():
    if companions(_engine).encoder is None or _engine.info.max_length is None:
        continue  # no tensor to observe or no bound on the length: not an OpenSpiel game
    SPIEL_GAMES[_name] = spiel_game_class(_engine)
    GAME_TYPES[_name] = _game_type(
        _name, SPIEL_GAMES[_name].PLAYERS, dict(SPIEL_GAMES[_name].OPTIONS)
    )
    pyspiel.register_game(GAME_TYPES[_name], SPIEL_GAMES[_name])
MonolythSpielGame = SPIEL_GAMES["monolyth"]
TheMonolithSpielGame = SPIEL_GAMES["the-monolith"]
