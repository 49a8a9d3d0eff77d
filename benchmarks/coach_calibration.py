"""Fit the coach's win chances: ``python benchmarks/coach_calibration.py [games] [workers]
[samples.jsonl] [game ...]``.

The coach's searches reward a position by the seat's lead over its best rival, squashed into
[0, 1]; that is not yet how often such positions are won (with four players, a seat level with its
best rival wins about a quarter of the time, not half; early in a game a lead says less than
late). This script plays ``games`` games per game and player count (those its sample file
lacks), every seat an ``ismcts-easy`` bot, asks the coach (at its review budget) about every
one decision in ``EVERY``, and fits ``won ~ sigmoid((slope + progress_slope * progress) *
logit(reward) + intercept)`` to what happened. The fits go to
``src/monolith/bots/coach_calibration.toml``, which the coach reads
(:func:`monolith.bots.coach.calibrated`); rerun it after a change to the search or a game's
heuristic. The samples are kept in a JSON-lines file (default ``coach-calibration.jsonl``): a
second run plays only the games still missing, and with ``0`` games refits from them alone.
Prints, per configuration, the fit, and the Brier score and the reliability table before and
after it. Naming games (``the-monolith``) refits only their configurations; the others keep
the fits already in the file.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import random
import sys
import tomllib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from monolith.bots import decide, make_bot
from monolith.bots.arena import derive_seed
from monolith.bots.coach import CALIBRATION, REVIEW, Fit, evaluate_state, progress_for
from monolith.games import get_game

CONFIGURATIONS = [
    ("monolyth", 2),
    ("monolyth", 3),
    ("monolyth", 4),
    ("the-monolith", 3),
    ("the-monolith", 4),
]
EVERY = {"monolyth": 3, "the-monolith": 6}
"""Judge one decision in n, drawn at random (every n-th would keep asking the same seat when n
and the player count share a factor): neighbouring positions say much the same."""
PLAYERS_BOT = "ismcts-easy"

Sample = tuple[float, float, int]
"""(the search's reward for the deciding seat, the game's progress, 1 if that seat won)."""


def play(config: tuple[str, int, int]) -> list[Sample]:
    """One self-play game; the coach's reward at every n-th decision and who won."""
    name, players, seed = config
    with_low_priority()
    game = get_game(name)
    progress = progress_for(game)
    state = game.new_game(players=players, seed=seed)
    asked: list[tuple[int, float, float]] = []
    chooser = random.Random(seed)
    turn = 0
    while not game.is_terminal(state):
        seat = game.current_player(state)
        assert seat is not None
        if chooser.random() < 1 / EVERY[name]:
            found = evaluate_state(game, state, budget=REVIEW, seed=turn, top=1)
            asked.append((seat, found.best.value, progress(state)))
        bot = make_bot(PLAYERS_BOT, derive_seed(seed, seat, turn))
        state = game.apply(state, decide(bot, game, state))
        turn += 1
    winner = game.ranking(state)[0]
    return [(value, at, int(seat == winner)) for seat, value, at in asked]


def with_low_priority() -> None:
    """Calibrating takes a long while: it yields the machine to anything else."""
    with contextlib.suppress(OSError):
        os.nice(19 - os.nice(0))


def logit(value: float) -> float:
    clipped = min(max(value, 1e-4), 1.0 - 1e-4)
    return math.log(clipped / (1.0 - clipped))


def sigmoid(x: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, x))))


PRIOR = 20.0
"""How many outcomes' worth of belief the fit starts with in the search's own rewards (slope 1 at
every stage of the game). The positions of one seat in one game share that seat's outcome, so the
data holds about ``games * players`` outcomes however many positions were asked about: the
prior is weighed against those (see :func:`fit`), and a few games cannot swing the slopes far."""


