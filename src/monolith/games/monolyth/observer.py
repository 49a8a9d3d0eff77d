"""What a player (or a spectator) sees of a Monolyth game.

Monolyth hides nothing but the future: the random source and the order of draws from the box. The
view gives the box as counts (what a player could learn by emptying it onto the table), every board
cube by cube with its colour, and live scores, in a form a browser or a bot can read directly.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from monolith.core import JsonDict
from monolith.games.monolyth.geometry import cells_of
from monolith.games.monolyth.rules import EMPTY, SIDES, MonolythState

if TYPE_CHECKING:
    from monolith.games.monolyth.rules import Monolyth


def _piece(game: Monolyth, piece_id: int) -> JsonDict:
    piece = game.content.pieces[piece_id]
    return {"id": piece_id, "colour": game.content.colours[piece.colour], "shape": piece.shape}


def observe(game: Monolyth, state: MonolythState, player: int | None) -> JsonDict:
    """The view of ``player`` (``None`` for a spectator); identical here, as nothing is secret."""
    content = game.content
    card = content.cards[state.card]
    boards = []
    for seat, board in enumerate(state.boards):
        fulfilled = game.fulfilled(state, seat)
        cubes = [
            {"cell": list(cell), "colour": content.colours[colour]}
            for colour, mask in enumerate(board.cubes)
            for cell in cells_of(mask)
        ]
        boards.append(
            {
                "seat": seat,
                "board": board.name,
                "edges": {SIDES[s]: content.colours[c] for s, c in enumerate(board.edges)},
                "cubes": cubes,
                "pieces": [_piece(game, p) for p in board.pieces],
                "prophecies": {
                    SIDES[s]: {"value": v, "fulfilled": fulfilled[s]}
                    for s, v in enumerate(board.prophecies)
                    if v
                },
                "level_tokens": list(board.level_tokens),
                "structure_token": board.structure_token,
                "score": game.score(state, seat),
            }
        )
    box = Counter(
        (content.colours[content.pieces[p].colour], content.pieces[p].shape) for p in state.box
    )
    supply = Counter(content.colours[content.pieces[p].colour] for p in state.supply)
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
        "structure_card": {"number": card.number, "name": card.name, "text": card.text},
        "crystal": state.crystal,
        "ring": [None if p == EMPTY else _piece(game, p) for p in state.ring],
        "box": [
            {"colour": colour, "shape": shape, "count": n}
            for (colour, shape), n in sorted(box.items())
        ],
        "box_size": len(state.box),
        "supply": {colour: supply.get(colour, 0) for colour in content.colours},
        "removed": len(state.removed),
        "level_stacks": [list(s) for s in state.level_stacks],
        "structure_tokens": list(state.structure_tokens),
        "prophecy_tokens": list(state.prophecy_tokens),
        "boards": boards,
        "ranking": list(game.ranking(state)) if state.over else None,
        "solo_rating": game.solo_rating(state) if state.over and state.players == 1 else None,
    }
