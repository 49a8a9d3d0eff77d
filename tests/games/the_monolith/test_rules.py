"""Scenario tests, one per rule: setup, every order, every action, every rest-phase step."""

from __future__ import annotations

import msgspec
import pytest

from monolith.core import IllegalAction
from monolith.core.i18n import describe
from monolith.games.the_monolith import GAME
from monolith.games.the_monolith.rules import SOURCE_SHAMAN, State, Work, act
from monolith.games.the_monolith.validate import hearts_of, warriors_of

from .helpers import (
    DIV,
    HIDDEN_PASSAGE,
    OBJ,
    SHAMAN,
    SP,
    C,
    action_turn,
    kinds,
    legal,
    play,
    rest_from,
    scene,
    started,
)


def quiet_rest(state: State, **fields: object) -> State:
    """Fields that keep a rest phase from scoring anything the test did not set up: the event
    drawn asks for a placement (so the run stops there) and nobody holds objectives."""
    return msgspec.structs.replace(state, event_deck=(HIDDEN_PASSAGE,), **fields)


# --- setup ------------------------------------------------------------------------------------


def test_three_player_game_locks_top_left_corner() -> None:
    state = started(3)
    view = GAME.view(state, 0)
    locked = {SP[k] for k in ("salt-barrow", "crowfoot-rise", "weeping-cairns")}
    for space in view["spaces"]:
        assert space["exists"] == (space["index"] not in locked)
        assert not locked & set(space["adjacent"])
    for p in range(3):
        assert not any(state.warriors[p][s] for s in locked)
    assert state.stronghold == (SP["eastmarch"], SP["southkeep"], SP["westhold"])
    assert started(4).stronghold[0] == SP["crowfoot-rise"]


def test_setup_follows_shaman_card() -> None:
    state = started(4, seed=3)
    for p in range(4):
        card = C.shamans[state.shaman[p]]
        home = state.stronghold[p]
        assert state.available[p] == card.hearts_available
        assert state.unearned[p] == card.hearts_unearned
        assert state.warriors[p][home] == card.warriors_stronghold
        assert state.warriors[p][C.monolith] == card.warriors_monolith
        assert state.reserves[p] == card.warriors_reserves
        assert state.anger[p] == card.warriors_anger
        start = C.monolith if card.start == "monolith" else home
        assert state.shaman_at[p] == start and state.shaman_alive[p]
        assert state.favor[p] == 0 and len(state.objs[p]) == 1
    assert state.slots[C.monolith].count(-1) == 2
    assert len(state.row) == 4 and all(card >= 0 for card in state.row)
    assert len(set(state.shaman)) == 4
    assert state.phase == "order" and state.turn == state.first


def test_keep_one_of_two_objectives() -> None:
    state = GAME.new_game(players=3, seed=5)
    p = GAME.current_player(state)
    assert p is not None
    first_two = state.objs[p]
    assert len(first_two) == 2 and kinds(state) == {"keep_objective"}
    after = GAME.apply(state, act("keep_objective", 1))
    assert after.objs[p] == (first_two[1],)
    assert first_two[0] in after.obj_discard


def test_shaman_draft_bids_then_picks() -> None:
    state = GAME.new_game(players=3, seed=2, options={"draft": "bid"})
    assert state.phase == "draft"
    first = state.first
    seats = [(first + k) % 3 for k in range(3)]
    bids = {seats[0]: 0, seats[1]: 3, seats[2]: 1}
    for seat in seats:
        assert GAME.current_player(state) == seat
        state = GAME.apply(state, act("draft_bid", bids[seat]))
    assert GAME.current_player(state) == seats[1]
    state = GAME.apply(state, act("draft_pick", SHAMAN["tide-caller"]))
    assert GAME.current_player(state) == seats[2]
    assert act("draft_pick", SHAMAN["tide-caller"]) not in legal(state)
    state = GAME.apply(state, act("draft_pick", SHAMAN["ash-mother"]))
    state = GAME.apply(state, act("draft_pick", SHAMAN["bone-singer"]))
    assert state.shaman[seats[1]] == SHAMAN["tide-caller"]
    tide = C.shamans[SHAMAN["tide-caller"]]
    assert state.available[seats[1]] == tide.hearts_available - 3
    assert state.unearned[seats[1]] == tide.hearts_unearned + 3
    assert state.step == "keep_objective"


