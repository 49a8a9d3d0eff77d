"""The report statistics against known values: textbook tables and values computed once with SciPy
1.17 (``scipy.stats``), so the reports need no SciPy at run time."""

from __future__ import annotations

import pytest

from monolith.design import stats


@pytest.mark.parametrize(
    ("statistic", "df", "p"),
    [
        (3.84, 1, 0.05004352124870519),  # the textbook 5% critical value, df 1
        (11.07, 5, 0.050009618622405425),  # and df 5
        (0.5, 3, 0.9188914116546758),
        (40.0, 2, 2.0611536224385566e-09),
    ],
)
def test_chi_square_tail_matches_the_tables(statistic: float, df: int, p: float) -> None:
    assert stats.chi2_sf(statistic, df) == pytest.approx(p, rel=1e-9)


def test_equal_shares_test_matches_scipy_chisquare() -> None:
    test = stats.chi_square_fair([40, 35, 25])
    assert (test.statistic, test.df) == (3.5, 2)
    assert test.p == pytest.approx(0.1737739434504451, rel=1e-9)


@pytest.mark.parametrize(
    ("k", "n", "share", "p"),
    [(60, 100, 0.5, 0.05688793364098089), (0, 10, 0.25, 0.07604122161865237), (7, 20, 1 / 3, 1.0)],
)
def test_exact_binomial_matches_scipy_binomtest(k: int, n: int, share: float, p: float) -> None:
    assert stats.binomial_test(k, n, share).p == pytest.approx(p, rel=1e-9)


def test_table_test_matches_scipy_chi2_contingency() -> None:
    test = stats.chi_square_table([[40, 35, 25], [30, 30, 40]])
    assert test.statistic == pytest.approx(5.2747252747252755, rel=1e-12)
    assert test.df == 2
    assert test.p == pytest.approx(0.07154972350393342, rel=1e-9)
    two = stats.share_difference(30, 100, 45, 100)
    assert two.statistic == pytest.approx(4.8)
    assert two.df == 1
    assert two.p == pytest.approx(0.028459736916310638, rel=1e-9)
    # an outcome nobody reached is no evidence either way
    assert stats.chi_square_table([[5, 0], [7, 0]]).p == 1.0


def test_newcombe_interval_matches_his_worked_example() -> None:
    # Newcombe (1998), Statistics in Medicine 17:873, example (a): 56/70 - 48/80, method 10
    low, high = stats.newcombe_interval(56, 70, 48, 80)
    assert low == pytest.approx(0.0524, abs=1e-4)
    assert high == pytest.approx(0.3339, abs=1e-4)


def test_mann_whitney_matches_scipy_with_ties() -> None:
    a = [1, 2, 3, 3, 5, 8, 9, 12, 12, 15]
    b = [4, 4, 6, 7, 10, 11, 13, 14, 16, 20, 21]
    test = stats.mann_whitney(a, b)
    assert test.statistic == 30.0
    assert test.p == pytest.approx(0.08418186641866979, rel=1e-9)
    assert stats.mann_whitney([1, 1], [1, 1]).p == 1.0


def test_bootstrap_is_seeded_and_brackets_the_difference() -> None:
    a = [1.0, 2, 3, 3, 5, 8, 9, 12, 12, 15]
    b = [4.0, 4, 6, 7, 10, 11, 13, 14, 16, 20, 21]
    difference, low, high = stats.bootstrap_mean_difference(a, b, seed=1)
    assert difference == pytest.approx(7.0 - 126 / 11)
    assert low < difference < high
    assert stats.bootstrap_mean_difference(a, b, seed=1) == (difference, low, high)
    assert stats.bootstrap_mean_difference(a, b, seed=2) != (difference, low, high)
