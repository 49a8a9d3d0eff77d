"""Monolyth in the terminal: the drawing of a real position, and scripted choosing."""

from __future__ import annotations

import random
from collections.abc import Iterable
from io import StringIO

import pytest
from rich.console import Console

from monolith.core.companions import companions
from monolith.core.i18n import localizer
from monolith.games import get_game
from monolith.games.monolyth import Monolyth, MonolythState, Place, Swap, TakeProphecy, terminal
from monolith.games.monolyth.geometry import cell_index, cells_of
from monolith.games.monolyth.rules import RING_SPACES, cell_name
from monolith.games.screen import Voice

GAME: Monolyth = get_game("monolyth")  # type: ignore[assignment]


def _mid_game(seed: int = 5, turns: int = 30) -> MonolythState:
    state = GAME.new_game(players=2, seed=seed)
    rng = random.Random(seed)
    for _ in range(turns):
        state = GAME.apply(state, rng.choice(list(GAME.legal_actions(state))))
    return state


def _text(renderable: object, width: int = 160) -> str:
    console = Console(file=StringIO(), width=width, record=True, color_system=None)
    console.print(renderable)
    return console.export_text()


def _script(answers: Iterable[str]) -> tuple[Console, list[str], object]:
    """A console writing to a buffer and a ``read`` that answers from a script."""
    pending = list(answers)
    prompts: list[str] = []
    console = Console(file=StringIO(), width=160, record=True, color_system=None)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        if not pending:
            raise EOFError
        return pending.pop(0)

    return console, prompts, read


def test_terminal_is_monolyths_companion() -> None:
    assert companions(get_game("monolyth")).terminal is terminal


def _voice(lang: str = "en", reader: int | None = 0) -> Voice:
    return Voice(localizer(GAME, lang), ["Ada", "Ben"], reader)


def test_render_draws_ring_tokens_and_every_board() -> None:
    state = _mid_game()
    view = GAME.view(state, 0)
    text = " ".join(_text(terminal.render(view, _voice())).split())
    assert f"turn {state.turn + 1}" in text
    assert "Ring: ◆ →" in text
    words = localizer(GAME, "en")
    for step in range(1, RING_SPACES):
        piece = view["ring"][(view["crystal"] + step) % RING_SPACES]
        if piece is not None:
            shape = words.text(f"shape-{piece['shape']}")
            assert f"{step} {piece['colour']} {shape}" in text
    assert view["structure_card"]["name"] in text
    for seat, board in enumerate(view["boards"]):
        name = ["Ada (you)", "Ben"][seat]
        points = f"{board['score']} point" + ("" if board["score"] == 1 else "s")
        assert f"{name} · board {board['board']} · {points}" in text
    prophecies = " ".join(str(v) for v in view["prophecy_tokens"])
    assert f"prophecy tokens: {prophecies}" in text
    assert "seat" not in text and "SCREW" not in text  # no engine words on the screen


def test_render_speaks_russian() -> None:
    view = GAME.view(_mid_game(), 1)
    text = _text(terminal.render(view, _voice("ru", 1)))
    assert "ход" in text and "уровень 1" in text and "Ben (вы)" in text
    assert "синий" in text or "оранжевый" in text


def test_level_grid_puts_each_cube_in_its_cell_with_its_colour_letter() -> None:
    view = GAME.view(_mid_game(), 0)
    for board in view["boards"]:
        for level in range(view["height"]):
            rows = terminal.level_grid(board, level, voice=_voice()).plain.splitlines()[3:7]
            cells = {
                (c["cell"][0], c["cell"][1]): c["colour"]
                for c in board["cubes"]
                if c["cell"][2] == level
            }
            for y, row in enumerate(rows):
                assert row.startswith(f"{y + 1} ▐")
                drawn = row[3:11]
                for x in range(4):
                    expected = terminal.COLOURS[cells[(x, y)]][0] if (x, y) in cells else "·"
                    assert drawn[2 * x] == expected, (level, x, y)


def test_prophecy_line_counts_the_wall_colour() -> None:
    state = _mid_game()
    view = GAME.view(state, 0)
    board = view["boards"][0]
    line = terminal.prophecy_line(board, _voice()).plain
    for side, in_wall in (("north", (1, 0)), ("east", (0, 3))):
        axis, line_at = in_wall
        colour = board["edges"][side]
        have = len(
            [c for c in board["cubes"] if c["colour"] == colour and c["cell"][axis] == line_at]
        )
        prophecy = board["prophecies"].get(side)
        shown = f"{have}/{prophecy['value']}" if prophecy else f"{have}/–"
        assert f"{side[0].upper()} {colour} {shown}" in line


