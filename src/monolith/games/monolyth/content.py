"""Monolyth's content: pieces, boards, tokens and structure cards, read from TOML and checked.

The printed values are not public, so ours live in ``content/`` and an owner of the box can swap
theirs in. A broken file is refused with a :class:`ContentError` naming file, entry and problem.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import msgspec

from monolith.core.content import load_toml
from monolith.core.errors import ContentError
from monolith.games.monolyth import geometry
from monolith.games.monolyth.geometry import Cell, PlacementTable

CONTENT_DIR = Path(__file__).parent / "content"
_RATING_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_-]*")


def rating_key(title: str) -> str:
    """The key naming a solo rating in messages (``rating-<key>``): its title's words joined by
    dashes, as a message id has no spaces (``master builder`` is ``rating-master-builder``)."""
    return "-".join(title.split())


class PiecesFile(msgspec.Struct, forbid_unknown_fields=True):
    colours: list[str]
    singles_per_colour: int
    shapes: dict[str, list[tuple[int, int, int]]]
    box: dict[str, list[str]]


class BoardEntry(msgspec.Struct, forbid_unknown_fields=True):
    name: str
    edges: list[str]


class BoardsFile(msgspec.Struct, forbid_unknown_fields=True):
    boards: list[BoardEntry]


class RatingEntry(msgspec.Struct, forbid_unknown_fields=True):
    minimum: int
    title: str


class TokensFile(msgspec.Struct, forbid_unknown_fields=True):
    level_stacks: list[list[int]]
    structure_tokens: list[int]
    prophecy_values: list[int]
    prophecy_copies: list[int]
    solo_ratings: list[RatingEntry]


class CardEntry(msgspec.Struct, forbid_unknown_fields=True):
    number: int
    name: str
    text: str
    heights: list[str]


class StructuresFile(msgspec.Struct, forbid_unknown_fields=True):
    cards: list[CardEntry]


@dataclass(frozen=True)
class Piece:
    """One physical piece: its id (0-79 with our content), colour index and shape name."""

    id: int
    colour: int
    shape: str
    single: bool


@dataclass(frozen=True)
class StructureCard:
    number: int
    name: str
    text: str
    heights: tuple[str, ...]

    def masks(self, height: int) -> frozenset[int]:
        """The card's building at this height limit, under each quarter turn of the board."""
        grid = tuple(tuple(height if ch == "H" else int(ch) for ch in row) for row in self.heights)
        found = set()
        for _ in range(4):
            found.add(geometry.heightmap_mask(grid))
            grid = geometry.quarter_turn(grid)
        return frozenset(found)


@dataclass(frozen=True)
class Content:
    """Everything printed in the box, validated, with the placement tables built from it."""

    colours: tuple[str, ...]
    shapes: dict[str, frozenset[Cell]]
    pieces: tuple[Piece, ...]
    boards: tuple[tuple[str, tuple[int, int, int, int]], ...]
    level_stacks: tuple[tuple[int, ...], ...]
    structure_tokens: tuple[int, ...]
    prophecy_values: tuple[int, ...]
    prophecy_copies: tuple[int, ...]
    solo_ratings: tuple[tuple[int, str], ...]
    cards: tuple[StructureCard, ...]
    tables: dict[str, PlacementTable]

    def box_pieces(self) -> tuple[int, ...]:
        return tuple(p.id for p in self.pieces if not p.single)

    def singles(self, colour: int) -> tuple[int, ...]:
        return tuple(p.id for p in self.pieces if p.single and p.colour == colour)

    def rating(self, score: int) -> str:
        title = self.solo_ratings[0][1]
        for minimum, name in self.solo_ratings:
            if score >= minimum:
                title = name
        return title


def _fail(file: str, entry: str, problem: str) -> ContentError:
    return ContentError(file, entry, problem)


