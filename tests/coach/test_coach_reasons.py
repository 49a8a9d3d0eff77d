"""The coach's reasons: what its choice does that the decision played does not, in game terms,
each checked on a fixed position against what actually changed between the two branches."""

from __future__ import annotations

import msgspec
import pytest

from monolith.bots.reasons import consequence, consequence_in_view, play_on
from monolith.core.companions import AGAINST_NEXT
from monolith.core.i18n import Arg, Message, Ref, localizer, seat_names
from monolith.games.monolyth import GAME as MONOLYTH
from monolith.games.monolyth import MonolythState
from monolith.games.monolyth.rules import Swap, TakeProphecy
from monolith.games.the_monolith import GAME as THE_MONOLITH
from monolith.games.the_monolith.rules import Action, Work
from monolith.games.the_monolith.rules import State as TmState
from tests.games.monolyth.helpers import COLOURS, fresh, level, turn_to, with_cubes, with_ring
from tests.games.the_monolith.helpers import SP, action_turn, legal, random_game, scene


def cell(x: int, y: int, z: int) -> int:
    return x + 4 * y + 16 * z


def said(game: object, message: Message | None, lang: str = "en", reader: int = 0) -> str:
    assert message is not None
    words = localizer(game, lang)
    return words.format(message, reader=reader, names=seat_names(words, 3))


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
    assert reason is not None and reason.id == "mono-reason-prophecy"
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
    assert reason is not None and reason.id == "mono-reason-level"
    assert reason.args == {"level": 1, "token": token, "short": 1, "against": "played"}
    assert said(MONOLYTH, reason) == (
        f"completes your level 1: +{token}; your move leaves it one cube short"
    )
    # a hint weighs its first choice against its next one, and its reason says so
    view = MONOLYTH.view(state, 0)
    hinted = consequence_in_view(MONOLYTH, view, 0, prophecy, completes, against=AGAINST_NEXT)
    assert hinted is not None and hinted.args == {**reason.args, "against": "next"}
    # taking the prophecy is what the coach's choice lacks when the roles are swapped
    back = consequence(MONOLYTH, state, completes, prophecy)
    assert back is not None and back.id == "mono-reason-take-prophecy"
    assert back.args["side"] == Ref("side", "south")


def test_a_solo_branch_ends_with_the_decision_its_turn() -> None:
    state = fresh(1, seed=3)
    for action in list(MONOLYTH.legal_actions(state))[:5]:
        after = play_on(MONOLYTH, state, 0, action, 0)
        assert after == MONOLYTH.apply(state, action)  # the next turn is not played on


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_every_reason_reads_in_every_language(lang: str) -> None:
    words = localizer(MONOLYTH, lang)
    for reason in ("prophecy", "take-prophecy", "wall", "level", "structure", "points", "cubes"):
        message_id = f"mono-reason-{reason}"
        assert words.has(message_id), (lang, message_id)


# The Monolith ------------------------------------------------------------------------------------


def monolith_turn(units: dict[tuple[int, str], int], zones: tuple[int, int, int]) -> TmState:
    """Seat 0's one action of the action phase, with these warriors and hearts."""
    return action_turn(scene(3, units=units), 0, zones, actions=1)


def labelled(state: TmState, words: str) -> Action:
    """The legal action whose English menu entry is ``words``."""
    loc = localizer(THE_MONOLITH, "en")
    names = seat_names(loc, state.players)
    for action in legal(state):
        if loc.format(THE_MONOLITH.label(state, action), reader=0, names=names) == words:
            return action
    raise AssertionError(f"no action {words!r}")


def branches(state: TmState, chosen: Action, best: Action) -> tuple[TmState, TmState]:
    """The two branches as the reason plays them: each decision, then the rest of the turn."""
    sample = THE_MONOLITH.determinize(THE_MONOLITH.view(state, 0), 0)
    return play_on(THE_MONOLITH, sample, 0, chosen, 0), play_on(THE_MONOLITH, sample, 0, best, 0)


def controls(state: TmState, space: str) -> bool:
    return Work.reader(state, THE_MONOLITH.content).controls(0, SP[space])