# --- order phase: march -----------------------------------------------------------------------


def test_march_spends_one_heart_per_step() -> None:
    state = scene(units={(0, "eastmarch"): 2}, available=(3, 0, 0))
    state = play(state, act("march", SP["eastmarch"], 2), act("step", SP["ink-orchard"]))
    assert state.available[0] == 2 and state.spent[0] == 1
    state = play(state, act("step", SP["lantern-gate"]), act("stop"))
    assert state.available[0] == 1 and state.spent[0] == 2
    assert state.warriors[0][SP["lantern-gate"]] == 2
    assert state.turn == 1


def test_march_needs_at_least_one_step() -> None:
    state = scene(units={(0, "eastmarch"): 2}, available=(3, 0, 0))
    state = play(state, act("march", SP["eastmarch"], 1))
    assert act("stop") not in legal(state)


def test_march_only_through_dashed_borders() -> None:
    state = scene(units={(0, "monolith"): 1}, available=(2, 0, 0))
    state = play(state, act("march", SP["monolith"], 1))
    steps = {a.args[0] for a in legal(state) if a.kind == "step"}
    assert steps == {SP["lantern-gate"], SP["ossuary-hill"], SP["ember-terraces"]}
    with pytest.raises(IllegalAction):
        GAME.apply(state, act("step", SP["goat-spine"]))  # a solid border


def test_march_through_tunnel() -> None:
    state = scene(units={(0, "eastmarch"): 2, (1, "brine-hollow"): 3}, available=(3, 0, 0))
    state = play(
        state,
        act("march", SP["eastmarch"], 2),
        act("step", SP["brine-hollow"]),  # enemy pieces do not stop a march
        act("step", SP["ashen-mire"]),  # brine-hollow and ashen-mire both have tunnels
        act("stop"),
    )
    assert state.warriors[0][SP["ashen-mire"]] == 2
    assert state.spent[0] == 2 and state.available[0] == 1


def test_march_drops_and_picks_up() -> None:
    state = scene(units={(0, "eastmarch"): 2, (0, "ink-orchard"): 2}, available=(4, 0, 0))
    state = play(state, act("march", SP["eastmarch"], 2), act("step", SP["ink-orchard"]))
    state = play(state, act("pick_up"))
    assert state.group == 3
    assert act("drop_off") not in legal(state)  # not both in one space: no loops
    state = play(state, act("step", SP["lantern-gate"]), act("drop_off"))
    state = play(state, act("step", SP["monolith"]), act("stop"))
    assert state.warriors[0][SP["eastmarch"]] == 0
    assert state.warriors[0][SP["ink-orchard"]] == 1
    assert state.warriors[0][SP["lantern-gate"]] == 1
    assert state.warriors[0][SP["monolith"]] == 2
    assert state.spent[0] == 3


def test_march_moves_only_living_warriors() -> None:
    state = scene(
        units={(0, "eastmarch"): 1},
        dead={(0, "eastmarch"): 3, (0, "ink-orchard"): 2},
        available=(3, 0, 0),
    )
    marches = [a for a in legal(state) if a.kind == "march"]
    assert marches == [act("march", SP["eastmarch"], 1)]  # not the shaman, not the dead


# --- order phase: shaman ----------------------------------------------------------------------


def test_shaman_order_costs_one_and_cremates() -> None:
    state = scene(
        units={(0, "eastmarch"): 1},
        dead={(0, "eastmarch"): 2, (0, "ink-orchard"): 1, (1, "ink-orchard"): 1},
        available=(4, 0, 0),
    )
    state = play(state, act("shaman"))
    assert state.available[0] == 3 and state.spent[0] == 1
    assert state.anger[0] == 2 and state.dead[0][SP["eastmarch"]] == 0
    state = play(state, act("step", SP["ink-orchard"]))
    assert state.anger[0] == 3 and state.dead[1][SP["ink-orchard"]] == 1
    state = play(state, act("step", SP["lantern-gate"]), act("step", SP["monolith"]))
    assert state.shaman_at[0] == SP["monolith"]
    assert kinds(state) == {"stop"}  # three steps at most
    state = play(state, act("stop"))
    assert state.spent[0] == 1 and state.warriors[0][SP["eastmarch"]] == 1


