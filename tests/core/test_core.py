"""The shared core: the seeded random source, options, the registry, hashing."""

from __future__ import annotations

from typing import Any

import pytest

from monolith.core import BadOptions, GameInfo, Rng, RuleOption, state_hash
from monolith.core.companions import NO_COMPANIONS, companions
from monolith.games import get_game, registry


def test_rng_is_a_pure_value() -> None:
    rng = Rng(42)
    first, after = rng.randbelow(1000)
    again, after_again = rng.randbelow(1000)
    assert (first, after) == (again, after_again)
    assert after.counter == 1 and rng.counter == 0
    draws = []
    for _ in range(200):
        value, rng = rng.randbelow(6)
        draws.append(value)
    assert set(draws) == set(range(6))


def test_rng_depends_on_seed_and_counter() -> None:
    a = [Rng(1, k).randbelow(10**9)[0] for k in range(5)]
    b = [Rng(2, k).randbelow(10**9)[0] for k in range(5)]
    assert len(set(a)) == 5 and a != b


def test_rng_shuffle_sample_choice() -> None:
    items = tuple(range(20))
    shuffled, rng = Rng(3).shuffled(items)
    assert sorted(shuffled) == list(items) and shuffled != items
    sample, rng = rng.sample(items, 5)
    assert len(set(sample)) == 5 and set(sample) <= set(items)
    pick, _ = rng.choice(["a", "b"])
    assert pick in {"a", "b"}
    with pytest.raises(ValueError, match="positive"):
        Rng(1).randbelow(0)


INFO = GameInfo(
    name="toy",
    title="Toy",
    min_players=2,
    max_players=3,
    chance=False,
    hidden_information=False,
    num_actions=1,
    options=(RuleOption("tower", "uniform", ("uniform", "sticky"), "how hearts fall"),),
)


def test_options_filled_with_defaults_and_checked() -> None:
    assert INFO.resolve_options(None) == {"tower": "uniform"}
    assert INFO.resolve_options({"tower": "sticky"}) == {"tower": "sticky"}
    with pytest.raises(BadOptions, match="'tower' takes one of 'uniform', 'sticky', not 'wet'"):
        INFO.resolve_options({"tower": "wet"})
    with pytest.raises(BadOptions, match="unknown rule option 'speed'"):
        INFO.resolve_options({"speed": 2})
    with pytest.raises(BadOptions, match="2-3 players, not 4"):
        INFO.check_players(4)


def test_registry_finds_games_by_name() -> None:
    assert "monolyth" in registry()
    assert get_game("monolyth").info.title == "Monolyth"
    with pytest.raises(BadOptions, match="unknown game 'chess'"):
        get_game("chess")
    assert companions(get_game("monolyth")).heuristic is not None
    assert companions(object()) is NO_COMPANIONS  # a game shipping none has none


def test_state_hash_equal_states_equal_hashes() -> None:
    game = get_game("monolyth")
    a = game.new_game(players=2, seed=5)
    b = game.new_game(players=2, seed=5)
    c = game.new_game(players=2, seed=6)
    assert state_hash(game, a) == state_hash(game, b) != state_hash(game, c)


def test_optional_companion_extras_are_typed_and_found() -> None:
    """Each game's optional extras satisfy their protocols (mypy checks these assignments, so a
    changed signature fails the type check) and the bots find exactly the ones a game has."""
    from monolith.core.companions import (
        WithAfterstate,
        WithCardOffers,
        WithJudgementNotes,
        WithPlanner,
        WithSearch,
        WithValues,
        WithWhere,
    )
    from monolith.games.kindling import heuristic as kindling_heuristic
    from monolith.games.monolyth import heuristic as monolyth_heuristic
    from monolith.games.monolyth import terminal as monolyth_terminal
    from monolith.games.the_monolith import analysis as the_monolith_analysis
    from monolith.games.the_monolith import heuristic as the_monolith_heuristic

    afterstate: list[WithAfterstate] = [monolyth_heuristic]
    values: list[WithValues] = [the_monolith_heuristic, kindling_heuristic]
    search: list[WithSearch] = [monolyth_heuristic, the_monolith_heuristic]
    notes: list[WithJudgementNotes] = [the_monolith_heuristic]
    planner: list[WithPlanner] = [the_monolith_heuristic]
    where: list[WithWhere] = [monolyth_terminal]
    offers: list[WithCardOffers] = [the_monolith_analysis]
    declared: dict[type, list[Any]] = {
        WithAfterstate: afterstate,
        WithValues: values,
        WithSearch: search,
        WithJudgementNotes: notes,
        WithPlanner: planner,
        WithWhere: where,
        WithCardOffers: offers,
    }
    for protocol, parts in declared.items():
        assert all(isinstance(part, protocol) for part in parts), protocol.__name__
    found = {
        name: {
            protocol.__name__
            for protocol in declared
            for part in (c.heuristic, c.terminal, c.analysis)
            if part is not None and isinstance(part, protocol)
        }
        for name in ("monolyth", "the-monolith", "kindling")
        for c in [companions(get_game(name))]
    }
    assert found == {
        "monolyth": {"WithAfterstate", "WithSearch", "WithWhere"},
        "the-monolith": {
            "WithValues",
            "WithSearch",
            "WithJudgementNotes",
            "WithPlanner",
            "WithCardOffers",
        },
        "kindling": {"WithValues"},
    }
