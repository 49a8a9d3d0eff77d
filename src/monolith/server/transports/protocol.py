"""The two requests of every move, answered inside the HTTP protocol, before any ASGI machinery.

:class:`~monolith.server.transports.fastlane.FastLane` answers a move's ``GET .../state`` and
``POST .../actions`` without FastAPI's routing, but under load the ASGI layer beneath it still
cost as much again as the answer: per request a scope, a request cycle, a task, the send messages
and the middleware uvicorn adds. :class:`TableProtocol` (uvicorn's httptools protocol with the
head deadline of :class:`~monolith.server.timeouts.HeaderTimeoutProtocol`) answers them itself
when it plainly can, with the lane's own calls:

- ``GET .../state`` that :meth:`FastLane.state_now` gives at once (a match in the cache, a plain
  query, no token or a seat's): built and written in the parser's callback, no task at all.
  Anything it declines goes the full way, which answers it, errors too.
- ``POST .../actions`` with a small JSON body of declared length: the body is gathered as it
  comes (with the app's body deadline: ``408`` when it is late), then one task runs the move
  (:meth:`FastLane.act_now`, the route's own checks and commit) and writes the answer, a refusal
  worded by the app's exception handlers. A body that does not read as an action goes the full
  way, which words what is wrong with it.

Only plain requests take it: HTTP/1.1 kept alive, no ``Expect``, no upgrade, no root path, no
``X-Forwarded-For`` on a POST (the rate limit counts the address the proxy headers give), no access
log to write, and no earlier request of the connection still unanswered (pipelined requests keep
their order). The lane comes from the app's lifespan state (``monolith.fast_lane``), so under
any other app this is :class:`HeaderTimeoutProtocol`.
"""

from __future__ import annotations

import asyncio
from typing import Any

import httptools
import msgspec
from starlette.requests import Request
from uvicorn.protocols.http.httptools_impl import STATUS_LINE

from monolith.server.headers import API_HEAD, API_HEADER_NAMES
from monolith.server.timeouts import HeaderTimeoutProtocol
from monolith.server.transports.fastlane import (
    LANE,
    FastLane,
    header,
    json_content_type,
    match_id_of,
    read_action,
    small_declared,
    too_slow,
)


class _Answered:
    """The cycle of a request answered here: done, nothing more to read or send."""

    response_complete = True
    disconnected = False

    class message_event:  # noqa: N801 - the attribute uvicorn sets on connection loss
        @staticmethod
        def set() -> None:
            pass


_ANSWERED: Any = _Answered()


class _DirectPost:
    """A ``POST .../actions`` taken here: its body gathers until the message ends."""

    __slots__ = (
        "authorization",
        "body",
        "complete",
        "disconnected",
        "keep_alive",
        "match_id",
        "path",
        "timer",
    )

    response_complete = False
    message_event = _Answered.message_event

    def __init__(self, path: str, match_id: str, authorization: str | None) -> None:
        self.path = path
        self.match_id = match_id
        self.authorization = authorization
        self.body = bytearray()
        self.complete = False
        self.disconnected = False
        self.keep_alive = True
        self.timer: asyncio.TimerHandle | None = None