def test_dead_shaman_cannot_take_shaman_order() -> None:
    state = scene(shaman_dead=(0,), available=(3, 0, 0))
    assert "shaman" not in kinds(state)


# --- order phase: recruit ---------------------------------------------------------------------


def test_recruit_bonus_per_controlled_mausoleum() -> None:
    state = scene(
        units={(0, "red-fen"): 1, (0, "ossuary-hill"): 2, (1, "grave-orchard"): 1},
        available=(5, 0, 0),
    )
    state = play(state, act("recruit", 2))
    assert state.recruits == 2 and state.bonus == 2
    spaces = {a.args[0] for a in legal(state) if a.kind == "deploy"}
    assert spaces == {SP["eastmarch"], SP["red-fen"], SP["ossuary-hill"]}
    state = play(
        state,
        act("deploy", SP["eastmarch"], 0),
        act("deploy", SP["eastmarch"], 0),
        act("deploy", SP["red-fen"], 0),
    )
    assert act("stop") in legal(state)  # the free warriors are optional
    state = play(state, act("deploy", SP["ossuary-hill"], 0))
    assert state.turn == 1  # all four deployed: the order is over
    assert state.warriors[0][SP["eastmarch"]] == 2
    assert state.spent[0] == 2 and state.available[0] == 3


def test_recruit_needs_two_hearts_and_takes_from_anger_too() -> None:
    state = scene(available=(1, 0, 0))
    assert "recruit" not in kinds(state)
    state = scene(available=(6, 0, 0), anger=(2, 0, 0))
    state = msgspec.structs.replace(state, reserves=(1, *state.reserves[1:]))
    state = msgspec.structs.replace(state, limbo=(13, 0, 0))  # keep 16 warriors
    recruits = sorted(a.args[0] for a in legal(state) if a.kind == "recruit")
    assert recruits == [2, 3]  # only three warriors to deploy
    state = play(state, act("recruit", 3))
    sources = {a.args[1] for a in legal(state) if a.kind == "deploy"}
    assert sources == {0, 1}


def test_recruit_only_into_occupied_mausoleum() -> None:
    state = scene(dead={(0, "grave-orchard"): 1}, available=(3, 0, 0))
    state = play(state, act("recruit", 2))
    spaces = {a.args[0] for a in legal(state) if a.kind == "deploy"}
    assert spaces == {SP["eastmarch"]}


def test_recruit_to_stronghold_even_if_enemy_controls() -> None:
    state = scene(units={(1, "eastmarch"): 4}, shamans={0: "monolith"}, available=(3, 0, 0))
    state = play(state, act("recruit", 2), act("deploy", SP["eastmarch"], 0))
    assert state.warriors[0][SP["eastmarch"]] == 1


# --- order phase: divination ------------------------------------------------------------------


def bids(state: State, table: dict[tuple[int, int], int]) -> tuple[tuple[int, ...], ...]:
    rows = [[0] * state.players for _ in state.row]
    for (slot, p), hearts in table.items():
        rows[slot][p] = hearts
    return tuple(map(tuple, rows))


def test_bid_must_beat_every_other_bid() -> None:
    state = scene(available=(6, 0, 0))
    state = msgspec.structs.replace(state, bids=bids(state, {(0, 1): 3, (0, 2): 1}))
    amounts = sorted(a.args[1] for a in legal(state) if a.kind == "bid" and a.args[0] == 0)
    assert amounts == [4, 5, 6]
    state = play(state, act("bid", 0, 4))
    assert state.bids[0][0] == 4 and state.available[0] == 2 and state.turn == 1


def test_outbid_must_raise_or_forfeit() -> None:
    state = scene(available=(5, 0, 0), step="checks", checks=(0,))
    state = msgspec.structs.replace(state, bids=bids(state, {(0, 0): 2, (0, 1): 3}))
    choices = legal(state)
    assert {a.kind for a in choices} == {"raise", "forfeit"}
    assert sorted(a.args[1] for a in choices if a.kind == "raise") == [2, 3, 4, 5]
    raised = GAME.apply(state, act("raise", 0, 2))
    assert raised.bids[0][0] == 4 and raised.available[0] == 3
    assert raised.step == "order" and raised.turn == 0  # raising is not the order
    forfeited = GAME.apply(state, act("forfeit", 0))
    assert forfeited.bids[0][0] == 0 and forfeited.available[0] == 7


