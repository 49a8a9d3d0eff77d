"""How good a Kindling position is for a seat, for the greedy and search bots: each fire's score
now, plus most of what it would score with the cards in hand that can still go on it (a wood not
lit yet counts only when those cards would pay for lighting it), less the best rival's worth."""

from __future__ import annotations

from monolith.games.kindling.rules import KindlingRules, State

PROMISE = 0.9
"""How much of a fire's projected gain from the hand counts: the cards are not played yet (and
in a 60-game arena against random play, 0.9 scored better than 0.6 or the score alone)."""


def worth(game: KindlingRules, state: State, seat: int) -> float:
    """A seat's own worth: its fires now and what its hand promises them."""
    c = game.content
    total = 0.0
    for wood, fire in enumerate(state.fires[seat]):
        top = fire[-1] if fire else 0
        playable = sorted(
            c.value_of(card)
            for card in state.hands[seat]
            if c.wood_of(card) == wood and c.value_of(card) >= top
        )
        now = game.fire_score(fire)
        projected = game.fire_score((*fire, *playable)) if playable else now
        if not fire:
            projected = max(projected, 0)  # a wood that would not pay is left unlit
        total += now + PROMISE * (projected - now)
    return total


def values(game: KindlingRules, state: State) -> list[float]:
    """Every seat's worth at once."""
    return [worth(game, state, seat) for seat in range(state.players)]


def evaluate(game: KindlingRules, state: State, seat: int) -> float:
    """The seat's worth less the best rival's."""
    all_worths = values(game, state)
    return all_worths[seat] - max(w for s, w in enumerate(all_worths) if s != seat)
