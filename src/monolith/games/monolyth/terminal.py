"""Monolyth in a terminal: the table drawn with Rich, and a way for a person to choose a move.

``render(view, voice)`` draws from the JSON view alone, so it shows exactly what the player may see,
in the reader's words (:class:`~monolith.games.screen.Voice`). ``choose(console, game, state)``
walks a person from the ring step to one placement: narrow the placements by typing cells in the
notation of :func:`~monolith.games.monolyth.rules.cell_name` (``b3^1``: column b, row 3, level 1),
look at a preview on the board, then confirm. Input comes through ``read`` so tests can script it;
``q`` ends input like end-of-file does. ``breakdown(views, voice)`` tells where each player's
points came from once the game is over, and in a solo game places the score on the rating scale.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from monolith.core import JsonDict
from monolith.core.i18n import Ref
from monolith.games.monolyth.game import Monolyth
from monolith.games.monolyth.geometry import cell_index, cells_of, wall_mask
from monolith.games.monolyth.rules import (
    MAX_STEP,
    RING_SPACES,
    SIDES,
    Action,
    Pass,
    Place,
    State,
    Swap,
    TakeProphecy,
    cell_name,
)
from monolith.games.screen import Voice, listing

Read = Callable[[str], str]

TITLE = "mono-term-title"
HELP = ("rules-monolyth", "mono-term-legend")
"""The help of this screen: the rules summary, then every symbol explained."""

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


def _voice(view: JsonDict, voice: Voice | None) -> Voice:
    if voice is not None:
        return voice
    from monolith.games.monolyth import GAME

    return Voice.default(GAME, view["players"], view.get("you"))


def _colour(name: str) -> tuple[str, str, str]:
    return COLOURS.get(name, _UNKNOWN)


def tile(colour: str) -> Text:
    """One filled cell: the colour's letter on the colour."""
    letter, style, _ = _colour(colour)
    return Text(f"{letter} ", style=style)


def swatch(colour: str, label: str) -> Text:
    """A label in a piece's colour, for the ring and for tokens."""
    return Text(label, style=_colour(colour)[1])


def piece_name(voice: Voice, colour: str, shape: str) -> str:
    return voice("mono-term-piece", colour=Ref("colour", colour), shape=Ref("shape", shape))


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
    voice: Voice | None = None,
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
    title = voice("mono-term-level", level=level + 1) if voice else f"{level + 1}"
    text.append(f"   {title}\n", style="bold")
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


def prophecy_line(board: JsonDict, voice: Voice) -> Text:
    """Each side: its edge colour, the cubes of it in the wall, and its prophecy if any."""
    text = Text()
    for side, name in enumerate(SIDES):
        colour = board["edges"][name]
        have = wall_count(board, side)
        text.append(voice.name("side", f"{name}-short") + " ")
        text.append_text(swatch(colour, voice.name("colour", colour)))
        prophecy = board["prophecies"].get(name)
        if prophecy:
            mark = " ✓" if prophecy["fulfilled"] else ""
            text.append(f" {have}/{prophecy['value']}{mark}", style="bold")
        else:
            text.append(f" {have}/–", style="dim")
        text.append("   ")
    return text


def _numbers(values: Iterable[int], voice: Voice) -> str:
    return " ".join(str(v) for v in values) or voice("mono-term-none")


def board_panel(
    view: JsonDict,
    seat: int,
    voice: Voice | None = None,
    *,
    preview: Iterable[Sequence[int]] = (),
    preview_colour: str = "",
) -> Panel:
    """One player's monolith: every level side by side, prophecies and tokens below."""
    voice = _voice(view, voice)
    board = view["boards"][seat]
    preview = list(preview)
    grids = Table.grid(padding=(0, 3))
    for _ in range(view["height"]):
        grids.add_column()
    grids.add_row(
        *(
            level_grid(board, level, voice=voice, preview=preview, preview_colour=preview_colour)
            for level in range(view["height"])
        )
    )
    tokens = Text(
        voice(
            "mono-term-tokens",
            levels=_numbers((t for t in board["level_tokens"] if t), voice),
            structure=board["structure_token"] or voice("mono-term-none"),
        )
    )
    title = voice.player(seat, "mono-term-board", board=board["board"], points=board["score"])
    if view.get("current_player") == seat:
        title = f"▶ {title}"
    return Panel(
        Group(grids, prophecy_line(board, voice), tokens),
        title=title,
        title_align="left",
        expand=False,
    )


