"""A throwaway PostgreSQL cluster for tests and benchmarks, made with the machine's own binaries.

``initdb`` makes it in a temporary folder and it listens on a free port of 127.0.0.1; as root it
runs as the ``postgres`` user (or ``nobody``), since PostgreSQL refuses to run as root. It is
stopped (``immediate``) and deleted on the way out.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from monolith.load.processes import free_port


def postgres_bin() -> Path | None:
    """The newest ``/usr/lib/postgresql/*/bin`` holding ``initdb`` and ``pg_ctl``, if any."""
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        path = Path(folder)
        if (path / "initdb").exists() and (path / "pg_ctl").exists():
            return path
    return None


def as_db_user(command: list[str]) -> list[str]:
    """Run ``command`` as a non-root user when we are root."""
    if os.geteuid() != 0:
        return command
    user = "postgres"
    try:
        pwd.getpwnam(user)
    except KeyError:
        user = "nobody"
    return ["runuser", "-u", user, "--", *command]


@dataclass(frozen=True)
class ThrowawayCluster:
    """A running throwaway cluster: its SQLAlchemy URL and its postmaster's process id."""

    url: str
    folder: Path

    def postmaster_pid(self) -> int | None:
        pid_file = self.folder / "data" / "postmaster.pid"
        with contextlib.suppress(OSError, ValueError, IndexError):
            return int(pid_file.read_text().splitlines()[0])
        return None


@contextlib.contextmanager
def throwaway_postgres(
    *, fsync: bool = True, max_connections: int = 200
) -> Iterator[ThrowawayCluster]:
    """A fresh cluster, user ``monolith`` trusted on 127.0.0.1, database ``postgres``.

    ``fsync=False`` trades durability for speed (tests); benchmarks keep it on, as production."""
    binaries = postgres_bin()
    if binaries is None:
        raise FileNotFoundError("no PostgreSQL server binaries in /usr/lib/postgresql/*/bin")
    folder = Path(tempfile.mkdtemp(prefix="monolith-pg-"))
    data = folder / "data"
    try:
        if os.geteuid() == 0:
            shutil.chown(folder, user=as_db_user(["true"])[2])
        port = free_port()
        initdb = [str(binaries / "initdb"), "-D", str(data), "-U", "monolith", "-A", "trust", "-N"]
        subprocess.run(as_db_user(initdb), check=True, capture_output=True, timeout=120)
        options = (
            f"-p {port} -h 127.0.0.1 -k {folder} -c fsync={'on' if fsync else 'off'} "
            f"-c max_connections={max_connections}"
        )
        start = [str(binaries / "pg_ctl"), "-D", str(data), "-l", str(folder / "log")]
        subprocess.run(
            as_db_user([*start, "-o", options, "-w", "start"]),
            check=True,
            capture_output=True,
            timeout=120,
        )
        try:
            yield ThrowawayCluster(
                f"postgresql+psycopg://monolith@127.0.0.1:{port}/postgres", folder
            )
        finally:
            stop = [str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"]
            subprocess.run(as_db_user(stop), check=False, capture_output=True, timeout=60)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
