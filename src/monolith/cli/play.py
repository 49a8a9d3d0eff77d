"""Terminal play: human seats choose at the keyboard (hot seat), the other seats are bots.

Drawing and choosing come from the game's ``terminal`` companion when it has one
(``render(view, voice)``, ``choose(console, game, state, read=, voice=)``, ``breakdown(views,
voice)`` for the end, and the message ids ``TITLE`` and ``HELP``); any other game gets a plain view
and a numbered menu of its actions, so every registered game is playable.

Every screen belongs to one reader, and every log line is put into words for that reader alone
(:meth:`~monolith.core.i18n.Line.for_reader`): their own moves in the second person, everyone
else's by name, and a line the game keeps for one player only on that player's screen. At a hot
seat each human's lines wait until their turn, which opens with a screen asking to pass the
keyboard, so nothing one player may know is on the screen when the next one sits down.

The keyboard also answers ``?`` (the rules and every symbol on the screen), ``u`` (take back your
own last decision, while the game allows it), ``h`` (the coach's best decisions with their win
chances, when the game has hints on) and ``q`` (quit).
"""

from __future__ import annotations

import os
import shlex
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec
from rich.console import Console, Group, RenderableType
from rich.panel import Panel
from rich.pretty import Pretty
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from monolith.bots import decide, make_bot
from monolith.bots.arena import MAX_TURNS, derive_seed
from monolith.bots.coach import HINT, Evaluation, evaluate_state
from monolith.cli.runner import CliError
from monolith.core import AnyGame, GameError, JsonDict, MatchRecord, record_of, replay
from monolith.core.companions import WithWhere, companions
from monolith.core.i18n import LANGUAGES, Line, Localizer, Message, localizer, player
from monolith.games import get_game
from monolith.games.screen import Voice, listing

HINT_CHOICES = 3
"""Decisions a hint names, best first."""

Read = Callable[[str], str]
Render = Callable[[JsonDict, Voice], RenderableType]
Choose = Callable[..., Any]
Breakdown = Callable[[Sequence[JsonDict], Voice], RenderableType]
Where = Callable[[Any], str | None]

QUIT = ("q", "quit", "exit")

DEFAULT_BOT = "greedy"
"""The bot of a seat no human plays, when none is named."""


def default_language(environ: dict[str, str] | None = None) -> str:
    """The language of ``LANG`` (``ru_RU.UTF-8`` gives ``ru``) when the project speaks it, else
    English."""
    value = (os.environ if environ is None else environ).get("LANG", "")
    lang = value.split(".")[0].split("_")[0].lower()
    return lang if lang in LANGUAGES else "en"


def chosen_language(lang: str | None) -> str:
    """The language asked for with ``--lang``, else that of ``LANG``; :class:`CliError` for one
    the project does not speak."""
    language = lang or default_language()
    if language not in LANGUAGES:
        raise CliError(f"--lang takes {', '.join(LANGUAGES)}, not {language!r}")
    return language


def table_language(asked: str | None, resumed: Resumed | None) -> str:
    """The language of a game: ``--lang`` when given, else the one a resumed game was played
    in, else that of ``LANG``."""
    return chosen_language(asked or (resumed.table.lang if resumed is not None else None))


def generic_render(view: JsonDict, voice: Voice) -> RenderableType:
    """For games without a terminal companion: the view itself, pretty-printed."""
    return Panel(Pretty(view, max_length=20, max_depth=4), title=str(view.get("game", "game")))


def menu_choose(
    console: Console,
    game: AnyGame,
    state: Any,
    *,
    read: Read | None = None,
    voice: Voice | None = None,
) -> Any:
    """For games without their own chooser: every legal action, numbered, described."""
    reader = read or console.input
    seat = game.current_player(state)
    voice = voice or Voice.default(game, game.num_players(state), seat)
    actions = list(game.legal_actions(state))
    labels = [voice.say(game.label(state, action)) for action in actions]
    console.print(listing((f"{n}.", label) for n, label in enumerate(labels, start=1)))
    while True:
        answer = reader(voice("term-choose", count=len(actions))).strip().lower()
        if answer in QUIT:
            raise EOFError("quit")
        if answer.isdigit() and 1 <= int(answer) <= len(actions):
            return actions[int(answer) - 1]
        console.print(Text(voice("term-choose-number", count=len(actions)), style="red"))


