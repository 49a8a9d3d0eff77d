"""Closing connections that never finish sending a request head (slowloris).

uvicorn times out idle keep-alive connections, but a connection that has started a request, or
sent nothing at all, is held for as long as the client likes: a few hundred such sockets exhaust a
server. This protocol (uvicorn's httptools one, which ``uvicorn[standard]`` brings) arms a timer
when a connection opens and when each request begins, and disarms it once the head is complete; if
it fires first, the client gets ``408`` and the connection is closed. The body is the app's to
time (:class:`monolith.server.app.BodyLimit`).

It also sends each answer's head and body in one write (:class:`OneWrite`): uvicorn writes them
apart, two system calls and two packets per answer where one does.

``monolith serve`` uses it with ``MONOLITH_HEADER_TIMEOUT_SECONDS``; under plain uvicorn pass
``--http monolith.server.timeouts:HeaderTimeoutProtocol``, which reads the same variable.
"""

from __future__ import annotations

import asyncio
from typing import Any, ClassVar

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from monolith.server.settings import Settings

_REQUEST_TIMEOUT = (
    b"HTTP/1.1 408 Request Timeout\r\n"
    b"content-type: text/plain; charset=utf-8\r\n"
    b"content-length: 39\r\n"
    b"connection: close\r\n"
    b"\r\n"
    b"the request head did not arrive in time"
)


class HeaderTimeoutProtocol(HttpToolsProtocol):
    """uvicorn's HTTP/1.1 protocol with a deadline on each request head."""

    header_timeout: ClassVar[float | None] = None
    """Seconds; ``None`` reads ``MONOLITH_HEADER_TIMEOUT_SECONDS`` (or its default)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        seconds = self.header_timeout
        self._seconds = Settings.from_env().header_timeout_seconds if seconds is None else seconds
        self._head_timer: asyncio.TimerHandle | None = None

    @classmethod
    def with_timeout(cls, seconds: float) -> type[HeaderTimeoutProtocol]:
        """This protocol with its deadline fixed (``monolith serve`` passes its settings')."""
        return type(cls.__name__, (cls,), {"header_timeout": seconds})

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if self._head_timer is None:
            self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()
        if self.cycle is not None:
            self.cycle.transport = OneWrite(self.transport, self.loop)  # type: ignore[assignment]

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._seconds > 0:
            self._head_timer = self.loop.call_later(self._seconds, self._head_timed_out)

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
