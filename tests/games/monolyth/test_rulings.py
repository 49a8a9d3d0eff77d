"""One scenario per ruling of docs/rules/monolyth.md, named after it."""

from __future__ import annotations

import itertools

import msgspec
import pytest

from monolith.core import BadOptions, IllegalAction
from monolith.games.monolyth import GAME, MonolythState, Pass, Place, Swap, TakeProphecy
from monolith.games.monolyth.geometry import cell_index, mask_of
from monolith.games.monolyth.rules import EMPTY, RING_SPACES
from tests.games.monolyth.helpers import (
    COLOURS,
    cells_mask,
    fresh,
    level,
    turn_to,
    with_cubes,
    with_ring,
)

# Setup ----------------------------------------------------------------------------------------


def test_setup_ring_of_thirteen_with_crystal_on_the_empty_space() -> None:
    state = fresh()
    assert len(state.ring) == RING_SPACES
    assert state.ring[state.crystal] == EMPTY
    assert sum(p != EMPTY for p in state.ring) == 12
    assert len(state.box) == 60 - 12


@pytest.mark.parametrize(("players", "height"), [(1, 4), (2, 4), (3, 3), (4, 3)])
def test_setup_height_four_for_one_or_two_players_three_otherwise(
    players: int, height: int
) -> None:
    assert fresh(players).height == height


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_token_stacks_keep_first_n_tokens(players: int) -> None:
    state = fresh(players)
    stacks = GAME.content.level_stacks
    assert state.level_stacks == tuple(tuple(s[:players]) for s in stacks[: state.height])
    assert state.structure_tokens == GAME.content.structure_tokens[:players]
    if players <= 2:
        assert len(state.level_stacks[3]) <= 2


@pytest.mark.parametrize(("players", "copies"), [(1, 1), (2, 1), (3, 2), (4, 2)])
def test_setup_prophecy_copies_by_player_count(players: int, copies: int) -> None:
    state = fresh(players)
    for value in range(4, 13):
        assert state.prophecy_tokens.count(value) == copies


def test_setup_boards_dealt_at_random_each_different() -> None:
    dealt = {tuple(b.name for b in fresh(4, seed).boards) for seed in range(30)}
    assert len(dealt) > 5
    for names in dealt:
        assert len(set(names)) == 4


def test_setup_random_first_player_and_structure_card() -> None:
    firsts = {fresh(4, seed).first_player for seed in range(40)}
    cards = {fresh(2, seed).card for seed in range(60)}
    assert firsts == {0, 1, 2, 3}
    assert len(cards) >= 8


def test_setup_structure_card_option_and_bad_options() -> None:
    assert fresh(card=4).card == 3
    with pytest.raises(BadOptions, match="structure_card"):
        GAME.new_game(players=2, seed=1, options={"structure_card": 11})
    with pytest.raises(BadOptions, match="unknown rule option"):
        GAME.new_game(players=2, seed=1, options={"colour_blind": True})
    with pytest.raises(BadOptions, match="1-4 players"):
        GAME.new_game(players=5, seed=1)


# Taking a piece -------------------------------------------------------------------------------


def test_crystal_moves_one_to_four_spaces_counting_empty_ones() -> None:
    state = with_ring(fresh(), {3: ("blue", "I2"), 6: ("orange", "I2")}, crystal=0)
    steps = {a.step for a in GAME.legal_actions(state) if isinstance(a, Place | Swap)}
    assert steps == {3}  # space 6 is five steps away; spaces 1, 2 and 4 are empty


def test_crystal_must_land_on_a_space_with_a_piece() -> None:
    state = with_ring(fresh(), {3: ("blue", "I2")}, crystal=0)
    with pytest.raises(IllegalAction, match="empty"):
        GAME.apply(state, Place(2, cells_mask([(0, 0, 0), (1, 0, 0)])))


def test_crystal_wraps_around_the_ring() -> None:
    state = with_ring(fresh(), {1: ("teal", "I2")}, crystal=11)
    after = GAME.apply(state, Place(3, cells_mask([(0, 0, 0), (1, 0, 0)])))
    assert after.crystal == 1


def test_take_piece_refills_the_crystal_start_space_from_the_box() -> None:
    state = with_ring(fresh(), {2: ("blue", "L3")}, crystal=5)
    state = with_ring(state, {7: ("blue", "L3")}, crystal=5)
    box_before = len(state.box)
    after = GAME.apply(state, Place(2, cells_mask([(0, 0, 0), (1, 0, 0), (0, 1, 0)])))
    assert after.crystal == 7
    assert after.ring[7] == EMPTY
    assert after.ring[5] != EMPTY and after.ring[5] in state.box
    assert len(after.box) == box_before - 1