def fit(samples: list[Sample], outcomes: float | None = None) -> Fit:
    """A logistic regression of the outcome on logit(reward), its slope growing linearly from
    ``early`` at progress 0 to ``late`` at progress 1, with a Gaussian prior pulling both
    towards 1; a slope that still comes out negative (a better reward, a worse chance: noise)
    is held at 0, so the chance never falls as the reward rises. ``outcomes``: how many
    independent outcomes the samples hold (default: one each)."""
    prior = PRIOR * len(samples) / (outcomes or len(samples))
    early, late, intercept = _fit(samples, prior, free=(True, True))
    if early < 0:
        early, late, intercept = _fit(samples, prior, free=(False, True))
    if late < 0:
        early, late, intercept = _fit(samples, prior, free=(early > 0, False))
    return Fit(slope=early, progress_slope=late - early, intercept=intercept)


def _fit(
    samples: list[Sample], prior: float, free: tuple[bool, bool]
) -> tuple[float, float, float]:
    """(early slope, late slope, intercept) by Newton's method, each step halved until the
    penalised likelihood improves (positions near a decided end can separate the outcomes);
    a slope not ``free`` stays 0."""
    weights = [1.0 if free[0] else 0.0, 1.0 if free[1] else 0.0, 0.0]
    active = [i for i in range(3) if i == 2 or free[i]]
    rows = [((logit(v) * (1.0 - t), logit(v) * t, 1.0), won) for v, t, won in samples]
    best = _objective(rows, weights, prior)
    for _ in range(100):
        gradient = [0.0, 0.0, 0.0]
        hessian = [[0.0] * 3 for _ in range(3)]
        for features, won in rows:
            p = sigmoid(sum(w * f for w, f in zip(weights, features, strict=True)))
            for i in range(3):
                gradient[i] += (won - p) * features[i]
                for j in range(3):
                    hessian[i][j] += p * (1.0 - p) * features[i] * features[j]
        for i in (0, 1):
            gradient[i] -= prior * (weights[i] - 1.0)
            hessian[i][i] += prior
        step = solve(
            [[hessian[i][j] for j in active] for i in active], [gradient[i] for i in active]
        )
        size = 1.0
        while size > 1e-6:
            trial = list(weights)
            for i, change in zip(active, step, strict=True):
                trial[i] += size * change
            score = _objective(rows, trial, prior)
            if score >= best:
                break
            size /= 2
        else:
            break
        moved = sum(abs(a - b) for a, b in zip(trial, weights, strict=True))
        weights, best = trial, score
        if moved < 1e-9:
            break
    return weights[0], weights[1], weights[2]


