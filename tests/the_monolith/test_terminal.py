"""The terminal renderer draws any view, and shows only what the viewer may see."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rich.console import Console

from monolith.core.i18n import describe
from monolith.games.the_monolith import GAME
from monolith.games.the_monolith.rules import act
from monolith.games.the_monolith.terminal import choose, render

from .helpers import SP, C, random_game, scene


def text_of(view: dict[str, object]) -> str:
    console = Console(width=160, record=True, color_system=None)
    console.print(render(view))
    return console.export_text()


def test_render_shows_map_pools_row_and_favor() -> None:
    states, _ = random_game(4, 3)
    for state in [*states[:: max(1, len(states) // 12)], states[-1]]:
        for viewer in (0, None):
            text = text_of(GAME.view(state, viewer))
            assert "The Monolith" in text and "Divination row" in text and "Favor:" in text
            assert f"Day {state.day}/4" in text


def test_render_hides_other_players_objectives() -> None:
    states, _ = random_game(3, 8)
    state = next(s for s in states if s.phase == "order" and all(s.objs))
    mine = {C.objectives[o].key for o in state.objs[0]}
    theirs = {C.objectives[o].key for p in (1, 2) for o in state.objs[p]} - mine
    text = text_of(GAME.view(state, 0))
    assert all(key in text for key in mine)
    assert not any(key in text for key in theirs)
    spectator = text_of(GAME.view(state, None))
    assert not any(key in spectator for key in mine | theirs)


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
    assert "type a number" in console.export_text()


def test_choose_lists_short_menus_and_quits_on_q() -> None:
    state = scene(available=(0, 1, 1))
    console, read = scripted("1")
    assert choose(console, GAME, state, read=read) == act("commit")
    console, read = scripted("q")
    with pytest.raises(EOFError):
        choose(console, GAME, scene(units={(0, "eastmarch"): 3}, available=(4, 0, 0)), read=read)
