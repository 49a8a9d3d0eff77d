"""The rules of Monolyth, as one module in a fixed order.

1. Facts: players, height, the action space.
2. Actions: four small value types and their integer ids.
3. State: the ring, the box, the supply, each player's board, the tokens.
4. Setup.
5. Legal actions (lazy).
6. Apply: check, take or prophesy, refill, rewards, end of turn.
7. End and scoring.

Every ruling here is written down, with its origin, in ``docs/rules/monolyth.md``.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

import msgspec
import numpy as np
import numpy.typing as npt

from monolith.core import GameInfo, IllegalAction, JsonDict, MalformedAction, Rng, RuleOption
from monolith.core.errors import BadOptions
from monolith.games.monolyth import geometry
from monolith.games.monolyth.content import Content, default_content
from monolith.games.monolyth.geometry import LEVEL_MASK, cell_index, cells_of, index_cell

# 1. Facts ----------------------------------------------------------------------------------------

RING_SPACES = 13
MAX_STEP = 4
SIDES = ("north", "east", "south", "west")
EMPTY = -1


def height_for(players: int) -> int:
    """3 levels with 3-4 players, 4 with 1-2 [seed]."""
    return 4 if players <= 2 else 3


# 2. Actions --------------------------------------------------------------------------------------


class Place(msgspec.Struct, frozen=True):
    """Move the crystal ``step`` spaces and place the piece found there on ``cells`` (a mask)."""

    step: int
    cells: int


class Swap(msgspec.Struct, frozen=True):
    """Move the crystal ``step`` spaces, remove that piece and place a single cube at ``cell``."""

    step: int
    cell: int


class TakeProphecy(msgspec.Struct, frozen=True):
    """Put the prophecy token of ``value`` on ``side`` (0 north, 1 east, 2 south, 3 west)."""

    side: int
    value: int


class Pass(msgspec.Struct, frozen=True):
    """Only when nothing else is legal."""


Action = Place | Swap | TakeProphecy | Pass


# JSON forms, read with msgspec so a malformed action names the field that is wrong.
class _PlaceJson(msgspec.Struct, tag="place", forbid_unknown_fields=True):
    step: int
    cells: list[tuple[int, int, int]]


class _SwapJson(msgspec.Struct, tag="swap", forbid_unknown_fields=True):
    step: int
    cell: tuple[int, int, int]


class _ProphecyJson(msgspec.Struct, tag="prophecy", forbid_unknown_fields=True):
    side: str
    value: int


class _PassJson(msgspec.Struct, tag="pass", forbid_unknown_fields=True):
    pass


_ActionJson = _PlaceJson | _SwapJson | _ProphecyJson | _PassJson


# 3. State ----------------------------------------------------------------------------------------


class Board(msgspec.Struct, frozen=True):
    """One player's board and what lies beside it."""

    name: str
    edges: tuple[int, int, int, int]
    """Colour index printed on the north, east, south and west edge."""
    cubes: tuple[int, ...]
    """One bitboard per colour."""
    pieces: tuple[int, ...] = ()
    prophecies: tuple[int, int, int, int] = (0, 0, 0, 0)
    """Prophecy value on each side, 0 where there is none."""
    level_tokens: tuple[int, ...] = ()
    """The level token earned for each level, bottom first, 0 where none (yet); only as long as
    the highest level paid, so a board that has earned nothing has none."""
    levels_done: int = 0
    """Bit ``l`` set once level ``l + 1`` has been completed (paid or not)."""
    structure_token: int = 0

    @property
    def occupied(self) -> int:
        occupied = 0
        for cubes in self.cubes:
            occupied |= cubes
        return occupied