def ring_text(view: JsonDict, voice: Voice) -> Text:
    """The ring clockwise from the crystal; the four pieces it can reach first, in bold."""
    text = Text().append(voice("mono-term-ring") + " ", style="bold")
    text.append(CRYSTAL + " →", style="bold")
    for offset in range(1, RING_SPACES):
        piece = view["ring"][(view["crystal"] + offset) % RING_SPACES]
        reach = offset <= MAX_STEP
        text.append("  " if offset > 1 else " ")
        text.append(f"{offset} ", style="bold" if reach else "dim")
        if piece is None:
            text.append("—", style="dim")
        else:
            label = piece_name(voice, piece["colour"], piece["shape"])
            text.append_text(swatch(piece["colour"], label) if reach else Text(label, style="dim"))
    return text


def tokens_text(view: JsonDict, voice: Voice) -> Text:
    """What is left to win: level stacks, structure tokens, prophecies, singles and the box."""
    text = Text(voice("mono-term-stacks") + " ")
    stacks = [
        voice("mono-term-stack", level=level + 1, tokens=_numbers(stack, voice))
        for level, stack in enumerate(view["level_stacks"])
    ]
    text.append(" · ".join(stacks), style="bold")
    text.append(
        "\n"
        + voice("mono-term-structure-tokens", tokens=_numbers(view["structure_tokens"], voice))
        + " · "
        + voice("mono-term-prophecy-tokens", tokens=_numbers(view["prophecy_tokens"], voice))
    )
    text.append("\n" + voice("mono-term-singles") + " ")
    for colour, count in view["supply"].items():
        text.append_text(swatch(colour, f" {voice.name('colour', colour)} {count} "))
        text.append(" ")
    text.append("· " + voice("mono-term-box", pieces=view["box_size"], removed=view["removed"]))
    return text


def render(view: JsonDict, voice: Voice | None = None) -> RenderableType:
    """The whole table as a player (or spectator) sees it."""
    voice = _voice(view, voice)
    card = view["structure_card"]
    current = view["current_player"]
    status = "over" if view["over"] else "last" if view["ending"] else "playing"
    header = Text(
        voice("mono-term-header", turn=view["turn"] + 1, status=status, player=_seat(current)),
        style="bold",
    )
    card_text = Text(
        voice(
            "mono-term-card",
            number=card["number"],
            name=voice.name("structure", card["number"]),
            text=voice.text("structure", card["number"]),
        )
    )
    parts: list[RenderableType] = [
        header,
        card_text,
        ring_text(view, voice),
        tokens_text(view, voice),
    ]
    parts.extend(board_panel(view, seat, voice) for seat in range(view["players"]))
    return Group(*parts)


def _seat(seat: int | None) -> Ref:
    """A player argument; a finished game has nobody to move, so any seat does (unread)."""
    return Ref("player", seat if seat is not None else -1)


def breakdown(views: Sequence[JsonDict], voice: Voice) -> RenderableType:
    """Where each player's points came from: the structure token, every level's token and every
    prophecy with the count its wall reached; a solo game's rating scale with the score on it."""
    view = views[0]
    parts: list[RenderableType] = []
    for seat, board in enumerate(view["boards"]):
        total = voice.player(seat, "mono-term-total", points=board["score"])
        lines = Text().append(total, style="bold")
        items = [
            voice("mono-term-structure-scored", value=board["structure_token"])
            if board["structure_token"]
            else voice("mono-term-structure-none")
        ]
        tokens = board["level_tokens"]
        for level in range(view["height"]):
            token = tokens[level] if level < len(tokens) else 0
            if token:
                items.append(voice("mono-term-level-token", level=level + 1, value=token))
            elif board["levels_done"] >> level & 1:
                items.append(voice("mono-term-level-empty", level=level + 1))
            else:
                items.append(voice("mono-term-level-open", level=level + 1))
        for side in SIDES:
            prophecy = board["prophecies"].get(side)
            if prophecy is None:
                continue
            message = (
                "mono-term-prophecy-kept" if prophecy["fulfilled"] else "mono-term-prophecy-failed"
            )
            items.append(
                voice(
                    message,
                    side=Ref("side", side),
                    colour=Ref("colour", board["edges"][side]),
                    count=prophecy["count"],
                    value=prophecy["value"],
                )
            )
        if not board["prophecies"]:
            items.append(voice("mono-term-no-prophecy"))
        parts.append(Group(lines, listing(("·", item) for item in items)))
    if view.get("solo_rating"):
        parts.append(solo_scale(view, voice))
    return Group(*parts)


