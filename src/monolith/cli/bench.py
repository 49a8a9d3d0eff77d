"""The benchmark: random games per second, what one legal-move generation costs, and random
play through each research interface.

The cost of move generation is reported beside a reference measured in the same run on the same
positions, so the ratio means the same on any machine. For Monolyth the reference is the obvious
way to do it (the game's ``reference_moves`` companion): the generic placements() for each piece the
crystal can reach, against the engine's precomputed bitboard tables. Both must produce the same
actions; the benchmark checks that on every position before it trusts the timings. Each timing
starts cold: on a fresh copy of the position (equal, not the same object) and, for rules that
remember anything between calls, after their ``forget()`` (Monolyth's placement tables remember
each building's legal placements; The Monolith, the last state's legal actions), both done
before the clock starts. So nothing computed before answers for the position: what is measured
is generating the moves.

With the ``[rl]`` extra installed, the research interfaces (PettingZoo, Gymnasium, OpenSpiel) are
timed too, each beside a PettingZoo classic game in the same run (see
:mod:`monolith.rl.throughput`).
"""

from __future__ import annotations

import copy
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any

from monolith.bots import decide, make_bot
from monolith.bots.arena import MAX_TURNS, derive_seed
from monolith.core import AnyGame, JsonDict, companions
from monolith.games import get_game

KEEP_GAMES = 50
"""Positions for the move-generation timing are sampled from this many games' every turn."""


@dataclass(frozen=True)
class BenchResult:
    game: str
    games: int
    seconds: float
    positions: int
    mean_actions: float
    legal_moves_median_us: float
    reference: str | None
    reference_median_us: float | None
    interfaces: list[Any] | None = None
    """Each research interface's :class:`~monolith.rl.throughput.Throughput`, if measured."""
    interfaces_note: str | None = None
    """Why the interfaces were not measured."""

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    @property
    def ratio(self) -> float | None:
        """Engine cost over reference cost (below 1: the engine is faster)."""
        if self.reference_median_us is None or self.reference_median_us == 0:
            return None
        return self.legal_moves_median_us / self.reference_median_us

    @property
    def speedup(self) -> float | None:
        ratio = self.ratio
        return None if ratio is None or ratio == 0 else 1 / ratio

    def to_json(self) -> JsonDict:
        def rounded(value: float | None) -> float | None:
            return None if value is None else round(value, 4)

        return {
            "game": self.game,
            "games": self.games,
            "seconds": round(self.seconds, 6),
            "games_per_second": round(self.games_per_second, 3),
            "positions": self.positions,
            "mean_legal_actions": round(self.mean_actions, 2),
            "legal_moves_median_us": rounded(self.legal_moves_median_us),
            "reference": self.reference,
            "reference_median_us": rounded(self.reference_median_us),
            "ratio": rounded(self.ratio),
            "speedup": rounded(self.speedup),
            "legal_moves_on": "a fresh copy of each position, the rules' memory dropped (cold)",
            "interfaces": (
                None if self.interfaces is None else [t.to_json() for t in self.interfaces]
            ),
            "interfaces_note": self.interfaces_note,
        }


def _engine_actions(game: AnyGame, state: Any) -> list[Any]:
    return list(game.legal_actions(state))


def _cold_ns(rules: AnyGame, generate: Callable[[Any], object], state: Any, repeat: int) -> int:
    """The fastest of ``repeat`` cold runs of ``generate``: before each one's clock starts, a
    fresh copy of ``state`` is made and whatever ``rules`` remember between calls is dropped
    (their ``forget()``, if they have one), so every run computes everything."""
    forget: Callable[[], None] | None = getattr(rules, "forget", None)
    best = None
    for _ in range(repeat):
        fresh = copy.copy(state)
        if forget is not None:
            forget()
        start = time.perf_counter_ns()
        generate(fresh)
        elapsed = time.perf_counter_ns() - start
        best = elapsed if best is None else min(best, elapsed)
    return best or 0


