"""``benchmarks/fit_judgement.py``: the fit behind The Monolith's hard-level judgement recovers
known weights, keeps every weight at zero or above, and runs end to end on real games."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import numpy as np

from monolith.games.the_monolith.heuristic import JUDGEMENT_FILE

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "benchmarks" / "fit_judgement.py"


def _script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("fit_judgement", SCRIPT)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _winners(z: np.ndarray, theta: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    u = z @ theta
    chance = np.exp(u - u.max(axis=1, keepdims=True))
    chance /= chance.sum(axis=1, keepdims=True)
    return np.array([rng.choice(len(row), p=row) for row in chance])


def test_the_fit_recovers_known_weights_and_holds_a_harmful_one_at_zero() -> None:
    fit = _script()
    rng = np.random.default_rng(4)
    parts = rng.uniform(0, 4, size=(6000, 4, 3))  # positions, seats, parts
    at = rng.uniform(0, 1, size=6000)
    z = fit.design(parts, at)
    truth = np.array([0.1, 0.8, 0.0, 0.9, 0.3, 0.5])  # each part at the start, then at the end
    found = fit.fit(z, _winners(z, truth, rng), 1.0)
    assert np.abs(found - truth).max() < 0.12, found
    harmful = np.array([0.4, -0.6, 0.2, 0.4, -0.6, 0.2])  # the second part loses games
    held = fit.fit(z, _winners(z, harmful, rng), 1.0)
    assert (held >= 0).all() and held[1] == 0 and held[4] == 0, held
    assert held[0] > 0.2 and held[3] > 0.2


def test_a_dry_run_plays_fits_and_reports_without_writing(tmp_path: Path) -> None:
    before = JUDGEMENT_FILE.read_bytes()
    samples = tmp_path / "samples.jsonl"
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "6", "--workers", "1", "--samples",
         str(samples), "--dry-run"],
        capture_output=True, text=True, timeout=600, check=False,
        env={"PYTHONPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin", "COLUMNS": "200"},
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert len(samples.read_text().splitlines()) == 6
    for row in ("every seat alike", "default (its worth", "parts fitted", "favor", "warriors"):
        assert row in run.stdout, run.stdout
    assert JUDGEMENT_FILE.read_bytes() == before