SCALE_WIDTH = 16
"""Characters of each rating's bar on the solo scale."""


def _scale_fraction(bands: Sequence[JsonDict], here: int, score: int) -> float:
    """Where ``score`` stands within band ``here`` (0 at its minimum, 1 at the next one's); the
    open-ended top band is read as wide as the one below it."""
    low = bands[here]["minimum"]
    if here + 1 < len(bands):
        high = bands[here + 1]["minimum"]
    else:
        below = bands[here - 1]["minimum"] if here else low - 10
        high = low + max(1, low - below)
    return max(0.0, min(1.0, float(score - low) / float(high - low)))


def solo_scale(view: JsonDict, voice: Voice) -> RenderableType:
    """The end of a solo game: every rating with its score range, the one reached marked with
    the score placed on its bar, and how far the next one was."""
    bands: list[JsonDict] = view["solo_ratings"]
    score = int(view["boards"][0]["score"])
    here = next(i for i, band in enumerate(bands) if band["title"] == view["solo_rating"])
    table = Table(title=voice("mono-solo-title"), title_style="bold", title_justify="left")
    table.add_column("", no_wrap=True)
    table.add_column(voice("mono-solo-rating"))
    table.add_column(voice("mono-solo-points"), justify="right", no_wrap=True)
    table.add_column("", no_wrap=True)
    for i, band in enumerate(bands):
        name = voice.name("rating", band["key"])
        low = band["minimum"]
        high = bands[i + 1]["minimum"] - 1 if i + 1 < len(bands) else None
        if high is None:
            points = voice("mono-solo-range-open", min=low)
        else:
            points = voice("mono-solo-range", min=low, max=high) if high > low else str(low)
        if i < here:
            bar = Text("━" * SCALE_WIDTH, style="green")
        elif i > here:
            bar = Text("╌" * SCALE_WIDTH, style="dim")
        else:
            at = round(_scale_fraction(bands, here, score) * (SCALE_WIDTH - 1))
            bar = Text("━" * at, style="green").append("●", style="bold yellow")
            bar.append("╌" * (SCALE_WIDTH - 1 - at), style="dim").append(f" {score}", style="bold")
        reached = i == here
        table.add_row(
            "▶" if reached else "",
            name[:1].upper() + name[1:],
            points,
            bar,
            style="bold yellow" if reached else None,
        )
    rating = Ref("rating", bands[here]["key"])
    verdict = Text(voice.player(0, "mono-solo-scored", score=score, rating=rating), style="bold")
    if here + 1 < len(bands):
        following = bands[here + 1]
        missing = following["minimum"] - score
        rest = voice(
            "mono-solo-short",
            missing=missing,
            rating=Ref("rating", following["key"]),
            minimum=following["minimum"],
        )
    else:
        rest = voice("mono-solo-top")
    return Group(Text(), table, verdict, Text(rest))


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


def _options(game: Monolyth, state: State) -> _Options:
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


@dataclass
class _Asker:
    """One decision's conversation: where it prints, how it reads, in whose words."""

    console: Console
    read: Read
    game: Monolyth
    state: State
    voice: Voice

    def ask(self, prompt: str) -> str:
        answer = self.read(prompt).strip()
        if answer.lower() in ("q", "quit", "exit"):
            raise EOFError("quit")
        if answer.lower() == "b":
            raise _Back
        return answer

    def say(self, text: str, style: str = "") -> None:
        self.console.print(Text(text, style=style))

    def error(self, message_id: str, **args: int | str) -> None:
        self.say(self.voice(message_id, **args), "red")

    def piece_at(self, step: int) -> tuple[str, str] | None:
        """Colour and shape of the piece ``step`` spaces after the crystal (``None``: empty)."""
        piece_id = self.state.ring[(self.state.crystal + step) % RING_SPACES]
        if piece_id < 0:
            return None
        piece = self.game.content.pieces[piece_id]
        return self.game.content.colours[piece.colour], piece.shape

    def piece_label(self, step: int) -> str:
        found = self.piece_at(step)
        return piece_name(self.voice, *found) if found else "—"


