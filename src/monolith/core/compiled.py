"""Loops compiled to machine code with numba, for the games' vectors (``rl`` extra).

A batch of thousands of games is stepped with array operations, but a few of its loops are
neither a ufunc nor a gather: seeding a Mersenne Twister (:mod:`monolith.core.twister`), or
finding the k-th legal id of a row. numba compiles these from plain Python loops (cached on
disk beside the module, so a machine compiles each once). The vectors need it; everything
else in the house runs without it, so it is imported only from modules the vectors import.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba
import numpy as np
import numpy.typing as npt

F = TypeVar("F", bound=Callable[..., Any])


def compiled(function: F) -> F:
    """``function`` compiled by numba, with no bounds checks (the callers pass whole arrays
    they made) and its machine code cached on disk."""
    return cast(F, numba.njit(cache=True, boundscheck=False)(function))


_CHUNK = 64
"""Flags summed at a time when looking for a row's pick: a run the compiler adds in SIMD lanes."""


@compiled
def pick_legal(
    mask: npt.NDArray[np.bool_], uniforms: npt.NDArray[np.float64]
) -> npt.NDArray[np.int64]:
    """Per row of ``mask``, its ``floor(uniforms[row] * legal)``-th legal id (every row must
    have one): the row's flags counted, then summed a chunk at a time up to the chunk holding
    the pick, which is scanned. The ids :func:`monolith.core.layout.random_actions`'s numpy path
    picks for the same uniforms, without its array of every legal id."""
    flags = mask.view(np.uint8)
    rows, width = flags.shape
    whole = width // _CHUNK * _CHUNK
    picks = np.empty(rows, dtype=np.int64)
    for row in range(rows):
        line = flags[row]
        legal = 0
        for i in range(width):
            legal += line[i]
        if legal == 0:
            raise ValueError("a row of the mask has no legal action")
        k = int(uniforms[row] * legal)
        start = 0
        while start < whole:
            chunk = 0
            for i in range(_CHUNK):
                chunk += line[start + i]
            if k < chunk:
                break
            k -= chunk
            start += _CHUNK
        i = start
        while not line[i] or k:
            k -= line[i]
            i += 1
        picks[row] = i
    return picks
