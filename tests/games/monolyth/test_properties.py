"""Properties of random games: nothing is lost, nothing floats, everything replays."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from monolith.core import record_of, replay, state_hash
from monolith.games.monolyth import GAME, MonolythState
from monolith.games.monolyth.geometry import height_limit
from monolith.games.monolyth.rules import EMPTY

CONTENT = GAME.content
ALL_PIECES = Counter(p.id for p in CONTENT.pieces)


def check_invariants(state: MonolythState, start: MonolythState) -> None:
    # All 80 pieces accounted for: box, ring, supply, boards, removed; none twice.
    places = [
        *state.box,
        *(p for p in state.ring if p != EMPTY),
        *state.supply,
        *state.removed,
        *(p for board in state.boards for p in board.pieces),
    ]
    assert Counter(places) == ALL_PIECES
    assert state.ring[state.crystal] == EMPTY
    for board in state.boards:
        occupied = board.occupied
        # colours never share a cell, and the cubes are exactly the pieces placed
        assert sum(c.bit_count() for c in board.cubes) == occupied.bit_count()
        per_colour: Counter[int] = Counter()
        for piece_id in board.pieces:
            piece = CONTENT.pieces[piece_id]
            size = 1 if piece.single else len(CONTENT.shapes[piece.shape])
            per_colour[piece.colour] += size
        assert [board.cubes[c].bit_count() for c in range(len(CONTENT.colours))] == [
            per_colour[c] for c in range(len(CONTENT.colours))
        ]
        assert (occupied >> 16) & ~occupied == 0, "a cube floats"
        assert occupied & ~height_limit(state.height) == 0, "a cube is above the height"
    # tokens conserved
    for level in range(state.height):
        taken = [
            t
            for board in state.boards
            for t, lv in zip(board.level_tokens, _levels_paid(board.levels_done), strict=False)
            if lv == level
        ]
        assert len(state.level_stacks[level]) + len(taken) == len(start.level_stacks[level])
    assert sorted(
        [*state.structure_tokens, *(b.structure_token for b in state.boards if b.structure_token)],
        reverse=True,
    ) == list(start.structure_tokens)
    assert sorted(
        [*state.prophecy_tokens, *(v for b in state.boards for v in b.prophecies if v)]
    ) == sorted(start.prophecy_tokens)


def _levels_paid(levels_done: int) -> list[int]:
    return [level for level in range(4) if levels_done >> level & 1]


@settings(max_examples=25, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_random_games_keep_every_invariant_and_replay(
    players: int, seed: int, choices: int
) -> None:
    chooser = random.Random(choices)
    start = GAME.new_game(players=players, seed=seed)
    state = start
    actions = []
    for _ in range(400):
        if GAME.is_terminal(state):
            break
        legal = list(GAME.legal_actions(state))
        assert legal, "a live game always offers an action"
        ids = [GAME.action_to_id(a) for a in legal]
        assert len(set(ids)) == len(ids)
        assert all(0 <= i < GAME.info.num_actions for i in ids)
        action = chooser.choice(legal)
        assert GAME.action_from_id(GAME.action_to_id(action)) == action
        assert GAME.action_from_json(json.loads(json.dumps(GAME.action_to_json(action)))) == action
        state = GAME.apply(state, action)
        actions.append(action)
        check_invariants(state, start)
    assert GAME.is_terminal(state), "every game ends"
    assert GAME.current_player(state) is None
    assert sorted(GAME.ranking(state)) == list(range(players))
    # JSON round trip is exact, through text
    text = json.dumps(GAME.state_to_json(state))
    assert GAME.state_from_json(json.loads(text)) == state
    # replay reproduces the state hash
    record = record_of(
        GAME, players=players, seed=seed, options={}, actions=actions, final_state=state
    )
    replayed = replay(GAME, record)
    assert state_hash(GAME, replayed) == state_hash(GAME, state)
    assert replayed == state


@settings(max_examples=20, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_apply_legal_gives_what_apply_gives(players: int, seed: int, choices: int) -> None:
    """The unchecked path (the environments' ``step``, after the mask) changes nothing: every
    legal action, every seventh turn, and the chosen one on the others."""
    chooser = random.Random(choices)
    state = GAME.new_game(players=players, seed=seed)
    turn = 0
    while not GAME.is_terminal(state):
        legal = list(GAME.legal_actions(state))
        action = chooser.choice(legal)
        for each in legal if turn % 7 == 0 else [action]:
            assert GAME.apply_legal(state, each) == GAME.apply(state, each)
        state = GAME.apply(state, action)
        turn += 1


def test_same_seed_same_game_different_seed_different_game() -> None:
    assert GAME.new_game(players=3, seed=7) == GAME.new_game(players=3, seed=7)
    assert GAME.new_game(players=3, seed=7) != GAME.new_game(players=3, seed=8)


@settings(max_examples=15, deadline=None)
@given(players=st.integers(1, 4), seed=st.integers(0, 2**32), moves=st.integers(0, 80))
def test_determinized_state_shows_the_same_view(players: int, seed: int, moves: int) -> None:
    chooser = random.Random(seed)
    state = GAME.new_game(players=players, seed=seed)
    for _ in range(moves):
        if GAME.is_terminal(state):
            break
        state = GAME.apply(state, chooser.choice(list(GAME.legal_actions(state))))
    seat = GAME.current_player(state)
    view = GAME.view(state, seat)
    sampled = GAME.determinize(view, seed + 1)
    assert GAME.view(sampled, seat) == view
    check_invariants(sampled, GAME.new_game(players=players, seed=seed))
    assert set(GAME.legal_actions(sampled)) == set(GAME.legal_actions(state))
    assert sampled.rng != state.rng  # the future is not read from the real game
