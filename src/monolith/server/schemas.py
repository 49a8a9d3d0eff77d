"""The API's request and response shapes (pydantic, for validation and the OpenAPI docs).

They are kept apart from the storage models: the database may hold what the API never shows (the
seed, token hashes), and the API may change shape without a migration. Request bodies are read
strictly: a number is a JSON number, never ``true`` or ``"1"``, and no unknown field is accepted.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator
from pydantic_core import PydanticCustomError

from monolith.server.names import MAX_NAME_LENGTH, BadName, clean_name

STRICT = ConfigDict(extra="forbid", strict=True)
"""Every request body: no coercion between types, no unknown field."""


class ErrorDetail(BaseModel):
    code: str = Field(examples=["stale_version"], description="stable: pages word refusals by it")
    message: str = Field(
        examples=["you acted on version 6 but the match is at version 7"],
        description="an English sentence for people reading the API",
    )
    params: dict[str, Any] | None = Field(
        default=None,
        description="for some codes, message arguments a page words the refusal with "
        "(keywords, numbers, player references)",
    )


class ErrorOut(BaseModel):
    """Every refusal has this shape, with a 4xx status, and changes nothing."""

    error: ErrorDetail


class OptionOut(BaseModel):
    name: str
    default: Any
    choices: list[Any]
    help: str


class OpponentOut(BaseModel):
    """A bot level as a player knows it (easy, medium, hard) and the bot that plays it."""

    level: str = Field(examples=["medium"], description="easy, medium or hard")
    bot: str = Field(examples=["ismcts"], description="the bot family a seat asks for")
    bot_level: str = Field(examples=["easy"], description="the family's level a seat asks for")
    median_seconds: float | None = Field(
        default=None, description="its measured median decision here; none if not measured"
    )


class GameOut(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    options: list[OptionOut]
    page: str | None
    """The address of the module drawing the game's own table; None: the generic table."""
    glossary: list[str]
    """The terms the game's words explain (``glossary-<term>``), which the rules help lists."""
    opponents: list[OpponentOut] = Field(default_factory=list, description="weakest first")
    default_opponent: str = Field(
        default="easy",
        description="the level a new match proposes: the strongest whose median decision "
        "takes at most half a second on this machine",
    )


class BotOut(BaseModel):
    name: str
    levels: list[str]


class SeatIn(BaseModel):
    model_config = STRICT

    kind: Literal["human", "bot"] = "human"
    bot: str | None = Field(default=None, examples=["greedy"])
    level: str | None = Field(default=None, examples=["default"])

    @model_validator(mode="after")
    def _a_human_names_no_bot(self) -> SeatIn:
        """A human seat with a bot or level named was created as a human, the names dropped
        without a word: whoever sent it meant something else."""
        if self.kind == "human" and (self.bot is not None or self.level is not None):
            raise ValueError(
                "a human seat names no bot or level: make its kind 'bot', or leave them out"
            )
        return self


class MatchIn(BaseModel):
    model_config = STRICT

    game: str = Field(examples=["monolyth"])
    players: int = Field(ge=1, le=16, examples=[2])
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatIn] | None = Field(
        default=None, description="one per player; default: every seat human"
    )
    turn_clock_seconds: int | None = Field(
        default=None, ge=1, le=7 * 24 * 3600, description="seconds per decision; null: no clock"
    )
    hints: bool | None = Field(
        default=None,
        description="whether players may ask the coach for hints; null: on with one human "
        "seat (or none), off with several",
    )
    join: CreatorIn | None = Field(
        default=None,
        description="take this human seat under this name as the match is made (the answer "
        "holds its token); a refused name or seat creates no match",
    )


class SeatCreated(BaseModel):
    seat: int
    kind: str
    join_url: str | None = None
    bot: str | None = None
    level: str | None = None


class MatchCreated(BaseModel):
    match_id: str
    seats: list[SeatCreated]
    spectator_url: str
    hints: bool
    token: str | None = Field(
        default=None, description="the secret of the seat taken with join (absent without it)"
    )


