"""Every shell command documented in a code block of the README, docs/ and benchmarks/README.md
runs, and the numbers the docs quote from deterministic runs are what the code prints.

Each documented command has a plan below: run as written, run smaller (the documented command
with fewer games or seconds, each change listed), or not run, with the reason. A command added
to the docs without a plan fails :func:`test_every_documented_command_has_a_plan`, and a plan
for a command the docs no longer show fails too. The commands of one code block run in order in
one scratch folder (a later line may read what an earlier one saved).
"""

from __future__ import annotations

import json
import re
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest

from monolith.design.figures import (
    FIGURES,
    CodeBlock,
    block_after,
    documented_commands,
    figure,
    regenerate,
    run_command,
)

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Run:
    """Run the documented command, with each ``(documented, run)`` text replaced first."""

    changes: tuple[tuple[str, str], ...] = ()
    stdin: str = ""
    status: int = 0
    said: str = ""
    """A pattern the command's output (stdout and stderr) must show."""
    slow: bool = False
    copies: tuple[str, ...] = ()
    """Files of the repository the command reads, copied into its folder first."""


@dataclass(frozen=True)
class NotRun:
    """Not run by the suite, and why."""

    why: str


QUIT = Run(stdin="q\n", status=1, said=r"abandon|abandonada")
"""A terminal game quit at its first prompt: it exits 1 and says how to go on."""
BENCH_SERVER = "a load measurement of minutes; `monolith bench-server --matches 1` runs here"
NEEDS_POSTGRES = "a throwaway PostgreSQL cluster and minutes; tests/server/test_postgres covers it"
CHECKOUT = "compares with an older checkout in /tmp/before; the same command runs without it here"
PROFILER = "profiles a server under load for 20 s; tests/load/test_bench_server starts the harness"

