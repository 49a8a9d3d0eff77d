"""The view says why its reader decides now (``reason``), and what the next step of an order in
progress costs (``march.next_step``): the words the browser shows before a choice is made."""

from __future__ import annotations

import pytest

from monolith.core.i18n import LANGUAGES, Localizer, from_json, seat_names
from monolith.games.the_monolith import GAME
from monolith.games.the_monolith.rules import State, act
from monolith.games.the_monolith.validate import DECISIONS

from .helpers import SP, random_game, scene

WHY = set(DECISIONS) - {"over"}
"""Every decision a player can be asked to make: each has its reason in every language."""


def say(state: State, seat: int, lang: str) -> str:
    """The reader's reason in ``lang``, with no fallback to English for the sentence itself."""
    reason = GAME.view(state, seat)["reason"]
    assert reason is not None
    message = from_json(reason)
    loc = Localizer.for_game(GAME, lang)
    assert loc.has(message.id), f"{message.id} is missing in {lang}"
    return loc.format(message, reader=seat, names=seat_names(loc, state.players))


def test_every_decision_of_random_games_is_explained_to_its_decider_only() -> None:
    seen: set[str] = set()
    for seed, options in ((3, None), (4, {"draft": "bid"}), (5, {"tower": "sticky"})):
        states, _ = random_game(4, seed, options)
        for state in states[:-1]:
            view = GAME.view(state, None)
            decider, what = view["current_player"], view["decision"]
            assert view["reason"] is None  # a spectator decides nothing
            other = (decider + 1) % state.players
            assert GAME.view(state, other)["reason"] is None
            mine = GAME.view(state, decider)["reason"]
            assert mine["id"] == f"tm-why-{what.replace('_', '-')}"
            if what not in seen:
                seen.add(what)
                for lang in LANGUAGES:
                    assert say(state, decider, lang).strip()
    # a few random games reach most kinds of decision; the rest are built below
    assert {"keep_objective", "draft_bid", "draft_pick", "order", "march", "action"} <= seen
    assert seen <= WHY


def test_the_numbers_behind_a_forced_discard_and_a_forced_commit() -> None:
    state = scene(divs={0: ("grudge-tally", "fates-thread", "forced-march", "hearth-pride")})
    assert GAME.view(state, 0)["decision"] == "discard_divination"
    assert say(state, 0, "en") == "You hold 4 divinations and may keep 3: discard one."
    assert "4 гадания" in say(state, 0, "ru")
    broke = scene()  # no hearts available: commit is the only order
    assert [a.kind for a in GAME.legal_list(broke)] == ["commit"]
    assert "no hearts available" in say(broke, 0, "en")
    assert "нет доступных сердец" in say(broke, 0, "ru")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_march_reason_names_the_cost_of_the_next_step(lang: str) -> None:
    state = scene(units={(0, "eastmarch"): 5}, available=(3, 0, 0))
    state = GAME.apply(state, act("march", SP["eastmarch"], 5))
    assert GAME.view(state, 0)["march"]["next_step"] == "heart"
    assert "3" in say(state, 0, lang)


def test_next_step_says_what_stepping_costs() -> None:
    """Whatever next_step says, taking the step costs exactly that."""
    for seed in (7, 8):
        states, actions = random_game(4, seed)
        for before, action, after in zip(states, actions, states[1:], strict=False):
            march = GAME.view(before, None)["march"]
            if march is None or action.kind != "step":
                continue
            seat = before.turn
            paid = before.available[seat] - after.available[seat]
            assert march["next_step"] in ("free", "heart")
            assert paid == (1 if march["next_step"] == "heart" else 0)
    shaman = scene(available=(2, 0, 0))
    shaman = GAME.apply(shaman, act("shaman"))
    for _ in range(3):
        assert GAME.view(shaman, 0)["march"]["next_step"] == "free"
        step = next(a for a in GAME.legal_list(shaman) if a.kind == "step")
        shaman = GAME.apply(shaman, step)
    assert GAME.view(shaman, 0)["march"]["next_step"] == "none"
    assert [a.kind for a in GAME.legal_list(shaman)] == ["stop"]
    assert "no steps left" in say(shaman, 0, "en")
