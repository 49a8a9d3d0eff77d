"""The strength ladder: each bot against the one below it, seats rotated, with intervals.

The rungs, weakest first, are :data:`RUNGS`. A step plays the higher bot against the lower one:
with two players head to head, with four one higher bot against three lower ones, so that a fair
share of the wins is a half or a quarter. A step is *significant* when the 95% Wilson interval of
the higher bot's win rate lies wholly above the fair share.

Every game is fixed by the ladder's seed, the step and its index (:func:`monolith.bots.arena.
schedule`), and every bot on the ladder is bounded by iterations, not by the clock, so a rerun on
a loaded machine plays the same games. Results are kept per step in a JSON file; a rerun with more
games plays only the games not yet kept.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from statistics import NormalDist
from typing import Any

from monolith.bots import arena
from monolith.bots.arena import GameResult, derive_seed, wilson_interval
from monolith.bots.ismcts import LEVELS
from monolith.core.companions import WithJudgementNotes, WithPlanner, companions
from monolith.games import get_game

RUNGS = ("random", "greedy", "ismcts-easy", "ismcts", "ismcts-hard")
"""The bots of the ladder, weakest first."""


@dataclass(frozen=True)
class Setup:
    """One game and player count the ladder is measured in, and the games each step plays."""

    game: str
    players: int
    games: tuple[int, ...]
    """Games for each step, bottom step first (one fewer entries than :data:`RUNGS`)."""

    @property
    def key(self) -> str:
        return f"{self.game}-{self.players}p"

    @property
    def fair_share(self) -> float:
        return 1.0 / self.players


SETUPS: dict[str, Setup] = {
    setup.key: setup
    for setup in (
        Setup("monolyth", 2, (20, 60, 60, 60)),
        Setup("the-monolith", 4, (20, 40, 80, 80)),
    )
}
"""The two ladders: 2-player Monolyth and 4-player The Monolith, and games per step, each the
number :func:`games_needed` gives for the win rate a pilot run measured (see docs/ladder.md)."""


def games_needed(expected: float, fair: float, *, power: float = 0.8, seats: int = 1) -> int:
    """Games for a win rate of ``expected`` to show above ``fair`` at 95% (two-sided) with the
    given power (normal approximation), rounded up to a whole number of seat rotations."""
    if not fair < expected < 1:
        raise ValueError(f"the expected win rate {expected} must lie above the fair {fair}")
    z_alpha = NormalDist().inv_cdf(0.975)
    z_beta = NormalDist().inv_cdf(power)
    spread = z_alpha * math.sqrt(fair * (1 - fair)) + z_beta * math.sqrt(expected * (1 - expected))
    games = math.ceil((spread / (expected - fair)) ** 2)
    return seats * math.ceil(games / seats)


@dataclass(frozen=True)
class Step:
    """One rung against the one below, in one setup."""

    setup: Setup
    index: int
    """0 for the bottom step (``RUNGS[1]`` against ``RUNGS[0]``)."""

    @property
    def higher(self) -> str:
        return RUNGS[self.index + 1]

    @property
    def lower(self) -> str:
        return RUNGS[self.index]

    @property
    def seats(self) -> tuple[str, ...]:
        """The higher bot first, then the lower one in every other seat (rotated per game)."""
        return (self.higher, *([self.lower] * (self.setup.players - 1)))

    @property
    def name(self) -> str:
        return f"{self.setup.key}-{self.higher}-vs-{self.lower}"


def steps(setup: Setup) -> list[Step]:
    return [Step(setup, k) for k in range(len(RUNGS) - 1)]


@dataclass(frozen=True)
class StepResult:
    """The games of one step kept so far, and what they took."""

    step: Step
    seed: int
    games: tuple[GameResult, ...]
    seconds: float
    """Wall-clock seconds spent playing them, summed over the runs that played them."""

    @property
    def wins(self) -> int:
        return sum(r.seats[r.ranking[0]] == self.step.higher for r in self.games)

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, len(self.games))

    @property
    def significant(self) -> bool:
        return bool(self.games) and self.interval[0] > self.step.setup.fair_share

    def to_json(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "game": self.step.setup.game,
            "players": self.step.setup.players,
            "higher": self.step.higher,
            "lower": self.step.lower,
            "seed": self.seed,
            "games": len(self.games),
            "wins": self.wins,
            "win_rate": round(self.wins / len(self.games), 4) if self.games else None,
            "win_rate_95": [round(low, 4), round(high, 4)],
            "fair_share": self.step.setup.fair_share,
            "significant": self.significant,
            "seconds": round(self.seconds, 1),
            "levels": _levels(self.step),
            "results": [_game_json(r) for r in self.games],
        }


def configuration(name: str, *, solo: bool = False, game: str | None = None) -> str:
    """What a bot on the ladder is: an ISMCTS level's budget, evaluation and settings (and, for a
    ``solo`` game, its judgement alone at the table), or its name for the bots without settings;
    stored with measurements so stale ones are not reused. With ``game``, a judgement that game
    fits to data (its heuristic's ``JUDGEMENT_NOTES``) is named with its fit, so a refit or a
    new judgement counts as another bot; so does a greedy bot that follows through where the
    game's heuristic plans (its ``FOLLOW_THROUGH_NOTE``)."""
    if not name.startswith("ismcts"):
        module = companions(get_game(game)).heuristic if game and name == "greedy" else None
        if isinstance(module, WithPlanner):
            return f"{name}, follow-through: {module.FOLLOW_THROUGH_NOTE}"
        return name
    level = LEVELS[name.removeprefix("ismcts").lstrip("-") or "default"]
    alone = f", alone: {level.solo_evaluation}" if solo and level.solo_evaluation else ""
    module = companions(get_game(game)).heuristic if game else None
    notes: Mapping[str, str] = (
        module.JUDGEMENT_NOTES if isinstance(module, WithJudgementNotes) else {}
    )
    fitted = f", {level.evaluation}: {notes[level.evaluation]}" if level.evaluation in notes else ""
    return repr(level) + alone + fitted


def _levels(step: Step) -> dict[str, str]:
    return {name: configuration(name, game=step.setup.game) for name in (step.higher, step.lower)}


def _game_json(r: GameResult) -> dict[str, Any]:
    return {
        "index": r.index,
        "seats": list(r.seats),
        "scores": list(r.scores),
        "ranking": list(r.ranking),
        "turns": r.turns,
        "seconds": round(r.seconds, 2),
    }


def _game_from_json(data: dict[str, Any]) -> GameResult:
    return GameResult(
        index=int(data["index"]),
        seats=tuple(data["seats"]),
        scores=tuple(float(s) for s in data["scores"]),
        ranking=tuple(int(s) for s in data["ranking"]),
        first_player=None,
        turns=int(data["turns"]),
        seconds=float(data["seconds"]),
        decision_seconds=(),
    )


def step_seed(seed: int, step: Step) -> int:
    """The seed of one step's schedule, fixed by the ladder's seed, the setup (told apart by
    its player count) and the step."""
    return derive_seed(seed, step.setup.players, step.index)


def load_step(path: Path, step: Step, seed: int) -> StepResult:
    """The games kept for ``step`` in ``path`` (none if the file is missing or was measured with
    another seed or other bot configurations)."""
    empty = StepResult(step, seed, (), 0.0)
    if not path.exists():
        return empty
    data = json.loads(path.read_text())
    if data.get("seed") != seed or data.get("levels") != _levels(step):
        return empty
    games = tuple(_game_from_json(g) for g in data["results"])
    return StepResult(step, seed, games, float(data["seconds"]))


def run_step(
    step: Step,
    *,
    games: int,
    seed: int,
    folder: Path,
    workers: int = 1,
    on_game: Callable[[], None] | None = None,
) -> StepResult:
    """Play ``step`` until ``games`` games are kept in ``folder``, saving after every game, so a
    run stopped half way (hours, for the top steps) goes on from the last game it finished."""
    path = folder / f"{step.name}.json"
    kept = load_step(path, step, seed)
    have = {r.index for r in kept.games}
    specs = arena.schedule(step.setup.game, step.seats, games, step_seed(seed, step))
    todo = [spec for spec in specs if spec.index not in have]
    if not todo:
        played = tuple(r for r in kept.games if r.index < games)
        return StepResult(step, seed, played, kept.seconds)
    started = time.perf_counter()
    results = list(kept.games)

    def save() -> StepResult:
        ordered = tuple(sorted(results, key=lambda r: r.index))
        result = StepResult(step, seed, ordered, kept.seconds + time.perf_counter() - started)
        folder.mkdir(parents=True, exist_ok=True)
        partial = path.with_suffix(".json.partial")
        partial.write_text(json.dumps(result.to_json(), indent=1) + "\n")
        partial.replace(path)
        return result

    def finished(game: GameResult) -> None:
        results.append(game)
        save()
        if on_game is not None:
            on_game()

    arena.run(todo, workers=workers, on_result=finished)
    result = save()
    return StepResult(step, seed, tuple(r for r in result.games if r.index < games), result.seconds)


def schedule_games(setup: Setup, games: Sequence[int] | None) -> tuple[int, ...]:
    """Games per step: the given ones, or the setup's own; one number per step, 0 to skip it."""
    chosen = tuple(games) if games else setup.games
    if len(chosen) != len(RUNGS) - 1:
        raise ValueError(f"give games for each of the {len(RUNGS) - 1} steps, not {len(chosen)}")
    if any(n < 0 for n in chosen):
        raise ValueError("a step plays 0 games (skipped) or more, never fewer")
    return chosen
