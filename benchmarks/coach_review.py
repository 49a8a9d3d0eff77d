"""How long the coach's review of a whole match takes: ``python benchmarks/coach_review.py
[iterations]``.

For each game it plays one match where seat 0 stands for the human (an ``ismcts-easy`` bot) and the
other seats are greedy, then reviews seat 0 as the server does after a match (one decision after
another, in this process) at the review budget, and prints the decisions judged, the CPU seconds
and the wall seconds. The server runs reviews in one worker process at the lowest priority, so the
CPU seconds are what a review costs the machine; the wall seconds depend on what else runs.
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from monolith.bots import decide, make_bot
from monolith.bots.arena import derive_seed
from monolith.bots.coach import REVIEW, CoachBudget
from monolith.bots.review import judge, summarize, tasks_for
from monolith.games import get_game

MATCHES = [("monolyth", 2, 1), ("monolyth", 4, 2), ("the-monolith", 3, 3), ("the-monolith", 4, 4)]
"""(game, players, seed) of each match reviewed."""


def review_cost(name: str, players: int, seed: int, iterations: int) -> dict[str, Any]:
    """Play one match and review its seat 0; what it took."""
    game = get_game(name)
    state = game.new_game(players=players, seed=seed)
    states, actions = [], []
    turn = 0
    while not game.is_terminal(state):
        seat = game.current_player(state)
        bot = make_bot("ismcts-easy" if seat == 0 else "greedy", derive_seed(seed, turn))
        action = decide(bot, game, state)
        states.append(state)
        actions.append(action)
        state = game.apply(state, action)
        turn += 1
    budget = CoachBudget(iterations=iterations, runs=REVIEW.runs)
    cpu, wall = time.process_time(), time.perf_counter()
    tasks = tasks_for(game, states, actions, [0], budget=budget)
    verdicts = [judge(task) for task in tasks]
    (summary,) = summarize(verdicts, [0])
    return {
        "game": name,
        "players": players,
        "decisions": len(actions),
        "judged": len(tasks),
        "iterations": iterations,
        "cpu_seconds": round(time.process_time() - cpu, 1),
        "wall_seconds": round(time.perf_counter() - wall, 1),
        "marks": summary.marks,
    }


def main(argv: list[str]) -> int:
    iterations = int(argv[1]) if len(argv) > 1 else REVIEW.iterations
    for name, players, seed in MATCHES:
        print(json.dumps(review_cost(name, players, seed, iterations)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
