"""The table hears every action, but not which secret objective a player kept or discarded."""

from __future__ import annotations

import random

from monolith.games.the_monolith import GAME


def test_announce_names_public_actions_and_hides_objective_choices() -> None:
    state = GAME.new_game(players=4, seed=3)
    chooser = random.Random(3)
    kinds_seen = set()
    names = {card.name for card in GAME.content.objectives}
    for _ in range(400):
        if GAME.is_terminal(state):
            break
        action = chooser.choice(list(GAME.legal_actions(state)))
        public = GAME.announce(state, action)
        private = GAME.describe_action(state, action)
        if action.kind in {"keep_objective", "discard_objective"}:
            assert not any(name in public for name in names), public
            assert any(name in private for name in names), private
        else:
            assert public == private
        kinds_seen.add(action.kind)
        state = GAME.apply(state, action)
    assert "keep_objective" in kinds_seen and "march" in kinds_seen
