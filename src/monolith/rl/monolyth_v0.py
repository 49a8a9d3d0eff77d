"""Monolyth as a PettingZoo AEC environment: ``env(players=2)`` (1-4 players)."""

from __future__ import annotations

from typing import Any

from monolith.rl.aec import MonolithEnv


def raw_env(**kwargs: Any) -> MonolithEnv:
    """The bare environment; keyword arguments as :class:`~monolith.rl.aec.MonolithEnv`."""
    return MonolithEnv("monolyth", **kwargs)


def env(**kwargs: Any) -> MonolithEnv:
    """The environment; it checks what PettingZoo's wrappers for classic games check (see
    :mod:`monolith.rl.aec`), so it is :func:`raw_env`."""
    return raw_env(**kwargs)
