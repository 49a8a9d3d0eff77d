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


def test_the_judgements_parts_add_up_to_the_default_worth() -> None:
    """The hard level weighs the same parts the default judgement adds up by hand: with the hand
    weights they give back its worth, so the two judge one position, differently weighed."""
    import random

    from monolith.games.the_monolith import heuristic
    from monolith.games.the_monolith.rules import WARRIOR_FAVOR

    hand = {
        "favor": 1.0,
        "rest_due": 1.0,
        "scriptorium": heuristic.SCRIPTORIUM,
        "objectives_held": heuristic.OBJECTIVE_CARD,
        "objectives_met": heuristic.OBJECTIVE,
        "cards_now": 1.0,
        "cards_later": heuristic.FUTURE,
        "cards_other": heuristic.DIVINATION,
        "hearts_order": heuristic.HEART_ORDER,
        "bids_winning": heuristic.WINNING_BID,
        "bids_losing": heuristic.HEART_ORDER,
        "hearts_slay": heuristic.SLAY_HEART * WARRIOR_FAVOR,
        "hearts_boast": heuristic.BOAST_HEART,
        "hearts_spare": heuristic.SPARE_HEART,
        "control": heuristic.CONTROL,
        "warriors": heuristic.WARRIOR,
        "anger": heuristic.ANGER,
    }
    assert set(hand) == set(heuristic.PARTS)
    rng = random.Random(5)
    state = GAME.new_game(players=4, seed=21)
    phases = set()
    while state.phase != "over":
        board = heuristic.snapshot(state, GAME.content)
        for p in range(state.players):
            weighed = sum(
                hand[name] * part
                for name, part in zip(heuristic.PARTS, heuristic.parts(board, p), strict=True)
            )
            assert abs(weighed - heuristic.worths(GAME, state)[p]) < 1e-9, (state.phase, p)
        phases.add(state.phase)
        state = GAME.apply(state, rng.choice(GAME.legal_list(state)))
    assert {"order", "action", "rest"} <= phases


def test_the_hard_judgement_is_a_win_chance_among_all_seats() -> None:
    """Read through the search's reward, the seats' chances add up to one; more favor is a
    better chance for its holder and a worse one for the others; a finished game's winner is
    all but sure."""
    import math

    from monolith.games.the_monolith.heuristic import SEARCH, plan_evaluate

    scale = float(SEARCH["reward_scale"])

    def chances(state: object) -> list[float]:
        return [1 / (1 + math.exp(-plan_evaluate(GAME, state, p) / scale)) for p in range(3)]  # type: ignore[arg-type]

    for day in (1, 4):
        state = scene(day=day)
        assert abs(sum(chances(state)) - 1) < 1e-9
        richer = msgspec.structs.replace(state, favor=(6, 0, 0))
        assert chances(richer)[0] > chances(state)[0]
        assert chances(richer)[1] < chances(state)[1]
    early, late = scene(day=1, favor=(6, 0, 0)), scene(day=4, favor=(6, 0, 0))
    assert chances(late)[0] > chances(early)[0], "a lead says more near the end"
    over = scene(phase="over", step="over", favor=(5, 5, 1), first=1)
    assert chances(over)[1] > 0.95 and abs(sum(chances(over)) - 1) < 1e-9


def test_a_broken_judgement_file_is_refused_with_what_is_wrong(tmp_path: object) -> None:
    from pathlib import Path

    import pytest

    from monolith.core.errors import ContentError
    from monolith.games.the_monolith.heuristic import JUDGEMENT_FILE, PARTS, load_judgement

    good = JUDGEMENT_FILE.read_text(encoding="utf-8")
    assert len(load_judgement().start) == len(PARTS)
    folder = Path(str(tmp_path))
    broken = {
        "missing": good.replace(f"\n{PARTS[3]} =", "\n# gone ="),
        "unknown": good + "\nluck = [1.0, 0.0]\n",
        "not a number": good.replace(f"\n{PARTS[0]} = [", f'\n{PARTS[0]} = ["x", '),
        "not toml": "[weights\n",
    }
    said = {
        "missing": PARTS[3],
        "unknown": "unknown parts luck",
        "not a number": f"weights.{PARTS[0]}",
        "not toml": "judgement.toml",
    }
    for name, text in broken.items():
        path = folder / "judgement.toml"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(ContentError, match=said[name]):
            load_judgement(path)
