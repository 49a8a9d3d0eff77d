"""The web table under load, runnable on its own: ``python benchmarks/load.py [options]``.

The same as ``monolith bench-server`` with the same options (``--matches 1,20,100``,
``--seconds``, ``--mode http,socket``, ``--peer bgio``, ``--json``, ...; see ``--help``): the
measuring lives in :mod:`monolith.load.bench_server`, so both report the same numbers. It starts
the server itself, on a fresh SQLite file in a temporary folder unless ``--database-url`` says
otherwise.
"""

from __future__ import annotations

import sys

from monolith.cli.main import app


def main(argv: list[str]) -> None:
    app(["bench-server", *argv[1:]], prog_name="load.py")


if __name__ == "__main__":
    main(sys.argv)
