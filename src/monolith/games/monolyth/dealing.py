"""Dealing Monolyth games for :class:`~monolith.rl.vector.MonolythVector`, a chunk at a time.

A deal is a game's whole chance: its structure card, the players' boards, the ring, the first
player and the order every box piece will be drawn in. The engine draws each of these from its
:class:`~monolith.core.rng.Rng`, seeded afresh per draw from the game's seed and a counter, and
the box's draws do not depend on play, so a deal is a pure function of the seed. That makes it
the vector's one cost that grows with games rather than steps (63 seedings of a Mersenne
Twister per game, ~4 us each), and lets it run ahead in a second process (``dealers=1``) while
the first steps the batch: the chunks come back in the order their seeds were drawn, so a
vector plays the same games whichever process dealt them.
"""

from __future__ import annotations

import multiprocessing
import random
import time
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

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
            return deal_chunk(self._seeds(wanted), self.table)
        while len(self._pending) < self.AHEAD + 1:
            size = max(self.CHUNK, wanted) if not self._pending else self.CHUNK
            future = self._pool.submit(deal_chunk, self._seeds(size), self.table)
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
