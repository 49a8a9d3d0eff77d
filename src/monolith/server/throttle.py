"""Rate limits per client address on the requests that write: creating, joining and acting.

Each bucket has one or more budgets in the ``limits`` library's notation (``"10/minute;60/hour"``),
counted with its sliding-window counter in memory (one server process owns a database, so one
process counts). A request over any budget of its bucket is refused with ``429 rate_limited`` and a
``Retry-After`` before anything reads it; a refused request is not counted, so a client that waits
as told gets through. Bots and the server's own moves never pass through here.

The address is the connection's peer as the ASGI server reports it: behind a reverse proxy, the
server must be told to trust the proxy's ``X-Forwarded-For`` (uvicorn's ``--forwarded-allow-ips``),
or every player shares the proxy's budget. IPv6 clients are counted per /64 network, the block one
subscriber usually holds, so rotating through one's own addresses gains nothing.
"""

from __future__ import annotations

import ipaddress
import math
import time
from collections.abc import Awaitable, Callable
from typing import Literal

from fastapi import Request
from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import SlidingWindowCounterRateLimiter

from monolith.server.live import ApiError
from monolith.server.settings import Settings

Bucket = Literal["create", "join", "act"]

_WHAT: dict[Bucket, str] = {
    "create": "matches created",
    "join": "seats joined",
    "act": "moves sent",
}


class RateLimited(ApiError):  # noqa: N818 - reads as the verdict
    """A refusal that also tells the client when to try again (``Retry-After``, whole seconds)."""

    def __init__(self, message: str, retry_after: int, params: dict[str, object]) -> None:
        super().__init__(429, "rate_limited", message, params)
        self.retry_after = retry_after


def budgets(text: str) -> list[RateLimitItem]:
    """The budgets of one bucket; an empty text means none. A typo fails at startup, loudly."""
    return parse_many(text) if text.strip() else []


class Throttle:
    """The budgets of every bucket and what each address has spent of them."""

    def __init__(self, settings: Settings) -> None:
        self.enabled = settings.rate_limits
        self.budgets: dict[Bucket, list[RateLimitItem]] = {
            "create": budgets(settings.rate_limit_create),
            "join": budgets(settings.rate_limit_join),
            "act": budgets(settings.rate_limit_act),
        }
        self.limiter = SlidingWindowCounterRateLimiter(MemoryStorage())

    def spend(self, bucket: Bucket, address: str) -> None:
        """Count one request of ``address`` in ``bucket``, or refuse it without counting it."""
        if not self.enabled:
            return
        items = self.budgets[bucket]
        for item in items:
            if not self.limiter.test(item, bucket, address):
                reset = self.limiter.get_window_stats(item, bucket, address).reset_time
                wait = max(1, math.ceil(reset - time.time()))
                raise RateLimited(
                    f"too many {_WHAT[bucket]} from your address (at most {_budget(item)}); "
                    f"try again in {wait} s",
                    wait,
                    {"retry_after": wait},
                )
        for item in items:
            self.limiter.hit(item, bucket, address)


def _budget(item: RateLimitItem) -> str:
    """``10 per minute``, ``5 per 2 minutes``: a budget as a sentence says it."""
    unit = item.GRANULARITY.name
    period = unit if item.multiples == 1 else f"{item.multiples} {unit}s"
    return f"{item.amount} per {period}"


def client_key(request: Request) -> str:
    """Whom a request is counted against: its peer address, IPv6 by /64 network."""
    return address_key(request.client.host if request.client is not None else None)


def address_key(host: str | None) -> str:
    """:func:`client_key` of a peer address (``None``: unknown)."""
    if host is None:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


def limited(bucket: Bucket) -> Callable[[Request], Awaitable[None]]:
    """A route dependency spending one request of ``bucket`` for the asking address. ``async``
    (it only counts in memory) so that a request does not hop to a worker thread and back for it,
    as FastAPI runs a plain ``def`` dependency."""

    async def spend(request: Request) -> None:
        throttle: Throttle = request.app.state.throttle
        throttle.spend(bucket, client_key(request))

    return spend
