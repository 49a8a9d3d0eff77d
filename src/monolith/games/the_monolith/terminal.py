"""The Monolith in a terminal: the table drawn with Rich from a view alone.

``render(view)`` shows exactly what the viewer may see: a map laid out from the spaces' polygon
centres (units, buildings, tunnels, boast slots), each player's pools and action-board hearts, the
divination row with its bids, events in play and the favor track. ``choose(console, game, state)``
asks a person for a decision: a short list of menu entries directly, a long one (a
march can have dozens) grouped by kind first.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console, Group, RenderableType
from rich.table import Table
from rich.text import Text

from monolith.core import JsonDict
from monolith.core.i18n import describe

if TYPE_CHECKING:
    from monolith.games.the_monolith.rules import Action, State

COLOURS = ("red", "cyan", "green", "yellow")
BUILDING_LETTER = {"scriptorium": "S", "mausoleum": "M", "temple": "T", "": ""}


def _centre(polygon: list[list[float]]) -> tuple[float, float]:
    xs = [point[0] for point in polygon]
    ys = [point[1] for point in polygon]
    return sum(xs) / len(xs), sum(ys) / len(ys)


def _grid(spaces: list[JsonDict]) -> dict[tuple[int, int], JsonDict] | None:
    """Place existing spaces on a square grid by their centres; ``None`` if two collide."""
    live = [s for s in spaces if s["exists"]]
    every = spaces
    side = max(1, round(math.sqrt(len(every))))
    centres = [_centre(s["polygon"]) for s in every]
    low_x = min(c[0] for c in centres)
    low_y = min(c[1] for c in centres)
    span_x = (max(c[0] for c in centres) - low_x) or 1.0
    span_y = (max(c[1] for c in centres) - low_y) or 1.0
    grid: dict[tuple[int, int], JsonDict] = {}
    for space, (x, y) in zip(every, centres, strict=True):
        cell = (round((y - low_y) / span_y * (side - 1)), round((x - low_x) / span_x * (side - 1)))
        if cell in grid:
            return None
        grid[cell] = space
    return {cell: space for cell, space in grid.items() if space in live} | {
        cell: {**space, "locked": True} for cell, space in grid.items() if space not in live
    }


def _units(space: JsonDict) -> Text:
    text = Text()
    for p, count in enumerate(space["warriors"]):
        dead = space["dead"][p]
        shaman = [s for s in space["shamans"] if s["player"] == p]
        if not (count or dead or shaman):
            continue
        part = ""
        if count:
            part += f"{count}w"
        if dead:
            part += f"+{dead}†"
        if shaman:
            part += "S" if shaman[0]["alive"] else "s†"
        text.append(f"{part} ", style=f"bold {COLOURS[p]}")
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
    return text


def _cell(space: JsonDict) -> Text:
    if space.get("locked"):
        return Text("(locked)", style="dim")
    head = Text(space["name"][:12], style="bold underline" if space["monolith"] else "bold")
    marks = BUILDING_LETTER[space["building"]]
    if space["tunnel"]:
        marks += "⊙"
    if space["stronghold_of"]:
        marks += "".join(f"⌂{p}" for p in space["stronghold_of"])
    out = Text.assemble(head, "\n", (marks, "magenta"), f" #{space['index']} ")
    out.append_text(_slots(space))
    out.append("\n")
    out.append_text(_units(space))
    return out


def map_panel(view: JsonDict) -> RenderableType:
    """The spaces on a grid (or as a list if the map is not grid-like)."""
    spaces: list[JsonDict] = view["spaces"]
    grid = _grid(spaces)
    if grid is None:
        table = Table("#", "space", "slots", "units", title="Spaces")
        for space in spaces:
            if space["exists"]:
                table.add_row(str(space["index"]), space["name"], _slots(space), _units(space))
        return table
    rows = 1 + max(r for r, _ in grid)
    cols = 1 + max(c for _, c in grid)
    table = Table(show_header=False, show_lines=True, padding=(0, 0), box=box.SQUARE)
    for _ in range(cols):
        table.add_column(min_width=12, max_width=15, overflow="fold")
    for r in range(rows):
        table.add_row(*(_cell(grid[(r, c)]) if (r, c) in grid else Text("") for c in range(cols)))
    legend = Text(
        "w warriors †dead S shaman · ○ slot ● blood ♥ boast · T S M buildings · ⊙ tunnel ⌂ home",
        style="dim",
    )
    return Group(table, legend)


def players_table(view: JsonDict) -> Text:
    """Pools, the action board and the cards of every seat, two short lines each."""
    text = Text(
        "Players (hearts: available/spent/unearned/tower; action board: slay/maneuver/"
        "boast; warriors: reserves/anger/limbo)\n",
        style="bold",
    )
    for info in view["seats"]:
        p = info["seat"]
        zones = info["zones"]
        marks = ""
        if view["first_player"] == p:
            marks += "①"
        if view["surge"] == p:
            marks += "⚡"
        if info["committed"] and view["phase"] == "order":
            marks += "✓"
        shaman = (info["shaman_name"] or "-").removeprefix("The ")
        text.append(f"{p}{marks:<3}{shaman:<14}", style=f"bold {COLOURS[p]}")
        text.append(f" favor {info['favor']:>3}", style="bold")
        text.append(
            f"  hearts {info['available']}/{info['spent']}/{info['unearned']}/{info['tower']}"
            f"  board {zones['slay']}/{zones['maneuver']}/{zones['boast']}"
            f"  warriors {info['reserves']}/{info['anger']}/{info['limbo']}\n"
        )
        objectives: Any = info["objectives"]
        shown = ", ".join(objectives) if isinstance(objectives, list) else f"{objectives} hidden"
        text.append(
            f"    divinations: {', '.join(info['divinations']) or '-'}; "
            f"objectives: {shown or '-'}\n",
            style="dim" if not isinstance(objectives, list) else "",
        )
    return text


def row_table(view: JsonDict) -> Table:
    """The face-up divination cards, what they do and every player's bid on them."""
    table = Table(title="Divination row")
    table.add_column("slot")
    table.add_column("card")
    table.add_column("effect", ratio=1)
    for p in range(view["players"]):
        table.add_column(f"bid{p}", style=COLOURS[p])
    for item in view["row"]:
        name = f"{item['name']} {'◆' * item['rating']}" if item["card"] else "(taken)"
        table.add_row(
            str(item["slot"]),
            name,
            item["text"] or "",
            *(str(b) if b else "" for b in item["bids"]),
        )
    return table


