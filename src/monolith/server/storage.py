"""Durable storage: the tables, the engine and the one repository the match master writes through.

The durable truth of a match is its setup (game, players, options, seed) and its action log; a state
in memory is only a cache rebuilt by replaying the log. Each action row keeps the hash of the state
it led to, so a replay that drifts (changed rules, a damaged file) is caught instead of played on.

SQLite runs in WAL mode with ``synchronous=FULL``: a commit that returned survives a kill or a power
cut; one server process owns the file (:class:`OwnerLock`), or, when told to share it, several on
this machine (:mod:`monolith.server.sqlite_cluster`). PostgreSQL is used when the URL says so, by
any number of processes: each match counts its stored changes (``matches.sequence``) and
every write is conditional on the count it was decided on (:class:`StaleWrite`). The schema is
created and upgraded by the Alembic migrations in :mod:`monolith.server.migrations`, run at
startup.
"""

from __future__ import annotations

import fcntl
import hashlib
from collections.abc import Mapping, Sequence
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
    Float,
    ForeignKey,
    Integer,
    String,
    Table,
    Text,
    bindparam,
    create_engine,
    delete,
    event,
    false,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.types import TypeDecorator

MIGRATIONS_DIR = Path(__file__).parent / "migrations"


def utcnow() -> datetime:
    return datetime.now(UTC)


def creator_of(address: str) -> str:
    """What a match stores of the client that created it: a digest of its address key (enough
    to count that client's matches; the address itself is not kept)."""
    return hashlib.blake2b(address.encode(), digest_size=16, person=b"monolith-match").hexdigest()


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
    sequence: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    """Counts every stored change of the match (actions, undos, seats, status). A write names
    the count it was decided on and fails if another process changed the match meanwhile."""
    creator: Mapped[str | None] = mapped_column(String(32), nullable=True, index=True)
    """A digest of the creating client's address (:func:`creator_of`), never the address: what
    counts the bots one client has playing (``MONOLITH_BOT_QUOTA``)."""


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


class NoticeRow(Base):
    """What one process committed, for the other processes sharing a SQLite file to read
    (:mod:`monolith.server.sqlite_cluster`); written in the same transaction as the change, so
    it exists exactly when the change does, and numbered in commit order. PostgreSQL carries
    the same notices by ``NOTIFY`` and leaves this table empty."""

    __tablename__ = "notices"
    __table_args__ = {"sqlite_autoincrement": True}  # noqa: RUF012 - SQLAlchemy's own form

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    process: Mapped[str] = mapped_column(String(32))
    payload: Mapped[str] = mapped_column(Text)
    created: Mapped[float] = mapped_column(Float, index=True)
    """Seconds since the epoch; notices older than a few minutes are deleted."""


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
    """Another server process already owns this SQLite database."""


class StaleWrite(RuntimeError):  # noqa: N818 - reads as the verdict
    """A write decided on a match as this process cached it, but another process changed the
    match meanwhile (its stored ``sequence`` moved on): nothing was written."""


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


def _table(model: type[Base]) -> Table:
    return Base.metadata.tables[model.__tablename__]


_MATCHES, _ACTIONS = _table(MatchRow), _table(ActionRow)
# Every move's write runs these two: built once, not per batch (building a statement and its
# cache key cost more than running it on a few rows).
_BUMP_VERSIONS = (
    update(_MATCHES)
    .where(_MATCHES.c.id == bindparam("match"), _MATCHES.c.sequence == bindparam("before"))
    .values(
        version=bindparam("new_version"),
        status=bindparam("new_status"),
        final_hash=bindparam("new_final_hash"),
        sequence=bindparam("after"),
    )
)
_APPEND_ACTIONS = insert(_ACTIONS)


@dataclass(frozen=True)
class StoredMatch:
    """A match as the database has it: setup, seats and the action log in order."""

    match: MatchRow
    seats: list[SeatRow]
    actions: list[ActionRow]


@dataclass(frozen=True)
class SeatChange:
    """One seat changed (join, takeover, reclaim) and, when given, the match's status and
    version with it."""

    match_id: str
    seat: int
    values: Mapping[str, object]
    sequence: int
    """The match's stored change count after this change (one more than before)."""
    status: str | None = None
    version: int | None = None


