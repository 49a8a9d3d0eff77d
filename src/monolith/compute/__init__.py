"""Bot decisions, hints and reviews as a bounded service: a fair queue in front of worker
processes on this machine, or of a Ray cluster (see :mod:`monolith.compute.service`)."""

from monolith.compute.queue import FairQueue, Priority, Ticket
from monolith.compute.service import (
    CHEAP_BOTS,
    Compute,
    ProcessSlot,
    RaySlot,
    WorkerLost,
    local_slots,
    priority_of,
    start_compute,
)
from monolith.compute.work import bot_decision

__all__ = [
    "CHEAP_BOTS",
    "Compute",
    "FairQueue",
    "Priority",
    "ProcessSlot",
    "RaySlot",
    "Ticket",
    "WorkerLost",
    "bot_decision",
    "local_slots",
    "priority_of",
    "start_compute",
]
