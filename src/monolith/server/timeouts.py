"""Closing connections that never finish sending a request head (slowloris), or send one too large.

uvicorn times out idle keep-alive connections, but a connection that has started a request, or
sent nothing at all, is held for as long as the client likes: a few hundred such sockets exhaust a
server. This protocol (uvicorn's httptools one, which ``uvicorn[standard]`` brings) arms a timer
when a connection opens and when each request begins, and disarms it once the head is complete; if
it fires first, the client gets ``408`` and the connection is closed. The body is the app's to
time (:class:`monolith.server.app.BodyLimit`).

A head is also limited in size (``MONOLITH_MAX_HEADER_BYTES``, 16 KiB): its bytes are counted as
they arrive, and the parser is fed no more of a head than the limit (httptools would buffer a
header of any length whole), so a head over it gets ``431`` and the connection is closed once the
limit is reached, however much more the client sends. (A pipelined head that starts in the same
read as the end of the request before it is counted from the next read: still bounded, by the
limit and one read.)

It also sends each answer's head and body in one write (:class:`OneWrite`): uvicorn writes them
apart, two system calls and two packets per answer where one does.

``monolith serve`` uses it with ``MONOLITH_HEADER_TIMEOUT_SECONDS`` and
``MONOLITH_MAX_HEADER_BYTES``; under plain uvicorn pass
``--http monolith.server.timeouts:HeaderTimeoutProtocol``, which reads the same variables.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from monolith.server.headers import API_HEAD
from monolith.server.settings import Settings


def _refusal(status: bytes, code: str, message: str) -> bytes:
    """A whole answer refusing a head, in the JSON shape of every other refusal
    (``{"error": {"code", "message"}}``); the connection then closes."""
    body = json.dumps({"error": {"code": code, "message": message}}).encode()
    return (
        b"HTTP/1.1 " + status + b"\r\n" + API_HEAD + b"content-type: application/json\r\n"
        b"content-length: %d\r\n"
        b"connection: close\r\n"
        b"\r\n%s" % (len(body), body)
    )


_REQUEST_TIMEOUT = _refusal(
    b"408 Request Timeout", "too_slow", "the request head did not arrive in time"
)


def _head_too_large(limit: int) -> bytes:
    """The ``431`` answer to a head over ``limit`` bytes."""
    return _refusal(
        b"431 Request Header Fields Too Large",
        "header_too_large",
        f"the request head (request line and headers) is larger than {limit // 1024} KiB",
    )


class HeaderTimeoutProtocol(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol with a deadline on each request head."""

    header_timeout: ClassVar[float | None] = None
    """Seconds; ``None`` reads ``MONOLITH_HEADER_TIMEOUT_SECONDS`` (or its default)."""
    max_header_bytes: ClassVar[int | None] = None
    """Bytes of one head; ``None`` reads ``MONOLITH_MAX_HEADER_BYTES`` (or its default)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seconds, limit = self.header_timeout, self.max_header_bytes
        if seconds is None or limit is None:
            settings = Settings.from_env()
            seconds = settings.header_timeout_seconds if seconds is None else seconds
            limit = settings.max_header_bytes if limit is None else limit
        self._seconds = seconds
        self._head_timer: asyncio.TimerHandle | None = None
        self._head_limit = limit
        self._reading_head = True
        """From a request's first byte (or the connection's opening) to the end of its head."""
        self._head_room = limit
        """Bytes the head being read may still take."""

    @classmethod
    def with_timeout(
        cls, seconds: float, max_header_bytes: int | None = None
    ) -> type[HeaderTimeoutProtocol]:
        """This protocol with its deadline (and head size limit) fixed (``monolith serve``
        passes its settings')."""
        fixed = {"header_timeout": seconds, "max_header_bytes": max_header_bytes}
        return type(cls.__name__, (cls,), fixed)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def data_received(self, data: bytes) -> None:
        if self._head_limit <= 0:
            super().data_received(data)
            return
        while self._reading_head and len(data) > self._head_room:
            # more than the head may still take: feed it up to its limit, and look again
            part, data = data[: self._head_room], data[self._head_room :]
            self._head_room = 0
            super().data_received(part)
            if self.transport.is_closing() or self.transport.get_protocol() is not self:
                return  # closed (an unreadable request), or handed to a WebSocket
            if self._reading_head:  # the limit is reached and the head goes on
                self._head_too_large()
                return
        if self._reading_head:
            self._head_room -= len(data)
        super().data_received(data)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._head_timer is None:
            self._arm()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._next_head()

    def on_headers_complete(self) -> None:
        self._head_arrived()
        super().on_headers_complete()
        if self.cycle is not None:
            self.cycle.transport = OneWrite(self.transport, self.loop)  # type: ignore[assignment]

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._seconds > 0:
            self._head_timer = self.loop.call_later(self._seconds, self._head_timed_out)

    def _head_arrived(self) -> None:
        """The whole head is here: its deadline and its size limit are over."""
        self._reading_head = False
        self._disarm()

    def _next_head(self) -> None:
        """A request has ended: what comes next is the next one's head, counted afresh."""
        self._reading_head, self._head_room = True, self._head_limit

    def _head_too_large(self) -> None:
        if self.cycle is None or self.cycle.response_complete:
            self.transport.write(_head_too_large(self._head_limit))
        self.transport.close()

    def _disarm(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
            self._head_timer = None

    def _head_timed_out(self) -> None:
        self._head_timer = None
        if self.transport.is_closing():
            return
        if self.cycle is None or self.cycle.response_complete:
            self.transport.write(_REQUEST_TIMEOUT)
        self.transport.close()


class OneWrite:
    """One answer's transport: its first write (the status line and headers) is held until the
    next (the body), and both leave as one; if no body follows in the same turn of the event
    loop (a HEAD, an answer streamed later), the head leaves alone right after. Everything else
    is the connection's transport."""

    __slots__ = ("_held", "_loop", "_transport", "_writes")

    def __init__(self, transport: asyncio.Transport, loop: asyncio.AbstractEventLoop) -> None:
        self._transport = transport
        self._loop = loop
        self._held: bytes | None = None
        self._writes = 0

    def write(self, data: bytes) -> None:
        self._writes += 1
        if self._writes == 1:
            self._held = data
            self._loop.call_soon(self.flush)
            return
        held = self._held
        if held is not None:
            self._held = None
            data = held + data
        self._transport.write(data)

    def flush(self) -> None:
        held = self._held
        if held is not None:
            self._held = None
            self._transport.write(held)

    def close(self) -> None:
        self.flush()
        self._transport.close()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)
