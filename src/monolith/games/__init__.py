"""The games. Each subpackage exports ``GAME``, an object implementing :class:`monolith.core.Game`;
the registry finds them by looking, so a new game needs no change outside its own folder."""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from monolith.core import AnyGame, BadOptions


@cache
def registry() -> dict[str, AnyGame]:
    """Every installed game by its name (``monolyth``, ``the-monolith``)."""
    found: dict[str, AnyGame] = {}
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{__name__}.{module.name}")
        game = getattr(package, "GAME", None)
        if game is not None:
            found[game.info.name] = game
    return dict(sorted(found.items()))


def get_game(name: str) -> AnyGame:
    """The game called ``name``; a clear error listing the known names otherwise."""
    games = registry()
    if name not in games:
        raise BadOptions(f"unknown game {name!r}; known games: {', '.join(games)}")
    return games[name]
