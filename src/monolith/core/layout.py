"""The layout of an observation tensor: named channels, each a slice of one flat ``float32``
vector with a shape of its own, so a network (or a person reading the docs) can find every
feature, and the docs' channel table is printed from the same source as the code. In ``core``
so that each game's encoder, in the game's own folder, can lay out its tensor."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np
import numpy.typing as npt

Tensor = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Channel:
    """One named part of an observation: where it starts, its shape and what it means."""

    name: str
    offset: int
    shape: tuple[int, ...]
    meaning: str

    @property
    def size(self) -> int:
        return math.prod(self.shape)

    @property
    def stop(self) -> int:
        return self.offset + self.size


@dataclass
class Layout:
    """Channels laid one after another in a flat vector; every value lies in [0, 1]."""

    channels: list[Channel] = field(default_factory=list)

    def add(self, name: str, shape: tuple[int, ...], meaning: str) -> Channel:
        channel = Channel(name, self.size, shape, meaning)
        self.channels.append(channel)
        return channel

    @property
    def size(self) -> int:
        return self.channels[-1].stop if self.channels else 0

    def __getitem__(self, name: str) -> Channel:
        for channel in self.channels:
            if channel.name == name:
                return channel
        raise KeyError(name)

    def view(self, tensor: Tensor, name: str) -> Tensor:
        """The channel ``name`` of ``tensor``, shaped (a view: writing to it fills the tensor)."""
        channel = self[name]
        return tensor[channel.offset : channel.stop].reshape(channel.shape)

    def markdown(self) -> str:
        """The channel table as Markdown (the docs include it verbatim; a test compares)."""
        rows = ["| channel | offset | shape | meaning |", "| --- | ---: | --- | --- |"]
        for c in self.channels:
            shape = " x ".join(map(str, c.shape))
            rows.append(f"| `{c.name}` | {c.offset} | {shape} | {c.meaning} |")
        return "\n".join(rows)


Mask = npt.NDArray[np.int8]
"""1 for each legal action id, 0 for the others."""


class Encoder(Protocol):
    """A game's observation encoder and action mask, for learning code (the ``encoder``
    companion, see :class:`monolith.core.companions.Companions`)."""

    game: Any
    layout: Layout
    shape: tuple[int, ...]
    num_actions: int

    def observation_tensor(self, state_or_view: Any, seat: int) -> Tensor: ...

    def action_mask(self, state_or_view: Any, seat: int | None = None) -> Mask: ...


def random_actions(mask: npt.NDArray[np.bool_], rng: np.random.Generator) -> npt.NDArray[np.int64]:
    """One uniformly random legal action id per row of a batch's boolean ``mask`` (every row
    must have one): the legal ids of all rows in one ``flatnonzero``, then a uniform pick within
    each row's. What a random player of a game's ``vector`` companion does each step: where
    numba is installed (the ``rl`` extra), the same picks from the same draws, compiled
    (:func:`monolith.core.compiled.pick_legal`, ~0.7 of the time at a batch of 1,024)."""
    uniforms = rng.random(len(mask))
    try:
        from monolith.core.compiled import pick_legal
    except ImportError:  # pragma: no cover - without the rl extra
        pass
    else:
        if mask.dtype == np.bool_ and mask.flags.c_contiguous:
            picked: npt.NDArray[np.int64] = pick_legal(mask, uniforms)
            return picked
    return pick_legal_numpy(mask, uniforms)


def pick_legal_numpy(
    mask: npt.NDArray[np.bool_], uniforms: npt.NDArray[np.float64]
) -> npt.NDArray[np.int64]:
    """Per row of ``mask``, its ``floor(uniforms[row] * legal)``-th legal id, in numpy."""
    width = mask.shape[1]
    legal = np.flatnonzero(mask)
    counts = np.bincount(legal // width, minlength=len(mask))
    starts = np.cumsum(counts) - counts
    pick = starts + (uniforms * counts).astype(np.int64)
    actions: npt.NDArray[np.int64] = legal[pick] - np.arange(len(mask)) * width
    return actions
