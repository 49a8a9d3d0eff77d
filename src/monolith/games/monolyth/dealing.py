"""Dealing Monolyth games for :class:`~monolith.rl.vector.MonolythVector`, a chunk at a time.

A deal is a game's whole chance: its structure card, the players' boards, the ring, the first
player and the order every box piece will be drawn in. The engine draws each of these from its
:class:`~monolith.core.rng.Rng`, seeded afresh per draw from the game's seed and a counter, and
the box's draws do not depend on play, so a deal is a pure function of the seed. That makes it
the vector's one cost that grows with games rather than steps (63 seedings of a Mersenne
Twister per game, ~4 us each through ``Rng``), and lets it be done two ways with the same
result: :func:`deal_chunk` draws through the engine's ``Rng`` (the reference, and the path
without numba), :func:`deal_chunk_compiled` seeds a block of games' draws side by side
(:mod:`monolith.core.twister`, ~0.4 us a seeding). Either can run ahead in a second process
(``dealers=1``) while the first steps the batch: the chunks come back in the order their seeds
were drawn, so a vector plays the same games whichever process dealt them.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from monolith.core import twister
from monolith.core.compiled import compiled
from monolith.core.rng import _COUNTER_BITS, _seed

_I = npt.NDArray[np.int64]


@dataclass(frozen=True)
class Table:
    """What a deal needs from the content: the counts it draws among and the box's pieces."""

    players: int
    cards: int
    card: int | None
    """The structure card fixed by the game's options, or None: drawn."""
    boards: int
    box_pieces: tuple[int, ...]
    ring_spaces: int


@dataclass
class Deals:
    """A chunk of deals, one row per game (piece ids + 1, 0 for none)."""

    seeds: _I
    counter0: _I
    """The game's draws made before the box's first (the box's draws follow on from it)."""
    card: _I
    board_ids: _I
    ring: _I
    first: _I
    draws: _I
    n_draws: _I
    seconds: float = 0.0
    """The CPU time the chunk took to deal (counted where a worker process dealt it)."""

    def __len__(self) -> int:
        return len(self.seeds)

    def take(self, n: int) -> tuple[Deals, Deals]:
        """The first ``n`` deals and the rest."""
        head = Deals.of({f: getattr(self, f)[:n] for f in _FIELDS}, self.seconds)
        rest = Deals.of({f: getattr(self, f)[n:] for f in _FIELDS}, 0.0)
        return head, rest

    @staticmethod
    def of(columns: dict[str, _I], seconds: float) -> Deals:
        """Deals from their columns by name."""
        c = columns
        return Deals(
            c["seeds"],
            c["counter0"],
            c["card"],
            c["board_ids"],
            c["ring"],
            c["first"],
            c["draws"],
            c["n_draws"],
            seconds,
        )


_FIELDS = ("seeds", "counter0", "card", "board_ids", "ring", "first", "draws", "n_draws")


def deal_chunk(seeds: list[int], table: Table) -> Deals:
    """The deals of ``seeds``: exactly the engine's ``new_game`` draws (a structure card, a
    sample of boards, the ring's pieces, the first player), then the box's draw order."""
    started = time.process_time()
    source = random.Random()
    draw = source.randrange
    n = len(seeds)
    spaces = table.ring_spaces
    boxed = len(table.box_pieces) - (spaces - 1)
    card = np.empty(n, dtype=np.int64)
    board_ids = np.empty((n, table.players), dtype=np.int64)
    ring = np.zeros((n, spaces), dtype=np.int64)
    first = np.empty(n, dtype=np.int64)
    draws = np.zeros((n, boxed + 1), dtype=np.int64)
    counter0 = np.empty(n, dtype=np.int64)
    boards = list(range(table.boards))
    for row, seed in enumerate(seeds):
        base = seed << _COUNTER_BITS
        counter = 0
        if table.card is None:
            _seed(source, base)
            card[row] = draw(table.cards)
            counter = 1
        else:
            card[row] = table.card
        _seed(source, base | counter)
        board_ids[row] = source.sample(boards, table.players)
        counter += 1
        box = list(table.box_pieces)
        for space in range(1, spaces):  # the crystal sits on the empty space 0
            _seed(source, base | counter)
            ring[row, space] = box.pop(draw(len(box))) + 1
            counter += 1
        _seed(source, base | counter)
        first[row] = draw(table.players)
        counter += 1
        counter0[row] = counter
        left = len(box)
        for j in range(left):
            _seed(source, base | (counter + j))
            draws[row, j] = box.pop(draw(left - j)) + 1
    return Deals(
        seeds=np.array(seeds, dtype=np.int64),
        counter0=counter0,
        card=card,
        board_ids=board_ids,
        ring=ring,
        first=first,
        draws=draws,
        n_draws=np.full(n, boxed, dtype=np.int64),
        seconds=time.process_time() - started,
    )


