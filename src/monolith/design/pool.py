"""Bot games on several processes that a Ctrl-C stops at once.

The designers' commands play hundreds of independent games (:func:`monolith.bots.arena.play_game`).
A pool whose games are all queued up front and whose shutdown waits for them kept an interrupted
``analyze`` running for minutes; here the workers ignore SIGINT (the parent alone decides), and
on any exception in the parent, a Ctrl-C first, the workers are terminated, not waited for.
Results come back in schedule order, as :func:`monolith.bots.arena.run` gives them.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Sequence

from monolith.bots.arena import GameResult, GameSpec, play_game
from monolith.usage import CliError


def _ignore_interrupts() -> None:
    """In each worker: Ctrl-C reaches the whole process group; only the parent acts on it."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def play_games(
    specs: Sequence[GameSpec],
    *,
    workers: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play every game on ``workers`` processes (in this one for 1); results in schedule order."""
    if workers < 1:
        raise CliError(f"--workers must be at least 1, not {workers}")
    results: list[GameResult] = []

    def keep(result: GameResult) -> None:
        results.append(result)
        if on_result is not None:
            on_result(result)

    if workers == 1 or len(specs) <= 1:
        for spec in specs:
            keep(play_game(spec))
    else:
        pool = multiprocessing.Pool(min(workers, len(specs)), initializer=_ignore_interrupts)
        try:
            for result in pool.imap_unordered(play_game, specs):
                keep(result)
        except BaseException:
            pool.terminate()  # the games under way are lost; nobody waits for them
            raise
        else:
            pool.close()
        finally:
            pool.join()
    return sorted(results, key=lambda r: r.index)
