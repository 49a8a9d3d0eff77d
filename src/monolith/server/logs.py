"""Keep seat tokens out of the server's logs.

Browsers cannot set headers on a WebSocket, so the push socket takes the seat token in its query
string, and uvicorn logs every socket's path with its query. A token in a log file is a seat anyone
with the file can play; this filter masks it before a record is written.
"""

from __future__ import annotations

import logging
import re

_TOKEN = re.compile(r"(token=)[^&\s\"']+")
LOGGERS = ("uvicorn", "uvicorn.error", "uvicorn.access", "monolith.server")


def redact(text: str) -> str:
    return _TOKEN.sub(r"\1***", text)


class RedactTokens(logging.Filter):
    """Masks ``token=...`` in a record's message and arguments."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        return True


def install() -> None:
    """Add the filter to the loggers that may see socket paths; harmless when done twice."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())


def access_log_off() -> None:
    """Silence uvicorn's access log (a line per request, 3-4% of the CPU under load), as
    ``--no-access-log`` does: uvicorn writes it only while its logger has a handler."""
    access = logging.getLogger("uvicorn.access")
    access.handlers.clear()
    access.propagate = False
