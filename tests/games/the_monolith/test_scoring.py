"""Where favor comes from: every gain is counted per day and source in the state, adds up to the
favor, reaches every view, and the log tells it; the objectives still held at the end are shown
to everyone, and before the end to nobody but their holder."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import msgspec
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from monolith.core.i18n import Localizer, Message, localizer, message_ids, player
from monolith.games.the_monolith import GAME
from monolith.games.the_monolith.rules import (
    DAYS,
    FAVOR_SOURCES,
    Action,
    State,
    act,
    favor_by_day,
)

from .helpers import EVENT, HIDDEN_PASSAGE, OBJ, SP, action_turn, legal, play, rest_from, scene

MESSAGES = Path(__file__).parents[3] / "src/monolith/games/the_monolith/messages"
NAMES = ("Ada", "Bo", "Cy", "Di")


def earned(state: State, player: int) -> dict[tuple[int, str], int]:
    """A player's favor by (day, source), leaving out the zeros."""
    return {
        (day + 1, source): amount
        for day, sources in enumerate(favor_by_day(state, player))
        for source, amount in sources.items()
        if amount
    }


def told(
    before: State, action: Action, *, reader: int | None = 0, lang: str = "en"
) -> tuple[State, list[str]]:
    """Take ``action``; the state after it and its log lines as ``reader`` reads them."""
    after = GAME.apply(before, action)
    loc = localizer(GAME, lang)
    names = list(NAMES[: before.players])
    lines = [line.for_reader(reader) for line in GAME.narrate(before, action, after)]
    return after, [loc.format(m, reader=reader, names=names) for m in lines if m is not None]


def favor_told(messages: list[Message]) -> int:
    """The favor the log's scoring lines say was gained."""
    amounts = [m.args["favor"] for m in messages if m.id.startswith("tm-score")]
    assert all(isinstance(amount, int) and amount > 0 for amount in amounts)
    return sum(amount for amount in amounts if isinstance(amount, int))


# --- the breakdown adds up, over whole random games ------------------------------------------

GAMES = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@GAMES
@given(
    players=st.sampled_from([3, 4]),
    seed=st.integers(0, 2**32),
    options=st.sampled_from([None, {"tower": "sticky"}, {"draft": "bid"}]),
)
def test_breakdown_adds_up_to_favor_and_the_log_tells_every_point(
    players: int, seed: int, options: dict[str, str] | None
) -> None:
    chooser = random.Random(seed)
    english = localizer(GAME, "en")
    state = GAME.new_game(players=players, seed=seed, options=options)
    while not GAME.is_terminal(state):
        action = chooser.choice(GAME.legal_list(state))
        after = GAME.apply(state, action)
        for p in range(players):
            assert sum(after.scored[p]) == after.favor[p]
            assert min(after.scored[p]) >= 0
            later = favor_by_day(after, p)[after.day :]
            assert all(amount == 0 for day in later for amount in day.values())
        spectator = [line.for_reader(None) for line in GAME.narrate(state, action, after)]
        read = [m for m in spectator if m is not None]
        assert favor_told(read) == sum(after.favor) - sum(state.favor)
        assert all(english.format(m, names=NAMES) for m in read)
        if not GAME.is_terminal(after):
            assert not any(entry.kind == "final" for entry in after.log)
        state = after
    for viewer in (*range(players), None):
        seen = GAME.view(state, viewer)
        assert seen["favor_sources"] == list(FAVOR_SOURCES)
        for p, seat in enumerate(seen["seats"]):
            assert len(seat["favor_by_day"]) == DAYS
            assert sum(sum(day.values()) for day in seat["favor_by_day"]) == seat["favor"]
            held = sum(day["held"] for day in seat["favor_by_day"])
            assert sum(card["favor"] for card in seat["objectives_at_end"]) == held
            assert seat["objectives_at_end"] == GAME.view(state, 0)["seats"][p]["objectives_at_end"]


def test_breakdown_survives_json_and_determinize() -> None:
    chooser = random.Random(4)
    state = GAME.new_game(players=4, seed=4)
    while state.day < 3 or sum(state.favor) == 0:
        state = GAME.apply(state, chooser.choice(GAME.legal_list(state)))
    assert any(state.scored[p][: len(FAVOR_SOURCES)] for p in range(4))
    data = json.loads(json.dumps(GAME.state_to_json(state)))
    assert GAME.state_from_json(data) == state
    for viewer in (1, None):
        rebuilt = GAME.determinize(json.loads(json.dumps(GAME.view(state, viewer))), seed=3)
        assert rebuilt.scored == state.scored and rebuilt.favor == state.favor


# --- each source, on a scene --------------------------------------------------------------------


def slaying(shaman_card: str | None = None, div: str | None = None) -> State:
    """Ada's action turn in Ink Orchard, with a warrior of Bo and Bo's shaman to slay."""
    state = scene(
        units={(0, "ink-orchard"): 1, (1, "ink-orchard"): 1},
        shamans={1: "ink-orchard"},
        shaman_cards={0: shaman_card} if shaman_card else {},
        divs={0: (div,)} if div else {},
    )
    return action_turn(state, 0, (3, 0, 0))


