"""What a Kindling player sees (``view``) and a full state guessed from it (``determinize``).

Secret: the other players' hands and the deck's order. Everything else is on the table: every
fire, the ashes, how many cards each hand and the deck hold.
"""

from __future__ import annotations

from collections import Counter

from monolith.core import JsonDict, Rng
from monolith.core.errors import MalformedAction
from monolith.games.kindling.rules import KindlingRules, State


def view(game: KindlingRules, state: State, player: int | None) -> JsonDict:
    """The view of ``player`` (``None``: a spectator): its own hand, nobody else's."""
    c = game.content
    return {
        "game": game.info.name,
        "players": state.players,
        "seat": player,
        "current": state.current,
        "moves": state.moves,
        "deck": len(state.deck),
        "hand": [c.code(card) for card in state.hands[player]] if player is not None else None,
        "hand_sizes": [len(hand) for hand in state.hands],
        "fires": [
            {wood: list(fire) for wood, fire in zip(c.woods, fires, strict=True)}
            for fires in state.fires
        ],
        "ashes": [c.code(card) for card in state.ashes],
        "scores": list(game.scores(state)),
    }


def determinize(game: KindlingRules, seen: JsonDict, seed: int) -> State:
    """A full state showing exactly ``seen``: the cards nobody in the view can see shuffled
    (from ``seed``) and dealt to the other hands and the deck."""
    c = game.content
    try:
        players = int(seen["players"])
        seat = seen["seat"]
        own = [c.card_of(code) for code in (seen["hand"] or [])]
        sizes = [int(n) for n in seen["hand_sizes"]]
        fires = tuple(
            tuple(tuple(int(v) for v in fires[wood]) for wood in c.woods) for fires in seen["fires"]
        )
        ashes = tuple(c.card_of(code) for code in seen["ashes"])
        deck_size = int(seen["deck"])
    except (KeyError, TypeError, ValueError) as error:
        raise MalformedAction(f"not a Kindling view: {error!r}") from error
    unseen = Counter(c.deck())
    unseen.subtract(own)
    unseen.subtract(ashes)
    for mine in fires:
        for wood, fire in enumerate(mine):
            unseen.subtract(wood * c.values + v - 1 for v in fire)
    hidden_count = deck_size + sum(n for s, n in enumerate(sizes) if s != seat)
    if any(n < 0 for n in unseen.values()) or sum(unseen.values()) != hidden_count:
        raise MalformedAction("not a Kindling view: its cards are not those of one deck")
    shuffled, _ = Rng(seed).shuffled(sorted(unseen.elements()))
    hands: list[tuple[int, ...]] = []
    at = 0
    for s, size in enumerate(sizes):
        if s == seat:
            hands.append(tuple(sorted(own)))
        else:
            hands.append(tuple(sorted(shuffled[at : at + size])))
            at += size
    return State(
        players=players,
        deck=tuple(shuffled[at:]),
        hands=tuple(hands),
        fires=fires,
        ashes=ashes,
        current=seen["current"],
        moves=int(seen["moves"]),
    )