def test_breakdown_tells_every_token_and_prophecy_and_the_solo_rating() -> None:
    state = GAME.new_game(players=1, seed=3)
    rng = random.Random(1)
    while not GAME.is_terminal(state):
        actions = list(GAME.legal_actions(state))
        prophecies = [a for a in actions if isinstance(a, TakeProphecy)]
        state = GAME.apply(state, rng.choice(prophecies or actions))
    view = GAME.view(state, None)
    board = view["boards"][0]
    assert board["prophecies"], "the game should have taken prophecies"
    text = " ".join(_text(terminal.breakdown([view], _voice(reader=None))).split())
    assert f"Ada: {board['score']} points" in text
    for level in range(view["height"]):
        token = board["level_tokens"][level] if level < len(board["level_tokens"]) else 0
        if token:
            assert f"level {level + 1}: token {token}" in text
        elif board["levels_done"] >> level & 1:
            assert f"level {level + 1}: completed, no token was left" in text
        else:
            assert f"level {level + 1}: not completed" in text
    for side, prophecy in board["prophecies"].items():
        colour = board["edges"][side]
        head = f"prophecy {side} ({colour}): {prophecy['count']} cubes, {prophecy['value']} needed"
        verdict = f"fulfilled: +{prophecy['value']}" if prophecy["fulfilled"] else "not fulfilled"
        assert f"{head}, {verdict}" in text
    structure = board["structure_token"]
    assert (f"structure token: {structure}" if structure else "no structure token") in text
    assert f"Ada scored {board['score']} point" in text
    assert f": {GAME.solo_rating(state)}" in text
    # the parts add up to the score
    fulfilled = sum(p["value"] for p in board["prophecies"].values() if p["fulfilled"])
    assert structure + sum(board["level_tokens"]) + fulfilled == board["score"]


def _first_step_with_placements(state: MonolythState) -> int:
    for step in range(1, 5):
        if GAME.legal_placements(state, step):
            return step
    raise AssertionError("no placements in this position")


def test_choose_by_typing_every_cell_of_a_placement() -> None:
    state = _mid_game()
    step = _first_step_with_placements(state)
    wanted = GAME.legal_placements(state, step)[-1]
    typed = " ".join(cell_name(c) for c in cells_of(wanted))
    console, _, read = _script([str(step), typed, "y"])
    action = terminal.choose(console, GAME, state, read=read)  # type: ignore[arg-type]
    assert action == Place(step, wanted)
    # the preview drew exactly the placement's cells before the confirmation
    assert console.export_text().count("▒▒") == wanted.bit_count()


def test_choose_by_number_after_narrowing_by_a_column_and_row() -> None:
    state = GAME.new_game(players=2, seed=8)
    step = _first_step_with_placements(state)
    listed = sorted(
        (m for m in GAME.legal_placements(state, step) if m & (1 << cell_index(0, 0, 0))),
        key=lambda m: [cell_index(*c) for c in cells_of(m)],
    )
    assert len(listed) >= 2
    console, _, read = _script([str(step), "a1", "2", "y"])
    action = terminal.choose(console, GAME, state, read=read)  # type: ignore[arg-type]
    assert action == Place(step, listed[1])


def test_choose_declined_preview_and_back_lead_to_a_prophecy() -> None:
    state = GAME.new_game(players=2, seed=8)
    step = _first_step_with_placements(state)
    console, prompts, read = _script([str(step), "1", "n", "b", "p", "e", "9"])
    action = terminal.choose(console, GAME, state, read=read)  # type: ignore[arg-type]
    assert action == TakeProphecy(1, 9)
    east = GAME.content.colours[state.boards[state.current].edges[1]]
    assert f"east: 0 {east} cubes in the wall now" in console.export_text()
    assert sum("Place it here" in p for p in prompts) == 1
    assert sum(p.startswith("Choose (") for p in prompts) == 2


def test_choose_a_swap_for_a_single_cube() -> None:
    state = GAME.new_game(players=2, seed=8)
    swaps = [a for a in GAME.legal_actions(state) if isinstance(a, Swap)]
    assert swaps
    target = swaps[0]
    console, _, read = _script(["s", str(target.step), "c2^1", "y"])
    action = terminal.choose(console, GAME, state, read=read)  # type: ignore[arg-type]
    assert action == Swap(target.step, cell_index(2, 1, 0))


def test_choose_rejects_bad_input_and_quits_on_q() -> None:
    state = GAME.new_game(players=2, seed=8)
    step = _first_step_with_placements(state)
    console, _, read = _script(["9", str(step), "z9", "999", "q"])
    with pytest.raises(EOFError):
        terminal.choose(console, GAME, state, read=read)  # type: ignore[arg-type]
    out = console.export_text()
    assert "Choose one of" in out
    assert "Cells are written like b3^1" in out
    assert "Choose 1–" in out


def test_parse_cells_reads_the_players_notation() -> None:
    assert terminal.parse_cells("b3^1 c3") == [(1, 2, 0), (2, 2, None)]
    assert terminal.parse_cells("a1^4,d4^2") == [(0, 0, 3), (3, 3, 1)]
    assert terminal.parse_cells("e1") is None
    assert terminal.parse_cells("") is None