def test_slay_scores_for_the_slayer_and_says_so() -> None:
    state, lines = told(slaying(), act("slay", SP["ink-orchard"], 1, 0))
    assert lines == ["You slay a warrior of Bo in Ink Orchard (+1 favor)."]
    assert earned(state, 0) == {(1, "slay"): 1}
    state, lines = told(state, act("slay", SP["ink-orchard"], 1, 1), reader=1)
    assert lines[0] == "Ada slays your shaman in Ink Orchard (+3 favor)."
    assert earned(state, 0) == {(1, "slay"): 4} and state.favor == (4, 0, 0)


def test_a_shaman_ability_and_a_divination_score_apart_from_the_slay() -> None:
    state = play(slaying(shaman_card="iron-hound"), act("slay", SP["ink-orchard"], 1, 0))
    state, lines = told(state, act("slay", SP["ink-orchard"], 1, 1), reader=2)
    assert lines == [
        "Ada slays Bo's shaman in Ink Orchard (+3 favor).",
        "Ada scores 1 favor from The Iron Hound.",
    ]
    assert earned(state, 0) == {(1, "slay"): 4, (1, "shaman"): 1}
    state, lines = told(slaying(div="red-harvest"), act("slay", SP["ink-orchard"], 1, 0))
    assert lines == [
        "You slay a warrior of Bo in Ink Orchard (+1 favor).",
        "You score 1 favor from Red Harvest.",
    ]
    assert earned(state, 0) == {(1, "slay"): 1, (1, "divination"): 1}


def resting(**kwargs: Any) -> State:
    """Ada's last action of the day is at hand (a heart in the slay zone, nobody to slay): her
    relent starts the rest phase, which runs to the harmless Hidden Passage's placement."""
    state = scene(**kwargs)
    state = msgspec.structs.replace(state, event_deck=(HIDDEN_PASSAGE,))
    return action_turn(state, 0, (1, 0, 0))


def test_temples_boasts_and_the_monolith_score_apart_in_the_rest_phase() -> None:
    state = resting(
        units={
            (0, "ink-orchard"): 1,
            (1, "ink-orchard"): 1,
            (0, "monolith"): 2,
            (0, "ember-terraces"): 1,
            (1, "pilgrim-steps"): 1,
        },
    )
    slots = list(state.slots)
    slots[SP["ink-orchard"]] = (1, 0)
    slots[SP["monolith"]] = (0, 1, 0, 0)
    state = msgspec.structs.replace(state, slots=tuple(slots))
    state, lines = told(state, act("relent"), reader=None)
    assert lines[:6] == [
        "Ada relents and ends their actions.",
        "Ada scores 2 favor for 1 temple.",
        "Bo scores 2 favor for 1 temple.",
        "Ada scores 6 favor for 2 boasts.",
        "Ada scores 2 favor for boasting while controlling the monolith space.",
        lines[5],
    ]
    assert lines[5].startswith("Dealt to the divination row")  # scored before the new row
    assert earned(state, 0) == {(1, "temple"): 2, (1, "boast"): 6, (1, "monolith"): 2}
    assert earned(state, 1) == {(1, "temple"): 2}
    assert state.favor == (10, 2, 0)


def test_scoring_divinations_and_shaman_abilities_name_their_card() -> None:
    state = resting(
        units={(0, "glass-quarry"): 1, (0, "ink-orchard"): 1},
        divs={0: ("scribes-ledger",)},
        shaman_cards={0: "veiled-oracle"},
    )
    state = play(state, act("relent"))
    assert GAME.current_player(state) == 0  # Ada orders her two scoring effects
    assert {a.kind for a in legal(state)} == {"resolve"}
    state, lines = told(state, act("resolve", 0))
    assert lines[1:3] == [
        "You score 4 favor from Scribe's Ledger.",
        "You score 2 favor from The Veiled Oracle.",
    ]
    assert earned(state, 0) == {(1, "divination"): 4, (1, "shaman"): 2}


def test_an_event_revealed_scores_after_it_is_drawn() -> None:
    # The first player is Bo: the day's order is Bo, Cy, Ada, so Ada, tied on 0, draws.
    state = resting(first=1)
    state = msgspec.structs.replace(state, event_deck=(EVENT["omen-of-ash"],))
    state, lines = told(state, act("relent"), reader=1)
    drawn = lines.index("Ada draws the event Omen of Ash.")
    assert lines[drawn + 1] == "Ada scores 3 favor from Omen of Ash."
    assert earned(state, 0) == {(1, "event"): 3}


