"""Many bot games in a row, with the numbers a balance or speed question needs."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from monolith.bots.arena import derive_seed
from monolith.cli.runner import play_bots, seat_bots
from monolith.core import JsonDict
from monolith.games import get_game


@dataclass(frozen=True)
class SimulationResult:
    """What a run of bot games produced; ``scores[g][seat]`` is seat's final score in game g."""

    game: str
    players: int
    seed: int
    bots: list[str]
    seconds: float
    scores: list[list[float]]
    winners: list[int]
    turns: list[int]

    @property
    def games(self) -> int:
        return len(self.scores)

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else float("inf")

    @property
    def mean_turns(self) -> float:
        return sum(self.turns) / max(1, self.games)

    def mean_scores(self) -> list[float]:
        return [
            sum(game[seat] for game in self.scores) / max(1, self.games)
            for seat in range(self.players)
        ]

    def wins(self) -> list[int]:
        return [self.winners.count(seat) for seat in range(self.players)]

    def to_json(self) -> JsonDict:
        return {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "bots": self.bots,
            "games": self.games,
            "seconds": round(self.seconds, 6),
            "games_per_second": round(self.games_per_second, 3),
            "scores": self.scores,
            "winners": self.winners,
            "wins": self.wins(),
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
    on_game: Callable[[], None] | None = None,
) -> SimulationResult:
    """Play ``games`` bot games of ``game``; bot names are cycled over the seats.

    Game ``g`` is set up with a seed derived from ``(seed, g)`` and its bots from that game's
    seed, so the same arguments give the same games. ``on_game`` is called after each game.
    """
    rules = get_game(game)
    rules.info.check_players(players)
    seats = list(range(players))
    names = [bots[seat % len(bots)] for seat in seats]
    scores: list[list[float]] = []
    winners: list[int] = []
    turns: list[int] = []
    start = time.perf_counter()
    for index in range(games):
        game_seed = derive_seed(seed, index)
        state, length = play_bots(
            rules, players=players, seed=game_seed, bots=seat_bots(names, seats, game_seed)
        )
        scores.append(list(rules.scores(state)))
        winners.append(rules.ranking(state)[0])
        turns.append(length)
        if on_game is not None:
            on_game()
    seconds = time.perf_counter() - start
    return SimulationResult(
        game=rules.info.name,
        players=players,
        seed=seed,
        bots=names,
        seconds=seconds,
        scores=scores,
        winners=winners,
        turns=turns,
    )
