"""The Monolith in a terminal: the table drawn with Rich from a view alone.

``render(view, voice)`` shows exactly what the viewer may see, in the reader's words: a map laid out
from the spaces' polygon centres (units, buildings, tunnels, boast slots), each player's pools and
action-board hearts, the divination row with its bids, events in play and the favor track. Players
are told apart by a letter (A-D) as well as a colour, so the screen reads without colour
(``NO_COLOR``). ``choose(console, game, state)`` asks a person for a decision: a short list of menu
entries directly, a long one (a march can have dozens) grouped by kind first. ``breakdown(views,
voice)`` tells each player's favor and objectives once the game is over.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from monolith.core import JsonDict
from monolith.core.i18n import Ref, player
from monolith.games.screen import Voice, listing

if TYPE_CHECKING:
    from monolith.games.the_monolith.rules import Action, State

TITLE = "tm-term-title"
HELP = ("rules-the-monolith", "tm-term-legend")
"""The help of this screen: the rules summary, then every symbol explained."""

LETTERS = "ABCD"
"""Each seat's letter on the screen, whatever the colours can show."""
COLOURS = ("#e0605a", "#4f8fe6", "#e5b842", "#4fb878")
"""Each seat's colour: the browser table's (red, blue, amber, green, as the bots' gem names)."""
BAR = 12
"""Cells of the favor track's longest bar."""
BUILDING_LETTER = {"scriptorium": "S", "mausoleum": "M", "temple": "T", "": ""}


def owner(seat: int) -> Text:
    """A seat's letter in its colour."""
    return Text().append(LETTERS[seat], style=f"bold {COLOURS[seat]}")


def _voice(view: JsonDict, voice: Voice | None) -> Voice:
    if voice is not None:
        return voice
    from monolith.games.the_monolith import GAME

    return Voice.default(GAME, view["players"], view.get("viewer"))


def _centre(polygon: list[list[float]]) -> tuple[float, float]:
    xs = [point[0] for point in polygon]
    ys = [point[1] for point in polygon]
    return sum(xs) / len(xs), sum(ys) / len(ys)


def _grid(spaces: list[JsonDict]) -> dict[tuple[int, int], JsonDict] | None:
    """Every space on a square grid by its centre; ``None`` if two collide."""
    side = max(1, round(math.sqrt(len(spaces))))
    centres = [_centre(s["polygon"]) for s in spaces]
    low_x = min(c[0] for c in centres)
    low_y = min(c[1] for c in centres)
    span_x = (max(c[0] for c in centres) - low_x) or 1.0
    span_y = (max(c[1] for c in centres) - low_y) or 1.0
    grid: dict[tuple[int, int], JsonDict] = {}
    for space, (x, y) in zip(spaces, centres, strict=True):
        cell = (round((y - low_y) / span_y * (side - 1)), round((x - low_x) / span_x * (side - 1)))
        if cell in grid:
            return None
        grid[cell] = space
    return grid


def _units(space: JsonDict) -> Text:
    """Per owner: warriors (``A3``), the shaman (``▲``, fallen ``△``) and the dead (``†2``)."""
    text = Text()
    for p, count in enumerate(space["warriors"]):
        dead = space["dead"][p]
        shaman = [s for s in space["shamans"] if s["player"] == p]
        if not (count or dead or shaman):
            continue
        part = LETTERS[p] + (str(count) if count else "")
        if shaman:
            part += "▲" if shaman[0]["alive"] else "△"
        if dead:
            part += f"†{dead}"
        text.append(part, style=f"bold {COLOURS[p]}")
        text.append(" ")
    return text


def _slots(space: JsonDict) -> Text:
    text = Text()
    for mark in space["slots"]:
        if mark == 0:
            text.append("○")
        elif mark < 0:
            text.append("●", style="bold red3")
        else:
            text.append("♥", style=f"bold {COLOURS[mark - 1]}")
            text.append_text(owner(mark - 1))
    return text