PLANS: dict[str, Run | NotRun] = {
    "make run": NotRun("serves until stopped; tests/server and tests/web start the same app"),
    "make test": NotRun("the whole suite, this test among it"),
    ".venv/bin/monolith play monolyth --players 2 --bots greedy": QUIT,
    ".venv/bin/monolith play monolyth --players 3 --humans 2 --bots ismcts": QUIT,
    ".venv/bin/monolith play monolyth --players 1": QUIT,
    ".venv/bin/monolith play the-monolith -p 4 --humans 2 --names Ada,Ben --lang es "
    "--save game.json": QUIT,
    ".venv/bin/monolith play the-monolith --resume game.json": Run(
        stdin="q\n", status=1, said="Ada|Ben"
    ),
    "monolith simulate monolyth --games 10000 --players 2 --bot random --seed 1 --json": Run(
        (("--games 10000", "--games 20"),), said='"seat_win_share"'
    ),
    "monolith arena monolyth --bots ismcts,greedy --games 200 --seed 1 --plot arena.png": Run(
        (("--games 200", "--games 1"),), slow=True
    ),
    "monolith analyze monolyth --games 500 --players 3 --out report.html": Run(
        (("--games 500", "--games 3"),), said="report.html"
    ),
    "monolith compare the-monolith --option tower=uniform --vs tower=sticky --games 500 "
    "--players 3 --bots greedy --seed 0": Run((("--games 500", "--games 2"),), slow=True),
    "monolith bench monolyth": Run(
        (("bench monolyth", "bench monolyth -n 1 --positions 1 --seconds 0.05 --rounds 1"),),
        slow=True,
    ),
    "monolith arena the-monolith --bots ismcts,greedy,greedy,greedy --games 200 --backend ray": (
        NotRun("starts a Ray cluster; tests/compute/test_ray.py runs the searches on one")
    ),
    "monolith bench-arena monolyth --bots greedy,greedy --games 40": Run(
        (("--games 40", "--games 2"),), slow=True
    ),
    # docs/coach.md: the game played to its end by bots alone, as nobody types at the test
    "monolith play monolyth --players 2 --bots ismcts --save game.json": Run(
        (("--bots ismcts", "--humans 0 --bots greedy"),), slow=True
    ),
    "monolith review game.json": Run(
        (("game.json", "game.json --iterations 30 --workers 1"),),
        said="decisions judged",
        slow=True,
    ),
    "monolith review game.json --seat 2 --all": Run(
        (("--all", "--all --iterations 30 --workers 1"),), said="decisions judged", slow=True
    ),
    "monolith simulate the-monolith --games 60 --players 3 --bots greedy --option tower=sticky "
    "--plot sticky.png": Run((("--games 60", "--games 2"),), slow=True),
    "monolith analyze the-monolith --games 150 --players 3 --bots greedy --option tower=sticky "
    "--out sticky.html --export sticky.jsonl": Run((("--games 150", "--games 2"),), slow=True),
    "monolith compare the-monolith --option tower=uniform --vs tower=sticky --games 500 "
    "--players 3 --bots greedy --seed 0 --plot compare.png": Run(
        (("--games 500", "--games 2"),), slow=True
    ),
    "monolith simulate the-monolith --games 200 --players 3 --bots greedy,random,random "
    "--export games.csv": Run((("--games 200", "--games 2"),), slow=True),
    "monolith analyze monolyth --games 500 --players 3 --out report.md --export games.jsonl": Run(
        (("--games 500", "--games 3"),)
    ),
    "monolith figures --list": Run(said="designer-simulate"),
    "monolith figures": NotRun(
        "a quarter of an hour of games; each figure's command runs smaller here, and the simulate"
        " example in full"
    ),
    "monolith figures --check --only designer-simulate": NotRun(
        "test_the_simulate_example_prints_what_the_designers_guide_quotes does the same"
    ),
    "monolith ladder": NotRun("both ladders at their planned games: days of play"),
    "monolith ladder --setups the-monolith-4p --games 20,40,0,0 --workers 2": Run(
        (("--games 20,40,0,0 --workers 2", "--games 1,0,0,0 --workers 1"),),
        said="greedy",
        slow=True,
    ),
    "monolith ladder --setups monolyth-2p --games 20,60,60,60 --workers 2": Run(
        (("--games 20,60,60,60 --workers 2", "--games 1,0,0,0 --workers 1"),),
        said="greedy",
        slow=True,
    ),
    "monolith ladder --setups the-monolith-4p --games 20,40,0,0 --workers 1": Run(
        (("--games 20,40,0,0", "--games 1,0,0,0"),),
        said="greedy",
        slow=True,
    ),
    "monolith ladder --games 0,0,0,0": Run(said="step"),
    "PYTHONPATH=src python benchmarks/greedy_wandering.py 40 23 2": Run(
        (("40 23 2", "1 23 1"),), said="wandering_marches", slow=True
    ),
    "PYTHONPATH=src python benchmarks/greedy_wandering.py duel 120 23 2": Run(
        (("duel 120 23 2", "duel 1 23 1"),), said="follow-through greedy won", slow=True
    ),
    # the other bots' games are kept in the copy of docs/solo-ratings.json: only random's replay
    "PYTHONPATH=src python benchmarks/solo_calibration.py --workers 2": Run(
        (("--workers 2", "--workers 1 --games random=2"),),
        copies=("docs/solo-ratings.json",),
        said="random: median",
        slow=True,
    ),
    "pip install -e '.[rl]'": NotRun("installs the package; `make` builds its .venv with it"),
    "python examples/policy_gradient.py 30000 --out docs/learning-curve.json --plot "
    "docs/images/learning-curve.png --reference random=3.2 --reference 'lowest legal id=24' "
    "--reference greedy=52.5": Run((("30000", "512"),), slow=True),
    "PYTHONPATH=$src nice -n 19 monolith bench monolyth -n 5 --positions 5 --json "
    "--no-progress": NotRun(CHECKOUT),
    "PYTHONPATH=src python benchmarks/load.py --matches 1,20,100,500 --mode "
    "http,socket,socket-moves --peer bgio --json": NotRun(
        "boardgame.io beside ours (Node) for minutes; `monolith bench-server --matches 1` here"
    ),
    "monolith bench-server --matches 100 --seconds 20": Run(
        (("--matches 100 --seconds 20", "--matches 1 --seconds 1"),), slow=True
    ),
    "MONOLITH_SERVER_SRC=/tmp/before/src monolith bench-server --matches 100 --mode "
    "http,socket --launcher benchmarks/checkout_server.py --access-log": NotRun(CHECKOUT),
    "monolith bench-server --matches 20 --database-url "
    "postgresql+psycopg://user@127.0.0.1:5432/db": NotRun("a PostgreSQL server of your own"),
    "monolith bench-server --matches 1,20,100,500 --postgres --workers 2": NotRun(NEEDS_POSTGRES),
    "monolith bench-server --matches 1,20,100,500 --mode http --seconds 10 --json": NotRun(
        BENCH_SERVER
    ),
    "monolith bench-server --matches 1,20,100,500 --mode http --seconds 10 --postgres --workers "
    "1 --json": NotRun(NEEDS_POSTGRES),
    "monolith bench-server --matches 1,20,100,500 --mode http --seconds 10 --postgres --workers "
    "2 --json": NotRun(NEEDS_POSTGRES),
    "monolith bench-server --matches 100 --mode http --legal ids --seconds 10 --workers 1 "
    "--json": NotRun(BENCH_SERVER),
    "monolith bench-server --matches 100 --mode http --legal ids --seconds 10 --workers 2 "
    "--json": NotRun(BENCH_SERVER),
    "monolith bench-server --matches 1,20,100,500 --mode http --legal ids --seconds 10 "
    "--workers 1 --peer bgio --json": NotRun(BENCH_SERVER),
    "monolith bench-server --matches 1,20,100,500 --mode http --legal ids --seconds 10 "
    "--workers 2 --json": NotRun(BENCH_SERVER),
    "monolith bench-server --matches 1,20,100,500 --mode http --legal ids --seconds 10 "
    "--postgres --workers 1 --json": NotRun(NEEDS_POSTGRES),
    "monolith bench-server --matches 1,20,100,500 --mode http --legal ids --seconds 10 "
    "--postgres --workers 2 --json": NotRun(NEEDS_POSTGRES),
    "monolith bench-server --matches 100,500 --mode http --legal ids --seconds 20 --postgres "
    "--workers 2 --json": NotRun(NEEDS_POSTGRES),
    "monolith bench-server --matches 1,20,100 --mode http --legal ids --seconds 10 --peer "
    "floor": NotRun(BENCH_SERVER),
    "MONOLITH_PARTS_DIR=/tmp/parts monolith bench-server --matches 100 --mode http --legal ids "
    "--launcher benchmarks/parts_server.py": NotRun(PROFILER),
    "PYTHONPATH=src python benchmarks/load.py --matches 20 --seconds 20 --launcher "
    "benchmarks/profile_server.py": NotRun(PROFILER),
    "python benchmarks/profile_report.py artifacts/profile/server.pstats": NotRun(
        "reads the profile the command before writes"
    ),
    "MONOLITH_PROFILER=py-spy MONOLITH_PYSPY_ARGS=--gil PYTHONPATH=src python benchmarks/load.py "
    "--matches 20 --seconds 20 --launcher benchmarks/profile_server.py": NotRun(
        "py-spy, installed apart"
    ),
    "python benchmarks/profile_report.py artifacts/profile/server.stacks --focus "
    "serialize_response": NotRun("reads the stacks the command before writes"),
}
"""How the suite runs each documented command, by the command as the docs write it."""

