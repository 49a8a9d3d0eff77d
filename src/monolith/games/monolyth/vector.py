"""Monolyth vectorised: a batch of games stepped together with numpy array operations, and
numba-compiled loops where a step is no array operation (an observation row, the deals' draws).

``MonolythVector(batch, players, seed)`` keeps ``batch`` games of ``players`` players as arrays
with the batch first and steps them all at once: ``reset() -> (obs, mask)`` and
``step(actions) -> (obs, mask, rewards, terminated)``. ``obs`` is ``float32 [B, 1734]``, each row
the observation of the game's player to move in the encoder's layout
(:class:`monolith.games.monolyth.encoder.MonolythEncoder`, ``docs/research.md``); ``mask`` is
``bool [B, 11669]``, the legal action ids of that player; ``rewards`` is ``float32 [B, players]``,
0 until a game ends, then its rewards (``ranking`` or ``score``, as the other environments);
a finished game deals itself a new one in the same step (``terminated`` says which did, and the
row's ``obs`` and ``mask`` are then the new game's). ``state(i)`` is game ``i`` as the engine's
:class:`~monolith.games.monolyth.rules.State`, to check it or to hand it to a bot.

The rules are the engine's, exactly: each game is dealt as the engine's ``new_game`` deals it
from a seed drawn from the vector's seed, and every later draw from the box is the engine's (its
``Rng``, seeded per draw from the game's seed and a counter): the box's draws do not depend on
play, only on how many came before, so a game's whole draw order is worked out when it is dealt
(:mod:`monolith.games.monolyth.dealing`, here or ahead in a second process with ``dealers=1``).
A test replays random games in both and compares every step's state, mask, observation and
rewards.
"""

from __future__ import annotations

import random

import numpy as np
import numpy.typing as npt

from monolith.core.compiled import compiled
from monolith.core.layout import random_actions
from monolith.core.rng import _COUNTER_BITS, Rng, _seed
from monolith.games import get_game
from monolith.games.monolyth.dealing import Dealer, Table
from monolith.games.monolyth.encoder import LEVELS, MAX_SCORE, MonolythEncoder
from monolith.games.monolyth.game import Monolyth
from monolith.games.monolyth.geometry import height_limit
from monolith.games.monolyth.rules import MAX_STEP, RING_SPACES, Board, State

Obs = npt.NDArray[np.float32]
BoolMask = npt.NDArray[np.bool_]
Rewards = npt.NDArray[np.float32]
_I = npt.NDArray[np.int64]
_U64 = npt.NDArray[np.uint64]

__all__ = ["BOX_DRAWS", "MonolythVector", "random_actions"]
"""``random_actions`` is the random player of any game's vector (:mod:`monolith.core.layout`),
named here too where the docs' quickstart imports it."""

BOX_DRAWS = 48
"""Pieces left in the box once the ring is dealt (60 box pieces less the 12 on the ring)."""


@compiled
def _fill_fits(
    touched: npt.NDArray[np.uint16], supports: npt.NDArray[np.uint16], rows: npt.NDArray[np.uint8]
) -> None:
    """For every pattern of a level's 16 cells (``rows``' first index), which sets fit it,
    eight to a byte (``bitorder="little"``): a set fits where the cells it touches on the level
    are filled exactly where it needs support."""
    sets = touched.shape[0]
    for pattern in range(rows.shape[0]):
        cells = np.uint16(pattern)
        out = rows[pattern]
        for j in range(out.shape[0]):
            byte = 0
            for bit in range(8):
                s = j * 8 + bit
                if s < sets and (touched[s] & cells) == supports[s]:
                    byte |= 1 << bit
            out[j] = byte


