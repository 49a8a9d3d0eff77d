"""Monolyth as a PettingZoo AEC environment: ``env(players=2)`` (1-4 players)."""

from __future__ import annotations

from typing import Any

from pettingzoo import AECEnv

from monolith.rl.aec import MonolithEnv, Observation, wrap


def raw_env(**kwargs: Any) -> MonolithEnv:
    """The bare environment; keyword arguments as :class:`~monolith.rl.aec.MonolithEnv`."""
    return MonolithEnv("monolyth", **kwargs)


def env(**kwargs: Any) -> AECEnv[str, Observation, int]:
    """The environment with PettingZoo's usual wrappers for classic games."""
    return wrap(raw_env(**kwargs))