def test_highest_bidder_must_take_at_turn_start() -> None:
    state = scene(available=(1, 4, 0), step="checks", checks=(0,))
    state = msgspec.structs.replace(state, bids=bids(state, {(0, 0): 3, (0, 1): 2}))
    card = state.row[0]
    assert legal(state) == [act("take", 0)]
    state = GAME.apply(state, act("take", 0))
    assert state.divs[0] == (card,) and state.row[0] == -1
    assert state.spent[0] == 3 and state.available[1] == 6
    assert state.step == "order" and state.turn == 0  # the order still follows


def test_discard_down_to_three_divinations() -> None:
    state = scene(divs={0: ("red-harvest", "headsman", "muster")}, step="checks", checks=(0,))
    state = msgspec.structs.replace(state, bids=bids(state, {(0, 0): 1}))
    state = GAME.apply(state, act("take", 0))
    assert len(state.divs[0]) == 4 and GAME.current_player(state) == 0
    assert kinds(state) == {"discard_divination"}
    state = GAME.apply(state, act("discard_divination", 1))
    assert len(state.divs[0]) == 3 and DIV["headsman"] in state.div_discard


# --- order phase: commit ----------------------------------------------------------------------


def test_first_commit_takes_surge() -> None:
    state = scene(available=(2, 2, 2))
    state = play(state, act("commit"))
    assert state.surge == 0 and state.committed == (True, False, False)
    state = play(state, act("commit"))
    assert state.surge == 0


def test_commit_drops_available_and_outbid_hearts() -> None:
    state = scene(available=(5, 0, 0))
    table = {(0, 0): 2, (0, 1): 3, (1, 0): 4}
    state = msgspec.structs.replace(state, bids=bids(state, table))
    state = play(state, act("commit"))
    assert state.tower[0] == 7 and state.available[0] == 0
    assert state.bids[0][0] == 0 and state.bids[1][0] == 4  # a winning bid stays


def test_committed_player_is_skipped_and_commit_is_forced_without_hearts() -> None:
    state = scene(available=(2, 0, 2), committed=(False, True, False))
    state = play(state, act("commit"))
    assert state.turn == 2
    state = scene(available=(0, 2, 2))
    assert [a.kind for a in legal(state)] == ["commit"]


def test_end_of_order_phase_awards_cards_and_drops_losing_bids() -> None:
    state = scene(available=(1, 0, 0), committed=(False, True, True), surge=1)
    state = msgspec.structs.replace(state, bids=bids(state, {(0, 0): 3, (0, 2): 2}))
    card = state.row[0]
    state = play(state, act("commit"))
    assert state.phase == "action"
    assert card in state.divs[0] and state.spent[0] == 3
    assert sum(state.zones[2]) == 2 and sum(state.zones[0]) == 1


# --- action phase -----------------------------------------------------------------------------


def test_tower_lands_every_heart_in_a_zone() -> None:
    state = scene(available=(4, 5, 6), committed=(False, True, True), surge=1)
    state = msgspec.structs.replace(state, tower=(0, 5, 6), available=(4, 0, 0))
    state = play(state, act("commit"))
    landed = [e for e in state.log if e.kind == "land"]
    assert len(landed) == 15
    for p, hearts in enumerate((4, 5, 6)):
        assert sum(state.zones[p]) == hearts == sum(1 for e in landed if e.player == p)
        for zone in range(3):
            assert state.zones[p][zone] == sum(
                1 for e in landed if e.player == p and e.value == zone
            )
    assert state.tower == (0, 0, 0)


def test_sticky_tower_keeps_some_hearts_inside() -> None:
    stuck_total = 0
    for seed in range(4):
        state = started(3, seed=seed, options={"tower": "sticky"})
        state = msgspec.structs.replace(state, step="order", checks=())
        while state.phase == "order":
            state = GAME.apply(state, act("commit"))
        assert state.tower == state.stuck  # only stuck hearts stay in the tower
        stuck_total += sum(state.stuck)
        falls = sum(1 for e in state.log if e.kind == "fall" and e.value == 0)
        sticks = sum(1 for e in state.log if e.kind == "stick")
        unstuck = sum(1 for e in state.log if e.kind == "fall" and e.value == 1)
        assert sticks - unstuck == sum(state.stuck)
        assert falls + unstuck == sum(sum(z) for z in state.zones)
        for p in range(3):
            assert hearts_of(state, p) == 19
    assert stuck_total > 0


