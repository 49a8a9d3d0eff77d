"""Bots for every game behind one small interface, found by name: ``make_bot("greedy", seed)``."""

from __future__ import annotations

from collections.abc import Callable

from monolith.bots.base import Bot, UnknownBot, decide
from monolith.bots.greedy import GreedyBot
from monolith.bots.ismcts import LEVELS, IsmctsBot
from monolith.bots.random_bot import RandomBot


def _ismcts_at(level: str) -> Callable[[int], Bot]:
    def factory(seed: int) -> Bot:
        return IsmctsBot(seed, level=level)

    return factory


BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    **{
        ("ismcts" if level == "default" else f"ismcts-{level}"): _ismcts_at(level)
        for level in LEVELS
    },
}
"""Every bot by name; each is built from a seed alone, so a run reproduces."""


def bot_names() -> list[str]:
    return list(BOTS)


def make_bot(name: str, seed: int) -> Bot:
    """A fresh bot called ``name`` with its own random source seeded by ``seed``."""
    factory = BOTS.get(name)
    if factory is None:
        raise UnknownBot(f"unknown bot {name!r}; known bots: {', '.join(BOTS)}")
    return factory(seed)


__all__ = [
    "BOTS",
    "Bot",
    "GreedyBot",
    "IsmctsBot",
    "RandomBot",
    "UnknownBot",
    "bot_names",
    "decide",
    "make_bot",
]