def test_empty_box_leaves_the_start_space_empty() -> None:
    state = with_ring(fresh(), {1: ("blue", "I2"), 2: ("black", "I2")}, crystal=0)
    state = msgspec.structs.replace(state, box=())
    after = GAME.apply(state, Place(1, cells_mask([(0, 0, 0), (1, 0, 0)])))
    assert after.ring[0] == EMPTY and after.crystal == 1


def test_piece_may_be_turned_any_of_24_ways_but_not_mirrored() -> None:
    state = with_ring(fresh(), {1: ("blue", "SCREW_R")})
    screw_l = GAME.content.shapes["SCREW_L"]
    with pytest.raises(IllegalAction, match="shape of the blue SCREW_R"):
        GAME.apply(state, Place(1, mask_of(screw_l)))
    raised = cells_mask([(x, y, z + 1) for x, y, z in GAME.content.shapes["SCREW_R"]])
    with pytest.raises(IllegalAction, match="hang over empty space"):
        GAME.apply(state, Place(1, raised))
    turned = [a for a in GAME.legal_actions(state) if isinstance(a, Place) and a.step == 1]
    assert len({a.cells for a in turned}) == len(turned) > 0


def test_placement_inside_the_board_below_the_height_limit() -> None:
    state = with_ring(fresh(3), {1: ("blue", "I2")})
    tower = [(0, 0, 0), (0, 0, 1), (0, 0, 2)]
    state = with_cubes(state, state.current, tower, "white")
    with pytest.raises(IllegalAction, match="above level 3"):
        GAME.apply(state, Place(1, cells_mask([(0, 0, 3), (1, 0, 3)])))


def test_placement_may_not_overlap_a_filled_cell() -> None:
    state = with_ring(fresh(), {1: ("blue", "I2")})
    state = with_cubes(state, state.current, [(1, 0, 0)], "white")
    with pytest.raises(IllegalAction, match=r"b1\^1 is already filled"):
        GAME.apply(state, Place(1, cells_mask([(0, 0, 0), (1, 0, 0)])))


def test_no_part_may_hang_over_empty_space() -> None:
    state = with_ring(fresh(), {1: ("blue", "I2")})
    state = with_cubes(state, state.current, [(0, 0, 0)], "white")
    with pytest.raises(IllegalAction, match=r"b1\^2 would hang"):
        GAME.apply(state, Place(1, cells_mask([(0, 0, 1), (1, 0, 1)])))


def test_a_piece_may_stand_on_its_own_cubes() -> None:
    state = with_ring(fresh(), {1: ("blue", "I2")})
    after = GAME.apply(state, Place(1, cells_mask([(2, 2, 0), (2, 2, 1)])))
    assert after.boards[state.current].occupied == cells_mask([(2, 2, 0), (2, 2, 1)])


def test_swap_removes_the_piece_and_places_a_single_of_its_colour() -> None:
    state = with_ring(fresh(), {2: ("teal", "L4")})
    seat = state.current
    taken = state.ring[2]
    after = GAME.apply(state, Swap(2, cell_index(3, 3, 0)))
    board = after.boards[seat]
    assert board.cubes[COLOURS.index("teal")] == 1 << cell_index(3, 3, 0)
    assert taken in after.removed
    placed = board.pieces[-1]
    assert GAME.content.pieces[placed].single and placed not in after.supply
    assert len(after.supply) == len(state.supply) - 1


def test_swap_only_while_singles_of_that_colour_remain() -> None:
    state = with_ring(fresh(), {1: ("teal", "L4")})
    teal = COLOURS.index("teal")
    supply = tuple(p for p in state.supply if GAME.content.pieces[p].colour != teal)
    state = msgspec.structs.replace(state, supply=supply)
    assert not any(isinstance(a, Swap) for a in GAME.legal_actions(state))
    with pytest.raises(IllegalAction, match="no single teal cube"):
        GAME.apply(state, Swap(1, 0))