def test_a_space_the_coachs_choice_takes_is_named() -> None:
    state = monolith_turn({(0, "ink-orchard"): 3, (1, "eastmarch"): 1}, zones=(0, 1, 0))
    move = labelled(state, "Maneuver a warrior from Ink Orchard to Hollow Ford")
    relent = labelled(state, "Relent: return your hearts on the action board and end your actions")
    reason = consequence(THE_MONOLITH, state, relent, move)
    assert reason is not None and reason.id == "tm-reason-take-control"
    assert reason.args == {"space": Ref("space", "hollow-ford")}
    played, preferred = branches(state, relent, move)
    assert controls(preferred, "hollow-ford") and not controls(played, "hollow-ford")
    assert not controls(state, "hollow-ford")
    assert said(THE_MONOLITH, reason) == "takes control of Hollow Ford"
    assert said(THE_MONOLITH, reason, "ru") == "берёт под контроль область «Пустой брод»"


def test_a_space_the_move_played_gives_up_is_named() -> None:
    state = monolith_turn({(0, "ink-orchard"): 1, (1, "eastmarch"): 1}, zones=(0, 1, 0))
    move = labelled(state, "Maneuver a warrior from Ink Orchard to Hollow Ford")
    relent = labelled(state, "Relent: return your hearts on the action board and end your actions")
    reason = consequence(THE_MONOLITH, state, move, relent)
    played, preferred = branches(state, move, relent)
    assert controls(state, "ink-orchard") and controls(preferred, "ink-orchard")
    assert not controls(played, "ink-orchard")
    assert reason is not None and reason.id == "tm-reason-keep-control"
    assert said(THE_MONOLITH, reason) == "keeps control of Ink Orchard, which your move gives up"


def test_favor_outweighs_the_rest_and_is_the_difference_between_the_branches() -> None:
    state = monolith_turn(
        {(0, "ink-orchard"): 2, (1, "ink-orchard"): 2, (0, "eastmarch"): 1}, zones=(2, 0, 0)
    )
    slay = labelled(state, "Slay a warrior of Player 2 in Ink Orchard")
    relent = labelled(state, "Relent: return your hearts on the action board and end your actions")
    reason = consequence(THE_MONOLITH, state, relent, slay)
    played, preferred = branches(state, relent, slay)
    gained = preferred.favor[0] - played.favor[0]
    assert gained > 0
    assert reason == Message("tm-reason-favor", {"favor": gained})
    assert said(THE_MONOLITH, reason, "es") == f"gana {gained} de favor más"


@pytest.mark.parametrize("lang", ["en", "es", "ru"])
def test_every_monolith_reason_reads_in_every_language(lang: str) -> None:
    words = localizer(THE_MONOLITH, lang)
    args: dict[str, dict[str, Arg]] = {
        "tm-reason-favor": {"favor": 3},
        "tm-reason-keep-control": {"space": Ref("space", "ink-orchard"), "against": "played"},
        "tm-reason-take-control": {"space": Ref("space", "ink-orchard")},
        "tm-reason-slay": {"count": 2},
        "tm-reason-hearts": {"hearts": 2, "to": "tower", "away": "slay"},
        "tm-reason-warriors": {"count": 1},
    }
    for message_id, values in args.items():
        text = words.format(Message(message_id, values), reader=0, names=seat_names(words, 3))
        assert text and "{" not in text, (lang, message_id, text)


def test_a_monolith_branch_ends_with_the_phase_even_when_the_same_seat_goes_on() -> None:
    found = 0
    for seed in (1, 2, 3):
        states, actions = random_game(3, seed)
        for before, action, after in zip(states, actions, states[1:], strict=False):
            seat = THE_MONOLITH.current_player(before)
            if seat is None or THE_MONOLITH.current_player(after) != seat:
                continue
            if (before.day, before.phase) != (after.day, after.phase):
                assert play_on(THE_MONOLITH, before, seat, action, 0) == after
                found += 1
    assert found  # a commit that opened the action phase with the committing seat, say
