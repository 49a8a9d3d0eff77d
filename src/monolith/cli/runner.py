"""Running games between bots: the loop shared by ``simulate``, ``bench`` and tests."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from monolith.bots import Bot, decide, make_bot
from monolith.core import AnyGame

MAX_TURNS = 100_000
"""A game still running after this many turns is a bug in the rules, not a long game."""


class CliError(Exception):
    """A bad request on the command line, reported as one line without a traceback."""


def derive_seed(seed: int, *parts: int) -> int:
    """A 63-bit seed for one game or seat, fixed by the run's seed so runs reproduce."""
    text = ":".join(str(part) for part in (seed, *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


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
    state = game.new_game(players=players, seed=seed)
    turns = 0
    while not game.is_terminal(state):
        seat = game.current_player(state)
        if seat is None:
            break
        state = game.apply(state, decide(bots[seat], game, state))
        turns += 1
        if turns > MAX_TURNS:
            raise RuntimeError(f"{game.info.title} game with seed {seed} passed {MAX_TURNS} turns")
    return state, turns
