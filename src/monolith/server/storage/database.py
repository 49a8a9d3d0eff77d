"""The database itself: the engine (SQLite in WAL mode with ``synchronous=FULL``, or PostgreSQL),
who may use a SQLite file (:class:`OwnerLock`), and the Alembic migrations run at startup.
"""

from __future__ import annotations

import fcntl
from pathlib import Path
from typing import IO, Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    Engine,
    create_engine,
    event,
    text,
)

MIGRATIONS_DIR = Path(__file__).parents[1] / "migrations"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=10000")
    cursor.close()


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite connections get WAL and full sync on connect."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


class DatabaseInUse(RuntimeError):  # noqa: N818 - reads as the verdict
    """Another server process already owns this SQLite database."""


def is_sqlite(engine: Engine) -> bool:
    return engine.url.get_backend_name() == "sqlite"


class OwnerLock:
    """Makes one server process the only owner of a SQLite database while it runs, unless the
    processes on it share it knowingly.

    SQLite is the embedded, one-process setup: its cache is trusted without the notices that
    processes sharing a database send each other (:mod:`monolith.server.cluster`). A second
    server on the same file would serve stale matches, so it is refused: an exclusive ``flock``
    on ``<file>.owner``, which ends with the process, even a killed one. Processes started to
    share the file (``shared``: ``monolith serve --workers N``, or ``MONOLITH_SHARED_SQLITE``)
    hold it shared, so they admit each other and still keep a lone server out, and it them. On
    PostgreSQL any number of processes share the database, and this does nothing.
    """

    def __init__(self, engine: Engine, *, shared: bool = False) -> None:
        self.engine = engine
        self.shared = shared
        self._file: IO[bytes] | None = None

    def acquire(self) -> None:
        url = self.engine.url
        if not is_sqlite(self.engine) or not url.database or url.database == ":memory:":
            return
        handle = Path(f"{url.database}.owner").open("ab")  # noqa: SIM115 - held until release
        try:
            fcntl.flock(handle, (fcntl.LOCK_SH if self.shared else fcntl.LOCK_EX) | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            how = (
                "a server that owns it alone is running"
                if self.shared
                else "SQLite serves one process unless started to share it: "
                "monolith serve --workers N, or MONOLITH_SHARED_SQLITE=1 on every process"
            )
            raise DatabaseInUse(
                f"another server is already using the database {url.render_as_string()} ({how})"
            ) from None
        self._file = handle

    def release(self) -> None:
        if self._file is not None:
            fcntl.flock(self._file, fcntl.LOCK_UN)
            self._file.close()
            self._file = None


def alembic_config(url: str) -> Config:
    """An Alembic config pointing at the packaged migrations (no ini file needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


_MIGRATION_LOCK = 0x4D6F6E6F6C697468  # "Monolith"
"""The PostgreSQL advisory lock that makes processes starting together migrate one at a time."""


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration; harmless when it already is. On PostgreSQL,
    processes starting together take turns (the first migrates, the others find it done)."""
    config = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        if not is_sqlite(engine):
            connection.execute(text("select pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
