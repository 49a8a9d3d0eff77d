"""Baselines with 95% intervals, for anyone setting an agent beside them: random, the lowest
legal id, greedy, ismcts-easy and ismcts, in solo Monolyth (mean final score) and as win rates
against random or greedy players in two-player Monolyth and four-player The Monolith (the
policy's seat rotates over the games). Every game is seeded by its number, so a run reproduces.

Run: ``python examples/baselines.py [games] [--setups solo,monolyth-2p,the-monolith-4p]
[--policies random,lowest-id,greedy,ismcts-easy,ismcts] [--opponent random|greedy]
[--json FILE]``; it prints a Markdown table (the ones in ``docs/research.md`` came from it).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections.abc import Callable
from typing import Any

from monolith.bots import decide, make_bot
from monolith.bots.arena import wilson_interval
from monolith.core import AnyGame, legal_action_ids
from monolith.games import get_game

Policy = Callable[[AnyGame, Any], Any]
"""An action for the player to move in a state."""

POLICIES = ("random", "lowest-id", "greedy", "ismcts-easy", "ismcts")
SETUPS = {
    "solo": ("monolyth", 1),
    "monolyth-2p": ("monolyth", 2),
    "the-monolith-4p": ("the-monolith", 4),
}


def policy(name: str, seed: int) -> Policy:
    """The policy called ``name``: a bot, or the lowest legal action id."""
    if name == "lowest-id":
        return lambda game, state: game.action_from_id(min(legal_action_ids(game, state)))
    bot = make_bot(name, seed)
    return lambda game, state: decide(bot, game, state)


def play(game: AnyGame, players: int, seats: list[Policy], seed: int) -> Any:
    """One game to its end; the final state."""
    state = game.new_game(players=players, seed=seed)
    while not game.is_terminal(state):
        seat = game.current_player(state)
        assert seat is not None  # the game is not over
        state = game.apply(state, seats[seat](game, state))
    return state


def measure(setup: str, name: str, games: int, opponent: str = "random") -> dict[str, Any]:
    """``games`` games of ``name`` in ``setup``: the mean score (solo) or the win rate against
    ``opponent`` players, with its 95% interval."""
    game_name, players = SETUPS[setup]
    game = get_game(game_name)
    start = time.process_time()
    scores: list[float] = []
    wins = 0
    for index in range(games):
        ours = index % players
        seats = [policy(opponent, 1000 * index + seat) for seat in range(players)]
        seats[ours] = policy(name, index)
        final = play(game, players, seats, seed=index)
        scores.append(float(game.scores(final)[ours]))
        wins += game.ranking(final)[0] == ours
    seconds = time.process_time() - start
    result: dict[str, Any] = {
        "setup": setup,
        "policy": name,
        "opponent": opponent if players > 1 else None,
        "games": games,
        "seconds": seconds,
    }
    if players == 1:
        mean = statistics.fmean(scores)
        half = 1.96 * statistics.stdev(scores) / math.sqrt(games) if games > 1 else math.inf
        result |= {"mean": mean, "low": mean - half, "high": mean + half}
    else:
        low, high = wilson_interval(wins, games)
        result |= {"wins": wins, "rate": wins / games, "low": low, "high": high}
    return result


def row(result: dict[str, Any]) -> str:
    """One Markdown table row."""
    seconds = result["seconds"] / result["games"]
    if "mean" in result:
        value = f"{result['mean']:.1f} ({result['low']:.1f}-{result['high']:.1f})"
    else:
        value = (
            f"{result['wins']}/{result['games']} = {100 * result['rate']:.0f}% "
            f"({100 * result['low']:.0f}-{100 * result['high']:.0f}%) vs {result['opponent']}"
        )
    return (
        f"| {result['setup']} | {result['policy']} | {result['games']} | {value} | {seconds:.1f} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", type=int, nargs="?", default=20)
    parser.add_argument("--setups", default=",".join(SETUPS))
    parser.add_argument("--policies", default=",".join(POLICIES))
    parser.add_argument("--opponent", default="random", choices=("random", "greedy"))
    parser.add_argument("--json", help="also write the results to this file")
    args = parser.parse_args()
    results = []
    print("| setup | policy | games | mean score, or wins (95% interval) | CPU s a game |")
    print("| --- | --- | ---: | --- | ---: |")
    for setup in args.setups.split(","):
        for name in args.policies.split(","):
            result = measure(setup, name, args.games, args.opponent)
            results.append(result)
            print(row(result), flush=True)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=1)


if __name__ == "__main__":
    main()
