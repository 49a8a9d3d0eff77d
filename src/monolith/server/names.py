"""What a player may call themselves at the table: readable, and shown as it reads.

A name reaches every other player's page and the database, so it is cleaned once, when a seat is
joined: Unicode-normalised (NFC, so one name has one spelling), surrounding space trimmed and inner
runs of space made one plain space. It is refused when it would hide what it shows or break a store:
control characters (NUL included: PostgreSQL text cannot hold it), bidirectional overrides,
embeddings, isolates and marks (which reorder the rest of the line: "Ada" that displays as another
name), zero-width and other invisible format characters, blank look-alike letters, and
unassigned, private-use or surrogate code points.
"""

from __future__ import annotations

import unicodedata

MAX_NAME_LENGTH = 40
"""Characters (code points, after normalising) in a name; fits every page's seat label."""

_BIDI = frozenset(
    "\u061c\u200e\u200f"  # Arabic letter mark, left-to-right and right-to-left marks
    "\u202a\u202b\u202c\u202d\u202e"  # embeddings, pop, overrides
    "\u2066\u2067\u2068\u2069"  # isolates and their pop
)
_BLANK_LETTERS = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Hangul fillers and the blank Braille pattern: letters by category that draw nothing."""


class BadName(ValueError):  # noqa: N818 - reads as the verdict
    """Why a name is refused: ``reason`` is a stable keyword, the message says where."""

    def __init__(self, reason: str, message: str) -> None:
        super().__init__(message)
        self.reason = reason
        self.message = message


def _problem(char: str) -> tuple[str, str] | None:
    """(reason, what it is) for a character a name may not hold, else ``None``."""
    if char in _BIDI:
        return "bidi", "a bidirectional control character, which reorders how text is shown"
    category = unicodedata.category(char)
    if category == "Cc" or char in "\u2028\u2029":
        return "control", "a control character"
    if category == "Cf" or char in _BLANK_LETTERS:
        return "invisible", "an invisible character (zero-width or formatting)"
    if category in ("Cn", "Co", "Cs"):
        return "invisible", "an unassigned or private-use code point, which shows as nothing sure"
    return None


def clean_name(raw: str) -> str:
    """The name as it will be stored and shown, or :class:`BadName` saying what is wrong."""
    name = unicodedata.normalize("NFC", raw).strip()
    for position, char in enumerate(name, start=1):
        problem = _problem(char)
        if problem is not None:
            reason, what = problem
            raise BadName(reason, f"character {position} of the name (U+{ord(char):04X}) is {what}")
    name = " ".join(name.split())
    if not name:
        raise BadName("empty", "a name needs at least one visible character")
    if len(name) > MAX_NAME_LENGTH:
        raise BadName(
            "too_long",
            f"a name has at most {MAX_NAME_LENGTH} characters; this one has {len(name)}",
        )
    return name