def _cell(space: JsonDict, voice: Voice) -> Text:
    name = voice.name("space", space["key"])
    if not space["exists"]:
        return Text.assemble((name, "dim"), "\n", (voice("tm-term-out-of-play"), "dim italic"))
    out = Text().append(name, style="bold underline" if space["monolith"] else "bold")
    if space["controller"] is not None:
        out.append(" ⚑")
        out.append_text(owner(space["controller"]))
    out.append("\n")
    marks = Text(BUILDING_LETTER[space["building"]], style="magenta")
    if space["tunnel"]:
        marks.append("⊙", style="magenta")
    for p in space["stronghold_of"]:
        marks.append("⌂")
        marks.append_text(owner(p))
    if marks.plain:
        marks.append(" ")
    out.append_text(marks)
    out.append_text(_slots(space))
    units = _units(space)
    if units.plain:
        out.append("\n")
        out.append_text(units)
    return out


def map_panel(view: JsonDict, voice: Voice) -> RenderableType:
    """The spaces on a grid (or as a list if the map is not grid-like)."""
    spaces: list[JsonDict] = view["spaces"]
    grid = _grid(spaces)
    if grid is None:
        listed = Table(show_header=False, box=box.SIMPLE)
        for space in spaces:
            if space["exists"]:
                listed.add_row(_cell(space, voice))
        return listed
    rows = 1 + max(r for r, _ in grid)
    cols = 1 + max(c for _, c in grid)
    table = Table(show_header=False, show_lines=True, padding=(0, 1), box=box.SQUARE)
    for _ in range(cols):
        table.add_column(min_width=10)
    for r in range(rows):
        table.add_row(
            *(_cell(grid[(r, c)], voice) if (r, c) in grid else Text("") for c in range(cols))
        )
    return table


def _player_cell(view: JsonDict, info: JsonDict, voice: Voice) -> Text:
    p = info["seat"]
    text = owner(p)
    text.append(" " + voice.names[p], style=f"bold {COLOURS[p]}")
    marks = ""
    if view["first_player"] == p:
        marks += "①"
    if view["surge"] == p:
        marks += "↯"
    if info["committed"] and view["phase"] == "order":
        marks += "✓"
    if marks:
        text.append(" " + marks)
    return text


def _cards_cell(info: JsonDict, voice: Voice) -> str:
    names = [voice.name("divination", key) for key in info["divinations"]]
    objectives: Any = info["objectives"]
    if isinstance(objectives, list):
        names.extend(voice.name("objective", key) for key in objectives)
    elif objectives:
        names.append(voice("tm-term-hidden-objectives", count=objectives))
    return ", ".join(names) or voice("tm-term-no-cards")


def players_table(view: JsonDict, voice: Voice) -> RenderableType:
    """Every player's letter and name, shaman, favor, pools, action board and cards."""
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column(voice("tm-term-col-player"))
    table.add_column(voice("tm-term-col-shaman"))
    table.add_column(voice("tm-term-col-favor"), justify="right")
    table.add_column(voice("tm-term-col-hearts"), justify="center")
    table.add_column(voice("tm-term-col-board"), justify="center")
    table.add_column(voice("tm-term-col-warriors"), justify="center")
    table.add_column(voice("tm-term-col-cards"))
    for info in view["seats"]:
        zones = info["zones"]
        table.add_row(
            _player_cell(view, info, voice),
            voice.name("shaman", info["shaman"]) if info["shaman"] else "—",
            str(info["favor"]),
            f"{info['available']}/{info['spent']}/{info['unearned']}/{info['tower']}",
            f"{zones['slay']}/{zones['maneuver']}/{zones['boast']}",
            f"{info['reserves']}/{info['anger']}/{info['limbo']}",
            _cards_cell(info, voice),
        )
    return Group(table, Text(voice("tm-term-players-key"), style="dim"))


