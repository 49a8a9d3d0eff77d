"""How good a Kindling position is for a seat, for the greedy and search bots: its score, plus
a share of what the cards in its hand can still add to fires it has lit, less the best rival's
score."""

from __future__ import annotations

from monolith.games.kindling.rules import KindlingRules, State

PROMISE = 0.5
"""What a playable card in hand is worth, per point of its value, against a card on a fire."""


def worth(game: KindlingRules, state: State, seat: int) -> float:
    """A seat's own worth: its score and what its hand promises to fires already lit."""
    c = game.content
    promise = sum(
        c.value_of(card)
        for card in state.hands[seat]
        if state.fires[seat][c.wood_of(card)] and game.playable(state, seat, card)
    )
    return game.scores(state)[seat] + PROMISE * promise


def values(game: KindlingRules, state: State) -> list[float]:
    """Every seat's worth at once."""
    return [worth(game, state, seat) for seat in range(state.players)]


def evaluate(game: KindlingRules, state: State, seat: int) -> float:
    """The seat's worth less the best rival's."""
    all_worths = values(game, state)
    return all_worths[seat] - max(w for s, w in enumerate(all_worths) if s != seat)
