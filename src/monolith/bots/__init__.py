"""Bots for every game behind one small interface, found by name: ``make_bot("greedy", seed)``."""

from __future__ import annotations

from collections.abc import Callable

from monolith.bots.base import Bot, UnknownBot
from monolith.bots.greedy import GreedyBot
from monolith.bots.random_bot import RandomBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
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


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "UnknownBot", "bot_names", "make_bot"]