@dataclass(frozen=True)
class Tools:
    """How one game is drawn and chosen in, and what its help and its end show."""

    render: Render
    choose: Choose
    breakdown: Breakdown | None
    title: str | None
    """The message naming the game, or ``None`` for the game's English title."""
    rules: str | None
    legend: str | None
    where: Where | None = None
    """Where on the board a decision acts, when its menu entry does not say (hints, reviews)."""


def terminal_tools(game: AnyGame) -> Tools:
    """The game's own drawing and chooser where it has them, the generic ones otherwise."""
    module = companions(game).terminal
    if module is None:
        return Tools(
            render=generic_render,
            choose=menu_choose,
            breakdown=None,
            title=None,
            rules=f"rules-{game.info.name}",
            legend=None,
            where=None,
        )
    rules, legend = module.HELP
    return Tools(
        render=module.render,
        choose=module.choose,
        breakdown=module.breakdown,
        title=module.TITLE,
        rules=rules,
        legend=legend,
        where=module.where if isinstance(module, WithWhere) else None,
    )


def title_of(game: AnyGame, words: Localizer) -> str:
    """The game's name in the reader's language (its terminal companion's ``TITLE``), else its
    English title."""
    title = terminal_tools(game).title
    return words.text(title) if title and words.has(title) else game.info.title


def check_seats(
    game: AnyGame, *, players: int, humans: int, bots: Sequence[str], names: Sequence[str] = ()
) -> None:
    """Refuse a table that cannot be seated, before anything is drawn."""
    game.info.check_players(players)
    if not 0 <= humans <= players:
        raise CliError(f"--humans must be 0-{players} for {players} players, not {humans}")
    if humans < players and not bots:
        raise CliError("name at least one bot with --bots for the seats without a human")
    if len(names) > humans:
        raise CliError(f"--names gives {len(names)} names for {humans} human seats")
    for name in bots:
        make_bot(name, 0)  # an unknown name raises UnknownBot, listing the known ones


# Saved games ------------------------------------------------------------------------------------


class Seating(msgspec.Struct, frozen=True, omit_defaults=True):
    """The table a game was played at, saved beside its moves so that ``--resume`` seats it
    again: the names given to the human seats, each bot seat's bot, the language and whether
    hints were asked for (``None``: left to the default)."""

    names: list[str] = []
    bots: dict[int, str] = {}
    lang: str | None = None
    hints: bool | None = None


class SavedGame(MatchRecord, frozen=True):
    """A match record as ``monolith play --save`` writes it: the record, and its table."""

    table: Seating | None = None


@dataclass(frozen=True)
class Step:
    """One decision taken: by whom, in which state, which action, and the state it led to."""

    seat: int
    before: Any
    action: Any
    after: Any


@dataclass(frozen=True)
class Resumed:
    """A saved game read back: its record and every step replayed from it."""

    path: Path
    record: SavedGame
    steps: list[Step]

    @property
    def table(self) -> Seating:
        """The table the game was saved with (an empty one for a file that does not say)."""
        return self.record.table or Seating()


@dataclass(frozen=True)
class Replayed:
    """A saved game read back and replayed: its record, every state and every action."""

    record: SavedGame
    game: AnyGame
    states: list[Any]
    actions: list[Any]


