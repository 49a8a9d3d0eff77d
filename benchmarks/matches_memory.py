"""Memory of a server that has been asked about many matches (issue 22: "bounded memory with
10,000 matches read").

Writes 10,000 running The Monolith matches between people straight into a fresh SQLite file (as a
long-lived server would have gathered them), starts ``monolith serve`` on it, asks anonymously for
each match's state once, and reads the server's resident memory (``VmRSS``) before and after. Two
servers in one run: the default (``MONOLITH_MATCHES_IN_MEMORY=2000``) and one that keeps every match
(the behaviour before the limit). Run:

    .venv/bin/python benchmarks/matches_memory.py --matches 10000
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
from rich.console import Console
from rich.progress import Progress

from monolith.load.bench_waits import store_filler

GAME = "the-monolith"


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


@contextlib.contextmanager
def serve(url: str, port: int, keep: int, log: Path) -> Iterator[subprocess.Popen[bytes]]:
    env = {**os.environ, "MONOLITH_MATCHES_IN_MEMORY": str(keep), "MONOLITH_RATE_LIMITS": "off"}
    command = [str(Path(sys.executable).parent / "monolith"), "serve", "--port", str(port)]
    with log.open("w") as out:
        process = subprocess.Popen(
            [*command, "--database-url", url], env=env, stdout=out, stderr=subprocess.STDOUT
        )
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).is_success:
                        break
                time.sleep(0.2)
            yield process
        finally:
            process.terminate()
            process.wait(30)


async def read_all(port: int, ids: list[str], progress: Progress, label: str) -> None:
    task = progress.add_task(label, total=len(ids))
    limits = httpx.Limits(max_connections=8)
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", limits=limits) as client:
        queue = list(ids)

        async def worker() -> None:
            while queue:
                match_id = queue.pop()
                answer = await client.get(f"/api/matches/{match_id}/state?legal=ids", timeout=60)
                answer.raise_for_status()
                progress.advance(task)

        await asyncio.gather(*(worker() for _ in range(8)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=10_000)
    options = parser.parse_args()
    console = Console(stderr=True)
    results: list[dict[str, object]] = []
    with tempfile.TemporaryDirectory() as folder, Progress(console=console) as progress:
        for label, keep in (("bounded (2,000)", 2000), ("every match kept", 10**9)):
            url = f"sqlite:///{Path(folder) / f'{keep}.sqlite3'}"
            ids = store_filler(url, options.matches, game=GAME, players=3, running_every=1)[
                "running"
            ]
            port = 18000 + len(results)
            with serve(url, port, keep, Path(folder) / f"{keep}.log") as process:
                before = rss_mb(process.pid)
                asyncio.run(read_all(port, ids, progress, label))
                after = rss_mb(process.pid)
            results.append(
                {
                    "server": label,
                    "matches_read": len(ids),
                    "rss_before_mb": round(before, 1),
                    "rss_after_mb": round(after, 1),
                    "grew_mb": round(after - before, 1),
                }
            )
    print(json.dumps(results, indent=2))


if __name__ == "__main__":
    main()