@dataclass(frozen=True)
class ActionAppended:
    """One accepted action (an ``actions`` row), and the match's version, status and final hash
    after it. A plain record, not an ORM object: it is made for every move."""

    match_id: str
    index: int
    seat: int
    action: Any
    by_bot: bool
    state_hash: str
    created_at: datetime
    version: int
    status: str
    final_hash: str | None
    sequence: int


@dataclass(frozen=True)
class ActionRemoved:
    """The last action (at ``index``) taken back by an undo, and the match's version after."""

    match_id: str
    index: int
    version: int
    sequence: int


@dataclass(frozen=True)
class Expiry:
    """An open match nobody joined, expired; ``sequence`` is its change count after that."""

    match_id: str
    sequence: int


def _check_counts(done: int, items: Sequence[Any]) -> None:
    """Every conditional ``UPDATE matches`` found its match at the count it expected, or none of
    the batch stands (the writer retries each write alone, and only the stale one fails)."""
    if done != len(items):
        stale = "a match" if len(items) > 1 else f"match {items[0].match_id}"
        raise StaleWrite(f"{stale} changed in another server process meanwhile")


class Repository:
    """Every read and write of matches.

    Reads open their own session. Writes take the connection of a transaction they share with
    others (the group commit of :class:`~monolith.server.writer.Writer`) and a list of items of
    one kind, so that neighbouring writes become one statement.
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions = sessionmaker(engine, expire_on_commit=False)

    def create_matches(self, connection: Connection, items: Sequence[StoredMatch]) -> None:
        with Session(bind=connection) as session:
            for item in items:
                session.add(item.match)
                session.flush()
                for seat in item.seats:
                    seat.match_id = item.match.id
                session.add_all(item.seats)
            session.flush()

    def update_seats(self, connection: Connection, items: Sequence[SeatChange]) -> None:
        seats, matches = _table(SeatRow), _table(MatchRow)
        for item in items:
            match_values: dict[str, object] = {"sequence": item.sequence}
            if item.status is not None:
                match_values["status"] = item.status
            if item.version is not None:
                match_values["version"] = item.version
            counted = connection.execute(
                update(matches)
                .where(matches.c.id == item.match_id, matches.c.sequence == item.sequence - 1)
                .values(**match_values)
            )
            _check_counts(counted.rowcount, [item])
            done = connection.execute(
                update(seats)
                .where(seats.c.match_id == item.match_id, seats.c.seat == item.seat)
                .values(**item.values)
            )
            if done.rowcount != 1:
                raise LookupError(f"no seat {item.seat} in match {item.match_id}")

    def append_actions(self, connection: Connection, items: Sequence[ActionAppended]) -> None:
        """Bump their matches' versions, each only from the count it was decided on, and log the
        accepted actions: two statements for all."""
        counted = connection.execute(
            _BUMP_VERSIONS,
            [
                {
                    "match": item.match_id,
                    "before": item.sequence - 1,
                    "after": item.sequence,
                    "new_version": item.version,
                    "new_status": item.status,
                    "new_final_hash": item.final_hash,
                }
                for item in items
            ],
        )
        _check_counts(counted.rowcount, items)
        connection.execute(
            _APPEND_ACTIONS,
            [
                {
                    "match_id": item.match_id,
                    "index": item.index,
                    "seat": item.seat,
                    "action": item.action,
                    "by_bot": item.by_bot,
                    "state_hash": item.state_hash,
                    "created_at": item.created_at,
                }
                for item in items
            ],
        )

    def remove_actions(self, connection: Connection, items: Sequence[ActionRemoved]) -> None:
        """Take back the last action of each match for an undo."""
        actions, matches = _table(ActionRow), _table(MatchRow)
        for item in items:
            counted = connection.execute(
                update(matches)
                .where(matches.c.id == item.match_id, matches.c.sequence == item.sequence - 1)
                .values(version=item.version, sequence=item.sequence)
            )
            _check_counts(counted.rowcount, [item])
            connection.execute(
                delete(actions).where(
                    actions.c.match_id == item.match_id, actions.c.index == item.index
                )
            )

    def load(self, match_id: str) -> StoredMatch | None:
        with self.sessions() as session:
            match = session.get(MatchRow, match_id)
            if match is None:
                return None
            seats = self._seats(session, match_id)
            return StoredMatch(match, seats, self._actions(session, match_id))

    def resumable_ids(self) -> list[str]:
        """Running matches that may move on by themselves: a bot plays a seat, or a turn clock
        runs. Nothing else moves without a request, so nothing else is loaded at startup."""
        with self.sessions() as session:
            by_bot = select(SeatRow.match_id).where(
                (SeatRow.kind == "bot") | SeatRow.taken_over.is_(True)
            )
            query = select(MatchRow.id).where(
                MatchRow.status == "running",
                MatchRow.turn_clock_seconds.is_not(None) | MatchRow.id.in_(by_bot),
            )
            return list(session.scalars(query.order_by(MatchRow.created_at)))

    def abandoned(self, cutoff: datetime) -> list[tuple[str, int]]:
        """Open matches created before ``cutoff`` whose human seats nobody has joined, with their
        change counts (a join meanwhile moves the count, and the expiry then fails)."""
        joined = select(SeatRow.match_id).where(
            SeatRow.token_hash.is_not(None) | SeatRow.taken_over.is_(True)
        )
        with self.sessions() as session:
            query = select(MatchRow.id, MatchRow.sequence).where(
                MatchRow.status == "open",
                MatchRow.created_at < cutoff,
                MatchRow.id.not_in(joined),
            )
            return [(match_id, sequence) for match_id, sequence in session.execute(query)]

    def expire(self, connection: Connection, items: Sequence[Expiry]) -> None:
        """Mark these open matches ``expired``, each only from the count it was decided on; a
        write for the group commit."""
        matches = _table(MatchRow)
        counted = connection.execute(
            update(matches)
            .where(
                matches.c.id == bindparam("match"),
                matches.c.sequence == bindparam("before"),
                matches.c.status == "open",
            )
            .values(status="expired", sequence=bindparam("after")),
            [
                {"match": item.match_id, "before": item.sequence - 1, "after": item.sequence}
                for item in items
            ],
        )
        _check_counts(counted.rowcount, items)

    def sequences(self, match_ids: Sequence[str]) -> dict[str, int]:
        """The stored change counts of these matches (those that exist)."""
        if not match_ids:
            return {}
        with self.sessions() as session:
            query = select(MatchRow.id, MatchRow.sequence).where(MatchRow.id.in_(match_ids))
            return {row[0]: row[1] for row in session.execute(query)}

    def bots_playing(self, creator: str) -> dict[str, int]:
        """The bot seats of the open and running matches ``creator`` made, counted per bot."""
        with self.sessions() as session:
            query = (
                select(SeatRow.bot, func.count())
                .join(MatchRow, MatchRow.id == SeatRow.match_id)
                .where(
                    MatchRow.creator == creator,
                    MatchRow.status.in_(("open", "running")),
                    SeatRow.kind == "bot",
                )
                .group_by(SeatRow.bot)
            )
            return {str(bot): int(count) for bot, count in session.execute(query)}

    def list_matches(
        self, statuses: tuple[str, ...], limit: int, after: tuple[datetime, str] | None = None
    ) -> list[tuple[MatchRow, list[SeatRow]]]:
        """Up to ``limit`` matches newest first (ties by id), those after the cursor ``after``
        (the creation time and id of the last one a previous page held)."""
        with self.sessions() as session:
            query = select(MatchRow).where(MatchRow.status.in_(statuses))
            if after is not None:
                created, match_id = after
                query = query.where(
                    (MatchRow.created_at < created)
                    | ((MatchRow.created_at == created) & (MatchRow.id < match_id))
                )
            order = (MatchRow.created_at.desc(), MatchRow.id.desc())
            matches = list(session.scalars(query.order_by(*order).limit(limit)))
            seats: dict[str, list[SeatRow]] = {match.id: [] for match in matches}
            if matches:
                rows = select(SeatRow).where(SeatRow.match_id.in_(seats)).order_by(SeatRow.seat)
                for seat in session.scalars(rows):
                    seats[seat.match_id].append(seat)
            return [(match, seats[match.id]) for match in matches]

    @staticmethod
    def _seats(session: Session, match_id: str) -> list[SeatRow]:
        query = select(SeatRow).where(SeatRow.match_id == match_id).order_by(SeatRow.seat)
        return list(session.scalars(query))

    @staticmethod
    def _actions(session: Session, match_id: str) -> list[ActionRow]:
        query = select(ActionRow).where(ActionRow.match_id == match_id).order_by(ActionRow.index)
        return list(session.scalars(query))