class MatchSeatOut(BaseModel):
    seat: int
    kind: str
    name: str | None
    bot: str | None = None
    level: str | None = None
    taken: bool


class MatchSummary(BaseModel):
    match_id: str
    game: str
    players: int
    status: str
    created_at: datetime
    seats: list[MatchSeatOut]
    hints: bool = Field(description="whether its players may ask the coach for hints")


class JoinIn(BaseModel):
    model_config = STRICT

    name: str = Field(
        examples=["Ada"],
        description=f"1-{MAX_NAME_LENGTH} characters once trimmed and normalised (NFC); no "
        "control, bidirectional-override or invisible characters (422 bad_name)",
    )

    @field_validator("name")
    @classmethod
    def _readable(cls, value: str) -> str:
        try:
            return clean_name(value)
        except BadName as error:
            raise PydanticCustomError("bad_name", error.message, {"reason": error.reason}) from None


class CreatorIn(JoinIn):
    """The creator's own seat, taken as the match is made: a refused name creates nothing."""

    seat: int = Field(ge=0, examples=[0], description="a human seat of the new match")


class JoinOut(BaseModel):
    seat: int
    token: str = Field(description="the seat's secret; send it as 'Authorization: Bearer <token>'")


class ActionIn(BaseModel):
    model_config = STRICT

    version: int = Field(description="the state version the decision was made on")
    action: Any = Field(default=None, description="the action's JSON, as in legal_actions")
    action_id: int | None = Field(default=None, description="or the action's id instead")


class UndoIn(BaseModel):
    model_config = STRICT

    version: int


class VersionOut(BaseModel):
    version: int


class LeaveOut(BaseModel):
    seat: int
    bot: str


class ReclaimOut(BaseModel):
    seat: int
    version: int = Field(description="the match's version once the seat is yours again")


class StateSeat(BaseModel):
    seat: int
    kind: str = Field(description="how the seat was created: human or bot")
    controller: str = Field(description="who decides for it now: human or bot")
    name: str | None = Field(description="a human's chosen name; bots are named by the page")
    bot: str | None = Field(default=None, description="the bot family playing it, if any")
    level: str | None = Field(default=None, description="and that bot's level")
    taken: bool
    takeover: Literal["timeout", "left", "unknown"] | None = Field(
        default=None,
        description="why a bot plays this human's seat (it can be taken back); null otherwise",
    )
    connected: bool


class MessageOut(BaseModel):
    """A sentence as data, put into words by the reader's page (see docs/web-api.md): a message
    id of the game's or the table's Fluent files, and its arguments. An argument is a number, a
    keyword, or a reference {"kind", "id"}: a player by seat, or printed content by key."""

    id: str = Field(examples=["mono-log-place"])
    args: dict[str, Any] = Field(default_factory=dict)


class LegalAction(BaseModel):
    id: int
    action: dict[str, Any]
    label: MessageOut | int = Field(
        description="the menu entry for the action; with labels=indexed, its index in labels"
    )


class LogEntryOut(BaseModel):
    index: int
    seat: int
    by_bot: bool
    lines: list[MessageOut] = Field(description="the lines this reader may read, in order")


class Clock(BaseModel):
    seat: int
    deadline: str


class Result(BaseModel):
    scores: list[float]
    ranking: list[int]


class StateOut(BaseModel):
    """A seat's (or a spectator's) picture of the match; ``view`` is the game's own view."""

    match_id: str
    game: str
    title: str
    players: int
    options: dict[str, Any]
    version: int
    status: str
    seat: int | None
    seats: list[StateSeat]
    view: dict[str, Any]
    to_move: int | None
    legal_actions: list[LegalAction] | list[int] = Field(
        description="what the seat may do now (empty for anyone else); with legal=ids, bare "
        "action ids"
    )
    can_undo: bool
    undo_blocked: MessageOut | None = Field(
        description="why this seat cannot undo now (message undo-blocked, by reason); null "
        "when it can"
    )
    clock: Clock | None
    intro: list[MessageOut] = Field(description="the game's opening lines for its setup")
    result: Result | None
    log_from: int = Field(
        description="the index of the first log entry sent: 0 for the whole log, more when the "
        "request said which version it holds (since) and the entries before are unchanged"
    )
    log: list[LogEntryOut] = Field(description="the log from entry log_from on")
    hints: bool = Field(description="whether this match's players may ask the coach for hints")
    labels: list[MessageOut] | None = Field(
        default=None,
        description="only with labels=indexed: each distinct label of legal_actions once, which "
        "their label fields index",
    )


