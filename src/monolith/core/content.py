"""Loading content files (TOML) into typed structures, with errors that name file and entry."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TypeVar

import msgspec

from monolith.core.errors import ContentError

T = TypeVar("T")

_PATH = re.compile(r"at `\$(?P<path>[^`]*)`")


def load_toml(path: Path, schema: type[T]) -> T:
    """Decode and type-check one content file; a broken one raises :class:`ContentError`."""
    try:
        raw = path.read_bytes()
    except OSError as error:
        raise ContentError(path.name, "(file)", f"cannot be read: {error.strerror}") from error
    try:
        return msgspec.toml.decode(raw, type=schema)
    except msgspec.ValidationError as error:
        message = str(error)
        match = _PATH.search(message)
        entry = match.group("path").lstrip(".") if match else "(top level)"
        problem = _PATH.sub("", message).strip().rstrip("-").strip()
        raise ContentError(path.name, entry or "(top level)", problem) from error
    except msgspec.DecodeError as error:
        raise ContentError(path.name, "(file)", f"is not valid TOML: {error}") from error
