"""Rate limits per client address on the requests that write or cost: creating, joining, acting
(over HTTP and sockets alike: the door spends them, :mod:`monolith.server.door`) and asking the
coach.

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
from typing import Literal

from limits import RateLimitItem, parse_many
from limits.storage import MemoryStorage
from limits.strategies import SlidingWindowCounterRateLimiter

from monolith.server.refusals import RateLimited
from monolith.server.settings import Settings

Bucket = Literal["create", "join", "act", "coach"]

_WHAT: dict[Bucket, str] = {
    "create": "matches created",
    "join": "seats joined",
    "act": "moves sent",
    "coach": "questions to the coach",
}


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
            "coach": budgets(settings.rate_limit_coach),
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
                )
        for item in items:
            self.limiter.hit(item, bucket, address)


def _budget(item: RateLimitItem) -> str:
    """``10 per minute``, ``5 per 2 minutes``: a budget as a sentence says it."""
    unit = item.GRANULARITY.name
    period = unit if item.multiples == 1 else f"{item.multiples} {unit}s"
    return f"{item.amount} per {period}"


def address_key(host: str | None) -> str:
    """Whom a request from peer address ``host`` is counted against: the address, IPv6 by /64
    network (``None``: unknown)."""
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
