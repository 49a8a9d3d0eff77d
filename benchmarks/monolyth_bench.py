"""Monolyth benchmark, runnable on its own: ``python benchmarks/monolyth_bench.py [games]``.

The measuring lives in :mod:`monolith.cli.bench` so that ``monolith bench monolyth`` and this
script report the same numbers: random games per second, and the median cost of one legal-move
generation beside the naive ``placements()`` reference on the same positions.
"""

from __future__ import annotations

import json
import sys

from monolith.cli.bench import bench


def main(argv: list[str]) -> int:
    games = int(argv[1]) if len(argv) > 1 else 200
    result = bench(game="monolyth", games=games, positions=200)
    print(json.dumps(result.to_json(), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
