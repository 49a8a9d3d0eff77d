"""Kindling for learning agents: an observation tensor built from the seat's view only, and the
legal-action mask. Seats are relative: index 0 is the observing seat, then the others in turn
order; a table of fewer than 4 leaves the last rows 0. Every value lies in [0, 1]."""

from __future__ import annotations

from typing import Any

import numpy as np

from monolith.core import JsonDict, legal_action_ids
from monolith.core.layout import Layout, Mask, Tensor
from monolith.games.kindling.content import MAX_PLAYERS
from monolith.games.kindling.observer import determinize, view
from monolith.games.kindling.rules import KindlingRules


class KindlingEncoder:
    """The observation of a seat and the mask of legal actions, from a state or the seat's
    view."""

    def __init__(self, game: KindlingRules) -> None:
        self.game = game
        c = game.content
        self.num_actions = game.info.num_actions
        layout = Layout()
        layout.add("hand", (c.cards,), "copies of each card in the seat's hand / the most copies")
        layout.add(
            "fires",
            (MAX_PLAYERS, len(c.woods), c.values),
            "per seat (relative), wood and value: 1 for each value on that fire",
        )
        layout.add("ashes", (c.cards,), "copies of each card on the ashes / the most copies")
        layout.add("hand_sizes", (MAX_PLAYERS,), "cards in each seat's hand / hand size")
        layout.add("deck", (1,), "cards left to draw / the whole deck")
        layout.add("to_move", (MAX_PLAYERS,), "1 for the seat (relative) to move")
        self.layout = layout
        self.shape: tuple[int, ...] = (layout.size,)

    def _view(self, state_or_view: Any, seat: int) -> JsonDict:
        if isinstance(state_or_view, dict):
            return state_or_view
        return view(self.game, state_or_view, seat)

    def observation_tensor(self, state_or_view: Any, seat: int) -> Tensor:
        c = self.game.content
        seen = self._view(state_or_view, seat)
        players = int(seen["players"])
        tensor = np.zeros(self.shape, np.float32)
        most = max(c.copies)
        hand = self.layout.view(tensor, "hand")
        for code in seen["hand"] or []:
            hand[c.card_of(code)] += 1.0 / most
        fires = self.layout.view(tensor, "fires")
        sizes = self.layout.view(tensor, "hand_sizes")
        to_move = self.layout.view(tensor, "to_move")
        for other in range(players):
            rel = (other - seat) % players
            for wood, key in enumerate(c.woods):
                for value in seen["fires"][other][key]:
                    fires[rel, wood, value - 1] = 1.0
            sizes[rel] = seen["hand_sizes"][other] / c.hand
            if seen["current"] == other:
                to_move[rel] = 1.0
        ashes = self.layout.view(tensor, "ashes")
        for code in seen["ashes"]:
            ashes[c.card_of(code)] += 1.0 / most
        self.layout.view(tensor, "deck")[0] = seen["deck"] / len(c.deck())
        return tensor

    def action_mask(self, state_or_view: Any, seat: int | None = None) -> Mask:
        """1 for each legal action of the seat to move. A view shows the legal actions only on
        its own seat's turn (its hand); it is first made a full state."""
        state = state_or_view
        if isinstance(state_or_view, dict):
            if state_or_view["seat"] != state_or_view["current"]:
                return np.zeros(self.num_actions, np.int8)
            state = determinize(self.game, state_or_view, 0)
        mask = np.zeros(self.num_actions, np.int8)
        if state.current is not None and (seat is None or seat == state.current):
            mask[legal_action_ids(self.game, state)] = 1  # type: ignore[arg-type]
        return mask
