"""What a request may name, checked where it enters and before the database sees it.

A match id is ``secrets.token_urlsafe(9)`` (12 characters of the URL-safe base64 alphabet): an id
holding anything else (a NUL, which PostgreSQL text cannot hold, a space, a slash) names no match,
so it is refused as unknown (``404 unknown_match``) without a query. A seat in a path is a
non-negative integer written the one way it is written: ``1`` (not ``1.0``, ``+1``, ``01`` or
``%201``), else ``422 malformed``; a version or count in a query is digits only, as the fast lane
reads it.
"""

from __future__ import annotations

import re
from typing import Annotated

from fastapi import Path
from pydantic import BeforeValidator

from monolith.server.refusals import Refused

MAX_MATCH_ID_LENGTH = 64
"""Longer than any id the server makes (12), so ids of other lengths (an older server's, a
future one's) still read; no more, so a path cannot make a long query."""
_MATCH_ID = re.compile(rf"[A-Za-z0-9_-]{{1,{MAX_MATCH_ID_LENGTH}}}")
_SEAT = re.compile(r"0|[1-9][0-9]{0,3}")
"""A seat number as written once: no sign, no leading zero, no space, no fraction."""
_WHOLE = re.compile(r"[0-9]{1,18}")
"""A version or a count in a query, as the fast lane reads it: digits only (it fits 64 bits)."""


def valid_match_id(match_id: str) -> bool:
    """Whether ``match_id`` could be an id the server made (URL-safe base64, bounded length)."""
    return _MATCH_ID.fullmatch(match_id) is not None


def unknown_match(match_id: str) -> Refused:
    """The refusal of an id no match has: ``404 unknown_match``."""
    return Refused("unknown_match", f"there is no match {match_id!r}")


def require_match_id(match_id: str) -> str:
    """``match_id`` when it could name a match; :func:`unknown_match` otherwise (the door calls
    this before anything looks the id up, and loading once more)."""
    if not valid_match_id(match_id):
        raise unknown_match(match_id)
    return match_id


def canonical_seat(raw: object) -> object:
    """A seat path segment as pydantic gets it: its digits in their one canonical form, else a
    ``ValueError`` (``422 malformed``). Anything not a string (a test's int) goes on as it is."""
    if isinstance(raw, str) and _SEAT.fullmatch(raw) is None:
        raise ValueError("a seat is a number written plainly: 0, 1, 2 (no sign, point or space)")
    return raw


SeatPath = Annotated[
    int,
    Path(description="the seat's number, from 0, written plainly (1, not 01, +1 or 1.0)"),
    BeforeValidator(canonical_seat),
]
"""The type of a ``{seat}`` path parameter."""


def whole_number(raw: object) -> object:
    """A query's version or count as pydantic gets it: digits only, the one way the fast lane
    reads it too (pydantic alone takes ``1.0``, ``+1`` and `` 1``), else ``422 malformed``."""
    if isinstance(raw, str) and _WHOLE.fullmatch(raw) is None:
        raise ValueError(f"{raw!r} is not a whole number written in digits (0-9)")
    return raw


WholeNumber = Annotated[int, BeforeValidator(whole_number)]
"""The type of a version or count in a query string (with its ``Query`` for the bounds)."""


def not_utf8_json(body: bytes) -> str | None:
    """Why a request body is not UTF-8 JSON text, or ``None`` when it may be. Python's JSON
    reader takes UTF-16 and UTF-32 bytes too (it guesses the encoding from the NUL bytes), and
    UTF-16 text can even be valid UTF-8; but JSON text in UTF-8 never holds a NUL byte (a NUL in
    a string is written ``\\u0000``), so one is enough to refuse."""
    if b"\x00" in body:
        return "the body is not UTF-8 JSON text (it holds a NUL byte: UTF-16 or UTF-32?)"
    try:
        body.decode("utf-8")
    except UnicodeDecodeError:
        return "the body is not UTF-8 JSON text"
    return None