def test_crystal_move_illegal_when_piece_neither_placed_nor_swapped() -> None:
    state = with_ring(fresh(3), {1: ("blue", "I4"), 2: ("black", "I2")})
    seat = state.current
    # Two complete levels and a third with a checkerboard: no I4 fits, an I2 does not either.
    cells = level(0) + level(1) + [(x, y, 2) for x in range(4) for y in range(4) if (x + y) % 2]
    state = with_cubes(state, seat, cells, "white")
    blue = COLOURS.index("blue")
    supply = tuple(p for p in state.supply if GAME.content.pieces[p].colour != blue)
    state = msgspec.structs.replace(state, supply=supply)
    steps = {a.step for a in GAME.legal_actions(state) if isinstance(a, Place | Swap)}
    assert steps == {2}  # the black I2 can be swapped for a single; the blue I4 cannot move at all
    assert all(
        isinstance(a, Swap) for a in GAME.legal_actions(state) if not isinstance(a, TakeProphecy)
    )


# Prophecies -----------------------------------------------------------------------------------


def test_prophecy_one_per_side_any_available_value() -> None:
    state = fresh()
    seat = state.current
    values = {a.value for a in GAME.legal_actions(state) if isinstance(a, TakeProphecy)}
    assert values == set(range(4, 13))
    after = GAME.apply(state, TakeProphecy(1, 12))
    assert after.boards[seat].prophecies == (0, 12, 0, 0)
    assert 12 not in after.prophecy_tokens
    again = turn_to(after, seat)
    with pytest.raises(IllegalAction, match="east side already has a prophecy"):
        GAME.apply(again, TakeProphecy(1, 5))
    with pytest.raises(IllegalAction, match="no prophecy token of value 12"):
        GAME.apply(again, TakeProphecy(0, 12))


def test_undo_allowed_until_a_draw_from_the_box() -> None:
    state = with_ring(fresh(), {1: ("blue", "I2")})
    prophecy = GAME.apply(state, TakeProphecy(0, 4))
    assert GAME.undoable(state, prophecy)
    placed = GAME.apply(state, Place(1, cells_mask([(0, 0, 0), (1, 0, 0)])))
    assert not GAME.undoable(state, placed)  # a piece came out of the box


def test_pass_only_without_a_legal_move() -> None:
    state = fresh()
    with pytest.raises(IllegalAction, match="cannot pass"):
        GAME.apply(state, Pass())
    stuck = msgspec.structs.replace(with_ring(state, {}), box=(), prophecy_tokens=())
    assert list(GAME.legal_actions(stuck)) == [Pass()]
    assert GAME.legal_ids(stuck) == [GAME.action_to_id(Pass())]


# Rewards --------------------------------------------------------------------------------------


def test_level_token_top_of_stack_once_per_level() -> None:
    state = with_ring(fresh(2), {1: ("blue", "I2"), 2: ("blue", "I2")})
    seat = state.current
    state = with_cubes(state, seat, level(0, skip=[(0, 0), (1, 0)]), "white")
    after = GAME.apply(state, Place(1, cells_mask([(0, 0, 0), (1, 0, 0)])))
    assert after.boards[seat].level_tokens == (3,)
    assert after.level_stacks[0] == (2,)
    assert after.boards[seat].levels_done == 0b1
    # placing more does not pay level 1 again
    again = GAME.apply(turn_to(after, seat), Place(1, cells_mask([(0, 0, 1), (1, 0, 1)])))
    assert again.boards[seat].level_tokens == (3,)


def test_level_completed_with_an_empty_stack_pays_nothing() -> None:
    state = with_ring(fresh(2), {1: ("blue", "I2")})
    seat = state.current
    state = msgspec.structs.replace(state, level_stacks=((), *state.level_stacks[1:]))
    state = with_cubes(state, seat, level(0, skip=[(0, 0), (1, 0)]), "white")
    after = GAME.apply(state, Place(1, cells_mask([(0, 0, 0), (1, 0, 0)])))
    assert after.boards[seat].level_tokens == ()
    assert after.boards[seat].levels_done == 0b1


def test_structure_token_highest_available_once_per_player() -> None:
    # Card 4, two floors: levels 1 and 2 complete, nothing above.
    state = with_ring(fresh(2, card=4), {1: ("blue", "I2"), 2: ("black", "I2")})
    seat = state.current
    state = with_cubes(state, seat, level(0) + level(1, skip=[(0, 0), (1, 0)]), "white")
    after = GAME.apply(state, Place(1, cells_mask([(0, 0, 1), (1, 0, 1)])))
    assert after.boards[seat].structure_token == 10
    assert after.structure_tokens == (7,)
    # building on past the shape does not pay again, and a second fit would not either
    later = GAME.apply(turn_to(after, seat), Place(1, cells_mask([(3, 3, 2), (3, 3, 3)])))
    assert later.boards[seat].structure_token == 10
    assert later.structure_tokens == (7,)


