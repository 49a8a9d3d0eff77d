"""Fit The Monolith's hard-level judgement: ``python benchmarks/fit_judgement.py [--games N]
[--bot greedy] [--workers W] [--samples FILE] [--players 4]``.

The default judgement (``heuristic.evaluate``) adds a position's parts with weights chosen by hand
and calls a lead over the best rival a win; the coach found its values far too sure (positions
valued 0.93 were won about half the time, ``docs/coach.md``). This script plays self-play games,
every seat the same bot (``--bot``: ``greedy``, fast, or an ISMCTS level), keeps one position in
six (drawn at random) and who won, and
fits the weights of the heuristic's parts (``heuristic.PARTS``, each at the game's start and at its
end, in between by progress) so that a softmax over the seats' weighed parts predicts the winner:
a conditional logit, fitted by Newton's method with an L2 penalty chosen by cross-validation over
whole games, no weight below zero (a weight the fit would make negative is held at zero, and the
rest refitted: having more of a part never counts against a seat).
It prints, on games held out, how well the fit and the default judgement (its worth, with its
own fitted temperature) predict the winner, and writes the weights to
``src/monolith/games/the_monolith/judgement.toml`` (``--dry-run`` only prints). Games are kept in
the samples file (default ``judgement-samples.jsonl``): a rerun plays only the games still missing,
and fits to every game kept for the player count, whichever bot played it. ``--duel N`` then
plays N games of one greedy bot judging by the weights written against greedy bots judging by the
default, seats rotated, and prints how often it won.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor, as_completed
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, cast

import numpy as np
from numpy.typing import NDArray
from rich.console import Console
from rich.progress import Progress
from rich.table import Table

from monolith.bots import decide, make_bot
from monolith.bots.arena import play_out, wilson_interval
from monolith.bots.greedy import Evaluate, GreedyBot
from monolith.games.the_monolith import GAME as THE_MONOLITH
from monolith.games.the_monolith import heuristic
from monolith.games.the_monolith.coach import progress

EVERY = 6
"""Keep one position in six: neighbouring positions say much the same."""
PENALTIES = (1.0, 10.0, 100.0, 1000.0)
FOLDS = 5


def play(job: tuple[str, int, int]) -> dict[str, Any]:
    """One self-play game: its kept positions (as JSON) and its final ranking."""
    bot, seed, players = job
    with contextlib.suppress(OSError):
        os.nice(10 - os.nice(0))
    game = THE_MONOLITH
    state = game.new_game(players=players, seed=seed)
    bots = [make_bot(bot, seed * 10 + seat) for seat in range(players)]
    keep = random.Random(seed)
    positions = []
    while not game.is_terminal(state):
        if keep.random() < 1 / EVERY:
            positions.append(game.state_to_json(state))
        seat = game.current_player(state)
        assert seat is not None
        state = game.apply(state, decide(bots[seat], game, state))
    return {
        "level": bot,
        "seed": seed,
        "players": players,
        "rank": list(game.ranking(state)),
        "favor": list(state.favor),
        "positions": positions,
    }


Data = tuple[NDArray[np.float64], NDArray[np.float64], NDArray[np.int64], NDArray[np.int64]]


def featurize(records: list[dict[str, Any]]) -> Data:
    """Per position: every seat's parts and the default worth (last column), the game's progress,
    the winner and the game's index (for folds)."""
    game = THE_MONOLITH
    rows, at, winners, games = [], [], [], []
    for index, record in enumerate(records):
        for data in record["positions"]:
            state = game.state_from_json(data)
            board = heuristic.snapshot(state, game.content)
            rows.append(
                [
                    [*heuristic.parts(board, p), heuristic.worths(game, state)[p]]
                    for p in range(state.players)
                ]
            )
            at.append(progress(game, state))
            winners.append(record["rank"][0])
            games.append(index)
    return np.array(rows), np.array(at), np.array(winners), np.array(games)


def design(parts: NDArray[np.float64], at: NDArray[np.float64]) -> NDArray[np.float64]:
    """Each column twice, weighed towards the start and towards the end: its weight at progress
    ``t`` is ``(1 - t) * start + t * end``."""
    t = at[:, None, None]
    return np.concatenate([parts * (1 - t), parts * t], axis=2)


def fit(z: NDArray[np.float64], won: NDArray[np.int64], penalty: float) -> NDArray[np.float64]:
    """The weights, none below zero: fitted freely, then those that came out negative held at
    zero and the others fitted again, until none is negative."""
    free = np.ones(z.shape[2], dtype=bool)
    while True:
        theta = np.zeros(z.shape[2])
        theta[free] = _newton(z[:, :, free], won, penalty)
        if (theta >= 0).all():
            return theta
        free &= theta > 0