def test_surge_holder_acts_four_times() -> None:
    state = scene(
        units={(1, "southkeep"): 6, (2, "westhold"): 2},
        available=(3, 6, 3),
        turn=1,
    )
    state = play(state, act("commit"))  # player 1 commits first: the surge
    assert state.surge == 1
    state = play(state, act("commit"), act("commit"))
    assert state.phase == "action" and state.turn == 1 and state.actions_left == 4
    for _ in range(4):
        assert GAME.current_player(state) == 1
        sacrifice = next(a for a in legal(state) if a.kind == "sacrifice")
        state = GAME.apply(state, sacrifice)
    assert state.turn == 2 and state.actions_left == 2


def test_slay_warrior_scores_one() -> None:
    state = scene(units={(0, "ink-orchard"): 1, (1, "ink-orchard"): 2})
    state = action_turn(state, 0, (1, 1, 0))
    state = GAME.apply(state, act("slay", SP["ink-orchard"], 1, 0))
    assert state.warriors[1][SP["ink-orchard"]] == 1 and state.dead[1][SP["ink-orchard"]] == 1
    assert state.favor[0] == 1 and state.spent[0] == 1


def test_slay_needs_an_occupied_space() -> None:
    state = scene(units={(1, "ink-orchard"): 2}, dead={(0, "ink-orchard"): 1})
    state = action_turn(state, 0, (1, 0, 0))
    assert "slay" not in kinds(state)


def test_slay_shaman_only_after_its_warriors() -> None:
    state = scene(units={(0, "ink-orchard"): 1, (1, "ink-orchard"): 1}, shamans={1: "ink-orchard"})
    state = action_turn(state, 0, (2, 1, 0), actions=3)
    slays = [a for a in legal(state) if a.kind == "slay"]
    assert slays == [act("slay", SP["ink-orchard"], 1, 0)]
    state = GAME.apply(state, slays[0])
    assert act("slay", SP["ink-orchard"], 1, 1) in legal(state)
    state = GAME.apply(state, act("slay", SP["ink-orchard"], 1, 1))
    assert not state.shaman_alive[1] and state.favor[0] == 1 + 3


def test_maneuver_moves_one_unit_to_adjacent() -> None:
    state = scene(units={(0, "eastmarch"): 2})
    state = action_turn(state, 0, (0, 1, 0))
    targets = {a.args[1] for a in legal(state) if a.kind == "maneuver" and a.args[2] == 0}
    assert targets == {SP["thornwatch"], SP["ink-orchard"], SP["brine-hollow"]}
    state = GAME.apply(state, act("maneuver", SP["eastmarch"], SP["brine-hollow"], 0))
    assert state.warriors[0][SP["eastmarch"]] == 1 and state.warriors[0][SP["brine-hollow"]] == 1
    state2 = action_turn(scene(units={(0, "eastmarch"): 2}), 0, (0, 1, 0))
    state2 = GAME.apply(state2, act("maneuver", SP["eastmarch"], SP["ink-orchard"], 1))
    assert state2.shaman_at[0] == SP["ink-orchard"]


def test_boast_needs_contested_space_and_empty_slot() -> None:
    alone = action_turn(scene(units={(0, "ink-orchard"): 1}), 0, (0, 0, 1))
    assert "boast" not in kinds(alone)
    state = scene(units={(0, "ink-orchard"): 1, (1, "ink-orchard"): 1})
    state = action_turn(state, 0, (0, 0, 3), actions=3)
    state = GAME.apply(state, act("boast", SP["ink-orchard"]))
    assert state.slots[SP["ink-orchard"]] == (1, 0)
    state = GAME.apply(state, act("boast", SP["ink-orchard"]))
    assert state.slots[SP["ink-orchard"]] == (1, 1)
    assert "boast" not in kinds(state)  # no empty slot left


def test_boast_heart_returns_when_space_lost() -> None:
    state = scene(units={(0, "ink-orchard"): 1, (1, "ink-orchard"): 2})
    state = msgspec.structs.replace(state, slots=(*state.slots[:8], (1, 0), *state.slots[9:]))
    state = action_turn(state, 1, (1, 1, 0))
    spent_before = state.spent[0]
    state = GAME.apply(state, act("slay", SP["ink-orchard"], 0, 0))
    assert state.slots[SP["ink-orchard"]] == (0, 0)
    assert state.spent[0] == spent_before + 1


