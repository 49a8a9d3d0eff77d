"""Durable storage, in four rooms: the tables (:mod:`.models`), the database and its migrations
(:mod:`.database`: the engine, SQLite's pragmas, the migrations' lock), the changes the master
writes (:mod:`.changes`) and the repository (:mod:`.repository`), the only code that reads or
writes the matches, seats, actions and reviews. The processes of a cluster tell each other what
changed through SQL of their own (``NOTIFY`` and advisory locks in :mod:`monolith.server.cluster`,
the ``notices`` table in :mod:`monolith.server.sqlite_cluster`).

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

from monolith.server.storage.changes import (
    ActionAppended,
    ActionRemoved,
    Expiry,
    SeatChange,
    StaleWrite,
    StoredMatch,
    StoredReview,
)
from monolith.server.storage.database import (
    MIGRATIONS_DIR,
    DatabaseInUse,
    OwnerLock,
    alembic_config,
    is_sqlite,
    make_engine,
    migrate,
)
from monolith.server.storage.models import (
    ActionRow,
    Base,
    MatchRow,
    NoticeRow,
    ReviewRow,
    SeatRow,
    UtcDateTime,
    creator_of,
    utcnow,
)
from monolith.server.storage.repository import Repository

__all__ = [
    "MIGRATIONS_DIR",
    "ActionAppended",
    "ActionRemoved",
    "ActionRow",
    "Base",
    "DatabaseInUse",
    "Expiry",
    "MatchRow",
    "NoticeRow",
    "OwnerLock",
    "Repository",
    "ReviewRow",
    "SeatChange",
    "SeatRow",
    "StaleWrite",
    "StoredMatch",
    "StoredReview",
    "UtcDateTime",
    "alembic_config",
    "creator_of",
    "is_sqlite",
    "make_engine",
    "migrate",
    "utcnow",
]
