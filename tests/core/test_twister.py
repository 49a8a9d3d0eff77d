"""The compiled draws are CPython's ``random.Random`` to the bit, and the compiled random
player picks what the numpy one picks from the same draws."""

from __future__ import annotations

import random

import numpy as np
import pytest

from monolith.core import twister
from monolith.core.compiled import pick_legal
from monolith.core.layout import pick_legal_numpy

EDGES = [
    (0, 0),
    (0, 5),
    (1, 0),
    (2**32 - 1, 7),
    (2**32, 0),
    (2**62, 2**32 + 3),
    (2**64 - 1, 2**64 - 1),
]
"""Seeds and counters whose keys have one to four 32-bit words, and the largest."""


def seeded() -> list[tuple[int, int, np.ndarray]]:
    """Each key's seed and counter, and the block they were seeded in (key ``r`` in column
    ``r``)."""
    rng = np.random.default_rng(3)
    seeds = [s for s, _ in EDGES] + [int(s) for s in rng.integers(2**62, size=300)]
    counters = [c for _, c in EDGES] + [int(c) for c in rng.integers(120, size=300)]
    state = np.empty((twister.N, len(seeds)), dtype=np.uint32)
    twister.seed_block(np.array(seeds, np.uint64), np.array(counters, np.uint64), state)
    return [(seed, counter, state) for seed, counter in zip(seeds, counters, strict=True)]


def test_seeded_outputs_are_cpythons() -> None:
    source = random.Random()
    for r, (seed, counter, state) in enumerate(seeded()):
        source.seed(seed << 64 | counter)
        expected = [source.getrandbits(32) for _ in range(12)]
        assert [twister.output(state, r, t) for t in range(12)] == expected, (seed, counter)


@pytest.mark.parametrize("bound", [1, 2, 3, 5, 12, 33, 48, 60, 1000, 2**31 + 5, 2**32 - 1])
def test_randbelow_is_randrange(bound: int) -> None:
    """Each bound's draw, and where the next draw from the same seeding starts (the outputs a
    rejection used), are CPython's."""
    source = random.Random()
    for r, (seed, counter, state) in enumerate(seeded()):
        source.seed(seed << 64 | counter)
        first, t = twister.randbelow(state, r, 0, bound)
        second, _ = twister.randbelow(state, r, t, bound)
        assert (first, second) == (source.randrange(bound), source.randrange(bound))


def masks() -> list[np.ndarray]:
    """Masks of several widths (under a chunk, not a whole number of chunks), densities from one
    legal id a row to most, the legal id first and last."""
    rng = np.random.default_rng(7)
    found = []
    for width in (1, 7, 64, 65, 200, 11669):
        for density in (0.0, 0.01, 0.5, 0.99):
            mask = rng.random((50, width)) < density
            mask[np.arange(50), rng.integers(width, size=50)] = True
            found.append(mask)
        edge = np.zeros((2, width), dtype=np.bool_)
        edge[0, 0] = edge[1, width - 1] = True
        found.append(edge)
    return found


def test_compiled_picks_are_the_numpy_picks() -> None:
    rng = np.random.default_rng(11)
    for mask in masks():
        for uniforms in (rng.random(len(mask)), np.zeros(len(mask)), np.full(len(mask), 1 - 1e-12)):
            assert np.array_equal(pick_legal(mask, uniforms), pick_legal_numpy(mask, uniforms))


def test_a_row_with_no_legal_id_is_refused() -> None:
    mask = np.ones((3, 70), dtype=np.bool_)
    mask[1] = False
    with pytest.raises(ValueError, match="no legal action"):
        pick_legal(mask, np.zeros(3))
