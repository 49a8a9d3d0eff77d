"""Errors shared by every game: each says what was wrong, and raising one changes nothing."""

from __future__ import annotations


class GameError(Exception):
    """Base of every error a game raises for bad input."""


class IllegalAction(GameError):  # noqa: N818 - reads as the verdict it is
    """A well-formed action that the rules do not allow in this state."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class MalformedAction(GameError):  # noqa: N818
    """An action that cannot even be read: wrong type, missing field, unknown id."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class BadOptions(GameError):  # noqa: N818
    """A setup request the game cannot start: wrong player count, unknown rule option."""


class ContentError(GameError):
    """A content file that is broken; names the file, the entry and the problem."""

    def __init__(self, file: str, entry: str, problem: str) -> None:
        super().__init__(f"{file}: {entry}: {problem}")
        self.file = file
        self.entry = entry
        self.problem = problem


class ReplayMismatch(GameError):  # noqa: N818
    """A replayed action log did not reproduce the recorded state hash."""
