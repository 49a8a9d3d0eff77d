"""What the bot-game commands share: reading the bots named on the command line."""

from __future__ import annotations

from monolith.bots import make_bot


class CliError(Exception):
    """A bad request on the command line, reported as one line without a traceback."""


def parse_bot_names(text: str) -> list[str]:
    """``greedy,random`` -> the names, checked against the bot registry."""
    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise CliError("no bot named: give at least one, e.g. --bots random")
    for name in names:
        make_bot(name, 0)  # raises UnknownBot with the list of known names
    return names
