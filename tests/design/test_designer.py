"""What a designer asks of simulate, analyze and compare: rule options stamped on every report,
the same seeds for both settings of a comparison, output paths refused before any game is played,
one self-contained HTML file and one exported row per game. Tiny runs with random bots."""

from __future__ import annotations

import base64
import csv
import json
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from monolith.bots import arena
from monolith.bots.arena import GameResult
from monolith.cli.main import app
from monolith.design.compare import compare
from monolith.design.report import EXPORT_FIELDS, card_lines, score_timeline

runner = CliRunner()
TINY = ["-n", "3", "-p", "3", "--bots", "random", "--no-progress"]


def _json(args: list[str]) -> Any:
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_compare_is_the_same_for_the_same_seed_with_p_values_in_range() -> None:
    kwargs: dict[str, Any] = {
        "game": "the-monolith",
        "a_options": {"tower": "uniform"},
        "b_options": {"tower": "sticky"},
        "games": 3,
        "players": 3,
        "bots": ["random"],
    }
    first = compare(**kwargs, seed=5).to_json()
    again = compare(**kwargs, seed=5).to_json()
    other = compare(**kwargs, seed=6).to_json()
    assert first == again
    assert first != other
    assert first["a"]["options"] == {"tower": "uniform", "draft": "off"}
    assert first["b"]["options"] == {"tower": "sticky", "draft": "off"}
    measures = [row["measure"] for row in first["rows"]]
    assert measures[:3] == ["seat 1 wins", "seat 2 wins", "seat 3 wins"]
    assert {"ties (top score shared)", "mean score", "length (turns)"} <= set(measures)
    for row in first["rows"]:
        assert 0 <= row["p"] <= 1
        assert row["interval_95"][0] <= row["difference"] <= row["interval_95"][1]
    assert 0 <= first["seat_distribution"]["p"] <= 1


def test_compare_plays_the_same_seeds_under_both_settings() -> None:
    result = compare(
        game="the-monolith",
        a_options={"tower": "uniform"},
        b_options={"tower": "sticky"},
        games=2,
        players=3,
        bots=["random"],
        seed=1,
    )
    assert [r.seed for r in result.a_results] == [r.seed for r in result.b_results]
    assert [dict(r.options)["tower"] for r in result.b_results] == ["sticky", "sticky"]


def test_compare_cli_prints_both_settings_and_refuses_the_same_rules() -> None:
    args = ["compare", "the-monolith", "--option", "tower=uniform", "--vs", "tower=sticky"]
    result = runner.invoke(app, [*args, *TINY, "-w", "1"])
    assert result.exit_code == 0, result.output
    assert "A: tower=uniform" in result.stdout and "B: tower=sticky" in result.stdout
    assert "Mann-Whitney" in result.stdout and "seed 0" in result.stdout
    same = runner.invoke(app, ["compare", "the-monolith", "--vs", "tower=uniform", *TINY])
    assert same.exit_code == 2 and "nothing to compare" in same.stderr
    missing = runner.invoke(app, ["compare", "the-monolith", "--option", "tower=sticky"])
    assert missing.exit_code == 2 and "--vs" in missing.stderr
    unknown = runner.invoke(app, ["compare", "the-monolith", "--vs", "tower=wobbly", *TINY])
    assert unknown.exit_code == 2 and "'uniform', 'sticky'" in unknown.stderr


def test_simulate_stamps_options_and_seed_in_the_json() -> None:
    data = _json(
        ["simulate", "the-monolith", *TINY, "--option", "tower=sticky", "--seed", "4", "--json"]
    )
    assert data["options"] == {"tower": "sticky", "draft": "off"}
    assert data["seed"] == 4
    assert 0 <= data["seat_test"]["p"] <= 1
    assert [share["n"] for share in data["seat_win_share"]] == [3, 3, 3]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "monolyth", "--plot", "{tmp}/chart.txt"], "--plot must name a .png file"),
        (["simulate", "monolyth", "--html", "{tmp}/no/such/r.html"], "does not exist"),
        (["simulate", "monolyth", "--export", "{tmp}/games.xlsx"], ".jsonl or .csv"),
        (["simulate", "monolyth", "--export", "{tmp}/folder.csv"], "is a folder"),
        (["analyze", "monolyth", "--out", "{tmp}/report.pdf"], ".md or .html"),
        (["analyze", "monolyth", "--export", "{tmp}/no/games.csv"], "does not exist"),
        (["arena", "monolyth", "--bots", "random,random", "--plot", "{tmp}/a.svg"], ".png"),
        (
            ["compare", "the-monolith", "--vs", "tower=sticky", "--html", "{tmp}/x/c.html"],
            "does not exist",
        ),
    ],
)
def test_a_bad_output_path_is_refused_before_any_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str], message: str
) -> None:
    (tmp_path / "folder.csv").mkdir()

    def no_games(*_: object, **__: object) -> None:
        raise AssertionError("a game was played before the paths were checked")

    monkeypatch.setattr(arena, "run", no_games)
    result = runner.invoke(app, [a.format(tmp=tmp_path) for a in args] + ["--no-progress"])
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert "Traceback" not in result.output
    assert [p.name for p in tmp_path.iterdir()] == ["folder.csv"]  # nothing written


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self.images: list[str] = []
        self.open: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in {"src", "href"}:
                self.links.append((tag, value or ""))
        if tag == "img":
            self.images.append(dict(attrs)["src"] or "")
        if tag in {"table", "figure", "body", "html"}:
            self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in {"table", "figure", "body", "html"}:
            assert self.open.pop() == tag


