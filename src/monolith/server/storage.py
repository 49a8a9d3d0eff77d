"""Durable storage: the tables, the engine and the one repository the match master writes through.

The durable truth of a match is its setup (game, players, options, seed) and its action log; a state
in memory is only a cache rebuilt by replaying the log. Each action row keeps the hash of the state
it led to, so a replay that drifts (changed rules, a damaged file) is caught instead of played on.

SQLite runs in WAL mode with ``synchronous=FULL``: a commit that returned survives a kill or a power
cut. PostgreSQL is used when the URL says so. The schema is created and upgraded by the Alembic
migrations in :mod:`monolith.server.migrations`, run at startup.
"""

from __future__ import annotations

import fcntl
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Connection,
    DateTime,
    Dialect,
    Engine,
    ForeignKey,
    Integer,
    String,
    create_engine,
    delete,
    event,
    false,
    select,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.types import TypeDecorator

MIGRATIONS_DIR = Path(__file__).parent / "migrations"


def utcnow() -> datetime:
    return datetime.now(UTC)


class UtcDateTime(TypeDecorator[datetime]):
    """An aware UTC datetime on every database (SQLite forgets the zone; this puts it back)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        return value.astimezone(UTC) if value is not None else None

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is not None and value.tzinfo is None:
            return value.replace(tzinfo=UTC)
        return value


class Base(DeclarativeBase):
    """Storage models only; the API's shapes live in :mod:`monolith.server.schemas`."""


class MatchRow(Base):
    __tablename__ = "matches"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), index=True)
    version: Mapped[int] = mapped_column(Integer, default=0)
    """Counts changes (accepted actions and undos), so it never repeats."""
    turn_clock_seconds: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())
    final_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    hints: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    """Whether its players may ask the coach for hints (see :mod:`monolith.server.coach`)."""


class SeatRow(Base):
    __tablename__ = "seats"

    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    """``human`` or ``bot``: what the seat was created as."""
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    """The bot playing the seat: a bot seat's own, or the one that took a human's seat over."""
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """SHA-256 of the seat's token; the token itself is never stored."""
    taken_over: Mapped[bool] = mapped_column(Boolean, default=False)
    takeover_reason: Mapped[str | None] = mapped_column(String(16), nullable=True)
    """Why a bot plays a human's seat (``timeout`` or ``left``), so the table can tell its player
    and everyone else; ``None`` while the human plays it."""


class ActionRow(Base):
    __tablename__ = "actions"

    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[Any] = mapped_column(JSON)
    by_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    state_hash: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())


class ReviewRow(Base):
    """The coach's review of a finished match, worked out once in the background and kept."""

    __tablename__ = "reviews"

    match_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True
    )
    status: Mapped[str] = mapped_column(String(16))
    """``running`` until it is ``done`` (or ``failed``, with the reason in ``error``)."""
    iterations: Mapped[int] = mapped_column(Integer)
    """The search budget per decision it was (or is being) worked out with."""
    result: Mapped[Any] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(String(500), nullable=True)
    created_at: Mapped[datetime] = mapped_column(UtcDateTime())
    finished_at: Mapped[datetime | None] = mapped_column(UtcDateTime(), nullable=True)


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
    """Another server process already owns this database."""


_ADVISORY_KEY = 0x4D6F6E6F6C697468  # "Monolith"
"""The PostgreSQL advisory lock a server holds on its database while it runs."""


