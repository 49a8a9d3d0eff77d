"""Moves: an action or an undo decided under the match's lock, committed, then applied to the
cache.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from monolith.core import (
    GameError,
    IllegalAction,
    JsonDict,
    MalformedAction,
    state_hash,
)
from monolith.core.i18n import to_json
from monolith.server.live import LiveMatch, LogEntry
from monolith.server.master.base import MasterBase
from monolith.server.refusals import Refused
from monolith.server.storage import (
    ActionAppended,
    ActionRemoved,
    StaleWrite,
    utcnow,
)
from monolith.server.views import (
    forget_log_from,
)

log = logging.getLogger("monolith.server")

_STALE_RETRIES = 5
"""How often a request is decided again after another process changed its match meanwhile."""

T = TypeVar("T")


class MovesPart(MasterBase):
    """The match master's moves: see the module."""

    async def _decided(self, live: LiveMatch, decide: Callable[[], Awaitable[T]]) -> T:
        """Run ``decide`` (checks, then a write) under the match's lock. If another process
        changed the match since this one cached it, the write fails: reload the match and decide
        again on the fresh state, whose checks then refuse what no longer holds."""
        async with live.lock:
            for _ in range(_STALE_RETRIES):
                try:
                    return await decide()
                except StaleWrite:
                    await self._reload(live)
        raise Refused(
            "stale_version",
            f"match {live.id} kept changing while this was decided; look at the fresh state "
            "and decide again",
        )

    async def act(
        self, match_id: str, token: str | None, version: int, action: object, action_id: int | None
    ) -> int:
        """Apply a seat's action on the version it saw; returns the new version once committed."""
        live = await self.get(match_id)

        async def decide() -> int:
            seat = await self._seat_locked(live, token)
            if version > live.version and self.cluster is not None:
                await self._refresh(live)  # it saw a change this process has yet to hear of
            self.check_turn(live, seat, version)
            game = live.game
            try:
                if (action is None) == (action_id is None):
                    raise MalformedAction("send exactly one of 'action' and 'action_id'")
                chosen = (
                    game.action_from_id(action_id)
                    if action_id is not None
                    else game.action_from_json(action)
                )
            except MalformedAction as error:
                raise Refused("malformed", error.reason) from error
            except (ValueError, TypeError, KeyError, IndexError) as error:
                raise Refused("malformed", f"the action cannot be read: {error}") from error
            try:
                after = game.apply(live.state, chosen)
            except IllegalAction as error:
                raise Refused("illegal", error.reason) from error
            except MalformedAction as error:
                raise Refused("malformed", error.reason) from error
            except GameError as error:
                raise Refused("illegal", str(error)) from error
            await self._commit(live, seat, chosen, after, by_bot=False)
            return live.version

        acknowledged = await self._decided(live, decide)
        self._kick_bots(live)
        return acknowledged

    def check_turn(self, live: LiveMatch, seat: int, version: int) -> None:
        """Refuse a request of ``seat`` about ``version`` unless the seat's human decides now
        (an action, or the coach's hint on it)."""
        if live.status == "finished":
            raise Refused("finished", "the match is over; nothing can change any more")
        if live.status != "running":
            raise Refused("not_started", "the match waits for every seat to be joined")
        if version != live.version:
            raise Refused(
                "stale_version",
                f"you asked on version {version} but the match is at version {live.version}; "
                "look at the fresh state and decide again",
            )
        if live.seats[seat].controller != "human":
            raise Refused(
                "not_your_seat",
                f"a bot plays your seat now; take it back first with "
                f"POST /api/matches/{live.id}/seats/{seat}/reclaim",
                {"reason": "taken_over"},
            )
        to_move = live.to_move()
        if to_move != seat:
            params: JsonDict = {"reason": "turn"}
            if to_move is not None:
                params["to_move"] = {"kind": "player", "id": to_move}
            raise Refused(
                "not_your_seat",
                f"it is seat {to_move}'s decision, not yours (seat {seat})",
                params,
            )

    async def _commit(
        self, live: LiveMatch, seat: int, action: Any, after: Any, *, by_bot: bool
    ) -> None:
        """Write the action; once committed, the cache follows. Called under the match's lock."""
        game, before = live.game, live.state
        digest = state_hash(game, after)
        finished = game.is_terminal(after)
        change = ActionAppended(
            match_id=live.id,
            index=len(live.log),
            seat=seat,
            action=game.action_to_json(action),
            by_bot=by_bot,
            state_hash=digest,
            created_at=utcnow(),
            version=live.version + 1,
            status="finished" if finished else live.status,
            final_hash=digest if finished else None,
            sequence=live.sequence + 1,
        )
        lines = tuple(game.narrate(before, action, after))
        await self.writer.write(
            self.repo.append_actions,
            change,
            lambda: self._applied_action(live, change, after, lines, committed_here=True),
        )

    def _applied_action(
        self,
        live: LiveMatch,
        change: ActionAppended,
        after: Any,
        lines: tuple[Any, ...],
        *,
        committed_here: bool = False,
    ) -> None:
        """A committed action, applied to the cache: the state after it and its log lines. The
        finished hooks run only in the process that committed the last action (one review)."""
        live.states.append(after)
        live.log.append(LogEntry(change.index, change.seat, lines, change.by_bot))
        live.status = change.status
        live.sequence = change.sequence
        live.set_version(change.version)
        self._changed(live)
        if committed_here and change.status == "finished":
            for hook in self.on_finished:
                hook(live)

    async def undo(self, match_id: str, token: str | None, version: int) -> int:
        """Take back the asking seat's own last action, if the game says it revealed nothing."""
        live = await self.get(match_id)

        async def decide() -> int:
            seat = await self._seat_locked(live, token)
            if version > live.version and self.cluster is not None:
                await self._refresh(live)
            if live.status == "finished":
                raise Refused("finished", "the match is over; nothing can change any more")
            if version != live.version:
                raise Refused(
                    "stale_version",
                    f"you asked on version {version} but the match is at version {live.version}",
                )
            blocked = live.undo_blocked(seat)
            if blocked is not None:
                args = to_json(blocked.message)["args"]
                raise Refused("cannot_undo", blocked.sentence, args)
            change = ActionRemoved(live.id, len(live.log) - 1, live.version + 1, live.sequence + 1)
            await self.writer.write(
                self.repo.remove_actions, change, lambda: self._applied_undo(live, change)
            )
            return change.version

        undone = await self._decided(live, decide)
        self._kick_bots(live)
        return undone

    def _applied_undo(self, live: LiveMatch, change: ActionRemoved) -> None:
        live.states.pop()
        live.log.pop()
        forget_log_from(live, change.index)
        live.sequence = change.sequence
        live.set_version(change.version)
        self._changed(live)
