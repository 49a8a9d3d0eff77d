"""Random play through each research interface, beside PettingZoo's own classic games.

The turns per second of an environment depend on the machine and on whatever else runs on it,
so each interface is timed in the same run as a reference: PettingZoo's ``connect_four_v3``
for Monolyth's interfaces and ``chess_v6`` for The Monolith's. Contenders take turns in short
slices, several rounds over, so a change in the machine's load falls on all of them alike, and
the clock is this process's CPU time (``time.process_time``), which other programs on a shared
machine barely move; the ratio (ours over the reference) is what the numbers mean anywhere.

Every contender plays the same way: a uniformly random legal action from the action mask (or
OpenSpiel's legal actions), and every turn produces the acting player's observation, as a
learning agent's loop would.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from monolith.core import JsonDict

Turns = Callable[[np.random.Generator], Iterator[None]]
"""A random player for one interface: yields once per turn taken, forever (game after game)."""


def pettingzoo_turns(make_env: Callable[[], Any]) -> Turns:
    """Random play through a PettingZoo AEC environment, reading each observation."""

    def play(rng: np.random.Generator) -> Iterator[None]:
        env = make_env()
        game = 0
        while True:
            env.reset(seed=game)
            game += 1
            for _agent in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                legal = np.flatnonzero(observation["action_mask"].view(np.bool_))
                env.step(int(legal[rng.integers(len(legal))]))
                yield

    return play


def gymnasium_turns(make_env: Callable[[], Any]) -> Turns:
    """Random play through a Gymnasium environment with an action mask."""

    def play(rng: np.random.Generator) -> Iterator[None]:
        env = make_env()
        game = 0
        while True:
            observation, _ = env.reset(seed=game)
            game += 1
            done = False
            while not done:
                legal = np.flatnonzero(observation["action_mask"].view(np.bool_))
                observation, _, terminated, truncated, _ = env.step(
                    int(legal[rng.integers(len(legal))])
                )
                done = terminated or truncated
                yield

    return play


def openspiel_turns(name: str, params: dict[str, Any]) -> Turns:
    """Random play through an OpenSpiel game, reading each observation tensor."""

    def play(rng: np.random.Generator) -> Iterator[None]:
        import pyspiel

        import monolith.rl.spiel  # noqa: F401 - registers the games

        game = pyspiel.load_game(name, params)
        while True:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[rng.integers(len(outcomes))][0])
                    continue
                state.observation_tensor(state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[rng.integers(len(legal))])
                yield

    return play


@dataclass(frozen=True)
class Contender:
    """One interface or reference environment and how to play it at random."""

    name: str
    turns: Turns


@dataclass
class Throughput:
    """Turns taken and seconds spent by one contender, over every round."""

    name: str
    reference: str
    turns: int = 0
    seconds: float = 0.0
    reference_turns: int = 0
    reference_seconds: float = 0.0

    @property
    def turns_per_second(self) -> float:
        return self.turns / self.seconds if self.seconds else 0.0

    @property
    def reference_turns_per_second(self) -> float:
        return self.reference_turns / self.reference_seconds if self.reference_seconds else 0.0

    @property
    def ratio(self) -> float:
        """Our turns per second over the reference's (above 1: we are faster)."""
        reference = self.reference_turns_per_second
        return self.turns_per_second / reference if reference else 0.0

    def to_json(self) -> JsonDict:
        return {
            "interface": self.name,
            "reference": self.reference,
            "turns_per_second": round(self.turns_per_second, 1),
            "reference_turns_per_second": round(self.reference_turns_per_second, 1),
            "ratio": round(self.ratio, 3),
        }


def contenders(game: str) -> tuple[Contender, list[Contender]]:
    """The reference environment for ``game`` and our interfaces to set beside it."""
    from pettingzoo.classic import chess_v6, connect_four_v3

    from monolith.rl import monolyth_v0, the_monolith_v0

    if game == "monolyth":
        from monolith.rl.solo import SoloMonolythEnv

        reference = Contender("connect_four_v3", pettingzoo_turns(connect_four_v3.env))
        ours = [
            Contender("PettingZoo monolyth_v0 (2 players)", pettingzoo_turns(monolyth_v0.env)),
            Contender("Gymnasium SoloMonolyth-v0", gymnasium_turns(SoloMonolythEnv)),
            Contender(
                "OpenSpiel python_monolyth (2 players)",
                openspiel_turns("python_monolyth", {"players": 2}),
            ),
        ]
        return reference, ours
    if game == "the-monolith":
        reference = Contender("chess_v6", pettingzoo_turns(chess_v6.env))
        ours = [
            Contender(
                "PettingZoo the_monolith_v0 (3 players)", pettingzoo_turns(the_monolith_v0.env)
            ),
            Contender(
                "OpenSpiel python_the_monolith (3 players)",
                openspiel_turns("python_the_monolith", {"players": 3}),
            ),
        ]
        return reference, ours
    raise KeyError(f"no research interfaces for the game {game!r}")


def measure(
    game: str,
    *,
    seconds: float = 2.0,
    rounds: int = 3,
    seed: int = 0,
    on_slice: Callable[[], None] | None = None,
) -> list[Throughput]:
    """Each interface's turns per CPU second beside the reference's: ``rounds`` rounds in
    which the reference and then each interface play for ``seconds`` of CPU time. Each
    contender keeps playing its games where it left off, so long games (chess) count as fully
    as short ones."""
    reference, ours = contenders(game)
    everyone = [reference, *ours]
    players = [c.turns(np.random.default_rng(seed)) for c in everyone]
    totals = [[0, 0.0] for _ in everyone]
    for _ in range(rounds):
        for index, play in enumerate(players):
            turns = 0
            start = time.process_time()
            deadline = start + seconds
            while time.process_time() < deadline:
                next(play)
                turns += 1
            totals[index][0] += turns
            totals[index][1] += time.process_time() - start
            if on_slice is not None:
                on_slice()
    ref_turns, ref_seconds = totals[0]
    return [
        Throughput(c.name, reference.name, int(t), s, int(ref_turns), ref_seconds)
        for c, (t, s) in zip(ours, totals[1:], strict=True)
    ]
