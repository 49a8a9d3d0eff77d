"""The engine's random draws (:class:`monolith.core.rng.Rng`) for many keys at once, compiled.

``Rng`` seeds CPython's Mersenne Twister afresh for every draw, from ``seed << 64 | counter``,
so that a state saved mid-game replays exactly. Seeding is most of a draw's cost: CPython's
``init_by_array`` is 1,247 steps each waiting on the one before (~4 us). Dealing thousands of
games a second (Monolyth's vector) needs the same draws faster, so here a block of keys is
seeded side by side, each step done for every key of the block in one loop the compiler spreads
over SIMD lanes, and each key's outputs are then read from its column as CPython's
``genrand_uint32`` would give them. The results are CPython's ``random.Random`` to the bit for
any seed below 2**64 (the tests compare them with it).

Compiled with numba (:mod:`monolith.core.compiled`, the ``rl`` extra): the loops here are written
for the compiler (as plain Python they would be slow and warn of overflows).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from monolith.core.compiled import compiled

N = 624
"""Words of a Mersenne Twister's state."""
M = 397
"""The twist's offset: output ``t`` (below ``N - M``) reads words ``t``, ``t + 1`` and
``t + M`` of the seeded state."""
MAX_OUTPUTS = N - M
"""Outputs a seeded state gives without a second twist: far more than any draw asks for (a
bounded draw rejects an output with probability below one half)."""

_U = np.uint32


def _init_genrand(s: int) -> npt.NDArray[np.uint32]:
    mt = np.zeros(N, dtype=np.uint32)
    mt[0] = s
    for i in range(1, N):
        prev = int(mt[i - 1])
        mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & 0xFFFFFFFF
    return mt


INITIAL = _init_genrand(19650218)
"""``init_by_array``'s starting state: the same for every key, so worked out once."""


@compiled
def seed_block(
    seeds: npt.NDArray[np.uint64], counters: npt.NDArray[np.uint64], state: npt.NDArray[np.uint32]
) -> None:
    """Seed ``state[:, r]`` as ``random.Random(seeds[r] << 64 | counters[r])`` is seeded
    (``init_by_array`` over the key's 32-bit words), every key at once: ``state`` is
    ``[624, len(seeds)]``."""
    n = len(seeds)
    # step k of the first loop adds word k % L of the key and k % L itself, for a key of L
    # words (1 to 4); 12 is a multiple of every L, so a table of 12 rows serves every key
    added = np.empty((12, n), dtype=np.uint32)
    low = np.uint64(0xFFFFFFFF)
    for r in range(n):
        seed, counter = seeds[r], counters[r]
        key = (counter & low, counter >> np.uint64(32), seed & low, seed >> np.uint64(32))
        words = 4 if key[3] else 3 if key[2] else 2 if key[1] else 1
        for m in range(12):
            j = m % words
            added[m, r] = np.uint32(key[j]) + np.uint32(j)
    init = INITIAL
    for r in range(n):
        state[0, r] = init[0]
    i = 1
    for k in range(N):  # max(N, L) steps, L <= 4
        row = added[k % 12]
        if k < N - 1:
            c = init[i]
            for r in range(n):
                p = state[i - 1, r]
                state[i, r] = (c ^ ((p ^ (p >> _U(30))) * _U(1664525))) + row[r]
        else:  # the step after the wrap goes back over word 1
            for r in range(n):
                p = state[i - 1, r]
                state[i, r] = (state[i, r] ^ ((p ^ (p >> _U(30))) * _U(1664525))) + row[r]
        i += 1
        if i >= N:
            for r in range(n):
                state[0, r] = state[N - 1, r]
            i = 1
    for _ in range(N - 1):
        minus = _U(i)
        for r in range(n):
            p = state[i - 1, r]
            state[i, r] = (state[i, r] ^ ((p ^ (p >> _U(30))) * _U(1566083941))) - minus
        i += 1
        if i >= N:
            for r in range(n):
                state[0, r] = state[N - 1, r]
            i = 1
    for r in range(n):
        state[0, r] = _U(0x80000000)


@compiled
def output(state: npt.NDArray[np.uint32], r: int, t: int) -> int:
    """The ``t``-th 32-bit output (``getrandbits(32)``) of key ``r`` seeded in ``state``."""
    if t >= MAX_OUTPUTS:
        raise ValueError("a draw asked for more outputs than one seeding gives")
    y = (state[t, r] & _U(0x80000000)) | (state[t + 1, r] & _U(0x7FFFFFFF))
    v = state[t + M, r] ^ (y >> _U(1))
    if y & _U(1):
        v ^= _U(0x9908B0DF)
    v ^= v >> _U(11)
    v ^= (v << _U(7)) & _U(0x9D2C5680)
    v ^= (v << _U(15)) & _U(0xEFC60000)
    v ^= v >> _U(18)
    return int(v)


@compiled
def randbelow(state: npt.NDArray[np.uint32], r: int, t: int, bound: int) -> tuple[int, int]:
    """``random.Random.randrange(bound)`` (``bound`` from 1 to 2**32) of key ``r`` from its
    ``t``-th output: the value, and the output after the ones it used (CPython takes the
    top ``bound.bit_length()`` bits and draws again while they are not below ``bound``)."""
    bits = 0
    while (1 << bits) <= bound:
        bits += 1
    value = output(state, r, t) >> (32 - bits)
    t += 1
    while value >= bound:
        value = output(state, r, t) >> (32 - bits)
        t += 1
    return value, t
