"""A reference learning curve: a small policy-gradient agent (REINFORCE with a running-mean
baseline) learning solo Monolyth on the vectorised environment, numpy only.

The policy is a softmax over the legal actions of a linear score of each action's features,
read from the action layout (``monolith.rl.actions``): its block (place, swap, prophecy, pass),
the crystal step, for a placement its number of cubes and its lowest and highest level, how many
of its cubes stand in an outer wall, and for a prophecy its side and value. It sees no more of the
position than which actions are legal, so it learns a preference over kinds of moves, not a
plan: a floor for agents that read the observation. Run:
``python examples/policy_gradient.py [episodes] [--batch 256] [--seed 0] [--out curve.json]
[--plot curve.png]``; it prints the mean final score of each slice of episodes.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np
import numpy.typing as npt

from monolith.games.monolyth.vector import MonolythVector
from monolith.rl.actions import action_layout, monolyth_cell_sets

Floats = npt.NDArray[np.float64]

WALLS = sum(
    1 << (x + 4 * y + 16 * z)
    for z in range(4)
    for y in range(4)
    for x in range(4)
    if x in (0, 3) or y in (0, 3)
)
"""The cells of the four outer walls, where prophecies count cubes."""


def action_features() -> Floats:
    """Per action id, its features (see the module's docstring), ``[11669, F]``."""
    layout = action_layout("monolyth")
    sets = monolyth_cell_sets()
    rows = []
    for action_id in range(layout.num_actions):
        head = layout.decode(action_id)
        f = [0.0] * 24
        f[head.block_index] = 1.0
        if head.block in ("place", "swap"):
            step, where = head.values
            f[4 + step - 1] = 1.0
            cells = sets[where] if head.block == "place" else 1 << where
            levels = [c // 16 for c in range(64) if cells >> c & 1]
            f[8] = len(levels) / 4
            f[9 + min(levels)] = 1.0
            f[13 + max(levels)] = 1.0
            f[17] = (cells & WALLS).bit_count() / 4
        elif head.block == "prophecy":
            side, value = head.values
            f[18 + side] = 1.0
            f[22] = value / 12
        f[23] = 1.0  # a bias, for the baseline's sake of scale
        rows.append(f)
    return np.array(rows)


def train(episodes: int, batch: int, seed: int, lr: float = 0.01) -> list[dict[str, Any]]:
    """REINFORCE until ``episodes`` games have ended; the mean score of each slice of
    ``episodes // 40`` games, with the CPU seconds so far."""
    features = action_features()
    weights = np.zeros(features.shape[1])
    env = MonolythVector(batch, 1, seed=seed, reward="score")
    _, mask = env.reset()
    rng = np.random.default_rng(seed)
    grads = np.zeros((batch, features.shape[1]))  # each game's sum of grad log pi so far
    baseline, ended, scores = 0.0, 0, []
    curve: list[dict[str, Any]] = []
    slice_size = max(1, episodes // 40)
    start = time.process_time()
    rows = np.arange(batch)
    while ended < episodes:
        legal = np.flatnonzero(mask)
        row_of, ids = np.divmod(legal, mask.shape[1])
        starts = np.flatnonzero(np.diff(row_of, prepend=-1))
        phi = features[ids]
        logits = phi @ weights
        logits -= np.maximum.reduceat(logits, starts)[row_of]
        p = np.exp(logits)
        p /= np.add.reduceat(p, starts)[row_of]
        # sample by Gumbel-max within each row
        keys = logits + rng.gumbel(size=len(logits))
        best = np.maximum.reduceat(keys, starts)[row_of] == keys
        first = np.flatnonzero(best)
        chosen = first[np.flatnonzero(np.diff(row_of[first], prepend=-1))]
        actions = ids[chosen]
        expected = np.add.reduceat(p[:, None] * phi, starts, axis=0)
        grads += phi[chosen] - expected
        _, mask, rewards, terminated = env.step(actions)
        done = rows[terminated]
        for row in done.tolist():
            score = float(rewards[row, 0])
            weights += lr * (score - baseline) * grads[row] / 10
            baseline += 0.01 * (score - baseline)
            grads[row] = 0.0
            scores.append(score)
            ended += 1
            if len(scores) == slice_size:
                curve.append(
                    {
                        "episodes": ended,
                        "mean_score": float(np.mean(scores)),
                        "sd": float(np.std(scores)),
                        "cpu_seconds": time.process_time() - start,
                    }
                )
                print(f"{ended:7d} episodes: mean score {np.mean(scores):5.1f}", flush=True)
                scores = []
    return curve


def plot(curve: list[dict[str, Any]], path: str, references: dict[str, float]) -> None:
    """The curve as a figure, with horizontal lines for the baselines' mean scores."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4), dpi=110)
    x = [point["episodes"] for point in curve]
    y = np.array([point["mean_score"] for point in curve])
    ax.plot(x, y, color="#2a6f97", label="REINFORCE, linear over action features")
    for name, value in references.items():
        ax.axhline(value, linestyle="--", linewidth=1, color="#888888")
        ax.annotate(
            f"{name} {value:g}",
            (x[-1], value),
            textcoords="offset points",
            xytext=(-4, 3),
            ha="right",
            fontsize=8,
            color="#555555",
        )
    ax.set_xlabel("episodes (solo Monolyth games)")
    ax.set_ylabel("mean final score per slice")
    ax.set_title("A reference learning curve: solo Monolyth, MonolythVector")
    ax.legend(loc="center right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("episodes", type=int, nargs="?", default=2000)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", help="write the curve as JSON")
    parser.add_argument("--plot", help="draw the curve to this PNG")
    parser.add_argument(
        "--reference",
        action="append",
        default=[],
        metavar="NAME=SCORE",
        help="a baseline's mean score to draw as a line (repeatable)",
    )
    args = parser.parse_args()
    curve = train(args.episodes, args.batch, args.seed)
    if args.out:
        with open(args.out, "w", encoding="utf-8") as out:
            json.dump(curve, out, indent=1)
    if args.plot:
        references = {k: float(v) for k, v in (r.split("=", 1) for r in args.reference)}
        plot(curve, args.plot, references)


if __name__ == "__main__":
    main()
