"""Runs the Node tests of the pages' state parts (``tests/js/*.test.mjs``: the selection and the
plan of each game's table, on payloads saved from a real server) inside ``make test``."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from tests.needs import missing

HERE = Path(__file__).resolve().parent


def test_the_pages_state_parts_pass_under_node() -> None:
    node = shutil.which("node")
    if node is None:  # pragma: no cover - depends on the machine
        missing("the pages' state tests need Node.js (Debian's nodejs, scripts/system-deps.sh)")
    assert node is not None
    files = sorted(HERE.glob("*.test.mjs"))
    assert files, "no Node test found"
    # The files by name, not the folder: Node 18 (Debian's) and Node 22 read a folder differently.
    run = subprocess.run(
        [node, "--test", *map(str, files)], capture_output=True, text=True, timeout=300, cwd=HERE
    )
    report = run.stdout + run.stderr
    assert run.returncode == 0, report[-6000:]
    passed = re.search(r"^# pass (\d+)$", report, re.M)
    assert passed and int(passed.group(1)) > 0, report[-2000:]
    assert re.search(r"^# fail 0$", report, re.M), report[-2000:]
