"""Bots deciding on a Ray cluster (``monolith serve --compute ray``): ten matches of searching
bots play to the end through a local cluster this test starts, one of its workers killed while
it decides."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from dataclasses import replace
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from monolith.server.app import create_app
from monolith.server.settings import Settings
from tests.server.conftest import master_of

pytest.importorskip("ray")


def ray_task_workers() -> list[int]:
    """Ray worker processes running one of our tasks now (their titles name the task)."""
    found = subprocess.run(["pgrep", "-f", "ray::_call"], capture_output=True, text=True)
    return [int(pid) for pid in found.stdout.split()]


def test_bots_of_ten_matches_finish_on_a_ray_cluster_that_loses_a_worker(
    tmp_path: Path,
) -> None:
    settings = Settings(
        database_url=f"sqlite:///{tmp_path / 'ray.sqlite3'}",
        rate_limits=False,
        compute="ray",
        compute_workers=2,
        bot_quota="",
        decision_seconds=1.0,
    )
    body = {
        "game": "monolyth",
        "players": 2,
        "seats": [{"kind": "bot", "bot": "ismcts", "level": "easy"}] * 2,
    }
    with TestClient(create_app(settings)) as client:
        matches = [client.post("/api/matches", json=body).json()["match_id"] for _ in range(10)]
        master = master_of(client)
        deadline = time.monotonic() + 60
        killed = None
        while killed is None and time.monotonic() < deadline:
            workers = ray_task_workers()
            if workers:
                killed = workers[0]
                os.kill(killed, signal.SIGKILL)
            else:
                time.sleep(0.05)
        assert killed is not None, "no Ray worker was seen deciding"
        deadline = time.monotonic() + 600
        while time.monotonic() < deadline:
            states = [client.get(f"/api/matches/{m}/state").json() for m in matches]
            if all(state["status"] == "finished" for state in states):
                break
            time.sleep(0.5)
        assert [s["status"] for s in states] == ["finished"] * 10
        counts = master.compute.counts
        assert sum(counts.done.values()) > 100, "the bots' decisions went through the service"
        assert counts.failed == 0
        by_bot = [entry["by_bot"] for s in states for entry in s["log"]]
        assert all(by_bot)


def test_compute_names_where_it_runs() -> None:
    import asyncio

    from monolith.compute import start_compute

    with pytest.raises(ValueError, match="local"):
        asyncio.run(start_compute("kubernetes"))
    assert replace(Settings(), compute="ray").compute == "ray"
