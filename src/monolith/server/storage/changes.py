"""The changes the match master writes, as plain values: what the group commit batches and what
other processes are told (:mod:`monolith.server.cluster`). Every change names the match's stored
change count it was decided on.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from monolith.core import JsonDict
from monolith.server.storage.models import ActionRow, MatchRow, SeatRow


class StaleWrite(RuntimeError):  # noqa: N818 - reads as the verdict
    """A write decided on a match as this process cached it, but another process changed the
    match meanwhile (its stored ``sequence`` moved on): nothing was written."""


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


@dataclass(frozen=True)
class StoredReview:
    """A review's state to write: its status, and its result or why it failed."""

    match_id: str
    status: str
    result: JsonDict | None
    error: str | None
    iterations: int
    at: datetime
