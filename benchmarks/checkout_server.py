"""Run another checkout's server under today's load generator: ``python
benchmarks/checkout_server.py <uvicorn arguments>`` with ``MONOLITH_SERVER_SRC`` naming that
checkout's ``src`` folder.

Meant as ``monolith bench-server --launcher benchmarks/checkout_server.py``, to measure an older
server (say ``git worktree add /tmp/before <commit>``) with the same players, minutes apart from
the current one on the same machine: before/after comparisons that do not mix in changes of the
load generator. The older server answers what it knows of the API (an unknown ``?since=`` or
``labels=indexed`` is ignored: it sends whole logs or labels inline, as it did for the browser of
its time; it may not take decisions on its socket, so ``--mode socket-moves`` needs a newer one;
a checkout with ``server/protocol.py`` (before the transports had a folder of their own) runs the
protocol from there, and one with neither runs its own ``HeaderTimeoutProtocol``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def main(argv: list[str]) -> None:
    source = os.environ.get("MONOLITH_SERVER_SRC")
    if not source or not (Path(source) / "monolith" / "server" / "app.py").is_file():
        raise SystemExit("MONOLITH_SERVER_SRC must name a checkout's src folder (with monolith/)")
    sys.path.insert(0, str(Path(source).resolve()))
    import uvicorn

    server = Path(source) / "monolith" / "server"
    ours = "monolith.server.transports.protocol:TableProtocol"
    if not (server / "transports" / "protocol.py").is_file():
        if (server / "protocol.py").is_file():
            # a checkout from before the transports' folder: the same protocol, a module higher
            theirs = "monolith.server.protocol:TableProtocol"
        else:
            # a checkout from before the protocol answered moves itself: its own HTTP protocol
            theirs = "monolith.server.timeouts:HeaderTimeoutProtocol"
        argv = [theirs if a == ours else a for a in argv]

    uvicorn.main.main(args=argv, prog_name="uvicorn", standalone_mode=False)


if __name__ == "__main__":
    main(sys.argv[1:])