def read_record(path: Path, words: Localizer, game: AnyGame | None = None) -> Replayed:
    """The game saved in ``path``, replayed move by move; :class:`CliError` saying why a file
    cannot be read back (unreadable, not a record, not ``game`` when one is given, moves that do
    not replay to the recorded position)."""
    file = str(path)
    try:
        data = path.read_bytes()
    except OSError as error:
        reason = error.strerror or str(error)
        raise CliError(words.text("term-resume-unreadable", file=file, reason=reason)) from None
    try:
        record = msgspec.json.decode(data, type=SavedGame)
        played = get_game(record.game) if game is None else game
    except (msgspec.DecodeError, GameError):
        raise CliError(words.text("term-resume-not-record", file=file)) from None
    if record.game != played.info.name:
        raise CliError(
            words.text(
                "term-resume-other-game", file=file, other=record.game, game=played.info.name
            )
        )
    states: list[Any] = []
    try:
        replay(played, record, on_state=states.append)
        actions = [played.action_from_json(item) for item in record.actions]
    except GameError:
        raise CliError(words.text("term-resume-no-replay", file=file)) from None
    return Replayed(record, played, states, actions)


def load_match(path: Path, game: AnyGame, words: Localizer) -> Resumed:
    """The game saved in ``path``, to be continued; :class:`CliError` saying why a file that
    cannot be continued is refused (see :func:`read_record`; or a game already over)."""
    read = read_record(path, words, game)
    if game.is_terminal(read.states[-1]):
        raise CliError(words.text("term-resume-over", file=str(path)))
    steps = []
    for before, action, after in zip(read.states[:-1], read.actions, read.states[1:], strict=True):
        seat = game.current_player(before)
        assert seat is not None  # a recorded move was someone's decision
        steps.append(Step(seat, before, action, after))
    return Resumed(path, read.record, steps)


def write_record(path: Path, record: SavedGame, words: Localizer) -> None:
    """Replace ``path`` with ``record`` in one step, so a crash never leaves half a file;
    :class:`CliError` if it cannot be written."""
    try:
        handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
        with os.fdopen(handle, "wb") as out:
            out.write(msgspec.json.encode(record))
        os.replace(temporary, path)
    except OSError as error:
        reason = error.strerror or str(error)
        raise CliError(words.text("term-save-failed", file=str(path), reason=reason)) from None


# Playing ----------------------------------------------------------------------------------------


class Abandoned(Exception):  # noqa: N818 - reads as what happened to the game
    """The game stopped before its end: a player quit, input ran out or play was interrupted.
    ``goodbye`` says so in the players' words, with the command that goes on with the game (or
    starts it again, when it was not saved)."""

    def __init__(self, moves: int, *, interrupted: bool = False, goodbye: str = "") -> None:
        super().__init__(f"abandoned after {moves} moves")
        self.moves = moves
        self.interrupted = interrupted
        self.goodbye = goodbye


class _TakeBack(Exception):  # noqa: N818 - a request, not an error
    """The player asked to take back their last decision, and the game allows it."""


