"""The units of work a compute worker runs: plain functions of plain values.

Each takes only what the deciding seat could see (a view, never the state) and returns plain
values, so it travels to a local worker process or a Ray worker alike and nothing hidden leaves
the server with it.
"""

from __future__ import annotations

import contextlib
import os
import signal
import threading
import time
from dataclasses import replace
from typing import Any

from monolith.bots import make_bot
from monolith.bots.ismcts import IsmctsBot
from monolith.core import JsonDict
from monolith.games import get_game

PARENT_CHECK_SECONDS = 1.0
"""How often a local worker checks that its server still lives."""

_prepared = False
"""Whether this process has set its priority (once: ``os.nice`` adds up)."""


def bot_decision(
    bot: str, seed: int, game_name: str, view: JsonDict, seat: int, max_seconds: float | None
) -> Any:
    """The action (as JSON) bot ``bot`` takes from ``view`` for ``seat``. A search stops at
    ``max_seconds`` with the best move found so far; the cheap bots need no cap."""
    game = get_game(game_name)
    player = make_bot(bot, seed)
    if max_seconds is not None and isinstance(player, IsmctsBot):
        player.budget = replace(player.budget, max_seconds=max_seconds)
    return game.action_to_json(player.choose(game, view, seat))


def lower_priority() -> None:
    """Run this process only when live play leaves a core free: the lowest niceness and, on
    Linux, the idle scheduling class (at nice 19 alone a loaded server still waited for the
    CPU 30% of its time, against 18%)."""
    global _prepared
    if _prepared:
        return
    _prepared = True
    with contextlib.suppress(OSError):
        os.nice(19)
    with contextlib.suppress(OSError, AttributeError):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))


def start_worker(server: int, searches: bool) -> None:
    """A local worker process's start: searches at the lowest priority, and the worker ends when
    its server (pid ``server``) does, however the server ended (a killed server left its workers
    behind, each holding ~80 MB). The server names itself: a worker still starting when its
    server was killed would find itself adopted already, and follow its new parent forever."""
    if searches:
        lower_priority()
    # A terminal's Ctrl-C reaches the whole process group: the server stops its workers itself.
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def follow_the_server() -> None:
        while os.getppid() == server:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(0)

    threading.Thread(target=follow_the_server, name="follow-server", daemon=True).start()


def at_low_priority(function: Any, *args: Any) -> Any:
    """``function(*args)`` in a process set to the lowest priority first (a Ray worker, which
    the server did not start and cannot set up beforehand)."""
    lower_priority()
    return function(*args)
