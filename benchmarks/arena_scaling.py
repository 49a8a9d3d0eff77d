"""Arena scaling, runnable on its own: ``python benchmarks/arena_scaling.py [games] [workers]``.

Plays one tournament schedule on one worker and then on several, and prints games per second for
each and the speed-up (the same as ``monolith bench-arena monolyth --bots greedy,greedy``).
"""

from __future__ import annotations

import json
import sys

from monolith.design.tournament import arena_scaling


def main(argv: list[str]) -> int:
    games = int(argv[1]) if len(argv) > 1 else 40
    workers = int(argv[2]) if len(argv) > 2 else 2
    result = arena_scaling(game="monolyth", bots="greedy,greedy", games=games, workers=workers)
    print(json.dumps(result.to_json(), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
