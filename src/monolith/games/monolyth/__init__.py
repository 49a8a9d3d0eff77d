"""Monolyth: 1-4 players build their own 4x4 block from 3D polyominoes taken from a ring."""

from monolith.games.monolyth.game import Monolyth
from monolith.games.monolyth.geometry import placements
from monolith.games.monolyth.rules import (
    Action,
    Board,
    MonolythRules,
    MonolythState,
    Pass,
    Place,
    State,
    Swap,
    TakeProphecy,
)

GAME = Monolyth()

__all__ = [
    "GAME",
    "Action",
    "Board",
    "Monolyth",
    "MonolythRules",
    "MonolythState",
    "Pass",
    "Place",
    "State",
    "Swap",
    "TakeProphecy",
    "placements",
]
