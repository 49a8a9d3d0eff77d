"""What Monolyth's decisions read like: menu entries and log lines, as messages.

The words are in ``messages/{lang}/*.ftl``; here is only what each sentence is about (see
:mod:`monolith.core.i18n`). Monolyth hides nothing a player chooses, so every line is for everyone;
the log says what the move was, then what it earned (level and structure tokens), what the solo
rival took, and when the last round begins.
"""

from __future__ import annotations

from functools import lru_cache

from monolith.core.i18n import Arg, Line, Message, Ref, msg, player
from monolith.games.monolyth.geometry import cells_of
from monolith.games.monolyth.rules import (
    EMPTY,
    RING_SPACES,
    SIDES,
    Action,
    MonolythRules,
    Pass,
    Place,
    State,
    Swap,
    TakeProphecy,
)


def piece_args(game: MonolythRules, piece_id: int) -> dict[str, Arg]:
    """``colour`` and ``shape`` of a piece, as names the reader's language holds."""
    piece = game.content.pieces[piece_id]
    return {
        "colour": Ref("colour", game.content.colours[piece.colour]),
        "shape": Ref("shape", piece.shape),
    }


@lru_cache(maxsize=8192)
def _level_range(mask: int) -> tuple[int, int]:
    """The lowest and highest level a placement fills (1 is the bottom): a function of its cells
    alone, kept for the labels of every legal action of every decision."""
    levels = [z + 1 for _, _, z in cells_of(mask)]
    return min(levels), max(levels)


def _levels(mask: int) -> dict[str, Arg]:
    """The levels a placement fills: ``low`` and ``high`` (1 is the bottom) and their ``span``."""
    low, high = _level_range(mask)
    return {"low": low, "high": high, "span": high - low + 1}


def _taken(game: MonolythRules, state: State, action: Place | Swap) -> dict[str, Arg]:
    return _piece_taken(game, action.step, state.ring[(state.crystal + action.step) % RING_SPACES])


def _piece_taken(game: MonolythRules, step: int, piece_id: int) -> dict[str, Arg]:
    args: dict[str, Arg] = {"steps": step}
    if piece_id != EMPTY:
        args.update(piece_args(game, piece_id))
    return args


def _prophecy(game: MonolythRules, state: State, action: TakeProphecy) -> dict[str, Arg]:
    """The token's ``value``, its ``side`` and the colour printed on that ``edge``."""
    edge = state.boards[state.current].edges[action.side]
    return _prophecy_args(game, action.side, action.value, edge)


def _prophecy_args(game: MonolythRules, side: int, value: int, edge: int) -> dict[str, Arg]:
    return {
        "value": value,
        "side": Ref("side", SIDES[side]),
        "edge": Ref("colour", game.content.colours[edge]),
    }


LabelKey = tuple[str, int, int, int, int]
"""What a menu entry says, as plain values: see :func:`label_key`."""


def label_key(state: State, action: Action) -> LabelKey:
    """What the menu entry for ``action`` says, before it is a message: for a placement or a swap
    the steps, the piece taken (by id) and the levels filled, for a prophecy its side, value and
    edge colour. Many actions of a decision say the same (the placements of one piece at the same
    levels), and their entry is built once (:func:`label` is a function of this key alone)."""
    if isinstance(action, Place | Swap):
        piece = state.ring[(state.crystal + action.step) % RING_SPACES]
        cells = action.cells if isinstance(action, Place) else 1 << action.cell
        low, high = _level_range(cells)
        return (type(action).__name__, action.step, piece, low, high)
    if isinstance(action, TakeProphecy):
        edge = state.boards[state.current].edges[action.side]
        return ("TakeProphecy", action.side, action.value, edge, 0)
    return ("Pass", 0, 0, 0, 0)


def labelled_ids(game: MonolythRules, state: State) -> list[tuple[int, LabelKey]]:
    """``game.legal_actions(state)``, in order, as their action ids, each with its
    :func:`label_key`: no action is built, and each placement's id and key are looked up in a
    table per piece and step (kept), not worked out per decision."""
    if state.over:
        return []
    found: list[tuple[int, LabelKey]] = []
    for step, piece_id, masks, cells in game.offers(state):
        places, swaps = _offer_tables(game, step, piece_id)
        found += [places.get(mask) or _place(game, step, piece_id, mask) for mask in masks]
        found += [swaps.get(cell) or _swap(game, step, piece_id, cell) for cell in cells]
    board = state.boards[state.current]
    if 0 in board.prophecies and state.prophecy_tokens:
        # as game._prophecy_moves lists them: by side, then by value
        table = _prophecy_table(game)
        values = sorted(set(state.prophecy_tokens))
        for side in range(4):
            if board.prophecies[side] == 0:
                edge = board.edges[side]
                found += [
                    table.get((side, value, edge)) or _prophecy_entry(game, side, value, edge)
                    for value in values
                ]
    if not found:
        found.append((game.action_to_id(Pass()), ("Pass", 0, 0, 0, 0)))
    return found


OfferTable = dict[int, tuple[int, LabelKey]]


@lru_cache(maxsize=1024)
def _offer_tables(game: MonolythRules, step: int, piece_id: int) -> tuple[OfferTable, OfferTable]:
    """Id and label key of each placement (by mask) and swap (by cell) of the piece ``piece_id``
    taken ``step`` spaces from the crystal, filled as they are met: both are functions of the
    step, the piece and the cells alone."""
    return {}, {}


