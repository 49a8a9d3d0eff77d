"""Monolyth in a terminal: the table drawn with Rich, and a way for a person to choose a move.

``render(view)`` draws from the JSON view alone, so it shows exactly what the player may see.
``choose(console, game, state)`` walks a person from the ring step to one placement: narrow the
placements by typing cells in the notation of :func:`~monolith.games.monolyth.rules.cell_name`
(``b3^1``: column b, row 3, level 1), look at a preview on the board, then confirm. Input comes
through ``read`` so tests can script it; ``q`` ends input like end-of-file does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from rich.columns import Columns
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from monolith.core import JsonDict
from monolith.games.monolyth.game import Monolyth
from monolith.games.monolyth.geometry import cell_index, cells_of, wall_mask
from monolith.games.monolyth.rules import (
    EMPTY,
    MAX_STEP,
    RING_SPACES,
    SIDES,
    Action,
    MonolythState,
    Pass,
    Place,
    Swap,
    TakeProphecy,
    cell_name,
)

Read = Callable[[str], str]

# Colour name -> (letter, tile style, text style). Black is drawn in grey so it shows on dark
# terminals; every tile also carries its colour's letter so the board reads without colour.
COLOURS: dict[str, tuple[str, str, str]] = {
    "blue": ("B", "bold bright_white on blue", "bold blue"),
    "orange": ("O", "bold black on dark_orange", "bold dark_orange"),
    "black": ("K", "bold bright_white on grey35", "bold grey58"),
    "teal": ("T", "bold black on dark_cyan", "bold dark_cyan"),
    "white": ("W", "bold black on grey93", "bold grey93"),
}
_UNKNOWN = ("?", "reverse", "bold")
EMPTY_CELL = Text("· ", style="dim")
CRYSTAL = "◆"
PAGE = 15
"""Placements listed at once; more are reached by narrowing with cells or typing ``a``."""

_CELL = re.compile(r"^([a-d])([1-4])(?:\^([1-4]))?$")


def _colour(name: str) -> tuple[str, str, str]:
    return COLOURS.get(name, _UNKNOWN)


def tile(colour: str) -> Text:
    """One filled cell: the colour's letter on the colour."""
    letter, style, _ = _colour(colour)
    return Text(f"{letter} ", style=style)


def swatch(colour: str, label: str) -> Text:
    """A label in a piece's colour, for the ring and for tokens."""
    return Text(label, style=_colour(colour)[1])


def _wall_cells(side: int, x: int, y: int) -> bool:
    return (y == 0, x == 3, y == 3, x == 0)[side]


def wall_count(board: JsonDict, side: int) -> int:
    """Cubes of the side's edge colour standing in that side's wall (what a prophecy counts)."""
    colour = board["edges"][SIDES[side]]
    return sum(
        1
        for cube in board["cubes"]
        if cube["colour"] == colour and _wall_cells(side, cube["cell"][0], cube["cell"][1])
    )


def level_grid(
    board: JsonDict,
    level: int,
    *,
    preview: Iterable[Sequence[int]] = (),
    preview_colour: str = "",
) -> Text:
    """One level as a 4x4 grid, framed by the board's edge colours (north on top).

    Cells in ``preview`` are drawn as ``▒▒`` in ``preview_colour``: the placement being chosen.
    """
    cells: dict[tuple[int, int], str] = {
        (c["cell"][0], c["cell"][1]): c["colour"] for c in board["cubes"] if c["cell"][2] == level
    }
    shown = {(x, y) for x, y, z in preview if z == level}
    edges = board["edges"]
    text = Text()
    text.append(f"   level {level + 1}\n", style="bold")
    text.append("   a b c d\n", style="dim")
    text.append("   " + "▄" * 8 + "\n", style=_colour(edges["north"])[2])
    for y in range(4):
        text.append(f"{y + 1} ", style="dim")
        text.append("▐", style=_colour(edges["west"])[2])
        for x in range(4):
            if (x, y) in shown:
                text.append("▒▒", style=_colour(preview_colour)[2])
            elif (x, y) in cells:
                text.append_text(tile(cells[(x, y)]))
            else:
                text.append_text(EMPTY_CELL)
        text.append("▌\n", style=_colour(edges["east"])[2])
    text.append("   " + "▀" * 8, style=_colour(edges["south"])[2])
    return text