SAMPLE_POOL = 21
"""``random.Random.sample`` picks from a pool (the method compiled here) when the population
is at most this large for the sample sizes of a deal (1 to 4 boards)."""

_GAMES_A_BLOCK = 8
"""Games whose draws are seeded side by side: ~500 keys, a 1.2 MB state that stays in the
cache (4 to 32 measure alike here, ~45 us a game)."""


def deal_chunk_compiled(seeds: list[int], table: Table) -> Deals:
    """:func:`deal_chunk`'s deals, drawn by :mod:`monolith.core.twister` (numba)."""
    started = time.process_time()
    n = len(seeds)
    spaces = table.ring_spaces
    boxed = len(table.box_pieces) - (spaces - 1)
    deals = Deals(
        seeds=np.array(seeds, dtype=np.int64),
        counter0=np.empty(n, dtype=np.int64),
        card=np.empty(n, dtype=np.int64),
        board_ids=np.empty((n, table.players), dtype=np.int64),
        ring=np.zeros((n, spaces), dtype=np.int64),
        first=np.empty(n, dtype=np.int64),
        draws=np.zeros((n, boxed + 1), dtype=np.int64),
        n_draws=np.full(n, boxed, dtype=np.int64),
    )
    _deal_kernel(
        deals.seeds.astype(np.uint64),
        table.players,
        table.cards,
        -1 if table.card is None else table.card,
        table.boards,
        np.array(table.box_pieces, dtype=np.int64),
        deals.card,
        deals.board_ids,
        deals.ring,
        deals.first,
        deals.draws,
        deals.counter0,
    )
    deals.seconds = time.process_time() - started
    return deals


@compiled
def _deal_kernel(
    seeds: npt.NDArray[np.uint64],
    players: int,
    cards: int,
    fixed_card: int,
    boards: int,
    box_pieces: _I,
    card: _I,
    board_ids: _I,
    ring: _I,
    first: _I,
    draws: _I,
    counter0: _I,
) -> None:
    """:func:`deal_chunk`'s draws in the same order (the card unless fixed, the boards, the
    ring's spaces 1 to 12, the first player, the box), each key's seeded with its block."""
    n = len(seeds)
    spaces = ring.shape[1]
    keys = (0 if fixed_card >= 0 else 1) + 1 + (spaces - 1) + 1 + len(box_pieces) - (spaces - 1)
    block = _GAMES_A_BLOCK * keys
    state = np.empty((twister.N, block), dtype=np.uint32)
    block_seeds = np.empty(block, dtype=np.uint64)
    block_counters = np.empty(block, dtype=np.uint64)
    pool = np.empty(boards, dtype=np.int64)
    box = np.empty(len(box_pieces), dtype=np.int64)
    for g0 in range(0, n, _GAMES_A_BLOCK):
        g1 = min(n, g0 + _GAMES_A_BLOCK)
        used = (g1 - g0) * keys
        for g in range(g0, g1):
            for c in range(keys):
                block_seeds[(g - g0) * keys + c] = seeds[g]
                block_counters[(g - g0) * keys + c] = c
        twister.seed_block(block_seeds[:used], block_counters[:used], state[:, :used])
        for g in range(g0, g1):
            r = (g - g0) * keys  # this game's first key's column
            if fixed_card >= 0:
                card[g] = fixed_card
            else:
                card[g] = twister.randbelow(state, r, 0, cards)[0]
                r += 1
            for b in range(boards):  # random.Random.sample's pool method
                pool[b] = b
            t = 0
            for i in range(players):
                j, t = twister.randbelow(state, r, t, boards - i)
                board_ids[g, i] = pool[j]
                pool[j] = pool[boards - i - 1]
            r += 1
            left = len(box_pieces)
            box[:] = box_pieces
            for space in range(1, spaces):  # the crystal sits on the empty space 0
                j = twister.randbelow(state, r, 0, left)[0]
                ring[g, space] = box[j] + 1
                for k in range(j, left - 1):  # list.pop(j)
                    box[k] = box[k + 1]
                left -= 1
                r += 1
            first[g] = twister.randbelow(state, r, 0, players)[0]
            r += 1
            counter0[g] = r - (g - g0) * keys
            for d in range(left):
                j = twister.randbelow(state, r, 0, left - d)[0]
                draws[g, d] = box[j] + 1
                for k in range(j, left - d - 1):
                    box[k] = box[k + 1]
                r += 1


