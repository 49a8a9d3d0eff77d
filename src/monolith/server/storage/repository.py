"""The repository: the only code that speaks SQL to the database (the master's writes, batched by
the group commit, its reads, and the coach's reviews).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Connection,
    Engine,
    Table,
    bindparam,
    delete,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.orm import Session, sessionmaker

from monolith.server.storage.changes import (
    ActionAppended,
    ActionRemoved,
    Expiry,
    SeatChange,
    StaleWrite,
    StoredMatch,
    StoredReview,
)
from monolith.server.storage.models import ActionRow, Base, MatchRow, ReviewRow, SeatRow


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

    # The coach's reviews --------------------------------------------------------------------------

    def unfinished_reviews(self) -> list[str]:
        """Matches whose review a stopped server left under way, oldest first."""
        with self.sessions() as session:
            query = select(ReviewRow.match_id).where(ReviewRow.status == "running")
            return list(session.scalars(query.order_by(ReviewRow.created_at)))

    def review(self, match_id: str) -> ReviewRow | None:
        with self.sessions() as session:
            return session.get(ReviewRow, match_id)

    def store_reviews(self, connection: Connection, items: Sequence[StoredReview]) -> None:
        """Insert or update reviews (a write for the group commit)."""
        with Session(bind=connection) as session:
            for item in items:
                row = session.get(ReviewRow, item.match_id)
                if row is None:
                    row = ReviewRow(
                        match_id=item.match_id, iterations=item.iterations, created_at=item.at
                    )
                    session.add(row)
                row.status, row.result, row.error = item.status, item.result, item.error
                row.finished_at = item.at if item.status in ("done", "failed") else None
            session.flush()

    @staticmethod
    def _seats(session: Session, match_id: str) -> list[SeatRow]:
        query = select(SeatRow).where(SeatRow.match_id == match_id).order_by(SeatRow.seat)
        return list(session.scalars(query))

    @staticmethod
    def _actions(session: Session, match_id: str) -> list[ActionRow]:
        query = select(ActionRow).where(ActionRow.match_id == match_id).order_by(ActionRow.index)
        return list(session.scalars(query))
