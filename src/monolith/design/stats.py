"""The statistics of the balance reports, in plain Python (no SciPy needed at run time).

Shares get 95% Wilson intervals and are tested against a fair share with an exact binomial test
(one share) or a chi-square goodness-of-fit test (every seat at once); two settings are compared
with a chi-square test of the table setting x outcome, Newcombe's interval for a difference of two
shares, a Mann-Whitney test for scores and lengths and a seeded bootstrap interval for a difference
of means. ``tests/design/test_designer_stats.py`` checks each against values computed once with
SciPy.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from monolith.bots.arena import wilson_interval

__all__ = [
    "FEW",
    "Test",
    "binomial_test",
    "bootstrap_mean_difference",
    "chi2_sf",
    "chi_square_fair",
    "chi_square_table",
    "mann_whitney",
    "newcombe_interval",
    "share_difference",
    "wilson_interval",
]

FEW = 30
"""Rows resting on fewer games than this are greyed: their interval is wide and the
approximations behind the chi-square p-values are poor."""


@dataclass(frozen=True)
class Test:
    """A test's outcome: its name (for the reader), its statistic, degrees of freedom, p-value."""

    name: str
    statistic: float
    df: int
    p: float

    def to_json(self) -> dict[str, object]:
        return {"test": self.name, "statistic": self.statistic, "df": self.df, "p": self.p}


def _upper_gamma_regularized(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a): by its series below a + 1, by its continued fraction above."""
    if x <= 0:
        return 1.0
    log_front = -x + a * math.log(x) - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        n = a
        while abs(term) > abs(total) * 1e-15:
            n += 1
            term *= x / n
            total += term
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def chi2_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for X chi-square distributed with ``df`` degrees of freedom."""
    if df < 1:
        return 1.0
    return _upper_gamma_regularized(df / 2, statistic / 2)


def chi_square_fair(counts: Sequence[int]) -> Test:
    """Goodness of fit of ``counts`` (wins per seat...) to equal shares."""
    total = sum(counts)
    k = len(counts)
    if total == 0 or k < 2:
        return Test("chi-square, equal shares", 0.0, max(0, k - 1), 1.0)
    expected = total / k
    statistic = sum((c - expected) ** 2 / expected for c in counts)
    return Test("chi-square, equal shares", statistic, k - 1, chi2_sf(statistic, k - 1))


def chi_square_table(rows: Sequence[Sequence[int]]) -> Test:
    """Pearson's chi-square test of independence of a table (rows: settings; columns: outcomes).

    Columns empty in every row are dropped; a table left with one column says nothing (p = 1).
    """
    columns = [j for j in range(len(rows[0])) if any(row[j] for row in rows)]
    table = [[row[j] for j in columns] for row in rows]
    total = sum(map(sum, table))
    df = (len(table) - 1) * (len(columns) - 1)
    if df < 1 or total == 0:
        return Test("chi-square, table", 0.0, max(0, df), 1.0)
    row_sums = [sum(row) for row in table]
    column_sums = [sum(row[j] for row in table) for j in range(len(columns))]
    statistic = 0.0
    for i, row in enumerate(table):
        for j, observed in enumerate(row):
            expected = row_sums[i] * column_sums[j] / total
            if expected > 0:
                statistic += (observed - expected) ** 2 / expected
    return Test("chi-square, table", statistic, df, chi2_sf(statistic, df))


def _log_binomial_pmf(k: int, n: int, p: float) -> float:
    if p in (0.0, 1.0):
        return 0.0 if k == (n if p == 1.0 else 0) else -math.inf
    return (
        math.lgamma(n + 1)
        - math.lgamma(k + 1)
        - math.lgamma(n - k + 1)
        + k * math.log(p)
        + (n - k) * math.log1p(-p)
    )


def binomial_test(k: int, n: int, p: float) -> Test:
    """Exact two-sided binomial test of ``k`` successes in ``n`` against a share ``p``: the
    chance of an outcome no more likely than the one seen (as SciPy's ``binomtest``)."""
    if n == 0:
        return Test("exact binomial", float(k), 0, 1.0)
    seen = _log_binomial_pmf(k, n, p)
    cutoff = seen + math.log1p(1e-7)
    total = sum(
        math.exp(_log_binomial_pmf(i, n, p))
        for i in range(n + 1)
        if _log_binomial_pmf(i, n, p) <= cutoff
    )
    return Test("exact binomial", float(k), 0, min(1.0, total))


def newcombe_interval(a_wins: int, a_games: int, b_wins: int, b_games: int) -> tuple[float, float]:
    """95% interval of the difference of two shares, a − b (Newcombe's method from two Wilson
    intervals): sound for small counts and shares near 0 or 1."""
    p1 = a_wins / a_games if a_games else 0.0
    p2 = b_wins / b_games if b_games else 0.0
    l1, u1 = wilson_interval(a_wins, a_games)
    l2, u2 = wilson_interval(b_wins, b_games)
    d = p1 - p2
    return d - math.hypot(p1 - l1, u2 - p2), d + math.hypot(u1 - p1, p2 - l2)


def share_difference(a_wins: int, a_games: int, b_wins: int, b_games: int) -> Test:
    """The 2x2 chi-square test (no continuity correction) that two shares are equal."""
    return chi_square_table([[a_wins, a_games - a_wins], [b_wins, b_games - b_wins]])


def _ranks(values: Sequence[float]) -> tuple[list[float], list[int]]:
    """Mid-ranks (ties share their mean rank) and the sizes of the groups of ties."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    ties: list[int] = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        ties.append(j - i + 1)
        i = j + 1
    return ranks, ties


def mann_whitney(a: Sequence[float], b: Sequence[float]) -> Test:
    """Two-sided Mann-Whitney U test (normal approximation with tie and continuity corrections,
    as SciPy's ``mannwhitneyu(method="asymptotic")``): do values under a run higher or lower?"""
    n1, n2 = len(a), len(b)
    if n1 == 0 or n2 == 0:
        return Test("Mann-Whitney U", 0.0, 0, 1.0)
    ranks, ties = _ranks([*a, *b])
    u1 = sum(ranks[:n1]) - n1 * (n1 + 1) / 2
    n = n1 + n2
    tie_term = sum(t**3 - t for t in ties) / (n * (n - 1)) if n > 1 else 0.0
    variance = n1 * n2 / 12 * ((n + 1) - tie_term)
    if variance <= 0:
        return Test("Mann-Whitney U", u1, 0, 1.0)
    z = (abs(u1 - n1 * n2 / 2) - 0.5) / math.sqrt(variance)
    return Test("Mann-Whitney U", u1, 0, min(1.0, math.erfc(max(0.0, z) / math.sqrt(2))))


def bootstrap_mean_difference(
    a: Sequence[float], b: Sequence[float], *, seed: int, resamples: int = 2000
) -> tuple[float, float, float]:
    """The difference of means a − b and its 95% percentile bootstrap interval (seeded, so a
    report is the same every time it is made)."""
    difference = statistics.fmean(a) - statistics.fmean(b)
    rng = random.Random(seed)
    draws = sorted(
        statistics.fmean(rng.choices(a, k=len(a))) - statistics.fmean(rng.choices(b, k=len(b)))
        for _ in range(resamples)
    )
    return difference, draws[int(0.025 * resamples)], draws[int(0.975 * resamples) - 1]