def dealer_for(table: Table) -> Callable[[list[int], Table], Deals]:
    """How to deal ``table``'s games: compiled, unless the boards are too many for
    ``random.Random.sample``'s pool method (the one compiled)."""
    if table.boards <= SAMPLE_POOL:
        return deal_chunk_compiled
    return deal_chunk


class Dealer:
    """Deals in order of the seeds drawn from ``seeds``: in this process when asked
    (``processes=0``), or run ahead in chunks by one worker process (``processes=1``)."""

    CHUNK = 256
    AHEAD = 2
    """Chunks a worker keeps ready: enough that a step never waits at ~17 deals per step of a
    batch of 1,024 two-player games (60 steps a game)."""

    def __init__(self, table: Table, rng: np.random.Generator, *, processes: int = 0) -> None:
        if processes not in (0, 1):
            raise ValueError(f"dealers must be 0 (this process) or 1, not {processes}")
        self.table = table
        self._deal = dealer_for(table)
        self._rng = rng
        self._ready: Deals | None = None
        self._pending: deque[Future[Deals]] = deque()
        self._pool: ProcessPoolExecutor | None = None
        self.worker_seconds = 0.0
        """CPU time the worker process spent on the chunks it has finished: a second
        process makes the deals no cheaper, and a fair measure counts it."""
        if processes:
            # fork: the worker needs nothing but this module, and a forked worker does not import
            # the caller's script again (spawn and forkserver would, unguarded scripts included)
            method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
            self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context(method))

    def _seeds(self, n: int) -> list[int]:
        return [int(s) for s in self._rng.integers(2**62, size=n)]

    def deals(self, n: int) -> Deals:
        """The next ``n`` deals."""
        parts: list[Deals] = []
        while n:
            if self._ready is None or not len(self._ready):
                self._ready = self._next_chunk(n)
            head, self._ready = self._ready.take(n)
            parts.append(head)
            n -= len(head)
        if len(parts) == 1:
            return parts[0]
        joined = {f: np.concatenate([getattr(p, f) for p in parts]) for f in _FIELDS}
        return Deals.of(joined, sum(p.seconds for p in parts))

    def _next_chunk(self, wanted: int) -> Deals:
        if self._pool is None:
            return self._deal(self._seeds(wanted), self.table)
        while len(self._pending) < self.AHEAD + 1:
            size = max(self.CHUNK, wanted) if not self._pending else self.CHUNK
            future = self._pool.submit(self._deal, self._seeds(size), self.table)
            future.add_done_callback(self._count)
            self._pending.append(future)
        return self._pending.popleft().result()

    def _count(self, future: Future[Deals]) -> None:
        if not future.cancelled() and future.exception() is None:
            self.worker_seconds += future.result().seconds

    def close(self) -> None:
        """Stop the worker process, if any (deals made ahead are dropped)."""
        if self._pool is not None:
            for future in self._pending:
                future.cancel()
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None
