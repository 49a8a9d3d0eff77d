"""The coach's worker processes end with their server, however it ends."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

SERVER = """
import multiprocessing, os, sys
from concurrent.futures import ProcessPoolExecutor
from monolith.server.coach import _background

if __name__ == "__main__":
    pool = ProcessPoolExecutor(
        max_workers=1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_background,
        initargs=(os.getpid(),),
    )
    print(pool.submit(os.getpid).result(), flush=True)
    os._exit(0)  # as a killed server would: no shutdown of the pool
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split(") ")[1].startswith("Z"))


def outlives_its_server(tmp_path: Path, server: str) -> bool:
    """Run ``server`` (a script printing its worker's pid, then ending); whether the worker is
    still alive 30 s later (it is killed then, so no test leaves one behind)."""
    script = tmp_path / "server.py"
    script.write_text(server)
    answer = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=True
    )
    worker = int(answer.stdout.split()[0])
    deadline = time.monotonic() + 30
    while alive(worker) and time.monotonic() < deadline:
        time.sleep(0.1)
    still = alive(worker)
    if still:
        os.kill(worker, 9)
    return still


def test_a_worker_left_behind_by_its_server_ends_itself(tmp_path: Path) -> None:
    assert not outlives_its_server(tmp_path, SERVER), "the coach worker outlived its server"


LATE = """
import os, time
from monolith.server.coach import _background

if __name__ == "__main__":
    server = os.getpid()  # this script is the server
    worker = os.fork()
    if worker == 0:
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)  # let go of the test's pipes: it waits for the server alone
        os.dup2(quiet, 2)
        while os.getppid() == server:  # still importing when its server is killed
            time.sleep(0.01)
        _background(server)  # then told who its server was
        time.sleep(60)  # a worker's life, waiting for work
        os._exit(1)
    print(worker, flush=True)
    os._exit(0)  # the server is gone before its worker has started
"""


def test_a_worker_whose_server_died_before_it_started_ends_itself(tmp_path: Path) -> None:
    """The race the killed-server tests met: the server is killed while its worker is still
    importing; the worker, adopted by then, must not take its new parent for its server."""
    assert not outlives_its_server(tmp_path, LATE), (
        "a worker started after its server died outlived it"
    )