def test_structure_fits_under_any_quarter_turn_colours_ignored() -> None:
    # Card 1, layer and wall: level 1 plus one complete wall, here the west wall, in two colours.
    state = with_ring(fresh(3, card=1), {1: ("teal", "I2")})
    seat = state.current
    wall = [(0, y, z) for y in range(4) for z in (1, 2)]
    wall.remove((0, 3, 2))
    wall.remove((0, 2, 2))
    state = with_cubes(state, seat, level(0), "orange")
    state = with_cubes(state, seat, wall, "black")
    after = GAME.apply(state, Place(1, cells_mask([(0, 2, 2), (0, 3, 2)])))
    assert after.boards[seat].structure_token == 10


def test_structure_staircase_follows_the_height() -> None:
    card = next(c for c in GAME.content.cards if c.name == "Staircase")
    tall = {(x, y, z) for x in range(4) for y, h in enumerate((4, 3, 2, 1)) for z in range(h)}
    short = {(x, y, z) for x in range(4) for y, h in enumerate((3, 3, 2, 1)) for z in range(h)}
    assert mask_of(tall) in card.masks(4)
    assert mask_of(short) in card.masks(3)
    assert mask_of(short) not in card.masks(4)


# End and scoring ------------------------------------------------------------------------------


def _nearly_complete(players: int) -> tuple[MonolythState, int]:
    state = with_ring(fresh(players), {1: ("blue", "I2"), 2: ("black", "I2"), 3: ("white", "I2")})
    seat = state.current
    height = state.height
    cells = [c for z in range(height) for c in level(z)]
    cells.remove((0, 0, height - 1))
    cells.remove((1, 0, height - 1))
    return with_cubes(state, seat, cells, "orange"), seat


def test_game_ends_at_end_of_round_when_a_monolith_is_completed() -> None:
    state, seat = _nearly_complete(3)
    state = msgspec.structs.replace(state, first_player=seat)
    after = GAME.apply(state, Place(1, cells_mask([(0, 0, 2), (1, 0, 2)])))
    assert after.ending and not after.over
    # the other two players still take their turn, then the round ends
    for _ in range(2):
        assert not GAME.is_terminal(after)
        after = GAME.apply(after, next(GAME.legal_actions(after)))
    assert GAME.is_terminal(after) and GAME.current_player(after) is None
    assert after.turn == state.turn + 3


def test_completion_by_the_last_player_of_the_round_ends_at_once() -> None:
    state, seat = _nearly_complete(2)
    state = msgspec.structs.replace(state, first_player=(seat + 1) % 2)
    after = GAME.apply(state, Place(1, cells_mask([(0, 0, 3), (1, 0, 3)])))
    assert after.over


def test_game_ends_at_end_of_round_when_the_supply_runs_out() -> None:
    state = with_ring(fresh(2), {1: ("blue", "I2")})
    state = msgspec.structs.replace(state, box=(), first_player=state.current)
    after = GAME.apply(state, Place(1, cells_mask([(0, 0, 0), (1, 0, 0)])))
    assert after.ending and not after.over
    after = GAME.apply(after, next(GAME.legal_actions(after)))  # a prophecy: pieces are gone
    assert after.over


def test_all_players_passing_ends_the_game() -> None:
    # Pieces remain, but no one can place the blue I4 or swap it, and no prophecy is left.
    state = with_ring(fresh(3), {1: ("blue", "I4")})
    blue = COLOURS.index("blue")
    supply = tuple(p for p in state.supply if GAME.content.pieces[p].colour != blue)
    state = msgspec.structs.replace(state, supply=supply, prophecy_tokens=())
    cells = level(0) + level(1) + [(x, y, 2) for x in range(4) for y in range(4) if (x + y) % 2]
    for seat in range(3):
        state = with_cubes(state, seat, cells, "white")
    state = msgspec.structs.replace(state, first_player=(state.current + 1) % 3)
    for _ in range(3):
        assert not state.over
        assert list(GAME.legal_actions(state)) == [Pass()]
        state = GAME.apply(state, Pass())
    assert state.over and not state.ending


