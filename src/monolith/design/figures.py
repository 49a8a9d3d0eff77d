"""The figures of the README and docs, and the commands that make them, in one list, so that no
number quoted from a deterministic run can drift from what the code prints.

Each :class:`Figure` names the documented command, the page, what the run rewrites (a fenced
block of output after an anchor in the page, files such as a chart) and whether it is
*measured*: a speed on a noisy machine or a run of hours is listed with its command but not
rerun by default, as the same command gives other numbers (or takes an afternoon). ``monolith
figures`` regenerates the rest, ``--check`` compares without writing, and ``tests/
test_docs_commands.py`` runs every command documented in a code block of the README, docs/ and
benchmarks/README.md (the long ones shrunk, or allowed with the reason why not).

Commands run as a reader would type them, from the page's words: ``monolith`` is this
interpreter's ``-m monolith`` on the repository's ``src``, ``python`` this interpreter, output
folders are a scratch folder, and tables are printed 100 columns wide, as the pages quote them.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

WIDTH = 100
"""Columns of the quoted tables (``COLUMNS`` for Rich off a terminal)."""

FENCE = re.compile(r"^```(\w*)\n(.*?)^```$", re.M | re.S)
PROGRAMS = ("monolith", ".venv/bin/monolith", "python", "make", "pip")
"""What a documented shell line runs, after ``NAME=value`` settings and ``nice -n N``."""
_SETTING = re.compile(r"^[A-Z_][A-Z0-9_]*=")
_RULE = re.compile(r"^[\s━─┏┓┗┛┡┩┢┪└┘┌┐╇┳┻╋┃│├┤┼┬┴═]*$")


def pages(root: Path) -> list[Path]:
    """Every page whose commands are documented: the README, docs/*.md and the benchmarks'."""
    return [
        root / "README.md",
        *sorted((root / "docs").glob("*.md")),
        root / "benchmarks/README.md",
    ]


@dataclass(frozen=True)
class CodeBlock:
    """A fenced block of a page: its language, body and where the body lies in the page."""

    page: Path
    lang: str
    body: str
    start: int
    end: int

    @property
    def line(self) -> int:
        return self.page.read_text(encoding="utf-8").count("\n", 0, self.start) + 1


def code_blocks(page: Path) -> list[CodeBlock]:
    text = page.read_text(encoding="utf-8")
    return [CodeBlock(page, m[1], m[2], m.start(2), m.end(2)) for m in FENCE.finditer(text)]


def program_of(words: list[str]) -> tuple[dict[str, str], list[str]]:
    """The settings before a command and the command itself, ``nice -n N`` left out."""
    settings: dict[str, str] = {}
    while words and _SETTING.match(words[0]):
        name, _, value = words.pop(0).partition("=")
        settings[name] = value
    if words[:1] == ["nice"]:
        words = words[3:] if words[1:2] == ["-n"] else words[1:]
    return settings, words


def shell_commands(block: str) -> list[str]:
    """The commands of a shell block, continuation lines joined and comments dropped, as
    documented (spaces normalised); lines that run none of :data:`PROGRAMS` are left out."""
    commands = []
    for line in block.replace("\\\n", " ").splitlines():
        try:
            words = shlex.split(line, comments=True)
        except ValueError:
            continue
        _, command = program_of(list(words))
        if command and command[0] in PROGRAMS:
            commands.append(" ".join(re.sub(r"(^|\s)#.*$", "", line).split()))
    return commands


def documented_commands(root: Path) -> list[tuple[CodeBlock, list[str]]]:
    """Every code block of :func:`pages` that runs something, with its commands in order."""
    found = []
    for page in pages(root):
        for block in code_blocks(page):
            if block.lang in ("", "sh", "bash", "shell", "console"):
                commands = shell_commands(block.body)
                if commands:
                    found.append((block, commands))
    return found


def command_line(command: str, root: Path) -> tuple[list[str], dict[str, str]]:
    """The argument vector and extra environment that run ``command`` on this checkout."""
    settings, words = program_of(shlex.split(command))
    program, rest = words[0], words[1:]
    if program in ("monolith", ".venv/bin/monolith"):
        argv = [sys.executable, "-m", "monolith", *rest]
    elif program == "python":
        argv = [sys.executable, *rest]
    elif program == "pip":
        argv = [sys.executable, "-m", "pip", *rest]
    else:
        argv = [program, *rest]
    if settings.get("PYTHONPATH") == "src":
        settings["PYTHONPATH"] = str(root / "src")
    return argv, settings


def run_command(
    command: str, *, root: Path, cwd: Path, stdin: str = "", timeout: float | None = None
) -> subprocess.CompletedProcess[str]:
    """Run a documented command in ``cwd`` on this checkout's code, tables :data:`WIDTH` wide."""
    argv, settings = command_line(command, root)
    path = os.pathsep.join(filter(None, [str(root / "src"), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path, "COLUMNS": str(WIDTH), **settings}
    env.pop("FORCE_COLOR", None)
    return subprocess.run(
        argv, cwd=cwd, env=env, input=stdin, capture_output=True, text=True, timeout=timeout
    )


# The figures ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """What a figure's command printed, and the folder it wrote its files in."""

    stdout: str
    folder: Path


@dataclass(frozen=True)
class Output:
    """A fenced block of the page that a run rewrites: the first block of ``lang`` after the
    text ``after``."""

    after: str
    lang: str
    make: Callable[[Run], str] = lambda run: run.stdout.rstrip("\n") + "\n"


@dataclass(frozen=True)
class Figure:
    """A figure or quoted table of the docs and the command that regenerates it."""

    name: str
    page: str
    command: str
    what: str
    cost: str
    measured: bool = False
    outputs: tuple[Output, ...] = ()
    files: tuple[tuple[str, str], ...] = ()
    """(a file the run writes in its folder, where it goes in the repository)."""
    volatile: tuple[str, ...] = ()
    """Columns of its tables that time the run: not compared by ``--check``."""
    uses: tuple[str, ...] = field(default=())
    """Folders of the repository the command reads (linked into its scratch folder)."""


def _first_game(run: Run) -> str:
    """The first game of an export, one line per field, as docs/designer.md shows it."""
    first = json.loads((run.folder / "sticky.jsonl").read_text(encoding="utf-8").splitlines()[0])
    fields = [f" {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in first.items()]
    return "{\n" + ",\n".join(fields) + "\n}\n"


FIGURES: tuple[Figure, ...] = (
    Figure(
        "designer-simulate",
        "docs/designer.md",
        "monolith simulate the-monolith --games 60 --players 3 --bots greedy --option "
        "tower=sticky --plot sticky.png",
        "the simulate example's tables",
        "2 minutes",
        outputs=(Output("--option tower=sticky --plot sticky.png\n```", "text"),),
        volatile=("seconds", "games/s"),
    ),
    Figure(
        "designer-analyze",
        "docs/designer.md",
        "monolith analyze the-monolith --games 150 --players 3 --bots greedy --option "
        "tower=sticky --out sticky.html --export sticky.jsonl",
        "the analyze example's tables and its first game as exported",
        "3 minutes",
        outputs=(
            Output("--out sticky.html --export sticky.jsonl\n```", "text"),
            Output("as written to `sticky.jsonl`", "json", _first_game),
        ),
    ),
    Figure(
        "designer-compare",
        "docs/designer.md",
        "monolith compare the-monolith --option tower=uniform --vs tower=sticky --games 500 "
        "--players 3 --bots greedy --seed 0 --plot compare.png",
        "the compare example's table and docs/images/designer-compare.png",
        "33 CPU minutes",
        outputs=(Output("--seed 0 --plot compare.png\n```", "text"),),
        files=(("compare.png", "docs/images/designer-compare.png"),),
    ),
    Figure(
        "ladder",
        "docs/ladder.md",
        "monolith ladder --games 0,0,0,0",
        "docs/ladder/ladder.md, ladder.json and ladder.png from the games kept",
        "seconds",
        files=(
            ("docs/ladder/ladder.md", "docs/ladder/ladder.md"),
            ("docs/ladder/ladder.json", "docs/ladder/ladder.json"),
            ("docs/ladder/ladder.png", "docs/ladder/ladder.png"),
        ),
        uses=("docs/ladder",),
    ),
    Figure(
        "learning-curve",
        "docs/research.md",
        "python examples/policy_gradient.py 30000 --out docs/learning-curve.json --plot "
        "docs/images/learning-curve.png --reference random=3.2 --reference 'lowest legal id=24' "
        "--reference greedy=52.5",
        "docs/learning-curve.json and docs/images/learning-curve.png (seed 0)",
        "2 CPU minutes",
        files=(
            ("docs/learning-curve.json", "docs/learning-curve.json"),
            ("docs/images/learning-curve.png", "docs/images/learning-curve.png"),
        ),
        uses=("examples",),
    ),
    Figure(
        "readme-screenshots",
        "README.md",
        "python scripts/readme_screenshots.py",
        "the README's four screenshots in docs/images/ (a server and chromium)",
        "1 minute",
        measured=True,
    ),
    Figure(
        "ladder-games",
        "docs/ladder.md",
        "monolith ladder --setups monolyth-2p --games 20,60,60,60 --workers 2",
        "the ladder's games, docs/ladder/*.json, and its tables in docs/ladder.md and docs/bots.md",
        "hours",
        measured=True,
    ),
    Figure(
        "solo-ratings",
        "docs/ladder.md",
        "PYTHONPATH=src python benchmarks/solo_calibration.py --workers 2",
        "docs/solo-ratings.json, docs/images/solo-ratings.png and the solo ratings table",
        "45 minutes",
        measured=True,
    ),
    Figure(
        "baselines",
        "docs/research.md",
        "python examples/baselines.py 40 --setups solo",
        "the research guide's baselines (scores and CPU seconds a game)",
        "20 minutes",
        measured=True,
    ),
    Figure(
        "openspiel-vs-ours",
        "docs/research.md",
        "python examples/openspiel_vs_ours.py 20 60",
        "OpenSpiel's ISMCTS against ours: games won, seconds a game",
        "10 minutes",
        measured=True,
    ),
    Figure(
        "coach-calibration",
        "docs/coach.md",
        "PYTHONPATH=src python benchmarks/coach_calibration.py 18 2",
        "the coach's calibration tables (self-play of searching bots) and coach_calibration.toml",
        "hours",
        measured=True,
    ),
    Figure(
        "research-speed",
        "docs/research.md",
        "monolith bench monolyth -n 5 --positions 5",
        "the research interfaces' speeds beside PettingZoo's and OpenSpiel's games",
        "2 minutes",
        measured=True,
    ),
    Figure(
        "bots-measured",
        "docs/bots.md",
        "monolith arena monolyth --bots ismcts,greedy --games 60 --seed 2 --workers 1 --json",
        "docs/bots.md's Measured table (games/s, seconds per decision, win rates under a time cap)",
        "an hour",
        measured=True,
    ),
    Figure(
        "serving",
        "benchmarks/README.md",
        "monolith bench-server --matches 1,20,100,500 --mode http --seconds 10 --json",
        "docs/load.png, docs/serving.md and benchmarks/README.md's tables "
        "(then monolith bench-plot A.json B.json --out docs/load.png)",
        "30 minutes",
        measured=True,
    ),
)
"""Every figure, the deterministic ones first."""


def figure(name: str) -> Figure:
    for found in FIGURES:
        if found.name == name:
            return found
    names = ", ".join(f.name for f in FIGURES)
    raise KeyError(f"no figure {name!r}; the figures: {names}")


def stable_tokens(text: str, volatile: tuple[str, ...] = ()) -> list[str]:
    """The words and numbers of printed tables and lines, without the rules, padding and line
    wrapping that width changes, and with the ``volatile`` columns' cells as ``*``."""
    tokens: list[str] = []
    masked: set[int] = set()
    for line in text.splitlines():
        if "┃" in line:
            cells = line.split("┃")
            masked = {i for i, cell in enumerate(cells) if cell.strip() in volatile}
        elif "│" in line and masked:
            cells = line.split("│")
            line = "│".join("*" if i in masked else cell for i, cell in enumerate(cells))
        if _RULE.match(line):
            continue
        tokens += [word for word in re.split(r"[\s┃│]+", line) if word]
    return tokens


def block_after(text: str, anchor: str, lang: str) -> tuple[int, int]:
    at = text.find(anchor)
    if at < 0:
        raise FigureError(f"the page no longer has {anchor!r}")
    for match in FENCE.finditer(text, at + len(anchor)):
        if match[1] == lang:
            return match.start(2), match.end(2)
    raise FigureError(f"no ```{lang} block after {anchor!r}")


class FigureError(RuntimeError):
    """A figure's command failed: its exit status and the end of what it said."""


@dataclass
class Outcome:
    """What regenerating a figure did: the files it wrote (none under ``check``) and, for each
    output block whose numbers or words changed, what differs first."""

    figure: Figure
    written: list[str] = field(default_factory=list)
    differences: list[str] = field(default_factory=list)


def first_difference(old: list[str], new: list[str]) -> str:
    """Where two token lists part, with a few tokens of context."""
    at = next((i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b), None)
    if at is None:
        at = min(len(old), len(new))
    before = " ".join(old[max(0, at - 6) : at])
    return (
        f"after '{before}': the page says {old[at : at + 4]}, the command prints {new[at : at + 4]}"
    )


@contextmanager
def scratch_folder(figure: Figure, root: Path) -> Iterator[Path]:
    """A folder to run ``figure`` in: copies of the repository folders it reads, the folders of
    the files it writes, removed afterwards."""
    with tempfile.TemporaryDirectory(prefix=f"monolith-figure-{figure.name}-") as scratch:
        folder = Path(scratch)
        for used in figure.uses:
            shutil.copytree(root / used, folder / used)
        for made, _ in figure.files:
            (folder / made).parent.mkdir(parents=True, exist_ok=True)
        yield folder


def regenerate(
    figure: Figure, root: Path, *, check: bool = False, timeout: float | None = None
) -> Outcome:
    """Run ``figure``'s command and put what it made into the page and the repository; with
    ``check``, write nothing and report what differs from the page."""
    outcome = Outcome(figure)
    if figure.measured:
        return _measure(figure, root, outcome, check=check, timeout=timeout)
    page = root / figure.page
    text = original = page.read_text(encoding="utf-8")
    with scratch_folder(figure, root) as folder:
        done = run_command(figure.command, root=root, cwd=folder, timeout=timeout)
        if done.returncode != 0:
            said = (done.stderr or done.stdout).strip().splitlines()[-5:]
            raise FigureError(
                f"{figure.name}: `{figure.command}` exited {done.returncode}: " + " / ".join(said)
            )
        run = Run(done.stdout, folder)
        for output in figure.outputs:
            start, end = block_after(text, output.after, output.lang)
            old, new = text[start:end], output.make(run)
            was, now = stable_tokens(old, figure.volatile), stable_tokens(new, figure.volatile)
            if was != now:
                outcome.differences.append(
                    f"{figure.page} ({output.lang} block after {output.after.splitlines()[0]!r}): "
                    + first_difference(was, now)
                )
            text = text[:start] + new + text[end:]
        if check:
            return outcome
        if text != original:
            page.write_text(text, encoding="utf-8")
            outcome.written.append(figure.page)
        for made, target in figure.files:
            shutil.copyfile(folder / made, root / target)
            outcome.written.append(target)
    return outcome


def _measure(
    figure: Figure, root: Path, outcome: Outcome, *, check: bool, timeout: float | None
) -> Outcome:
    """A measured figure: its command run in the repository, where it writes its own files;
    its tables are copied into the pages by hand, as the numbers need reading."""
    if check:
        return outcome
    done = run_command(figure.command, root=root, cwd=root, timeout=timeout)
    if done.returncode != 0:
        raise FigureError(f"{figure.name}: `{figure.command}` exited {done.returncode}")
    outcome.written.append(f"{figure.what}: read the numbers into {figure.page}")
    return outcome


def chosen(only: list[str] | None, *, measured: bool) -> list[Figure]:
    """The figures to regenerate: those named (any kind), else every deterministic one and,
    with ``measured``, the measured ones too."""
    if only:
        return [figure(name) for name in only]
    return [f for f in FIGURES if measured or not f.measured]