def test_sacrifice_from_any_zone() -> None:
    state = action_turn(scene(units={(0, "eastmarch"): 2}), 0, (0, 0, 1))
    assert act("sacrifice", SP["eastmarch"], 2) in legal(state)
    state = GAME.apply(state, act("sacrifice", SP["eastmarch"], 2))
    assert state.anger[0] == 1 and state.warriors[0][SP["eastmarch"]] == 1


def test_relent_returns_hearts_and_ends_actions() -> None:
    state = scene(units={(0, "eastmarch"): 2})
    state = action_turn(state, 0, (2, 1, 1))
    state = msgspec.structs.replace(state, zones=((2, 1, 1), (1, 0, 0), (0, 0, 0)))
    state = GAME.apply(state, act("relent"))
    assert state.zones[0] == (0, 0, 0) and state.spent[0] == 4
    assert state.turn == 1


def test_manipulate_fate_moves_heart_clockwise() -> None:
    state = action_turn(scene(anger=(3, 0, 0)), 0, (1, 0, 1))
    state = GAME.apply(state, act("fate", 0))
    assert state.zones[0] == (0, 1, 1) and state.anger[0] == 2 and state.limbo[0] == 1
    state = GAME.apply(state, act("fate", 2))  # boast wraps round to slay
    assert state.zones[0] == (1, 1, 0)
    assert state.actions_left == 2  # free: not one of the owed actions


def test_player_without_hearts_is_skipped() -> None:
    state = scene(units={(0, "eastmarch"): 1})
    state = action_turn(state, 0, (0, 0, 1), actions=1)
    state = msgspec.structs.replace(state, zones=((0, 0, 1), (0, 0, 0), (1, 0, 0)))
    state = GAME.apply(state, act("relent"))
    assert state.turn == 2 and state.actions_left == 2


def test_action_phase_ends_when_no_hearts_remain() -> None:
    state = scene(objs={}, event_deck=(HIDDEN_PASSAGE,))
    state = action_turn(state, 0, (0, 0, 1), actions=1)
    state = GAME.apply(state, act("relent"))
    assert state.phase == "rest"


# --- rest phase -------------------------------------------------------------------------------


def test_rest_removes_blood() -> None:
    state = quiet_rest(scene())
    monolith = list(state.slots[C.monolith])
    assert monolith == [0, 0, 0, 0]  # scene() clears; put blood back
    slots = list(state.slots)
    slots[C.monolith] = (-1, -1, 0, 0)
    slots[SP["ink-orchard"]] = (-1, 0)
    state = rest_from(msgspec.structs.replace(state, slots=tuple(slots)))
    assert all(mark == 0 for slots_ in state.slots for mark in slots_)


def test_temples_score_two_each() -> None:
    state = scene(
        units={(0, "ember-terraces"): 1, (0, "pilgrim-steps"): 2, (1, "pilgrim-steps"): 1}
    )
    state = rest_from(quiet_rest(state))
    assert state.favor == (4, 0, 0)


def test_boasts_score_three_or_four_with_monolith() -> None:
    state = scene(units={(0, "ink-orchard"): 1, (1, "ink-orchard"): 1, (0, "monolith"): 2})
    slots = list(state.slots)
    slots[SP["ink-orchard"]] = (1, 0)
    slots[C.monolith] = (0, 1, 0, 0)
    state = msgspec.structs.replace(state, slots=tuple(slots))
    spent = state.spent[0]
    state = rest_from(quiet_rest(state))
    assert state.favor[0] == 4 + 4  # controls the monolith: 4 per boast
    assert state.slots[SP["ink-orchard"]] == (-1, 0)
    assert state.slots[C.monolith] == (0, -1, 0, 0)
    assert state.available[0] >= spent + 2  # back via spent, then reset to available
    plain = scene(units={(0, "ink-orchard"): 1, (1, "ink-orchard"): 1})
    slots = list(plain.slots)
    slots[SP["ink-orchard"]] = (1, 0)
    plain = rest_from(quiet_rest(msgspec.structs.replace(plain, slots=tuple(slots))))
    assert plain.favor[0] == 3