def prophecy_line(board: JsonDict) -> Text:
    """Each side: its edge colour, the cubes of it in the wall, and its prophecy if any."""
    text = Text()
    for side, name in enumerate(SIDES):
        colour = board["edges"][name]
        have = wall_count(board, side)
        text.append(f"{name[0].upper()} ")
        text.append_text(swatch(colour, colour))
        prophecy = board["prophecies"].get(name)
        if prophecy:
            mark = " ✓" if prophecy["fulfilled"] else ""
            text.append(f" {have}/{prophecy['value']}{mark}", style="bold")
        else:
            text.append(f" {have} (open)", style="dim")
        text.append("   ")
    return text


def board_panel(
    view: JsonDict,
    seat: int,
    *,
    preview: Iterable[Sequence[int]] = (),
    preview_colour: str = "",
) -> Panel:
    """One player's monolith: every level side by side, prophecies and tokens below."""
    board = view["boards"][seat]
    preview = list(preview)
    grids = Table.grid(padding=(0, 3))
    for _ in range(view["height"]):
        grids.add_column()
    grids.add_row(
        *(
            level_grid(board, level, preview=preview, preview_colour=preview_colour)
            for level in range(view["height"])
        )
    )
    tokens = Text("level tokens: ")
    tokens.append(" ".join(str(t) for t in board["level_tokens"]) or "none", style="bold")
    tokens.append("   structure token: ")
    tokens.append(str(board["structure_token"] or "none"), style="bold")
    title = f"seat {seat} · board {board['board']} · {board['score']} points"
    if view.get("current_player") == seat:
        title = f"▶ {title}"
    if view.get("you") == seat:
        title += " (you)"
    return Panel(
        Group(grids, prophecy_line(board), tokens), title=title, title_align="left", expand=False
    )


def ring_columns(view: JsonDict) -> Columns:
    """The ring clockwise from the crystal; the four pieces it can reach come first, in bold."""
    items: list[Text] = [Text(f"ring: {CRYSTAL} crystal", style="bold")]
    for offset in range(1, RING_SPACES):
        piece = view["ring"][(view["crystal"] + offset) % RING_SPACES]
        item = Text(f"{offset} ", style="bold" if offset <= MAX_STEP else "dim")
        if piece is None:
            item.append("—", style="dim")
        else:
            item.append_text(swatch(piece["colour"], f"{piece['colour']} {piece['shape']}"))
        items.append(item)
    return Columns(items, padding=(0, 2))


def tokens_text(view: JsonDict) -> Text:
    """What is left to win: level stacks, structure tokens, prophecies, singles and the box."""
    text = Text("stacks ")
    for level, stack in enumerate(view["level_stacks"]):
        text.append(f"L{level + 1}: ")
        text.append(" ".join(str(t) for t in stack) or "—", style="bold")
        text.append("  ")
    text.append("· structure tokens: ")
    text.append(" ".join(str(t) for t in view["structure_tokens"]) or "—", style="bold")
    text.append(" · prophecies: ")
    text.append(" ".join(str(t) for t in view["prophecy_tokens"]) or "—", style="bold")
    text.append("\nsingle cubes: ")
    for colour, count in view["supply"].items():
        text.append_text(swatch(colour, f" {colour} {count} "))
        text.append(" ")
    text.append(f"· box: {view['box_size']} pieces · removed: {view['removed']}")
    return text


def render(view: JsonDict) -> RenderableType:
    """The whole table as a player (or spectator) sees it."""
    card = view["structure_card"]
    if view["over"]:
        status = "game over"
    else:
        status = f"seat {view['current_player']} to play"
        if view["ending"]:
            status += " · last round"
    header = Text(f"Monolyth · turn {view['turn'] + 1} · {status}", style="bold")
    card_text = Text(f"structure card {card['number']} {card['name']}: ", style="bold")
    card_text.append(card["text"], style="")
    parts: list[RenderableType] = [header, card_text, ring_columns(view), tokens_text(view)]
    parts.extend(board_panel(view, seat) for seat in range(view["players"]))
    if view["over"]:
        ranking = " > ".join(f"seat {seat}" for seat in view["ranking"])
        parts.append(Text(f"ranking: {ranking}", style="bold"))
        if view.get("solo_rating"):
            parts.append(Text(f"solo rating: {view['solo_rating']}", style="bold"))
    return Group(*parts)


# Choosing a move -----------------------------------------------------------------------------


