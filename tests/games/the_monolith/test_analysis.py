"""The balance report's companion: who started the game, and what each seat had."""

from __future__ import annotations

import msgspec

from monolith.bots.arena import GameSpec, play_game
from monolith.games.the_monolith import GAME
from monolith.games.the_monolith.analysis import (
    card_offers,
    first_player,
    seat_outcomes,
    seat_tags,
)
from monolith.games.the_monolith.rules import LogEntry

from .helpers import DIV, OBJ, SHAMAN, C, scene


def test_tags_name_the_shaman_cards_objectives_and_stronghold() -> None:
    state = scene(
        phase="over",
        step="over",
        shaman_cards={1: "veiled-oracle"},
        divs={1: ("scribes-ledger", "swift-feet")},
    )
    reveals = (
        LogEntry(2, "reveal", 1, OBJ["temple-keeper"]),
        LogEntry(3, "reveal", 0, OBJ["archivist"]),
        LogEntry(3, "event", 1, 0),
    )
    state = msgspec.structs.replace(state, log=state.log + reveals)
    tags = seat_tags(GAME, state, 1)
    assert tags["shaman"] == C.shamans[SHAMAN["veiled-oracle"]].name
    assert tags["divination held at the end"] == [
        C.divinations[DIV["scribes-ledger"]].name,
        C.divinations[DIV["swift-feet"]].name,
    ]
    assert tags["objective revealed"] == [C.objectives[OBJ["temple-keeper"]].name]
    # drawing the catch-up event follows from trailing: an outcome, kept apart from the causes
    assert "events drawn (least favor draws)" not in tags
    assert seat_outcomes(GAME, state, 1) == {"events drawn (least favor draws)": 1}
    assert seat_tags(GAME, state, 2)["divination held at the end"] == []


def test_first_player_is_who_started_day_one_not_the_last_day() -> None:
    start = GAME.new_game(players=4, seed=9)
    later = msgspec.structs.replace(start, first=(start.first + 3) % 4, day=4)
    assert first_player(GAME, later) == start.first


def test_a_tournament_game_carries_the_tags() -> None:
    result = play_game(GameSpec("the-monolith", 0, ("random",) * 3, seed=4))
    assert result.first_player in range(3)
    assert len(result.tags) == 3
    shamans = {card.name for card in C.shamans}
    assert all(tags["shaman"] in shamans for tags in result.tags)
    assert len({tags["shaman"] for tags in result.tags}) == 3  # dealt without repeats


def test_points_by_source_add_up_to_the_score() -> None:
    result = play_game(GameSpec("the-monolith", 0, ("greedy",) * 3, seed=5))
    for seat, points in enumerate(result.sources):
        assert "slaying" in points and "objectives held at the end" in points
        assert sum(points.values()) == result.scores[seat]
    assert result.timeline[-1] == result.scores  # the last day's end is the final score
    assert len(result.timeline) == 4  # one entry per day


def test_card_offers_name_the_taker_and_the_price() -> None:
    before = scene(phase="order", step="order")
    card = before.row[0]
    bids = ((0, 3, 0), *before.bids[1:])
    before = msgspec.structs.replace(before, bids=bids)
    after = msgspec.structs.replace(
        before,
        row=(-1, *before.row[1:]),
        divs=(before.divs[0], (*before.divs[1], card), *before.divs[2:]),
    )
    assert card_offers(GAME, before, after) == [(C.divinations[card].name, 1, 3)]
    passed = msgspec.structs.replace(before, row=(before.row[1], *before.row[1:]))
    assert card_offers(GAME, before, passed) == [(C.divinations[card].name, -1, 0)]
    assert card_offers(GAME, before, before) == []
