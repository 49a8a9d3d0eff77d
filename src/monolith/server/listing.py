"""Pages of the match list: newest first, ties broken by id, continued by an opaque cursor.

A cursor is the creation time and id of the last match a page held, so the next page starts right
after it whatever was created meanwhile (new matches go to the front, never shift a later page).
"""

from __future__ import annotations

import base64
import binascii
from datetime import UTC, datetime

from monolith.server.inputs import valid_match_id
from monolith.server.refusals import Refused

DEFAULT_PAGE = 50
MAX_PAGE = 200


def encode_cursor(created_at: datetime, match_id: str) -> str:
    raw = f"{created_at.isoformat()}|{match_id}".encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    """The (creation time in UTC, id) a cursor holds; ``422 malformed`` for one no page gave:
    a time with no zone or out of range once in UTC (the database compares in UTC), an id no
    match could have (a NUL, which PostgreSQL cannot hold)."""
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)).decode()
        stamp, match_id = raw.split("|", 1)
        created_at: datetime | None = datetime.fromisoformat(stamp)
        if created_at is not None and created_at.tzinfo is not None:
            created_at = created_at.astimezone(UTC)
    except (binascii.Error, UnicodeDecodeError, ValueError, OverflowError):
        created_at, match_id = None, ""
    if created_at is None or created_at.tzinfo is None or not valid_match_id(match_id):
        raise Refused(
            "malformed", "that cursor is not one a page of GET /api/matches gave; start over"
        )
    return created_at, match_id
