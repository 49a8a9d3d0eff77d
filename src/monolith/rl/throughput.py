"""Random play through each research interface, beside PettingZoo's and OpenSpiel's own games.

The turns per second of an environment depend on the machine and on whatever else runs on it,
so each interface is timed in the same run as a reference: the classic games the game names as
its peers (its ``peers`` companion; Monolyth PettingZoo's ``connect_four_v3``, The Monolith
``chess_v6``), and for the OpenSpiel games also OpenSpiel's native (C++) game of the same kind
(``connect_four``, ``chess``) played through the same Python loop.
Contenders take turns in short slices, several rounds over, so a change in the machine's load
falls on all of them alike, and the clock is this process's CPU time (``time.process_time``),
which other programs on a shared machine barely move; the ratio (ours over the reference) is
what the numbers mean anywhere.

Every contender plays a uniformly random legal action from the action mask (or OpenSpiel's legal
actions), and every turn produces the acting player's observation, as a learning agent's loop
would. The PettingZoo and Gymnasium contenders play with two samplers, each beside a reference
that uses the same one: the *quickstart loop* of ``docs/research.md`` (``np.flatnonzero`` of the
mask, then ``rng.choice``, as a researcher would write it) and the *cheap sampler* (the mask
viewed as booleans, one random index into its legal ids), which costs a few microseconds less a
turn and so flatters a fast environment more than a slow one.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

from monolith.core import JsonDict
from monolith.core.companions import Batch, ResearchPeers
from monolith.core.layout import random_actions

Turns = Callable[[np.random.Generator], Iterator[int]]
"""A random player for one interface: yields the turns (steps) taken since it last yielded,
forever (game after game): 1 for one game, the batch size for a batch of games."""
Sampler = Callable[[Any, np.random.Generator], int]
"""A random legal action id from an action mask."""


def cheap_sampler(mask: Any, rng: np.random.Generator) -> int:
    """The mask as booleans, one random index into its legal ids."""
    legal = np.flatnonzero(mask.view(np.bool_))
    return int(legal[rng.integers(len(legal))])


def quickstart_sampler(mask: Any, rng: np.random.Generator) -> int:
    """The quickstart's own loop (``docs/research.md``): ``rng.choice`` over the legal ids."""
    legal = np.flatnonzero(mask)
    return int(rng.choice(legal))


SAMPLERS: dict[str, Sampler] = {"quickstart loop": quickstart_sampler, "cheap": cheap_sampler}


def pettingzoo_turns(make_env: Callable[[], Any], sample: Sampler = cheap_sampler) -> Turns:
    """Random play through a PettingZoo AEC environment, reading each observation."""

    def play(rng: np.random.Generator) -> Iterator[int]:
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
                env.step(sample(observation["action_mask"], rng))
                yield 1

    return play


def gymnasium_turns(make_env: Callable[[], Any], sample: Sampler = cheap_sampler) -> Turns:
    """Random play through a Gymnasium environment with an action mask."""

    def play(rng: np.random.Generator) -> Iterator[int]:
        env = make_env()
        game = 0
        while True:
            observation, _ = env.reset(seed=game)
            game += 1
            done = False
            while not done:
                observation, _, terminated, truncated, _ = env.step(
                    sample(observation["action_mask"], rng)
                )
                done = terminated or truncated
                yield 1

    return play


def openspiel_turns(name: str, params: dict[str, Any]) -> Turns:
    """Random play through an OpenSpiel game, reading each observation tensor."""

    def play(rng: np.random.Generator) -> Iterator[int]:
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
                yield 1

    return play


class VectorClock:
    """CPU seconds of this process and of the vector's dealing process: dealing ahead in a
    second process makes a step's work no smaller, so its throughput counts both."""

    def __init__(self) -> None:
        self.worker_seconds: Callable[[], float] = lambda: 0.0

    def __call__(self) -> float:
        return time.process_time() + self.worker_seconds()


def vector_turns(
    make: Callable[..., Batch], batch: int, players: int, *, clock: VectorClock | None = None
) -> Turns:
    """Random play through a game's ``vector`` companion (Monolyth's
    :class:`~monolith.games.monolyth.vector.MonolythVector`): every step, one random legal action
    per game from the mask handed out (:func:`random_actions`, a uniform draw per row),
    observations and masks built; finished games reset themselves. With a ``clock``, new games
    are dealt ahead by a second process (``dealers=1``) whose CPU time the clock adds. Yields
    ``batch`` steps per call."""

    def play(rng: np.random.Generator) -> Iterator[int]:
        seed = int(rng.integers(2**31))
        env: Any = make(batch, players, seed=seed, **({} if clock is None else {"dealers": 1}))
        if clock is not None:
            clock.worker_seconds = env.dealing_seconds
        try:
            _, mask = env.reset()
            yield 0  # dealt: the first batch of games, before the clock (see ``measure``)
            while True:
                _, mask, _, _ = env.step(random_actions(mask, rng))
                yield batch
        finally:
            if clock is not None:
                env.close()

    return play


