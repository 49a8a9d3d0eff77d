"""How long ``monolith --help`` takes: ``python benchmarks/cli_startup.py [runs]``.

Each run starts a fresh interpreter, as a shell does. The reference, measured in the same run, is
the least any command line on Typer can cost: an interpreter that imports ``typer`` and
``rich.console`` and does nothing. The target is 0.3 s on the 2-core machine (it was 0.85-1.1 s
when importing the command line also imported the charts, engines and harness); the ratio to the
reference says what our own imports add, whatever the machine's speed.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time

HELP = [sys.executable, "-c", "from monolith.cli.main import app; app(['--help'])"]
REFERENCE = [sys.executable, "-c", "import typer, rich.console"]


def seconds(command: list[str]) -> float:
    """Wall-clock seconds of one run of ``command``, output discarded."""
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - started


def main(argv: list[str]) -> int:
    runs = int(argv[1]) if len(argv) > 1 else 7
    help_times, reference_times = [], []
    for _ in range(runs):  # interleaved, so a busy moment weighs on both alike
        help_times.append(seconds(HELP))
        reference_times.append(seconds(REFERENCE))
    help_median = statistics.median(help_times)
    reference_median = statistics.median(reference_times)
    report = {
        "runs": runs,
        "help_median_seconds": round(help_median, 3),
        "reference_median_seconds": round(reference_median, 3),
        "ratio_to_reference": round(help_median / reference_median, 2),
        "target_seconds": 0.3,
    }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
