"""Keep seat tokens out of the server's logs, and one line per refused frame or request.

Browsers cannot set headers on a WebSocket, so the push socket takes the seat token in its query
string, and uvicorn logs every socket's path with its query. A token in a log file is a seat anyone
with the file can play; this filter masks it before a record is written.

A client's fault is not the server's: uvicorn logs a socket frame that is not UTF-8 with a whole
traceback, and two more lines per socket ("connection open", "connection closed") that say
nothing its access line does not, so a stranger could fill the disk with little effort. The
client faults keep one line without the traceback; a failure of the server (a 500) keeps its
traceback, which is what it is for.
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


CLIENT_FAULTS = frozenset(
    {"Invalid UTF-8 sequence received from client.", "Invalid HTTP request received."}
)
"""uvicorn's messages for what a client sent wrong (it is refused): one line, no traceback."""
SAID_ALREADY = frozenset({"connection open", "connection closed"})
"""uvicorn's lines per socket beside its ``[accepted]`` line."""


class OneLinePerRefusal(logging.Filter):
    """A client's fault logged as one line: the traceback dropped, the socket's chatter too."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.msg
        if not isinstance(message, str):
            return True
        if message in SAID_ALREADY and record.levelno <= logging.INFO:
            return False
        if message in CLIENT_FAULTS:
            record.exc_info, record.exc_text = None, None
        return True


def install() -> None:
    """Add the filters to the loggers that may see socket paths and client faults; harmless
    when done twice."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        for kind in (RedactTokens, OneLinePerRefusal):
            if not any(isinstance(f, kind) for f in logger.filters):
                logger.addFilter(kind())


def access_log_off() -> None:
    """Silence uvicorn's access log (a line per request, 3-4% of the CPU under load), as
    ``--no-access-log`` does: uvicorn writes it only while its logger has a handler."""
    access = logging.getLogger("uvicorn.access")
    access.handlers.clear()
    access.propagate = False