def _newton(z: NDArray[np.float64], won: NDArray[np.int64], penalty: float) -> NDArray[np.float64]:
    """The conditional logit's weights, by Newton's method (the log-likelihood is concave)."""
    n, _, width = z.shape
    theta = np.zeros(width)
    for _ in range(100):
        chance = softmax(z @ theta)
        mean = (chance[:, :, None] * z).sum(axis=1)
        gradient = (z[np.arange(n), won] - mean).sum(axis=0) - penalty * theta
        hessian = np.einsum("ns,nsf,nsg->fg", chance, z, z) - mean.T @ mean
        step = np.linalg.solve(hessian + penalty * np.eye(width), gradient)
        theta += step
        if np.abs(step).max() < 1e-9:
            break
    return theta


def softmax(u: NDArray[np.float64]) -> NDArray[np.float64]:
    e = np.exp(u - u.max(axis=1, keepdims=True))
    chance: NDArray[np.float64] = e / e.sum(axis=1, keepdims=True)
    return chance


def scores(
    z: NDArray[np.float64], won: NDArray[np.int64], theta: NDArray[np.float64]
) -> tuple[float, float]:
    """Log-loss of the winner and Brier score (per seat) of the predicted chances."""
    chance = softmax(z @ theta)
    n, seats = chance.shape
    truth = np.zeros_like(chance)
    truth[np.arange(n), won] = 1
    picked = np.clip(chance[np.arange(n), won], 1e-12, 1)
    return float(-np.log(picked).mean()), float(((chance - truth) ** 2).sum() / (n * seats))


def cross_validate(
    z: NDArray[np.float64], won: NDArray[np.int64], games: NDArray[np.int64], penalty: float
) -> tuple[float, float]:
    """Scores on whole games held out, ``FOLDS`` ways."""
    ids = np.unique(games)
    total = np.zeros(2)
    for fold in range(FOLDS):
        held = np.isin(games, ids[fold::FOLDS])
        theta = fit(z[~held], won[~held], penalty)
        total += np.array(scores(z[held], won[held], theta)) * held.sum()
    loss, brier = total / len(won)
    return float(loss), float(brier)