def _check_shape(name: str, cubes: list[tuple[int, int, int]]) -> frozenset[Cell]:
    entry = f"shapes.{name}"
    if not cubes:
        raise _fail("pieces.toml", entry, "a shape needs at least one cube")
    cells = [tuple(c) for c in cubes]
    if len(set(cells)) != len(cells):
        raise _fail("pieces.toml", entry, "the same cube is listed twice")
    shape = geometry.normalize(cells)  # type: ignore[arg-type]
    if any(max(c) >= geometry.SIZE for c in shape):
        raise _fail("pieces.toml", entry, "the shape does not fit in a 4x4x4 block")
    # Connected through faces, as a physical piece must be.
    seen = {next(iter(shape))}
    stack = list(seen)
    while stack:
        x, y, z = stack.pop()
        for dx, dy, dz in ((1, 0, 0), (-1, 0, 0), (0, 1, 0), (0, -1, 0), (0, 0, 1), (0, 0, -1)):
            near = (x + dx, y + dy, z + dz)
            if near in shape and near not in seen:
                seen.add(near)
                stack.append(near)
    if seen != shape:
        raise _fail("pieces.toml", entry, "the cubes are not all joined face to face")
    return shape


def _validate(
    pieces: PiecesFile, boards: BoardsFile, tokens: TokensFile, structures: StructuresFile
) -> Content:
    colours = tuple(pieces.colours)
    if len(set(colours)) != len(colours) or len(colours) < 4:
        raise _fail("pieces.toml", "colours", "needs at least four different colour names")
    if pieces.singles_per_colour < 0:
        raise _fail("pieces.toml", "singles_per_colour", "cannot be negative")
    shapes = {name: _check_shape(name, cubes) for name, cubes in pieces.shapes.items()}
    orientation_sets: dict[frozenset[frozenset[Cell]], str] = {}
    for name, shape in shapes.items():
        if len(shape) < 2:
            raise _fail("pieces.toml", f"shapes.{name}", "a box piece needs at least two cubes")
        turns = geometry.orientations(shape)
        if turns in orientation_sets:
            other = orientation_sets[turns]
            raise _fail("pieces.toml", f"shapes.{name}", f"is the same piece as {other} turned")
        orientation_sets[turns] = name
    unknown_colours = set(pieces.box) - set(colours)
    if unknown_colours:
        colour = sorted(unknown_colours)[0]
        raise _fail("pieces.toml", f"box.{colour}", f"unknown colour {colour!r}")
    piece_list: list[Piece] = []
    for colour_index, colour in enumerate(colours):
        for k, shape_name in enumerate(pieces.box.get(colour, [])):
            if shape_name not in shapes:
                raise _fail("pieces.toml", f"box.{colour}[{k}]", f"unknown shape {shape_name!r}")
            piece_list.append(Piece(len(piece_list), colour_index, shape_name, False))
    if len(piece_list) < 13:
        raise _fail("pieces.toml", "box", "the box needs at least 13 pieces to fill the ring")
    for colour_index in range(len(colours)):
        for _ in range(pieces.singles_per_colour):
            piece_list.append(Piece(len(piece_list), colour_index, "SINGLE", True))

    board_list = []
    names = set()
    combos = set()
    for k, board in enumerate(boards.boards):
        entry = f"boards[{k}]"
        if board.name in names:
            raise _fail("boards.toml", entry, f"board name {board.name!r} is used twice")
        names.add(board.name)
        if len(board.edges) != 4:
            raise _fail("boards.toml", f"{entry}.edges", "needs exactly four edge colours")
        for colour in board.edges:
            if colour not in colours:
                raise _fail("boards.toml", f"{entry}.edges", f"unknown colour {colour!r}")
        if len(set(board.edges)) != 4:
            raise _fail("boards.toml", f"{entry}.edges", "the four edges must differ in colour")
        if tuple(board.edges) in combos:
            raise _fail("boards.toml", f"{entry}.edges", "another board has the same edges")
        combos.add(tuple(board.edges))
        edges = tuple(colours.index(c) for c in board.edges)
        board_list.append((board.name, (edges[0], edges[1], edges[2], edges[3])))
    if len(board_list) < 4:
        raise _fail("boards.toml", "boards", "needs at least four boards for four players")

    if len(tokens.level_stacks) != geometry.MAX_HEIGHT:
        raise _fail("tokens.toml", "level_stacks", "needs one stack for each of the four levels")
    for level, stack in enumerate(tokens.level_stacks):
        if not stack or any(v <= 0 for v in stack):
            raise _fail("tokens.toml", f"level_stacks[{level}]", "needs positive token values")
    if len(tokens.structure_tokens) < 4 or any(v <= 0 for v in tokens.structure_tokens):
        raise _fail("tokens.toml", "structure_tokens", "needs four positive values")
    if not tokens.prophecy_values or any(v <= 0 for v in tokens.prophecy_values):
        raise _fail("tokens.toml", "prophecy_values", "needs positive values")
    if len(set(tokens.prophecy_values)) != len(tokens.prophecy_values):
        raise _fail("tokens.toml", "prophecy_values", "lists a value twice")
    if len(tokens.prophecy_copies) != 4 or any(c < 1 for c in tokens.prophecy_copies):
        raise _fail("tokens.toml", "prophecy_copies", "needs a count >= 1 for 1, 2, 3, 4 players")
    if not tokens.solo_ratings or tokens.solo_ratings[0].minimum != 0:
        raise _fail("tokens.toml", "solo_ratings", "the first rating must start at 0")
    minimums = [r.minimum for r in tokens.solo_ratings]
    if minimums != sorted(set(minimums)):
        raise _fail("tokens.toml", "solo_ratings", "minimums must rise from one rating to the next")
    keys = [rating_key(r.title) for r in tokens.solo_ratings]
    for k, key in enumerate(keys):
        if not _RATING_KEY.fullmatch(key):
            raise _fail(
                "tokens.toml",
                f"solo_ratings[{k}].title",
                "needs letters, digits, dashes or spaces, starting with a letter",
            )
    if len(set(keys)) != len(keys):
        raise _fail("tokens.toml", "solo_ratings", "two ratings have the same title")

    cards = []
    for k, card in enumerate(structures.cards):
        entry = f"cards[{k}].heights"
        if len(card.heights) != 4 or any(len(row) != 4 for row in card.heights):
            raise _fail("structures.toml", entry, "needs four rows of four columns")
        for row in card.heights:
            for ch in row:
                if ch != "H" and not ("0" <= ch <= "3"):
                    raise _fail(
                        "structures.toml", entry, f"{ch!r} is not a height (0-3 or H for full)"
                    )
        cards.append(StructureCard(card.number, card.name, card.text, tuple(card.heights)))
    if not cards:
        raise _fail("structures.toml", "cards", "needs at least one card")

    tables = {name: PlacementTable(shape) for name, shape in shapes.items()}
    tables["SINGLE"] = PlacementTable([(0, 0, 0)])
    return Content(
        colours=colours,
        shapes=shapes,
        pieces=tuple(piece_list),
        boards=tuple(board_list),
        level_stacks=tuple(tuple(s) for s in tokens.level_stacks),
        structure_tokens=tuple(tokens.structure_tokens),
        prophecy_values=tuple(sorted(tokens.prophecy_values)),
        prophecy_copies=tuple(tokens.prophecy_copies),
        solo_ratings=tuple((r.minimum, r.title) for r in tokens.solo_ratings),
        cards=tuple(cards),
        tables=tables,
    )


def load_content(directory: Path = CONTENT_DIR) -> Content:
    """Read and check the four content files in ``directory``."""
    return _validate(
        load_toml(directory / "pieces.toml", PiecesFile),
        load_toml(directory / "boards.toml", BoardsFile),
        load_toml(directory / "tokens.toml", TokensFile),
        load_toml(directory / "structures.toml", StructuresFile),
    )


@cache
def default_content() -> Content:
    """The content shipped with the game, read once."""
    return load_content()