class LevelFits:
    """Which of the 2,844 sets of cells fit on a building: for each set, the cells it touches
    (its own and those under it) must be filled exactly where it needs support. That is a test
    per level of 16 cells, so each level's answer for every set is kept per pattern of that
    level's cells (packed, 356 bytes; 65,536 patterns a level, 23 MB, worked out in ~0.1 s when
    the first vector of a height is made): a building's answer is the and of its levels' rows,
    a few row gathers for a batch instead of testing 2,844 masks each. (Worked out lazily, the
    table filled to ~95% in the first 2,000 steps of random play at a batch of 1,024, and
    slowed those steps by a tenth.)"""

    def __init__(self, height: int, touched: _U64, supports: _U64) -> None:
        self.height = height
        width = -(-len(touched) // 8)
        shifts = np.arange(height, dtype=np.uint64)[:, None] * np.uint64(16)
        touched_by_level = ((touched[None, :] >> shifts) & np.uint64(0xFFFF)).astype(np.uint16)
        supports_by_level = ((supports[None, :] >> shifts) & np.uint64(0xFFFF)).astype(np.uint16)
        self.rows = np.empty((height, 1 << 16, width), dtype=np.uint8)
        """Per level and pattern, the packed fits."""
        for level in range(height):
            _fill_fits(touched_by_level[level], supports_by_level[level], self.rows[level])
        self.shifts = shifts[:, 0]

    def packed(self, occupied: _U64) -> npt.NDArray[np.uint8]:
        """Per building, a bit per set, eight to a byte (``bitorder="little"``):
        ``[B, 356]``."""
        levels = ((occupied[:, None] >> self.shifts) & np.uint64(0xFFFF)).astype(np.intp)
        packed: npt.NDArray[np.uint8] = self.rows[0, levels[:, 0]]
        for level in range(1, self.height):
            np.bitwise_and(packed, self.rows[level, levels[:, level]], out=packed)
        return packed


_LEVEL_FITS: dict[int, LevelFits] = {}


def _level_fits(height: int, encoder: MonolythEncoder) -> LevelFits:
    """The per-level fits of Monolyth's sets for a height (the cells each set touches and needs
    filled, as the ``encoder`` tests them), shared by every vector of it."""
    known = _LEVEL_FITS.get(height)
    if known is None:
        known = _LEVEL_FITS[height] = LevelFits(height, encoder._touched, encoder._supports)
    return known


def _or_bits(bits: npt.NDArray[np.uint8], at: int, block: npt.NDArray[np.uint8]) -> None:
    """Or ``block`` (``[B, k]``, eight flags to a byte, ``bitorder="little"``) into every row
    of ``bits`` from its ``at``-th flag, which need not begin a byte: a block's bytes then
    straddle two of ``bits``'s, its flags shifted up by ``at % 8``."""
    first, shift = divmod(at, 8)
    width = block.shape[1]
    if not shift:
        bits[:, first : first + width] |= block
        return
    bits[:, first : first + width] |= block << np.uint8(shift)
    end = min(bits.shape[1], first + 1 + width)
    bits[:, first + 1 : end] |= (block >> np.uint8(8 - shift))[:, : end - first - 1]


_CHANNELS = (
    "cubes",
    "ring",
    "box",
    "boards",
    "seated",
    "to_move",
    "first",
    "supply",
    "level_stacks",
    "structure_tokens",
    "prophecy_tokens",
    "structure_card",
    "height",
    "flags",
    "players",
)


@compiled
def _observe_rows(
    obs: Obs,
    offsets: _I,
    board_columns: int,
    height: int,
    current: _I,
    cubes: _U64,
    ring: _I,
    crystal: _I,
    piece_rows: Obs,
    box_counts: Obs,
    edges: _I,
    prophecies: _I,
    fulfilled: npt.NDArray[np.bool_],
    level_tokens: _I,
    levels_done: _I,
    structure_token: _I,
    score: _I,
    over: npt.NDArray[np.bool_],
    first: _I,
    supply_left: _I,
    stack_len: _I,
    stack_taken: _I,
    stack_table: _I,
    structure_taken: _I,
    structure_table: _I,
    prophecy_left: _I,
    card: _I,
    ending: npt.NDArray[np.bool_],
    passes: _I,
) -> None:
    """Each row's observation for its player to move, into ``obs`` (zeros), in the encoder's
    layout (``docs/research.md``; :class:`MonolythEncoder` is the reference the tests hold it
    to): the seats from the player to move's, clockwise; the ring from the space after the
    crystal. One pass over a row, where the numpy version took some sixty passes over the
    batch."""
    (cubes_at, ring_at, box_at, boards_at, seated_at, to_move_at, first_at, supply_at) = offsets[:8]
    (stacks_at, structure_at, prophecy_at, card_at, height_at, flags_at, players_at) = offsets[8:]
    n, colours = cubes.shape[1], cubes.shape[2]
    spaces, kinds = ring.shape[1], piece_rows.shape[1]
    sides = edges.shape[2]
    levels = level_tokens.shape[2]
    structures = len(structure_table) - 1
    for r in range(obs.shape[0]):
        row = obs[r]
        to_move = current[r]
        for k in range(n):
            seat = (to_move + k) % n
            for c in range(colours):
                word = cubes[r, seat, c]
                at = cubes_at + (k * colours + c) * 64
                for cell in range(64):
                    row[at + cell] = (word >> np.uint64(cell)) & np.uint64(1)
            at = boards_at + k * board_columns
            for e in range(sides):
                if edges[r, seat, e] < colours:
                    row[at + e * colours + edges[r, seat, e]] = 1
            at += sides * colours
            for e in range(sides):
                row[at + e] = prophecies[r, seat, e] / 12
                row[at + 4 + e] = fulfilled[r, seat, e]
            for level in range(levels):
                row[at + 8 + level] = level_tokens[r, seat, level] / 9
                row[at + 12 + level] = (levels_done[r, seat] >> level) & 1
            row[at + 16] = structure_token[r, seat] / 10
            row[at + 17] = score[r, seat] / MAX_SCORE
            row[seated_at + k] = 1
        for s in range(1, spaces):
            piece = ring[r, (crystal[r] + s) % spaces]
            for j in range(kinds):
                row[ring_at + (s - 1) * kinds + j] = piece_rows[piece, j]
        for j in range(box_counts.shape[1]):
            row[box_at + j] = box_counts[r, j]
        row[to_move_at] = not over[r]
        row[first_at + (first[r] - to_move) % n] = 1
        for c in range(supply_left.shape[1]):
            row[supply_at + c] = supply_left[r, c] / 4
        for level in range(height):
            taken = stack_taken[r, level]
            row[stacks_at + 2 * level] = (stack_len[level] - taken) / 4
            row[stacks_at + 2 * level + 1] = stack_table[level, taken] / 9
        row[structure_at] = (structures - structure_taken[r]) / 4
        row[structure_at + 1] = structure_table[structure_taken[r]] / 10
        for v in range(prophecy_left.shape[1]):
            row[prophecy_at + v] = prophecy_left[r, v] / 2
        row[card_at + card[r]] = 1
        row[height_at + height - 3] = 1
        row[players_at + n - 1] = 1
        row[flags_at] = ending[r]
        row[flags_at + 1] = min(passes[r], n) / n
        row[flags_at + 2] = over[r]


class MonolythVector:
    """``batch`` games of Monolyth for ``players`` players (1-4), stepped as arrays."""

    def __init__(
        self,
        batch: int,
        players: int = 2,
        seed: int = 0,
        *,
        reward: str = "ranking",
        options: dict[str, object] | None = None,
        dealers: int = 0,
    ) -> None:
        if batch < 1:
            raise ValueError(f"batch must be at least 1, not {batch}")
        if reward not in ("ranking", "score"):
            raise ValueError(f"reward must be one of ranking, score, not {reward!r}")
        game = get_game("monolyth")
        assert isinstance(game, Monolyth)
        game.info.check_players(players)
        self.game = game
        self.options = game.info.resolve_options(options)
        self.encoder = MonolythEncoder(game)
        self.batch = batch
        self.players = players
        self.reward = reward
        self.num_actions = game.info.num_actions
        self.obs_size = self.encoder.shape[0]
        self._rng = np.random.default_rng(seed)
        self._seed_source = random.Random()
        self._tables(game)
        self._arrays()
        card = self.options["structure_card"]
        numbers: list[object] = [k.number for k in game.content.cards]
        self._dealer = Dealer(
            Table(
                players=players,
                cards=len(numbers),
                card=None if card == "random" else numbers.index(card),
                boards=len(self.board_names),
                box_pieces=tuple(self.box_pieces),
                ring_spaces=RING_SPACES,
            ),
            self._rng,
            processes=dealers,
        )
        """Deals new games: here, or ahead in a second process (``dealers=1``), the same games
        either way (:mod:`monolith.games.monolyth.dealing`)."""

    def close(self) -> None:
        """Stop the dealing process, if any."""
        self._dealer.close()

    def dealing_seconds(self) -> float:
        """CPU seconds the dealing process has spent (0 when this process deals)."""
        return self._dealer.worker_seconds

    def __enter__(self) -> MonolythVector:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- fixed tables --------------------------------------------------------------------------

    def _tables(self, game: Monolyth) -> None:
        c = game.content
        p = self.players
        height = 4 if p <= 2 else 3
        self.height = height
        self.limit = height_limit(height)
        self.colours = len(c.colours)
        self.shapes = list(c.shapes)
        self.n_sets = game._n_sets
        self.swap_base = game._swap_base
        self.prophecy_base = game._prophecy_base
        self.pass_id = game._pass_id
        self.values = np.array(c.prophecy_values, dtype=np.int64)
        n_pieces = len(c.pieces)
        self.n_pieces = n_pieces
        # per piece id + 1 (index 0: an empty space)
        self.colour_of = np.array([0] + [pc.colour for pc in c.pieces], dtype=np.int64)
        self.box_index = np.array(
            [0]
            + [
                0 if pc.single else pc.colour * len(self.shapes) + self.shapes.index(pc.shape)
                for pc in c.pieces
            ],
            dtype=np.int64,
        )
        self.piece_rows = np.zeros((n_pieces + 1, self.colours + len(self.shapes)), np.float32)
        for pc in c.pieces:
            self.piece_rows[pc.id + 1, pc.colour] = 1
            if not pc.single:
                self.piece_rows[pc.id + 1, self.colours + self.shapes.index(pc.shape)] = 1
        sets = game._set_masks
        self.set_masks = np.array(sets, dtype=np.uint64)
        members = np.zeros((n_pieces + 1, self.n_sets), dtype=np.bool_)
        for pc in c.pieces:
            if pc.single:
                continue
            for m, _ in c.tables[pc.shape].entries:
                if m <= self.limit:
                    members[pc.id + 1, game._set_index[m]] = True
        self.member_bits = np.packbits(members, axis=1, bitorder="little")
        """Per piece id + 1, the sets of its shape, eight flags to a byte (2,844 sets: 356
        bytes), as the fits are kept."""
        self._level_fits = _level_fits(height, self.encoder)
        self.singles = [
            [pc.id for pc in c.pieces if pc.single and pc.colour == colour]
            for colour in range(self.colours)
        ]
        self.n_singles = np.array([len(s) for s in self.singles], dtype=np.int64)
        wide = max(len(s) for s in self.singles)
        self.singles_table = np.array(
            [s + [s[-1]] * (wide - len(s)) for s in self.singles], dtype=np.int64
        )
        """Per colour, its single cubes' ids; a swap places the first one left (the supply keeps
        them in id order and the rules take the first of the colour)."""
        self.stacks = [tuple(s[:p]) for s in c.level_stacks[:height]]
        self.stack_len = np.array([len(s) for s in self.stacks], dtype=np.int64)
        width = max(len(s) for s in self.stacks) + 1
        self.stack_table = np.zeros((height, width), dtype=np.int64)  # 0 past the end
        for level, stack in enumerate(self.stacks):
            self.stack_table[level, : len(stack)] = stack
        self.structure_values = tuple(c.structure_tokens[:p])
        self.structure_table = np.array([*self.structure_values, 0], dtype=np.int64)
        cards = [sorted(card.masks(height)) for card in c.cards]
        wide = max(len(m) for m in cards)
        self.card_masks = np.array([m + [m[0]] * (wide - len(m)) for m in cards], dtype=np.uint64)
        self.walls = np.array(game._walls[height], dtype=np.uint64)
        self.box_pieces = c.box_pieces()
        self.board_names = [b[0] for b in c.boards]
        self.board_edges = np.array([b[1] for b in c.boards], dtype=np.int64)
        self.prophecy_copies = c.prophecy_copies[p - 1]
        self.n_cards = len(c.cards)
        layout = self.encoder.layout
        starts = {ch.name: ch.offset for ch in layout.channels}
        if set(starts) != set(_CHANNELS):
            raise ValueError(
                f"the encoder's channels {sorted(starts)} are not the ones written here"
            )
        self._offsets = np.array([starts[name] for name in _CHANNELS], dtype=np.int64)
        """Where each channel :func:`_observe_rows` writes begins, in its order."""
        self.near_steps = np.arange(1, MAX_STEP + 1)
        self.ring_steps = np.arange(1, RING_SPACES)
        self.level_shifts = np.array([16 * z for z in range(height)], dtype=np.uint64)
        self.rows = np.arange(self.batch)

    def _arrays(self) -> None:
        b, p = self.batch, self.players
        i8 = np.int64
        self.seeds = np.zeros(b, dtype=np.int64)
        """Each row's game seed: ``game.new_game(players=, seed=seeds[i])`` deals its game."""
        self.counter0 = np.zeros(b, dtype=i8)
        self.cubes = np.zeros((b, p, self.colours), dtype=np.uint64)
        self.occ = np.zeros((b, p), dtype=np.uint64)
        self.ring = np.zeros((b, RING_SPACES), dtype=i8)  # piece id + 1, 0 empty
        self.crystal = np.zeros(b, dtype=i8)
        self.draws = np.zeros((b, BOX_DRAWS + 1), dtype=i8)  # piece id + 1; 0 past the end
        self.drawn = np.zeros(b, dtype=i8)
        self.n_draws = np.zeros(b, dtype=i8)
        self.box_counts = np.zeros((b, self.colours * len(self.shapes)), dtype=np.float32)
        self.supply_left = np.zeros((b, self.colours), dtype=i8)
        self.removed = np.zeros((b, self.n_pieces), dtype=i8)
        self.n_removed = np.zeros(b, dtype=i8)
        self.pieces = np.zeros((b, p, 64), dtype=i8)
        self.n_pieces_on = np.zeros((b, p), dtype=i8)
        self.prophecies = np.zeros((b, p, 4), dtype=i8)
        self.level_tokens = np.zeros((b, p, LEVELS), dtype=i8)
        self.n_level_tokens = np.zeros((b, p), dtype=i8)
        self.levels_done = np.zeros((b, p), dtype=i8)
        self.structure_token = np.zeros((b, p), dtype=i8)
        self.stack_taken = np.zeros((b, self.height), dtype=i8)
        self.structure_taken = np.zeros(b, dtype=i8)
        self.prophecy_left = np.zeros((b, len(self.values)), dtype=i8)
        self.first = np.zeros(b, dtype=i8)
        self.current = np.zeros(b, dtype=i8)
        self.turn = np.zeros(b, dtype=i8)
        self.passes = np.zeros(b, dtype=i8)
        self.ending = np.zeros(b, dtype=np.bool_)
        self.over = np.zeros(b, dtype=np.bool_)
        self.card = np.zeros(b, dtype=i8)
        self.board_ids = np.zeros((b, p), dtype=i8)
        self.edges = np.zeros((b, p, 4), dtype=i8)
        self._row_bytes = -(-self.num_actions // 8)
        self.legal_bits = np.zeros((b, self._row_bytes), dtype=np.uint8)
        """Each row's legal action ids, eight to a byte (``bitorder="little"``)."""
        self.mask: BoolMask = np.zeros((b, self.num_actions), dtype=np.bool_)
        """The last mask handed out: a fresh array every step, the caller's to keep."""

    # -- dealing -------------------------------------------------------------------------------

    def _deal(self, rows: npt.NDArray[np.intp]) -> None:
        """A new game in each of ``rows``, dealt as the engine's ``new_game`` deals it."""
        d = self._dealer.deals(len(rows))
        r = rows
        self.seeds[r] = d.seeds
        self.counter0[r] = d.counter0
        self.card[r] = d.card
        self.board_ids[r] = d.board_ids
        self.edges[r] = self.board_edges[d.board_ids]
        self.ring[r] = d.ring
        self.first[r] = d.first
        self.current[r] = d.first
        self.crystal[r] = 0
        self.draws[r] = d.draws
        self.n_draws[r] = d.n_draws
        self.drawn[r] = 0
        self.box_counts[r] = 0
        np.add.at(self.box_counts, (r[:, None], self.box_index[d.draws[:, :BOX_DRAWS]]), 0.5)
        self.cubes[r] = 0
        self.occ[r] = 0
        self.supply_left[r] = self.n_singles
        self.n_removed[r] = 0
        self.n_pieces_on[r] = 0
        self.prophecies[r] = 0
        self.level_tokens[r] = 0
        self.n_level_tokens[r] = 0
        self.levels_done[r] = 0
        self.structure_token[r] = 0
        self.stack_taken[r] = 0
        self.structure_taken[r] = 0
        self.prophecy_left[r] = self.prophecy_copies
        self.turn[r] = 0
        self.passes[r] = 0
        self.ending[r] = False
        self.over[r] = False

    def _box(self, row: int, state: State) -> None:
        """The box of ``state`` in ``row``: its counts, and the order its pieces will be drawn
        in (each draw is the engine's ``Rng.randbelow`` over the pieces left, seeded from the
        game's seed and the draws before it, so the order is known from the start)."""
        rng = state.rng
        self.seeds[row] = rng.seed
        self.counter0[row] = rng.counter
        box = list(state.box)
        n = len(box)
        self.n_draws[row] = n
        self.drawn[row] = 0
        base = rng.seed << _COUNTER_BITS
        source = self._seed_source
        draw = source.randrange
        order = []
        for j in range(n):
            _seed(source, base | (rng.counter + j))
            order.append(box.pop(draw(n - j)) + 1)  # Rng.randbelow's draw
        self.draws[row] = 0
        self.draws[row, :n] = order
        self.box_counts[row] = 0.5 * np.bincount(
            self.box_index[order], minlength=self.box_counts.shape[1]
        )

    def load(self, i: int, state: State) -> tuple[Obs, BoolMask]:
        """Put the engine's ``state`` (of this vector's number of players) in row ``i``, to
        play on from a position; the observations and masks of every row after it."""
        if not 0 <= i < self.batch:
            raise IndexError(f"game {i} is not in this batch of {self.batch}")
        if state.players != self.players or state.over:
            raise ValueError(
                f"row {i} takes a {self.players}-player game in progress, not a "
                f"{state.players}-player game{' that is over' if state.over else ''}"
            )
        for ids in self.singles:
            left = [p for p in state.supply if p in ids]
            if left != ids[len(ids) - len(left) :]:
                raise ValueError("the supply's single cubes are not the ones the rules leave")
        self._box(i, state)
        self.ring[i] = np.array(state.ring, dtype=np.int64) + 1
        self.crystal[i] = state.crystal
        self.card[i] = state.card
        self.first[i] = state.first_player
        self.current[i] = state.current
        self.turn[i] = state.turn
        self.passes[i] = state.passes
        self.ending[i] = state.ending
        self.over[i] = state.over
        self.supply_left[i] = [len([p for p in state.supply if p in ids]) for ids in self.singles]
        self.removed[i] = 0
        self.removed[i, : len(state.removed)] = state.removed
        self.n_removed[i] = len(state.removed)
        for seat, board in enumerate(state.boards):
            self.board_ids[i, seat] = self.board_names.index(board.name)
            self.edges[i, seat] = board.edges
            self.cubes[i, seat] = board.cubes
            self.occ[i, seat] = board.occupied
            self.pieces[i, seat] = 0
            self.pieces[i, seat, : len(board.pieces)] = board.pieces
            self.n_pieces_on[i, seat] = len(board.pieces)
            self.prophecies[i, seat] = board.prophecies
            self.level_tokens[i, seat] = 0
            self.level_tokens[i, seat, : len(board.level_tokens)] = board.level_tokens
            self.n_level_tokens[i, seat] = len(board.level_tokens)
            self.levels_done[i, seat] = board.levels_done
            self.structure_token[i, seat] = board.structure_token
        self.stack_taken[i] = [
            len(full) - len(left)
            for full, left in zip(self.stacks, state.level_stacks, strict=True)
        ]
        self.structure_taken[i] = len(self.structure_values) - len(state.structure_tokens)
        self.prophecy_left[i] = [state.prophecy_tokens.count(int(v)) for v in self.values]
        return self._observe(), self.mask

    # -- the interface -------------------------------------------------------------------------

    def reset(self) -> tuple[Obs, BoolMask]:
        """A new game in every row."""
        self._deal(self.rows)
        return self._observe(), self.mask

    def step(self, actions: npt.ArrayLike) -> tuple[Obs, BoolMask, Rewards, npt.NDArray[np.bool_]]:
        """Each row's player to move takes its action id; a finished game is dealt anew. An
        id that is not legal in its row is refused (``ValueError`` naming the rows) and
        nothing changes."""
        a = np.asarray(actions)
        if a.shape != (self.batch,) or not np.issubdtype(a.dtype, np.integer):
            raise TypeError(
                f"actions must be integer ids, one per game: shape ({self.batch},), "
                f"not {a.dtype} {a.shape}"
            )
        a = a.astype(np.int64)
        outside = (a < 0) | (a >= self.num_actions)
        if outside.any():
            rows = np.flatnonzero(outside)[:5].tolist()
            raise ValueError(f"actions of rows {rows} are not in Discrete({self.num_actions})")
        illegal = ~self._is_legal(a)
        if illegal.any():
            rows = np.flatnonzero(illegal)[:5].tolist()
            raise ValueError(f"actions of rows {rows} are not legal in their games")
        self._apply(a)
        rewards = np.zeros((self.batch, self.players), dtype=np.float32)
        done = self.over.copy()
        finished = np.flatnonzero(done)
        if len(finished):
            rewards[finished] = self._final_rewards(finished)
            self._deal(finished)
        return self._observe(), self.mask, rewards, done

    # -- the rules -----------------------------------------------------------------------------

    def _apply(self, a: _I) -> None:
        rows = self.rows
        cur = self.current
        take = a < self.prophecy_base
        place = a < self.swap_base
        prophecy = take ^ (a < self.pass_id)  # prophecy ids: below the pass, not a take
        passing = a == self.pass_id
        # takes: placements and swaps
        t = np.flatnonzero(take)
        if len(t):
            at = a[t]
            is_place = place[t]
            swap_rel = at - self.swap_base
            step = np.where(is_place, at // self.n_sets, swap_rel // 64) + 1
            bits = np.where(
                is_place,
                self.set_masks[np.where(is_place, at % self.n_sets, 0)],
                np.left_shift(np.uint64(1), np.where(is_place, 0, swap_rel % 64).astype(np.uint64)),
            )
            start = self.crystal[t]
            space = (start + step) % RING_SPACES
            piece = self.ring[t, space]  # id + 1
            colour = self.colour_of[piece]
            seat = cur[t]
            self.cubes[t, seat, colour] |= bits
            self.occ[t, seat] |= bits
            # the piece placed: the ring's, or for a swap the first single of its colour left
            left = self.supply_left[t, colour]
            first_left = np.minimum(self.n_singles[colour] - left, self.singles_table.shape[1] - 1)
            placed = np.where(is_place, piece, self.singles_table[colour, first_left] + 1)
            self.pieces[t, seat, self.n_pieces_on[t, seat]] = placed - 1
            self.n_pieces_on[t, seat] += 1
            s = np.flatnonzero(~is_place)
            if len(s):
                ts = t[s]
                self.supply_left[ts, colour[s]] -= 1
                self.removed[ts, self.n_removed[ts]] = piece[s] - 1
                self.n_removed[ts] += 1
            self.ring[t, space] = 0
            self._draw_into(t, start)
            self.crystal[t] = space
            self._rewards(t)
        # prophecies
        q = np.flatnonzero(prophecy)
        if len(q):
            side, value = np.divmod(a[q] - self.prophecy_base, len(self.values))
            self.prophecies[q, cur[q], side] = self.values[value]
            self.prophecy_left[q, value] -= 1
        # the end of the turn
        self.passes = np.where(passing, self.passes + 1, 0)
        complete = self.occ[rows, cur] == np.uint64(self.limit)
        if self.players == 1:
            self._rival_takes()
            self.over = complete | self._supply_out()
        else:
            self.ending = self.ending | complete | self._supply_out()
            following = (cur + 1) % self.players
            self.over = (self.ending & (following == self.first)) | (self.passes >= self.players)
            self.current = following
        self.turn = self.turn + 1

    def _draw_into(self, rows: _I, spaces: _I) -> None:
        """The next draw from the box onto ``spaces`` of ``rows``, where the box has any left."""
        left = self.drawn[rows] < self.n_draws[rows]
        if not left.all():
            rows, spaces = rows[left], spaces[left]
        drawn = self.draws[rows, self.drawn[rows]]
        self.ring[rows, spaces] = drawn
        self.drawn[rows] += 1
        self.box_counts[rows, self.box_index[drawn]] -= 0.5

    def _supply_out(self) -> npt.NDArray[np.bool_]:
        return (self.drawn >= self.n_draws) & ~self.ring.any(axis=1)

    def _rival_takes(self) -> None:
        """Solo: the first piece clockwise of the crystal leaves; its space is refilled."""
        spaces = (self.crystal[:, None] + self.ring_steps) % RING_SPACES
        held = self.ring[self.rows[:, None], spaces] > 0
        rows = np.flatnonzero(held.any(axis=1))
        if not len(rows):
            return
        space = spaces[rows, held[rows].argmax(axis=1)]
        self.removed[rows, self.n_removed[rows]] = self.ring[rows, space] - 1
        self.n_removed[rows] += 1
        self.ring[rows, space] = 0
        self._draw_into(rows, space)

    def _rewards(self, t: _I) -> None:
        """Level tokens for newly completed levels and the structure token, for the player
        who just took a piece in rows ``t``."""
        seat = self.current[t]
        occ = self.occ[t, seat]
        full = ((occ[:, None] >> self.level_shifts) & np.uint64(0xFFFF)) == np.uint64(0xFFFF)
        done = self.levels_done[t, seat]
        for level in range(self.height):
            new = full[:, level] & ((done >> level) & 1 == 0)
            if not new.any():
                continue
            rows, seats = t[new], seat[new]
            taken = self.stack_taken[rows, level]
            paid = taken < self.stack_len[level]
            pr, ps = rows[paid], seats[paid]
            self.level_tokens[pr, ps, level] = self.stack_table[level, taken[paid]]
            self.n_level_tokens[pr, ps] = np.maximum(self.n_level_tokens[pr, ps], level + 1)
            self.stack_taken[pr, level] += 1
            self.levels_done[rows, seats] |= 1 << level
        shaped = (occ[:, None] == self.card_masks[self.card[t]]).any(axis=1)
        earn = (
            shaped
            & (self.structure_token[t, seat] == 0)
            & (self.structure_taken[t] < len(self.structure_values))
        )
        if earn.any():
            rows, seats = t[earn], seat[earn]
            self.structure_token[rows, seats] = self.structure_table[self.structure_taken[rows]]
            self.structure_taken[rows] += 1

    def _scores(self) -> tuple[_I, npt.NDArray[np.bool_]]:
        """Every seat's score ``[B, players]`` and which prophecies are fulfilled
        ``[B, players, 4]``."""
        edge_cubes = np.take_along_axis(self.cubes, self.edges, axis=2)  # [B, P, 4]
        counts = np.bitwise_count(edge_cubes & self.walls).astype(np.int64)
        fulfilled = (self.prophecies > 0) & (counts >= self.prophecies)
        score = (
            self.structure_token
            + self.level_tokens.sum(axis=2)
            + (self.prophecies * fulfilled).sum(axis=2)
        )
        return score, fulfilled

    def _final_rewards(self, rows: _I) -> Rewards:
        score, _ = self._scores()
        score = score[rows]
        n = self.players
        if self.reward == "score":
            if n == 1:
                return score.astype(np.float32)
            total = score.sum(axis=1, keepdims=True)
            lead: Rewards = (score - (total - score) / (n - 1)).astype(np.float32)
            return lead
        if n == 1:
            return np.zeros((len(rows), 1), dtype=np.float32)
        tokens = (self.level_tokens[rows] > 0).sum(axis=2)
        order = (np.arange(n) - self.first[rows, None]) % n
        key = score * 100 + tokens * 10 + order
        place = (key[:, None, :] > key[:, :, None]).sum(axis=2)
        ranked: Rewards = (1.0 - 2.0 * place / (n - 1)).astype(np.float32)
        return ranked

    # -- what the player to move sees ----------------------------------------------------------

    def _observe(self) -> Obs:
        """Every row's observation for its player to move (:func:`_observe_rows`), and the
        mask (kept in ``mask``)."""
        obs = np.zeros((self.batch, self.obs_size), dtype=np.float32)
        score, fulfilled = self._scores()
        _observe_rows(
            obs,
            self._offsets,
            self.encoder.board_columns,
            self.height,
            self.current,
            self.cubes,
            self.ring,
            self.crystal,
            self.piece_rows,
            self.box_counts,
            self.edges,
            self.prophecies,
            fulfilled,
            self.level_tokens,
            self.levels_done,
            self.structure_token,
            score,
            self.over,
            self.first,
            self.supply_left,
            self.stack_len,
            self.stack_taken,
            self.stack_table,
            self.structure_taken,
            self.structure_table,
            self.prophecy_left,
            self.card,
            self.ending,
            self.passes,
        )
        self._legal()
        return obs

    def _legal(self) -> None:
        """The legal action ids of each row's player to move, eight to a byte in
        :attr:`legal_bits` (what :meth:`step` checks), then unpacked once into a fresh
        :attr:`mask`: one test of every set of cells against the board (free where the set
        lies, filled under it), and-ed eight flags at a time with each near piece's sets of its
        shape; the free cells a single cube may take for the swaps; the open sides and tokens
        left for the prophecies; the pass where nothing else is legal."""
        b = self.batch
        rows = self.rows
        occ = self.occ[rows, self.current]
        near = self.ring[rows[:, None], (self.crystal[:, None] + self.near_steps) % RING_SPACES]
        bits = np.zeros((b, self._row_bytes), dtype=np.uint8)
        # each near piece's sets of its shape, and-ed with the sets that fit, eight to a byte
        fits = self._level_fits.packed(occ)
        placing = np.zeros(b, dtype=np.bool_)
        for step in range(MAX_STEP):
            first, shift = divmod(step * self.n_sets, 8)
            members = self.member_bits[near[:, step]]
            if shift:  # the block straddles bytes: and-ed apart, then or-ed in shifted
                block = np.bitwise_and(fits, members, out=members)
                _or_bits(bits, step * self.n_sets, block)
            else:  # and-ed straight into its bytes (nothing is there yet)
                block = bits[:, first : first + fits.shape[1]]
                np.bitwise_and(fits, members, out=block)
            placing |= block.any(axis=1)
        free = ~occ & np.uint64(self.limit) & ((occ << np.uint64(16)) | np.uint64(0xFFFF))
        swappable = (near > 0) & (self.supply_left[rows[:, None], self.colour_of[near]] > 0)
        swaps = (free[:, None] * swappable).astype("<u8")  # [B, 4]: a step's 64 free cells
        _or_bits(bits, self.swap_base, swaps.view(np.uint8))
        open_sides = self.prophecies[rows, self.current] == 0  # [B, 4]
        prophecy = open_sides[:, :, None] & (self.prophecy_left > 0)[:, None, :]
        anything = placing | swaps.any(axis=1) | prophecy.any(axis=(1, 2))
        last = np.concatenate([prophecy.reshape(b, -1), ~anything[:, None]], axis=1)
        _or_bits(bits, self.prophecy_base, np.packbits(last, axis=1, bitorder="little"))
        bits[self.over] = 0
        self.legal_bits = bits
        unpacked = np.unpackbits(bits, axis=1, count=self.num_actions, bitorder="little")
        self.mask = unpacked.view(np.bool_)

    def _is_legal(self, actions: _I) -> npt.NDArray[np.bool_]:
        """Whether each row's action is legal, read from :attr:`legal_bits` (the env's own
        copy: a mask handed out and written into changes nothing)."""
        byte = self.legal_bits[self.rows, actions >> 3]
        legal: npt.NDArray[np.bool_] = ((byte >> (actions & 7).astype(np.uint8)) & 1) == 1
        return legal

    # -- one game as the engine's state --------------------------------------------------------

    def state(self, i: int) -> State:
        """Game ``i`` as the engine's state (equal to the engine's own after the same play)."""
        if not 0 <= i < self.batch:
            raise IndexError(f"game {i} is not in this batch of {self.batch}")
        n = self.players
        drawn = int(self.drawn[i])
        gone = set((self.draws[i, :drawn] - 1).tolist())
        all_draws = set((self.draws[i, : self.n_draws[i]] - 1).tolist())
        box = tuple(sorted(all_draws - gone))
        supply = tuple(
            sorted(
                piece
                for colour, ids in enumerate(self.singles)
                for piece in ids[len(ids) - int(self.supply_left[i, colour]) :]
            )
        )
        boards = []
        for seat in range(n):
            k = int(self.n_level_tokens[i, seat])
            prophecies = tuple(int(v) for v in self.prophecies[i, seat])
            edges = tuple(int(e) for e in self.edges[i, seat])
            boards.append(
                Board(
                    name=self.board_names[int(self.board_ids[i, seat])],
                    edges=(edges[0], edges[1], edges[2], edges[3]),
                    cubes=tuple(int(v) for v in self.cubes[i, seat]),
                    pieces=tuple(int(v) for v in self.pieces[i, seat, : self.n_pieces_on[i, seat]]),
                    prophecies=(prophecies[0], prophecies[1], prophecies[2], prophecies[3]),
                    level_tokens=tuple(int(v) for v in self.level_tokens[i, seat, :k]),
                    levels_done=int(self.levels_done[i, seat]),
                    structure_token=int(self.structure_token[i, seat]),
                )
            )
        tokens = tuple(
            int(value)
            for value, count in zip(self.values, self.prophecy_left[i], strict=True)
            for _ in range(int(count))
        )
        return State(
            players=n,
            height=self.height,
            card=int(self.card[i]),
            rng=Rng(int(self.seeds[i]), int(self.counter0[i]) + drawn),
            ring=tuple(int(p) - 1 for p in self.ring[i]),
            crystal=int(self.crystal[i]),
            box=box,
            supply=supply,
            removed=tuple(int(v) for v in self.removed[i, : self.n_removed[i]]),
            boards=tuple(boards),
            level_stacks=tuple(
                stack[int(self.stack_taken[i, level]) :] for level, stack in enumerate(self.stacks)
            ),
            structure_tokens=self.structure_values[int(self.structure_taken[i]) :],
            prophecy_tokens=tokens,
            first_player=int(self.first[i]),
            current=int(self.current[i]),
            turn=int(self.turn[i]),
            passes=int(self.passes[i]),
            ending=bool(self.ending[i]),
            over=bool(self.over[i]),
        )

    def __repr__(self) -> str:
        return f"MonolythVector(batch={self.batch}, players={self.players})"