@dataclass
class _Match:
    """One game at this keyboard: the seats, the state and its history, and who has read what."""

    game: AnyGame
    console: Console
    words: Localizer
    tools: Tools
    names: list[str]
    humans: int
    bots: dict[int, str]
    seed: int
    read: Read
    save: Path | None
    state: Any
    table: Seating = field(default_factory=Seating)
    """What ``save`` keeps of the table besides the human seats, for ``--resume``."""
    hints: bool = False
    """Whether ``h`` asks the coach for the best decisions (see :func:`show_hint`)."""
    history: list[Step] = field(default_factory=list)
    pending: dict[int, list[tuple[int, Line]]] = field(default_factory=dict)
    """Per human: the log lines they have not read yet, each with the step that wrote it."""
    screen: int | None = None
    """The human whose screen is showing (``None``: nobody's yet, or everyone's)."""

    @property
    def hot_seat(self) -> bool:
        return self.humans > 1

    def voice(self, reader: int | None) -> Voice:
        return Voice(self.words, self.names, reader)

    def say(self, text: str, style: str = "") -> None:
        """A line of the table's own, whole: a file name in it must stay copyable."""
        self.console.print(Text(text, style=style), soft_wrap=True)

    # The log ---------------------------------------------------------------------------------

    def tell(self, lines: Sequence[Line], step: int) -> None:
        """Hand ``lines`` to their readers: the table at once with no human seated, else each
        human's unread pile, read on their next turn."""
        if self.humans == 0:
            self.print_lines(lines, None)
            return
        for seat in range(self.humans):
            self.pending.setdefault(seat, []).extend((step, line) for line in lines)

    def print_lines(self, lines: Sequence[Line], reader: int | None) -> None:
        voice = self.voice(reader)
        for line in lines:
            message = line.for_reader(reader)
            if message is not None:
                self.say(voice.say(message))

    def catch_up(self, seat: int, *, heading: bool = False) -> None:
        """Print what ``seat`` has not read yet, in their words (under a heading, when they have
        just sat down at a hot seat)."""
        lines = [line for _, line in self.pending.pop(seat, [])]
        if heading and any(line.for_reader(seat) for line in lines):
            played = any(step.seat == seat for step in self.history)
            self.say(self.words.text("term-since" if played else "term-so-far"), "bold")
        self.print_lines(lines, seat)

    # Screens -----------------------------------------------------------------------------------

    def clear(self) -> None:
        """Wipe the terminal and its scrollback, so the last player's secrets are gone."""
        if self.console.is_terminal:
            self.console.file.write("\033[H\033[2J\033[3J")
            self.console.file.flush()

    def hand_over(self, seat: int) -> None:
        """The screen between two humans: cleared, asking to pass the keyboard, then cleared."""
        self.clear()
        self.screen = seat
        name = self.names[seat]
        self.console.print(Panel(Text(self.words.text("term-pass", name=name), style="bold")))
        self.keyboard(self.words.text("term-pass-ready", name=name))
        self.clear()

    def show_turn(self, seat: int) -> None:
        """What ``seat`` reads before deciding: the pass screen at a hot seat when the keyboard
        changes hands, what they have not read yet, the table as they see it."""
        arriving = self.hot_seat and self.screen != seat
        if arriving:
            self.hand_over(seat)
        self.screen = seat
        self.catch_up(seat, heading=arriving)
        voice = self.voice(seat)
        self.console.print(self.tools.render(self.game.view(self.state, seat), voice))
        self.say(self.words.text("coach-term-keys" if self.hints else "term-keys"), "dim")

    def show_help(self) -> None:
        """The rules summary, every symbol of the screen and the keys."""
        title = self.title()
        self.console.print(Rule(self.words.text("term-help-title", game=title)))
        if self.tools.rules and self.words.has(self.tools.rules):
            self.console.print(sections(self.words.text(self.tools.rules)))
        if self.tools.legend:
            self.say(self.words.text("term-help-symbols"), "bold")
            self.console.print(sections(self.words.text(self.tools.legend)))
        self.say(self.words.text("term-help-keys-title"), "bold")
        self.console.print(sections(self.words.text("term-help-keys")))
        if self.hints:
            self.console.print(sections(self.words.text("coach-term-help-key")))
        self.console.print(Rule())

    def title(self) -> str:
        return title_of(self.game, self.words)

    # The keyboard ------------------------------------------------------------------------------

    def keyboard(self, prompt: str) -> str:
        """One line from the player at the keyboard, after the keys every prompt knows: ``?``
        helps, ``u`` takes back, ``q`` quits (as end of input does)."""
        while True:
            answer = self.read(prompt)
            key = answer.strip().lower()
            if key == "?":
                self.show_help()
            elif key == "h":
                self.show_hint()
            elif key == "u":
                refusal = self.undo_refusal()
                if refusal is None:
                    raise _TakeBack
                self.say(refusal, "yellow")
            elif key in QUIT:
                raise EOFError("quit")
            else:
                return answer

    def show_hint(self) -> None:
        """The coach's best decisions for the player at the screen, judged from their view."""
        if not self.hints:
            self.say(self.words.text("coach-term-hints-off"), "yellow")
            return
        seat = self.game.current_player(self.state)
        if seat is None or seat != self.screen:
            return
        with self.console.status(self.words.text("coach-term-thinking")):
            found = evaluate_state(
                self.game, self.state, budget=HINT, seed=len(self.history), top=HINT_CHOICES
            )
        voice = self.voice(seat)
        self.console.print(hint_table(found, self.game, self.state, voice, self.tools.where))

    def undo_refusal(self) -> str | None:
        """Why the player at the screen may not take back their last decision, or ``None``."""
        seat = self.screen
        mine = [step for step in self.history if step.seat == seat]
        if seat is None or not mine:
            return self.words.text("term-undo-nothing")
        last = self.history[-1]
        if last.seat != seat:
            return self.voice(seat).say(Message("term-undo-since", {"actor": player(last.seat)}))
        if not self.game.undoable(last.before, last.after):
            return self.words.text("term-undo-revealed")
        return None

    def take_back(self) -> None:
        step = self.history.pop()
        self.state = step.before
        for seat, lines in self.pending.items():
            self.pending[seat] = [(k, line) for k, line in lines if k < len(self.history)]
        voice = self.voice(step.seat)
        what = voice.say(self.game.label(step.before, step.action))
        self.say(voice.say(Message("term-undone", {"actor": player(step.seat), "what": what})))
        self.write()

    # Moves -------------------------------------------------------------------------------------

    def advance(self, seat: int, action: Any) -> None:
        before = self.state
        after = self.game.apply(before, action)
        step = len(self.history)
        self.history.append(Step(seat, before, action, after))
        self.state = after
        self.tell(self.game.narrate(before, action, after), step)
        self.write()
        if len(self.history) > MAX_TURNS:
            raise RuntimeError(f"the game passed {MAX_TURNS} turns")

    def human_turn(self, seat: int) -> None:
        try:
            self.show_turn(seat)
            action = self.tools.choose(
                self.console, self.game, self.state, read=self.keyboard, voice=self.voice(seat)
            )
            self.advance(seat, action)
        except _TakeBack:
            self.take_back()
        except GameError:
            self.say(self.words.text("term-not-allowed"), "red")

    def bot_turn(self, seat: int) -> None:
        """A fresh bot per decision, seeded by the game's seed, the seat and the move number, so
        a resumed game plays on as the unbroken one would have."""
        bot = make_bot(self.bots[seat], derive_seed(self.seed, seat + 1, len(self.history)))
        self.advance(seat, decide(bot, self.game, self.state))

    def write(self) -> None:
        if self.save is None:
            return
        record = record_of(
            self.game,
            players=self.game.num_players(self.state),
            seed=self.seed,
            options=None,
            actions=[step.action for step in self.history],
            final_state=self.state,
            humans=range(self.humans),
        )
        saved = SavedGame(**msgspec.structs.asdict(record), table=self.table)
        write_record(self.save, saved, self.words)

    # The whole game ----------------------------------------------------------------------------

    def play(self) -> Any:
        try:
            while not self.game.is_terminal(self.state):
                seat = self.game.current_player(self.state)
                if seat is None:
                    break
                if seat < self.humans:
                    self.human_turn(seat)
                else:
                    self.bot_turn(seat)
        except EOFError:
            self.console.line()
            raise Abandoned(len(self.history)) from None
        except KeyboardInterrupt:
            self.console.line()
            raise Abandoned(len(self.history), interrupted=True) from None
        self.finish()
        return self.state

    def finish(self) -> None:
        """The last lines, the final table, where the scores came from and the ranking."""
        game, state = self.game, self.state
        reader = 0 if self.humans == 1 else None
        if self.hot_seat:
            self.clear()
            last = self.pending.get(self.screen, []) if self.screen is not None else []
            self.print_lines([line for _, line in last], None)
        elif self.humans == 1:
            self.catch_up(0)
        voice = self.voice(reader)
        self.console.print(Rule(Text(self.words.text("term-game-over"), style="bold")))
        self.console.print(self.tools.render(game.view(state, None), voice))
        if self.tools.breakdown is not None:
            views = [game.view(state, seat) for seat in range(game.num_players(state))]
            self.say(self.words.text("term-breakdown"), "bold")
            self.console.print(self.tools.breakdown(views, voice))
        self.console.print(self.ranking())

    def ranking(self) -> Table:
        """Final places with each player and score."""
        table = Table(title=self.words.text("term-ranking"))
        table.add_column(self.words.text("term-place"), justify="right")
        table.add_column(self.words.text("term-player"))
        table.add_column(self.words.text("term-score"), justify="right")
        scores = self.game.scores(self.state)
        for place, seat in enumerate(self.game.ranking(self.state), start=1):
            table.add_row(str(place), self.names[seat], f"{scores[seat]:g}")
        return table


