"""What a game ships beside its rules, as typed attributes of the game object: the layers above
(bots, the terminal, the designers' reports, the research interfaces) ask ``companions(game)``
and never a game's module by name, so a new game is one folder and mypy checks what it offers.

Every companion is optional: a game without a heuristic is judged by its score lead, one without
a terminal companion is drawn by the generic renderer, one without an encoder has no research
environment, one without an action layout is one block of ids. A companion is usually a module
of the game's folder; a module satisfies these protocols when it defines the functions (mypy
checks modules against protocols).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from monolith.core.game import JsonDict, conforms
from monolith.core.i18n import Message

if TYPE_CHECKING:  # numpy is imported by the encoders that need it, not by every game
    from monolith.core.actions import ActionLayout
    from monolith.core.layout import Encoder


class Heuristic(Protocol):
    """Judgement for one-ply and search bots. Optional extras, each its own protocol below so a
    game defines only what it has and the bots ask with ``isinstance``: :class:`WithAfterstate`,
    :class:`WithValues`, :class:`WithSearch`, :class:`WithJudgementNotes`, :class:`WithPlanner`; a
    search level may
    also name an evaluation of its own (``plan_evaluate``), looked up by that name."""

    def evaluate(self, game: Any, state: Any, seat: int) -> float:
        """How good ``state`` is for ``seat``, on the game's own scale (higher is better)."""
        ...


@runtime_checkable
class WithAfterstate(Protocol):
    """A heuristic with a cheaper state after an action than the full move."""

    def afterstate(self, game: Any, state: Any, action: Any) -> Any:
        """The state after ``action`` as far as the heuristic's ``evaluate`` reads it."""
        ...


@runtime_checkable
class WithValues(Protocol):
    """A heuristic that values every seat at once (a search leaf then looks at the board once)."""

    def values(self, game: Any, state: Any) -> list[float]:
        """Every seat's own worth, in seat order."""
        ...


@runtime_checkable
class WithSearch(Protocol):
    """A heuristic with search settings of its own: games value positions on different scales,
    so the lead worth a sure win differs between them."""

    @property
    def SEARCH(self) -> Mapping[str, float]:  # noqa: N802 - a module constant
        """ISMCTS settings by name (``exploration``, ``reward_scale``...), over the defaults."""
        ...


@runtime_checkable
class WithJudgementNotes(Protocol):
    """A heuristic whose named evaluations were fitted to data: the fit is named with the bot's
    configuration, so a refit counts as another bot."""

    @property
    def JUDGEMENT_NOTES(self) -> Mapping[str, str]:  # noqa: N802 - a module constant
        """A note on each fitted evaluation, by its name."""
        ...


@runtime_checkable
class WithPlanner(Protocol):
    """A heuristic that lets the greedy bot follow through (:mod:`monolith.bots.greedy`): an
    order of several small decisions judged by the best end it can reach, and no move taken that
    the bot's next decision would walk straight back."""

    @property
    def FOLLOW_THROUGH_NOTE(self) -> str:  # noqa: N802 - a module constant
        """What the planning is, in a line: the ladder keeps it with the greedy bot's games."""
        ...

    def follow_through(self, game: Any, state: Any, seat: int) -> list[Any] | None:
        """The decisions that carry an order under way to its end, or ``None`` when none is."""
        ...

    def plan_key(self, state: Any) -> Hashable:
        """Where an order stands (a plan never passes the same point twice)."""
        ...

    def plan_seed(self, view: JsonDict, seat: int) -> int | None:
        """The seed of the hidden cards an order is planned on (``None``: a fresh sample)."""
        ...

    def reverse_of(self, action: Any) -> Any | None:
        """The move that would undo ``action`` (``None``: nothing undoes it)."""
        ...

    def next_turn(self, game: Any, state: Any, seat: int) -> Any | None:
        """The position as if the seat's next turn began at once (``None``: it has none)."""
        ...


class Terminal(Protocol):
    """Terminal play (see :mod:`monolith.cli.play`). Optional extra: :class:`WithWhere`."""

    @property
    def TITLE(self) -> str:  # noqa: N802 - a module constant
        """The message naming the game in the reader's language."""
        ...

    @property
    def HELP(self) -> tuple[str, str | None]:  # noqa: N802 - a module constant
        """The messages of the rules summary and of the screen's legend."""
        ...

    def render(self, view: JsonDict, voice: Any = None) -> Any:
        """A ``rich`` renderable of a view, in the voice's language."""
        ...

    def choose(
        self, console: Any, game: Any, state: Any, *, read: Any = None, voice: Any = None
    ) -> Any:
        """Ask the deciding player at the keyboard for an action."""
        ...

    def breakdown(self, views: Sequence[JsonDict], voice: Any) -> Any:
        """How each seat's score was made, from the final views."""
        ...


@runtime_checkable
class WithWhere(Protocol):
    """A terminal companion that names where a decision acts, for hints and reviews."""

    def where(self, action: Any) -> str | None:
        """The cells or spaces ``action`` acts on, as the player types them, or ``None``."""
        ...


