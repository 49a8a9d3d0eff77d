"""A seeded random source that lives inside the game state.

States are immutable values, so the source is too: every draw returns the value and the next
source. A draw seeds :class:`random.Random` from ``(seed, counter)``, so a state can be saved as
JSON mid-game and any game replays exactly from its seed and action log.
"""

from __future__ import annotations

import random
import threading
from _random import Random as _Generator
from collections.abc import Sequence
from typing import TypeVar

import msgspec

T = TypeVar("T")

_COUNTER_BITS = 64

_sources = threading.local()
"""One :class:`random.Random` per thread, seeded afresh for every draw: ``random.Random(seed)``
would seed a new generator twice (its C constructor, then ``__init__``), and seeding is most of
a draw's cost; per thread, so a draw between seeding and use cannot be interleaved."""

_seed = _Generator.seed
"""The C seeding that ``random.Random.seed`` ends in for an integer (it adds only argument
checks and resetting ``gauss``'s spare value, which no draw here uses)."""


class Rng(msgspec.Struct, frozen=True):
    """The game's random source: a seed and how many draws have been made from it."""

    seed: int
    counter: int = 0

    def _next(self) -> tuple[random.Random, Rng]:
        """The generator seeded from ``(seed, counter)`` (used before the next draw), and the
        next source."""
        try:
            source: random.Random = _sources.source
        except AttributeError:
            source = _sources.source = random.Random()
        _seed(source, (self.seed << _COUNTER_BITS) | self.counter)
        return source, Rng(self.seed, self.counter + 1)

    def randbelow(self, n: int) -> tuple[int, Rng]:
        """A uniform integer in ``[0, n)`` and the next source."""
        if n <= 0:
            raise ValueError(f"randbelow needs a positive bound, got {n}")
        source, rest = self._next()
        return source.randrange(n), rest

    def random(self) -> tuple[float, Rng]:
        """A uniform float in ``[0, 1)`` and the next source."""
        source, rest = self._next()
        return source.random(), rest

    def choice(self, items: Sequence[T]) -> tuple[T, Rng]:
        """One item, uniformly, and the next source."""
        index, rest = self.randbelow(len(items))
        return items[index], rest

    def shuffled(self, items: Sequence[T]) -> tuple[tuple[T, ...], Rng]:
        """The items in a uniformly random order, and the next source."""
        source, rest = self._next()
        out = list(items)
        source.shuffle(out)
        return tuple(out), rest

    def sample(self, items: Sequence[T], k: int) -> tuple[tuple[T, ...], Rng]:
        """``k`` distinct items in random order, and the next source."""
        source, rest = self._next()
        return tuple(source.sample(list(items), k)), rest