class ReplayStep(LogEntryOut):
    view: dict[str, Any]


class ReplayOut(BaseModel):
    match_id: str
    game: str
    seats: list[StateSeat]
    initial: dict[str, Any]
    intro: list[MessageOut]
    steps: list[ReplayStep]
    result: Result


class CoachLineStep(BaseModel):
    """A decision of the coach's line: what it expects to be played next, by whom."""

    seat: int
    action: dict[str, Any]
    said: list[MessageOut] = Field(description="what the log would say of it")


class CoachOption(BaseModel):
    """A decision as the coach judged it. ``id``, ``action`` and ``label`` are left out of a
    review where only the deciding player may know what the options were."""

    id: int | None = None
    action: dict[str, Any] | None = None
    label: MessageOut | None = None
    win: float = Field(description="chance of finishing first after it, 0-1")
    spread: float | None = Field(
        description="how far the coach's searches disagree about ``win``; null: one search"
    )
    visits: float = Field(description="how much the searches looked at it")
    score: float = Field(description="the seat's projected score after it (the game's heuristic)")
    place: float = Field(description="the seat's projected place after it, 1 for first")
    line: list[CoachLineStep] | None = Field(
        default=None,
        description="the coach's line: the next few decisions its search expects after this one "
        "(to the deciding seat alone)",
    )


class HintOut(BaseModel):
    """The coach's best decisions for the seat to move, from that seat's view."""

    match_id: str
    version: int
    seat: int
    win: float = Field(description="the seat's win chance with the best decision, 0-1")
    unsure: bool = Field(description="the two best decisions are too close to tell apart")
    iterations: int
    legal: int = Field(description="how many decisions were legal")
    reason: MessageOut | None = Field(
        default=None,
        description="what the best decision does that the next best does not, in the game's "
        "terms; null when the game cannot say",
    )
    decisions: list[CoachOption]


class ReviewProgress(BaseModel):
    done: int
    total: int


class GraphPoint(BaseModel):
    index: int = Field(description="the decision's place in the log (replay step index)")
    win: float = Field(description="the seat's win chance after its decision, 0-1")


class ReviewSeat(BaseModel):
    seat: int
    decisions: int = Field(description="decisions judged (forced ones and a bot's are not)")
    marks: dict[str, int] = Field(description="how many decisions got each mark")
    mean_loss: float
    graph: list[GraphPoint]


class ReviewDecision(BaseModel):
    index: int = Field(description="the decision's place in the log (replay step index)")
    seat: int
    legal: int
    mark: Literal["good", "inaccuracy", "mistake", "blunder"]
    loss: float = Field(description="win chance lost against the best decision, 0-1")
    unsure: bool = Field(description="the coach's searches disagree by more than the loss")
    chose_best: bool
    shown: bool = Field(description="whether everyone may read what the options were")
    reason: MessageOut | None = Field(
        default=None,
        description="what the coach's choice does that the decision played does not, in the "
        "game's terms (a marked decision, where the game can say)",
    )
    chosen: CoachOption
    best: CoachOption
    alternatives: list[CoachOption] = Field(description="the best few decisions, best first")


class ReviewOut(BaseModel):
    """A finished match's review, or how far its working out has come."""

    match_id: str
    status: Literal["queued", "running", "done", "failed"]
    thresholds: dict[str, float] = Field(description="the least loss for each mark")
    marks: list[str]
    progress: ReviewProgress | None = None
    iterations: int | None = None
    seats: list[ReviewSeat]
    decisions: list[ReviewDecision]
