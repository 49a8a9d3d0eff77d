"""The lobby's opponents in a player's words: easy, medium and hard, and which of them a new
match proposes for each game.

Each word names a bot of the registry (:data:`PLAYER_LEVELS`). The proposed opponent is the
strongest level whose median decision takes at most :data:`QUICK_ENOUGH` seconds on this
machine: a person should not wait on a bot. The medians are measured, not guessed, and kept in
each game's folder as ``decision_times.toml`` (``benchmarks/level_times.py`` measures them again
and rewrites them), so a game brings its own; a game without one gets the easy level.
"""

from __future__ import annotations

import math
import statistics
import time
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from monolith.bots import decide, make_bot
from monolith.core import AnyGame
from monolith.core.errors import ContentError

PLAYER_LEVELS: tuple[tuple[str, str], ...] = (
    ("easy", "greedy"),
    ("medium", "ismcts-easy"),
    ("hard", "ismcts"),
)
"""Each level in a player's words and the registry's bot that plays it, weakest first (the
ladder's order: greedy < ismcts-easy < ismcts)."""
QUICK_ENOUGH = 0.5
"""The longest median decision, in seconds, of a level the lobby proposes."""
TIMES_NAME = "decision_times.toml"
"""The file of a game's measured medians, in the game's folder."""


@dataclass(frozen=True)
class DecisionTimes:
    """Median seconds per decision by game and bot (a bot not measured is missing: it was not
    tried once a weaker level was already too slow), and how they were measured."""

    medians: Mapping[str, Mapping[str, float]]
    measured: Mapping[str, str] = field(default_factory=dict)
    """How each game's were measured (when, how many positions, the machine's load)."""


def times_file(game: AnyGame) -> Path:
    """Where ``game`` keeps its medians: its own folder."""
    from monolith.games import game_folder

    return game_folder(game.info.name) / TIMES_NAME


def load_times(files: Mapping[str, Path] | None = None) -> DecisionTimes:
    """The stored medians by game (every installed game's own file, where it has one), checked:
    each a finite number of seconds, each bot a known level."""
    if files is None:
        from monolith.games import registry

        found = {name: times_file(game) for name, game in registry().items()}
        files = {name: path for name, path in found.items() if path.is_file()}
    medians: dict[str, dict[str, float]] = {}
    measured: dict[str, str] = {}
    for game, path in files.items():
        medians[game], measured[game] = _read_times(path)
    return DecisionTimes(medians, measured)


def _read_times(path: Path) -> tuple[dict[str, float], str]:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ContentError(path.name, "file", str(error)) from error
    bots = data.get("median_seconds", {})
    if not isinstance(bots, dict):
        raise ContentError(path.name, "median_seconds", "needs a table of seconds by bot")
    known = {bot for _, bot in PLAYER_LEVELS}
    for bot, seconds in bots.items():
        where = f"median_seconds.{bot}"
        if bot not in known:
            raise ContentError(path.name, where, f"not a lobby level; known: {sorted(known)}")
        if not isinstance(seconds, int | float) or not math.isfinite(seconds) or seconds < 0:
            raise ContentError(path.name, where, "needs seconds, a number >= 0")
    about = data.get("measured", "")
    return {bot: float(s) for bot, s in bots.items()}, about if isinstance(about, str) else ""


def default_level(game: str, times: DecisionTimes) -> str:
    """The strongest level (in a player's words) whose measured median is quick enough; easy
    when none is measured."""
    chosen = PLAYER_LEVELS[0][0]
    measured = times.medians.get(game, {})
    for level, bot in PLAYER_LEVELS:
        seconds = measured.get(bot)
        if seconds is not None and seconds <= QUICK_ENOUGH:
            chosen = level
    return chosen


def sample_positions(game: AnyGame, players: int, count: int, seed: int) -> list[Any]:
    """``count`` positions of a greedy self-play game where the seat to move has a choice,
    spread over the whole game (further games are played if one has too few)."""
    found: list[Any] = []
    round_ = 0
    while len(found) < count:
        state = game.new_game(players=players, seed=seed + round_)
        bots = [make_bot("greedy", seed + 10 * round_ + seat) for seat in range(players)]
        positions = []
        while not game.is_terminal(state):
            seat = game.current_player(state)
            assert seat is not None
            if sum(1 for _ in game.legal_actions(state)) >= 2:
                positions.append(state)
            state = game.apply(state, decide(bots[seat], game, state))
        stride = max(1, len(positions) // count)
        found.extend(positions[::stride][: count - len(found)])
        round_ += 1
    return found


def median_decision(
    game: AnyGame, bot: str, positions: list[Any], on_decision: Callable[[], None] | None = None
) -> float:
    """The median wall-clock seconds ``bot`` takes to decide on each of ``positions``."""
    seconds = []
    for index, state in enumerate(positions):
        player = make_bot(bot, index)
        tick = time.perf_counter()
        decide(player, game, state)
        seconds.append(time.perf_counter() - tick)
        if on_decision is not None:
            on_decision()
    return statistics.median(seconds)
