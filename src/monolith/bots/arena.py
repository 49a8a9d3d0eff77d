"""Tournaments between bots: many games, seats rotated, run on every core, summarised with
intervals and Elo ratings.

A tournament is a list of independent games, each fixed by the tournament seed and its index, so
the same seed gives the same results whatever the number of workers or the backend.
"""

from __future__ import annotations

import hashlib
import math
import os
import statistics
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from typing import Any

from monolith.bots import make_bot
from monolith.bots.base import Bot, decide
from monolith.core import AnyGame, JsonDict
from monolith.core.companions import Analysis, WithCardOffers, companions
from monolith.games import get_game

MAX_TURNS = 100_000
"""A game still running after this many turns is a bug in the rules, not a long game."""


def derive_seed(seed: int, *parts: int) -> int:
    """A 63-bit seed for one game or seat, fixed by the tournament's seed."""
    text = ":".join(str(part) for part in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


@dataclass(frozen=True)
class GameSpec:
    """One tournament game: which bot sits where, and the seeds."""

    game: str
    index: int
    seats: tuple[str, ...]
    seed: int
    options: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class GameResult:
    index: int
    seats: tuple[str, ...]
    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    first_player: int | None
    turns: int
    seconds: float
    decision_seconds: tuple[tuple[float, ...], ...]
    """Per seat, the time of each of its decisions."""
    tags: tuple[dict[str, Any], ...] = ()
    """Per seat, what the game's ``analysis`` companion says about it (shaman, cards held...)."""
    seed: int = 0
    options: tuple[tuple[str, Any], ...] = ()
    """The rule options the game was played with, every option named (defaults filled in)."""
    timeline: tuple[tuple[float, ...], ...] = ()
    """The scores at the end of each round (``analysis.round_of``), the last entry the final."""
    sources: tuple[dict[str, float], ...] = ()
    """Per seat, points by where they came from (``analysis.points_by_source``)."""
    outcomes: tuple[dict[str, Any], ...] = ()
    """Per seat, counts that follow from how the seat did rather than cause it."""
    cards: tuple[tuple[str, int, int], ...] = ()
    """Every card offered and resolved: ``(card, taker or -1, price paid)``."""

    @property
    def tied(self) -> tuple[int, ...]:
        """The seats sharing the top score; more than one when tie-breaks chose the winner."""
        top = max(self.scores)
        return tuple(seat for seat, score in enumerate(self.scores) if score == top)


def play_out(
    game: AnyGame,
    state: Any,
    bots: Mapping[int, Bot],
    *,
    on_decision: Callable[[int, float], None] | None = None,
    on_apply: Callable[[Any, Any], None] | None = None,
) -> tuple[Any, int]:
    """Let the bots play ``state`` to the end; the final state and the number of turns.

    ``on_decision(seat, seconds)`` hears how long each decision took; ``on_apply(before,
    after)`` sees every move's states.
    """
    turns = 0
    while not game.is_terminal(state):
        seat = game.current_player(state)
        assert seat is not None
        tick = time.perf_counter()
        action = decide(bots[seat], game, state)
        if on_decision is not None:
            on_decision(seat, time.perf_counter() - tick)
        after = game.apply(state, action)
        if on_apply is not None:
            on_apply(state, after)
        state = after
        turns += 1
        if turns > MAX_TURNS:
            raise RuntimeError(f"{game.info.title} game passed {MAX_TURNS} turns: a rules bug")
    return state, turns


def play_game(spec: GameSpec) -> GameResult:
    """Play one game to the end, timing every decision. A top-level function, so workers can."""
    game: AnyGame = get_game(spec.game)
    players = len(spec.seats)
    bots = {
        seat: make_bot(name, derive_seed(spec.seed, seat)) for seat, name in enumerate(spec.seats)
    }
    options = game.info.resolve_options(dict(spec.options))
    state = game.new_game(players=players, seed=spec.seed, options=options)
    times: list[list[float]] = [[] for _ in range(players)]
    analysis = companions(game).analysis
    watch = _Watch(game, analysis)
    started = time.perf_counter()
    state, turns = play_out(
        game,
        state,
        bots,
        on_decision=lambda seat, seconds: times[seat].append(seconds),
        on_apply=watch.see,
    )
    tags: tuple[dict[str, Any], ...] = ()
    sources: tuple[dict[str, float], ...] = ()
    outcomes: tuple[dict[str, Any], ...] = ()
    seats = range(players)
    if analysis is not None:
        tags = tuple(analysis.seat_tags(game, state, seat) for seat in seats)
        if hasattr(analysis, "points_by_source"):
            sources = tuple(analysis.points_by_source(game, state, seat) for seat in seats)
        if hasattr(analysis, "seat_outcomes"):
            outcomes = tuple(analysis.seat_outcomes(game, state, seat) for seat in seats)
    first = analysis.first_player(game, state) if analysis is not None else None
    return GameResult(
        index=spec.index,
        seats=spec.seats,
        scores=tuple(game.scores(state)),
        ranking=tuple(game.ranking(state)),
        first_player=first,
        turns=turns,
        seconds=time.perf_counter() - started,
        decision_seconds=tuple(tuple(t) for t in times),
        tags=tags,
        seed=spec.seed,
        options=tuple(sorted(options.items())),
        timeline=(*watch.rounds, tuple(game.scores(state))),
        sources=sources,
        outcomes=outcomes,
        cards=tuple(watch.cards),
    )


class _Watch:
    """Watches a game move by move for the report: the scores at the end of every round (the
    game's ``analysis.round_of``; every player's turn once if it has none) and the cards that
    left the offer (``analysis.card_offers``)."""

    def __init__(self, game: AnyGame, analysis: Analysis | None) -> None:
        self.game = game
        self.round_of = analysis.round_of if analysis is not None else None
        self.card_offers = analysis.card_offers if isinstance(analysis, WithCardOffers) else None
        self.rounds: list[tuple[float, ...]] = []
        self.cards: list[tuple[str, int, int]] = []
        self.turns = 0

    def _round(self, state: Any) -> int:
        if self.round_of is not None:
            return int(self.round_of(self.game, state))
        return self.turns // self.game.num_players(state)

    def see(self, before: Any, after: Any) -> None:
        old = self._round(before)
        self.turns += 1
        if self._round(after) != old and not self.game.is_terminal(after):
            self.rounds.append(tuple(self.game.scores(after)))
        if self.card_offers is not None:
            self.cards.extend(self.card_offers(self.game, before, after))


def schedule(
    game: str, bots: Sequence[str], games: int, seed: int, options: dict[str, Any] | None = None
) -> list[GameSpec]:
    """``games`` games with the bot list rotated one seat further each game."""
    n = len(bots)
    frozen = tuple(sorted((options or {}).items()))
    return [
        GameSpec(
            game=game,
            index=g,
            seats=tuple(bots[(seat + g) % n] for seat in range(n)),
            seed=derive_seed(seed, g),
            options=frozen,
        )
        for g in range(games)
    ]


def run(
    specs: Sequence[GameSpec],
    *,
    workers: int = 1,
    backend: str = "process",
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play every game; results in schedule order whatever order they finish in."""
    results: list[GameResult] = []
    for result in _results(specs, workers, backend):
        results.append(result)
        if on_result is not None:
            on_result(result)
    return sorted(results, key=lambda r: r.index)


def _results(specs: Sequence[GameSpec], workers: int, backend: str) -> Iterator[GameResult]:
    if backend == "ray":
        yield from _ray_results(specs, workers)
    elif backend != "process":
        raise ValueError(f"unknown backend {backend!r}; use 'process' or 'ray'")
    elif workers <= 1:
        for spec in specs:
            yield play_game(spec)
    else:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = [pool.submit(play_game, spec) for spec in specs]
            for future in as_completed(futures):
                yield future.result()


def _ray_results(specs: Sequence[GameSpec], workers: int) -> Iterator[GameResult]:
    try:
        import ray
    except ImportError as error:  # pragma: no cover - depends on the optional extra
        raise RuntimeError(
            "the ray backend needs the optional extra: pip install 'monolith-games[ray]'"
        ) from error
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(num_cpus=max(1, workers), include_dashboard=False, log_to_driver=False)
    try:
        remote = ray.remote(play_game)
        pending = [remote.remote(spec) for spec in specs]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started_here:
            ray.shutdown()


def default_workers() -> int:
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


# Summary -----------------------------------------------------------------------------------------


def wilson_interval(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate; sound even near 0 or 1."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def elo_ratings(results: Sequence[GameResult], *, iterations: int = 200) -> dict[str, float]:
    """Elo ratings fitted to every pair of seats in every game (Bradley-Terry, by MM updates).

    A pair scores 1 for the seat ranked higher. Ratings are centred on 1500; one bot alone is 1500.
    Half a win is added between every pair of bots, so a bot that never lost stays finite.
    """
    names = sorted({name for r in results for name in r.seats})
    wins: dict[tuple[str, str], float] = {}
    for r in results:
        place = {seat: k for k, seat in enumerate(r.ranking)}
        for winner, winner_name in enumerate(r.seats):
            for loser, loser_name in enumerate(r.seats):
                if winner_name != loser_name and place[winner] < place[loser]:
                    key = (winner_name, loser_name)
                    wins[key] = wins.get(key, 0.0) + 1.0
    for a in names:
        for b in names:
            if a != b:
                wins[(a, b)] = wins.get((a, b), 0.0) + 0.5
    strength = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        updated = {}
        for a in names:
            won = sum(wins.get((a, b), 0.0) for b in names if b != a)
            games = sum(
                (wins.get((a, b), 0.0) + wins.get((b, a), 0.0)) / (strength[a] + strength[b])
                for b in names
                if b != a
            )
            updated[a] = won / games if games else strength[a]
        mean_log = statistics.fmean(math.log(v) for v in updated.values())
        strength = {k: v / math.exp(mean_log) for k, v in updated.items()}
    return {name: 1500.0 + 400.0 * math.log10(strength[name]) for name in names}


@dataclass
class BotSummary:
    name: str
    games: int = 0
    wins: int = 0
    scores: list[float] = field(default_factory=list)
    decisions: list[float] = field(default_factory=list)

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


@dataclass
class Summary:
    game: str
    players: int
    games: int
    seconds: float
    bots: dict[str, BotSummary]
    elo: dict[str, float]
    seat_wins: list[int]

    def to_json(self) -> JsonDict:
        return {
            "game": self.game,
            "players": self.players,
            "games": self.games,
            "seconds": round(self.seconds, 4),
            "games_per_second": round(self.games / self.seconds, 4) if self.seconds else None,
            "bots": {
                name: {
                    "games": b.games,
                    "wins": b.wins,
                    "win_rate": round(b.win_rate, 4),
                    "win_rate_95": [round(x, 4) for x in wilson_interval(b.wins, b.games)],
                    "elo": round(self.elo[name], 1),
                    "mean_score": round(statistics.fmean(b.scores), 3) if b.scores else None,
                    "median_decision_seconds": (
                        round(statistics.median(b.decisions), 6) if b.decisions else None
                    ),
                }
                for name, b in self.bots.items()
            },
            "seat_wins": self.seat_wins,
            "seat_win_rate_95": [
                [round(x, 4) for x in wilson_interval(w, self.games)] for w in self.seat_wins
            ],
        }


def summarize(game: str, results: Sequence[GameResult], seconds: float) -> Summary:
    """Per-bot games (seat-games), wins, scores and decision times; seat wins; Elo."""
    players = len(results[0].seats) if results else 0
    bots: dict[str, BotSummary] = {}
    seat_wins = [0] * players
    for r in results:
        seat_wins[r.ranking[0]] += 1
        for seat, name in enumerate(r.seats):
            summary = bots.setdefault(name, BotSummary(name))
            summary.games += 1
            summary.wins += r.ranking[0] == seat
            summary.scores.append(r.scores[seat])
            summary.decisions.extend(r.decision_seconds[seat])
    return Summary(
        game=game,
        players=players,
        games=len(results),
        seconds=seconds,
        bots=bots,
        elo=elo_ratings(results),
        seat_wins=seat_wins,
    )
