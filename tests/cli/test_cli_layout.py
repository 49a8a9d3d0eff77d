"""How the command line is put together: every command in its panel of ``monolith --help``,
``--help`` without the heavy imports, and the server's import and ``serve`` without psycopg.

The speed of ``--help`` itself is measured in ``benchmarks/cli_startup.py``; here only what makes
it quick is checked (which modules importing the command line loads)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from monolith.cli.common import BENCHMARKS, DESIGNERS, PLAYERS
from monolith.cli.main import COMMANDS, app
from monolith.load.processes import free_port, stop_process, wait_until_listening

ROOT = Path(__file__).resolve().parents[2]

DOCUMENTED = {
    PLAYERS: ["serve", "play", "review"],
    DESIGNERS: ["simulate", "analyze", "compare", "arena", "ladder", "figures"],
    BENCHMARKS: [
        "bench",
        "bench-arena",
        "bench-server",
        "bench-plot",
        "bench-crowd",
        "bench-bots",
        "bench-waits",
    ],
}
"""The commands the README, docs, benchmarks and CI call, by who uses them."""

HEAVY = (
    "matplotlib",
    "numpy",
    "monolith.games",
    "monolith.bots",
    "monolith.server",
    "monolith.design",
    "monolith.load",
    "fastapi",
    "sqlalchemy",
)
"""What ``monolith --help`` must not import: the charts, the engines, the server, the harness."""


def _python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter on this checkout's sources."""
    return subprocess.run(
        [sys.executable, "-c", textwrap.dedent(code)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src"), **env},
        check=False,
    )


def test_help_lists_every_documented_command_in_its_panel() -> None:
    result = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "200"}, terminal_width=200)
    assert result.exit_code == 0, result.output
    panels: dict[str, list[str]] = {}
    current = ""
    for line in result.output.splitlines():
        if line.startswith("╭─ "):
            current = line.removeprefix("╭─ ").rstrip("─╮ ")
        elif line.startswith("│ ") and line[2] != " " and current not in ("", "Options"):
            panels.setdefault(current, []).append(line.split()[1])  # not a wrapped summary
    assert panels == DOCUMENTED
    assert {panel: list(commands) for panel, commands in COMMANDS.items()} == DOCUMENTED


def test_python_dash_m_monolith_is_the_monolith_command() -> None:
    """For a checkout without the installed script: the same app, under the same name."""
    result = subprocess.run(
        [sys.executable, "-m", "monolith", "--help"],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src"), "COLUMNS": "200"},
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "Usage: monolith " in result.stdout
    assert all(name in result.stdout for names in DOCUMENTED.values() for name in names)


@pytest.mark.parametrize("name", [n for names in DOCUMENTED.values() for n in names])
def test_every_command_answers_help(name: str) -> None:
    result = CliRunner().invoke(app, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert "Usage:" in result.output


def test_importing_the_command_line_loads_no_game_chart_or_server() -> None:
    done = _python(
        f"""
        import json, sys
        import monolith.cli.main
        heavy = {HEAVY!r}
        loaded = [n for n in sys.modules if any(n == h or n.startswith(h + ".") for h in heavy)]
        print(json.dumps(sorted(loaded)))
        """
    )
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []


BLOCK_PSYCOPG = """
import importlib.abc
import sys


class NoPsycopg(importlib.abc.MetaPathFinder):
    '''As if psycopg were not installed: pip install -e '.[rl]' does not bring it.'''

    def find_spec(self, name, path=None, target=None):
        if name == "psycopg" or name.startswith("psycopg."):
            raise ImportError(f"No module named {name!r} (blocked by the test)")
        return None


sys.meta_path.insert(0, NoPsycopg())
for name in [n for n in sys.modules if n == "psycopg" or n.startswith("psycopg.")]:
    del sys.modules[name]
"""


def test_the_blocker_does_block_psycopg() -> None:
    """Without this, the test below could pass on a machine where the blocker did nothing."""
    done = _python(BLOCK_PSYCOPG + "\nimport psycopg\n")
    assert done.returncode != 0
    assert "blocked by the test" in done.stderr


def test_the_server_imports_and_serves_on_sqlite_without_psycopg(tmp_path: Path) -> None:
    database = tmp_path / "table.sqlite3"
    done = _python(
        BLOCK_PSYCOPG
        + f"""
from fastapi.testclient import TestClient

import monolith.server.app
from monolith.cli.main import app as cli  # what `monolith serve` imports first
from monolith.cli.serve import serve
from monolith.server.app import create_app
from monolith.server.transports.protocol import TableProtocol  # `monolith serve` runs it
from monolith.server.settings import Settings

settings = Settings(database_url="sqlite:///{database}", rate_limits=False)
with TestClient(create_app(settings)) as client:
    answer = client.get("/")
print(answer.status_code, "psycopg" in sys.modules)
"""
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["200", "False"]
    assert database.exists()


def test_monolith_serve_on_sqlite_without_psycopg(tmp_path: Path) -> None:
    """The command itself, as `pip install -e '.[rl]'` leaves it: it starts and answers."""
    port = free_port()
    log_path = tmp_path / "serve.log"
    serve = f"from monolith.cli.main import app; app(['serve', '--port', '{port}'])"
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            [sys.executable, "-c", BLOCK_PSYCOPG + serve],
            stdout=log,
            stderr=subprocess.STDOUT,
            cwd=tmp_path,  # its default SQLite file lands here
            env={**os.environ, "PYTHONPATH": str(ROOT / "src")},
        )
        try:
            wait_until_listening(port, process, log_path)
            assert httpx.get(f"http://127.0.0.1:{port}/", timeout=30).status_code == 200
        finally:
            stop_process(process)
    assert (tmp_path / "monolith.sqlite3").exists()