def parse_cells(text: str) -> list[tuple[int, int, int | None]] | None:
    """Cells typed as ``b3^1`` (or ``b3`` for any level), separated by spaces or commas."""
    found: list[tuple[int, int, int | None]] = []
    for word in re.split(r"[\s,]+", text.strip().lower()):
        match = _CELL.match(word)
        if match is None:
            return None
        column, row, level = match.groups()
        found.append(("abcd".index(column), int(row) - 1, int(level) - 1 if level else None))
    return found or None


def _covers(mask: int, wanted: list[tuple[int, int, int | None]]) -> bool:
    for x, y, z in wanted:
        levels = range(4) if z is None else (z,)
        if not any(mask >> cell_index(x, y, level) & 1 for level in levels):
            return False
    return True


def _names(mask: int) -> str:
    return " ".join(cell_name(c) for c in cells_of(mask))


@dataclass
class _Options:
    """The legal actions sorted by kind, for the menus."""

    places: dict[int, list[int]] = field(default_factory=dict)
    swaps: dict[int, list[int]] = field(default_factory=dict)
    prophecies: list[TakeProphecy] = field(default_factory=list)
    passes: bool = False


def _options(game: Monolyth, state: MonolythState) -> _Options:
    options = _Options()
    for action in game.legal_actions(state):
        if isinstance(action, Place):
            options.places.setdefault(action.step, []).append(action.cells)
        elif isinstance(action, Swap):
            options.swaps.setdefault(action.step, []).append(1 << action.cell)
        elif isinstance(action, TakeProphecy):
            options.prophecies.append(action)
        else:
            options.passes = True
    for masks in (*options.places.values(), *options.swaps.values()):
        masks.sort(key=lambda m: [cell_index(*c) for c in cells_of(m)])
    return options


class _Back(Exception):  # noqa: N818 - control flow: return to the main menu
    pass


def _ask(read: Read, prompt: str) -> str:
    answer = read(prompt).strip()
    if answer.lower() in ("q", "quit", "exit"):
        raise EOFError("quit")
    if answer.lower() == "b":
        raise _Back
    return answer


def _piece_at(game: Monolyth, state: MonolythState, step: int) -> tuple[str, str]:
    piece_id = state.ring[(state.crystal + step) % RING_SPACES]
    if piece_id == EMPTY:
        return "", "empty"
    piece = game.content.pieces[piece_id]
    return game.content.colours[piece.colour], piece.shape


def _pick_cells(
    console: Console,
    read: Read,
    game: Monolyth,
    state: MonolythState,
    masks: list[int],
    colour: str,
    what: str,
) -> int:
    """A numbered list of placements, narrowed by typed cells, previewed and confirmed."""
    view = game.view(state, state.current)
    wanted: list[tuple[int, int, int | None]] = []
    show_all = False
    while True:
        shown = [m for m in masks if _covers(m, wanted)]
        if not shown:
            console.print("[red]no legal placement covers those cells[/red]")
            wanted, shown = [], masks
        if len(shown) == 1 and wanted:
            choice = shown[0]
        else:
            filter_note = f" covering {' '.join(_typed(w) for w in wanted)}" if wanted else ""
            console.print(f"[bold]{what}[/bold]: {len(shown)} placements{filter_note}")
            limit = len(shown) if show_all else PAGE
            for number, mask in enumerate(shown[:limit], start=1):
                console.print(f"  {number:>3}. {_names(mask)}")
            if len(shown) > limit:
                console.print(f"  ... {len(shown) - limit} more: type cells to narrow, a for all")
            answer = _ask(read, "number, cells (e.g. b3^1 c3), a = all, b = back, q = quit: ")
            if answer.lower() == "a":
                show_all = True
                continue
            if answer.isdigit():
                index = int(answer) - 1
                if not 0 <= index < len(shown):
                    console.print(f"[red]choose 1-{len(shown)}[/red]")
                    continue
                choice = shown[index]
            else:
                cells = parse_cells(answer)
                if cells is None:
                    console.print("[red]cells are written like b3^1 (column, row, ^level)[/red]")
                else:
                    wanted = cells
                continue
        console.print(
            board_panel(
                view,
                state.current,
                preview=list(cells_of(choice)),
                preview_colour=colour,
            )
        )
        console.print(f"preview: {what} on {_names(choice)}")
        try:
            answer = _ask(read, "place it here? (y/n): ")
        except _Back:
            answer = "n"
        if answer.lower() in ("y", "yes", ""):
            return choice
        if len(shown) == 1:
            wanted = []


def _typed(wanted: tuple[int, int, int | None]) -> str:
    x, y, z = wanted
    return f"{'abcd'[x]}{y + 1}" + ("" if z is None else f"^{z + 1}")