def test_the_html_report_is_one_file_with_embedded_figures(tmp_path: Path) -> None:
    out = tmp_path / "report.html"
    result = runner.invoke(
        app,
        [
            "analyze",
            "the-monolith",
            *TINY,
            "-w",
            "1",
            "--option",
            "tower=sticky",
            "--out",
            str(out),
        ],
    )
    assert result.exit_code == 0, result.output
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]  # no folder beside it
    page = _Page()
    page.feed(out.read_text())
    page.close()
    assert page.open == []  # every table, figure and the body closed
    assert page.images and all(tag == "img" for tag, _ in page.links)
    for src in page.images:
        assert src.startswith("data:image/png;base64,")
        assert base64.b64decode(src.split(",", 1)[1]).startswith(b"\x89PNG")
    text = out.read_text()
    assert "rule options: tower=sticky, draft=off · seed 0" in text
    for heading in (
        "Seat advantage",
        "First-player advantage",
        "Chi-square test that every seat wins equally often",
        "Cards: taken, price paid, and who won",
        "Outcome, not cause: win share by events drawn",
        "Where points come from",
        "Score over time",
        "Ties",
        "seat-games",
    ):
        assert heading in text
    assert "class='few'" in text  # 3 games: every row greyed


def test_export_has_one_row_per_game_with_the_documented_fields(tmp_path: Path) -> None:
    jsonl, table = tmp_path / "games.jsonl", tmp_path / "games.csv"
    base = ["simulate", "the-monolith", *TINY, "--bots", "greedy,random,random", "--seed", "2"]
    assert runner.invoke(app, [*base, "--export", str(jsonl)]).exit_code == 0
    assert runner.invoke(app, [*base, "--export", str(table)]).exit_code == 0
    records = [json.loads(line) for line in jsonl.read_text().splitlines()]
    assert len(records) == 3
    for record in records:
        assert tuple(record) == EXPORT_FIELDS
        assert record["options"] == {"draft": "off", "tower": "uniform"}
        assert record["winner"] in record["tied"]
        assert record["scores"][record["winner"] - 1] == max(record["scores"])
        assert len(record["points_by_source"]) == 3
        for seat, points in enumerate(record["points_by_source"]):
            assert sum(points.values()) == record["scores"][seat]
        assert all(isinstance(price, int) for seat in record["cards_taken"] for _, price in seat)
    # the mixed line-up rotates: each bot sits in each seat equally often
    assert [r["bots"] for r in records] == [
        ["greedy", "random", "random"],
        ["random", "random", "greedy"],
        ["random", "greedy", "random"],
    ]
    rows = list(csv.DictReader(table.open()))
    assert len(rows) == 3
    assert [int(row["seed"]) for row in rows] == [r["seed"] for r in records]
    assert rows[0]["options"] == "draft=off; tower=uniform"
    assert rows[0]["seat 1 bot"] == "greedy"
    assert float(rows[0]["seat 2 score"]) == records[0]["scores"][1]
    assert "seat 3 points from: slaying" in rows[0]
    assert rows[0]["seat 1 had: shaman"] == records[0]["held"][0]["shaman"]


def test_arena_stamps_its_rule_options_and_seed() -> None:
    args = ["arena", "monolyth", "--bots", "random,random", "-n", "2", "-w", "1", "--seed", "3"]
    data = _json([*args, "--option", "structure_card=1", "--json", "--no-progress"])
    assert data["options"] == {"structure_card": 1}
    assert data["seed"] == 3


def _result(index: int, ranking: tuple[int, ...], **fields: Any) -> GameResult:
    scores = fields.pop("scores", (3.0, 2.0, 1.0))
    return GameResult(index, ("greedy",) * 3, scores, ranking, 0, 10, 0.0, (), **fields)


def test_card_lines_separate_taking_a_card_from_letting_it_go() -> None:
    results = [
        # game 0: seat 1 takes the Muster for 2 and wins; nobody takes the Tunnel Map
        _result(0, (1, 0, 2), cards=(("Muster", 1, 2), ("Tunnel Map", -1, 0))),
        # game 1: seat 0 takes the Muster for 4 and loses to seat 2
        _result(1, (2, 0, 1), cards=(("Muster", 0, 4),)),
    ]
    lines = {line.card: line for line in card_lines(results)}
    muster = lines["Muster"]
    assert (muster.offered, muster.prices) == (2, [2, 4])
    assert (muster.taken.wins, muster.taken.n) == (1, 2)  # takers won one game of two
    assert (muster.passed.wins, muster.passed.n) == (1, 4)  # seat-offers let go: seat 2 won once
    tunnel = lines["Tunnel Map"]
    assert (tunnel.offered, tunnel.taken.n, tunnel.prices) == (1, 0, [])
    assert (tunnel.passed.wins, tunnel.passed.n) == (1, 3)
    assert [line.card for line in card_lines(results)] == ["Muster", "Tunnel Map"]  # by the gap


def test_score_over_time_carries_a_finished_game_forward() -> None:
    results = [
        _result(0, (0, 1, 2), timeline=((1.0, 0.0, 0.0), (4.0, 2.0, 0.0))),
        _result(1, (0, 1, 2), timeline=((3.0, 0.0, 2.0),)),
    ]
    rounds, bands, lasted = score_timeline(results, 3)
    assert rounds == [1, 2] and lasted == [2, 1]
    assert bands["seat 1"][0] == [2.0, 3.5]  # game 1 ended after round 1: its 3 carries on
    assert bands["seat 3"][0] == [1.0, 1.0]
