"""The coach's worker processes end with their server, however it ends, and a review under way
when the server is stopped is finished by its next start."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import select

from monolith.server.storage import ReviewRow, make_engine
from tests.server.conftest import Server, Table, auth
from tests.server.test_coach import play_out
from tests.server.test_workers import children

SERVER = """
import multiprocessing, os, sys
from concurrent.futures import ProcessPoolExecutor
from monolith.compute.work import start_worker

if __name__ == "__main__":
    pool = ProcessPoolExecutor(
        max_workers=1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=start_worker,
        initargs=(os.getpid(), True),
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
from monolith.compute.work import start_worker

if __name__ == "__main__":
    server = os.getpid()  # this script is the server
    worker = os.fork()
    if worker == 0:
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)  # let go of the test's pipes: it waits for the server alone
        os.dup2(quiet, 2)
        while os.getppid() == server:  # still importing when its server is killed
            time.sleep(0.01)
        start_worker(server, True)  # then told who its server was
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


def review_status(url: str, match_id: str) -> str | None:
    with make_engine(url).connect() as connection:
        row = connection.execute(select(ReviewRow.status).where(ReviewRow.match_id == match_id))
        status: str | None = row.scalar_one_or_none()
        return status


@pytest.mark.parametrize("stop", [signal.SIGINT, signal.SIGTERM], ids=["ctrl-c", "group-term"])
def test_a_review_cut_by_a_stop_of_the_whole_group_is_finished_by_the_next_start(
    tmp_path: Path, stop: signal.Signals
) -> None:
    """Ctrl-C in a terminal and a service manager's stop signal every process of the group, the
    coach's workers too. The review under way must not be stored as failed (it was, for good):
    it stays to be taken up, and the next start finishes it."""
    url = f"sqlite:///{tmp_path / 'stop.sqlite3'}"
    slow = {"MONOLITH_COACH_REVIEW_ITERATIONS": "3000"}  # still judging when the stop comes
    first = Server(url, tmp_path / "first.log", env=slow, group=True).start()
    try:
        with first.client() as http:
            table = Table(http)
            match_id = table.create(seats=("human", "bot"))
            ada = table.join(match_id, 0)
            play_out(table, match_id, ada, 0)
            deadline = time.monotonic() + 90
            while True:  # a worker is up and has judged a decision
                body = http.get(f"/api/matches/{match_id}/review").json()
                if body["status"] == "running" and body["progress"]["done"] >= 1:
                    break
                assert body["status"] in ("queued", "running"), body
                assert time.monotonic() < deadline, "the review never got going"
                time.sleep(0.1)
        assert first.process is not None
        os.killpg(first.process.pid, stop)
        first.process.wait(timeout=30)
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:  # every process of the group ends, workers too
            try:
                os.killpg(first.process.pid, 0)
            except ProcessLookupError:
                break
            time.sleep(0.1)
        else:
            raise AssertionError("a process of the stopped server's group lived on")
    finally:
        first.stop()
        if first.process is not None:
            with contextlib.suppress(ProcessLookupError):  # nothing left behind, whatever failed
                os.killpg(first.process.pid, signal.SIGKILL)
    log = first.log_path.read_text()
    assert "review failed" not in log and "Traceback" not in log, log
    assert review_status(url, match_id) == "running"

    quick = {"MONOLITH_COACH_REVIEW_ITERATIONS": "16"}
    second = Server(url, tmp_path / "second.log", env=quick).start()
    try:
        with second.client() as http:
            deadline = time.monotonic() + 120
            while True:
                body = http.get(f"/api/matches/{match_id}/review", headers=auth(ada)).json()
                if body["status"] == "done":
                    break
                assert body["status"] in ("queued", "running"), body
                assert time.monotonic() < deadline, body
                time.sleep(0.2)
            assert body["seats"] and body["decisions"]
    finally:
        second.stop()


def test_a_server_stopped_after_its_coach_worked_leaves_nothing_behind(tmp_path: Path) -> None:
    """SIGTERM (what a service manager sends first): the server ends its coach's workers and
    their queues; it warned of leaked semaphores on every stop after a review."""
    url = f"sqlite:///{tmp_path / 'term.sqlite3'}"
    server = Server(url, tmp_path / "term.log", env={"MONOLITH_COACH_REVIEW_ITERATIONS": "16"})
    server.start()
    try:
        with server.client() as http:
            table = Table(http)
            match_id = table.create(seats=("human", "bot"))
            play_out(table, match_id, table.join(match_id, 0), 0)
            deadline = time.monotonic() + 120
            while review_status(url, match_id) != "done":
                assert time.monotonic() < deadline, "the review never finished"
                time.sleep(0.2)
            assert server.process is not None
            workers = children(server.process.pid)
            assert workers, "the coach's workers were not started"
    finally:
        server.stop()
    assert server.process is not None and server.process.returncode is not None
    log = server.log_path.read_text()
    assert "leaked" not in log and "Traceback" not in log, log
    assert not [pid for pid in workers if alive(pid)], "a coach worker outlived its server"


PRIORITY = """
import multiprocessing, os
from concurrent.futures import ProcessPoolExecutor
from monolith.compute.work import start_worker

def priority():
    return os.sched_getscheduler(0), os.getpriority(os.PRIO_PROCESS, 0)

if __name__ == "__main__":
    with ProcessPoolExecutor(
        max_workers=1,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=start_worker,
        initargs=(os.getpid(), True),
    ) as pool:
        print(*pool.submit(priority).result(), os.getpriority(os.PRIO_PROCESS, 0), flush=True)
"""


@pytest.mark.skipif(not hasattr(os, "SCHED_IDLE"), reason="Linux's idle scheduling class")
def test_a_worker_takes_a_core_only_when_nothing_else_wants_it(tmp_path: Path) -> None:
    """Reviews and hints yield to live play: the workers run in Linux's idle class, at the
    lowest niceness too, and the server itself keeps its own."""
    script = tmp_path / "server.py"
    script.write_text(PRIORITY)
    answer = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=True
    )
    policy, niceness, servers = map(int, answer.stdout.split())
    assert policy == os.SCHED_IDLE
    assert niceness == 19
    assert servers == os.getpriority(os.PRIO_PROCESS, 0)