def _pick_step(
    console: Console, read: Read, game: Monolyth, state: MonolythState, steps: list[int]
) -> int:
    if len(steps) == 1:
        return steps[0]
    names = ", ".join(f"{s} {' '.join(_piece_at(game, state, s))}" for s in steps)
    while True:
        answer = _ask(read, f"which piece? {names}: ")
        if answer.isdigit() and int(answer) in steps:
            return int(answer)
        console.print(f"[red]choose one of {', '.join(str(s) for s in steps)}[/red]")


def _pick_prophecy(
    console: Console,
    read: Read,
    game: Monolyth,
    state: MonolythState,
    prophecies: list[TakeProphecy],
) -> TakeProphecy:
    sides = sorted({p.side for p in prophecies})
    board = state.boards[state.current]
    side_names = ", ".join(SIDES[s] for s in sides)
    for s in sides:
        colour = game.content.colours[board.edges[s]]
        have = (board.cubes[board.edges[s]] & wall_mask(s, state.height)).bit_count()
        console.print(f"  {SIDES[s]}: {have} {colour} cubes in the wall now")
    while True:
        answer = _ask(read, f"which side? {side_names}: ").lower()
        chosen = [s for s in sides if answer and SIDES[s].startswith(answer)]
        if len(chosen) == 1:
            break
        console.print(f"[red]choose one of {side_names}[/red]")
    side = chosen[0]
    values = sorted(p.value for p in prophecies if p.side == side)
    colour = game.content.colours[board.edges[side]]
    console.print(f"the {SIDES[side]} wall counts {colour} cubes")
    while True:
        answer = _ask(read, f"which value? {' '.join(str(v) for v in values)}: ")
        if answer.isdigit() and int(answer) in values:
            return TakeProphecy(side, int(answer))
        console.print("[red]choose one of the values shown[/red]")


def choose(
    console: Console, game: Monolyth, state: MonolythState, *, read: Read | None = None
) -> Action:
    """Ask the current player for a move: a ring step, a swap or a prophecy, then the details.

    ``read(prompt)`` returns one line of input (default: ``console.input``); ``b`` goes back to
    this menu, ``q`` raises :class:`EOFError` so callers treat quitting like end of input.
    """
    reader: Read = read or console.input
    options = _options(game, state)
    if options.passes:
        console.print("[bold]no legal move: you pass[/bold]")
        return Pass()
    while True:
        try:
            return _menu(console, reader, game, state, options)
        except _Back:
            continue


def _menu(
    console: Console, read: Read, game: Monolyth, state: MonolythState, options: _Options
) -> Action:
    console.print(f"[bold]seat {state.current}, your move:[/bold]")
    keys: dict[str, str] = {}
    for step in range(1, MAX_STEP + 1):
        colour, shape = _piece_at(game, state, step)
        count = len(options.places.get(step, []))
        if count:
            keys[str(step)] = "place"
            line = Text(f"  {step}  place ")
            line.append_text(swatch(colour, f"{colour} {shape}"))
            line.append(f" ({count} placements)")
            console.print(line)
        elif shape == "empty":
            console.print(f"  [dim]{step}  (empty space)[/dim]")
        else:
            console.print(f"  [dim]{step}  {colour} {shape}: does not fit[/dim]")
    if options.swaps:
        keys["s"] = "swap"
        console.print("  s  swap a piece for a single cube of its colour")
    if options.prophecies:
        keys["p"] = "prophecy"
        console.print("  p  take a prophecy")
    console.print("  q  quit")
    answer = _ask(read, "choose: ").lower()
    if answer not in keys:
        console.print(f"[red]choose one of {', '.join(keys)} or q[/red]")
        raise _Back
    if keys[answer] == "place":
        step = int(answer)
        colour, shape = _piece_at(game, state, step)
        mask = _pick_cells(
            console, read, game, state, options.places[step], colour, f"{colour} {shape}"
        )
        return Place(step, mask)
    if keys[answer] == "swap":
        step = _pick_step(console, read, game, state, sorted(options.swaps))
        colour, shape = _piece_at(game, state, step)
        mask = _pick_cells(
            console, read, game, state, options.swaps[step], colour, f"single {colour} cube"
        )
        return Swap(step, mask.bit_length() - 1)
    return _pick_prophecy(console, read, game, state, options.prophecies)


__all__ = ["board_panel", "choose", "level_grid", "parse_cells", "render"]