def own_cards(view: JsonDict) -> Text | None:
    """The viewer's divinations and secret objectives, with their texts."""
    cards = view.get("your_cards")
    if not cards or not (cards["divinations"] or cards["objectives"]):
        return None
    text = Text("Your cards\n", style="bold")
    for card in cards["divinations"]:
        text.append(f"  divination {card['name']}: {card['text']}\n")
    for card in cards["objectives"]:
        text.append(f"  objective {card['name']}: {card['text']}\n")
    return text


def favor_track(view: JsonDict) -> Text:
    """Each player's marker on the favor track."""
    text = Text("Favor: ")
    for info in sorted(view["seats"], key=lambda i: -i["favor"]):
        p = info["seat"]
        text.append(f"{'█' * min(info['favor'], 40)} {info['favor']} ", style=COLOURS[p])
        text.append(" ")
    return text


def header(view: JsonDict) -> Text:
    current = view["current_player"]
    parts = [
        f"Day {view['day']}/4",
        f"phase {view['phase']}",
        f"deciding: {view['decision']}",
    ]
    if current is not None:
        parts.append(f"seat {current} to act")
    if view.get("actions_left") is not None:
        parts.append(f"{view['actions_left']} action(s) left this turn")
    march = view.get("march")
    if march:
        parts.append(f"{view['order']} at #{march['at']}, {march['steps']} step(s)")
    recruit = view.get("recruit")
    if recruit:
        parts.append(f"recruit: {recruit['paid']} paid, {recruit['free']} free to deploy")
    return Text(" · ".join(parts), style="bold")