@dataclass(frozen=True)
class Contender:
    """One interface or reference environment and how to play it at random; ``references``
    names the contenders it is set beside (none: it is a reference itself)."""

    name: str
    turns: Turns
    references: tuple[str, ...] = ()
    clock: Callable[[], float] = time.process_time
    """The CPU seconds spent (this process's, and any worker's the contender plays with)."""


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
            "seconds": round(self.seconds, 3),
            "reference_seconds": round(self.reference_seconds, 3),
        }


VECTOR_BATCH = 1024
"""The batch of a game's ``vector`` companion the bench steps."""

DEFAULT_PEERS = ResearchPeers(pettingzoo="connect_four_v3", openspiel="connect_four")
"""The references of a game that names none."""


def contenders(game: str, *, vector_batch: int = VECTOR_BATCH) -> list[Contender]:
    """The reference environments for ``game`` and our interfaces, each naming its references:
    the PettingZoo environment (and the Gymnasium one for a game with a solo mode) with each
    sampler, the OpenSpiel game, and the game's vector companion if it has one."""
    import importlib

    from monolith.core import companions
    from monolith.games import get_game
    from monolith.rl import solo

    rules = get_game(game)
    parts = companions(rules)
    if parts.encoder is None:
        raise KeyError(f"no research interfaces for the game {game!r}")
    peers = parts.peers or DEFAULT_PEERS
    peer_env = importlib.import_module(f"pettingzoo.classic.{peers.pettingzoo}").env
    ours = importlib.import_module(f"monolith.rl.{game.replace('-', '_')}_v0").env
    players = rules.info.default_players
    found: list[Contender] = []
    for sampler, sample in SAMPLERS.items():
        reference = f"{peers.pettingzoo} ({sampler})"
        found += [
            Contender(reference, pettingzoo_turns(peer_env, sample)),
            Contender(
                f"PettingZoo {game.replace('-', '_')}_v0 ({players} players, {sampler})",
                pettingzoo_turns(ours, sample),
                (reference,),
            ),
        ]
        if rules.info.min_players == 1:
            found.append(
                Contender(
                    f"Gymnasium {solo.env_id(game).removeprefix('monolith/')} ({sampler})",
                    gymnasium_turns(lambda: solo.SoloEnv(game=game), sample),
                    (reference,),
                )
            )
    native = f"OpenSpiel {peers.openspiel} (C++)"
    spiel_name = "python_" + game.replace("-", "_")
    found += [
        Contender(native, openspiel_turns(peers.openspiel, {})),
        Contender(
            f"OpenSpiel {spiel_name} ({players} players)",
            openspiel_turns(spiel_name, {"players": players}),
            (native, f"{peers.pettingzoo} (cheap)"),
        ),
    ]
    if vector_batch and parts.vector is not None:
        title = rules.info.title.replace(" ", "")
        name = f"{title}Vector ({players} players, batch {vector_batch}"
        found.append(
            Contender(
                f"{name}) steps",
                vector_turns(parts.vector, vector_batch, players),
                (f"{peers.pettingzoo} (cheap)",),
            )
        )
        if parts.vector_deals_ahead:
            clock = VectorClock()
            found.append(
                Contender(
                    f"{name}, dealt ahead) steps",
                    vector_turns(parts.vector, vector_batch, players, clock=clock),
                    (f"{peers.pettingzoo} (cheap)",),
                    clock,
                )
            )
    return found


def measure(
    game: str,
    *,
    seconds: float = 2.0,
    rounds: int = 3,
    seed: int = 0,
    vector_batch: int = VECTOR_BATCH,
    on_slice: Callable[[], None] | None = None,
) -> list[Throughput]:
    """Each interface's turns per CPU second beside the reference's: ``rounds`` rounds in
    which each reference and each interface play for ``seconds`` of CPU time (the vectorised
    Monolyth at ``vector_batch`` games, 0 to leave it out). Each
    contender keeps playing its games where it left off, so long games (chess) count as fully
    as short ones."""
    everyone = contenders(game, vector_batch=vector_batch)
    players = [c.turns(np.random.default_rng(seed)) for c in everyone]
    for play in players:  # one untimed turn each: imports, and the vector's first deal
        next(play)
    totals = {c.name: [0, 0.0] for c in everyone}
    for _ in range(rounds):
        for contender, play in zip(everyone, players, strict=True):
            turns = 0
            clock = contender.clock
            start = clock()
            deadline = start + seconds
            while clock() < deadline:
                turns += next(play)
            total = totals[contender.name]
            total[0] += turns
            total[1] += clock() - start
            if on_slice is not None:
                on_slice()
    return [
        Throughput(
            c.name,
            reference,
            int(totals[c.name][0]),
            totals[c.name][1],
            int(totals[reference][0]),
            totals[reference][1],
        )
        for c in everyone
        for reference in c.references
    ]
