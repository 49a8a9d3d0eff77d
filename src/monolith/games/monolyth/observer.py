"""What a player (or a spectator) sees of a Monolyth game.

Monolyth hides nothing but the future: the random source and the order of draws from the box. The
view gives the box as counts (what a player could learn by emptying it onto the table), every board
cube by cube with its colour, what each wall holds of its edge's colour (what a prophecy there
counts), live scores and, in a solo game, the rating bands the final score is placed on, in a form a
browser or a bot can read directly.
"""

from __future__ import annotations

from collections import Counter
from functools import cache, lru_cache

import msgspec

from monolith.core import JsonDict, MalformedAction, Rng
from monolith.games.monolyth.content import Content, rating_key
from monolith.games.monolyth.geometry import index_cell, mask_of
from monolith.games.monolyth.rules import EMPTY, SIDES, Board, MonolythRules, State

VIEW_PARTS_CACHE = 4096
"""Boards, pieces and boxes kept as view parts: a board's part is reused until its player moves
(the other seats' views of a version, the next versions' views), so a few per running match."""


@lru_cache(maxsize=VIEW_PARTS_CACHE)
def _piece(game: MonolythRules, piece_id: int) -> JsonDict:
    piece = game.content.pieces[piece_id]
    return {"id": piece_id, "colour": game.content.colours[piece.colour], "shape": piece.shape}


@cache
def _cube_table(game: MonolythRules) -> tuple[tuple[JsonDict, ...], ...]:
    """Every cube a board can hold, ``[colour][cell index]``, as a view shows it."""
    colours = game.content.colours
    cells = [index_cell(index) for index in range(64)]
    return tuple(tuple({"cell": list(c), "colour": name} for c in cells) for name in colours)


def _cubes(table: tuple[tuple[JsonDict, ...], ...], masks: tuple[int, ...]) -> list[JsonDict]:
    """The cubes of a board, colour by colour, lowest cell first."""
    cubes = []
    for colour, mask in enumerate(masks):
        row = table[colour]
        while mask:
            low = mask & -mask
            cubes.append(row[low.bit_length() - 1])
            mask ^= low
    return cubes


@lru_cache(maxsize=VIEW_PARTS_CACHE)
def _board(game: MonolythRules, seat: int, board: Board, height: int) -> JsonDict:
    """One seat's board as everyone sees it: a function of the board and the game's height."""
    colours = game.content.colours
    fulfilled = game.board_fulfilled(board, height)
    counts = game.board_wall_counts(board, height)
    return {
        "seat": seat,
        "board": board.name,
        "edges": {SIDES[s]: colours[c] for s, c in enumerate(board.edges)},
        "cubes": _cubes(_cube_table(game), board.cubes),
        "pieces": [_piece(game, p) for p in board.pieces],
        "prophecies": {
            SIDES[s]: {"value": v, "fulfilled": fulfilled[s], "count": counts[s]}
            for s, v in enumerate(board.prophecies)
            if v
        },
        "walls": {SIDES[s]: counts[s] for s in range(4)},
        "level_tokens": list(board.level_tokens),
        "levels_done": board.levels_done,
        "structure_token": board.structure_token,
        "score": game.board_score(board, height),
    }


@cache
def _piece_kinds(game: MonolythRules) -> tuple[tuple[str, str], ...]:
    """Each piece's colour and shape, by piece id (the box is counted by them)."""
    content = game.content
    return tuple((content.colours[p.colour], p.shape) for p in content.pieces)


@cache
def _piece_colours(game: MonolythRules) -> tuple[str, ...]:
    """Each piece's colour, by piece id (the supply is counted by them)."""
    return tuple(game.content.colours[p.colour] for p in game.content.pieces)


@lru_cache(maxsize=VIEW_PARTS_CACHE)
def _box(game: MonolythRules, box: tuple[int, ...]) -> list[JsonDict]:
    """What is left in the box, by colour and shape, with counts."""
    kinds = Counter(map(_piece_kinds(game).__getitem__, box))
    return [
        {"colour": colour, "shape": shape, "count": n}
        for (colour, shape), n in sorted(kinds.items())
    ]


@cache
def _solo_ratings(game: MonolythRules) -> list[JsonDict]:
    """The rating bands, lowest first: each one's minimum score, its title (what
    ``solo_rating`` names) and its key, naming it in the reader's words (``rating-<key>``)."""
    return [
        {"minimum": minimum, "title": title, "key": rating_key(title)}
        for minimum, title in game.content.solo_ratings
    ]