def _pick_cells(asker: _Asker, masks: list[int], colour: str, what: str) -> int:
    """A numbered list of placements, narrowed by typed cells, previewed and confirmed."""
    voice, state = asker.voice, asker.state
    view = asker.game.view(state, state.current)
    wanted: list[tuple[int, int, int | None]] = []
    show_all = False
    while True:
        shown = [m for m in masks if _covers(m, wanted)]
        if not shown:
            asker.error("mono-term-no-cover")
            wanted, shown = [], masks
        if len(shown) == 1 and wanted:
            choice = shown[0]
        else:
            if wanted:
                typed = " ".join(_typed(w) for w in wanted)
                heading = voice("mono-term-covering", what=what, count=len(shown), cells=typed)
            else:
                heading = voice("mono-term-placements", what=what, count=len(shown))
            asker.say(heading, "bold")
            limit = len(shown) if show_all else PAGE
            for number, mask in enumerate(shown[:limit], start=1):
                asker.say(f"  {number:>3}. {_names(mask)}")
            if len(shown) > limit:
                asker.say("  " + voice("mono-term-more", count=len(shown) - limit))
            answer = asker.ask(voice("mono-term-pick-cells"))
            if answer.lower() == "a":
                show_all = True
                continue
            if answer.isdigit():
                index = int(answer) - 1
                if not 0 <= index < len(shown):
                    asker.error("mono-term-pick-range", count=len(shown))
                    continue
                choice = shown[index]
            else:
                cells = parse_cells(answer)
                if cells is None:
                    asker.error("mono-term-cell-syntax")
                else:
                    wanted = cells
                continue
        asker.console.print(
            board_panel(
                view, state.current, voice, preview=list(cells_of(choice)), preview_colour=colour
            )
        )
        asker.say(voice("mono-term-preview", what=what, cells=_names(choice)))
        try:
            answer = asker.ask(voice("mono-term-confirm"))
        except _Back:
            answer = "n"
        if answer.lower() in ("y", "yes", ""):
            return choice
        if len(shown) == 1:
            wanted = []


def _typed(wanted: tuple[int, int, int | None]) -> str:
    x, y, z = wanted
    return f"{'abcd'[x]}{y + 1}" + ("" if z is None else f"^{z + 1}")


def _pick_step(asker: _Asker, steps: list[int]) -> int:
    if len(steps) == 1:
        return steps[0]
    pieces = ", ".join(f"{s} {asker.piece_label(s)}" for s in steps)
    while True:
        answer = asker.ask(asker.voice("mono-term-which-piece", pieces=pieces))
        if answer.isdigit() and int(answer) in steps:
            return int(answer)
        asker.error("mono-term-choose-one", choices=", ".join(str(s) for s in steps))


def _side_matches(asker: _Asker, side: int, answer: str) -> bool:
    """A side typed by number (1-4 from north), or the start of its name, local or English."""
    if answer.isdigit():
        return int(answer) == side + 1
    local = asker.voice.name("side", SIDES[side]).lower()
    return bool(answer) and (local.startswith(answer) or SIDES[side].startswith(answer))


