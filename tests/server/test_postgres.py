"""The server on a real, throwaway PostgreSQL: migrations, a whole match and a resume.

The cluster is made with Debian's own binaries in a temporary folder and listens on a free port on
127.0.0.1; as root it runs as the ``postgres`` user, since PostgreSQL refuses to run as root.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text

from monolith.server.app import create_app
from monolith.server.settings import Settings
from monolith.server.storage import DatabaseInUse, make_engine
from tests.needs import missing
from tests.server.conftest import Table, free_port

BIN_DIRS = sorted(glob.glob("/usr/lib/postgresql/*/bin"))
BIN = Path(BIN_DIRS[-1]) if BIN_DIRS else None


@pytest.fixture(autouse=True)
def _postgres_binaries() -> None:
    if BIN is None or not (BIN / "initdb").exists() or not (BIN / "pg_ctl").exists():
        missing("PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb, pg_ctl) are absent")


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


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    assert BIN is not None
    folder = Path(tempfile.mkdtemp(prefix="monolith-pg-"))
    data = folder / "data"
    if os.geteuid() == 0:
        owner = as_db_user(["true"])[2]
        shutil.chown(folder, user=owner)
    port = free_port()
    initdb = [str(BIN / "initdb"), "-D", str(data), "-U", "monolith", "-A", "trust", "-N"]
    subprocess.run(as_db_user(initdb), check=True, capture_output=True, timeout=60)
    options = f"-p {port} -h 127.0.0.1 -k {folder} -c fsync=off"
    start = [str(BIN / "pg_ctl"), "-D", str(data), "-l", str(folder / "log"), "-o", options]
    subprocess.run(as_db_user([*start, "-w", "start"]), check=True, capture_output=True, timeout=60)
    try:
        yield f"postgresql+psycopg://monolith@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            as_db_user([str(BIN / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"]),
            check=False,
            capture_output=True,
            timeout=60,
        )
        shutil.rmtree(folder, ignore_errors=True)


def test_a_match_on_postgresql(postgres_url: str) -> None:
    settings = Settings(database_url=postgres_url)
    with TestClient(create_app(settings)) as client:
        table = Table(client)
        match_id = table.create(seats=("human", "bot"))
        token = table.join(match_id, 0)
        for _ in range(3):
            state = table.my_turn_or_over(match_id, token, 0)
            table.play_first_legal(match_id, token, state)
        middle = table.my_turn_or_over(match_id, token, 0)
        with pytest.raises(DatabaseInUse), TestClient(create_app(settings)):
            pass  # a second server on the same database is refused while this one runs
    with TestClient(create_app(settings)) as client:
        table = Table(client)
        resumed = table.state(match_id, token)
        for key in ("version", "log", "view", "legal_actions"):
            assert resumed[key] == middle[key], key
        while (state := table.my_turn_or_over(match_id, token, 0))["status"] != "finished":
            table.play_first_legal(match_id, token, state)
        assert len(client.get(f"/api/matches/{match_id}/replay").json()["steps"]) == len(
            state["log"]
        )
    engine = make_engine(postgres_url)
    try:
        with engine.connect() as connection:
            assert connection.execute(text("select version_num from alembic_version")).scalar()
            logged = connection.execute(
                text("select count(*) from actions where match_id = :id"), {"id": match_id}
            ).scalar()
            status = connection.execute(
                text("select status from matches where id = :id"), {"id": match_id}
            ).scalar()
    finally:
        engine.dispose()
    assert logged == len(state["log"]) and status == "finished"
