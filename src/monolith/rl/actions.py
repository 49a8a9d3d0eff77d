"""The layout of each game's action ids: blocks of consecutive ids, one per kind of action, each
block the product of a few named axes (row-major, the last axis fastest). An agent with a
factorised policy picks a block, then a value on each of its axes; :meth:`ActionLayout.decode`
turns an id into exactly that, and :meth:`ActionLayout.encode` back. The docs' action tables are
printed from here (``markdown``), and tests check that the blocks cover every id once and that
each decode names the engine's own action (``game.action_from_id``).
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, cast

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from monolith.games.monolyth.game import Monolyth


@dataclass(frozen=True)
class Axis:
    """One factor of a block: ``size`` values, ``low`` to ``low + size - 1``."""

    name: str
    size: int
    low: int = 0
    meaning: str = ""


@dataclass(frozen=True)
class ActionBlock:
    """The ids ``start`` to ``stop - 1``: one kind of action, indexed by its axes."""

    name: str
    start: int
    axes: tuple[Axis, ...]
    meaning: str

    @property
    def size(self) -> int:
        return math.prod(axis.size for axis in self.axes)

    @property
    def stop(self) -> int:
        return self.start + self.size


@dataclass(frozen=True)
class Decoded:
    """An action id as a factorised head: its block and the value on each of the block's axes
    (``indices`` counts from 0 on every axis, ``values`` from each axis's ``low``, as the
    engine's action has them)."""

    block: str
    block_index: int
    indices: tuple[int, ...]
    values: tuple[int, ...]


@dataclass(frozen=True)
class ActionLayout:
    """A game's action space as blocks laid one after another from id 0."""

    game: str
    blocks: tuple[ActionBlock, ...]

    @property
    def num_actions(self) -> int:
        return self.blocks[-1].stop

    def __getitem__(self, name: str) -> ActionBlock:
        for block in self.blocks:
            if block.name == name:
                return block
        raise KeyError(name)

    def decode(self, action_id: int) -> Decoded:
        """The block of ``action_id`` and its value on each axis."""
        if not 0 <= action_id < self.num_actions:
            raise ValueError(f"action id must be 0-{self.num_actions - 1}, not {action_id}")
        at = bisect.bisect_right([block.start for block in self.blocks], action_id) - 1
        block = self.blocks[at]
        rest = action_id - block.start
        indices: list[int] = []
        for axis in reversed(block.axes):
            rest, index = divmod(rest, axis.size)
            indices.append(index)
        indices.reverse()
        values = tuple(axis.low + i for axis, i in zip(block.axes, indices, strict=True))
        return Decoded(block.name, at, tuple(indices), values)

    def encode(self, block_name: str, *indices: int) -> int:
        """The id of ``block_name`` at these axis indices (each counted from 0)."""
        block = self[block_name]
        if len(indices) != len(block.axes):
            raise ValueError(f"{block_name} has {len(block.axes)} axes, not {len(indices)}")
        action_id = 0
        for axis, index in zip(block.axes, indices, strict=True):
            if not 0 <= index < axis.size:
                raise ValueError(f"{block_name}.{axis.name} index must be 0-{axis.size - 1}")
            action_id = action_id * axis.size + index
        return block.start + action_id

    def block_of_ids(self) -> npt.NDArray[np.int16]:
        """Per action id, the index of its block: a mask's legal ids grouped by kind in one
        step (``np.bincount(layout.block_of_ids()[mask == 1])``)."""
        out = np.empty(self.num_actions, dtype=np.int16)
        for at, block in enumerate(self.blocks):
            out[block.start : block.stop] = at
        return out

    def markdown(self) -> str:
        """The block table as Markdown (the docs include it verbatim; a test compares)."""
        rows = ["| block | ids | axes (slowest first) | meaning |", "| --- | --- | --- | --- |"]
        for b in self.blocks:
            axes = " x ".join(
                f"{a.name} {a.size}" + (f" ({a.low}-{a.low + a.size - 1})" if a.low else "")
                for a in b.axes
            )
            rows.append(f"| `{b.name}` | {b.start}-{b.stop - 1} | {axes or '-'} | {b.meaning} |")
        return "\n".join(rows)


@cache
def action_layout(name: str) -> ActionLayout:
    """The action layout of the game called ``name`` (``monolyth``, ``the-monolith``)."""
    if name == "monolyth":
        return _monolyth()
    if name == "the-monolith":
        return _the_monolith()
    raise KeyError(f"no action layout for the game {name!r}; games: monolyth, the-monolith")


def _monolyth() -> ActionLayout:
    from monolith.games.monolyth.rules import MAX_STEP

    rules = _monolyth_rules()
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


def monolyth_cell_sets() -> tuple[int, ...]:
    """The sets of cells of Monolyth's ``place`` block as 64-bit masks (bit x + 4y + 16z), in
    the order of its ``cells`` axis."""
    return _monolyth_rules()._set_masks


def _monolyth_rules() -> Monolyth:
    """The registered Monolyth, whose ids the environments use."""
    from monolith.games import get_game

    return cast("Monolyth", get_game("monolyth"))


_THE_MONOLITH_WHEN = {
    "keep_objective": "setup",
    "draft_bid": "draft option",
    "draft_pick": "draft option",
    "take": "start of an order turn",
    "raise": "start of an order turn",
    "forfeit": "start of an order turn",
    "discard_divination": "over the hand limit",
    "march": "march order",
    "step": "march or shaman order",
    "drop_off": "march order",
    "pick_up": "march order",
    "stop": "march, shaman or recruit order",
    "shaman": "shaman order",
    "recruit": "recruit order",
    "deploy": "recruit order (source 0 reserves, 1 anger)",
    "bid": "orders",
    "commit": "orders",
    "use_effect": "card effects (source: divination id, 24 + shaman)",
    "resolve": "card effects (pending index)",
    "pass": "card effects, rest step 2c",
    "slay": "action phase",
    "maneuver": "action phase",
    "boast": "action phase",
    "sacrifice": "action phase",
    "relent": "action phase",
    "fate": "action phase",
    "reveal_objective": "rest step 2c",
    "discard_objective": "over the hand limit",
    "place_event": "rest step 8",
}
"""When each kind is decided (``docs/rules/the-monolith.md``, its action table)."""


def _the_monolith() -> ActionLayout:
    from monolith.games.the_monolith.rules import KINDS, OFFSETS

    blocks = tuple(
        ActionBlock(
            kind,
            OFFSETS[kind],
            tuple(Axis(name, count, low) for name, count, low in params),
            _THE_MONOLITH_WHEN[kind],
        )
        for kind, params in KINDS
    )
    return ActionLayout("the-monolith", blocks)
