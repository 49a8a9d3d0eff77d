"""Building exact positions for scenario tests: a cleared board, pieces where a test wants them,
and the game parked at the decision under test. Pieces always come out of the supply, so every
scene still has 19 hearts and 16 warriors per player."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

import msgspec

from monolith.games.the_monolith import GAME
from monolith.games.the_monolith.rules import Action, State, act, advance
from monolith.games.the_monolith.validate import hearts_of

C = GAME.content
SP = {space.key: i for i, space in enumerate(C.spaces)}
DIV = {card.key: i for i, card in enumerate(C.divinations)}
SHAMAN = {card.key: i for i, card in enumerate(C.shamans)}
EVENT = {card.key: i for i, card in enumerate(C.events)}
OBJ = {card.key: i for i, card in enumerate(C.objectives)}
HIDDEN_PASSAGE = EVENT["hidden-passage"]
"""The harmless event: a rest phase that draws it stops at its placement, scoring nothing."""

# 3-player seats: 0 eastmarch, 1 southkeep, 2 westhold (the top-left corner is locked)
HOME3 = ("eastmarch", "southkeep", "westhold")
NEUTRAL = ("ember-priest", "iron-hound", "ash-mother", "bone-singer")


def started(players: int = 3, seed: int = 1, options: Mapping[str, object] | None = None) -> State:
    """A new game after every player kept their first objective: the first order turn."""
    state = GAME.new_game(players=players, seed=seed, options=options)
    while state.step == "keep_objective":
        state = GAME.apply(state, act("keep_objective", 0))
    return state


def scene(
    players: int = 3,
    *,
    seed: int = 1,
    units: Mapping[tuple[int, str], int] | None = None,
    dead: Mapping[tuple[int, str], int] | None = None,
    shamans: Mapping[int, str] | None = None,
    shaman_dead: tuple[int, ...] = (),
    divs: Mapping[int, tuple[str, ...]] | None = None,
    objs: Mapping[int, tuple[str, ...]] | None = None,
    shaman_cards: Mapping[int, str] | None = None,
    **fields: Any,
) -> State:
    """A started game with the board cleared and rebuilt as described.

    Shamans stand in their owners' strongholds unless ``shamans`` says otherwise; warriors not
    placed are in reserves; hearts not given elsewhere are unearned; favor starts at 0; nobody
    holds cards unless ``divs`` / ``objs`` say so. ``fields`` override any state field last.
    """
    base = started(players, seed)
    n = players
    spaces = len(C.spaces)
    warriors = [[0] * spaces for _ in range(n)]
    lying = [[0] * spaces for _ in range(n)]
    for (p, key), count in (units or {}).items():
        warriors[p][SP[key]] = count
    for (p, key), count in (dead or {}).items():
        lying[p][SP[key]] = count
    shaman_at = list(base.stronghold)
    for p, key in (shamans or {}).items():
        shaman_at[p] = SP[key]
    # shamans whose abilities stay out of the way unless a test asks for one
    cards = [SHAMAN[key] for key in NEUTRAL[:n]]
    for p, key in (shaman_cards or {}).items():
        cards[p] = SHAMAN[key]
    div_hands = [tuple(DIV[k] for k in (divs or {}).get(p, ())) for p in range(n)]
    obj_hands = [tuple(OBJ[k] for k in (objs or {}).get(p, ())) for p in range(n)]
    used_divs = {d for hand in div_hands for d in hand}
    used_objs = {o for hand in obj_hands for o in hand}
    anger = fields.pop("anger", (0,) * n)
    limbo = fields.pop("limbo", (0,) * n)
    reserves = tuple(16 - sum(warriors[p]) - sum(lying[p]) - anger[p] - limbo[p] for p in range(n))
    slots = tuple((0,) * space.slots for space in C.spaces)
    state = msgspec.structs.replace(
        base,
        warriors=tuple(map(tuple, warriors)),
        dead=tuple(map(tuple, lying)),
        shaman_at=tuple(shaman_at),
        shaman_alive=tuple(p not in shaman_dead for p in range(n)),
        shaman=tuple(cards),
        divs=tuple(div_hands),
        objs=tuple(obj_hands),
        div_deck=tuple(d for d in base.div_deck if d not in used_divs),
        obj_deck=tuple(o for o in range(len(C.objectives)) if o not in used_objs),
        obj_discard=(),
        favor=(0,) * n,
        available=(0,) * n,
        spent=(0,) * n,
        anger=tuple(anger),
        limbo=tuple(limbo),
        reserves=reserves,
        slots=slots,
        row=tuple(-1 if d in used_divs else d for d in base.row),
        phase="order",
        step="order",
        turn=0,
        first=0,
        checks=(),
        decide=(),
        pending=(),
    )
    state = msgspec.structs.replace(state, **fields)
    assert min(state.reserves) >= 0, "scene puts more warriors out than a supply has"
    return balance_hearts(state)


def balance_hearts(state: State) -> State:
    """Put every heart not accounted for elsewhere into the unearned pool."""
    unearned = []
    for p in range(state.players):
        rest = hearts_of(msgspec.structs.replace(state, unearned=(0,) * state.players), p)
        assert rest <= 19, f"scene gives player {p} {rest} hearts"
        unearned.append(19 - rest)
    return msgspec.structs.replace(state, unearned=tuple(unearned))


def action_turn(state: State, p: int, zones: tuple[int, int, int], actions: int = 2) -> State:
    """Park the game in the action phase, at the start of ``p``'s turn with these hearts."""
    all_zones = tuple(zones if q == p else (0, 0, 0) for q in range(state.players))
    state = msgspec.structs.replace(
        state,
        phase="action",
        step="action",
        turn=p,
        surge=p,
        actions_left=actions,
        zones=all_zones,
        committed=(True,) * state.players,
    )
    return balance_hearts(state)


def run_auto(state: State) -> State:
    """Run the automatic steps from a hand-built position to the next decision."""
    work = GAME._work(state)
    advance(work)
    return work.freeze()


def rest_from(state: State, stage: int = 1) -> State:
    """Start the rest phase at an automatic step and run to the next decision."""
    state = msgspec.structs.replace(
        state, phase="rest", step="", stage=stage, turn=state.first, pending=(), decide=()
    )
    return run_auto(state)


def play(state: State, *actions: Action) -> State:
    for action in actions:
        state = GAME.apply(state, action)
    return state


def legal(state: State) -> list[Action]:
    return GAME.legal_list(state)


def kinds(state: State) -> set[str]:
    return {a.kind for a in GAME.legal_list(state)}


def random_game(
    players: int, seed: int, options: Mapping[str, object] | None = None
) -> tuple[list[State], list[Action]]:
    """Every state and action of a game played by uniformly random choices."""
    chooser = random.Random(seed)
    state = GAME.new_game(players=players, seed=seed, options=options)
    states, actions = [state], []
    while not GAME.is_terminal(state):
        action = chooser.choice(GAME.legal_list(state))
        state = GAME.apply(state, action)
        states.append(state)
        actions.append(action)
    return states, actions
