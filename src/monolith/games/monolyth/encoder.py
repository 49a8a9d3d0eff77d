"""Monolyth for learning agents: an observation tensor and a legal-action mask, both fast.

Monolyth hides nothing but the future (the random source and which piece the box gives next),
so what a seat's view shows is the state less those two; the encoder reads a state only where
its view shows it (the box as counts), and a view is first turned into a state by
``determinize``. Seats are relative: channel index 0 is always the observing seat, then the
others clockwise. Every value lies in [0, 1].
"""

from __future__ import annotations

import operator
from array import array
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from monolith.core import JsonDict
from monolith.core.layout import Layout, Tensor
from monolith.games.monolyth.game import Monolyth
from monolith.games.monolyth.geometry import height_limit
from monolith.games.monolyth.rules import EMPTY, MAX_STEP, RING_SPACES, Board, State

SEATS = 4
LEVELS = 4
MAX_SCORE = 100.0
"""Above any score a board can make (structure 10, levels 24, four prophecies of 12)."""

Mask = npt.NDArray[np.int8]
_U64 = npt.NDArray[np.uint64]
_K = TypeVar("_K")


class MonolythEncoder:
    """Monolyth's observation tensor and action mask (see :mod:`monolith.rl`)."""

    def __init__(self, game: Monolyth | None = None) -> None:
        self.game = game or Monolyth()
        c = self.game.content
        self.num_actions = self.game.info.num_actions
        self.colours = len(c.colours)
        self.shapes = list(c.shapes)
        shapes = len(self.shapes)
        values = c.prophecy_values
        self.board_columns = 4 * self.colours + 4 + 4 + LEVELS + LEVELS + 1 + 1
        """Columns of the ``boards`` channel per seat."""
        layout = Layout()
        layout.add(
            "cubes",
            (SEATS, self.colours, LEVELS, 4, 4),
            "1 where a seat's board has a cube of that colour at level z, row y, column x "
            "(seat 0 is the observer, then clockwise; colours in content order)",
        )
        layout.add(
            "ring",
            (RING_SPACES - 1, self.colours + shapes),
            "the piece 1-12 steps clockwise from the crystal: colour one-hot, then shape "
            "one-hot (all 0 where the space is empty); steps 1-4 are the ones a player can take",
        )
        layout.add("box", (self.colours, shapes), "pieces left in the box by colour and shape / 2")
        layout.add(
            "boards",
            (SEATS, self.board_columns),
            "per seat: each side's printed colour one-hot (4 sides x colours: "
            f"{4 * self.colours} columns), the prophecy on each side / 12 (4), each prophecy "
            "fulfilled now (4), the level token earned per level / 9 (4), each level complete "
            f"(4), the structure token / 10 (1), the current score / {MAX_SCORE:.0f} (1)",
        )
        layout.add("seated", (SEATS,), "1 for seats in this game")
        layout.add("to_move", (SEATS,), "the seat whose turn it is, one-hot (all 0 once over)")
        layout.add("first", (SEATS,), "the first player, one-hot")
        layout.add("supply", (self.colours,), "single cubes left in the supply per colour / 4")
        layout.add(
            "level_stacks", (LEVELS, 2), "per level: tokens left / 4, value of the top one / 9"
        )
        layout.add("structure_tokens", (2,), "structure tokens left / 4, value of the top one / 10")
        layout.add(
            "prophecy_tokens",
            (len(values),),
            f"prophecy tokens left per value {values[0]}-{values[-1]} / 2",
        )
        layout.add("structure_card", (len(c.cards),), "the structure card of the game, one-hot")
        layout.add("height", (2,), "the height limit, one-hot: 3 levels, 4 levels")
        layout.add("players", (SEATS,), "the number of players, one-hot 1-4")
        layout.add("flags", (3,), "the round is ending, passes in a row / players, game over")
        self.layout = layout
        self.shape: tuple[int, ...] = (layout.size,)
        self._piece_rows = [row.tobytes() for row in self._pieces_table(shapes)]
        """Per piece id: its ``ring`` row as ``float32`` bytes; index -1 (an empty space) is a
        row of zeros."""
        self._box_index = [
            -1 if p.single else p.colour * shapes + self.shapes.index(p.shape) for p in c.pieces
        ]
        """Per piece id: its place in the ``box`` channel (-1: a single cube, never boxed)."""
        self._box_size = layout["box"].size
        self._colour_of = [p.colour for p in c.pieces]
        self._value_index = {value: i for i, value in enumerate(values)}
        self._cards = len(c.cards)
        self._edges: dict[tuple[int, int, int, int], list[float]] = {}
        self._bits: dict[int, bytes] = {}
        self._boards: dict[int, tuple[Board, bytes, bytes]] = {}
        self._seat_order = [
            [
                operator.itemgetter(slice(None))  # a tuple of the boards, even of one
                if seat == 0
                else operator.itemgetter(*((seat + k) % players for k in range(players)))
                for seat in range(players)
            ]
            for players in range(SEATS + 1)
        ]
        """Per number of players and seat: the boards from that seat's clockwise."""
        self._rows: dict[tuple[object, ...], bytes] = {}
        # the channels after ``boards``, in parts, each by what it shows
        self._seated: dict[tuple[int, int, int], bytes] = {}
        self._supplies: dict[tuple[int, ...], bytes] = {}
        self._stocks: dict[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]], bytes] = {}
        self._prophecies: dict[tuple[int, ...], bytes] = {}
        self._settings: dict[tuple[int, int, int, bool, float, bool], bytes] = {}
        self._no_cubes = [bytes(4 * k * self.colours * 64) for k in range(SEATS)]
        self._no_rows = [bytes(4 * k * self.board_columns) for k in range(SEATS)]
        self._ring_after = [
            operator.itemgetter(*((crystal + step) % RING_SPACES for step in range(1, RING_SPACES)))
            for crystal in range(RING_SPACES)
        ]
        """Per crystal space: the ring read clockwise from the space after it."""
        self._last_box: tuple[tuple[int, ...], array[float], bytes] = ((), array("f"), b"")
        self._no_levels = [0.0] * LEVELS
        self._level_bits = [[float(bits >> k & 1) for k in range(LEVELS)] for bits in range(16)]
        self._prophecy_blocks: dict[
            tuple[tuple[int, ...], tuple[int, ...]], tuple[bytes | None]
        ] = {}
        self._last_supply: tuple[tuple[int, ...], frozenset[int]] = ((), frozenset())
        self._no_stacks: tuple[tuple[int, ...], ...] = ((),) * LEVELS
        # the mask's blocks that say no: a step's placements, a step's swaps, the prophecies
        self._no_place = bytes(self.game._n_sets)
        self._no_swap = bytes(64)
        self._no_prophecy = bytes(4 * len(values))
        self._byte_bits = [bytes(b >> k & 1 for k in range(8)) for b in range(256)]
        """Per byte: its bits, lowest first, one byte each (so 8 bytes of a bitboard become
        the 64 flags of its cells by one join)."""
        self._byte_floats = [
            np.array(list(bits), dtype=np.float32).tobytes() for bits in self._byte_bits
        ]
        """The same as ``float32`` values (so a bitboard becomes its cubes' channel by one join)."""
        self._near = [
            operator.itemgetter(
                *((crystal + step) % RING_SPACES for step in range(1, MAX_STEP + 1))
            )
            for crystal in range(RING_SPACES)
        ]
        """Per crystal space: the pieces 1-4 steps clockwise of it, the ones a player can take."""
        support = {m: s for table in c.tables.values() for m, s in table.entries}
        sets = self.game._set_masks
        self._touched: _U64 = np.array([m | support[m] for m in sets], dtype=np.uint64)
        self._supports: _U64 = np.array([support[m] for m in sets], dtype=np.uint64)
        """Per set of cells: the cells it fills and the cells under it, and the cells under it
        alone. A placement is legal when, of the cells it touches, exactly those under it are
        filled: one test of every set at once serves the four pieces."""
        self._members: dict[int, list[npt.NDArray[np.bool_] | None]] = {}
        """Per height: each piece id's shape as a flag per set of cells (``None`` for a single
        cube): the sets that are that shape turned some way and stand under the height."""
        for height in (3, 4):
            limit = height_limit(height)
            by_shape = {}
            for shape in c.shapes:
                member = np.zeros(self.game._n_sets, dtype=np.bool_)
                member[
                    [self.game._set_index[m] for m, _ in c.tables[shape].entries if m <= limit]
                ] = True
                by_shape[shape] = member
            self._members[height] = [None if p.single else by_shape[p.shape] for p in c.pieces]

    def _pieces_table(self, shapes: int) -> Tensor:
        """Per piece id: its colour and shape one-hot (a last row of zeros for an empty space)."""
        c = self.game.content
        table = np.zeros((len(c.pieces) + 1, self.colours + shapes), dtype=np.float32)
        for p in c.pieces:
            table[p.id, p.colour] = 1
            if not p.single:
                table[p.id, self.colours + self.shapes.index(p.shape)] = 1
        return table

    def state_of(self, state_or_view: State | JsonDict, seat: int) -> State:
        """A state to read: the state itself, or one the view shows (nothing is hidden but the
        future, which the encoder never reads)."""
        if isinstance(state_or_view, dict):
            return self.game.determinize(state_or_view, 0)
        return state_or_view

    def observation_tensor(self, state_or_view: State | JsonDict, seat: int) -> Tensor:
        """What ``seat`` sees, as a flat ``float32`` vector of :attr:`shape` (see the channel
        table: ``layout.markdown()``). One join of parts, nearly all remembered: a board's
        (boards are immutable, and a move changes only the mover's), each piece's ring row,
        and the channels after ``boards`` together (they change only when a token is taken,
        a cube swapped in or the turn passes)."""
        state = self.state_of(state_or_view, seat)
        n = state.players
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not in this {n}-player game")
        known = self._boards
        cubes: list[bytes] = []
        rows: list[bytes] = []
        for board in self._seat_order[n][seat](state.boards):
            entry = known.get(id(board))
            if entry is None or entry[0] is not board:
                entry = self._board(board, state.height)
            cubes.append(entry[1])
            rows.append(entry[2])
        missing = SEATS - n
        cubes.append(self._no_cubes[missing])
        rows.append(self._no_rows[missing])
        piece_rows = self._piece_rows
        last_box = self._last_box
        turn = -1 if state.over else (state.current - seat) % n
        first = (state.first_player - seat) % n
        # the channels after ``boards``, in five parts remembered by what they show
        remember = self._remember
        seats_key = (n, turn, first)
        seated = self._seated.get(seats_key)
        if seated is None:
            seated = remember(self._seated, seats_key, self._seats_part(n, turn, first))
        supply = self._supplies.get(state.supply)
        if supply is None:
            supply = remember(self._supplies, state.supply, self._supply_part(state.supply))
        stocks_key = (state.level_stacks, state.structure_tokens)
        stocks = self._stocks.get(stocks_key)
        if stocks is None:
            stocks = remember(self._stocks, stocks_key, self._stocks_part(*stocks_key))
        tokens = state.prophecy_tokens
        prophecies = self._prophecies.get(tokens)
        if prophecies is None:
            prophecies = remember(self._prophecies, tokens, self._prophecy_part(tokens))
        passes = min(state.passes, n) / n
        game_key = (state.card, state.height, n, state.ending, passes, state.over)
        settings = self._settings.get(game_key)
        if settings is None:
            settings = remember(self._settings, game_key, self._game_part(*game_key))
        # every part is float32 bytes: one join makes the caller's own, writable tensor
        return np.frombuffer(
            bytearray().join(
                [
                    *cubes,
                    *[piece_rows[p] for p in self._ring_after[state.crystal](state.ring)],
                    last_box[2] if last_box[0] is state.box else self._box_counts(state.box),
                    *rows,
                    seated,
                    supply,
                    stocks,
                    prophecies,
                    settings,
                ]
            ),
            dtype=np.float32,
        )

    def _box_counts(self, box: tuple[int, ...]) -> bytes:
        """The ``box`` channel. A move draws one piece from the box, so the last box's counts
        are remembered and, when this box is exactly that one less a piece (checked element by
        element), only that piece is taken off."""
        last_box, last_counts, last_bytes = self._last_box
        if box is not last_box:
            drawn = sum(last_box) - sum(box)
            shrunk = len(box) == len(last_box) - 1 and drawn in last_box
            if shrunk:
                at = last_box.index(drawn)
                shrunk = box == last_box[:at] + last_box[at + 1 :]
            if shrunk:
                last_counts = array("f", last_counts)
                last_counts[self._box_index[drawn]] -= 0.5
            else:
                last_counts = array("f", bytes(4 * self._box_size))
                for piece in box:
                    last_counts[self._box_index[piece]] += 0.5
            last_bytes = last_counts.tobytes()
            self._last_box = (box, last_counts, last_bytes)
        return last_bytes

    @staticmethod
    def _remember(known: dict[_K, bytes], key: _K, values: list[float]) -> bytes:
        """``values`` as ``float32`` bytes, kept in ``known`` under ``key``; a full store
        starts again."""
        if len(known) >= 4096:
            known.clear()
        part = known[key] = np.array(values, dtype=np.float32).tobytes()
        return part

    def _seats_part(self, players: int, turn: int, first: int) -> list[float]:
        """The ``seated``, ``to_move`` and ``first`` channels."""
        values = [float(i < players) for i in range(SEATS)]
        values += [float(i == turn) for i in range(SEATS)]
        values += [float(i == first) for i in range(SEATS)]
        return values

    def _supply_part(self, supply: tuple[int, ...]) -> list[float]:
        """The ``supply`` channel."""
        values = [0.0] * self.colours
        for piece in supply:
            values[self._colour_of[piece]] += 0.25
        return values

    def _stocks_part(
        self, level_stacks: tuple[tuple[int, ...], ...], structure_tokens: tuple[int, ...]
    ) -> list[float]:
        """The ``level_stacks`` and ``structure_tokens`` channels."""
        values: list[float] = []
        for stack in (*level_stacks, *self._no_stacks[len(level_stacks) :]):
            values += (len(stack) / 4, (stack[0] if stack else 0) / 9)
        tokens = structure_tokens
        values += (len(tokens) / 4, (tokens[0] if tokens else 0) / 10)
        return values

    def _prophecy_part(self, tokens: tuple[int, ...]) -> list[float]:
        """The ``prophecy_tokens`` channel."""
        values = [0.0] * len(self._value_index)
        for value in tokens:
            values[self._value_index[value]] += 0.5
        return values

    def _game_part(
        self, card: int, height: int, players: int, ending: bool, passes: float, over: bool
    ) -> list[float]:
        """The ``structure_card``, ``height``, ``players`` and ``flags`` channels."""
        values = [float(card == k) for k in range(self._cards)]
        values += [float(height == 3), float(height == 4)]
        values += [float(players == k + 1) for k in range(SEATS)]
        values += (float(ending), passes, float(over))
        return values

    def _supply_colours(self, supply: tuple[int, ...]) -> frozenset[int]:
        """The colours of the single cubes left, remembered for the last supply (it changes
        only when a cube is swapped in)."""
        last = self._last_supply
        if last[0] is not supply:
            colours = frozenset(self._colour_of[p] for p in supply)
            last = self._last_supply = (supply, colours)
        return last[1]

    def _board(self, board: Board, height: int) -> tuple[Board, bytes, bytes]:
        """One board's cubes and its row of the ``boards`` channel, remembered per board
        (looked up in :meth:`observation_tensor`): boards are immutable and a move changes only
        the mover's, so an observation meets at most one board it has not seen. The cubes are
        each colour's bits, remembered per bitboard (a move changes one colour),
        and the row is remembered per what it shows (it changes only when a board scores)."""
        known = self._bits
        byte_floats = self._byte_floats
        parts = []
        for colour in board.cubes:
            bits = known.get(colour)
            if bits is None:
                bits = b"".join([byte_floats[b] for b in colour.to_bytes(8, "little")])
                if len(known) >= 4096:
                    known.clear()
                known[colour] = bits
            parts.append(bits)
        walls = self.game._walls[height]
        prophecies = board.prophecies
        fulfilled = 0
        if prophecies != (0, 0, 0, 0):
            edges = board.edges
            for side in range(4):
                value = prophecies[side]
                if value and (board.cubes[edges[side]] & walls[side]).bit_count() >= value:
                    fulfilled |= 1 << side
        key = (
            board.edges,
            prophecies,
            fulfilled,
            board.level_tokens,
            board.levels_done,
            board.structure_token,
        )
        row = self._rows.get(key)
        if row is None:
            row = np.array(self._board_row(board, fulfilled), dtype=np.float32).tobytes()
            if len(self._rows) >= 4096:
                self._rows.clear()
            self._rows[key] = row
        if len(self._boards) > 64:
            self._boards.clear()
        entry = self._boards[id(board)] = (board, b"".join(parts), row)
        return entry

    def _board_row(self, board: Board, fulfilled: int) -> list[float]:
        """One board's row of the ``boards`` channel, ``fulfilled`` a bit per side whose
        prophecy is fulfilled (the score as ``Monolyth.score`` counts it: the structure token,
        the level tokens and the fulfilled prophecies)."""
        edges = board.edges
        prophecies = board.prophecies
        row = self._edges.get(edges)
        if row is None:
            row = self._edges[edges] = [
                float(edges[side] == k) for side in range(4) for k in range(self.colours)
            ]
        row = row.copy()
        score = board.structure_token
        row += [value / 12 for value in prophecies]
        row += self._level_bits[fulfilled]
        for side in range(4):
            if fulfilled >> side & 1:
                score += prophecies[side]
        for token in board.level_tokens:
            row.append(token / 9)
            score += token
        row += self._no_levels[len(board.level_tokens) :]
        row += self._level_bits[board.levels_done & 15]
        row.append(board.structure_token / 10)
        row.append(score / MAX_SCORE)
        return row

    def action_mask(self, state_or_view: State | JsonDict, seat: int | None = None) -> Mask:
        """1 for each legal action id of the player to move, over ``num_actions`` (all 0 once
        the game is over), computed without building action objects: one array test finds
        every legal set of cells on the board, each piece near the crystal keeps the ones of
        its shape as its block of placements, and the blocks are joined in one call (the mask
        lists every step's placements, then every step's swaps, the prophecies and the pass)."""
        state = self.state_of(state_or_view, 0 if seat is None else seat)
        if state.over:
            return np.zeros(self.num_actions, dtype=np.int8)
        board = state.boards[state.current]
        occupied = board.occupied
        members = self._members[state.height]
        colour_of = self._colour_of
        no_place = self._no_place
        no_swap = self._no_swap
        # a single cube may go on any free cell under the limit standing on a cube or the board
        singles = ~occupied & height_limit(state.height) & ((occupied << 16) | 0xFFFF)
        supply = self._supply_colours(state.supply) if singles else frozenset()
        legal = None
        cells = None
        places: list[bytes] = []
        swaps: list[bytes] = []
        for piece_id in self._near[state.crystal](state.ring):
            if piece_id == EMPTY:
                places.append(no_place)
                swaps.append(no_swap)
                continue
            member = members[piece_id]
            if member is None:
                places.append(no_place)
            else:
                if legal is None:
                    legal = (self._touched & np.uint64(occupied)) == self._supports
                places.append((legal & member).tobytes())
            if colour_of[piece_id] in supply:
                if cells is None:
                    cells = b"".join([self._byte_bits[b] for b in singles.to_bytes(8, "little")])
                swaps.append(cells)
            else:
                swaps.append(no_swap)
        found = cells is not None
        prophecies = self._no_prophecy
        if state.prophecy_tokens:
            block = self._prophecy_block(board.prophecies, state.prophecy_tokens)
            if block is not None:
                prophecies = block
                found = True
        # every block is bytes of 0 and 1: one join makes the caller's own, writable mask
        mask = np.frombuffer(bytearray().join([*places, *swaps, prophecies, b"\0"]), dtype=np.int8)
        if not found and (legal is None or not mask.any()):
            mask[-1] = 1  # nothing else to do: pass
        return mask

    def _prophecy_block(self, sides: tuple[int, ...], tokens: tuple[int, ...]) -> bytes | None:
        """The mask's prophecy actions, every side at once, for a board's prophecies and the
        tokens left (``None`` when no side is open); remembered, as both seldom change."""
        key = (sides, tokens)
        known = self._prophecy_blocks.get(key)
        if known is None:
            values = set(tokens)
            row = [int(value in values) for value in self.game.content.prophecy_values]
            open_rows = [row if side == 0 else [0] * len(row) for side in sides]
            if len(self._prophecy_blocks) > 4096:
                self._prophecy_blocks.clear()
            block = bytes(flag for row in open_rows for flag in row) if 0 in sides else None
            known = self._prophecy_blocks[key] = (block,)
        return known[0]
