"""How long each lobby level takes to decide, per game: ``python benchmarks/level_times.py
[positions] [games...]``, from a checkout with ``PYTHONPATH=src``.

For every installed game (or the ones named), at the player count the lobby starts it with,
``positions`` (12) positions of greedy self-play are decided by each level in turn, easy first
(``bots/opponents.py``, ``PLAYER_LEVELS``); once a level's median passes half a second the
stronger ones are not tried. The medians are written to each game's ``decision_times.toml`` (in
its folder), which the lobby reads to propose the strongest level that is quick enough. Run it
on the machine that serves the games, as idle as it gets: a loaded machine measures slower bots.
"""

from __future__ import annotations

import os
import sys
from datetime import UTC, datetime

from rich.console import Console
from rich.progress import Progress, TaskID

from monolith.bots.opponents import (
    PLAYER_LEVELS,
    QUICK_ENOUGH,
    median_decision,
    sample_positions,
    times_file,
)
from monolith.games import registry


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 12
    games = {name: game for name, game in registry().items() if name in sys.argv[2:]} or registry()
    console = Console()
    with Progress(console=console) as progress:
        for name, game in games.items():
            players = game.info.default_players  # as the lobby starts it: two, or its fewest
            positions = sample_positions(game, players, count, seed=2026)
            lines = ["[median_seconds]"]
            for level, bot in PLAYER_LEVELS:
                task = progress.add_task(f"{name}: {level} ({bot})", total=len(positions))

                def advance(task: TaskID = task) -> None:
                    progress.advance(task)

                seconds = median_decision(game, bot, positions, on_decision=advance)
                lines.append(f'"{bot}" = {seconds:.4f}  # {level}')
                console.print(f"{name}, {level} ({bot}): median {seconds * 1000:.0f} ms")
                if seconds > QUICK_ENOUGH:
                    break
            load = os.getloadavg()[0]
            stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
            header = [
                "# Median seconds per decision of each lobby level in this game, "
                f"{players} players (read by",
                "# bots/opponents.py; written by benchmarks/level_times.py). A level slower than "
                "half a second",
                "# ends the list: the stronger ones are slower still and were not tried.",
                f'measured = "{stamp}, {count} positions per game, load average {load:.1f} on '
                f'{os.cpu_count()} cores"',
                "",
            ]
            path = times_file(game)
            path.write_text("\n".join(header + lines) + "\n", encoding="utf-8")
            console.print(f"written {path}")


if __name__ == "__main__":
    main()
