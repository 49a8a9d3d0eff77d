"""Running games between bots: the loop shared by ``simulate``, ``bench`` and tests."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from monolith.bots import Bot, make_bot
from monolith.bots.arena import derive_seed, play_out
from monolith.core import AnyGame


class CliError(Exception):
    """A bad request on the command line, reported as one line without a traceback."""


def parse_bot_names(text: str) -> list[str]:
    """``greedy,random`` -> the names, checked against the bot registry."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise CliError("no bot named: give at least one, e.g. --bot random")
    for name in names:
        make_bot(name, 0)  # raises UnknownBot with the list of known names
    return names


def seat_bots(names: Sequence[str], seats: Sequence[int], seed: int) -> dict[int, Bot]:
    """A fresh bot for each seat, names cycled over the seats, each seeded from ``seed``."""
    return {
        seat: make_bot(names[k % len(names)], derive_seed(seed, seat))
        for k, seat in enumerate(seats)
    }


def play_bots(game: AnyGame, *, players: int, seed: int, bots: dict[int, Bot]) -> tuple[Any, int]:
    """Play one game to the end with a bot on every seat; the final state and its turns."""
    return play_out(game, game.new_game(players=players, seed=seed), bots)