def _pick_prophecy(asker: _Asker, prophecies: list[TakeProphecy]) -> TakeProphecy:
    voice, game = asker.voice, asker.game
    sides = sorted({p.side for p in prophecies})
    board = asker.state.boards[asker.state.current]

    def colour_of(side: int) -> Ref:
        return Ref("colour", game.content.colours[board.edges[side]])

    for s in sides:
        have = (board.cubes[board.edges[s]] & wall_mask(s, asker.state.height)).bit_count()
        wall = voice(
            "mono-term-wall-now", side=Ref("side", SIDES[s]), count=have, colour=colour_of(s)
        )
        asker.say("  " + wall)
    side_names = ", ".join(voice.name("side", SIDES[s]) for s in sides)
    while True:
        answer = asker.ask(voice("mono-term-which-side", sides=side_names)).lower()
        chosen = [s for s in sides if _side_matches(asker, s, answer)]
        if len(chosen) == 1:
            break
        asker.error("mono-term-choose-one", choices=side_names)
    side = chosen[0]
    values = sorted(p.value for p in prophecies if p.side == side)
    asker.say(voice("mono-term-wall-counts", side=Ref("side", SIDES[side]), colour=colour_of(side)))
    while True:
        answer = asker.ask(voice("mono-term-which-value", values=" ".join(map(str, values))))
        if answer.isdigit() and int(answer) in values:
            return TakeProphecy(side, int(answer))
        asker.error("mono-term-values-shown")


def choose(
    console: Console,
    game: Monolyth,
    state: State,
    *,
    read: Read | None = None,
    voice: Voice | None = None,
) -> Action:
    """Ask the current player for a move: a ring step, a swap or a prophecy, then the details.

    ``read(prompt)`` returns one line of input (default: ``console.input``); ``b`` goes back to
    this menu, ``q`` raises :class:`EOFError` so callers treat quitting like end of input.
    """
    voice = voice or Voice.default(game, state.players, state.current)
    asker = _Asker(console, read or console.input, game, state, voice)
    options = _options(game, state)
    if options.passes:
        asker.say(voice("mono-term-pass"), "bold")
        return Pass()
    while True:
        try:
            return _menu(asker, options)
        except _Back:
            continue


def _menu(asker: _Asker, options: _Options) -> Action:
    voice = asker.voice
    asker.say(voice.player(asker.state.current, "mono-term-your-move"), "bold")
    keys: dict[str, str] = {}
    for step in range(1, MAX_STEP + 1):
        found = asker.piece_at(step)
        count = len(options.places.get(step, []))
        if found is None:
            asker.say(f"  {step}  " + voice("mono-term-option-empty"), "dim")
        elif count:
            keys[str(step)] = "place"
            line = Text(f"  {step}  ")
            label = voice("mono-term-option-place", piece=piece_name(voice, *found), count=count)
            line.append_text(swatch(found[0], label))
            asker.console.print(line)
        else:
            label = voice("mono-term-option-no-fit", piece=piece_name(voice, *found))
            asker.say(f"  {step}  {label}", "dim")
    if options.swaps:
        keys["s"] = "swap"
        asker.say("  s  " + voice("mono-term-option-swap"))
    if options.prophecies:
        keys["p"] = "prophecy"
        asker.say("  p  " + voice("mono-term-option-prophecy"))
    answer = asker.ask(voice("mono-term-choose", keys=", ".join(keys))).lower()
    if answer not in keys:
        asker.error("mono-term-choose-again", keys=", ".join(keys))
        raise _Back
    if keys[answer] == "place":
        step = int(answer)
        colour, shape = asker.piece_at(step) or ("", "")
        what = piece_name(voice, colour, shape)
        return Place(step, _pick_cells(asker, options.places[step], colour, what))
    if keys[answer] == "swap":
        step = _pick_step(asker, sorted(options.swaps))
        colour, _ = asker.piece_at(step) or ("", "")
        what = voice("mono-term-single", colour=Ref("colour", colour))
        mask = _pick_cells(asker, options.swaps[step], colour, what)
        return Swap(step, mask.bit_length() - 1)
    return _pick_prophecy(asker, options.prophecies)


def where(action: Action) -> str | None:
    """Where on the board a decision acts (``b3^1 c3^1``), which its menu entry leaves to the
    board: what a hint or a review adds to tell apart placements of the same piece."""
    if isinstance(action, Place):
        return _names(action.cells)
    if isinstance(action, Swap):
        return _names(1 << action.cell)
    return None


__all__ = [
    "HELP",
    "TITLE",
    "board_panel",
    "breakdown",
    "choose",
    "level_grid",
    "parse_cells",
    "render",
    "solo_scale",
    "where",
]