def random_games(
    game: AnyGame,
    *,
    games: int,
    players: int,
    seed: int,
    keep_games: int = 0,
    on_game: Callable[[], None] | None = None,
) -> tuple[float, list[Any]]:
    """Seconds to play ``games`` random games, and every position of the first ``keep_games``."""
    kept: list[Any] = []
    start = time.perf_counter()
    for index in range(games):
        game_seed = derive_seed(seed, index)
        state = game.new_game(players=players, seed=game_seed)
        bot = make_bot("random", game_seed)
        turn = 0
        while not game.is_terminal(state):
            if index < keep_games:
                kept.append(state)
            state = game.apply(state, decide(bot, game, state))
            turn += 1
            if turn > MAX_TURNS:
                raise RuntimeError(f"game with seed {game_seed} passed {MAX_TURNS} turns")
        if on_game is not None:
            on_game()
    return time.perf_counter() - start, kept


def bench(
    *,
    game: str,
    games: int = 200,
    players: int | None = None,
    positions: int = 200,
    repeat: int = 3,
    seed: int = 0,
    on_game: Callable[[], None] | None = None,
    on_position: Callable[[], None] | None = None,
    interfaces: bool = False,
    seconds: float = 2.0,
    rounds: int = 3,
    on_slice: Callable[[], None] | None = None,
) -> BenchResult:
    """Time random games, then legal-move generation on ``positions`` positions from them, then
    (with ``interfaces``) random play through each research interface.

    Each position is timed ``repeat`` times, each run cold (a fresh copy, the rules' memory
    dropped), and its fastest run kept (the least disturbed by the machine); the median over
    positions is reported, for the engine and for the reference. Interfaces play ``rounds``
    slices of ``seconds`` each.
    """
    rules = get_game(game)
    seats = players if players is not None else rules.info.default_players
    rules.info.check_players(min(seats, rules.info.max_players))
    games_seconds, seen = random_games(
        rules, games=games, players=seats, seed=seed, keep_games=KEEP_GAMES, on_game=on_game
    )
    stride = max(1, len(seen) // max(1, positions))
    sample = seen[::stride][:positions]
    reference = companions(rules).reference_moves
    engine_ns: list[int] = []
    reference_ns: list[int] = []
    action_counts: list[int] = []
    for state in sample:
        engine = list(rules.legal_actions(state))
        action_counts.append(len(engine))
        engine_ns.append(_cold_ns(rules, partial(_engine_actions, rules), state, repeat))
        if reference is not None:
            naive = reference.actions(rules, state)
            if sorted(map(repr, naive)) != sorted(map(repr, engine)):
                raise RuntimeError(
                    f"reference and engine disagree at turn {getattr(state, 'turn', '?')}: "
                    f"{len(naive)} against {len(engine)} actions"
                )
            reference_ns.append(_cold_ns(rules, partial(reference.actions, rules), state, repeat))
        if on_position is not None:
            on_position()
    throughput, note = None, None
    if interfaces:
        throughput, note = _interfaces(rules.info.name, seconds, rounds, seed, on_slice)
    return BenchResult(
        game=rules.info.name,
        games=games,
        seconds=games_seconds,
        positions=len(sample),
        mean_actions=statistics.fmean(action_counts) if action_counts else 0.0,
        legal_moves_median_us=statistics.median(engine_ns) / 1000 if engine_ns else 0.0,
        reference=reference.name if reference else None,
        reference_median_us=statistics.median(reference_ns) / 1000 if reference_ns else None,
        interfaces=throughput,
        interfaces_note=note,
    )


def _interfaces(
    game: str, seconds: float, rounds: int, seed: int, on_slice: Callable[[], None] | None
) -> tuple[list[Any] | None, str | None]:
    """The interfaces' throughput, or why it could not be measured."""
    try:
        from monolith.rl.throughput import measure
    except ImportError as missing:
        return None, f"the [rl] extra is not installed ({missing.name} is missing)"
    try:
        return measure(game, seconds=seconds, rounds=rounds, seed=seed, on_slice=on_slice), None
    except KeyError as unknown:
        return None, str(unknown.args[0])