def test_reveal_objective_scores_and_discards() -> None:
    state = scene(units={(0, "monolith"): 1}, objs={0: ("heart-of-stone", "seer")})
    state = rest_from(quiet_rest(state))
    assert state.step == "reveal" and GAME.current_player(state) == 0
    assert legal(state) == [act("reveal_objective", 0), act("pass")]  # seer is not met
    state = GAME.apply(state, act("reveal_objective", 0))
    assert state.favor[0] == 4 and state.objs[0] == (OBJ["seer"],)
    assert OBJ["heart-of-stone"] in state.obj_discard
    assert any(e.kind == "reveal" and e.value == OBJ["heart-of-stone"] for e in state.log)


def test_scriptorium_draws_objectives_and_discard_down_to_three() -> None:
    state = scene(
        units={(0, "glass-quarry"): 1, (0, "ink-orchard"): 1},
        objs={0: ("seer", "seething")},
    )
    state = rest_from(quiet_rest(state))
    assert len(state.objs[0]) == 4 and kinds(state) == {"discard_objective"}
    state = GAME.apply(state, act("discard_objective", 0))
    assert len(state.objs[0]) == 3 and OBJ["seer"] in state.obj_discard


def test_empty_objective_deck_is_reshuffled() -> None:
    state = scene(units={(0, "glass-quarry"): 1})
    state = msgspec.structs.replace(state, obj_deck=(), obj_discard=(OBJ["seer"], OBJ["all-in"]))
    before = [e for e in state.log if e.kind == "shuffle"]
    assert [e.value for e in before] == [0, 2, 1]  # each deck once at setup
    state = rest_from(quiet_rest(state))
    assert len(state.objs[0]) == 1 and len(state.obj_deck) == 1
    shuffles = [e for e in state.log if e.kind == "shuffle"]
    assert len(shuffles) == len(before) + 1 and shuffles[-1].value == 1  # the objective deck


def test_reset_pools() -> None:
    state = scene(spent=(5, 1, 0), limbo=(2, 0, 0))
    state = msgspec.structs.replace(state, unearned=(1, state.unearned[1], state.unearned[2]))
    state = msgspec.structs.replace(state, available=(state.available[0] + 13 - 0, 0, 0))
    state = rest_from(quiet_rest(state))
    assert state.spent == (0, 0, 0) and state.limbo == (0, 0, 0)
    assert state.available[0] == 13 + 5 + 1  # spent back, and the last unearned heart
    assert state.unearned[0] == 0
    assert state.available[1] == 1 + 2
    assert state.reserves[0] == 16 - 0 + 0  # limbo back to reserves
    for p in range(3):
        assert hearts_of(state, p) == 19 and warriors_of(state, p) == 16


def test_dead_shaman_stands_in_stronghold() -> None:
    state = scene(shamans={0: "monolith"}, shaman_dead=(0,))
    state = rest_from(quiet_rest(state))
    assert state.shaman_alive[0] and state.shaman_at[0] == SP["eastmarch"]


def test_new_divination_row_and_surge_and_first_player() -> None:
    state = scene(surge=2, first=1)
    old = set(state.row)
    state = rest_from(quiet_rest(state))
    assert old <= set(state.div_discard)
    assert len(state.row) == 3 and not old & set(state.row) and min(state.row) >= 0
    assert state.surge == -1 and state.first == 2


def test_least_favor_draws_event_ties_to_latest() -> None:
    state = quiet_rest(scene(first=1), favor=(0, 0, 5))
    state = rest_from(state)
    # this day's order is 1, 2, 0: tied 0 and 1, and 0 comes later
    assert state.drawer == 0 and GAME.current_player(state) == 0
    assert state.step == "place_event"
    state = GAME.apply(state, act("place_event", SP["gull-point"]))
    assert state.events_in_play == ((HIDDEN_PASSAGE, SP["gull-point"]),)
    assert state.day == 2 and state.phase == "order"


