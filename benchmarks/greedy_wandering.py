"""Does The Monolith's greedy bot wander? ``python benchmarks/greedy_wandering.py [games] [seed]
[workers] [bot]``; ``... duel [games] [seed] [workers]`` plays the greedy bot in one seat (rotated)
against three greedy bots judging one ply at a time, as before the follow-through, and prints its
win rate (a fair share is 25%).

Plays ``games`` (40) seeded 4-player games with ``bot`` (greedy, the lobby's default opponent) in
all four seats and counts, per game, the marches that end where they began carrying nobody and
the maneuvers undone by the same seat's next one (``games/the_monolith/wandering.py`` says
exactly which). Prints the means per game and their 95% intervals (a t interval over games);
issue 23's target is at most 1 of each per game. Game *i* starts from ``derive_seed(seed, i)``
and its bots from ``derive_seed(that, seat)``, as in the arena, so a rerun plays the same games.
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from rich.console import Console
from rich.progress import Progress

from monolith.bots import decide, make_bot
from monolith.bots.arena import derive_seed, play_out, wilson_interval
from monolith.bots.greedy import GreedyBot
from monolith.games import get_game
from monolith.games.the_monolith.wandering import WanderCounter

COUNTS = ("marches", "wandering_marches", "maneuvers", "undone_maneuvers")


def count_game(job: tuple[int, str]) -> dict[str, float]:
    """One 4-player game of ``bot`` against itself, its counts and seconds per decision."""
    seed, bot = job
    game = get_game("the-monolith")
    state = game.new_game(players=4, seed=seed)
    bots = [make_bot(bot, derive_seed(seed, seat)) for seat in range(4)]
    counter = WanderCounter()
    decisions = 0
    tick = time.perf_counter()
    while not game.is_terminal(state):
        seat = game.current_player(state)
        assert seat is not None
        action = decide(bots[seat], game, state)
        counter.see(state, action, seat)
        state = game.apply(state, action)
        decisions += 1
    found: dict[str, float] = dict(counter.as_dict())
    found["seconds_per_decision"] = (time.perf_counter() - tick) / decisions
    return found


def mean_interval(values: list[float]) -> tuple[float, float]:
    """The mean and the half-width of its 95% t-like interval (1.96 standard errors)."""
    mean = statistics.fmean(values)
    spread = statistics.stdev(values) if len(values) > 1 else 0.0
    return mean, 1.96 * spread / math.sqrt(len(values))


def duel_game(job: tuple[int, int]) -> bool:
    """One 4-player game, the follow-through greedy in ``seat``: whether it won."""
    seed, seat = job
    game = get_game("the-monolith")
    state = game.new_game(players=4, seed=seed)
    bots = {
        s: make_bot("greedy", derive_seed(seed, s))
        if s == seat
        else GreedyBot(derive_seed(seed, s), follow_through=False)
        for s in range(4)
    }
    final, _ = play_out(game, state, bots)
    return game.ranking(final)[0] == seat


def duel(games: int, seed: int, workers: int) -> None:
    jobs = [(derive_seed(seed, index), index % 4) for index in range(games)]
    with Progress() as progress:
        task = progress.add_task(f"{games} games, greedy against 3 one-ply greedy", total=games)
        wins = 0
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for won in pool.map(duel_game, jobs):
                wins += won
                progress.advance(task)
    low, high = wilson_interval(wins, games)
    Console().print(
        f"follow-through greedy won {wins}/{games}: {wins / games:.1%} (95% {low:.1%}-{high:.1%})"
    )


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "duel":
        numbers = [int(x) for x in sys.argv[2:]] + [0, 0, 0]
        duel(numbers[0] or 100, numbers[1] or 23, numbers[2] or 1)
        return
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 23
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    bot = sys.argv[4] if len(sys.argv) > 4 else "greedy"
    jobs = [(derive_seed(seed, index), bot) for index in range(games)]
    rows: list[dict[str, float]] = []
    with Progress() as progress:
        task = progress.add_task(f"{games} games, 4 x {bot}", total=games)
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for found in pool.map(count_game, jobs):
                rows.append(found)
                progress.advance(task)
    console = Console()
    for name in COUNTS:
        mean, half = mean_interval([row[name] for row in rows])
        console.print(f"{name:>18}: {mean:6.2f} per game (95% +- {half:.2f})")
    per = statistics.median(row["seconds_per_decision"] for row in rows)
    console.print(f"median seconds per decision: {per * 1000:.1f} ms")


if __name__ == "__main__":
    main()
