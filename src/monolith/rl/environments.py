"""Every game of the registry with an encoder as a PettingZoo module, ``monolith.rl.<name>_v0``
(``monolyth_v0``, ``the_monolith_v0``): built on first import from the game's
``GameInfo``, so a new game's folder is all it takes.

``from monolith.rl import monolyth_v0`` and ``import monolith.rl.monolyth_v0`` both work: an
import hook (:class:`Environments`, installed by :mod:`monolith.rl`) answers for those names. It
also keeps the paths of modules that moved into a game's folder (``monolith.rl.vector``, now
``monolith.games.monolyth.vector``) working for code written against them.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import importlib.util
import sys
from types import ModuleType
from typing import Any

PACKAGE = "monolith.rl"
SUFFIX = "_v0"
MOVED = {"vector": "monolith.games.monolyth.vector"}
"""Modules that moved from ``monolith.rl`` into a game's folder, by their old name."""


def game_of(module: str) -> str | None:
    """The registry's game behind ``<name>_v0`` (``the_monolith_v0``: ``the-monolith``), if it
    has an encoder; else ``None``."""
    from monolith.core.companions import companions
    from monolith.games import registry

    if not module.endswith(SUFFIX):
        return None
    wanted = module.removesuffix(SUFFIX)
    for name, game in registry().items():
        if name.replace("-", "_") == wanted and companions(game).encoder is not None:
            return name
    return None


def environment_module(game: str, qualified: str) -> ModuleType:
    """``<name>_v0``: ``env(**kwargs)`` and ``raw_env(**kwargs)``, the game's AEC environment
    (:class:`~monolith.rl.aec.MonolithEnv`) with its default table unless ``players`` is given."""
    from monolith.games import get_game

    info = get_game(game).info
    module = ModuleType(qualified)
    module.__doc__ = (
        f"{info.title} as a PettingZoo AEC environment: ``env(players={info.default_players})`` "
        f"({info.min_players}-{info.max_players} players); keyword arguments as "
        ":class:`~monolith.rl.aec.MonolithEnv`."
    )

    def raw_env(**kwargs: Any) -> Any:
        """The bare environment."""
        from monolith.rl.aec import MonolithEnv

        return MonolithEnv(game, **{"players": info.default_players, **kwargs})

    def env(**kwargs: Any) -> Any:
        """The environment; it checks what PettingZoo's wrappers for classic games check (see
        :mod:`monolith.rl.aec`), so it is :func:`raw_env`."""
        return raw_env(**kwargs)

    module.raw_env = raw_env  # type: ignore[attr-defined] # a module built here
    module.env = env  # type: ignore[attr-defined]
    return module


class Environments(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Answers ``import monolith.rl.<name>_v0`` with the game's environment module, and an old
    path in :data:`MOVED` with the module where it lives now."""

    def find_spec(
        self, fullname: str, path: Any = None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        parent, _, name = fullname.rpartition(".")
        if parent != PACKAGE or not (name in MOVED or name.endswith(SUFFIX)):
            return None
        if name not in MOVED and game_of(name) is None:
            return None
        return importlib.util.spec_from_loader(fullname, self)

    def __init__(self) -> None:
        self._specs: dict[str, importlib.machinery.ModuleSpec | None] = {}
        """The own spec of each moved module, which the import system overwrites with the old
        path's when it hands the module out under that path."""

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> ModuleType:
        name = spec.name.rpartition(".")[2]
        if name in MOVED:
            module = importlib.import_module(MOVED[name])
            self._specs[module.__name__] = module.__spec__
            return module
        game = game_of(name)
        assert game is not None  # find_spec answered for this name only
        return environment_module(game, spec.name)

    def exec_module(self, module: ModuleType) -> None:
        """Nothing to run: :meth:`create_module` built (or found) the whole module; a moved
        module gets its own spec back."""
        if module.__name__ in self._specs:
            module.__spec__ = self._specs[module.__name__]


def install() -> None:
    """Put the hook in front of the import system, once."""
    if not any(isinstance(finder, Environments) for finder in sys.meta_path):
        sys.meta_path.insert(0, Environments())
