"""A running match in memory: a cache of what the database holds, rebuilt from it on demand."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from monolith.core import AnyGame
from monolith.core.i18n import Line, Message, msg, player


@dataclass(frozen=True)
class UndoBlocked:
    """Why a seat cannot take back the last action: a message for its page (``undo-blocked``,
    selecting on ``reason``) and the same in English for the refusal."""

    reason: str
    sentence: str
    last: int | None = None
    """The seat whose action is the last one, when that is the reason."""
    now: int | None = None
    """The other person whose decision it is now, when that is the reason."""

    @property
    def message(self) -> Message:
        args: dict[str, Any] = {"reason": self.reason}
        if self.last is not None:
            args["last"] = player(self.last)
        if self.now is not None:
            args["now"] = player(self.now)
        return msg("undo-blocked", **args)


@dataclass
class Seat:
    """One seat: created human or bot; a human seat can later be taken over by a bot."""

    seat: int
    kind: str
    bot: str | None = None
    level: str | None = None
    name: str | None = None
    token_hash: str | None = None
    taken_over: bool = False
    takeover_reason: str | None = None
    """Why a bot plays this human's seat: ``timeout``, ``left`` (or ``unknown`` from before the
    reason was kept); ``None`` while its human plays it."""

    @property
    def controller(self) -> str:
        """Who decides for the seat now: ``human`` or ``bot``."""
        return "bot" if self.kind == "bot" or self.taken_over else "human"

    @property
    def ready(self) -> bool:
        """Whether the match need not wait for this seat to be joined."""
        return self.kind == "bot" or self.taken_over or self.token_hash is not None


@dataclass(frozen=True)
class LogEntry:
    """One accepted action and the game's log lines for it (``game.narrate``), each line with the
    readers the game allows."""

    index: int
    seat: int
    lines: tuple[Line, ...]
    by_bot: bool


@dataclass(eq=False)
class StateCache:
    """What a match's state payloads are made of, encoded once and shared (see
    :mod:`monolith.server.views`): pieces that hold for one version of the state, whole
    messages that hold until anything in them changes, and log entries per reader."""

    version: int = -1
    """The version ``views`` and ``legal`` were built for."""
    views: dict[int | None, bytes] = field(default_factory=dict)
    legal: dict[str, tuple[bytes, bytes]] = field(default_factory=dict)
    """The legal actions of the seat to move, and their labels apart if indexed, by the form
    they travel in (``views.LegalForm``)."""
    key: tuple[int, int] = (-1, -1)
    """The (revision, presence) ``heads`` and ``messages`` were built for."""
    heads: dict[tuple[int | None, str], bytes] = field(default_factory=dict)
    """Each reader's state without its log, by (reader, form of the legal actions)."""
    messages: dict[tuple[bool, int | None, int, str], bytes] = field(default_factory=dict)
    """Encoded states by (for the socket, reader, first log entry sent, form of the legal
    actions)."""
    entries: dict[int | None, list[bytes]] = field(default_factory=dict)
    """Each reader's encoded log entries, in log order."""