BLOCKS = documented_commands(ROOT)


def block_id(block: tuple[CodeBlock, list[str]]) -> str:
    return f"{block[0].page.relative_to(ROOT)}:{block[0].line}"


def test_every_documented_command_has_a_plan() -> None:
    documented = {command for _, commands in BLOCKS for command in commands}
    unplanned = sorted(documented - PLANS.keys())
    assert not unplanned, f"documented commands the suite neither runs nor excuses: {unplanned}"
    stale = sorted(PLANS.keys() - documented)
    assert not stale, f"plans for commands the docs no longer show: {stale}"


def test_every_regenerated_figure_is_a_documented_command() -> None:
    documented = {command for _, commands in BLOCKS for command in commands}
    for found in FIGURES:
        assert found.command in documented or found.measured, found.name


def _block_params() -> list[object]:
    params: list[object] = []
    for block in BLOCKS:
        plans = [PLANS.get(command) for command in block[1]]
        runs = [plan for plan in plans if isinstance(plan, Run)]
        marks = [pytest.mark.slow] if any(run.slow for run in runs) else []
        if runs:
            params.append(pytest.param(block, marks=marks, id=block_id(block)))
    return params


@pytest.mark.parametrize("block", _block_params())
def test_the_documented_commands_run(block: tuple[CodeBlock, list[str]], tmp_path: Path) -> None:
    for folder in ("benchmarks", "examples", "scripts"):
        (tmp_path / folder).symlink_to(ROOT / folder)
    (tmp_path / "docs" / "images").mkdir(parents=True)
    for command in block[1]:
        plan = PLANS.get(command)
        if not isinstance(plan, Run):
            continue
        for copied in plan.copies:
            shutil.copyfile(ROOT / copied, tmp_path / copied)
        line = command
        for documented, run in plan.changes:
            assert documented in line, f"{documented!r} is no longer in {command!r}"
            line = line.replace(documented, run)
        done = run_command(line, root=ROOT, cwd=tmp_path, stdin=plan.stdin, timeout=600)
        said = done.stdout + done.stderr
        assert done.returncode == plan.status, f"`{line}` exited {done.returncode}: {said[-800:]}"
        assert "Traceback" not in said, said[-2000:]
        if plan.said:
            assert re.search(plan.said, said), f"`{line}` did not say {plan.said!r}: {said[-800:]}"


