"""The games. Each subpackage exports ``GAME``, an object implementing :class:`monolith.core.Game`;
the registry finds them by looking, so a new game needs no change outside its own folder.

A game's package may also hold companions that upper layers pick up by name: ``heuristic``
(``evaluate(game, state, seat) -> float``, for one-ply bots) and ``terminal`` (``render(view,
voice)``, ``choose`` and ``breakdown`` for terminal play, see :mod:`monolith.cli.play`).
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from types import ModuleType

from monolith.core import AnyGame, BadOptions


@cache
def _packages() -> dict[str, str]:
    found: dict[str, str] = {}
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{__name__}.{module.name}")
        game = getattr(package, "GAME", None)
        if game is not None:
            found[game.info.name] = package.__name__
    return dict(sorted(found.items()))


def registry() -> dict[str, AnyGame]:
    """Every installed game by its name (``monolyth``, ``the-monolith``)."""
    return {name: importlib.import_module(pkg).GAME for name, pkg in _packages().items()}


def get_game(name: str) -> AnyGame:
    """The game called ``name``; a clear error listing the known names otherwise."""
    packages = _packages()
    if name not in packages:
        raise BadOptions(f"unknown game {name!r}; known games: {', '.join(packages)}")
    game: AnyGame = importlib.import_module(packages[name]).GAME
    return game


def companion(name: str, module: str) -> ModuleType | None:
    """The game's optional companion module (``heuristic``, ``terminal``), if it has one."""
    package = _packages().get(name)
    if package is None:
        return None
    try:
        return importlib.import_module(f"{package}.{module}")
    except ModuleNotFoundError as error:
        if error.name == f"{package}.{module}":
            return None
        raise
