"""What a player may call themselves at the table: readable, and shown as it reads.

A name reaches every other player's page and the database, so it is cleaned once, when a seat is
joined: Unicode-normalised (NFC, so one name has one spelling), surrounding space trimmed and inner
runs of space made one plain space. It is refused when it would hide what it shows or break a store:
control characters (NUL included: PostgreSQL text cannot hold it), bidirectional overrides,
embeddings, isolates and marks (which reorder the rest of the line: "Ada" that displays as another
name), zero-width and other invisible format characters (the combining grapheme joiner and the
variation selectors too, which change nothing a reader sees, or the look of the letter before
them), blank look-alike letters, unassigned, private-use or surrogate code points, and runs of
more than :data:`MAX_MARKS` combining marks on one letter (after NFC, which folds a letter and its
accents into one character where it can), which pile up over the text around the name.
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
MAX_MARKS = 2
"""Combining marks one base character may carry (after NFC): enough for any written language's
letter with a vowel sign and a tone or nasal mark, not for a tower of them."""

_INVISIBLE_MARKS = frozenset("\u034f" + "".join(map(chr, range(0xFE00, 0xFE10))))
"""The combining grapheme joiner and the variation selectors 1-16 (17-256 are checked by range)."""
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
    if char in _INVISIBLE_MARKS or 0xE0100 <= ord(char) <= 0xE01EF:
        return "invisible", "an invisible joiner or variation selector, which changes how it reads"
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
    _check_marks(name)
    name = " ".join(name.split())
    if not name:
        raise BadName("empty", "a name needs at least one visible character")
    if len(name) > MAX_NAME_LENGTH:
        raise BadName(
            "too_long",
            f"a name has at most {MAX_NAME_LENGTH} characters; this one has {len(name)}",
        )
    return name


def _check_marks(name: str) -> None:
    """:class:`BadName` ``marks`` when a character carries more than :data:`MAX_MARKS` combining
    marks (marks with no character before them count as carried by nothing)."""
    run = 0
    for position, char in enumerate(name, start=1):
        if unicodedata.category(char).startswith("M"):
            run += 1
            if run > MAX_MARKS:
                raise BadName(
                    "marks",
                    f"character {position} of the name (U+{ord(char):04X}) is a combining mark "
                    f"beyond the {MAX_MARKS} one letter may carry",
                )
        else:
            run = 0
