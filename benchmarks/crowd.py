"""A crowd at one table, runnable on its own: ``python benchmarks/crowd.py [--sockets 500]``.

The same as ``monolith bench-crowd``: N sockets connect to one match of our server and one move
reaches them all, beside a bare websockets server doing the same in the same run (the ratio is
what our table adds). The measuring lives in :mod:`monolith.load.bench_crowd`.
"""

from __future__ import annotations

import sys

from monolith.cli.main import app


def main(argv: list[str]) -> None:
    app(["bench-crowd", *argv[1:]], prog_name="crowd.py")


if __name__ == "__main__":
    main(sys.argv)
