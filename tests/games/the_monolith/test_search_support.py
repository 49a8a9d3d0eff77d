"""What searching bots lean on: determinizing one view many times, and cached action ids."""

from __future__ import annotations

import json
import random

from monolith.games.the_monolith import GAME, TheMonolith
from monolith.games.the_monolith.rules import act, action_from_id, action_to_id


def test_repeated_determinization_of_a_view_matches_a_fresh_one() -> None:
    rng = random.Random(5)
    state = GAME.new_game(players=4, seed=3, options={"tower": "sticky"})
    for _ in range(120):
        state = GAME.apply(state, rng.choice(GAME.legal_list(state)))
    view = GAME.view(state, 2)
    game = TheMonolith()
    first = game.determinize(view, 11)
    again = game.determinize(view, 11)  # from the per-view cache
    fresh = TheMonolith().determinize(json.loads(json.dumps(view)), 11)
    assert first == again == fresh
    assert GAME.view(first, 2) == view
    other = game.determinize(GAME.view(state, 1), 11)  # another view is read afresh
    assert other.objs[1] == state.objs[1]
    assert game.determinize(view, 12).obj_deck != first.obj_deck or len(first.obj_deck) < 2


def test_action_ids_are_the_same_the_second_time() -> None:
    for action in (act("march", 7, 3), act("commit"), act("slay", 4, 1, 0)):
        assert action_to_id(action) == action_to_id(action)
        assert action_from_id(action_to_id(action)) == action
