"""The heuristic for one-ply bots values favor, and what the next rest phase will pay."""

from __future__ import annotations

import msgspec

from monolith.games.the_monolith import GAME
from monolith.games.the_monolith.heuristic import evaluate

from .helpers import scene


def test_more_favor_is_better() -> None:
    state = scene()
    richer = msgspec.structs.replace(state, favor=(3, 0, 0))
    assert evaluate(GAME, richer, 0) > evaluate(GAME, state, 0)
    assert evaluate(GAME, richer, 1) < evaluate(GAME, state, 1)


def test_controlled_temple_counts_before_the_rest_phase() -> None:
    plain = scene(units={(0, "thornwatch"): 1})
    temple = scene(units={(0, "ember-terraces"): 1})
    assert evaluate(GAME, temple, 0) > evaluate(GAME, plain, 0)


def test_finished_game_rewards_the_winner() -> None:
    state = scene(phase="over", step="over", favor=(5, 5, 1), first=1)
    assert evaluate(GAME, state, 1) > evaluate(GAME, state, 0) > evaluate(GAME, state, 2)


def test_snapshot_counts_agree_with_the_rules() -> None:
    """The heuristic's board snapshot answers every counter as the rules do, on real positions."""
    import random

    from monolith.games.the_monolith.effects import COUNTERS
    from monolith.games.the_monolith.heuristic import snapshot

    rng = random.Random(3)
    state = GAME.new_game(players=4, seed=12)
    checked = 0
    while state.phase != "over" and checked < 150:
        board = snapshot(state, GAME.content)
        rules = GAME._reader(state)
        for counter in COUNTERS:
            for p in range(state.players):
                for space in (-1, GAME.content.monolith, 3):
                    assert board.count(counter, p, space) == rules.count(counter, p, space)
        state = GAME.apply(state, rng.choice(GAME.legal_list(state)))
        checked += 1


def test_a_divination_that_scores_is_worth_more_than_none() -> None:
    plain = scene(units={(0, "ember-terraces"): 2})
    card = scene(units={(0, "ember-terraces"): 2}, divs={0: ("scribes-ledger",)})
    scriptorium = scene(units={(0, "ink-orchard"): 2}, divs={0: ("scribes-ledger",)})
    assert evaluate(GAME, card, 0) > evaluate(GAME, plain, 0)
    assert evaluate(GAME, scriptorium, 0) > evaluate(GAME, card, 0)


def test_hearts_count_only_for_the_action_they_can_still_pay_for() -> None:
    # seat 0 contests a space with an open boast slot: a boast heart there beats a spare one
    units = {(0, "thornwatch"): 2, (1, "thornwatch"): 1}
    boast = scene(
        units=units, phase="action", step="action", zones=((0, 0, 1), (0, 0, 0), (0, 0, 0))
    )
    spare = scene(
        units=units, phase="action", step="action", zones=((0, 1, 0), (0, 0, 0), (0, 0, 0))
    )
    none = scene(units=units, phase="action", step="action")
    assert evaluate(GAME, boast, 0) > evaluate(GAME, spare, 0) > evaluate(GAME, none, 0)


def test_board_presence_counts_only_while_days_remain() -> None:
    """Warriors and spaces held win later days; on the last day only its rest pays, so a
    presence that scores nothing there is worth nothing (late-game values were misled by it)."""
    from monolith.games.the_monolith.rules import DAYS

    for day, worth_more in ((DAYS - 1, True), (DAYS, False)):
        plain = scene(day=day)
        held = scene(units={(0, "thornwatch"): 2}, day=day)
        gain = evaluate(GAME, held, 0) - evaluate(GAME, plain, 0)
        assert (gain > 0) == worth_more, (day, gain)
