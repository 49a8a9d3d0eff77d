"""The games. Each subpackage exports ``GAME``, an object implementing :class:`monolith.core.Game`;
the registry finds them by looking, so a new game needs no change outside its own folder.

What a game ships beside its rules (heuristic, terminal, coach, analysis, RL encoder, action
layout, reference moves) is its ``companions`` attribute
(:class:`monolith.core.companions.Companions`), which the layers above read with
:func:`monolith.core.companions.companions`. Its browser table, when it draws its own, is in its
folder too (``web/``, :func:`page_folder`).
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from pathlib import Path
from types import ModuleType

from monolith.core import AnyGame, BadOptions


@cache
def _packages() -> dict[str, str]:
    found: dict[tuple[int, str], str] = {}
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        package = importlib.import_module(f"{__name__}.{module.name}")
        game = getattr(package, "GAME", None)
        if game is not None:
            found[game.info.listed, game.info.name] = package.__name__
    return {name: package for (_, name), package in sorted(found.items())}


def registry() -> dict[str, AnyGame]:
    """Every installed game by its name (``monolyth``, ``the-monolith``)."""
    return {name: importlib.import_module(pkg).GAME for name, pkg in _packages().items()}


def _package(name: str) -> ModuleType:
    """The package of the game called ``name``; a clear error listing the known names otherwise."""
    packages = _packages()
    if name not in packages:
        raise BadOptions(f"unknown game {name!r}; known games: {', '.join(packages)}")
    return importlib.import_module(packages[name])


def get_game(name: str) -> AnyGame:
    """The game called ``name``; a clear error listing the known names otherwise."""
    game: AnyGame = _package(name).GAME
    return game


def game_folder(name: str) -> Path:
    """The folder of the game called ``name``: everything it ships beside its rules is there."""
    return Path(_package(name).__path__[0])


def page_folder(name: str) -> Path | None:
    """The folder of the game's own browser table (``web/`` in its package, whose ``view.js``
    exports ``createTable``), or None: the pages then draw it with their generic table. The server
    serves it from there, so the game's pages stay in its folder."""
    folder = game_folder(name) / "web"
    return folder if (folder / "view.js").is_file() else None
