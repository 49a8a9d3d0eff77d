"""Bot seats, played on the server in a thread pool so a slow search never blocks the event loop.

A bot is rebuilt for every move from a seed derived from the match's secret seed, the seat and the
version it moves on: its choice is the same after a restart, and nothing about it needs storing.
"""

from __future__ import annotations

import asyncio
import hashlib
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from monolith.bots import decide, make_bot
from monolith.core import AnyGame


def bot_seed(match_seed: int, seat: int, version: int) -> int:
    """A 63-bit seed for one bot move; unrelated to the game's own random source."""
    text = f"bot:{match_seed}:{seat}:{version}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big") >> 1


def _choose(name: str, seed: int, game: AnyGame, state: Any) -> Any:
    return decide(make_bot(name, seed), game, state)


class BotPool:
    """Runs bot decisions off the event loop."""

    def __init__(self, threads: int) -> None:
        self._pool = ThreadPoolExecutor(max(1, threads), thread_name_prefix="monolith-bot")

    async def choose(self, name: str, seed: int, game: AnyGame, state: Any) -> Any:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, _choose, name, seed, game, state)

    def close(self) -> None:
        self._pool.shutdown(wait=False, cancel_futures=True)
