"""``monolith bench`` times uncached legal-move generation: every timed run starts with nothing
the rules remembered before (about a building or a state) left to answer from."""

from __future__ import annotations

from typing import Any

from monolith.bots import decide, make_bot
from monolith.cli.bench import _cold_ns, _engine_actions
from monolith.games import get_game


def _midgame(name: str, turns: int) -> tuple[Any, Any]:
    game = get_game(name)
    state = game.new_game(players=2 if name == "monolyth" else 3, seed=7)
    bot = make_bot("random", 7)
    for _ in range(turns):
        state = game.apply(state, decide(bot, game, state))
    return game, state


def _remembered(game: Any) -> int:
    """Buildings whose legal placements Monolyth's tables remember."""
    return sum(len(table._known) for table in game.content.tables.values())


def test_monolyth_remembers_placements_between_calls() -> None:
    """What the next test checks is dropped is really kept otherwise."""
    game, state = _midgame("monolyth", 6)
    list(game.legal_actions(state))
    assert _remembered(game) > 0


def test_every_timed_monolyth_run_starts_with_nothing_remembered() -> None:
    game, state = _midgame("monolyth", 6)
    on_entry: list[int] = []
    produced: list[int] = []

    def generate(fresh: Any) -> None:
        on_entry.append(_remembered(game))
        assert fresh is not state and fresh == state
        produced.append(len(_engine_actions(game, fresh)))

    list(game.legal_actions(state))  # warm: what no run may use
    assert _remembered(game) > 0
    _cold_ns(game, generate, state, repeat=3)
    assert on_entry == [0, 0, 0]
    assert produced == [len(list(game.legal_actions(state)))] * 3


def test_every_timed_the_monolith_run_finds_no_remembered_actions() -> None:
    game, state = _midgame("the-monolith", 4)
    on_entry: list[Any] = []

    def generate(fresh: Any) -> None:
        on_entry.append(game._cache)
        game.legal_actions(fresh)

    list(game.legal_actions(state))
    assert game._cache is not None
    _cold_ns(game, generate, state, repeat=3)
    assert on_entry == [None, None, None]
