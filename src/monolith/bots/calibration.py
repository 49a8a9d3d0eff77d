"""Monolyth's solo ratings, calibrated against the bots (the ruling in the design page).

The four tiers are apprentice, mason, architect and master builder, each from a minimum score
(``content/tokens.toml``). They are set from measured score distributions so that:

- random play's median lands in apprentice,
- the greedy bot's median in mason,
- the default ISMCTS's median in architect,
- and the strongest bot reaches master builder in at most one game in four.

:func:`proposed_minimums` derives the minimums from measured scores; :func:`ruling_problems` checks
any minimums against them (the test suite checks ``tokens.toml`` against the stored measurement).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Mapping, Sequence

from monolith.bots import arena

TIERS = ("apprentice", "mason", "architect", "master builder")
MEDIAN_BOTS = {"random": "apprentice", "greedy": "mason", "ismcts": "architect"}
"""Whose median score must land in which tier."""
STRONGEST = "ismcts-hard"
MASTER_SHARE = 0.25
"""The strongest bot reaches master builder in at most this share of its games."""


def solo_scores(bot: str, games: int, seed: int, *, workers: int = 1) -> list[float]:
    """The final scores of ``games`` solo games of ``bot``, each fixed by ``seed`` and its index."""
    results = arena.run(arena.schedule("monolyth", [bot], games, seed), workers=workers)
    return [r.scores[0] for r in results]


def tier_of(score: float, minimums: Sequence[tuple[int, str]]) -> str:
    """The highest tier whose minimum ``score`` reaches (``minimums`` lowest first)."""
    title = minimums[0][1]
    for minimum, name in minimums:
        if score >= minimum:
            title = name
    return title


def master_share(scores: Sequence[float], minimum: int) -> float:
    """The share of ``scores`` at or above ``minimum``."""
    return sum(score >= minimum for score in scores) / len(scores)


def proposed_minimums(scores: Mapping[str, Sequence[float]]) -> list[tuple[int, str]]:
    """Tier minimums from measured scores: each boundary halfway between the medians on either
    side (rounded up), and master builder at the lowest score that the strongest bot reaches in
    at most one game in four (and above the default ISMCTS's median)."""
    medians = {bot: statistics.median(scores[bot]) for bot in MEDIAN_BOTS}
    mason = math.floor((medians["random"] + medians["greedy"]) / 2) + 1
    architect = math.floor((medians["greedy"] + medians["ismcts"]) / 2) + 1
    master = math.floor(medians["ismcts"]) + 1
    while master_share(scores[STRONGEST], master) > MASTER_SHARE:
        master += 1
    return [(0, TIERS[0]), (mason, TIERS[1]), (architect, TIERS[2]), (master, TIERS[3])]


def ruling_problems(
    minimums: Sequence[tuple[int, str]], scores: Mapping[str, Sequence[float]]
) -> list[str]:
    """What in ``minimums`` breaks the ruling on ``scores``; empty when it holds."""
    problems = []
    if [title for _, title in minimums] != list(TIERS):
        problems.append(f"the tiers must be {', '.join(TIERS)}")
        return problems
    for bot, tier in MEDIAN_BOTS.items():
        median = statistics.median(scores[bot])
        landed = tier_of(median, minimums)
        if landed != tier:
            problems.append(f"{bot}'s median {median:g} lands in {landed}, not {tier}")
    share = master_share(scores[STRONGEST], minimums[-1][0])
    if share > MASTER_SHARE:
        problems.append(
            f"{STRONGEST} reaches master builder in {share:.0%} of its games, more than one in four"
        )
    return problems
