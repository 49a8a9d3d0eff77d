"""A fair queue: work waits by priority class, and within a class takes turns by match.

A review hands over hundreds of decisions of one match at once; a bot hands over one decision at a
time. Taking work first-come-first-served would let one match (or one client's matches) hold every
worker; taking turns by match gives each match with work waiting the same share, whatever it
queued. Higher classes go first: a quick bot's answer never waits behind a search.
"""

from __future__ import annotations

from collections import OrderedDict, deque
from collections.abc import Collection
from dataclasses import dataclass
from enum import IntEnum
from typing import Any


class Priority(IntEnum):
    """Who waits for the work, most urgent first."""

    QUICK = 0
    """A cheap bot's move (random, greedy): a player waits for it, and it costs milliseconds."""
    SEARCH = 1
    """A searching bot's move or a hint: a player waits for it, and it costs seconds."""
    BACKGROUND = 2
    """A review's decision: nobody is waiting at the table."""


@dataclass(eq=False)
class Ticket:
    """One piece of work in the queue: what to run, for which match, and who awaits it."""

    priority: Priority
    key: str
    """The match it is for: work takes turns by this."""
    call: Any
    args: tuple[Any, ...]
    future: Any = None
    """The asyncio future its result goes to."""
    attempts: int = 0
    """Times a worker died under it."""
    queued_at: float = 0.0


class FairQueue:
    """Tickets by class, each class taking turns by key (FIFO within a key)."""

    def __init__(self) -> None:
        self._classes: dict[Priority, OrderedDict[str, deque[Ticket]]] = {
            priority: OrderedDict() for priority in Priority
        }
        self._count = 0

    def __len__(self) -> int:
        return self._count

    def push(self, ticket: Ticket, *, front: bool = False) -> None:
        """Queue ``ticket`` behind its key's others (``front``: before everything of its class,
        for work whose worker died under it)."""
        lanes = self._classes[ticket.priority]
        lane = lanes.get(ticket.key)
        if lane is None:
            lane = lanes[ticket.key] = deque()
        if front:
            lanes.move_to_end(ticket.key, last=False)
            lane.appendleft(ticket)
        else:
            lane.append(ticket)
        self._count += 1

    def pop(self, allowed: Collection[Priority]) -> Ticket | None:
        """The next ticket of the most urgent allowed class with work waiting: the first key's
        first, that key then going to the back of its class's turn."""
        for priority in Priority:
            if priority not in allowed:
                continue
            lanes = self._classes[priority]
            if not lanes:
                continue
            key, lane = next(iter(lanes.items()))
            ticket = lane.popleft()
            if lane:
                lanes.move_to_end(key)
            else:
                del lanes[key]
            self._count -= 1
            return ticket
        return None

    def remove(self, ticket: Ticket) -> bool:
        """Take a waiting ticket out (its caller gave up on it); whether it was waiting."""
        lanes = self._classes[ticket.priority]
        lane = lanes.get(ticket.key)
        if lane is None or ticket not in lane:
            return False
        lane.remove(ticket)
        if not lane:
            del lanes[ticket.key]
        self._count -= 1
        return True
