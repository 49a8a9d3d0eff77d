"""Bot seats: the bots the table offers, by family and level, and each move's seed. The moves
themselves are worked out by :mod:`monolith.compute`, never in the web process.

A bot is rebuilt for every move from a seed derived from the match's secret seed, the seat and the
version it moves on: its choice is the same after a restart (unless its search ran into the time
cap, ``MONOLITH_DECISION_SECONDS``), and nothing about it needs storing.
"""

from __future__ import annotations

import hashlib

from monolith.bots import BOTS

DEFAULT_LEVEL = "default"


def bot_catalog() -> dict[str, list[str]]:
    """Bots by family with their levels, read off the registry's names.

    The registry names a strength of a bot family ``family-level`` (``ismcts-hard``) and its
    default strength plainly (``ismcts``); the lobby offers a family and a level.
    """
    catalog: dict[str, list[str]] = {}
    for name in BOTS:
        family, _, level = name.rpartition("-")
        if family and family in BOTS:
            catalog.setdefault(family, [DEFAULT_LEVEL]).append(level)
        else:
            catalog.setdefault(name, [DEFAULT_LEVEL])
    return catalog


def family_and_level(name: str) -> tuple[str, str]:
    """A registry name as the lobby's family and level: ``ismcts-easy`` is ``("ismcts",
    "easy")``, ``greedy`` is ``("greedy", "default")``."""
    for family, levels in bot_catalog().items():
        for level in levels:
            if name == (family if level == DEFAULT_LEVEL else f"{family}-{level}"):
                return family, level
    raise LookupError(f"unknown bot {name!r}")


def resolve_bot(bot: str | None, level: str | None) -> str:
    """The registry name for a bot family at a level; ``LookupError`` naming what exists."""
    bot = bot or "greedy"
    level = level or DEFAULT_LEVEL
    catalog = bot_catalog()
    if bot in BOTS and bot not in catalog:  # a level's own name, e.g. "ismcts-hard"
        if level != DEFAULT_LEVEL:
            raise LookupError(f"bot {bot!r} has no level {level!r}; it is a level itself")
        return bot
    if bot not in catalog:
        raise LookupError(f"unknown bot {bot!r}; known bots: {', '.join(catalog)}")
    if level not in catalog[bot]:
        levels = ", ".join(catalog[bot])
        raise LookupError(f"bot {bot!r} has no level {level!r}; its levels: {levels}")
    return bot if level == DEFAULT_LEVEL else f"{bot}-{level}"


def bot_family(name: str) -> tuple[str, str]:
    """A registry name read back as its family and level: ``ismcts-hard`` is (ismcts, hard)."""
    family, _, level = name.rpartition("-")
    if family and family in BOTS:
        return family, level
    return name, DEFAULT_LEVEL


def bot_seed(match_seed: int, seat: int, version: int) -> int:
    """A 63-bit seed for one bot move; unrelated to the game's own random source."""
    text = f"bot:{match_seed}:{seat}:{version}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1
