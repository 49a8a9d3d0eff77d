"""Do stronger search levels choose better moves? ``python benchmarks/level_regret.py GAME PLAYERS
[games] [every] [workers]``.

A ladder step needs many games to show a small edge; this asks the question position by position.
Positions come from ``ismcts-easy`` self-play (every ``every``-th decision with at least three
legal moves, of ``games`` games). On each, ``ismcts`` and ``ismcts-hard`` choose twice (two seeds),
an ensemble of three 400-iteration searches (the coach's ``runs``) once, and a deep reference
search (the coach's evaluator, 3 runs of 2,000 iterations, every level's choice forced in) judges
them: a choice's *regret* is the reference's best win chance less the chosen move's. Prints each
level's mean regret and how often it chose the reference's best move; every position's numbers go
to ``level-regret.jsonl``.
"""

from __future__ import annotations

import json
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from monolith.bots import decide, make_bot
from monolith.bots.coach import CoachBudget, evaluate_state
from monolith.games import get_game

LEVELS = ("ismcts", "ismcts-hard")
ENSEMBLE = CoachBudget(iterations=1200, runs=3)
REFERENCE = CoachBudget(iterations=6000, runs=3)


def positions(name: str, players: int, games: int, every: int) -> list[Any]:
    """States (as JSON) of ``ismcts-easy`` self-play where the seat to move has a choice."""
    game = get_game(name)
    found = []
    for index in range(games):
        state = game.new_game(players=players, seed=300 + index)
        bots = [make_bot("ismcts-easy", 1000 * index + seat) for seat in range(players)]
        turn = 0
        while not game.is_terminal(state):
            seat = game.current_player(state)
            assert seat is not None
            if turn % every == 0 and sum(1 for _ in game.legal_actions(state)) >= 3:
                found.append(game.state_to_json(state))
            state = game.apply(state, decide(bots[seat], game, state))
            turn += 1
    return found


def judge(job: tuple[str, int, Any]) -> dict[str, Any]:
    """Each level's choices on one position and their regrets by the reference search."""
    name, index, data = job
    game = get_game(name)
    state = game.state_from_json(data)
    choices = {
        f"{level}#{k}": game.action_to_id(decide(make_bot(level, 7 * index + k), game, state))
        for level in LEVELS
        for k in range(2)
    }
    choices["ensemble-3x400"] = evaluate_state(
        game, state, budget=ENSEMBLE, seed=index
    ).best.action_id
    reference = evaluate_state(
        game, state, budget=REFERENCE, seed=10_000 + index, include=set(choices.values())
    )
    win = {judged.action_id: judged.win for judged in reference.decisions}
    best = reference.best.win
    regret = {key: best - win[choice] if choice in win else None for key, choice in choices.items()}
    return {"position": index, "legal": reference.legal, "regret": regret}


def main(argv: list[str]) -> None:
    name, players = argv[1], int(argv[2])
    games = int(argv[3]) if len(argv) > 3 else 2
    every = int(argv[4]) if len(argv) > 4 else 12
    workers = int(argv[5]) if len(argv) > 5 else 2
    found = positions(name, players, games, every)
    print(f"{len(found)} positions of {name}, {players} players")
    rows = []
    with ProcessPoolExecutor(workers) as pool, open("level-regret.jsonl", "w") as out:
        for row in pool.map(judge, [(name, i, data) for i, data in enumerate(found)]):
            out.write(json.dumps(row) + "\n")
            rows.append(row)
    for key in rows[0]["regret"] if rows else ():
        judged = [row["regret"][key] for row in rows if row["regret"][key] is not None]
        best = sum(1 for value in judged if value <= 1e-9)
        print(
            f"{key:16} {len(judged):3} positions, mean regret {sum(judged) / len(judged):.4f}, "
            f"the reference's best in {best}"
        )


if __name__ == "__main__":
    main(sys.argv)
