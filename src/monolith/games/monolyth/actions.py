"""Monolyth's action ids as blocks and axes (:class:`monolith.core.actions.ActionLayout`), for
agents with a factorised policy; the docs' action table is printed from here."""

from __future__ import annotations

from monolith.core.actions import ActionBlock, ActionLayout, Axis
from monolith.games.monolyth.rules import MAX_STEP, MonolythRules


def layout(rules: MonolythRules) -> ActionLayout:
    """Monolyth's ids: place, swap, prophecy and pass."""
    sets = rules._n_sets
    values = rules.content.prophecy_values
    step = Axis("step", MAX_STEP, 1, "crystal steps clockwise to the piece taken")
    blocks = (
        ActionBlock(
            "place",
            0,
            (step, Axis("cells", sets, 0, "set of cells, index in `monolyth_cell_sets()`")),
            f"place the piece `step` spaces on: one of the {sets:,} sets of cells any piece "
            "fills, turned any way (sorted as 64-bit masks, so lower sets lie lower: the lowest "
            "legal id fills the board bottom-up); only the sets of that piece's shape can be legal",
        ),
        ActionBlock(
            "swap",
            rules._swap_base,
            (step, Axis("cell", 64, 0, "x + 4y + 16z")),
            "put the piece `step` spaces aside for a single cube of its colour at `cell` "
            "(x west-east, y north-south, z up: x + 4y + 16z)",
        ),
        ActionBlock(
            "prophecy",
            rules._prophecy_base,
            (
                Axis("side", 4, 0, "north, east, south, west"),
                Axis("value", len(values), values[0], "token value"),
            ),
            "put the prophecy token of `value` on `side` (0 north, 1 east, 2 south, 3 west)",
        ),
        ActionBlock("pass", rules._pass_id, (), "only when nothing else is legal"),
    )
    return ActionLayout("monolyth", blocks)


def cell_sets(rules: MonolythRules) -> tuple[int, ...]:
    """The sets of cells of the ``place`` block as 64-bit masks (bit x + 4y + 16z), in the
    order of its ``cells`` axis."""
    return rules._set_masks
