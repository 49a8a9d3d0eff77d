"""Calibrate Monolyth's solo ratings against the bots, and publish the measurement.

    PYTHONPATH=src python benchmarks/solo_calibration.py [--games random=200,greedy=200,...]
        [--seed 2026] [--workers 2] [--out docs]

Plays solo games of random, greedy, ismcts and ismcts-hard (iteration budgets only, every game
fixed by the seed, so a rerun gives the same scores on any machine), then writes
``docs/solo-ratings.json`` (every score, with the games, seeds, medians and the minimums derived
from them) and ``docs/images/solo-ratings.png`` (the score distributions over the tier bands),
and prints the minimums for ``content/tokens.toml``. Bots already measured with the same games
and seed are kept from the JSON, so adding games to one bot replays only that bot.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from monolith.bots.calibration import (
    MASTER_SHARE,
    MEDIAN_BOTS,
    STRONGEST,
    master_share,
    proposed_minimums,
    ruling_problems,
    solo_scores,
)
from monolith.bots.ladder import configuration

BOTS = ("random", "greedy", "ismcts", STRONGEST)
GAMES = {"random": 200, "greedy": 200, "ismcts": 60, STRONGEST: 60}
BAND_COLOURS = ("#f2e8d5", "#dfe8f2", "#e2f0dc", "#f5dada")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="", help="bot=games pairs, comma-separated")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("docs"))
    args = parser.parse_args(argv[1:])
    games = dict(GAMES)
    for pair in filter(None, args.games.split(",")):
        bot, _, count = pair.partition("=")
        games[bot.strip()] = int(count)
    data_path = args.out / "solo-ratings.json"
    kept = json.loads(data_path.read_text())["bots"] if data_path.exists() else {}

    measured: dict[str, dict[str, Any]] = {}
    for bot in BOTS:
        old: dict[str, Any] = kept.get(bot) or {}
        wanted = {"games": games[bot], "seed": args.seed, "levels": configuration(bot, solo=True)}
        if all(old.get(key) == value for key, value in wanted.items()):
            measured[bot] = old
            continue
        started = time.perf_counter()
        played = solo_scores(bot, games[bot], args.seed, workers=args.workers)
        seconds = time.perf_counter() - started
        measured[bot] = _summary(bot, played, args.seed, seconds)
        print(f"{bot}: median {measured[bot]['median']:g} in {seconds:.0f} s", file=sys.stderr)
        kept[bot] = measured[bot]  # kept at once: a long run stopped half way loses one bot
        data_path.parent.mkdir(parents=True, exist_ok=True)
        data_path.write_text(json.dumps({"seed": args.seed, "bots": kept}, indent=1) + "\n")

    scores: dict[str, list[float]] = {bot: measured[bot]["scores"] for bot in BOTS}
    minimums = proposed_minimums(scores)
    problems = ruling_problems(minimums, scores)
    data = {
        "seed": args.seed,
        "minimums": [{"minimum": m, "title": t} for m, t in minimums],
        "master_share": master_share(scores[STRONGEST], minimums[-1][0]),
        "bots": measured,
    }
    data_path.write_text(json.dumps(data, indent=1) + "\n")
    image = args.out / "images" / "solo-ratings.png"
    image.parent.mkdir(parents=True, exist_ok=True)
    plot(image, scores, minimums)
    for minimum, title in minimums:
        print(f'[[solo_ratings]]\nminimum = {minimum}\ntitle = "{title}"\n')
    for problem in problems:
        print(f"ruling broken: {problem}", file=sys.stderr)
    return 1 if problems else 0


def _summary(bot: str, scores: list[float], seed: int, seconds: float) -> dict[str, Any]:
    quartiles = statistics.quantiles(scores, n=4)
    return {
        "games": len(scores),
        "seed": seed,
        "levels": configuration(bot, solo=True),
        "median": statistics.median(scores),
        "mean": round(statistics.fmean(scores), 2),
        "quartiles": [quartiles[0], quartiles[2]],
        "min": min(scores),
        "max": max(scores),
        "seconds": round(seconds, 1),
        "scores": scores,
    }


def plot(path: Path, scores: dict[str, list[float]], minimums: list[tuple[int, str]]) -> None:
    """One row of dots per bot (each game's score, jittered), its median marked, over the tier
    bands."""
    figure = Figure(figsize=(9, 4.5))
    axis = figure.subplots()
    top = max(max(s) for s in scores.values()) + 4
    edges = [m for m, _ in minimums] + [top]
    for k, (_, title) in enumerate(minimums):
        axis.axvspan(edges[k], edges[k + 1], color=BAND_COLOURS[k], zorder=0)
        axis.text((edges[k] + edges[k + 1]) / 2, len(BOTS) - 0.35, title, ha="center", fontsize=9)
    for row, bot in enumerate(BOTS):
        values = scores[bot]
        jitter = [((i * 0.6180339887) % 1 - 0.5) * 0.5 for i in range(len(values))]
        axis.scatter(values, [row + j for j in jitter], s=9, alpha=0.55, color="#335c99", zorder=2)
        median = statistics.median(values)
        axis.plot([median, median], [row - 0.3, row + 0.3], color="#b22222", linewidth=2.5)
    axis.set_yticks(range(len(BOTS)))
    axis.set_yticklabels([f"{bot}\n({len(scores[bot])} games)" for bot in BOTS], fontsize=8)
    axis.set_ylim(-0.6, len(BOTS) - 0.1)
    axis.set_xlim(0, top)
    axis.set_xlabel("solo score (red: median)")
    roles = ", ".join(f"{bot} median in {tier}" for bot, tier in MEDIAN_BOTS.items())
    axis.set_title(  # the ruling the tiers aim at; the dots show whether they meet it
        f"Monolyth solo scores over the rating tiers. The ruling:\n{roles};\n"
        f"{STRONGEST} reaches master builder in at most {MASTER_SHARE:.0%} of games",
        fontsize=9,
    )
    figure.tight_layout()
    figure.savefig(path, dpi=110)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
