"""OpenSpiel's ISMCTS against ours, head to head in two-player Monolyth, seats alternating.

Both search the same number of worlds per decision. OpenSpiel's ``ISMCTSBot`` walks the game
through ``python_monolyth`` (resampling worlds with ``resample_from_infostate``) and values a
leaf with our heuristic (:class:`monolith.rl.spiel.HeuristicEvaluator`), since random rollouts
cost too much here; ours (:class:`monolith.bots.IsmctsBot`) samples worlds from the seat's view
and orders moves by the same heuristic. Run: ``python examples/openspiel_vs_ours.py [games]
[simulations]``.
"""

from __future__ import annotations

import sys
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from monolith.bots import IsmctsBot, decide
from monolith.bots.arena import wilson_interval
from monolith.bots.ismcts import SearchBudget
from monolith.rl.spiel import HeuristicEvaluator


def play(index: int, simulations: int) -> tuple[int, int]:
    """One game; returns OpenSpiel's seat and the winner's seat."""
    game = pyspiel.load_game("python_monolyth", {"players": 2, "seed": index})
    theirs = ismcts.ISMCTSBot(
        game=game,
        evaluator=HeuristicEvaluator(),
        uct_c=1.5,
        max_simulations=simulations,
        random_state=np.random.RandomState(index),
        allow_inconsistent_action_sets=True,
    )
    ours = IsmctsBot(index, budget=SearchBudget(iterations=simulations, max_seconds=30.0))
    their_seat = index % 2
    state = game.new_initial_state()
    state.apply_action(index % 4096)  # the deal
    while not state.is_terminal():
        if state.current_player() == their_seat:
            state.apply_action(theirs.step(state))
        else:
            action = decide(ours, state.rules, state.engine_state)
            state.apply_action(state.rules.action_to_id(action))
    returns = state.returns()
    return their_seat, int(np.argmax(returns))


def main(games: int, simulations: int) -> None:
    start = time.perf_counter()
    wins = 0
    for index in range(games):
        their_seat, winner = play(index, simulations)
        wins += winner == their_seat
        print(f"game {index + 1}: OpenSpiel's ISMCTS in seat {their_seat}, winner seat {winner}")
    low, high = wilson_interval(wins, games)
    print(
        f"OpenSpiel's ISMCTS won {wins} of {games} against ours ({simulations} worlds a move): "
        f"{wins / games:.0%}, 95% interval {low:.0%}-{high:.0%}; "
        f"{time.perf_counter() - start:.0f} s"
    )


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 10,
        int(sys.argv[2]) if len(sys.argv) > 2 else 60,
    )
