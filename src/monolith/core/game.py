"""The one protocol every game implements, so that bots, the CLI, the server and the research
interfaces work with any game without knowing its rules.

A game is a stateless object holding its fixed facts (:class:`GameInfo`) and its rules; a state
is an immutable value. ``apply(state, action)`` is a pure function returning the next state, so a
state can be kept, shared between threads, searched by bots and replayed. Hidden information is
stripped in exactly one place: ``view``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from numbers import Integral
from typing import Any, Protocol, TypeVar, runtime_checkable

from monolith.core.i18n import Line, Message

JsonDict = dict[str, Any]
"""A JSON object as plain Python values (what ``json.loads`` returns)."""

StateT = TypeVar("StateT")
ActionT = TypeVar("ActionT")
StateIn = TypeVar("StateIn", contravariant=True)
ActionIn = TypeVar("ActionIn", contravariant=True)


@dataclass(frozen=True)
class RuleOption:
    """A rule option a match may set: its name, allowed values and default."""

    name: str
    default: object
    choices: tuple[object, ...]
    help: str


@dataclass(frozen=True)
class GameInfo:
    """What a game is, apart from any state: players, chance, hidden information, action space."""

    name: str
    title: str
    min_players: int
    max_players: int
    chance: bool
    hidden_information: bool
    num_actions: int
    """Every action id lies in ``range(num_actions)``, for every state and player count."""
    options: tuple[RuleOption, ...] = field(default=())
    max_score: float | None = None
    """A bound on a seat's score less the others' mean (OpenSpiel's utility range for the
    ``score`` reward); ``None`` when the game gives none."""
    max_length: int | None = None
    """A bound on a game's length in moves (OpenSpiel's ``max_game_length``)."""
    listed: int = 100
    """Where the game stands in lists (the lobby, whose first game is picked when none is asked
    for; the CLI's errors): lower first, games of the same standing by name."""

    @property
    def default_players(self) -> int:
        """The table a command sets up when not told: two players, or the game's fewest."""
        return min(max(self.min_players, 2), self.max_players)

    def check_players(self, players: int) -> None:
        from monolith.core.errors import BadOptions

        if not self.min_players <= players <= self.max_players:
            raise BadOptions(
                f"{self.title} takes {self.min_players}-{self.max_players} players, not {players}"
            )

    def resolve_options(self, options: Mapping[str, object] | None) -> dict[str, object]:
        """The full option set: defaults filled in; an unknown name or value is refused, and so is
        a value of another type than the choice it equals (``True`` or ``1.0`` for ``1``)."""
        from monolith.core.errors import BadOptions

        given = dict(options or {})
        known = {option.name: option for option in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            names = ", ".join(known) or "none"
            raise BadOptions(f"unknown rule option {unknown[0]!r}; {self.title} has: {names}")
        resolved: dict[str, object] = {}
        for name, option in known.items():
            value = given.get(name, option.default)
            chosen = [choice for choice in option.choices if _same(value, choice)]
            if not chosen:
                allowed = ", ".join(repr(choice) for choice in option.choices)
                raise BadOptions(f"rule option {name!r} takes one of {allowed}, not {value!r}")
            resolved[name] = chosen[0]
        return resolved


def _same(value: object, choice: object) -> bool:
    """``value == choice`` of the same kind: Python's ``True == 1 == 1.0`` would let a JSON
    ``true`` or ``1.0`` pass for the number ``1``. An integer choice takes any integer but a
    bool (a NumPy one from a research loop too; the choice itself is what is kept)."""
    if isinstance(choice, int) and not isinstance(choice, bool):
        return isinstance(value, Integral) and not isinstance(value, bool) and value == choice
    return type(value) is type(choice) and value == choice


@runtime_checkable
class Game(Protocol[StateT, ActionT]):
    """The rules of one game. Every method is a pure function of its arguments."""

    info: GameInfo

    def new_game(
        self, *, players: int, seed: int, options: Mapping[str, object] | None = None
    ) -> StateT:
        """Set up a game; all randomness of the game comes from ``seed``."""
        ...

    def num_players(self, state: StateT) -> int: ...

    def current_player(self, state: StateT) -> int | None:
        """The seat whose decision it is, or ``None`` once the game is over."""
        ...

    def is_terminal(self, state: StateT) -> bool: ...

    def legal_actions(self, state: StateT) -> Iterator[ActionT]:
        """The current player's legal actions, generated lazily."""
        ...

    def apply(self, state: StateT, action: ActionT) -> StateT:
        """The state after the current player takes ``action``.

        Raises :class:`~monolith.core.errors.IllegalAction` naming the reason; the given state
        is never changed.
        """
        ...

    def action_to_id(self, action: ActionT) -> int: ...

    def action_from_id(self, action_id: int) -> ActionT:
        """The action with this id; :class:`MalformedAction` if the id names none."""
        ...

    def action_to_json(self, action: ActionT) -> JsonDict: ...

    def action_from_json(self, data: object) -> ActionT:
        """Read an action; :class:`MalformedAction` naming what is wrong with it."""
        ...

    def state_to_json(self, state: StateT) -> JsonDict: ...

    def state_from_json(self, data: object) -> StateT: ...

    def view(self, state: StateT, player: int | None) -> JsonDict:
        """What ``player`` may see (``None``: a spectator). The only place secrets are removed."""
        ...

    def determinize(self, view: JsonDict, seed: int) -> StateT:
        """A full state consistent with everything ``view`` shows, the unseen parts (hidden cards,
        deck orders, future random draws) sampled from ``seed``. Bots search these, so that they
        decide from what their player can see and nothing more."""
        ...

    def scores(self, state: StateT) -> tuple[float, ...]:
        """Each seat's score; final once the game is over."""
        ...

    def ranking(self, state: StateT) -> tuple[int, ...]:
        """Seats from winner to last, with the game's tie-breaks applied."""
        ...

    def label(self, state: StateT, action: ActionT) -> Message:
        """What choosing ``action`` in ``state`` does, as a menu entry for the deciding player."""
        ...

    def narrate(self, before: StateT, action: ActionT, after: StateT) -> Sequence[Line]:
        """The log lines for ``action``, taken in ``before`` and leading to ``after``: the move,
        then whatever it revealed, drew or scored. Each line says who may read it, so what only
        the acting player may know reaches nobody else (see :class:`~monolith.core.i18n.Line`)."""
        ...

    def introduce(self, state: StateT) -> Sequence[Line]:
        """The log lines that open a game set up as ``state``: who starts, what was dealt."""
        ...

    def messages(self, lang: str) -> str:
        """The Fluent source of this game's words in ``lang`` (one of
        :data:`~monolith.core.i18n.LANGUAGES`): its templates and the names and texts of its
        printed content, which :class:`~monolith.core.i18n.Ref` values name."""
        ...

    def catalog(self) -> JsonDict:
        """The printed content anyone may read (piece shapes, card keys, names and texts in
        English), so an interface can draw things; never anything about a game in progress."""
        ...

    def undoable(self, before: StateT, after: StateT) -> bool:
        """Whether the step from ``before`` to ``after`` revealed nothing hidden or random, so the
        player who took it may take it back."""
        ...


AnyGame = Game[Any, Any]


@runtime_checkable
class KeyedLabels(Protocol[StateIn, ActionIn]):
    """A game whose menu entries can be kept and reused: ``label(state, action)`` is a function of
    ``label_key(state, action)`` alone, so equal keys mean equal labels, whatever the state and
    action. The web table labels every legal action of every decision; many of them say the same
    (in Monolyth, the placements of one piece at the same levels), and with this each distinct
    label is built and encoded once. Optional: a game without it is labelled action by action."""

    def label_key(self, state: StateIn, action: ActionIn) -> Hashable:
        """All that the label of ``action`` in ``state`` says, as a hashable value."""
        ...

    def labelled_ids(self, state: StateIn) -> Iterable[tuple[int, Hashable]]:
        """``legal_actions(state)`` in the same order, each as its ``action_to_id`` with its
        ``label_key``: a game can work the keys out in bulk (per piece, not per placement), and
        the web table keeps each action's encoding by its id without building the action."""
        ...


@runtime_checkable
class SoloRating(Protocol[StateIn]):
    """A game whose solo mode rates a finished game's score (Monolyth's tiers). Optional: the
    solo research environment reports the rating when a game has one."""

    def solo_rating(self, state: StateIn) -> str:
        """The rating of the solo player's final score."""
        ...


@runtime_checkable
class LegalIds(Protocol[StateIn]):
    """A game that lists its legal actions' ids without building the actions (Monolyth turns a
    piece's placements into ids in one array step). Optional: :func:`monolith.core.legal_action_ids`
    asks it when a game has it, and builds each action and its id otherwise."""

    def legal_ids(self, state: StateIn) -> list[int]:
        """``[action_to_id(a) for a in legal_actions(state)]``, in the same order."""
        ...


_CONFORMING: dict[tuple[type, type], bool] = {}


def conforms(game: object, protocol: type) -> bool:
    """``isinstance(game, protocol)`` for one of the optional runtime protocols above, asked once
    per class: the check looks through every method of the protocol, too slow for every state."""
    key = (type(game), protocol)
    known = _CONFORMING.get(key)
    if known is None:
        known = _CONFORMING[key] = isinstance(game, protocol)
    return known
