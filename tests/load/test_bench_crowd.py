"""``benchmarks/crowd.py`` (``monolith bench-crowd``): a crowd of sockets at one match of a real
server, beside a bare websockets server. Nothing here asserts a speed (shared, noisy machines):
only that every socket got its state and the move, on both servers, and that it is reported."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_small_crowd_is_measured_on_both_servers() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "crowd.py"), "--sockets", "40",
         "--repeats", "1", "--json", "--no-progress"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        timeout=300,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout)
    assert result["sockets"] == 40
    for key in ("connect_seconds", "fanout_seconds"):
        row = result[key]
        assert row["ours"] > 0 and row["reference"] > 0
        assert row["ratio"] == row["ours"] / row["reference"]
    (ours,), (reference,) = result["runs"]["ours"], result["runs"]["reference"]
    assert ours["sockets"] == reference["sockets"] == 40
    # The reference sends messages of the size of our spectator's state.
    assert abs(reference["state_bytes"] - ours["state_bytes"]) < 100 < ours["state_bytes"]


def test_a_bad_count_is_refused_before_anything_starts() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "crowd.py"), "--sockets", "0"],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        timeout=60,
    )
    assert done.returncode == 2
    said = re.sub(r"\x1b\[[0-9;]*m", "", done.stderr)  # Rich may colour it
    assert "Invalid value for '--sockets'" in said and "greater than or equal to 1" in said
