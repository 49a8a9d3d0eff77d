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
        max_workers=1, mp_context=multiprocessing.get_context("spawn"), initializer=_background
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


def test_a_worker_left_behind_by_its_server_ends_itself(tmp_path: Path) -> None:
    script = tmp_path / "server.py"
    script.write_text(SERVER)
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
    assert not still, "the coach worker outlived its server"
