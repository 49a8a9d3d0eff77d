"""The tables as SQLAlchemy models: matches, their seats and action logs, notices for other
processes and the coach's reviews. Storage shapes only; the API's are in
:mod:`monolith.server.schemas`.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column
from sqlalchemy.types import TypeDecorator


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