class State(msgspec.Struct, frozen=True):
    """A whole game at one moment. Immutable: ``apply`` returns a new one."""

    players: int
    height: int
    card: int
    """Index of the structure card drawn for this game."""
    rng: Rng
    ring: tuple[int, ...]
    """Piece id on each of the 13 ring spaces, clockwise; -1 where empty."""
    crystal: int
    box: tuple[int, ...]
    """Piece ids still in the box (sorted: the box has no order, draws are random)."""
    supply: tuple[int, ...]
    """Single cubes set aside beside the board."""
    removed: tuple[int, ...]
    boards: tuple[Board, ...]
    level_stacks: tuple[tuple[int, ...], ...]
    structure_tokens: tuple[int, ...]
    prophecy_tokens: tuple[int, ...]
    first_player: int
    current: int
    turn: int = 0
    passes: int = 0
    """Passes in a row; when every player has passed nothing can change any more."""
    ending: bool = False
    """Set when the round's end has been triggered (completion or an exhausted supply)."""
    over: bool = False


MonolythState = State
"""The older name of :class:`State`, kept for the tests and docs that use it (The Monolith's
state is ``State`` too)."""


# 4-7. The rules -----------------------------------------------------------------------------------


class MonolythRules:
    """Monolyth's rules: setup, legal actions, apply, scoring and the encodings. What players see
    and read of a game is added above them, in :mod:`monolith.games.monolyth.game`."""

    def __init__(self, content: Content | None = None) -> None:
        self.content = content or default_content()
        c = self.content
        multi = sorted({m for name in c.shapes for m in c.tables[name].masks})
        self._set_masks: tuple[int, ...] = tuple(multi)
        self._set_index = {m: i for i, m in enumerate(multi)}
        self._n_sets = len(multi)
        self._swap_base = MAX_STEP * self._n_sets
        self._prophecy_base = self._swap_base + MAX_STEP * 64
        self._pass_id = self._prophecy_base + 4 * len(c.prophecy_values)
        self._value_index = {value: i for i, value in enumerate(c.prophecy_values)}
        # the set index of each entry of each placement table, for ids by the array (legal_ids)
        self._entry_sets = {
            name: np.array([self._set_index[m] for m, _ in table.entries], dtype=np.int64)
            for name, table in c.tables.items()
            if name != "SINGLE"
        }
        self._single_cells = np.array(
            [m.bit_length() - 1 for m, _ in c.tables["SINGLE"].entries], dtype=np.int64
        )
        self._prophecy_lists: dict[tuple[tuple[int, ...], tuple[int, ...]], list[int]] = {}
        self._structure_masks = {
            h: tuple(card.masks(h) for card in c.cards) for h in (3, geometry.MAX_HEIGHT)
        }
        self._walls = {h: tuple(geometry.wall_mask(s, h) for s in range(4)) for h in (3, 4)}
        self.info = GameInfo(
            name="monolyth",
            title="Monolyth",
            min_players=1,
            max_players=4,
            chance=True,
            hidden_information=False,
            num_actions=self._pass_id + 1,
            max_score=100.0,
            max_length=2_000,  # random games take about 60 moves
            listed=0,
            options=(
                RuleOption(
                    name="structure_card",
                    default="random",
                    choices=("random", *(card.number for card in c.cards)),
                    help="the structure card for the game: its number, or random",
                ),
            ),
        )

    # 4. Setup ------------------------------------------------------------------------------------

    def new_game(
        self, *, players: int, seed: int, options: Mapping[str, object] | None = None
    ) -> State:
        self.info.check_players(players)
        resolved = self.info.resolve_options(options)
        c = self.content
        if len(c.boards) < players:
            raise BadOptions(f"the content has only {len(c.boards)} player boards")
        rng = Rng(seed)
        if resolved["structure_card"] == "random":
            card, rng = rng.randbelow(len(c.cards))
        else:
            numbers: list[object] = [k.number for k in c.cards]
            card = numbers.index(resolved["structure_card"])
        board_ids, rng = rng.sample(range(len(c.boards)), players)
        boards = tuple(
            Board(
                name=c.boards[b][0],
                edges=c.boards[b][1],
                cubes=(0,) * len(c.colours),
            )
            for b in board_ids
        )
        box = list(c.box_pieces())
        ring = [EMPTY] * RING_SPACES
        for space in range(1, RING_SPACES):  # the crystal sits on the empty space 0
            k, rng = rng.randbelow(len(box))
            ring[space] = box.pop(k)
        first, rng = rng.randbelow(players)
        height = height_for(players)
        copies = c.prophecy_copies[players - 1]
        return State(
            players=players,
            height=height,
            card=card,
            rng=rng,
            ring=tuple(ring),
            crystal=0,
            box=tuple(box),
            supply=tuple(p.id for p in c.pieces if p.single),
            removed=(),
            boards=boards,
            level_stacks=tuple(tuple(s[:players]) for s in c.level_stacks[:height]),
            structure_tokens=tuple(c.structure_tokens[:players]),
            prophecy_tokens=tuple(sorted(v for v in c.prophecy_values for _ in range(copies))),
            first_player=first,
            current=first,
        )

    def num_players(self, state: State) -> int:
        return state.players

    def current_player(self, state: State) -> int | None:
        return None if state.over else state.current

    def is_terminal(self, state: State) -> bool:
        return state.over

    # 5. Legal actions ----------------------------------------------------------------------------

    def forget(self) -> None:
        """Drop what legal-move generation remembers between calls (each placement table's
        legal placements per building), so the next call computes everything: what a timing
        of uncached generation needs. Nothing a caller sees changes."""
        for table in self.content.tables.values():
            table.forget()

    def _limit(self, state: State) -> int:
        return geometry.height_limit(state.height)

    def _single_for(self, state: State, colour: int) -> int | None:
        for piece_id in state.supply:
            if self.content.pieces[piece_id].colour == colour:
                return piece_id
        return None

    def legal_actions(self, state: State) -> Iterator[Action]:
        if state.over:
            return
        found = False
        for action in self._moves(state):
            found = True
            yield action
        if not found:
            yield Pass()

    def _moves(self, state: State) -> Iterator[Action]:
        for step, _, masks, cells in self.offers(state):
            for mask in masks:
                yield Place(step, mask)
            for cell in cells:
                yield Swap(step, cell)
        yield from self._prophecy_moves(state)

    def offers(self, state: State) -> Iterator[tuple[int, int, Iterable[int], Iterable[int]]]:
        """What the pieces near the crystal offer the player to move, step by step (lazily): the
        step, the piece there, the masks where it may go and the cells where a single cube may go
        instead (none when no single of its colour is left). Places and swaps in this order."""
        occupied = state.boards[state.current].occupied
        limit = self._limit(state)
        tables = self.content.tables
        for step, piece_id, shape, swaps in self._near_crystal(state):
            masks = tables[shape].legal(occupied, limit)
            cells: Iterable[int] = ()
            if swaps:
                singles = tables["SINGLE"].legal(occupied, limit)
                cells = (mask.bit_length() - 1 for mask in singles)
            yield step, piece_id, masks, cells

    def _near_crystal(self, state: State) -> Iterator[tuple[int, int, str, bool]]:
        """The pieces the player to move may take, nearest the crystal first: the step, the
        piece, its shape, and whether a single cube of its colour is left to put in instead."""
        pieces = self.content.pieces
        for step in range(1, MAX_STEP + 1):
            piece_id = state.ring[(state.crystal + step) % RING_SPACES]
            if piece_id != EMPTY:
                piece = pieces[piece_id]
                swaps = self._single_for(state, piece.colour) is not None
                yield step, piece_id, piece.shape, swaps

    def legal_ids(self, state: State) -> list[int]:
        """The ids of :meth:`legal_actions`, in the same order, without building an action: a
        piece's placements become ids in one numpy step (the web table's ``legal=ids`` and the
        research interfaces' masks ask for nothing else)."""
        if state.over:
            return []
        occupied = state.boards[state.current].occupied
        limit = self._limit(state)
        tables = self.content.tables
        singles: npt.NDArray[np.int64] | None = None
        ids: list[int] = []
        for step, _, shape, swaps in self._near_crystal(state):
            sets = self._entry_sets[shape][tables[shape].fitting(occupied, limit)]
            ids += (sets + self._place_id(step, 0)).tolist()  # ids are linear in the set
            if swaps:
                if singles is None:
                    singles = self._single_cells[tables["SINGLE"].fitting(occupied, limit)]
                ids += (singles + self._swap_id(step, 0)).tolist()
        ids += self._prophecy_ids(state)
        return ids or [self._pass_id]

    def _prophecy_ids(self, state: State) -> list[int]:
        """The ids of the prophecies the player to move may take (as :meth:`_prophecy_choices`
        orders them), kept per open sides and free values: they seldom change."""
        key = (state.boards[state.current].prophecies, state.prophecy_tokens)
        found = self._prophecy_lists.get(key)
        if found is None:
            if len(self._prophecy_lists) >= 4096:
                self._prophecy_lists.clear()
            choices = self._prophecy_choices(state)
            found = self._prophecy_lists[key] = [self._prophecy_id(*c) for c in choices]
        return found

    def _prophecy_moves(self, state: State) -> Iterator[TakeProphecy]:
        for side, value in self._prophecy_choices(state):
            yield TakeProphecy(side, value)

    def _prophecy_choices(self, state: State) -> Iterator[tuple[int, int]]:
        """Side and value of each prophecy the player to move may take: by side, then value."""
        board = state.boards[state.current]
        free_values = sorted(set(state.prophecy_tokens))
        for side in range(4):
            if board.prophecies[side] == 0:
                for value in free_values:
                    yield side, value

    def _has_move(self, state: State) -> bool:
        return next(self._moves(state), None) is not None

    def legal_placements(self, state: State, step: int) -> tuple[int, ...]:
        """Masks where the piece ``step`` spaces from the crystal may go (for interfaces)."""
        return tuple(a.cells for a in self._moves(state) if isinstance(a, Place) and a.step == step)

    # 6. Apply ------------------------------------------------------------------------------------

    def check_action(self, action: object) -> None:
        """:class:`MalformedAction` naming the problem unless ``action`` is one of Monolyth's
        four actions with integer fields inside the action space (so it has an id)."""
        if isinstance(action, Place):
            _field("place step", action.step, 1, MAX_STEP)
            _field("place cells", action.cells, 1, geometry.ALL_CELLS)
        elif isinstance(action, Swap):
            _field("swap step", action.step, 1, MAX_STEP)
            _field("swap cell", action.cell, 0, 63)
        elif isinstance(action, TakeProphecy):
            _field("prophecy side", action.side, 0, 3)
            values = self.content.prophecy_values
            _field("prophecy value", action.value, min(values), max(values))
            if action.value not in values:
                raise MalformedAction(f"no prophecy token has the value {action.value}")
        elif not isinstance(action, Pass):
            raise MalformedAction(f"not a Monolyth action: {action!r}")

    def apply(self, state: State, action: Action) -> State:
        self.check_action(action)
        if state.over:
            raise IllegalAction("the game is over")
        if isinstance(action, Place) or isinstance(action, Swap):  # noqa: SIM101 - no union made per call
            state = self._take_piece(state, action)
            passes = 0
        elif isinstance(action, TakeProphecy):
            state = self._take_prophecy(state, action)
            passes = 0
        elif isinstance(action, Pass):
            if self._has_move(state):
                raise IllegalAction("you have a legal move, so you cannot pass")
            passes = state.passes + 1
        else:  # pragma: no cover - check_action lets only the four actions through
            raise MalformedAction(f"not a Monolyth action: {action!r}")
        return self._end_turn(state, passes)

    def _check_cells(self, state: State, mask: int) -> None:
        occupied = state.boards[state.current].occupied
        too_high = mask & ~self._limit(state)
        if too_high:
            cell = next(cells_of(too_high))
            raise IllegalAction(
                f"cube at {cell_name(cell)} would stand above level {state.height}, "
                "the height limit"
            )
        overlap = mask & occupied
        if overlap:
            raise IllegalAction(f"cell {cell_name(next(cells_of(overlap)))} is already filled")
        hanging = geometry.support_needed(mask) & ~occupied
        if hanging:
            below = next(cells_of(hanging))
            above = (below[0], below[1], below[2] + 1)
            raise IllegalAction(f"cube at {cell_name(above)} would hang over empty space")

    def apply_legal(self, state: State, action: Action) -> State:
        """What :meth:`apply` returns for ``action``, which the caller knows is legal (an id
        set in the action mask, say), without the checks that name what is wrong with an
        illegal one: a placement or a swap skips them, and a pass skips looking for a move
        the player could make instead (the costly check: it lists every placement); anything
        else goes through ``apply``. An illegal action here gives a wrong state, not an error."""
        if type(action) is Place or type(action) is Swap:
            return self._end_turn(self._take_piece(state, action, checked=False), 0)
        if type(action) is Pass and not state.over:
            return self._end_turn(state, state.passes + 1)
        return self.apply(state, action)

    def _take_piece(self, state: State, action: Place | Swap, *, checked: bool = True) -> State:
        space = (state.crystal + action.step) % RING_SPACES
        piece_id = state.ring[space]
        if checked and piece_id == EMPTY:
            raise IllegalAction(f"the ring space {action.step} steps from the crystal is empty")
        piece = self.content.pieces[piece_id]
        supply = state.supply
        removed = state.removed
        if isinstance(action, Place):
            if checked:
                if action.cells not in self.content.tables[piece.shape].masks:
                    raise IllegalAction(
                        f"those cells are not the shape of the {self.content.colours[piece.colour]}"
                        f" {piece.shape} turned any way"
                    )
                self._check_cells(state, action.cells)
            placed_id, mask = piece_id, action.cells
        else:
            single = self._single_for(state, piece.colour)
            if single is None:
                colour_name = self.content.colours[piece.colour]
                raise IllegalAction(f"no single {colour_name} cube is left in the supply")
            mask = 1 << action.cell
            if checked:
                self._check_cells(state, mask)
            placed_id = single
            supply = tuple(p for p in supply if p != single)
            removed = (*removed, piece_id)
        board = state.boards[state.current]
        cubes = list(board.cubes)
        cubes[piece.colour] |= mask
        board = msgspec.structs.replace(
            board, cubes=tuple(cubes), pieces=(*board.pieces, placed_id)
        )
        ring = list(state.ring)
        ring[space] = EMPTY
        rng = state.rng
        box = state.box
        start = state.crystal
        if box:  # draw from the box onto the space where the crystal started
            k, rng = rng.randbelow(len(box))
            ring[start] = box[k]
            box = box[:k] + box[k + 1 :]
        state = msgspec.structs.replace(
            state,
            ring=tuple(ring),
            crystal=space,
            box=box,
            rng=rng,
            supply=supply,
            removed=removed,
            boards=self._replace_board(state, state.current, board),
        )
        return self._rewards(state)

    def _take_prophecy(self, state: State, action: TakeProphecy) -> State:
        board = state.boards[state.current]
        if board.prophecies[action.side]:
            raise IllegalAction(f"the {SIDES[action.side]} side already has a prophecy")
        if action.value not in state.prophecy_tokens:
            raise IllegalAction(f"no prophecy token of value {action.value} is available")
        tokens = list(state.prophecy_tokens)
        tokens.remove(action.value)
        prophecies = list(board.prophecies)
        prophecies[action.side] = action.value
        board = msgspec.structs.replace(
            board, prophecies=(prophecies[0], prophecies[1], prophecies[2], prophecies[3])
        )
        return msgspec.structs.replace(
            state,
            prophecy_tokens=tuple(tokens),
            boards=self._replace_board(state, state.current, board),
        )

    @staticmethod
    def _replace_board(state: State, seat: int, board: Board) -> tuple[Board, ...]:
        return (*state.boards[:seat], board, *state.boards[seat + 1 :])

    def with_cubes_placed(self, state: State, colour: int, mask: int) -> State:
        """``state`` with ``mask`` added to the current player's building in ``colour`` and the
        level and structure tokens that earns paid, and nothing else changed: no piece leaves
        the ring, nothing is drawn, the turn does not end. A search judging many moves one ply
        ahead needs only this much of each (``heuristic.afterstate``); callers check legality."""
        board = state.boards[state.current]
        cubes = list(board.cubes)
        cubes[colour] |= mask
        board = msgspec.structs.replace(board, cubes=tuple(cubes))
        placed = msgspec.structs.replace(
            state, boards=self._replace_board(state, state.current, board)
        )
        return self._rewards(placed)

    def _rewards(self, state: State) -> State:
        """Level tokens for newly completed levels, and the structure token for a fitting shape."""
        board = state.boards[state.current]
        occupied = board.occupied
        stacks = list(state.level_stacks)
        structure_tokens = state.structure_tokens
        for level in range(state.height):
            if board.levels_done >> level & 1:
                continue
            if (occupied >> (16 * level)) & LEVEL_MASK == LEVEL_MASK:
                tokens = board.level_tokens
                if stacks[level]:
                    paid = list(tokens) + [0] * (level + 1 - len(tokens))
                    paid[level] = stacks[level][0]
                    tokens = tuple(paid)
                    stacks[level] = stacks[level][1:]
                board = msgspec.structs.replace(
                    board, level_tokens=tokens, levels_done=board.levels_done | 1 << level
                )
        if (
            not board.structure_token
            and structure_tokens
            and occupied in self._structure_masks[state.height][state.card]
        ):
            board = msgspec.structs.replace(board, structure_token=structure_tokens[0])
            structure_tokens = structure_tokens[1:]
        if board is state.boards[state.current]:  # nothing earned: the state as it was
            return state
        return msgspec.structs.replace(
            state,
            boards=self._replace_board(state, state.current, board),
            level_stacks=tuple(stacks),
            structure_tokens=structure_tokens,
        )

    def _supply_out(self, state: State) -> bool:
        return not state.box and all(p == EMPTY for p in state.ring)

    def _end_turn(self, state: State, passes: int) -> State:
        """The turn ends with ``passes`` passes in a row (0 after anything but a pass)."""
        limit = self._limit(state)
        complete = state.boards[state.current].occupied == limit
        if state.players == 1:
            state = self._rival_takes(state)
            over = complete or self._supply_out(state)
            return msgspec.structs.replace(state, passes=passes, over=over, turn=state.turn + 1)
        ending = state.ending or complete or self._supply_out(state)
        following = (state.current + 1) % state.players
        over = (ending and following == state.first_player) or passes >= state.players
        return msgspec.structs.replace(
            state, passes=passes, ending=ending, over=over, current=following, turn=state.turn + 1
        )

    def _rival_takes(self, state: State) -> State:
        """Solo: the first piece clockwise of the crystal leaves the game; its space is refilled."""
        for step in range(1, RING_SPACES):
            space = (state.crystal + step) % RING_SPACES
            piece_id = state.ring[space]
            if piece_id == EMPTY:
                continue
            ring = list(state.ring)
            ring[space] = EMPTY
            rng, box = state.rng, state.box
            if box:
                k, rng = rng.randbelow(len(box))
                ring[space] = box[k]
                box = box[:k] + box[k + 1 :]
            return msgspec.structs.replace(
                state, ring=tuple(ring), rng=rng, box=box, removed=(*state.removed, piece_id)
            )
        return state

    # 7. End and scoring --------------------------------------------------------------------------

    def wall_counts(self, state: State, seat: int) -> tuple[int, int, int, int]:
        """Cubes of each side's edge colour standing in that side's wall: what a prophecy on the
        side counts."""
        return self.board_wall_counts(state.boards[seat], state.height)

    def fulfilled(self, state: State, seat: int) -> tuple[bool, bool, bool, bool]:
        """Whether each side's prophecy is fulfilled now: enough cubes of its colour in its wall."""
        return self.board_fulfilled(state.boards[seat], state.height)

    def score(self, state: State, seat: int) -> int:
        return self.board_score(state.boards[seat], state.height)

    def board_wall_counts(self, board: Board, height: int) -> tuple[int, int, int, int]:
        """:meth:`wall_counts` of a board in a game of ``height`` levels (all it depends on)."""
        walls = self._walls[height]
        counts = [(board.cubes[board.edges[side]] & walls[side]).bit_count() for side in range(4)]
        return counts[0], counts[1], counts[2], counts[3]

    def board_fulfilled(self, board: Board, height: int) -> tuple[bool, bool, bool, bool]:
        """:meth:`fulfilled` of a board in a game of ``height`` levels."""
        counts = self.board_wall_counts(board, height)
        result = [
            bool(value) and counts[side] >= value for side, value in enumerate(board.prophecies)
        ]
        return result[0], result[1], result[2], result[3]

    def board_score(self, board: Board, height: int) -> int:
        """:meth:`score` of a board in a game of ``height`` levels."""
        done = self.board_fulfilled(board, height)
        prophecies = sum(value for value, ok in zip(board.prophecies, done, strict=True) if ok)
        return board.structure_token + sum(board.level_tokens) + prophecies

    def scores(self, state: State) -> tuple[float, ...]:
        return tuple(float(self.score(state, seat)) for seat in range(state.players))

    def ranking(self, state: State) -> tuple[int, ...]:
        """Most points; then more level tokens; then later in turn order [ours]."""

        def key(seat: int) -> tuple[int, int, int]:
            order = (seat - state.first_player) % state.players
            tokens = sum(1 for token in state.boards[seat].level_tokens if token)
            return self.score(state, seat), tokens, order

        return tuple(sorted(range(state.players), key=key, reverse=True))

    def solo_rating(self, state: State) -> str:
        return self.content.rating(self.score(state, 0))

    # Encodings -----------------------------------------------------------------------------------

    def action_to_id(self, action: Action) -> int:
        self.check_action(action)
        if isinstance(action, Place):
            index = self._set_index.get(action.cells)
            if index is None:
                raise MalformedAction("no piece fills exactly those cells, turned any way")
            return self._place_id(action.step, index)
        if isinstance(action, Swap):
            return self._swap_id(action.step, action.cell)
        if isinstance(action, TakeProphecy):
            return self._prophecy_id(action.side, action.value)
        return self._pass_id

    def _place_id(self, step: int, set_index: int) -> int:
        return (step - 1) * self._n_sets + set_index

    def _swap_id(self, step: int, cell: int) -> int:
        return self._swap_base + (step - 1) * 64 + cell

    def _prophecy_id(self, side: int, value: int) -> int:
        return self._prophecy_base + side * len(self._value_index) + self._value_index[value]

    def action_from_id(self, action_id: int) -> Action:
        _field("action id", action_id, 0, self._pass_id)
        if action_id < self._swap_base:
            step, index = divmod(action_id, self._n_sets)
            return Place(step + 1, self._set_masks[index])
        if action_id < self._prophecy_base:
            step, cell = divmod(action_id - self._swap_base, 64)
            return Swap(step + 1, cell)
        if action_id < self._pass_id:
            values = self.content.prophecy_values
            side, index = divmod(action_id - self._prophecy_base, len(values))
            return TakeProphecy(side, values[index])
        return Pass()

    def action_to_json(self, action: Action) -> JsonDict:
        if isinstance(action, Place):
            return {
                "type": "place",
                "step": action.step,
                "cells": [list(c) for c in cells_of(action.cells)],
            }
        if isinstance(action, Swap):
            return {"type": "swap", "step": action.step, "cell": list(index_cell(action.cell))}
        if isinstance(action, TakeProphecy):
            return {"type": "prophecy", "side": SIDES[action.side], "value": action.value}
        return {"type": "pass"}

    def action_from_json(self, data: object) -> Action:
        try:
            parsed = msgspec.convert(data, _ActionJson)
        except msgspec.ValidationError as error:
            raise MalformedAction(f"malformed Monolyth action: {error}") from error
        if isinstance(parsed, _PlaceJson):
            cells = [_checked_cell(c) for c in parsed.cells]
            if len(set(cells)) != len(cells):
                raise MalformedAction("a cell is listed twice")
            return Place(parsed.step, geometry.mask_of(cells))
        if isinstance(parsed, _SwapJson):
            x, y, z = _checked_cell(parsed.cell)
            return Swap(parsed.step, cell_index(x, y, z))
        if isinstance(parsed, _ProphecyJson):
            if parsed.side not in SIDES:
                raise MalformedAction(
                    f"side must be one of {', '.join(SIDES)}, not {parsed.side!r}"
                )
            return TakeProphecy(SIDES.index(parsed.side), parsed.value)
        return Pass()

    def state_to_json(self, state: State) -> JsonDict:
        return msgspec.to_builtins(state)  # type: ignore[no-any-return]

    def state_from_json(self, data: object) -> State:
        """Read a state; :class:`MalformedAction` names what is wrong with its shape or what no
        game could reach (a piece in two places, a floating cube, a seat out of range)."""
        try:
            state = msgspec.convert(data, State)
        except msgspec.ValidationError as error:
            raise MalformedAction(f"malformed Monolyth state: {error}") from error
        problem = self._impossible(state)
        if problem:
            raise MalformedAction(f"impossible Monolyth state: {problem}")
        return state

    def _impossible(self, state: State) -> str | None:
        """What makes ``state`` one no game can reach, or ``None``."""
        c = self.content
        n = state.players
        if not self.info.min_players <= n <= self.info.max_players:
            return f"{n} players"
        if state.height != height_for(n):
            return f"height {state.height} with {n} players"
        if not 0 <= state.card < len(c.cards):
            return f"no structure card {state.card}"
        if len(state.ring) != RING_SPACES or not 0 <= state.crystal < RING_SPACES:
            return "the ring has 13 spaces and the crystal stands on one of them"
        if state.ring[state.crystal] != EMPTY:
            return "a piece lies under the crystal"
        if len(state.boards) != n or not (0 <= state.current < n and 0 <= state.first_player < n):
            return "a board, the first player or the current player does not match the seats"
        placed = [p for b in state.boards for p in b.pieces]
        held = [p for p in state.ring if p != EMPTY]
        held += [*state.box, *state.supply, *state.removed, *placed]
        if sorted(held) != list(range(len(c.pieces))):
            return "every piece must be in exactly one place"
        if any(c.pieces[p].single for p in (*state.box, *state.ring) if p != EMPTY):
            return "a single cube in the box or on the ring"
        limit = self._limit(state)
        for seat, board in enumerate(state.boards):
            if len(board.cubes) != len(c.colours):
                return f"board {seat} has cubes for {len(board.cubes)} colours"
            occupied = 0
            for colour, cubes in enumerate(board.cubes):
                if cubes < 0 or cubes & occupied:
                    return f"board {seat}: a cell holds two cubes"
                occupied |= cubes
                size = sum(
                    len(c.shapes[c.pieces[p].shape]) if not c.pieces[p].single else 1
                    for p in board.pieces
                    if c.pieces[p].colour == colour
                )
                if cubes.bit_count() != size:
                    return f"board {seat}: its {c.colours[colour]} cubes do not match its pieces"
            if occupied & ~limit or geometry.support_needed(occupied) & ~occupied:
                return f"board {seat}: a cube above the height limit or over empty space"
            if any(v and v not in c.prophecy_values for v in board.prophecies):
                return f"board {seat}: a prophecy of a value no token has"
            if len(board.level_tokens) > state.height or min(board.level_tokens, default=0) < 0:
                return f"board {seat}: level tokens"
        return None

    def undoable(self, before: State, after: State) -> bool:
        """Only a draw from the box reveals anything; a draw advances the random source."""
        return before.rng == after.rng


def cell_name(cell: tuple[int, int, int]) -> str:
    """``b3^2``: column b (west to east a-d), row 3 (north to south 1-4), level 2."""
    x, y, z = cell
    return f"{'abcd'[x]}{y + 1}^{z + 1}"


def _field(name: str, value: object, low: int, high: int) -> None:
    """:class:`MalformedAction` unless ``value`` is an integer (not a bool) in ``low..high``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedAction(f"{name} must be an integer, not {value!r}")
    if not low <= value <= high:
        raise MalformedAction(f"{name} must be {low}-{high}, not {value}")


def _checked_cell(cell: Any) -> tuple[int, int, int]:
    x, y, z = cell
    if not (0 <= x < 4 and 0 <= y < 4 and 0 <= z < 4):
        raise MalformedAction(f"cell {[x, y, z]} is off the 4x4x4 grid")
    return x, y, z