def test_score_is_structure_plus_levels_plus_fulfilled_prophecies() -> None:
    state = fresh(2)
    seat = state.current
    board = state.boards[seat]
    north = COLOURS[board.edges[0]]
    east = COLOURS[board.edges[1]]
    # north wall: 5 cubes of its edge colour; east wall: 3 of its colour
    state = with_cubes(state, seat, [(x, 0, 0) for x in range(4)] + [(0, 0, 1)], north)
    state = with_cubes(state, seat, [(3, y, 0) for y in (1, 2, 3)], east)
    board = msgspec.structs.replace(
        state.boards[seat], prophecies=(5, 4, 0, 0), level_tokens=(3, 5), structure_token=7
    )
    state = msgspec.structs.replace(
        state, boards=(*state.boards[:seat], board, *state.boards[seat + 1 :])
    )
    assert GAME.fulfilled(state, seat) == (True, False, False, False)
    assert GAME.score(state, seat) == 7 + 3 + 5 + 5


def test_prophecy_corner_column_counts_for_both_walls() -> None:
    state = fresh(2)
    seat = state.current
    board = state.boards[seat]
    north, east = board.edges[0], board.edges[1]
    # a cube of the north colour in the north-east corner counts for the north wall only if the
    # colour matches; the wall is the whole slice, corners included
    state = with_cubes(state, seat, [(3, 0, 0)], COLOURS[north])
    state = with_cubes(state, seat, [(3, 1, 0), (3, 2, 0), (3, 3, 0)], COLOURS[east])
    board = msgspec.structs.replace(state.boards[seat], prophecies=(1, 3, 0, 0))
    state = msgspec.structs.replace(
        state, boards=(*state.boards[:seat], board, *state.boards[seat + 1 :])
    )
    assert GAME.fulfilled(state, seat)[:2] == (True, True)


def test_tie_break_more_level_tokens_then_later_in_turn_order() -> None:
    state = fresh(3)
    state = msgspec.structs.replace(state, first_player=0)
    boards = list(state.boards)
    boards[0] = msgspec.structs.replace(boards[0], level_tokens=(2, 2), structure_token=0)
    boards[1] = msgspec.structs.replace(boards[1], level_tokens=(4,), structure_token=0)
    boards[2] = msgspec.structs.replace(boards[2], level_tokens=(4,), structure_token=0)
    state = msgspec.structs.replace(state, boards=tuple(boards))
    assert GAME.scores(state) == (4.0, 4.0, 4.0)
    assert GAME.ranking(state) == (0, 2, 1)


# Solo -----------------------------------------------------------------------------------------


def test_solo_rival_removes_the_first_piece_clockwise_of_the_crystal() -> None:
    state = with_ring(fresh(1), {2: ("blue", "I2"), 5: ("black", "O4"), 9: ("teal", "T4")})
    rival_target = state.ring[5]
    after = GAME.apply(state, Place(2, cells_mask([(0, 0, 0), (1, 0, 0)])))
    # the crystal is now on space 2; the first piece clockwise of it is the black O4 on space 5
    assert rival_target in after.removed
    assert after.ring[5] != EMPTY and after.ring[5] != rival_target  # refilled from the box
    assert after.current == 0 and not after.over


def test_solo_tokens_one_of_each_value_and_structure_ten_only() -> None:
    state = fresh(1)
    assert state.structure_tokens == (10,)
    assert sorted(state.prophecy_tokens) == list(range(4, 13))
    assert state.level_stacks == ((3,), (5,), (7,), (9,))


def test_solo_ends_when_the_supply_runs_out_with_a_rating() -> None:
    state = with_ring(fresh(1), {1: ("blue", "I2"), 2: ("black", "I2")})
    state = msgspec.structs.replace(state, box=())
    after = GAME.apply(state, Place(1, cells_mask([(0, 0, 0), (1, 0, 0)])))
    assert after.over  # the rival took the last piece
    view = GAME.view(after, 0)
    assert view["solo_rating"] == "apprentice"


def test_solo_rating_bands() -> None:
    """Each rating runs from its minimum in the content to one short of the next one's (the
    minimums are calibrated, so they are read, not written here)."""
    ratings = GAME.content.solo_ratings
    assert [title for _, title in ratings] == ["apprentice", "mason", "architect", "master builder"]
    for (low, title), (high, _) in itertools.pairwise(ratings):
        assert GAME.content.rating(low) == title
        assert GAME.content.rating(high - 1) == title
    assert GAME.content.rating(ratings[-1][0] + 100) == ratings[-1][1]
