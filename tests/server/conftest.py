"""Fixtures for the web table: an app in process per test, and real uvicorn servers."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import ClientConnection

from monolith.load.pgcluster import postgres_bin, throwaway_postgres
from monolith.server.app import create_app
from monolith.server.master import MatchMaster
from monolith.server.settings import Settings
from tests.needs import missing

ROOT = Path(__file__).resolve().parents[2]


class Table:
    """A thin client for the API, so tests read as what a player does."""

    def __init__(self, client: httpx.Client | TestClient) -> None:
        self.client = client

    def create(
        self,
        game: str = "monolyth",
        seats: tuple[str, ...] = ("human", "bot"),
        **extra: Any,
    ) -> str:
        body = {
            "game": game,
            "players": len(seats),
            "seats": [
                {"kind": "bot", "bot": "greedy"} if kind == "bot" else {"kind": "human"}
                for kind in seats
            ],
            **extra,
        }
        response = self.client.post("/api/matches", json=body)
        assert response.status_code == 201, response.text
        match_id: str = response.json()["match_id"]
        return match_id

    def join(self, match_id: str, seat: int, name: str = "Ada") -> str:
        response = self.client.post(
            f"/api/matches/{match_id}/seats/{seat}/join", json={"name": name}
        )
        assert response.status_code == 200, response.text
        token: str = response.json()["token"]
        return token

    def state(self, match_id: str, token: str | None = None) -> dict[str, Any]:
        response = self.client.get(f"/api/matches/{match_id}/state", headers=auth(token))
        assert response.status_code == 200, response.text
        state: dict[str, Any] = response.json()
        return state

    def act(
        self, match_id: str, token: str | None, body: Any, *, raw: bytes | None = None
    ) -> httpx.Response:
        if raw is not None:
            headers = {**auth(token), "Content-Type": "application/json"}
            return self.client.post(self.actions(match_id), content=raw, headers=headers)
        return self.client.post(self.actions(match_id), json=body, headers=auth(token))

    @staticmethod
    def actions(match_id: str) -> str:
        return f"/api/matches/{match_id}/actions"

    def wait(
        self,
        match_id: str,
        token: str | None,
        until: Callable[[dict[str, Any]], bool],
        timeout: float = 20.0,
    ) -> dict[str, Any]:
        """Poll the state until ``until`` holds (bots move on their own)."""
        deadline = time.monotonic() + timeout
        while True:
            state = self.state(match_id, token)
            if until(state):
                return state
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting; last state: {summary(state)}")
            time.sleep(0.02)

    def my_turn_or_over(self, match_id: str, token: str, seat: int) -> dict[str, Any]:
        return self.wait(
            match_id,
            token,
            lambda s: s["status"] == "finished" or (s["to_move"] == seat and s["legal_actions"]),
        )

    def play_first_legal(self, match_id: str, token: str, state: dict[str, Any]) -> int:
        choice = state["legal_actions"][0]
        response = self.act(
            match_id, token, {"version": state["version"], "action": choice["action"]}
        )
        assert response.status_code == 200, response.text
        version: int = response.json()["version"]
        return version


def auth(token: str | None) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"} if token else {}


def summary(state: dict[str, Any]) -> str:
    keys = ("version", "status", "to_move", "seat")
    return ", ".join(f"{k}={state.get(k)}" for k in keys)


def error_of(response: httpx.Response) -> tuple[int, str, str]:
    """(status, code, message) of a refusal, checking the error shape on the way."""
    body = response.json()
    assert set(body) == {"error"}, body
    assert set(body["error"]) in ({"code", "message"}, {"code", "message", "params"}), body
    assert body["error"].get("params", {"given": True}), "params, when sent, are not empty"
    message: str = body["error"]["message"]
    assert len(message) > 10, f"an unclear message: {message!r}"
    return response.status_code, body["error"]["code"], message


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One real server per test module, on its own SQLite file."""
    folder = tmp_path_factory.mktemp("live")
    running = Server(f"sqlite:///{folder / 'live.sqlite3'}", folder / "server.log").start()
    yield running
    running.stop()


def socket_url(server: Server, match_id: str, token: str | None = None) -> str:
    url = f"ws://127.0.0.1:{server.port}/ws/matches/{match_id}"
    return f"{url}?token={token}" if token else url


def receive(connection: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(connection.recv(timeout=10))
    return message


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster per test module (fsync off: speed, not durability, is
    what a test run needs), made with the machine's own binaries; see
    ``monolith.load.pgcluster``."""
    if postgres_bin() is None:
        missing("PostgreSQL server binaries (/usr/lib/postgresql/*/bin/initdb, pg_ctl) are absent")
    with throwaway_postgres(fsync=False) as cluster:
        yield cluster.url


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """A table on its own file, without rate limits (a test plays every seat from one address;
    ``test_abuse`` turns them on where they are the point)."""
    return Settings(database_url=f"sqlite:///{tmp_path / 'table.sqlite3'}", rate_limits=False)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as test_client:
        yield test_client


@pytest.fixture
def table(client: TestClient) -> Table:
    return Table(client)


def master_of(client: TestClient) -> MatchMaster:
    master: MatchMaster = client.app.state.master  # type: ignore[attr-defined]
    return master


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


class Server:
    """``monolith serve`` in a subprocess on 127.0.0.1, on a database URL of the test's choosing."""

    def __init__(
        self,
        database_url: str,
        log: Path,
        env: dict[str, str] | None = None,
        args: tuple[str, ...] = (),
        *,
        group: bool = False,
    ) -> None:
        self.database_url = database_url
        self.group = group
        """In a process group of its own (its pid names it), for a stop signalled to the group."""
        self.args = args
        """More options for ``monolith serve`` (``--workers 2``)."""
        self.env = {
            "MONOLITH_RATE_LIMITS": "off",  # one test address plays every seat
            "MONOLITH_MAX_SOCKETS_PER_ADDRESS": "100000",
            **(env or {}),
        }
        """Extra ``MONOLITH_*`` variables; rate limits are off unless a test turns them on."""
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = log
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> Server:
        command = [
            sys.executable,
            "-m",
            "monolith.cli.serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(self.port),
            "--database-url",
            self.database_url,
            *self.args,
        ]
        env = {**os.environ, "PYTHONPATH": str(ROOT / "src"), **self.env}
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                command,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=env,
                start_new_session=self.group,
            )
        deadline = time.monotonic() + 60  # a loaded machine may take a while to import
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise AssertionError(f"the server exited: {self.log_path.read_text()}")
            try:
                if httpx.get(f"{self.url}/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                pass
            time.sleep(0.05)
        self.process.kill()  # not left behind, serving nobody, after the test
        self.process.wait()
        raise AssertionError(f"the server did not come up: {self.log_path.read_text()}")

    def kill(self) -> None:
        """SIGKILL: no shutdown code runs, like a power cut for the process."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def client(self) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=10)
