"""Processes a benchmark starts and watches: free ports, readiness, CPU time and peak memory.

CPU time and memory are read from ``/proc`` (Linux), so no extra package is needed to watch a
server written in any language.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import time
from collections.abc import Callable
from pathlib import Path

READY_TIMEOUT_SECONDS = 90.0
"""How long a starting server may take to answer (a loaded 2-core machine needs seconds)."""


class LoadError(Exception):
    """A benchmark could not run: a server did not start, or answered what its API forbids."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def process_cpu_seconds(pid: int) -> float:
    """User plus system CPU time of a process, from ``/proc/<pid>/stat``."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    fields = stat[stat.rindex(")") + 2 :].split()  # after "pid (comm) "; comm may hold spaces
    utime, stime = int(fields[11]), int(fields[12])
    return (utime + stime) / os.sysconf("SC_CLK_TCK")


def process_tree(pid: int) -> list[int]:
    """``pid`` and every live process below it (a supervisor's workers), from ``/proc``."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        with contextlib.suppress(OSError, ValueError, IndexError):
            stat = (entry / "stat").read_text()
            parent = int(stat[stat.rindex(")") + 2 :].split()[1])
            children.setdefault(parent, []).append(int(entry.name))
    tree, pending = [], [pid]
    while pending:
        current = pending.pop()
        tree.append(current)
        pending.extend(children.get(current, ()))
    return tree


def tree_total(pid: int, read: Callable[[int], float]) -> float:
    """``read`` summed over ``pid``'s tree; a process that ends meanwhile counts nothing."""
    total = 0.0
    for member in process_tree(pid):
        with contextlib.suppress(OSError, LoadError, ValueError, IndexError):
            total += read(member)
    return total


def process_peak_rss_bytes(pid: int) -> int:
    """The most resident memory a process has held (``VmHWM``)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) * 1024
    raise LoadError(f"/proc/{pid}/status has no VmHWM line")


def wait_until_listening(
    port: int, process: subprocess.Popen[bytes], log_path: Path, *, path: str = "/"
) -> None:
    """Poll ``http://127.0.0.1:port{path}`` until it answers; fail with the log if the process
    ends or the time runs out."""
    import httpx

    deadline = time.monotonic() + READY_TIMEOUT_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            tail = log_path.read_text(errors="replace")[-2000:]
            raise LoadError(f"the server exited with status {process.returncode}:\n{tail}")
        with contextlib.suppress(httpx.TransportError):
            httpx.get(f"http://127.0.0.1:{port}{path}", timeout=2.0)
            return
        time.sleep(0.2)
    raise LoadError(f"the server did not answer on port {port} in {READY_TIMEOUT_SECONDS:.0f} s")


def stop_process(process: subprocess.Popen[bytes]) -> None:
    """Ask politely (SIGINT: a graceful shutdown), then kill after a while."""
    if process.poll() is None:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def process_runqueue_wait_seconds(pid: int) -> float:
    """How long the process's live threads have waited for a core while ready to run
    (``/proc/<pid>/task/*/schedstat``): high when other programs crowd the machine."""
    waited = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError, IndexError, ValueError):  # a thread may just have ended
            waited += int((task / "schedstat").read_text().split()[1])
    return waited / 1e9


def pressure_stall_seconds(resource: str) -> float | None:
    """The machine's pressure stall total for ``cpu`` or ``io`` (``/proc/pressure``): seconds in
    which at least one task waited for it. ``None`` where the kernel does not report it."""
    try:
        text = Path(f"/proc/pressure/{resource}").read_text()
    except OSError:
        return None
    for line in text.splitlines():
        if line.startswith("some "):
            return int(line.rpartition("total=")[2]) / 1e6
    return None