@dataclass(eq=False)
class LiveMatch:
    """A match's setup, seats and every state along its log (``states[i]``: after i actions)."""

    id: str
    game: AnyGame
    players: int
    options: dict[str, object]
    seed: int
    """Secret: it fixes every future draw. Never leaves the server."""
    status: str
    version: int
    turn_clock_seconds: int | None
    created_at: datetime
    seats: list[Seat]
    states: list[Any]
    intro: tuple[Line, ...] = ()
    """The game's opening lines for the setup (``game.introduce``)."""
    log: list[LogEntry] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    deadline: datetime | None = None
    """When the turn clock runs out for the seat to move, if the match has a clock."""
    turn_deadlines: dict[tuple[int, int], datetime] = field(default_factory=dict)
    """Each recent turn's deadline by (seat, index of the turn's first action): acting and taking
    it back within a turn, or ending the turn and taking that back, finds the same deadline."""
    bot_task: asyncio.Task[None] | None = None
    clock_task: asyncio.Task[None] | None = None
    revision: int = 0
    """Counts every change a state payload shows (actions, undos, seats, status, clock), unlike
    ``version`` also those no decision can be stale against (a join, a takeover)."""
    presence: int = 0
    """Counts changes of which seats have a socket open (the ``connected`` flags)."""
    version_waiters: list[asyncio.Future[None]] = field(default_factory=list)
    """Requests waiting for a newer version than this process holds (``min_version``)."""
    base_version: int = 0
    """The version the match was loaded or created at; ``log_lengths`` starts there."""
    log_lengths: list[int] = field(default_factory=list)
    """The log's length at each version from ``base_version`` on: what a client that saw version
    v still holds of the log now is the shortest length since v (an undo pops the last entry)."""
    cache: StateCache = field(default_factory=StateCache)
    hints: bool = False
    """Whether its players may ask the coach for hints (fixed when the match is created)."""
    sequence: int = 0
    """The stored change count this cache reflects (``matches.sequence``): a write is decided on
    it, and a notice from another process applies only on top of the count just before its own."""

    @property
    def state(self) -> Any:
        return self.states[-1]

    def __post_init__(self) -> None:
        if not self.log_lengths:
            self.base_version = self.version
            self.log_lengths.append(len(self.log))

    def set_version(self, version: int) -> None:
        """Move to ``version`` (one more than now) and remember the log's length at it."""
        self.version = version
        self.log_lengths.append(len(self.log))

    def kept_log(self, since: int | None) -> int:
        """How many log entries a client that saw version ``since`` holds unchanged; 0 when the
        server cannot tell (no version given, one from before the match was loaded, or one
        it never had)."""
        if since is None or not self.base_version <= since <= self.version:
            return 0
        return min(self.log_lengths[since - self.base_version :])

    def to_move(self) -> int | None:
        """The seat whose decision it is (``None`` once the game is over)."""
        return self.game.current_player(self.state)

    def turn_start(self) -> int:
        """Where the current turn began: the log index after the last action of another seat
        than the one to move (a turn is the run of one seat's decisions in a row)."""
        seat = self.to_move()
        start = len(self.log)
        while start > 0 and self.log[start - 1].seat == seat:
            start -= 1
        return start

    def abandoned(self, created_before: datetime) -> bool:
        """Open, created before ``created_before``, and no human seat joined yet."""
        return (
            self.status == "open"
            and self.created_at < created_before
            and not any(s.ready for s in self.seats if s.kind == "human")
        )

    def undo_blocked(self, seat: int | None) -> UndoBlocked | None:
        """Why ``seat`` cannot take back the last action now, or ``None`` if it can."""
        if seat is None:
            return UndoBlocked("spectator", "spectators cannot undo")
        if self.status == "finished":
            return UndoBlocked("finished", "the match is finished")
        if self.seats[seat].controller != "human":
            return UndoBlocked("taken_over", "a bot plays your seat; take it back first")
        if not self.log:
            return UndoBlocked("nothing", "no action has been taken yet")
        last = self.log[-1]
        if last.seat != seat:
            return UndoBlocked(
                "not_yours",
                "only your own action can be taken back, while it is the last one",
                last=last.seat,
            )
        if last.by_bot:
            return UndoBlocked("by_bot", "a bot took that action for you; it stands")
        if not self.game.undoable(self.states[-2], self.states[-1]):
            return UndoBlocked(
                "revealed", "that action revealed something hidden or random, so it stands"
            )
        now = self.to_move()
        if now is not None and now != seat and self.seats[now].controller == "human":
            # Taking it back would silently take the turn from the person now deciding.
            return UndoBlocked(
                "passed", "the turn has passed to another player; your action stands", now=now
            )
        return None