class OwnerLock:
    """Makes one server process the only owner of a database while it runs.

    The state in memory is a cache of the database; two processes serving the same matches would
    each believe their cache. SQLite gets an exclusive ``flock`` on ``<file>.owner``, PostgreSQL a
    session advisory lock; both end with the process, even a killed one.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._file: IO[bytes] | None = None
        self._connection: Connection | None = None

    def acquire(self) -> None:
        url = self.engine.url
        busy = f"another server is already using the database {url.render_as_string()}"
        if url.get_backend_name() == "sqlite":
            if not url.database or url.database == ":memory:":
                return
            handle = Path(f"{url.database}.owner").open("ab")  # noqa: SIM115 - held until release
            try:
                fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                handle.close()
                raise DatabaseInUse(busy) from None
            self._file = handle
        elif url.get_backend_name() == "postgresql":
            connection = self.engine.connect()
            taken = connection.execute(
                text("select pg_try_advisory_lock(:key)"), {"key": _ADVISORY_KEY}
            ).scalar()
            connection.commit()
            if not taken:
                connection.close()
                raise DatabaseInUse(busy)
            self._connection = connection

    def release(self) -> None:
        if self._file is not None:
            fcntl.flock(self._file, fcntl.LOCK_UN)
            self._file.close()
            self._file = None
        if self._connection is not None:
            self._connection.close()  # ends the session, and with it the advisory lock
            self._connection = None


def alembic_config(url: str) -> Config:
    """An Alembic config pointing at the packaged migrations (no ini file needed)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration; harmless when it already is."""
    config = alembic_config(engine.url.render_as_string(hide_password=False))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


@dataclass(frozen=True)
class StoredMatch:
    """A match as the database has it: setup, seats and the action log in order."""

    match: MatchRow
    seats: list[SeatRow]
    actions: list[ActionRow]


class Repository:
    """Every read and write of matches. Each write is one transaction, committed on return."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)

    def create_match(self, match: MatchRow, seats: list[SeatRow]) -> None:
        with self.sessions.begin() as session:
            session.add(match)
            session.flush()
            for seat in seats:
                seat.match_id = match.id
            session.add_all(seats)

    def load(self, match_id: str) -> StoredMatch | None:
        with self.sessions() as session:
            match = session.get(MatchRow, match_id)
            if match is None:
                return None
            seats = self._seats(session, match_id)
            return StoredMatch(match, seats, self._actions(session, match_id))

    def unfinished_ids(self) -> list[str]:
        with self.sessions() as session:
            query = select(MatchRow.id).where(MatchRow.status != "finished")
            return list(session.scalars(query.order_by(MatchRow.created_at)))

    def list_matches(self, statuses: tuple[str, ...]) -> list[tuple[MatchRow, list[SeatRow]]]:
        with self.sessions() as session:
            query = select(MatchRow).where(MatchRow.status.in_(statuses))
            matches = list(session.scalars(query.order_by(MatchRow.created_at.desc()).limit(200)))
            return [(match, self._seats(session, match.id)) for match in matches]

    def update_seat(
        self,
        match_id: str,
        seat: int,
        status: str | None,
        *,
        version: int | None = None,
        **values: object,
    ) -> None:
        """Change one seat (join, takeover, reclaim) and, when given, the match's status and
        version, atomically."""
        with self.sessions.begin() as session:
            row = session.get(SeatRow, (match_id, seat))
            if row is None:
                raise LookupError(f"no seat {seat} in match {match_id}")
            for name, value in values.items():
                setattr(row, name, value)
            if status is not None or version is not None:
                match = session.get(MatchRow, match_id)
                assert match is not None
                if status is not None:
                    match.status = status
                if version is not None:
                    match.version = version

    def append_action(
        self, match_id: str, row: ActionRow, *, version: int, status: str, final_hash: str | None
    ) -> None:
        """Log one accepted action and bump the version, in one committed transaction."""
        with self.sessions.begin() as session:
            session.add(row)
            match = session.get(MatchRow, match_id)
            assert match is not None
            match.version = version
            match.status = status
            match.final_hash = final_hash

    def remove_last_action(self, match_id: str, index: int, *, version: int) -> None:
        """Take back the action at ``index`` (the last one) for an undo, committed."""
        with self.sessions.begin() as session:
            session.execute(
                delete(ActionRow).where(ActionRow.match_id == match_id, ActionRow.index == index)
            )
            match = session.get(MatchRow, match_id)
            assert match is not None
            match.version = version

    @staticmethod
    def _seats(session: Session, match_id: str) -> list[SeatRow]:
        query = select(SeatRow).where(SeatRow.match_id == match_id).order_by(SeatRow.seat)
        return list(session.scalars(query))

    @staticmethod
    def _actions(session: Session, match_id: str) -> list[ActionRow]:
        query = select(ActionRow).where(ActionRow.match_id == match_id).order_by(ActionRow.index)
        return list(session.scalars(query))