class TableProtocol(HeaderTimeoutProtocol):
    """uvicorn's HTTP/1.1 protocol with the head deadline, answering the two requests of every
    move itself when it can (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        lane = self.app_state.get(LANE)
        self._lane: FastLane | None = lane if isinstance(lane, FastLane) else None

    # The parser's callbacks ----------------------------------------------------------------------

    def on_headers_complete(self) -> None:
        self._head_arrived()  # the head is here, whoever answers it
        lane = self._lane
        if lane is not None and self._plain():
            method = self.parser.get_method()
            if method == b"GET" and self._state_now(lane):
                return
            if method == b"POST" and self._post_begins():
                return
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        cycle = self.cycle
        if isinstance(cycle, _DirectPost):
            cycle.body += body
            return
        super().on_body(body)

    def on_message_complete(self) -> None:
        cycle = self.cycle
        if isinstance(cycle, _DirectPost):
            cycle.complete = True
            if cycle.timer is not None:
                cycle.timer.cancel()
            self._next_head()
            self._act(cycle)
            return
        super().on_message_complete()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        cycle = self.cycle
        if isinstance(cycle, _DirectPost) and cycle.timer is None and not cycle.complete:
            lane = self._lane
            if lane is not None and lane.body_timeout > 0:  # the rest of the body has a deadline
                cycle.timer = self.loop.call_later(lane.body_timeout, self._body_late, cycle)

    def shutdown(self) -> None:
        cycle = self.cycle
        if isinstance(cycle, _DirectPost):
            cycle.keep_alive = False  # closed once the move is answered
            return
        super().shutdown()

    # Taking a request here -----------------------------------------------------------------------

    def _plain(self) -> bool:
        """Whether the request whose head just arrived may be answered here (see the module)."""
        cycle = self.cycle
        parser = self.parser
        return (
            (cycle is None or cycle.response_complete)
            and not self.pipeline
            and not self.access_log
            and not self.expect_100_continue
            and not self.root_path
            and self.limit_concurrency is None
            and parser.get_http_version() == "1.1"
            and parser.should_keep_alive()
            and not parser.should_upgrade()
        )

    def _header(self, name: bytes) -> str | None:
        return header(self.headers, name)

    def _path(self) -> tuple[str, bytes] | None:
        """The request's path and query, when the path needs no unquoting."""
        try:
            url = httptools.parse_url(self.url)
            path = url.path.decode("ascii")
        except (httptools.HttpParserInvalidURLError, UnicodeDecodeError):
            return None
        return None if "%" in path else (path, url.query or b"")

    def _state_now(self, lane: FastLane) -> bool:
        target = self._path()
        if target is None:
            return False
        try:
            content = lane.state_now(*target, self._header(b"authorization"))
        except Exception:  # not in the parser's callback: the full way answers (and logs) it
            content = None
        if content is None:
            return False
        self._write(200, [], content)
        self.cycle = _ANSWERED
        self.on_response_complete()
        return True

    def _post_begins(self) -> bool:
        target = self._path()
        match_id = None if target is None or target[1] else match_id_of(target[0], "/actions")
        if (
            match_id is None
            or not small_declared(self._header(b"content-length"))
            or self._header(b"transfer-encoding") is not None
            or self._header(b"x-forwarded-for") is not None
            or not json_content_type(self._header(b"content-type"))
        ):
            return False
        assert target is not None
        self.cycle = _DirectPost(target[0], match_id, self._header(b"authorization"))  # type: ignore[assignment]
        return True

    def _body_late(self, direct: _DirectPost) -> None:
        """The body did not arrive in time: ``408``, as the app answers, and the connection
        closes (what is left of the body would read as a request)."""
        lane, cycle = self._lane, self.cycle
        if cycle is not direct or lane is None or self.transport.is_closing():  # type: ignore[comparison-overlap]
            return
        late = too_slow(lane.body_timeout)
        self._write(late.status_code, [], bytes(late.body))
        self.cycle = _ANSWERED
        self.transport.close()

    def _full_way(self, direct: _DirectPost) -> None:
        """Hand a POST taken here to the app after all, with the bytes of its body read so far."""
        self.cycle = None  # type: ignore[assignment]
        super().on_headers_complete()  # the ASGI cycle and its task, as for any request
        cycle = self.cycle
        cycle.body += direct.body
        if direct.complete:
            cycle.more_body = False
        cycle.message_event.set()

    def _act(self, direct: _DirectPost) -> None:
        lane = self._lane
        assert lane is not None
        try:
            body = read_action(bytes(direct.body))
        except (msgspec.DecodeError, msgspec.ValidationError, RecursionError):
            self._full_way(direct)  # the full way words what is wrong with it
            return
        task = self.loop.create_task(self._acted(lane, direct, body))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def _acted(self, lane: FastLane, direct: _DirectPost, body: Any) -> None:
        host = self.client[0] if self.client else None
        try:
            content = await lane.act_now(direct.match_id, direct.authorization, host, body)
            status, headers = 200, []
        except Exception as error:
            response = await lane.refusal(Request(self._scope_of(direct, lane)), error)
            status, content = response.status_code, bytes(response.body)
            headers = [
                (name, value)
                for name, value in response.raw_headers
                if name not in (b"content-type", b"content-length")
                and name not in API_HEADER_NAMES  # _write adds them
            ]
        if self.transport.is_closing():
            return  # the client left; the move (if any) is committed all the same
        self._write(status, headers, content)
        if self.cycle is direct:  # type: ignore[comparison-overlap]
            # (else the next request's head came meanwhile: its cycle waits in the pipeline, and
            # is the parser's for its body)
            self.cycle = _ANSWERED
        if not direct.keep_alive:
            self.transport.close()
            return
        self.on_response_complete()

    def _scope_of(self, direct: _DirectPost, lane: FastLane) -> Any:
        """An ASGI scope for the request, for the app's exception handlers."""
        return {
            "type": "http",
            "app": lane.owner,
            "method": "POST",
            "path": direct.path,
            "query_string": b"",
            "headers": [],
            "client": self.client,
            "server": self.server,
        }

    def _write(self, status: int, headers: list[tuple[bytes, bytes]], content: bytes) -> None:
        """A JSON answer, head and body in one write."""
        head = [STATUS_LINE[status]]
        for name, value in (*self.server_state.default_headers, *headers):
            head.append(b"%s: %s\r\n" % (name, value))
        head.append(API_HEAD)
        head.append(b"content-type: application/json\r\ncontent-length: %d\r\n\r\n" % len(content))
        head.append(content)
        self.transport.write(b"".join(head))
