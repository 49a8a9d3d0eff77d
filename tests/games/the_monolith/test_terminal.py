"""The terminal renderer draws any view, and shows only what the viewer may see."""

from __future__ import annotations

import re
from collections.abc import Callable
from io import StringIO
from pathlib import Path
from typing import Any

import msgspec
import pytest
from rich.console import Console
from typer.testing import CliRunner

from monolith.cli.main import app
from monolith.cli.play import Abandoned, play_match
from monolith.core import MatchRecord, replay
from monolith.core.i18n import describe, localizer
from monolith.games.screen import Voice
from monolith.games.the_monolith import GAME
from monolith.games.the_monolith.rules import FAVOR_SOURCES, act
from monolith.games.the_monolith.terminal import breakdown, choose, render

from .helpers import SP, C, random_game, scene


def text_of(view: dict[str, Any], lang: str = "en") -> str:
    console = Console(width=160, record=True, color_system=None)
    names = ["Ada", "Ben", "Cyd", "Dee"][: view["players"]]
    console.print(render(view, Voice(localizer(GAME, lang), names, view["viewer"])))
    return console.export_text()


def test_render_shows_map_pools_row_and_favor() -> None:
    states, _ = random_game(4, 3)
    for state in [*states[:: max(1, len(states) // 12)], states[-1]]:
        for viewer in (0, None):
            text = text_of(GAME.view(state, viewer))
            assert "Favor:" in text
            shown = [C.divinations[card].name for card in state.row if card >= 0]
            assert all(name in text for name in shown)
            assert ("Divination row" in text) == bool(shown)  # the row, unless all is taken
            assert f"Day {state.day} of 4" in text
            for letter, name in zip("ABCD", ("Ada", "Ben", "Cyd", "Dee"), strict=True):
                assert f"{letter} {name}" in text
            # full space names, no engine words
            assert "Ember Terraces" in text and "Grave Orchard" in text
            assert "_" not in text and "seat" not in text


def test_render_hides_other_players_objectives() -> None:
    states, _ = random_game(3, 8)
    state = next(s for s in states if s.phase == "order" and all(s.objs))
    mine = {C.objectives[o].name for o in state.objs[0]}
    theirs = {C.objectives[o].name for p in (1, 2) for o in state.objs[p]} - mine
    text = text_of(GAME.view(state, 0))
    assert all(name in text for name in mine)
    assert not any(name in text for name in theirs)
    spectator = text_of(GAME.view(state, None))
    assert not any(name in spectator for name in mine | theirs)


def test_every_legal_action_has_a_description() -> None:
    states, _ = random_game(3, 21, {"draft": "bid"})
    for state in states[::3]:
        texts = [describe(GAME, state, a) for a in GAME.legal_list(state)]
        assert all(texts) and len(set(texts)) == len(texts)


def test_view_has_what_a_browser_needs_to_draw_the_map() -> None:
    seen = GAME.view(GAME.new_game(players=3, seed=1), None)
    assert len(seen["spaces"]) == len(C.spaces)
    assert all(len(space["polygon"]) >= 3 for space in seen["spaces"])
    kinds = {border["kind"] for border in seen["borders"]}
    assert kinds == {"solid", "dashed"}
    for border in seen["borders"]:
        a, b = seen["spaces"][border["a"]], seen["spaces"][border["b"]]
        joined = b["index"] in a["adjacent"]
        if a["exists"] and b["exists"] and not (a["tunnel"] and b["tunnel"]):
            assert joined == (border["kind"] == "dashed")


def scripted(*answers: str) -> tuple[Console, Callable[[str], str]]:
    console = Console(width=100, record=True, color_system=None)
    queue = list(answers)
    return console, lambda prompt: queue.pop(0)


def test_choose_groups_long_menus_by_kind() -> None:
    state = scene(units={(0, "eastmarch"): 3}, available=(4, 0, 0))
    actions = GAME.legal_list(state)
    assert len(actions) > 12
    kinds = list(dict.fromkeys(a.kind for a in actions))
    march = kinds.index("march") + 1
    console, read = scripted("x", str(march), "b", str(march), "2")
    chosen = choose(console, GAME, state, read=read)
    assert chosen == act("march", SP["eastmarch"], 2)
    assert "Type a number from 1 to" in console.export_text()


def test_choose_lists_short_menus_and_quits_on_q() -> None:
    state = scene(available=(0, 1, 1))
    console, read = scripted("1")
    assert choose(console, GAME, state, read=read) == act("commit")
    console, read = scripted("q")
    with pytest.raises(EOFError):
        choose(console, GAME, scene(units={(0, "eastmarch"): 3}, available=(4, 0, 0)), read=read)


# Terminal play of a whole game ------------------------------------------------------------------

LANGUAGES = ("en", "es", "ru")
runner = CliRunner()


def test_a_human_among_three_bots_reads_no_other_players_objective_before_the_end(
    tmp_path: Path,
) -> None:
    saved = tmp_path / "game.json"
    args = ["play", "the-monolith", "-p", "4", "--bots", "greedy,random", "--seed", "3"]
    result = runner.invoke(
        app,
        [*args, "--save", str(saved)],
        input="1\n" * 3000,  # the human always takes the first choice, to the end
        env={"LANG": "C", "COLUMNS": "400"},  # wide enough that no name is wrapped
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    before = " ".join(out[: out.index("Game over")].split())
    states: list[Any] = []
    replay(GAME, msgspec.json.decode(saved.read_bytes(), type=MatchRecord), on_state=states.append)
    held: dict[int, set[str]] = {p: set() for p in range(4)}
    for state in states:
        for p in range(4):
            held[p] |= {C.objectives[o].key for o in state.objs[p]}
    names = ["Player 1", "Sapphire", "Amber", "Jade"]
    revealed: dict[str, int] = {}  # an objective shown by its holder is public from then on
    for entry in states[-1].log:
        if entry.kind in ("reveal", "final") and entry.player != 0:  # final: shown at the end
            card = C.objectives[entry.value]
            verb = "reveals" if entry.kind == "reveal" else "shows"
            revealed[card.key] = before.index(f"{names[entry.player]} {verb} {card.name}")
    secret = (held[1] | held[2] | held[3]) - held[0]
    assert len(secret) >= 4  # the bots held objectives the human never saw
    for key in secret:
        for lang in LANGUAGES:
            words = localizer(GAME, lang)
            for text in (words.text(f"objective-{key}"), words.text(f"objective-{key}.text")):
                where = before.find(" ".join(text.split()))
                assert where < 0 or where >= revealed.get(key, len(before)), (key, lang, text)
    # the human's own objectives were on their screen, and everyone's are told at the end
    assert all(C.objectives[o].name in before for o in states[0].objs[0])
    end = " ".join(out[out.index("Game over") :].split())
    for p in range(4):
        shown = [e for e in states[-1].log if e.kind == "final" and e.player == p]
        kept = [C.objectives[e.value].name for e in shown]
        assert f"objectives held at the end (1 favor each): {', '.join(kept) or 'none'}" in end


def test_hot_seat_clears_the_screen_and_shows_no_secret_of_the_last_player() -> None:
    written = StringIO()
    console = Console(file=written, width=160, force_terminal=True, color_system=None)
    answers = ["", "1", "", "1", "", "1", "", "1"]  # Enter on each pass screen, then a choice

    def read(prompt: str) -> str:
        console.print(prompt, end="")
        if not answers:
            raise EOFError
        return answers.pop(0)

    with pytest.raises(Abandoned):
        play_match(
            game=GAME,
            players=3,
            humans=2,
            bots=["greedy"],
            seed=1,
            console=console,
            names=["Ada", "Ben"],
            read=read,
        )
    start = GAME.new_game(players=3, seed=1)
    hands = {p: {C.objectives[o].name for o in start.objs[p]} for p in (0, 1)}
    out = written.getvalue()
    screens = out.split("\x1b[H\x1b[2J\x1b[3J")  # what stands on the screen between clears
    assert sum("Pass the keyboard to" in screen for screen in screens) >= 3
    for screen in screens:
        if "Pass the keyboard to" in screen:  # the pass screen itself shows nothing else
            assert screen.split("Pass the keyboard to")[0].strip(" ╭─╮│\n") == ""
        assert not all(any(name in screen for name in hands[p]) for p in (0, 1))
    for p, name in ((0, "Ada"), (1, "Ben")):  # each read their own hand on their own screen
        assert any(
            f"{name}, your decision" in s and all(card in s for card in hands[p]) for s in screens
        )


def test_owners_read_by_letter_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    states, _ = random_game(4, 5)
    view = GAME.view(states[len(states) // 2], 0)
    voice = Voice(localizer(GAME, "en"), ["Ada", "Ben", "Cyd", "Dee"], 0)

    def drawn() -> str:
        out = StringIO()
        console = Console(file=out, width=160, force_terminal=True, color_system="truecolor")
        console.print(render(view, voice))
        return out.getvalue()

    coloured = drawn()
    assert "\x1b[1;38;2;224;96;90m" in coloured  # seat A's red, as on the browser's table
    monkeypatch.setenv("NO_COLOR", "1")
    plain = drawn()
    assert "38;2;" not in plain and "48;2;" not in plain  # not one colour
    text = re.sub(r"\x1b\[[0-9;]*m", "", plain)
    for letter, name in zip("ABCD", ("Ada", "Ben", "Cyd", "Dee"), strict=True):
        assert f"{letter} {name}" in text
        assert f"⌂{letter}" in text  # every stronghold says whose it is
    for space in view["spaces"]:
        for p, count in enumerate(space["warriors"]):
            if count and space["exists"]:
                assert f"{'ABCD'[p]}{count}" in text
    assert "⚑" in text


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_breakdown_tells_each_players_favor_by_source_and_day_and_their_objectives(
    lang: str,
) -> None:
    states, _ = random_game(3, 4)
    final = states[-1]
    views = [GAME.view(final, p) for p in range(3)]
    words = localizer(GAME, lang)
    names = ["Ada", "Ben", "Cyd"]
    console = Console(width=200, record=True, color_system=None)
    console.print(breakdown(views, Voice(words, names, None)))
    plain = " ".join(console.export_text().split())
    headings = [words.text("tm-term-total", player=name, favor=final.favor[p]) for p, name in
                enumerate(names)]  # fmt: skip
    assert all(heading in plain for heading in headings), plain
    blocks = [plain.split(heading)[1] for heading in headings]
    blocks = [block.split(headings[p + 1])[0] if p < 2 else block for p, block in enumerate(blocks)]
    cards = GAME.content.objectives
    revealed = sum(1 for entry in final.log if entry.kind == "reveal")
    held = sum(1 for entry in final.log if entry.kind == "final")
    assert revealed >= 2 and held >= 3  # this game has both to tell
    for p, block in enumerate(blocks):
        by_day = views[p]["seats"][p]["favor_by_day"]
        scored = [source for source in FAVOR_SOURCES if any(day[source] for day in by_day)]
        assert scored  # everyone scored something
        for source in scored:  # a row per source: its favor each day, then its total
            amounts = [day[source] for day in by_day]
            row = [str(n) if n else "·" for n in amounts]
            name = words.text("tm-term-source", source=source)
            assert " ".join([name, *row, str(sum(amounts))]) in block, (source, block)
        totals = [str(sum(day.values())) for day in by_day]
        assert " ".join([words.text("tm-term-col-total"), *totals, str(final.favor[p])]) in block
        for entry in (e for e in final.log if e.kind in ("final", "reveal")):
            card = words.text(f"objective-{cards[entry.value].key}")
            if entry.kind == "final":
                assert (card in block) == (entry.player == p), (card, block)
            elif entry.kind == "reveal" and entry.player == p:
                assert words.text("tm-term-revealed-on", card=card, day=entry.day) in block
        if not any(e.kind == "final" and e.player == p for e in final.log):
            assert words.text("tm-term-held", cards=words.text("tm-term-none")) in block
