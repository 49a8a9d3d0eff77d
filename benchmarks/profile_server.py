"""Run the web table under a profiler: ``python benchmarks/profile_server.py <uvicorn arguments>``.

Meant as ``monolith bench-server --launcher benchmarks/profile_server.py`` (the server is started
with uvicorn's arguments; ``--matches 20 --seconds 20`` is a good run), then
``python benchmarks/profile_report.py <the output>`` prints where the time went. Two profilers,
chosen by ``MONOLITH_PROFILER``:

- ``cprofile`` (default, nothing to install): every thread (the event loop's and the worker
  threads that commit to the database) runs under its own ``cProfile.Profile`` counting that
  thread's CPU time (``time.thread_time``), so waiting (the idle loop, fsync, locks) counts for
  nothing. Deterministic, but it slows calls down, small ones most: read shares, not times.
- ``py-spy``: samples this process from outside at 100 Hz (``py-spy record --threads``), with
  little slowdown; ``MONOLITH_PYSPY`` names the binary if it is not on the PATH, and
  ``MONOLITH_PYSPY_ARGS`` adds options: ``--gil`` samples only the thread holding the GIL (where
  the Python work is), ``--idle`` waiting threads too (wall-clock shares).

The result goes to ``MONOLITH_PROFILE_OUT`` (default ``artifacts/profile/server.pstats`` or
``server.stacks`` in the repository), written when the server shuts down (SIGINT, as the benchmark
stops it). Imports happen before profiling starts, so the profile holds serving, not start-up.
"""

from __future__ import annotations

import cProfile
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import uvicorn

import monolith.server.app  # noqa: F401 - imported before profiling starts

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "profile"


def output_path(suffix: str) -> Path:
    chosen = os.environ.get("MONOLITH_PROFILE_OUT")
    path = Path(chosen) if chosen else ARTIFACTS / f"server{suffix}"
    path.parent.mkdir(parents=True, exist_ok=True)
    return path


def serve(argv: list[str]) -> None:
    uvicorn.main.main(args=argv, prog_name="uvicorn", standalone_mode=False)


def with_cprofile(argv: list[str]) -> None:
    """Profile the main thread and every thread started later, then merge them into one file."""
    profiles: list[cProfile.Profile] = []
    guard = threading.Lock()

    def start_in_new_thread(*_: object) -> None:
        profile = cProfile.Profile(time.thread_time)
        with guard:
            profiles.append(profile)
        profile.enable()  # replaces this hook for the rest of the thread

    main = cProfile.Profile(time.thread_time)
    threading.setprofile(start_in_new_thread)
    main.enable()
    try:
        serve(argv)
    finally:
        main.disable()
        threading.setprofile(None)
        with guard:
            for profile in profiles:
                profile.disable()
        path = output_path(".pstats")
        import pstats

        merged = pstats.Stats(main)
        for profile in profiles:
            merged.add(profile)
        merged.dump_stats(str(path))
        print(f"profile written to {path} ({len(profiles) + 1} threads)", file=sys.stderr)


def with_pyspy(argv: list[str]) -> None:
    """Sample this very process with py-spy while it serves; stop py-spy when serving ends."""
    binary = os.environ.get("MONOLITH_PYSPY") or shutil.which("py-spy")
    if binary is None:
        raise SystemExit("py-spy is not installed: pip install py-spy, or set MONOLITH_PYSPY")
    path = output_path(".stacks")
    command = [binary, "record", "--pid", str(os.getpid()), "--rate", "100", "--threads"]
    command += ["--format", "raw", "--output", str(path)]
    command += os.environ.get("MONOLITH_PYSPY_ARGS", "").split()
    sampler = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        serve(argv)
    finally:
        sampler.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
        sampler.wait(timeout=60)
        print(f"profile written to {path}", file=sys.stderr)


def main(argv: list[str]) -> None:
    profiler = os.environ.get("MONOLITH_PROFILER", "cprofile")
    if profiler == "cprofile":
        with_cprofile(argv[1:])
    elif profiler == "py-spy":
        with_pyspy(argv[1:])
    else:
        raise SystemExit(f"MONOLITH_PROFILER is cprofile or py-spy, not {profiler!r}")


if __name__ == "__main__":
    main(sys.argv)
