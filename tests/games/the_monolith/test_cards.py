"""One test per card: each divination, shaman ability, event and objective does what its text
says, in its timing window, and costs what it says."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from monolith.games.the_monolith import GAME
from monolith.games.the_monolith.rules import SOURCE_SHAMAN, State, Work, act, objective_score
from monolith.games.the_monolith.validate import hearts_of, warriors_of

from .helpers import (
    DIV,
    EVENT,
    HIDDEN_PASSAGE,
    OBJ,
    SHAMAN,
    SP,
    C,
    action_turn,
    legal,
    play,
    rest_from,
    scene,
)

# p0 controls glass-quarry and ink-orchard (scriptoria), red-fen (mausoleum), the monolith,
# hollow-ford (a tunnel) and eastmarch (its stronghold, with its shaman); contests ink-orchard;
# one dead enemy lies in glass-quarry.
RICH: dict[str, Any] = {
    "units": {
        (0, "glass-quarry"): 1,
        (0, "ink-orchard"): 2,
        (0, "red-fen"): 1,
        (0, "monolith"): 1,
        (0, "hollow-ford"): 1,
        (1, "ink-orchard"): 1,
    },
    "dead": {(1, "glass-quarry"): 1},
}


def rest_score(state: State, use: int | None = None) -> State:
    """Run a rest phase up to the event placement (a harmless Hidden Passage), revealing no
    objective and optionally using one costed scoring effect when offered."""
    state = msgspec.structs.replace(state, event_deck=(HIDDEN_PASSAGE,))
    state = rest_from(state)
    while state.step in ("rest_optional", "reveal"):
        if use is not None and act("use_effect", use) in legal(state):
            state = GAME.apply(state, act("use_effect", use))
        else:
            state = GAME.apply(state, act("pass"))
    assert state.step == "place_event"
    return state


# --- divinations ------------------------------------------------------------------------------

SCORING = {
    "scribes-ledger": 4,
    "bone-warden": 2,
    "tunnel-map": 1,
    "spoils-of-strife": 1,
    "crown-of-stone": 4,
    "wide-dominion": 6,
    "grudge-tally": 3,
    "hearth-pride": 3,
    "carrion-count": 1,
}


def test_rich_board_scores_nothing_without_cards() -> None:
    assert rest_score(scene(**RICH, anger=(2, 0, 0))).favor == (0, 0, 0)


@pytest.mark.parametrize("key", sorted(SCORING))
def test_divination_scoring(key: str) -> None:
    card = DIV[key]
    state = scene(**RICH, divs={0: (key,)}, anger=(2, 0, 0))
    after = rest_score(state, use=card)
    assert after.favor[0] == SCORING[key]
    effect = C.divinations[card].effect
    if effect.cost == "discard":
        assert card in after.div_discard and card not in after.divs[0]
    else:
        assert after.divs[0] == (card,)
    if effect.cost == "anger":
        assert after.anger[0] == 2 - effect.anger
    if effect.optional:  # not used: no favor
        assert rest_score(state).favor[0] == 0


def slay_scene(key: str | None = None, shaman: str | None = None, **extra: Any) -> State:
    cards = {0: shaman} if shaman else {}
    state = scene(
        units={(0, "ink-orchard"): 1, (1, "ink-orchard"): 1},
        shamans={1: "ink-orchard"},
        divs={0: (key,)} if key else {},
        shaman_cards=cards,
        **extra,
    )
    return action_turn(state, 0, (2, 1, 0), actions=3)


def test_red_harvest() -> None:
    state = play(slay_scene("red-harvest"), act("slay", SP["ink-orchard"], 1, 0))
    assert state.favor[0] == 2


def test_headsman() -> None:
    state = play(
        slay_scene("headsman"),
        act("slay", SP["ink-orchard"], 1, 0),
        act("slay", SP["ink-orchard"], 1, 1),
    )
    assert state.favor[0] == 1 + 3 + 2


def test_second_wind() -> None:
    state = play(slay_scene("second-wind"), act("slay", SP["ink-orchard"], 1, 0))
    assert state.step == "slay_window"
    assert set(legal(state)) == {act("use_effect", DIV["second-wind"]), act("pass")}
    unearned = state.unearned[0]
    state = play(state, act("use_effect", DIV["second-wind"]))
    assert state.zones[0][0] == 2 and state.unearned[0] == unearned - 1
    assert DIV["second-wind"] in state.div_discard and state.step == "action"


def test_blood_price() -> None:
    state = play(slay_scene("blood-price", anger=(1, 0, 0)), act("slay", SP["ink-orchard"], 1, 0))
    state = play(state, act("use_effect", DIV["blood-price"]))
    assert state.favor[0] == 2 and state.anger[0] == 0 and state.limbo[0] == 1
    assert DIV["blood-price"] in state.divs[0]


def march_scene(key: str | None = None, shaman: str | None = None, **extra: Any) -> State:
    return scene(
        units={(0, "eastmarch"): 1},
        divs={0: (key,)} if key else {},
        shaman_cards={0: shaman} if shaman else {},
        **{"available": (1, 0, 0), **extra},
    )


def free_march(state: State, path: tuple[str, ...]) -> State:
    state = play(state, act("march", SP["eastmarch"], 1))
    for key in path:
        state = play(state, act("step", SP[key]))
    return state


def test_march_without_free_steps_stops_when_hearts_run_out() -> None:
    state = free_march(march_scene(), ("ink-orchard",))
    assert not any(a.kind == "step" for a in legal(state))


def test_swift_feet() -> None:
    state = free_march(march_scene("swift-feet"), ("ink-orchard", "lantern-gate"))
    assert state.spent[0] == 1 and state.at == SP["lantern-gate"]


def test_forced_march() -> None:
    state = free_march(march_scene("forced-march"), ("ink-orchard",))
    state = play(state, act("use_effect", DIV["forced-march"]))
    for key in ("lantern-gate", "monolith", "ossuary-hill"):
        state = play(state, act("step", SP[key]))
    assert not any(a.kind == "step" for a in legal(state))
    state = play(state, act("stop"))
    assert state.warriors[0][SP["ossuary-hill"]] == 1 and state.spent[0] == 1
    assert DIV["forced-march"] in state.div_discard


def test_night_road() -> None:
    state = free_march(march_scene("night-road", anger=(1, 0, 0)), ("ink-orchard",))
    state = play(state, act("use_effect", DIV["night-road"]), act("step", SP["lantern-gate"]))
    assert state.anger[0] == 0 and state.limbo[0] == 1 and state.spent[0] == 1
    assert act("use_effect", DIV["night-road"]) not in legal(state)  # once per window


def shaman_steps(state: State) -> int:
    state = play(state, act("shaman"))
    path = ("ink-orchard", "lantern-gate", "monolith", "ossuary-hill", "sunken-road", "westhold")
    taken = 0
    for key in path:
        if act("step", SP[key]) not in legal(state):
            break
        state = play(state, act("step", SP[key]))
        taken += 1
    return taken


def test_far_walker() -> None:
    assert shaman_steps(march_scene()) == 3
    assert shaman_steps(march_scene("far-walker")) == 5


def test_ash_tithe() -> None:
    state = play(march_scene("ash-tithe"), act("shaman"), act("use_effect", DIV["ash-tithe"]))
    assert state.anger[0] == 3 and state.reserves[0] == 15 - 3
    assert DIV["ash-tithe"] in state.div_discard


def recruited(state: State, use: int | None = None) -> int:
    state = play(state, act("recruit", 2))
    if use is not None:
        state = play(state, act("use_effect", use))
    count = 0
    while state.order == "recruit":
        deploy = [a for a in legal(state) if a.kind == "deploy"]
        state = play(state, deploy[0])
        count += 1
    return count


def test_war_drums() -> None:
    assert recruited(march_scene(available=(2, 0, 0))) == 2
    assert recruited(march_scene("war-drums", available=(2, 0, 0))) == 3


def test_muster() -> None:
    state = march_scene("muster", available=(2, 0, 0))
    assert recruited(state, use=DIV["muster"]) == 5


def test_heartwell() -> None:
    state = march_scene("heartwell")
    assert act("use_effect", DIV["heartwell"]) in legal(state)
    unearned = state.unearned[0]
    state = play(state, act("use_effect", DIV["heartwell"]))
    assert state.available[0] == 4 and state.unearned[0] == unearned - 3
    assert state.step == "order" and state.turn == 0  # still this player's order


def test_tithe_of_rage() -> None:
    state = play(
        march_scene("tithe-of-rage", anger=(2, 0, 0)), act("use_effect", DIV["tithe-of-rage"])
    )
    assert state.available[0] == 2 and state.anger[0] == 0 and state.limbo[0] == 2


def test_fates_thread() -> None:
    state = action_turn(scene(divs={0: ("fates-thread",)}, anger=(1, 0, 0)), 0, (1, 0, 0))
    state = play(state, act("use_effect", DIV["fates-thread"]))
    assert state.zones[0] == (1, 1, 0) and state.anger[0] == 0
    assert state.actions_left == 2


def test_battle_hymn() -> None:
    state = action_turn(scene(divs={0: ("battle-hymn",)}), 0, (0, 1, 0))
    state = play(state, act("use_effect", DIV["battle-hymn"]))
    assert state.zones[0] == (2, 1, 0) and DIV["battle-hymn"] in state.div_discard


def test_every_divination_has_a_test() -> None:
    tested = set(SCORING) | {
        name[5:].replace("_", "-") for name in globals() if name.startswith("test_")
    }
    tested |= {"headsman", "swift-feet", "far-walker", "war-drums", "muster"}
    assert {card.key for card in C.divinations} <= tested


# --- shamans ----------------------------------------------------------------------------------


def test_ash_mother() -> None:
    assert shaman_steps(march_scene(shaman="ash-mother")) == 4


def test_iron_hound() -> None:
    state = play(
        slay_scene(shaman="iron-hound"),
        act("slay", SP["ink-orchard"], 1, 0),
        act("slay", SP["ink-orchard"], 1, 1),
    )
    assert state.favor[0] == 1 + 3 + 1


def test_tide_caller() -> None:
    state = free_march(march_scene(shaman="tide-caller"), ("ink-orchard", "lantern-gate"))
    assert state.spent[0] == 1


def test_bone_singer() -> None:
    assert recruited(march_scene(shaman="bone-singer", available=(2, 0, 0))) == 3


def test_veiled_oracle() -> None:
    state = scene(**RICH, shaman_cards={0: "veiled-oracle"})
    assert rest_score(state).favor[0] == 2


def test_ember_priest() -> None:
    state = action_turn(scene(anger=(1, 0, 0)), 0, (1, 0, 0))
    source = SOURCE_SHAMAN + SHAMAN["ember-priest"]
    state = play(state, act("use_effect", source))
    assert state.zones[0] == (1, 0, 1) and state.anger[0] == 0
    assert act("use_effect", source) not in legal(state)


# --- events -----------------------------------------------------------------------------------


def drawn(key: str, **extra: Any) -> State:
    """Run a rest phase in which player 0 (least favor) draws this event."""
    state = scene(**{"favor": (0, 1, 1), **extra})
    state = msgspec.structs.replace(state, event_deck=(EVENT[key],))
    state = rest_from(state)
    assert any(e.kind == "event" and e.player == 0 and e.value == EVENT[key] for e in state.log)
    return state


def placed(key: str, space: str, **extra: Any) -> State:
    state = drawn(key, **extra)
    assert state.step == "place_event" and GAME.current_player(state) == 0
    return play(state, act("place_event", SP[space]))


def in_play(state: State) -> list[tuple[int, int]]:
    """Events in play, leaving out the Hidden Passage the test run drew last."""
    return [(e, s) for e, s in state.events_in_play if s >= 0]


def test_hidden_passage() -> None:
    state = placed("hidden-passage", "gull-point")
    work = Work.thaw(state)
    assert SP["brine-hollow"] in work.adjacent(SP["gull-point"])
    assert SP["gull-point"] in work.adjacent(SP["ashen-mire"])


def test_vigil_of_shamans() -> None:
    state = placed("vigil-of-shamans", "monolith", shamans={0: "monolith", 1: "monolith"})
    state = rest_score(state)
    assert state.favor[:2] == (5, 6) and state.favor[2] == 1
    assert in_play(state) == [] and EVENT["vigil-of-shamans"] in state.event_discard


def test_pilgrim_shrine() -> None:
    state = placed("pilgrim-shrine", "eastmarch")
    state = rest_score(state)
    assert state.favor == (3, 1, 1)
    assert in_play(state) == [(EVENT["pilgrim-shrine"], SP["eastmarch"])]


def test_rising_rage() -> None:
    state = drawn("rising-rage")
    assert state.anger == (2, 2, 2) and all(warriors_of(state, p) == 16 for p in range(3))


def test_tower_charity() -> None:
    before = scene()
    state = drawn("tower-charity")
    assert state.unearned[0] == before.unearned[0] - 2 - 2  # the daily two, then two more
    assert state.unearned[1] == before.unearned[1] - 2
    assert hearts_of(state, 0) == 19


def test_fresh_blood() -> None:
    before = scene()
    state = drawn("fresh-blood")
    assert all(state.unearned[p] == before.unearned[p] - 3 for p in range(3))


def test_omen_of_ash() -> None:
    assert drawn("omen-of-ash").favor == (3, 1, 1)


def test_whispered_secrets() -> None:
    state = drawn("whispered-secrets")
    assert [len(hand) for hand in state.objs] == [1, 0, 0]


def test_wandering_altar() -> None:
    altar = EVENT["wandering-altar"]
    state = placed("wandering-altar", "eastmarch")
    state = rest_from(msgspec.structs.replace(state, event_deck=(HIDDEN_PASSAGE,)))
    assert state.favor == (4, 1, 1)
    assert GAME.current_player(state) == state.first == 1  # the first player moves it
    moves = legal(state)
    assert {a.kind for a in moves} == {"place_event"}
    assert act("place_event", SP["eastmarch"]) not in moves
    state = play(state, act("place_event", SP["gull-point"]))
    assert (altar, SP["gull-point"]) in state.events_in_play
    assert state.step == "place_event"  # on to step 8: the next event
    # nobody controls Gull Point: nobody scores and the altar stays
    state = play(state, act("place_event", SP["thornwatch"]))
    state = rest_score(state)
    assert (altar, SP["gull-point"]) in state.events_in_play


def test_blood_moon() -> None:
    state = placed(
        "blood-moon",
        "ink-orchard",
        units={(0, "ink-orchard"): 3, (1, "ink-orchard"): 1, (2, "ink-orchard"): 1},
        dead={(1, "ink-orchard"): 2},
    )
    state = rest_score(state)
    assert state.favor == (4, 1, 1)
    assert in_play(state) == [(EVENT["blood-moon"], SP["ink-orchard"])]


def test_stone_pilgrims() -> None:
    assert drawn("stone-pilgrims", shamans={1: "monolith"}).favor == (0, 3, 1)


def test_scholars_gift() -> None:
    state = drawn("scholars-gift", units={(0, "glass-quarry"): 1})
    assert [len(hand) for hand in state.objs] == [2, 0, 0]  # one at step 3, one from the event


# --- objectives -------------------------------------------------------------------------------

OBJECTIVES: dict[str, tuple[dict[str, Any], int]] = {
    "trophy-fields": (RICH, 2),
    "temple-keeper": ({"units": {(0, "ember-terraces"): 1, (0, "pilgrim-steps"): 1}}, 5),
    "archivist": ({"units": {(0, "glass-quarry"): 1, (0, "ink-orchard"): 1}}, 5),
    "gravekeeper": ({"units": {(0, "red-fen"): 1, (0, "ossuary-hill"): 1}}, 5),
    "heart-of-stone": ({"units": {(0, "monolith"): 1}}, 4),
    "broad-dominion": (
        {
            "units": {
                (0, "thornwatch"): 1,
                (0, "ink-orchard"): 1,
                (0, "lantern-gate"): 1,
                (0, "monolith"): 1,
            }
        },
        5,
    ),
    "under-roads": ({"units": {(0, "hollow-ford"): 1, (0, "sunken-road"): 1}}, 4),
    "breaker-of-walls": ({"units": {(0, "southkeep"): 2}}, 6),
    "seething": ({"anger": (6, 0, 0)}, 4),
    "seer": ({"divs": {0: ("muster", "headsman", "night-road")}}, 5),
    "bone-harvest": ({"dead": {(1, "eastmarch"): 3}}, 3),
    "everywhere-at-war": (
        {
            "units": {
                (0, "ink-orchard"): 1,
                (1, "ink-orchard"): 1,
                (0, "lantern-gate"): 1,
                (1, "lantern-gate"): 2,
                (0, "monolith"): 1,
                (2, "monolith"): 1,
            }
        },
        6,
    ),
    "wide-wander": (
        {
            "units": {
                (0, "thornwatch"): 1,
                (0, "ink-orchard"): 1,
                (0, "lantern-gate"): 1,
                (0, "monolith"): 1,
                (0, "red-fen"): 1,
            }
        },
        6,
    ),
    "at-the-altar": ({"shamans": {0: "monolith"}}, 3),
    "in-their-hall": ({"shamans": {0: "southkeep"}, "units": {(1, "southkeep"): 3}}, 5),
    "great-host": ({"units": {(0, "eastmarch"): 10}}, 5),
    "three-pillars": (
        {"units": {(0, "ember-terraces"): 1, (0, "glass-quarry"): 1, (0, "red-fen"): 1}},
        7,
    ),
    "all-in": ({"units": {(0, "eastmarch"): 16}}, 4),
    "bastions": ({"units": {(0, "eastmarch"): 2, (0, "ink-orchard"): 3}}, 4),
    "ring-of-iron": (
        {"units": {(0, "lantern-gate"): 1, (0, "ossuary-hill"): 1, (0, "ember-terraces"): 1}},
        6,
    ),
}


def test_every_card_kind_is_covered() -> None:
    assert set(OBJECTIVES) == {card.key for card in C.objectives}
    events = {name[5:].replace("_", "-") for name in globals() if name.startswith("test_")}
    assert {card.key for card in C.events} <= events
    shamans = {name[5:].replace("_", "-") for name in globals() if name.startswith("test_")}
    assert {card.key for card in C.shamans} <= shamans


@pytest.mark.parametrize("key", sorted(OBJECTIVES))
def test_objective(key: str) -> None:
    board, expected = OBJECTIVES[key]
    card = OBJ[key]
    met = Work.thaw(scene(**board, objs={0: (key,)}))
    assert objective_score(met, 0, card) == expected
    unmet = Work.thaw(scene(objs={0: (key,)}))
    assert objective_score(unmet, 0, card) == 0
    # revealed in the rest phase, it scores and is discarded
    state = scene(**board, objs={0: (key,)})
    state = rest_from(msgspec.structs.replace(state, event_deck=(HIDDEN_PASSAGE,)))
    while state.step == "rest_optional":
        state = GAME.apply(state, act("pass"))
    assert state.step == "reveal" and GAME.current_player(state) == 0
    revealed = GAME.apply(state, act("reveal_objective", 0))
    kept = GAME.apply(state, act("pass"))
    assert revealed.favor[0] - kept.favor[0] == expected
    assert card in revealed.obj_discard and card not in revealed.objs[0]
