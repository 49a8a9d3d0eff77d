"""The ``monolith`` command line: a registry of the commands, grouped by who uses them.

- players: ``serve`` (the browser table), ``play`` (the terminal), ``review`` (the coach on a
  finished game): :mod:`monolith.cli.serve`, :mod:`monolith.cli.players`;
- game designers: ``simulate``, ``analyze``, ``compare``, ``arena``, ``ladder``, and ``figures``
  (the docs' figures regenerated): :mod:`monolith.cli.designers`, the work in
  :mod:`monolith.design`;
- benchmarks: ``bench``, ``bench-arena``, ``bench-server``, ``bench-plot``, ``bench-crowd``,
  ``bench-bots``, ``bench-waits``: :mod:`monolith.cli.benchmarks`, the load harness in
  :mod:`monolith.load`.

Each command only parses options, calls a plain function with keyword arguments and prints its
result, so the same work is callable from Python and tests; mistakes in the request print one line
and exit with status 2. The commands import what they use when they run: ``monolith --help``
loads no game, bot, server or chart (``tests/cli/test_cli_layout.py`` checks it).
"""

from __future__ import annotations

from collections.abc import Callable

import typer

from monolith.cli import benchmarks, designers, players
from monolith.cli.common import BENCHMARKS, DESIGNERS, PLAYERS, flowed
from monolith.cli.serve import serve

app = typer.Typer(
    name="monolith",
    help="Monolyth and The Monolith: the browser table, terminal play, bots, tournaments.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

COMMANDS: dict[str, dict[str, Callable[..., None]]] = {
    PLAYERS: {"serve": serve, "play": players.play, "review": players.review},
    DESIGNERS: {
        "simulate": designers.simulate,
        "analyze": designers.analyze,
        "compare": designers.compare,
        "arena": designers.arena,
        "ladder": designers.ladder,
        "figures": designers.figures,
    },
    BENCHMARKS: {
        "bench": benchmarks.bench,
        "bench-arena": benchmarks.bench_arena,
        "bench-server": benchmarks.bench_server,
        "bench-plot": benchmarks.bench_plot,
        "bench-crowd": benchmarks.bench_crowd,
        "bench-bots": benchmarks.bench_bots,
        "bench-waits": benchmarks.bench_waits,
    },
}
"""Every command by its panel in ``monolith --help``, in the order listed there."""

for _panel, _commands in COMMANDS.items():
    for _name, _callback in _commands.items():
        app.command(
            _name,
            help=flowed(_callback.__doc__ or ""),
            rich_help_panel=_panel,
        )(_callback)