def test_an_event_in_play_scores_as_an_event() -> None:
    state = resting(shamans={0: "monolith", 1: "monolith"})
    state = msgspec.structs.replace(
        state, events_in_play=((EVENT["vigil-of-shamans"], SP["monolith"]),)
    )
    state, lines = told(state, act("relent"), reader=None)
    assert "Ada scores 5 favor from Vigil of Shamans." in lines
    assert "Bo scores 5 favor from Vigil of Shamans." in lines
    assert earned(state, 0) == {(1, "event"): 5} and earned(state, 1) == {(1, "event"): 5}


def test_a_revealed_objective_says_what_it_scored() -> None:
    state = scene(units={(0, "monolith"): 1}, objs={0: ("heart-of-stone", "seer")}, day=2)
    state = rest_from(msgspec.structs.replace(state, event_deck=(HIDDEN_PASSAGE,)))
    assert state.step == "reveal"
    state, lines = told(state, act("reveal_objective", 0), reader=1)
    assert lines[0] == "Ada reveals Heart of Stone (+4 favor)."
    assert earned(state, 0) == {(2, "objective"): 4}
    assert GAME.view(state, None)["seats"][0]["objectives_revealed"] == [
        {"key": "heart-of-stone", "day": 2}
    ]


def test_the_last_day_shows_every_objective_still_held_to_everyone() -> None:
    state = scene(day=4, objs={0: ("seer", "seething"), 1: ("all-in",)})
    # Bo's reserves are empty (all in limbo): All In could be revealed, so Bo decides
    state = msgspec.structs.replace(state, reserves=(state.reserves[0], 0, state.reserves[2]))
    state = msgspec.structs.replace(state, limbo=(0, 16, 0))
    state = rest_from(msgspec.structs.replace(state, event_deck=(HIDDEN_PASSAGE,)))
    assert state.step == "reveal" and GAME.current_player(state) == 1
    for viewer in (0, 1, 2, None):
        seen = GAME.view(state, viewer)
        assert all(seat["objectives_at_end"] is None for seat in seen["seats"])
        assert "seething" not in json.dumps(seen) or viewer == 0
    state, lines = told(state, act("pass"), reader=2)
    assert GAME.is_terminal(state)
    assert lines == [
        "Bo passes.",
        "Ada shows The Seer, held to the end (+1 favor).",
        "Ada shows Seething, held to the end (+1 favor).",
        "Bo shows All In, held to the end (+1 favor).",
    ]
    assert earned(state, 0) == {(4, "held"): 2} and earned(state, 1) == {(4, "held"): 1}
    assert state.favor == (2, 1, 0)
    # shown, scored and discarded: no hand is secret once the game is over
    assert state.objs == ((), (), ())
    assert {OBJ["seer"], OBJ["seething"], OBJ["all-in"]} <= set(state.obj_discard)
    for viewer in (0, 1, 2, None):
        seats = GAME.view(state, viewer)["seats"]
        assert [seat["objectives_at_end"] for seat in seats] == [
            [{"key": "seer", "favor": 1}, {"key": "seething", "favor": 1}],
            [{"key": "all-in", "favor": 1}],
            [],
        ]


def test_day_of_a_gain_is_the_day_it_was_scored() -> None:
    state = play(msgspec.structs.replace(slaying(), day=3), act("slay", SP["ink-orchard"], 1, 0))
    assert earned(state, 0) == {(3, "slay"): 1}
    assert GAME.view(state, 1)["seats"][0]["favor_by_day"][2]["slay"] == 1


# --- the words ------------------------------------------------------------------------------


def test_scoring_messages_exist_in_every_language_with_plural_forms() -> None:
    ids = {
        lang: message_ids((MESSAGES / lang / "scoring.ftl").read_text(encoding="utf-8"))
        for lang in ("en", "es", "ru")
    }
    assert ids["en"] == ids["es"] == ids["ru"]
    ru = Localizer.for_game(GAME, "ru")
    forms = {
        n: ru.format(
            Message("tm-score", {"actor": player(0), "source": "temple", "favor": n, "count": n}),
            reader=0,
            names=["Ada"],
        )
        for n in (1, 2, 5, 21)
    }
    assert forms[1] == "Вы получаете 1 очко милости за 1 храм."
    assert forms[2] == "Вы получаете 2 очка милости за 2 храма."
    assert forms[5] == "Вы получаете 5 очков милости за 5 храмов."
    assert forms[21] == "Вы получаете 21 очко милости за 21 храм."
    assert not {m for m in ru.missing if m.startswith("tm-")}


def test_scoring_lines_read_in_spanish_and_russian() -> None:
    state = slaying()
    _, spanish = told(state, act("slay", SP["ink-orchard"], 1, 0), reader=1, lang="es")
    assert spanish == ["Ada mata a uno de tus guerreros en el Huerto de Tinta (+1 de favor)."]
    _, russian = told(state, act("slay", SP["ink-orchard"], 1, 0), reader=2, lang="ru")
    assert russian == ["Ada убивает воина игрока Bo в Чернильном саду (+1 очко милости)."]