# The numbers the docs quote --------------------------------------------------------------------


@pytest.mark.slow
def test_the_simulate_example_prints_what_the_designers_guide_quotes() -> None:
    """docs/designer.md's simulate tables, to the last number (the timing columns aside)."""
    outcome = regenerate(figure("designer-simulate"), ROOT, check=True, timeout=1200)
    assert outcome.differences == []


@pytest.mark.slow
def test_the_first_exported_game_is_the_one_the_designers_guide_shows(tmp_path: Path) -> None:
    """The first game of a run does not depend on how many follow it: two games of the analyze
    example export the same first game as its 150."""
    example = figure("designer-analyze")
    command = example.command.replace("--games 150", "--games 2")
    done = run_command(command, root=ROOT, cwd=tmp_path, timeout=600)
    assert done.returncode == 0, done.stderr
    shown = (ROOT / example.page).read_text(encoding="utf-8")
    start, end = block_after(shown, "as written to `sticky.jsonl`", "json")
    body = shown[start:end]
    first = (tmp_path / "sticky.jsonl").read_text(encoding="utf-8").splitlines()[0]
    assert json.loads(body) == json.loads(first)


def test_the_compare_numbers_in_bots_md_are_the_designers_guides() -> None:
    """docs/bots.md retells the compare example; every number it gives is in the example's table
    in docs/designer.md (which ``monolith figures --check`` compares with the command)."""
    bots = (ROOT / "docs" / "bots.md").read_text(encoding="utf-8")
    retold = bots[bots.index("Result (1,000 games") : bots.index("How to read it")]
    designer = (ROOT / "docs" / "designer.md").read_text(encoding="utf-8")
    table = designer[designer.index("tower=uniform against tower=sticky\n") :]
    table = table[: table.index("```")]
    numbers = set(re.findall(r"[−+-]?\d+\.\d+", table.replace("−", "-")))
    for number in re.findall(r"[−+-]?\d+\.\d+", retold.replace("−", "-")):
        assert number.lstrip("+") in {n.lstrip("+") for n in numbers}, number


def test_the_learning_curve_numbers_are_the_curves() -> None:
    """docs/research.md quotes the reference learning curve's first slice, its plateau and the
    last slice's spread from docs/learning-curve.json."""
    curve = json.loads((ROOT / "docs" / "learning-curve.json").read_text(encoding="utf-8"))
    text = (ROOT / "docs" / "research.md").read_text(encoding="utf-8")
    first, last = curve[0], curve[-1]
    assert f"within the first {first['episodes']:,} episodes ({first['mean_score']:.1f} there)" in (
        " ".join(text.split())
    )
    assert f"levels off at {last['mean_score']:.1f} by {last['episodes']:,}" in " ".join(
        text.split()
    )
    assert f"standard deviation {last['sd']:.1f}" in text
    passing = next(s["episodes"] for s in curve if s["mean_score"] > 24)
    assert f"passes the lowest legal id (24) by {passing:,}" in " ".join(text.split())


