"""The baseline: a uniformly random legal action, reproducible from its seed."""

from __future__ import annotations

import random
from typing import Any

from monolith.bots.base import legal_list, sample_state
from monolith.core import AnyGame, JsonDict


class RandomBot:
    """Uniform over the legal actions, drawn from its own seeded source (not the game's)."""

    name = "random"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: AnyGame, view: JsonDict, seat: int) -> Any:
        return self.rng.choice(legal_list(game, sample_state(game, view, self.rng)))
