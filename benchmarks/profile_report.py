"""Where the server's time went: ``python benchmarks/profile_report.py FILE [--top N]``.

Reads what ``benchmarks/profile_server.py`` wrote: a cProfile ``.pstats`` file or py-spy's raw
stacks (``.stacks``), and prints the top functions by their own time ("self") and by the time spent
in them and what they called ("total"), each as a share of all the time profiled, so that the two
profilers can be read the same way. Functions are named ``module-ish/file.py:function``.
"""

from __future__ import annotations

import argparse
import pstats
import re
import sys
from collections import Counter
from pathlib import Path

FRAME = re.compile(r"^(?P<function>.*) \((?P<file>[^()]*?)(?::\d+)?\)$")


def short(file: str, function: str) -> str:
    """``.../site-packages/fastapi/routing.py`` becomes ``fastapi/routing.py``."""
    parts = Path(file).parts
    for anchor in ("site-packages", "src", "lib"):
        if anchor in parts:
            parts = parts[len(parts) - parts[::-1].index(anchor) :]
            break
    where = "/".join(parts[-3:]) if parts else file
    return f"{where}:{function}"


def from_pstats(path: Path) -> tuple[Counter[str], Counter[str], float]:
    stats = pstats.Stats(str(path)).stats  # type: ignore[attr-defined]
    own: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for (file, _line, function), (_cc, _nc, tottime, cumtime, _callers) in stats.items():
        name = short(file, function)
        own[name] += tottime
        total[name] = max(total[name], cumtime)  # recursion would double-count a sum
    return own, total, sum(own.values())


def from_stacks(
    path: Path, focus: str | None = None
) -> tuple[Counter[str], Counter[str], float, float]:
    """Self and total samples per function, the samples in all, and the samples under ``focus``
    (then only the frames below the first frame naming ``focus`` are counted)."""
    own: Counter[str] = Counter()
    total: Counter[str] = Counter()
    samples = focused = 0
    for line in path.read_text().splitlines():
        stack, _, count_text = line.rpartition(" ")
        if not stack or not count_text.isdigit():
            continue
        count = int(count_text)
        samples += count
        names = []
        for frame in stack.split(";"):
            match = FRAME.match(frame)
            names.append(short(match["file"], match["function"]) if match else frame)
        if focus is not None:
            below = next((i for i, name in enumerate(names) if focus in name), None)
            if below is None:
                continue
            names = names[below:]
        focused += count
        own[names[-1]] += count
        for name in set(names):
            total[name] += count
    return own, total, float(samples), float(focused)


def report(path: Path, top: int, focus: str | None = None) -> str:
    if path.suffix == ".pstats":
        if focus is not None:
            return "--focus reads py-spy stacks only"
        own, total, whole = from_pstats(path)
        focused = whole
    else:
        own, total, whole, focused = from_stacks(path, focus)
    if whole <= 0:
        return f"{path}: nothing was profiled"
    unit = "s" if path.suffix == ".pstats" else "samples"
    lines = [f"{path.name}: {whole:.1f} {unit} in all"]
    if focus is not None:
        lines.append(f"under {focus!r}: {100 * focused / whole:.1f}% of all; shares of all below")
    for title, counts in (("self", own), ("total (with callees)", total)):
        lines.append(f"\ntop {top} by {title}:")
        for name, value in counts.most_common(top):
            lines.append(f"{100 * value / whole:6.1f}%  {name}")
    return "\n".join(lines)


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", type=Path, help="a .pstats file or py-spy raw .stacks")
    parser.add_argument("--top", type=int, default=30, help="how many functions per list")
    parser.add_argument("--focus", help="only what runs under the function whose name has this")
    args = parser.parse_args(argv[1:])
    print(report(args.file, args.top, args.focus))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
