"""Many bot games in a row, with the numbers a balance or speed question needs."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from monolith.bots import arena
from monolith.bots.arena import GameResult
from monolith.core import JsonDict
from monolith.design.pool import play_games
from monolith.design.report import Setup, describe_test, seat_shares, seat_test
from monolith.games import get_game


@dataclass(frozen=True)
class SimulationResult:
    """What a run of bot games produced; ``scores[g][seat]`` is seat's final score in game g."""

    game: str
    players: int
    seed: int
    bots: list[str]
    """The first game's line-up, seat by seat; each later game rotates it one seat on."""
    seconds: float
    scores: list[list[float]]
    winners: list[int]
    turns: list[int]
    options: dict[str, object] = field(default_factory=dict)
    results: list[GameResult] = field(default_factory=list, repr=False)

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    @property
    def mean_turns(self) -> float:
        return sum(self.turns) / max(1, self.games)

    @property
    def setup(self) -> Setup:
        return Setup(self.game, self.players, tuple(self.bots), self.seed, self.options, self.games)

    def mean_scores(self) -> list[float]:
        return [
            sum(game[seat] for game in self.scores) / max(1, self.games)
            for seat in range(self.players)
        ]

    def wins(self) -> list[int]:
        return [self.winners.count(seat) for seat in range(self.players)]

    def ties(self) -> int:
        """Games whose top score was shared (the tie-breaks chose the winner)."""
        return sum(scores.count(max(scores)) > 1 for scores in self.scores)

    def to_json(self) -> JsonDict:
        shares = seat_shares(self.results, self.players) if self.results else []
        test = seat_test(shares, self.players) if shares and self.players > 1 else None
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": self.options,
            "bots": self.bots,
            "games": self.games,
            "seconds": round(self.seconds, 6),
            "games_per_second": round(self.games_per_second, 3),
            "scores": self.scores,
            "winners": self.winners,
            "wins": self.wins(),
            "seat_win_share": [share.to_json() for share in shares],
            "seat_test": {**test.to_json(), "text": describe_test(test, "every seat wins equally")}
            if test
            else None,
            "ties": self.ties(),
            "mean_scores": [round(score, 4) for score in self.mean_scores()],
            "mean_turns": round(self.mean_turns, 3),
        }


def simulate(
    *,
    game: str,
    games: int,
    players: int,
    bots: Sequence[str],
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int = 1,
    on_game: Callable[[], None] | None = None,
) -> SimulationResult:
    """Play ``games`` bot games of ``game``; bot names are cycled over the seats and the line-up
    rotates one seat each game, so each bot sits in each seat equally often.

    Game ``g`` is set up with a seed derived from ``(seed, g)`` and its bots from that game's
    seed, so the same arguments give the same games. ``on_game`` is called after each game.
    """
    rules = get_game(game)
    rules.info.check_players(players)
    resolved = rules.info.resolve_options(options)
    names = [bots[seat % len(bots)] for seat in range(players)]
    specs = arena.schedule(rules.info.name, names, games, seed, resolved)
    start = time.perf_counter()
    results = play_games(
        specs, workers=workers, on_result=(lambda _: on_game()) if on_game else None
    )
    seconds = time.perf_counter() - start
    return SimulationResult(
        game=rules.info.name,
        players=players,
        seed=seed,
        bots=names,
        seconds=seconds,
        scores=[list(r.scores) for r in results],
        winners=[r.ranking[0] for r in results],
        turns=[r.turns for r in results],
        options=resolved,
        results=results,
    )
