"""The security headers every answer carries: a Content-Security-Policy, no framing, no sniffing,
no referrer.

The pages load only the app's own scripts, styles and images (``/static``) and talk only to their
own origin (the API, and the match socket: ``'self'`` covers ``ws:``/``wss:`` of the same host),
and build their styles through the CSSOM (``element.style``), never as inline ``style`` text, so
the policy allows nothing else: no inline script, no inline style, no other origin, no plugin, no
``<base>``, no framing by any site (clickjacking). JSON answers get the strictest policy (they
are never meant to load anything). ``/docs`` and ``/redoc`` (FastAPI's own pages, with their
inline script and a CDN's) only forbid framing.

:class:`SecurityHeaders` adds them to what the app answers, leaving a header an answer already
has; the fast lane and the HTTP protocol (``server.transports``) write them themselves,
pre-encoded.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

PAGE_POLICY = (
    "default-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
    "frame-ancestors 'none'"
)
"""The pages' and their files' policy: only this origin, no framing."""
API_POLICY = "default-src 'none'; frame-ancestors 'none'"
"""JSON answers: nothing to load, no framing."""
DOCS_POLICY = "frame-ancestors 'none'"
"""FastAPI's ``/docs`` and ``/redoc`` (inline script and a CDN's): no framing."""
DOCS_PATHS = ("/docs", "/redoc")

COMMON: tuple[tuple[bytes, bytes], ...] = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)
"""On every answer: a type is what the answer says (no sniffing a JSON answer into a script);
no address of this table (which names a match) is sent to other sites."""

PAGE_HEADERS = ((b"content-security-policy", PAGE_POLICY.encode()), *COMMON)
API_HEADERS = ((b"content-security-policy", API_POLICY.encode()), *COMMON)
DOCS_HEADERS = ((b"content-security-policy", DOCS_POLICY.encode()), *COMMON)

API_HEADER_DICT = {name.decode(): value.decode() for name, value in API_HEADERS}
"""The same, for a Starlette response's ``headers=``."""
API_HEADER_NAMES = frozenset(name for name, _ in API_HEADERS)
API_HEAD = b"".join(b"%s: %s\r\n" % pair for pair in API_HEADERS)
"""The lines an answer's head written by hand carries (``server.transports.protocol``)."""


def headers_for(path: str) -> tuple[tuple[bytes, bytes], ...]:
    """The security headers of the answer to a request for ``path``."""
    if path.startswith("/api/"):
        return API_HEADERS
    if path.startswith(DOCS_PATHS):
        return DOCS_HEADERS
    return PAGE_HEADERS


class SecurityHeaders:
    """ASGI middleware: each HTTP answer gets the security headers of its path that it has not
    set itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        wanted = headers_for(scope["path"])

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                headers.extend(pair for pair in wanted if pair[0] not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