AGAINST_PLAYED = "played"
"""What a coach's reason weighs its choice against (its ``against`` argument): the move played,
in a review."""
AGAINST_NEXT = "next"
"""What a hint's reason weighs its first choice against instead: its next one (no move was played
yet), which the message then names as "the next choice"."""


class Coach(Protocol):
    """What the coach needs beyond the rules."""

    def progress(self, game: Any, state: Any) -> float:
        """How far the game has come, 0 to 1."""
        ...

    def turn_of(self, state: Any) -> Hashable:
        """Equal for every decision of one turn, different for the next turn."""
        ...

    def consequence(
        self,
        game: Any,
        seat: int,
        before: Any,
        played: Any,
        preferred: Any,
        *,
        against: str = AGAINST_PLAYED,
    ) -> Message | None:
        """What the coach's choice (leading to ``preferred``) does for ``seat`` that the other
        decision (leading to ``played``) does not, or ``None``. A reason that names the other
        decision passes on ``against``: the move played (:data:`AGAINST_PLAYED`), or a hint's
        next choice (:data:`AGAINST_NEXT`)."""
        ...


class Analysis(Protocol):
    """The designers' statistics: tags and outcomes per seat, rounds and points by source.
    Optional extra: :class:`WithCardOffers`."""

    ROUND: str

    def first_player(self, game: Any, state: Any) -> int: ...

    def seat_tags(self, game: Any, state: Any, seat: int) -> dict[str, Any]: ...

    def seat_outcomes(self, game: Any, state: Any, seat: int) -> dict[str, Any]: ...

    def round_of(self, game: Any, state: Any) -> int: ...

    def points_by_source(self, game: Any, state: Any, seat: int) -> dict[str, float]: ...


@runtime_checkable
class WithCardOffers(Protocol):
    """An analysis companion for a game with an offer of cards (the report's card table)."""

    def card_offers(self, game: Any, before: Any, after: Any) -> list[tuple[str, int, int]]:
        """The cards that left the offer between two states: name, the seat that took it (-1 if
        none) and what it paid."""
        ...


@dataclass(frozen=True)
class ReferenceMoves:
    """The obvious, slow way to list a state's legal actions, timed beside the engine's by
    ``monolith bench`` (both must agree on every position)."""

    name: str
    actions: Callable[[Any, Any], Sequence[Any]]


class Batch(Protocol):
    """A batch of games stepped together as numpy arrays, batch first (a game's ``vector``)."""

    @property
    def encoder(self) -> Encoder:
        """The game's encoder: the layout of each row's observation and action mask."""
        ...

    def reset(self) -> tuple[Any, Any]:
        """New games in every row: ``(observations, masks)``."""
        ...

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any]:
        """One action per row: ``(observations, masks, rewards, terminated)``; a finished
        game deals itself a new one in the same step."""
        ...


@dataclass(frozen=True)
class ResearchPeers:
    """The classic games ``monolith bench`` times a game's research interfaces beside, in the
    same run: a game of the same shape, so the ratio says what the interface costs."""

    pettingzoo: str
    """A module of ``pettingzoo.classic`` (``connect_four_v3``)."""
    openspiel: str
    """A native OpenSpiel game (``connect_four``)."""


@dataclass(frozen=True)
class Companions:
    """A game's companions; ``None`` where it has none."""

    heuristic: Heuristic | None = None
    terminal: Terminal | None = None
    coach: Coach | None = None
    analysis: Analysis | None = None
    encoder: Callable[[], Encoder] | None = None
    """Builds the game's observation encoder (called once per process by ``monolith.rl``)."""
    action_layout: Callable[[], ActionLayout] | None = None
    """Describes the game's action ids as blocks and axes (``monolith.rl.action_layout``; a game
    without one is laid out as one block)."""
    reference_moves: ReferenceMoves | None = None
    vector: Callable[..., Batch] | None = None
    """Builds ``vector(batch, players, seed, *, reward, options)``: the game stepped in numpy
    batches (``monolith.rl.solo.SoloVectorEnv``, ``monolith bench``)."""
    vector_deals_ahead: bool = False
    """Whether ``vector`` also takes ``dealers=N``: new games dealt ahead in N more processes
    (``monolith bench`` times it both ways)."""
    peers: ResearchPeers | None = None
    """What ``monolith bench`` sets the game's interfaces beside (else Connect Four)."""


NO_COMPANIONS = Companions()


@runtime_checkable
class WithCompanions(Protocol):
    """A game that ships companions: ``companions`` is read once it is needed, so a game's
    package can import its terminal or encoder lazily."""

    @property
    def companions(self) -> Companions: ...


def companions(game: object) -> Companions:
    """The companions of ``game``; none for a game that has none (a test's toy game)."""
    if conforms(game, WithCompanions):
        return game.companions  # type: ignore[attr-defined, no-any-return] # checked just above
    return NO_COMPANIONS