def hint_table(
    found: Evaluation, game: AnyGame, state: Any, voice: Voice, where: Where | None = None
) -> RenderableType:
    """A hint: the coach's best decisions, each with its win chance, in the reader's words."""
    rows: list[tuple[str, str | Text]] = []
    for place, judged in enumerate(found.decisions, start=1):
        words = decision_words(game, state, judged.action, voice, where)
        line = Text(words, style="bold" if place == 1 else "")
        line.append("  " + voice("coach-term-win", win=percent(judged.win)), style="cyan")
        rows.append((f"{place}.", line))
    parts: list[RenderableType] = [
        Text(voice("coach-term-hint-title"), style="bold"),
        listing(rows),
    ]
    if found.forced:
        parts.append(Text(voice("coach-term-forced"), style="dim"))
    elif found.unsure():
        parts.append(Text(voice("coach-term-unsure"), style="dim"))
    return Group(*parts)


def decision_words(
    game: AnyGame, state: Any, action: Any, voice: Voice, where: Where | None = None
) -> str:
    """A decision's menu entry, with where it acts on the board when the game can say."""
    words = voice.say(game.label(state, action))
    place = where(action) if where is not None else None
    return f"{words} ({place})" if place else words


def percent(chance: float) -> int:
    """A chance as a whole percentage for the words to show (they add the sign)."""
    return round(100 * chance)