def _place(game: MonolythRules, step: int, piece_id: int, mask: int) -> tuple[int, LabelKey]:
    found = _step_table(game, step).get(mask)
    if found is None:
        action_id = game.action_to_id(Place(step, mask))
        found = _step_table(game, step)[mask] = (action_id, *_level_range(mask))
    action_id, low, high = found
    entry = (action_id, ("Place", step, piece_id, low, high))
    _offer_tables(game, step, piece_id)[0][mask] = entry
    return entry


def _swap(game: MonolythRules, step: int, piece_id: int, cell: int) -> tuple[int, LabelKey]:
    key = ("Swap", step, piece_id, *_level_range(1 << cell))
    entry = (game.action_to_id(Swap(step, cell)), key)
    _offer_tables(game, step, piece_id)[1][cell] = entry
    return entry


@lru_cache(maxsize=64)
def _step_table(game: MonolythRules, step: int) -> dict[int, tuple[int, int, int]]:
    """Id and levels (lowest, highest) of each placement ``step`` spaces away, by mask, filled
    as met: shared by every piece, so a piece's own table fills from it at a lookup each."""
    return {}


@lru_cache(maxsize=64)
def _prophecy_table(game: MonolythRules) -> dict[tuple[int, int, int], tuple[int, LabelKey]]:
    """Id and label key of each prophecy action by side, value and edge colour, filled as met."""
    return {}


def _prophecy_entry(game: MonolythRules, side: int, value: int, edge: int) -> tuple[int, LabelKey]:
    entry = (game.action_to_id(TakeProphecy(side, value)), ("TakeProphecy", side, value, edge, 0))
    _prophecy_table(game)[(side, value, edge)] = entry
    return entry


def label(game: MonolythRules, state: State, action: Action) -> Message:
    """The menu entry for ``action``: what the player to move would do."""
    return _label(game, label_key(state, action))


@lru_cache(maxsize=8192)
def _label(game: MonolythRules, key: LabelKey) -> Message:
    """The menu entry a :func:`label_key` stands for (kept: a message is read, never changed)."""
    kind = key[0]
    if kind == "TakeProphecy":
        _, side, value, edge, _ = key
        return Message("mono-choose-prophecy", _prophecy_args(game, side, value, edge))
    if kind == "Pass":
        return msg("mono-choose-pass")
    _, step, piece_id, low, high = key
    args = {**_piece_taken(game, step, piece_id), "low": low, "high": high, "span": high - low + 1}
    return Message("mono-choose-place" if kind == "Place" else "mono-choose-swap", args)


def narrate(game: MonolythRules, before: State, action: Action, after: State) -> tuple[Line, ...]:
    """The log lines for ``action``: the move, what it earned, the rival's take, the last round."""
    seat = before.current
    actor = player(seat)
    if isinstance(action, Place):
        args = {"actor": actor, **_taken(game, before, action), **_levels(action.cells)}
        lines = [msg("mono-log-place", **args)]
    elif isinstance(action, Swap):
        args = {"actor": actor, **_taken(game, before, action), **_levels(1 << action.cell)}
        lines = [msg("mono-log-swap", **args)]
    elif isinstance(action, TakeProphecy):
        lines = [msg("mono-log-prophecy", actor=actor, **_prophecy(game, before, action))]
    else:
        lines = [msg("mono-log-pass", actor=actor)]
    lines.extend(_earned(before, after, seat))
    lines.extend(_rival(game, before, action, after))
    if after.ending and not before.ending:
        complete = after.boards[seat].occupied == game._limit(after)
        reason = "mono-log-last-round-complete" if complete else "mono-log-last-round-supply"
        lines.append(msg(reason, actor=actor))
    if after.over and after.passes >= after.players:
        lines.append(msg("mono-log-all-passed"))
    return tuple(Line(line) for line in lines)


def introduce(game: MonolythRules, state: State) -> tuple[Line, ...]:
    """Who starts, and the structure card drawn for the game."""
    card = Ref("structure", game.content.cards[state.card].number)
    first = msg("mono-log-setup", actor=player(state.first_player), card=card)
    return (Line(first),)


def _earned(before: State, after: State, seat: int) -> list[Message]:
    old, new = before.boards[seat], after.boards[seat]
    actor = player(seat)
    lines = []
    for level in range(after.height):
        if new.levels_done >> level & 1 and not old.levels_done >> level & 1:
            value = new.level_tokens[level] if level < len(new.level_tokens) else 0
            if value:
                lines.append(msg("mono-log-level-token", actor=actor, level=level + 1, value=value))
            else:
                lines.append(msg("mono-log-level-no-token", actor=actor, level=level + 1))
    if new.structure_token and not old.structure_token:
        lines.append(msg("mono-log-structure-token", actor=actor, value=new.structure_token))
    return lines


def _rival(game: MonolythRules, before: State, action: Action, after: State) -> list[Message]:
    """Solo: the piece the rival removed after the turn (the last one removed, if any)."""
    if after.players != 1:
        return []
    swapped = 1 if isinstance(action, Swap) else 0
    if len(after.removed) - len(before.removed) - swapped != 1:
        return []
    return [Message("mono-log-rival", piece_args(game, after.removed[-1]))]
