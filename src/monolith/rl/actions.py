"""Each game's action layout (:mod:`monolith.core.actions`): blocks of consecutive ids, one per
kind of action, each the product of a few named axes. A game describes its own in its folder
(its ``action_layout`` companion); a game that describes none is one block on one axis. The
docs' action tables are printed from here (``markdown``), and tests check that the blocks cover
every id once and that each decode names the engine's own action (``game.action_from_id``).
"""

from __future__ import annotations

from functools import cache
from typing import cast

from monolith.core.actions import ActionBlock, ActionLayout, Axis, Decoded, flat_layout
from monolith.core.companions import companions
from monolith.games import get_game

__all__ = [
    "ActionBlock",
    "ActionLayout",
    "Axis",
    "Decoded",
    "action_layout",
    "monolyth_cell_sets",
]


@cache
def action_layout(name: str) -> ActionLayout:
    """The action layout of the game called ``name``: its own, or one flat block."""
    game = get_game(name)
    make = companions(game).action_layout
    return make() if make is not None else flat_layout(name, game.info.num_actions)


def monolyth_cell_sets() -> tuple[int, ...]:
    """The sets of cells of Monolyth's ``place`` block as 64-bit masks (bit x + 4y + 16z), in
    the order of its ``cells`` axis (:func:`monolith.games.monolyth.actions.cell_sets`; kept
    here for the docs and examples that import it from ``monolith.rl``)."""
    from monolith.games.monolyth.actions import cell_sets
    from monolith.games.monolyth.rules import MonolythRules

    return cell_sets(cast(MonolythRules, get_game("monolyth")))
