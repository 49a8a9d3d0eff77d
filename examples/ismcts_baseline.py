"""Our ISMCTS as a baseline: it decides from a seat's view through the one game protocol, so it
plays any of the games, here against random players. Run: ``python examples/ismcts_baseline.py
[games]``."""

from __future__ import annotations

import sys

from monolith.bots import decide, make_bot
from monolith.games import get_game


def main(games: int) -> None:
    game = get_game("the-monolith")
    wins = 0
    for index in range(games):
        seats = [make_bot("random", 100 * index + seat) for seat in range(3)]
        seats[index % 3] = make_bot("ismcts-easy", index)
        state = game.new_game(players=3, seed=index)
        while not game.is_terminal(state):
            seat = game.current_player(state)
            assert seat is not None  # the game is not over
            state = game.apply(state, decide(seats[seat], game, state))
        winner = game.ranking(state)[0]
        wins += winner == index % 3
        print(f"game {index + 1}: favor {list(game.scores(state))}, ISMCTS seat {index % 3}")
    print(f"ISMCTS won {wins} of {games} three-player games against two random players")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