def view(game: MonolythRules, state: State, player: int | None) -> JsonDict:
    """The view of ``player`` (``None`` for a spectator); identical here, as nothing is secret.

    Parts of it (boards, pieces, the box) are kept and shared between views while they do not
    change: a view is read, never changed in place."""
    content = game.content
    card = content.cards[state.card]
    boards = [_board(game, seat, board, state.height) for seat, board in enumerate(state.boards)]
    supply = Counter(map(_piece_colours(game).__getitem__, state.supply))
    return {
        "game": game.info.name,
        "you": player,
        "players": state.players,
        "height": state.height,
        "turn": state.turn,
        "first_player": state.first_player,
        "current_player": None if state.over else state.current,
        "over": state.over,
        "ending": state.ending,
        "passes": state.passes,
        "structure_card": {
            "index": state.card,
            "number": card.number,
            "name": card.name,
            "text": card.text,
        },
        "crystal": state.crystal,
        "ring": [None if p == EMPTY else _piece(game, p) for p in state.ring],
        "box": _box(game, state.box),
        "box_size": len(state.box),
        "supply": {colour: supply.get(colour, 0) for colour in content.colours},
        "removed": len(state.removed),
        "level_stacks": [list(s) for s in state.level_stacks],
        "structure_tokens": list(state.structure_tokens),
        "prophecy_tokens": list(state.prophecy_tokens),
        "boards": boards,
        "ranking": list(game.ranking(state)) if state.over else None,
        "solo_rating": game.solo_rating(state) if state.over and state.players == 1 else None,
        "solo_ratings": _solo_ratings(game) if state.players == 1 else None,
    }


def determinize(game: MonolythRules, view: JsonDict, seed: int) -> State:
    """A full state that shows exactly ``view``, with a fresh random source from ``seed``.

    Pieces of one colour and shape are interchangeable, so the box, the supply and the removed
    pieces are given ids in a fixed order; only the future draws (the random source) are unknown.
    """
    try:
        return _determinize(game, view, seed)
    except (KeyError, TypeError, ValueError, IndexError, msgspec.ValidationError) as error:
        raise MalformedAction(f"not a Monolyth view: {error!r}") from error


_KINDS: dict[int, dict[tuple[str, str], tuple[int, ...]]] = {}


def _box_kinds(content: Content) -> dict[tuple[str, str], tuple[int, ...]]:
    """The ids of the box pieces of each colour and shape, lowest first (a search samples the
    same view many times; content is unhashable, so it is keyed by identity)."""
    found = _KINDS.get(id(content))
    if found is None:
        kinds: dict[tuple[str, str], list[int]] = {}
        for p in content.pieces:
            if not p.single:
                kinds.setdefault((content.colours[p.colour], p.shape), []).append(p.id)
        found = _KINDS[id(content)] = {key: tuple(ids) for key, ids in kinds.items()}
    return found


def _determinize(game: MonolythRules, view: JsonDict, seed: int) -> State:
    content = game.content
    colours = content.colours
    used: set[int] = set()
    ring = tuple(EMPTY if p is None else int(p["id"]) for p in view["ring"])
    used.update(p for p in ring if p != EMPTY)
    boards = []
    for b in view["boards"]:
        cubes = [0] * len(colours)
        for cube in b["cubes"]:
            x, y, z = cube["cell"]
            cubes[colours.index(cube["colour"])] |= mask_of([(x, y, z)])
        pieces = tuple(int(p["id"]) for p in b["pieces"])
        used.update(pieces)
        prophecies = [b["prophecies"].get(side, {"value": 0})["value"] for side in SIDES]
        edges = [colours.index(b["edges"][side]) for side in SIDES]
        boards.append(
            Board(
                name=b["board"],
                edges=(edges[0], edges[1], edges[2], edges[3]),
                cubes=tuple(cubes),
                pieces=pieces,
                prophecies=(prophecies[0], prophecies[1], prophecies[2], prophecies[3]),
                level_tokens=tuple(b["level_tokens"]),
                levels_done=int(b["levels_done"]),
                structure_token=int(b["structure_token"]),
            )
        )
    box: list[int] = []
    kinds = _box_kinds(content)
    for entry in view["box"]:
        kind = [p for p in kinds[entry["colour"], entry["shape"]] if p not in used]
        box.extend(kind[: entry["count"]])
    used.update(box)
    supply: list[int] = []
    for colour, count in view["supply"].items():
        singles = [p for p in content.singles(colours.index(colour)) if p not in used]
        supply.extend(singles[:count])
    used.update(supply)
    removed = tuple(p.id for p in content.pieces if p.id not in used)
    return State(
        players=int(view["players"]),
        height=int(view["height"]),
        card=int(view["structure_card"]["index"]),
        rng=Rng(seed),
        ring=ring,
        crystal=int(view["crystal"]),
        box=tuple(sorted(box)),
        supply=tuple(sorted(supply)),
        removed=removed,
        boards=tuple(boards),
        level_stacks=tuple(tuple(s) for s in view["level_stacks"]),
        structure_tokens=tuple(view["structure_tokens"]),
        prophecy_tokens=tuple(view["prophecy_tokens"]),
        first_player=int(view["first_player"]),
        current=int(view["current_player"] if view["current_player"] is not None else 0),
        turn=int(view["turn"]),
        passes=int(view["passes"]),
        ending=bool(view["ending"]),
        over=bool(view["over"]),
    )
