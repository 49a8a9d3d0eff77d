"""The coach's reasons: what its choice does that the decision played does not, in game terms,
each checked on a fixed position against what actually changed between the two branches."""

from __future__ import annotations

import msgspec
import pytest

from monolith.bots.reasons import consequence
from monolith.core.i18n import Message, Ref, localizer, seat_names
from monolith.games.monolyth import GAME as MONOLYTH
from monolith.games.monolyth import MonolythState
from monolith.games.monolyth.rules import Swap, TakeProphecy

from .monolyth.helpers import COLOURS, fresh, level, turn_to, with_cubes, with_ring


def cell(x: int, y: int, z: int) -> int:
    return x + 4 * y + 16 * z


def said(game: object, message: Message | None, lang: str = "en", reader: int = 0) -> str:
    assert message is not None
    words = localizer(game, lang)
    return words.format(message, reader=reader, names=seat_names(words, 2))


def with_prophecy(state: MonolythState, seat: int, side: int, value: int) -> MonolythState:
    board = state.boards[seat]
    prophecies = list(board.prophecies)
    prophecies[side] = value
    board = msgspec.structs.replace(board, prophecies=tuple(prophecies))
    boards = (*state.boards[:seat], board, *state.boards[seat + 1 :])
    return msgspec.structs.replace(state, boards=boards)


def north_position(value: int, cubes: int) -> tuple[MonolythState, str]:
    """Seat 0 to play, a north prophecy of ``value`` with ``cubes`` of its colour in the north
    wall, and a piece of that colour one step from the crystal (its single cube may go anywhere)."""
    state = turn_to(fresh(2, seed=1), 0)
    colour = COLOURS[state.boards[0].edges[0]]
    state = with_ring(state, {1: (colour, "I2"), 2: (COLOURS[0], "I3")})
    state = with_cubes(state, 0, [(x, 0, 0) for x in range(cubes)], colour)
    return with_prophecy(state, 0, 0, value), colour


def test_a_prophecy_the_coachs_choice_fulfils_is_named_with_its_points() -> None:
    state, _ = north_position(value=3, cubes=2)
    into_the_wall = Swap(step=1, cell=cell(2, 0, 0))  # the third cube of the north wall
    elsewhere = Swap(step=1, cell=cell(1, 2, 0))  # in no wall
    played = MONOLYTH.apply(state, elsewhere)
    preferred = MONOLYTH.apply(state, into_the_wall)
    assert MONOLYTH.fulfilled(preferred, 0)[0] and not MONOLYTH.fulfilled(played, 0)[0]
    reason = consequence(MONOLYTH, state, elsewhere, into_the_wall)
    assert reason is not None and reason.id == "mono-why-prophecy"
    assert reason.args == {"side": Ref("side", "north"), "value": 3}
    assert said(MONOLYTH, reason) == "fulfils your north prophecy: +3"
    assert said(MONOLYTH, reason, "ru") == "выполняет ваше пророчество на северную сторону: +3"
    assert said(MONOLYTH, reason, "es") == "cumple tu profecía del lado norte: +3"
    # the other way round the coach's choice does nothing of the kind: no reason to give
    assert consequence(MONOLYTH, state, into_the_wall, into_the_wall) is None


def test_cubes_toward_a_prophecy_not_yet_fulfilled_are_counted() -> None:
    state, _ = north_position(value=6, cubes=2)
    into_the_wall = Swap(step=1, cell=cell(3, 0, 0))
    elsewhere = Swap(step=1, cell=cell(1, 2, 0))
    reason = consequence(MONOLYTH, state, elsewhere, into_the_wall)
    assert said(MONOLYTH, reason) == "one more cube toward your north prophecy (3 of 6)"


def test_a_level_completed_names_its_token_and_how_short_the_move_played_left_it() -> None:
    state = turn_to(fresh(2, seed=1), 0)
    colour = COLOURS[1]
    state = with_ring(state, {1: (colour, "I2"), 2: (COLOURS[0], "I3")})
    state = with_cubes(state, 0, level(0, skip=[(3, 3)]), COLOURS[4])  # level 1 lacks a cube
    completes = Swap(step=1, cell=cell(3, 3, 0))
    prophecy = TakeProphecy(side=2, value=state.prophecy_tokens[0])
    reason = consequence(MONOLYTH, state, prophecy, completes)
    token = state.level_stacks[0][0]
    assert reason is not None and reason.id == "mono-why-level"
    assert reason.args == {"level": 1, "token": token, "short": 1}
    assert said(MONOLYTH, reason) == (
        f"completes your level 1: +{token}; your move leaves it one cube short"
    )
    # taking the prophecy is what the coach's choice lacks when the roles are swapped
    back = consequence(MONOLYTH, state, completes, prophecy)
    assert back is not None and back.id == "mono-why-take-prophecy"
    assert back.args["side"] == Ref("side", "south")


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_every_reason_reads_in_every_language(lang: str) -> None:
    words = localizer(MONOLYTH, lang)
    for message_id in (
        "mono-why-prophecy", "mono-why-take-prophecy", "mono-why-wall", "mono-why-level",
        "mono-why-structure", "mono-why-points",
    ):  # fmt: skip
        assert words.has(message_id), (lang, message_id)
