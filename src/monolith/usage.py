"""Bad requests to the tools (the command line and the Python functions behind it).

The designers' commands (:mod:`monolith.design`), the load harness (:mod:`monolith.load`) and the
command line (:mod:`monolith.cli`) all refuse a bad request with :class:`CliError`, which the
command line prints as one line; it lives here, below all three, so none imports another for it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path


class CliError(Exception):
    """A bad request on the command line, reported as one line without a traceback."""


def parse_bot_names(text: str) -> list[str]:
    """``greedy,random`` -> the names, checked against the bot registry."""
    from monolith.bots import make_bot  # the bots load the games: only once a command runs

    names = [name.strip() for name in text.split(",") if name.strip()]
    if not names:
        raise CliError("no bot named: give at least one, e.g. --bots random")
    for name in names:
        make_bot(name, 0)  # raises UnknownBot with the list of known names
    return names


def check_workers(workers: int, database_url: str) -> None:
    """Several server processes need a database they can share matches through: PostgreSQL, or
    a SQLite file (one in memory lives and dies with its process)."""
    if workers < 1:
        raise CliError(f"--workers must be at least 1, not {workers}")
    if workers > 1 and database_url.startswith("sqlite") and _in_memory(database_url):
        raise CliError(
            f"--workers {workers} needs a database the processes can share: a SQLite file "
            "(--database-url sqlite:///path/to/file) or PostgreSQL, not SQLite in memory"
        )


def _in_memory(database_url: str) -> bool:
    path = database_url.split("://", 1)[-1].lstrip("/")
    return path in ("", ":memory:") or "mode=memory" in database_url


def check_output(
    path: Path | None, flag: str, suffixes: Sequence[str], *, force: bool = False
) -> None:
    """Refuse an output path before any game is played: a wrong kind of file, a folder, a folder
    that does not exist or cannot be written to, a file already there (unless ``force``: an hour
    of games must not overwrite last week's report by a slip of the arrow key)."""
    if path is None:
        return
    if path.suffix.lower() not in suffixes:
        kinds = " or ".join(suffixes)
        raise CliError(f"{flag} must name a {kinds} file, not {str(path)!r}")
    if path.is_dir():
        raise CliError(f"{flag} {str(path)!r} is a folder; name a file in it")
    folder = path.parent
    if not folder.is_dir():
        raise CliError(f"{flag}: the folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise CliError(f"{flag}: cannot write to {str(path)!r}")
    if path.exists() and not force:
        raise CliError(f"{flag}: {str(path)!r} already exists; add --force to replace it")
