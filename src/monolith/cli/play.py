"""Terminal play: human seats choose at the keyboard (hot seat), the other seats are bots.

Drawing and choosing come from the game's ``terminal`` companion when it has one
(``render(view)``, optional ``choose(console, game, state)``); any other game gets a plain
view and a numbered menu of its actions, so every registered game is playable.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from rich.console import Console, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table

from monolith.bots import Bot, decide
from monolith.bots.arena import MAX_TURNS, derive_seed
from monolith.cli.runner import CliError, seat_bots
from monolith.core import AnyGame, GameError, JsonDict
from monolith.core.i18n import describe, localizer
from monolith.games import companion

Render = Callable[[JsonDict], RenderableType]
Choose = Callable[[Console, AnyGame, Any], Any]


def generic_render(view: JsonDict) -> RenderableType:
    """For games without a terminal companion: the view itself, pretty-printed."""
    return Panel(Pretty(view, max_length=20, max_depth=4), title=str(view.get("game", "game")))


def menu_choose(
    console: Console,
    game: AnyGame,
    state: Any,
    *,
    read: Callable[[str], str] | None = None,
) -> Any:
    """For games without their own chooser: every legal action, numbered, described."""
    reader = read or console.input
    actions = list(game.legal_actions(state))
    for number, action in enumerate(actions, start=1):
        console.print(f"  {number:>3}. {describe(game, state, action)}")
    while True:
        answer = reader(f"choose 1-{len(actions)} (q to quit): ").strip().lower()
        if answer in ("q", "quit", "exit"):
            raise EOFError("quit")
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        console.print(f"[red]type a number from 1 to {len(actions)}[/red]")


def terminal_tools(game: AnyGame) -> tuple[Render, Choose]:
    """The game's own drawing and chooser where it has them, the generic ones otherwise."""
    module = companion(game.info.name, "terminal")
    render: Render = getattr(module, "render", None) or generic_render
    choose: Choose = getattr(module, "choose", None) or menu_choose
    return render, choose


def check_seats(game: AnyGame, *, players: int, humans: int, bots: Sequence[str]) -> None:
    """Refuse a table that cannot be seated, before anything is drawn."""
    game.info.check_players(players)
    if not 0 <= humans <= players:
        raise CliError(f"--humans must be 0-{players} for {players} players, not {humans}")
    if humans < players and not bots:
        raise CliError("name at least one bot with --bots for the seats without a human")


def ranking_table(game: AnyGame, state: Any, who: Sequence[str]) -> Table:
    """Final places with each seat's player and score."""
    table = Table(title="final ranking")
    table.add_column("place", justify="right")
    table.add_column("seat", justify="right")
    table.add_column("player")
    table.add_column("score", justify="right")
    scores = game.scores(state)
    for place, seat in enumerate(game.ranking(state), start=1):
        table.add_row(str(place), str(seat), who[seat], f"{scores[seat]:g}")
    return table


def play_match(
    *,
    game: AnyGame,
    players: int,
    humans: int,
    bots: Sequence[str],
    seed: int,
    console: Console,
) -> Any:
    """Play one game in the terminal and return its final state.

    Seats ``0 .. humans-1`` are people taking turns at this keyboard; the rest are bots, their
    names cycled. Quitting or end of input raises :class:`EOFError` for the caller to report.
    """
    check_seats(game, players=players, humans=humans, bots=bots)
    render, choose = terminal_tools(game)
    bot_seats: dict[int, Bot] = seat_bots(bots, range(humans, players), derive_seed(seed, 1))
    who = [
        f"human {seat + 1}" if seat < humans else f"bot {bot_seats[seat].name}"
        for seat in range(players)
    ]
    state = game.new_game(players=players, seed=seed)
    words = localizer(game, "en")
    # A line the game keeps for one seat is printed only when a single person plays: at a hot
    # seat everyone reads what a spectator would.
    reader = 0 if humans == 1 else None

    def tell(lines: Sequence[Any]) -> None:
        for line in lines:
            message = line.for_reader(reader)
            if message is not None:
                console.print(words.format(message, reader=reader, names=who))

    console.print(
        f"[bold]{game.info.title}[/bold], {players} players: "
        + ", ".join(f"seat {seat} {name}" for seat, name in enumerate(who))
        + f" · seed {seed}"
    )
    tell(game.introduce(state))
    if humans == 0:
        console.print(render(game.view(state, None)))
    turns = 0
    while not game.is_terminal(state):
        seat = game.current_player(state)
        if seat is None:
            break
        if seat < humans:
            console.print(render(game.view(state, seat)))
            action = choose(console, game, state)
            try:
                following = game.apply(state, action)
            except GameError as error:
                console.print(f"[red]not allowed: {error}[/red]")
                continue
        else:
            action = decide(bot_seats[seat], game, state)
            following = game.apply(state, action)
        tell(game.narrate(state, action, following))
        state = following
        turns += 1
        if turns > MAX_TURNS:
            raise RuntimeError(f"the game passed {MAX_TURNS} turns")
    final = game.view(state, None)
    console.print(render(final))
    console.print(ranking_table(game, state, who))
    if final.get("solo_rating"):
        console.print(f"[bold]solo rating: {final['solo_rating']}[/bold]")
    return state