def sections(text: str) -> RenderableType:
    """A help text as lines: ``# heading`` in bold, ``- item`` as a bullet with a hanging indent."""
    out: list[RenderableType] = []
    bullets: list[tuple[str, str | Text]] = []
    for line in [*text.splitlines(), ""]:
        if bullets and not line.startswith("- "):
            out.append(listing(bullets))
            bullets = []
        if line.startswith("# "):
            out.append(Text(line[2:], style="bold underline"))
        elif not line.strip():
            continue
        elif line.startswith("- "):
            bullets.append(("•", line[2:]))
        else:
            out.append(Text(line))
    return Group(*out)


def seat_names(
    words: Localizer, *, players: int, humans: int, bots: Sequence[str], names: Sequence[str]
) -> tuple[list[str], dict[int, str]]:
    """Each seat's name (the given ones first, else ``Player 1``; bots by their seat's gem) and
    each bot seat's bot, the ``--bots`` names cycled."""
    seat_bots = {seat: bots[k % len(bots)] for k, seat in enumerate(range(humans, players))}
    named = [
        names[seat]
        if seat < len(names)
        else words.text("seat-name", seat=seat + 1)
        if seat < humans
        else words.text("bot-name", seat=seat)
        for seat in range(players)
    ]
    return named, seat_bots


def again_command(
    game: AnyGame,
    *,
    players: int,
    seed: int,
    humans: int,
    names: Sequence[str],
    bots: dict[int, str],
    hints: bool | None,
    lang: str,
) -> str:
    """The ``monolith play`` command that sets the same table again, every option that is not
    the default spelled out (and the language always: the next shell may speak another)."""
    words = ["monolith", "play", game.info.name, "--players", str(players), "--seed", str(seed)]
    if humans != 1:
        words += ["--humans", str(humans)]
    if names:
        words += ["--names", ",".join(names)]
    if bots and set(bots.values()) != {DEFAULT_BOT}:
        words += ["--bots", ",".join(bots[seat] for seat in sorted(bots))]
    if hints is not None and hints != (humans <= 1):
        words.append("--hints" if hints else "--no-hints")
    words += ["--lang", lang]
    return shlex.join(words)


