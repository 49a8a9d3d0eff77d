"""The server with the CPU time of its parts counted, per call: ``monolith bench-server --launcher
benchmarks/parts_server.py`` (it takes uvicorn's arguments and runs it).

A profiler either slows the server down (cProfile, several times over) or samples it (py-spy,
shares of all, not costs per call). This wraps a few named functions and adds up the CPU time of
the calling thread spent in each (``time.thread_time``: time waiting for the CPU or the
interpreter lock is not counted) and how often each ran, so a part's cost per call under real
load can be set beside the same part timed alone. Every second, and at the end, it writes
``parts-<pid>.json`` into ``MONOLITH_PARTS_DIR`` (default: the working folder); the coach's
worker processes write their own.

A wrapped function is replaced in its module (or class), so calls made through another module's
``from ... import`` of it before the wrapping are not counted: the list names each where it is
called from. ``MONOLITH_PARTS`` adds more, as ``module:function`` or ``module:Class.method``
separated by commas. Only plain functions are timed: a coroutine function's time is spent after
it returns.
"""

from __future__ import annotations

import gc
import importlib
import json
import os
import sys
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

PARTS = [
    "monolith.server.views:_head",
    "monolith.server.views:visible_view",
    "monolith.server.views:legal_ids_json",
    "monolith.server.views:_encode",
    "monolith.server.views:seats_payload",
    "monolith.server.master:state_hash",
    "monolith.games.monolyth.observer:_board",
    "monolith.games.monolyth.observer:_box",
    "monolith.games.monolyth.observer:_cubes",
]
"""``module:function`` (or ``module:Class.method``): each counted where its callers look it up."""

counts: dict[str, list[float]] = {}

_gc_started = [0.0]


def count_collections(phase: str, info: dict[str, int]) -> None:
    """The garbage collector's passes, as parts ``gc:generation-N``: a pass runs inside whatever
    function allocated last, so a profile charges its time to that function."""
    if phase == "start":
        _gc_started[0] = time.thread_time()
        return
    spent = counts.setdefault(f"gc:generation-{info['generation']}", [0, 0.0])
    spent[0] += 1
    spent[1] += time.thread_time() - _gc_started[0]


def counted(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
    spent = counts.setdefault(name, [0, 0.0])

    def wrapper(*args: Any, **kwargs: Any) -> Any:
        started = time.thread_time()
        try:
            return function(*args, **kwargs)
        finally:
            spent[0] += 1
            spent[1] += time.thread_time() - started

    return wrapper


def write(folder: Path) -> None:
    parts = {
        name: {"calls": int(n), "us_per_call": round(t / n * 1e6, 1) if n else None}
        for name, (n, t) in list(counts.items())
        if n
    }
    if parts:
        (folder / f"parts-{os.getpid()}.json").write_text(json.dumps(parts, indent=1))


def keep_writing(folder: Path) -> None:
    while True:
        time.sleep(1)
        write(folder)


def main(argv: list[str]) -> None:
    extra = [p for p in os.environ.get("MONOLITH_PARTS", "").split(",") if p]
    for part in PARTS + extra:
        module_name, _, path = part.partition(":")
        owner: Any = importlib.import_module(module_name)
        *classes, function_name = path.split(".")
        for class_name in classes:
            owner = getattr(owner, class_name)
        setattr(owner, function_name, counted(part, getattr(owner, function_name)))
    gc.callbacks.append(count_collections)
    folder = Path(os.environ.get("MONOLITH_PARTS_DIR", "."))
    folder.mkdir(parents=True, exist_ok=True)
    threading.Thread(target=keep_writing, args=(folder,), daemon=True).start()
    import uvicorn

    try:
        uvicorn.main.main(args=argv, prog_name="uvicorn", standalone_mode=False)
    finally:
        write(folder)


if __name__ == "__main__":
    main(sys.argv[1:])
