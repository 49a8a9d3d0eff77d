"""What the bot-game commands share: reading the bots named on the command line.

Both live in :mod:`monolith.usage` (the designers' and load packages raise the same error); they
are named here too for the terminal play and review modules and the tests that import them so."""

from __future__ import annotations

from monolith.usage import CliError, parse_bot_names

__all__ = ["CliError", "parse_bot_names"]
