"""``monolith bench-waits``: requests beside the server's own work, each measure beside its
reference from the same run. Nothing here asserts a speed (shared, noisy machines): only that
every measure is taken, reported with its reference and ratio, and that a bad request is refused
before anything runs."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from monolith.cli.main import app
from monolith.load.bench_waits import MEASURES


def test_every_measure_is_reported_beside_its_reference() -> None:
    result = CliRunner().invoke(
        app,
        [
            "bench-waits",
            *("--filler", "200", "--samples", "3"),
            *("--coach-iterations", "16", "--bot", "ismcts-easy", "--json"),
        ],
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout.strip().splitlines()[-1])
    assert [row["name"] for row in rows] == list(MEASURES)
    for row in rows:
        assert 1 <= row["samples"] <= 3
        assert 0 < row["median_seconds"] <= row["worst_seconds"]
        assert 0 < row["reference_median_seconds"] <= row["reference_worst_seconds"]
        ratio = row["median_seconds"] / row["reference_median_seconds"]
        assert row["ratio"] == pytest.approx(ratio, rel=0.01, abs=0.002)


def test_an_unknown_measure_is_refused_before_anything_runs() -> None:
    result = CliRunner().invoke(app, ["bench-waits", "--measures", "startup,nap"])
    assert result.exit_code == 2
    assert "unknown measures nap" in result.output
