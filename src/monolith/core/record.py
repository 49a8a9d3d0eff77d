"""Match records and replay: setup plus action log reproduces the game, checked by a hash."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from typing import Any, cast

import msgspec

from monolith.core.errors import ReplayMismatch
from monolith.core.game import AnyGame, JsonDict, LegalIds, conforms


def state_hash(game: AnyGame, state: Any) -> str:
    """A SHA-256 of the state's canonical JSON: equal states, equal hashes."""
    encoded = msgspec.json.encode(game.state_to_json(state), order="sorted")
    return hashlib.sha256(encoded).hexdigest()


class MatchRecord(msgspec.Struct, frozen=True):
    """Everything needed to replay a game: its setup and its actions in order."""

    game: str
    players: int
    seed: int
    options: dict[str, Any] = {}
    actions: list[JsonDict] = []
    final_hash: str | None = None
    humans: list[int] | None = None
    """The seats people played (``None``: not recorded), so a review knows whose decisions to
    judge."""


def legal_action_ids(game: AnyGame, state: Any) -> list[int]:
    """The current player's legal actions as integer ids, in the order of ``legal_actions``: the
    game's own :class:`LegalIds` when it has it."""
    if conforms(game, LegalIds):
        return cast(LegalIds[Any], game).legal_ids(state)
    return [game.action_to_id(action) for action in game.legal_actions(state)]


def replayed_step(
    game: AnyGame, state: Any, data: Any, expected_hash: str | None = None
) -> tuple[Any, Any]:
    """The one replay-and-check step every logged action takes (a record replayed, a stored
    match loaded, another server process's move followed): the action read from its JSON, the
    state after it, and that state checked against the hash logged with it, if any. A game
    error (the action no longer reads or is no longer legal) propagates as it is;
    :class:`ReplayMismatch` if the state differs from the logged one."""
    action = game.action_from_json(data)
    after = game.apply(state, action)
    if expected_hash is not None:
        got = state_hash(game, after)
        if got != expected_hash:
            raise ReplayMismatch(
                f"the action leads to state {got[:12]}, the log says {expected_hash[:12]}"
            )
    return action, after


def replay(
    game: AnyGame, record: MatchRecord, *, on_state: Callable[[Any], None] | None = None
) -> Any:
    """The final state of a recorded match; :class:`ReplayMismatch` if the hash differs."""
    state = game.new_game(players=record.players, seed=record.seed, options=record.options)
    if on_state is not None:
        on_state(state)
    last = len(record.actions) - 1
    for index, data in enumerate(record.actions):
        expected = record.final_hash if index == last else None
        state = replayed_step(game, state, data, expected)[1]
        if on_state is not None:
            on_state(state)
    if not record.actions and record.final_hash is not None:
        got = state_hash(game, state)
        if got != record.final_hash:
            raise ReplayMismatch(
                f"replay ended in state {got[:12]}, record says {record.final_hash[:12]}"
            )
    return state


def record_of(
    game: AnyGame,
    *,
    players: int,
    seed: int,
    options: Mapping[str, Any] | None,
    actions: Iterable[Any],
    final_state: Any,
    humans: Iterable[int] | None = None,
) -> MatchRecord:
    """A record of a game played from this setup through these actions (by people in the
    ``humans`` seats, when known)."""
    return MatchRecord(
        game=game.info.name,
        players=players,
        seed=seed,
        options=dict(options or {}),
        actions=[game.action_to_json(action) for action in actions],
        final_hash=state_hash(game, final_state),
        humans=sorted(humans) if humans is not None else None,
    )