def test_figures_lists_every_figure_and_refuses_an_unknown_one(tmp_path: Path) -> None:
    listed = run_command("monolith figures --list", root=ROOT, cwd=ROOT, timeout=120)
    assert listed.returncode == 0, listed.stderr
    for found in FIGURES:
        assert found.name in listed.stdout and found.command in " ".join(listed.stdout.split())
    unknown = run_command("monolith figures --only nope", root=ROOT, cwd=ROOT, timeout=120)
    assert unknown.returncode == 2 and "no figure 'nope'" in unknown.stderr
    elsewhere = run_command("monolith figures --check", root=ROOT, cwd=tmp_path, timeout=120)
    assert elsewhere.returncode == 2 and "not the repository" in elsewhere.stderr


def test_figures_regenerates_the_ladders_files_as_kept(tmp_path: Path) -> None:
    """The ladder's table and plot are redrawn from the games kept, byte for byte the same."""
    copy = tmp_path / "repo"
    copy.mkdir()
    for part in ("README.md", "docs"):
        source = ROOT / part
        if source.is_dir():
            shutil.copytree(source, copy / part)
        else:
            shutil.copyfile(source, copy / part)
    done = run_command(
        f"monolith figures --only ladder --root {copy}", root=ROOT, cwd=tmp_path, timeout=300
    )
    assert done.returncode == 0, done.stderr
    for name in ("ladder.md", "ladder.json"):
        assert (copy / "docs/ladder" / name).read_text() == (
            ROOT / "docs/ladder" / name
        ).read_text()


def test_the_ladders_tables_in_the_docs_are_the_games_kept() -> None:
    """docs/ladder.md and docs/bots.md quote each step of the ladder as kept in
    docs/ladder/ladder.json (which ``monolith figures --only ladder`` redraws)."""
    steps = json.loads((ROOT / "docs/ladder/ladder.json").read_text(encoding="utf-8"))
    ladder = (ROOT / "docs/ladder.md").read_text(encoding="utf-8")
    bots = " ".join((ROOT / "docs/bots.md").read_text(encoding="utf-8").split())
    assert len(steps) == 8
    for step in steps:
        higher, lower, games, wins = step["higher"], step["lower"], step["games"], step["wins"]
        row = rf"\| {re.escape(higher)} > {re.escape(lower)}[^|]* \| {games} \| {wins} \|"
        assert re.search(row, ladder), (
            f"docs/ladder.md has no row {higher} > {lower} {wins}/{games}"
        )
        assert f"{wins}/{games}" in bots or f"{wins} of {games}" in bots, (higher, lower)


def test_the_solo_ratings_table_is_the_calibrations() -> None:
    """docs/ladder.md's solo ratings table and minimums, from docs/solo-ratings.json."""
    data = json.loads((ROOT / "docs/solo-ratings.json").read_text(encoding="utf-8"))
    text = (ROOT / "docs/ladder.md").read_text(encoding="utf-8")
    for bot, kept in data["bots"].items():
        low, high = kept["quartiles"]
        row = (
            f"| {bot} | {kept['games']} | {kept['median']:g} (",
            f"| {kept['mean']:.1f} | {low:g}-{high:g} | {kept['min']:g}-{kept['max']:g} |",
        )
        line = next((line for line in text.splitlines() if line.startswith(row[0])), "")
        assert row[1] in line, f"docs/ladder.md's row for {bot}: {line!r}, expected {row}"
    minimums = ", ".join(f"{m['title']} {m['minimum']}" for m in data["minimums"])
    assert minimums in " ".join(text.split())
    hard = data["bots"]["ismcts-hard"]["games"]
    share = round(data["master_share"] * hard)
    assert f"in {share} of {hard} games ({data['master_share']:.0%}" in " ".join(text.split())
