"""The balance report's companion: who started the game, and what each seat had."""

from __future__ import annotations

import msgspec

from monolith.bots.arena import GameSpec, play_game
from monolith.games.the_monolith import GAME
from monolith.games.the_monolith.analysis import first_player, seat_tags
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
    assert tags["events drawn (least favor)"] == 1
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