def bot_about(words: Localizer, bot: str) -> str:
    """``greedy bot``, ``searching bot (easy)``: what a bot is, in words."""
    family, _, level = bot.partition("-")
    if family == "ismcts":
        return words.text("bot-about", family=family, level=level or "default")
    return words.text("bot-family", family=family)


def play_match(
    *,
    game: AnyGame,
    players: int,
    humans: int | None = None,
    bots: Sequence[str] | None = None,
    seed: int,
    console: Console,
    lang: str = "en",
    names: Sequence[str] | None = None,
    read: Read | None = None,
    save: Path | None = None,
    resume: Resumed | None = None,
    hints: bool | None = None,
) -> Any:
    """Play one game in the terminal and return its final state.

    Seats ``0 .. humans-1`` are people taking turns at this keyboard (``names`` names them); the
    rest are bots, their names cycled. ``save`` is rewritten with the match record and its table
    after every move; ``resume`` continues a saved game at the table it was saved with, but for
    what is given here. ``hints`` lets ``h`` ask the coach (default: on with one human, off at a
    hot seat). Quitting or end of input raises :class:`Abandoned`.
    """
    saved = resume.table if resume is not None else Seating()
    if resume is not None:
        players, seed = resume.record.players, resume.record.seed
        if humans is None and resume.record.humans is not None:
            humans = len(resume.record.humans)
    humans = 1 if humans is None else humans
    hints = saved.hints if hints is None else hints
    given = list(names) if names is not None else []
    given += saved.names[len(given) : humans]
    if bots is None:
        bots = [saved.bots.get(seat, DEFAULT_BOT) for seat in range(humans, players)]
    check_seats(game, players=players, humans=humans, bots=bots, names=given)
    words = localizer(game, lang)
    named, seat_bots = seat_names(words, players=players, humans=humans, bots=bots, names=given)
    state = resume.steps[-1].after if resume and resume.steps else None
    match = _Match(
        game=game,
        console=console,
        words=words,
        tools=terminal_tools(game),
        names=named,
        humans=humans,
        bots=seat_bots,
        seed=seed,
        read=read or (lambda prompt: console.input(Text(prompt))),
        save=save,
        state=state if state is not None else game.new_game(players=players, seed=seed),
        table=Seating(names=given, bots=seat_bots, lang=lang, hints=hints),
        hints=hints if hints is not None else humans <= 1,
        history=list(resume.steps) if resume else [],
    )
    match.write()  # a file that cannot be saved is refused before the game starts
    match.say(words.text("term-title", game=match.title(), players=players, seed=seed), "bold")
    for seat, name in enumerate(named):
        kind = "bot" if seat >= humans else "you" if humans == 1 else "human"
        about = bot_about(words, seat_bots[seat]) if seat in seat_bots else ""
        match.say("  " + words.text("term-seat", kind=kind, name=name, about=about))
    if save is not None:
        match.say(words.text("term-saving", file=str(save)), "dim")
    if resume is None:
        match.tell(game.introduce(match.state), -1)
    else:
        match.say(words.text("term-resumed", file=str(resume.path), moves=len(match.history)))
    if humans == 0:
        match.console.print(match.tools.render(game.view(match.state, None), match.voice(None)))
    try:
        return match.play()
    except Abandoned as gone:
        if save is not None:
            hint = words.text("term-abandoned-resume", game=game.info.name, file=str(save))
        else:
            command = again_command(
                game,
                players=players,
                seed=seed,
                humans=humans,
                names=given,
                bots=seat_bots,
                hints=hints,
                lang=lang,
            )
            hint = words.text("term-abandoned-seed", command=command)
        goodbye = f"{words.text('term-abandoned', moves=gone.moves)}\n{hint}"
        raise Abandoned(gone.moves, interrupted=gone.interrupted, goodbye=goodbye) from None