def test_day4_scores_unscored_objectives_then_ends() -> None:
    state = scene(day=4, objs={0: ("seer", "seething"), 1: ("all-in",)})
    state = msgspec.structs.replace(state, reserves=(state.reserves[0], 0, state.reserves[2]))
    state = msgspec.structs.replace(state, limbo=(0, 16, 0))
    state = rest_from(quiet_rest(state))
    assert state.step == "reveal" and GAME.current_player(state) == 1
    state = GAME.apply(state, act("pass"))  # keeps All In unrevealed
    assert GAME.is_terminal(state)
    assert state.favor == (2, 1, 0)
    assert GAME.current_player(state) is None and legal(state) == []
    assert not any(e.kind == "event" for e in state.log)


def test_tie_goes_to_closest_to_first_player() -> None:
    state = scene(favor=(5, 5, 3), first=1, phase="over", step="over")
    assert GAME.ranking(state) == (1, 0, 2)
    state = msgspec.structs.replace(state, first=0)
    assert GAME.ranking(state) == (0, 1, 2)
    state = msgspec.structs.replace(state, first=2, favor=(5, 5, 5))
    assert GAME.ranking(state) == (2, 0, 1)
    assert GAME.scores(state) == (5.0, 5.0, 5.0)


def test_control_needs_strictly_more_living_units() -> None:
    state = scene(
        units={(0, "ink-orchard"): 2, (1, "ink-orchard"): 2, (0, "monolith"): 1},
        dead={(1, "monolith"): 4},
    )
    w = Work.thaw(state)
    assert not w.controls(0, SP["ink-orchard"]) and not w.controls(1, SP["ink-orchard"])
    assert w.contests(0, SP["ink-orchard"])
    assert w.controls(0, SP["monolith"]) and not w.occupies(1, SP["monolith"])
    assert w.controls(0, SP["eastmarch"])  # the shaman alone


# --- the protocol -----------------------------------------------------------------------------


def test_illegal_action_raises_with_reason_and_changes_nothing() -> None:
    state = scene(available=(2, 0, 0))
    before = GAME.state_to_json(state)
    with pytest.raises(IllegalAction) as error:
        GAME.apply(state, act("slay", 3, 1, 0))
    assert "slay" in error.value.reason and "order" in error.value.reason
    assert GAME.state_to_json(state) == before


# --- effects: ordering and windows ------------------------------------------------------------


def test_first_player_orders_simultaneous_rest_effects() -> None:
    state = scene(
        units={(0, "glass-quarry"): 1, (0, "red-fen"): 1},
        divs={0: ("scribes-ledger", "bone-warden")},
        first=1,
    )
    state = rest_from(quiet_rest(state))
    assert state.step == "" and GAME.current_player(state) == 1
    assert legal(state) == [act("resolve", 0), act("resolve", 1)]
    assert describe(GAME, state, act("resolve", 1)).startswith("Resolve Bone Warden")
    state = GAME.apply(state, act("resolve", 1))
    assert state.favor[0] == 2 + 2 and not state.pending


def test_active_player_orders_simultaneous_order_effects() -> None:
    state = scene(
        units={(0, "eastmarch"): 1},
        divs={0: ("swift-feet",)},
        shaman_cards={0: "tide-caller"},
        available=(1, 0, 0),
    )
    state = GAME.apply(state, act("march", SP["eastmarch"], 1))
    assert GAME.current_player(state) == 0 and {a.kind for a in legal(state)} == {"resolve"}
    state = play(state, act("resolve", 0))
    assert state.free == 2
    state = play(
        state,
        act("step", SP["ink-orchard"]),
        act("step", SP["lantern-gate"]),
        act("step", SP["monolith"]),
    )
    assert state.spent[0] == 1


def test_costed_effect_once_per_window_even_across_slays() -> None:
    state = scene(
        units={(0, "ink-orchard"): 1, (1, "ink-orchard"): 3},
        divs={0: ("blood-price",)},
        anger=(3, 0, 0),
        shaman_cards={0: "ember-priest"},
    )
    state = action_turn(state, 0, (2, 1, 0), actions=3)
    priest = SOURCE_SHAMAN + SHAMAN["ember-priest"]
    state = play(state, act("use_effect", priest))  # the action-turn window
    state = play(state, act("slay", SP["ink-orchard"], 1, 0), act("use_effect", DIV["blood-price"]))
    state = play(state, act("slay", SP["ink-orchard"], 1, 0))
    assert act("use_effect", DIV["blood-price"]) in legal(state)  # a new slay window
    state = play(state, act("pass"))
    assert act("use_effect", priest) not in legal(state)  # still the same action turn