def row_table(view: JsonDict, voice: Voice) -> Table:
    """The face-up divination cards, what they do and every player's bid on them."""
    table = Table(title=voice("tm-term-row"), title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column(voice("tm-term-col-card"))
    table.add_column(voice("tm-term-col-effect"), ratio=1)
    for p in range(view["players"]):
        table.add_column(owner(p), justify="right")
    for item in view["row"]:
        if item["card"]:
            name = Text(voice.name("divination", item["card"]) + " ")
            name.append("◆" * item["rating"], style="yellow")
            effect = voice.text("divination", item["card"])
        else:
            name, effect = Text(voice("tm-term-taken"), style="dim"), ""
        bids = [
            Text(str(b), style=f"bold {COLOURS[p]}") if b else Text("")
            for p, b in enumerate(item["bids"])
        ]
        table.add_row(name, effect, *bids)
    return table


def own_cards(view: JsonDict, voice: Voice) -> RenderableType | None:
    """The viewer's divinations and secret objectives, with their texts."""
    cards = view.get("your_cards")
    if not cards or not (cards["divinations"] or cards["objectives"]):
        return None
    rows = [
        *(
            voice("tm-term-your-divination", card=Ref("divination", c["key"]))
            for c in cards["divinations"]
        ),
        *(
            voice("tm-term-your-objective", card=Ref("objective", c["key"]))
            for c in cards["objectives"]
        ),
    ]
    heading = Text(voice("tm-term-your-cards"), style="bold")
    return Group(heading, listing(("", row) for row in rows))


def favor_track(view: JsonDict, voice: Voice) -> Text:
    """Each player's marker on the favor track, the leader's bar :data:`BAR` cells long."""
    text = Text(voice("tm-term-favor"))
    top = max(info["favor"] for info in view["seats"]) or 1
    for info in sorted(view["seats"], key=lambda i: -i["favor"]):
        p = info["seat"]
        text.append("  ")
        text.append_text(owner(p))
        bar = "█" * round(BAR * info["favor"] / top)
        text.append(f" {bar} {info['favor']}", style=COLOURS[p])
    return text


def header(view: JsonDict, voice: Voice) -> Text:
    parts = [voice("tm-term-day", day=view["day"]), voice("tm-term-phase", phase=view["phase"])]
    current = view["current_player"]
    if current is not None:
        parts.append(voice.player(current, "tm-term-decider", decision=view["decision"]))
    if view.get("actions_left") is not None:
        parts.append(voice("tm-term-actions-left", count=view["actions_left"]))
    march = view.get("march")
    if march and march["at"] >= 0:
        space = Ref("space", view["spaces"][march["at"]]["key"])
        parts.append(voice("tm-term-march", order=view["order"], space=space, steps=march["steps"]))
    recruit = view.get("recruit")
    if recruit:
        parts.append(voice("tm-term-recruit", paid=recruit["paid"], free=recruit["free"]))
    return Text(" · ".join(parts), style="bold")


def _space_ref(view: JsonDict, index: int) -> Ref:
    return Ref("space", view["spaces"][index]["key"])


def render(view: JsonDict, voice: Voice | None = None) -> RenderableType:
    """The whole table as the viewer sees it."""
    voice = _voice(view, voice)
    parts: list[RenderableType] = [
        header(view, voice),
        map_panel(view, voice),
        players_table(view, voice),
    ]
    if any(item["card"] for item in view["row"]):
        parts.append(row_table(view, voice))
    mine = own_cards(view, voice)
    if mine is not None:
        parts.append(mine)
    if view["events_in_play"]:
        events = ", ".join(
            voice(
                "tm-term-event-on",
                event=Ref("event", e["event"]),
                space=_space_ref(view, e["space"]),
            )
            if e["space"] >= 0
            else voice.name("event", e["event"])
            for e in view["events_in_play"]
        )
        parts.append(Text(voice("tm-term-events", events=events)))
    if view["pending"]:
        effects = ", ".join(
            voice(
                "tm-term-pending-item",
                effect=Ref(item["source"]["kind"], item["source"]["id"]),
                owner=player(item["owner"]) if item["owner"] >= 0 else "everyone",
            )
            for item in view["pending"]
        )
        parts.append(Text(voice("tm-term-pending", effects=effects)))
    parts.append(favor_track(view, voice))
    return Group(*parts)


# --- the end: favor and objectives ---------------------------------------------------------------


def favor_table(view: JsonDict, info: JsonDict, voice: Voice) -> RenderableType:
    """Where one player's favor came from, as the browser's end sheet tells it: a row per source
    they scored from (the view's ``favor_by_day``), a column per day, the totals both ways."""
    by_day: list[Mapping[str, int]] = info["favor_by_day"]
    order = view.get("favor_sources") or list(by_day[0] if by_day else ())
    scored = [source for source in order if any(day.get(source) for day in by_day)]
    if not scored:
        return Text(voice("tm-term-nothing"), style="dim")
    table = Table(box=box.SIMPLE, pad_edge=False, show_footer=True, show_edge=False)
    table.add_column(voice("tm-term-col-source"), footer=voice("tm-term-col-total"))
    for day, sources in enumerate(by_day, start=1):
        table.add_column(
            voice("tm-term-col-day", day=day), justify="right", footer=str(sum(sources.values()))
        )
    total = sum(sum(day.values()) for day in by_day)
    table.add_column(voice("tm-term-col-total"), justify="right", footer=str(total))
    for source in scored:
        amounts = [day.get(source, 0) for day in by_day]
        table.add_row(
            voice("tm-term-source", source=source),
            *(str(n) if n else "·" for n in amounts),
            Text(str(sum(amounts)), style="bold"),
        )
    return table


def objective_lines(info: JsonDict, voice: Voice) -> list[str]:
    """The objectives a player revealed during the game (with the day) and those they showed
    held at the end: what the view of a finished game tells everyone."""
    revealed = [
        voice("tm-term-revealed-on", card=voice.name("objective", card["key"]), day=card["day"])
        for card in info.get("objectives_revealed") or []
    ]
    held = [voice.name("objective", card["key"]) for card in info.get("objectives_at_end") or []]
    none = voice("tm-term-none")
    return [
        voice("tm-term-revealed", cards=", ".join(revealed) or none),
        voice("tm-term-held", cards=", ".join(held) or none),
    ]


def breakdown(views: Sequence[JsonDict], voice: Voice) -> RenderableType:
    """How the score was made: each player's favor by source and day, and the objectives they
    revealed and held to the end (``views[p]`` is seat ``p``'s view of the finished game; what
    is read here is in everyone's)."""
    parts: list[RenderableType] = []
    for p, view in enumerate(views):
        info = view["seats"][p]
        text = owner(p)
        text.append(" " + voice.player(p, "tm-term-total", favor=info["favor"]), style="bold")
        lines = listing(("·", line) for line in objective_lines(info, voice))
        parts.append(Group(text, favor_table(view, info, voice), lines, Text("")))
    return Group(*parts)


# --- choosing an action at the keyboard -------------------------------------------------------

Read = Callable[[str], str]

FLAT_MENU = 12
"""Up to this many legal actions are listed at once; more are grouped by kind first."""


class _Back(Exception):  # noqa: N818 - a signal, not an error
    """The player typed ``b``: show the previous menu again."""


def _ask(read: Read, prompt: str) -> str:
    answer = read(prompt).strip().lower()
    if answer in ("q", "quit", "exit"):
        raise EOFError("quit")
    if answer == "b":
        raise _Back
    return answer


def _pick(console: Console, read: Read, voice: Voice, labels: Sequence[str]) -> int:
    console.print(listing((f"{n}.", label) for n, label in enumerate(labels, start=1)))
    while True:
        answer = _ask(read, voice("tm-term-choose", count=len(labels)))
        if answer.isdigit() and 1 <= int(answer) <= len(labels):
            return int(answer) - 1
        console.print(Text(voice("tm-term-number", count=len(labels)), style="red"))


def choose(
    console: Console,
    game: Any,
    state: State,
    *,
    read: Read | None = None,
    voice: Voice | None = None,
) -> Action:
    """Ask the deciding player for an action: a short list directly, a long one by kind first.

    ``read(prompt)`` returns one line (default ``console.input``); ``b`` goes back, ``q`` raises
    :class:`EOFError` so callers treat quitting like end of input.
    """
    reader: Read = read or console.input
    seat = game.current_player(state)
    voice = voice or Voice.default(game, state.players, seat)
    actions: list[Action] = game.legal_list(state)

    def label(action: Action) -> str:
        return voice.say(game.label(state, action))

    console.print(Text(voice.player(seat, "tm-term-your-decision"), style="bold"))
    while True:
        try:
            if len(actions) <= FLAT_MENU:
                return actions[_pick(console, reader, voice, [label(a) for a in actions])]
            groups: dict[str, list[Action]] = {}
            for action in actions:
                groups.setdefault(action.kind, []).append(action)
            kinds = list(groups)
            labels = [
                label(groups[k][0])
                if len(groups[k]) == 1
                else voice("tm-term-group", kind=k, count=len(groups[k]))
                for k in kinds
            ]
            group = groups[kinds[_pick(console, reader, voice, labels)]]
            if len(group) == 1:
                return group[0]
            return group[_pick(console, reader, voice, [label(a) for a in group])]
        except _Back:
            continue


__all__ = ["HELP", "TITLE", "breakdown", "choose", "owner", "render"]
