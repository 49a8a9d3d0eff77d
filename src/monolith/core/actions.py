"""The layout of a game's action ids: blocks of consecutive ids, one per kind of action, each
block the product of a few named axes (row-major, the last axis fastest). An agent with a
factorised policy picks a block, then a value on each of its axes; :meth:`ActionLayout.decode`
turns an id into exactly that, and :meth:`ActionLayout.encode` back. In ``core`` so that each
game describes its own ids in its folder (its ``action_layout`` companion); :mod:`monolith.rl`
hands them out, and lays out a game without one as a single block.
"""

from __future__ import annotations

import bisect
import math
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt


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


def flat_layout(game: str, num_actions: int) -> ActionLayout:
    """A game's ids as one block on one axis: for a game that describes none of its own."""
    return ActionLayout(game, (ActionBlock("action", 0, (Axis("id", num_actions),), "any"),))