def render(view: JsonDict) -> RenderableType:
    """The whole table as the viewer sees it."""
    parts: list[RenderableType] = [header(view), map_panel(view), players_table(view)]
    parts.append(row_table(view))
    mine = own_cards(view)
    if mine is not None:
        parts.append(mine)
    if view["events_in_play"]:
        events = ", ".join(
            f"{e['event']} on #{e['space']}" if e["space"] >= 0 else e["event"]
            for e in view["events_in_play"]
        )
        parts.append(Text(f"Events in play: {events}"))
    if view["pending"]:
        pending = "; ".join(
            f"{item['source']} (player {item['owner']})" for item in view["pending"]
        )
        parts.append(Text(f"Effects waiting to resolve: {pending}"))
    parts.append(favor_track(view))
    return Group(*parts)


# --- choosing an action at the keyboard -------------------------------------------------------

Read = Callable[[str], str]

FLAT_MENU = 12
"""Up to this many legal actions are listed at once; more are grouped by kind first."""

GROUP_NAMES = {
    "march": "march: pick a group of warriors",
    "bid": "bid on a divination",
    "raise": "raise a bid",
    "recruit": "recruit warriors",
    "deploy": "deploy a recruited warrior",
    "step": "move one space",
    "slay": "slay",
    "maneuver": "maneuver",
    "boast": "boast",
    "sacrifice": "sacrifice",
    "fate": "manipulate fate",
    "use_effect": "use a card effect",
    "resolve": "order the simultaneous effects",
    "place_event": "place the event",
}


class _Back(Exception):  # noqa: N818 - a signal, not an error
    """The player typed ``b``: show the previous menu again."""


def _ask(read: Read, prompt: str) -> str:
    answer = read(prompt).strip().lower()
    if answer in ("q", "quit", "exit"):
        raise EOFError("quit")
    if answer == "b":
        raise _Back
    return answer


def _pick(console: Console, read: Read, labels: Sequence[str], prompt: str) -> int:
    for number, label in enumerate(labels, start=1):
        console.print(f"  {number:>3}. {label}")
    while True:
        answer = _ask(read, f"{prompt} 1-{len(labels)} (b back, q quit): ")
        if answer.isdigit() and 1 <= int(answer) <= len(labels):
            return int(answer) - 1
        console.print(f"[red]type a number from 1 to {len(labels)}[/red]")


def choose(console: Console, game: Any, state: State, *, read: Read | None = None) -> Action:
    """Ask the deciding player for an action: a short list directly, a long one by kind first.

    ``read(prompt)`` returns one line (default ``console.input``); ``b`` goes back, ``q`` raises
    :class:`EOFError` so callers treat quitting like end of input.
    """
    reader: Read = read or console.input
    actions: list[Action] = game.legal_list(state)
    seat = game.current_player(state)
    console.print(f"[bold]seat {seat}, your decision:[/bold]")
    while True:
        try:
            if len(actions) <= FLAT_MENU:
                labels = [describe(game, state, a) for a in actions]
                return actions[_pick(console, reader, labels, "choose")]
            groups: dict[str, list[Action]] = {}
            for action in actions:
                groups.setdefault(action.kind, []).append(action)
            kinds = list(groups)
            labels = [
                describe(game, state, groups[k][0])
                if len(groups[k]) == 1
                else f"{GROUP_NAMES.get(k, k)} ({len(groups[k])} choices)"
                for k in kinds
            ]
            group = groups[kinds[_pick(console, reader, labels, "choose")]]
            if len(group) == 1:
                return group[0]
            labels = [describe(game, state, a) for a in group]
            return group[_pick(console, reader, labels, "choose")]
        except _Back:
            continue