def duel_game(index: int) -> bool:
    """One game of a greedy bot judging by the fitted weights (seat ``index % 4``) against greedy
    bots judging by the default: whether it won."""
    with contextlib.suppress(OSError):
        os.nice(10 - os.nice(0))
    game = THE_MONOLITH
    fitted_judgement = cast(Evaluate, heuristic.plan_evaluate)
    state = game.new_game(players=4, seed=90000 + index // 4)
    fitted = index % 4
    bots = {
        seat: GreedyBot(1000 * index + seat, evaluate=fitted_judgement if seat == fitted else None)
        for seat in range(4)
    }
    final, _ = play_out(game, state, bots)
    return game.ranking(final)[0] == fitted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=800, help="self-play games of --bot in all")
    parser.add_argument("--bot", default="greedy", help="the bot at every seat")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--samples", type=Path, default=Path("judgement-samples.jsonl"))
    parser.add_argument("--first-seed", type=int, default=5000)
    parser.add_argument(
        "--check", type=Path, help="a samples file of other games to score the fit on, unfitted"
    )
    parser.add_argument("--dry-run", action="store_true", help="print the fit, write nothing")
    parser.add_argument("--duel", type=int, default=0, help="greedy games, fitted against default")
    args = parser.parse_args()
    console = Console()

    records = []
    if args.samples.exists():
        records = [json.loads(line) for line in args.samples.read_text().splitlines() if line]
    have = {r["seed"] for r in records if (r["players"], r["level"]) == (args.players, args.bot)}
    missing = [s for s in range(args.first_seed, args.first_seed + args.games) if s not in have]
    if missing:
        with (
            ProcessPoolExecutor(args.workers) as pool,
            args.samples.open("a") as out,
            Progress(console=console) as bar,
        ):
            task = bar.add_task(f"{args.bot}, {args.players} players", total=len(missing))
            jobs = [pool.submit(play, (args.bot, seed, args.players)) for seed in missing]
            for done in as_completed(jobs):
                record = done.result()
                out.write(json.dumps(record) + "\n")
                out.flush()
                records.append(record)
                bar.advance(task)
    records = [r for r in records if r["players"] == args.players]
    bots: dict[str, int] = {}
    for record in records:
        bots[record["level"]] = bots.get(record["level"], 0) + 1
    console.print(f"featurizing {sum(len(r['positions']) for r in records)} positions …")
    columns, at, won, games = featurize(records)
    parts = design(columns[:, :, :-1], at)
    worth = design(columns[:, :, -1:], at)

    table = Table(title=f"Predicting the winner, {len(records)} games held out {FOLDS} ways")
    for name in ("judgement", "L2 penalty", "log-loss", "Brier"):
        table.add_column(name)
    seats = args.players
    table.add_row(
        "none (every seat alike)", "", f"{np.log(seats):.4f}", f"{(seats - 1) / seats**2:.4f}"
    )
    base = cross_validate(worth, won, games, 1.0)
    table.add_row(
        "default (its worth, fitted temperature)", "1", f"{base[0]:.4f}", f"{base[1]:.4f}"
    )
    found = {penalty: cross_validate(parts, won, games, penalty) for penalty in PENALTIES}
    for penalty, (loss, brier) in found.items():
        table.add_row("parts fitted", f"{penalty:g}", f"{loss:.4f}", f"{brier:.4f}")
    penalty = min(found, key=lambda key: found[key][0])
    theta = fit(parts, won, penalty)
    if args.check:
        others = [json.loads(line) for line in args.check.read_text().splitlines() if line]
        others = [r for r in others if r["players"] == args.players]
        o_columns, o_at, o_won, _ = featurize(others)
        o_worth = design(o_columns[:, :, -1:], o_at)
        fitted = scores(design(o_columns[:, :, :-1], o_at), o_won, theta)
        default = scores(o_worth, o_won, fit(worth, won, 1.0))
        label = f"{args.check.name}: {len(others)} games"
        table.add_row(f"default, on {label}", "1", f"{default[0]:.4f}", f"{default[1]:.4f}")
        table.add_row(
            f"parts fitted, on {label}", f"{penalty:g}", f"{fitted[0]:.4f}", f"{fitted[1]:.4f}"
        )
    console.print(table)
    width = len(heuristic.PARTS)
    weights = Table(title=f"Weights (L2 {penalty:g}), at the start and at the end")
    for name in ("part", "start", "end"):
        weights.add_column(name)
    for i, name in enumerate(heuristic.PARTS):
        weights.add_row(name, f"{theta[i]:+.4f}", f"{theta[width + i]:+.4f}")
    console.print(weights)
    if args.dry_run:
        return
    lines = [
        "# The Monolith's hard-level judgement: weights of heuristic.PARTS, each",
        "# [start, end] (in between by progress), so that a softmax over the seats' weighed parts",
        "# predicts the winner. Written by benchmarks/fit_judgement.py; rerun it after changing",
        "# the rules or the parts.",
        "",
        "[fit]",
        f'date = "{datetime.now(UTC).date().isoformat()}"',
        f"players = {args.players}",
        *(f"games_{bot.replace('-', '_')} = {n}" for bot, n in sorted(bots.items())),
        f"positions = {len(won)}",
        f"l2_penalty = {penalty:g}",
        f"held_out_log_loss = {found[penalty][0]:.4f}",
        f"held_out_brier = {found[penalty][1]:.4f}",
        f"default_log_loss = {base[0]:.4f}",
        f"default_brier = {base[1]:.4f}",
        "",
        "[weights]",
        *(
            f"{name} = [{theta[i]:.5f}, {theta[width + i]:.5f}]"
            for i, name in enumerate(heuristic.PARTS)
        ),
    ]
    heuristic.JUDGEMENT_FILE.write_text("\n".join(lines) + "\n", encoding="utf-8")
    heuristic.load_judgement()  # what was written reads back
    console.print(f"wrote {heuristic.JUDGEMENT_FILE}")
    if args.duel:  # fresh processes (spawned, not forked) read the weights just written
        spawn = multiprocessing.get_context("spawn")
        with (
            ProcessPoolExecutor(args.workers, mp_context=spawn) as pool,
            Progress(console=console) as bar,
        ):
            task = bar.add_task("greedy, fitted against default", total=args.duel)
            duel_wins = 0
            for result in pool.map(duel_game, range(args.duel)):
                duel_wins += result
                bar.advance(task)
        low, high = wilson_interval(duel_wins, args.duel)
        console.print(
            f"a greedy bot judging by the fit won {duel_wins} of {args.duel} four-player games"
            f" against three judging by the default ({duel_wins / args.duel:.1%}, 95% interval"
            f" {low:.1%}-{high:.1%}, fair share 25%)"
        )


if __name__ == "__main__":
    main()