def _objective(
    rows: list[tuple[tuple[float, float, float], int]], weights: list[float], prior: float
) -> float:
    """The log-likelihood of the outcomes, less the prior's penalty on the slopes."""
    total = -0.5 * prior * ((weights[0] - 1.0) ** 2 + (weights[1] - 1.0) ** 2)
    for features, won in rows:
        p = sigmoid(sum(w * f for w, f in zip(weights, features, strict=True)))
        total += math.log(max(1e-12, p if won else 1.0 - p))
    return total


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix @ x = vector`` by Gaussian elimination (a few rows, positive definite)."""
    rows = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    size = len(rows)
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        if abs(rows[col][col]) < 1e-12:
            return [0.0] * size
        for r in range(size):
            if r != col:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][size] / rows[i][i] for i in range(size)]


def brier(samples: list[Sample], chance: list[float]) -> float:
    return sum((p - won) ** 2 for (_, _, won), p in zip(samples, chance, strict=True)) / len(
        samples
    )


def reliability(samples: list[Sample], chance: list[float]) -> str:
    """Predicted against observed win rate in five bins of the prediction."""
    rows = []
    for low in (0.0, 0.2, 0.4, 0.6, 0.8):
        inside = [
            (p, won)
            for (_, _, won), p in zip(samples, chance, strict=True)
            if low <= p < low + 0.2 or (low == 0.8 and p == 1.0)
        ]
        if inside:
            predicted = sum(p for p, _ in inside) / len(inside)
            observed = sum(won for _, won in inside) / len(inside)
            rows.append(f"{predicted:.2f}->{observed:.2f} (n={len(inside)})")
    return "  ".join(rows)


def main(argv: list[str]) -> int:
    games = int(argv[1]) if len(argv) > 1 else 30
    workers = int(argv[2]) if len(argv) > 2 else 1
    store = Path(argv[3]) if len(argv) > 3 else Path("coach-calibration.jsonl")
    only = set(argv[4:]) or {name for name, _ in CONFIGURATIONS}
    unknown = only - {name for name, _ in CONFIGURATIONS}
    if unknown:
        print(f"no such game: {', '.join(sorted(unknown))}", file=sys.stderr)
        return 2
    previous = tomllib.loads(Path(CALIBRATION).read_text(encoding="utf-8"))
    kept: dict[tuple[str, int], list[Sample]] = {}
    seeds: dict[tuple[str, int], int] = {}
    if store.is_file():
        for line in store.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            key = (row["game"], row["players"])
            value, at, won = row["sample"]
            kept.setdefault(key, []).append((float(value), float(at), int(won)))
            seeds[key] = max(seeds.get(key, 0), int(row["seed"]))
    lines = [
        "# How the coach's search rewards map to win chances, per game and player count:",
        "# won ~ sigmoid((slope + progress_slope * progress) * logit(reward) + intercept),",
        "# fitted to ismcts-easy self-play. Written by benchmarks/coach_calibration.py; rerun it",
        "# after changing the search or a game's heuristic.",
    ]
    with ProcessPoolExecutor(max_workers=workers) as pool, store.open("a") as out:
        for name, players in CONFIGURATIONS:
            if name not in only:
                lines += _kept_section(previous, name, players)
                continue
            samples = kept.setdefault((name, players), [])
            start = seeds.get((name, players), 6999) + 1
            missing = games - (start - 7000)  # games are seeded 7000, 7001, ...
            configs = [(name, players, start + k) for k in range(max(0, missing))]
            for (_, _, seed), found in zip(configs, pool.map(play, configs), strict=True):
                for sample in found:
                    row = {"game": name, "players": players, "seed": seed, "sample": sample}
                    out.write(json.dumps(row) + "\n")
                samples.extend(found)
                out.flush()
            if not samples:
                lines += _kept_section(previous, name, players)
                continue
            games_played = seeds.get((name, players), 6999) - 6999 + len(configs)
            fitted_fit = fit(samples, outcomes=games_played * players)
            raw = [value for value, _, _ in samples]
            fitted = [fitted_fit.chance(value, at) for value, at, _ in samples]
            print(f"{name} {players}p: {len(samples)} positions in {games_played} games")
            print(f"  {fitted_fit}")
            print(f"  raw    Brier {brier(samples, raw):.4f}  {reliability(samples, raw)}")
            print(f"  fitted Brier {brier(samples, fitted):.4f}  {reliability(samples, fitted)}")
            sys.stdout.flush()
            lines += [
                "",
                f"[{name}.{players}]",
                f"slope = {fitted_fit.slope:.4f}",
                f"progress_slope = {fitted_fit.progress_slope:.4f}",
                f"intercept = {fitted_fit.intercept:.4f}",
                f"positions = {len(samples)}",
                f"games = {games_played}",
            ]
    Path(CALIBRATION).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"written to {CALIBRATION}")
    return 0


def _kept_section(previous: dict[str, Any], name: str, players: int) -> list[str]:
    """A configuration's fit as the file held it (not refitted this run)."""
    kept = previous.get(name, {}).get(str(players))
    if kept is None:
        return []
    return ["", f"[{name}.{players}]"] + [
        f"{key} = {value:.4f}" if isinstance(value, float) else f"{key} = {value}"
        for key, value in kept.items()
    ]


if __name__ == "__main__":
    sys.exit(main(sys.argv))
