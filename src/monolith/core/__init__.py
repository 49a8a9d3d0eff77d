"""The shared core: the game protocol, errors, the seeded random source, records and content."""

from monolith.core.companions import Companions, companions
from monolith.core.errors import (
    BadOptions,
    ContentError,
    GameError,
    IllegalAction,
    MalformedAction,
    ReplayMismatch,
)
from monolith.core.game import (
    AnyGame,
    Game,
    GameInfo,
    JsonDict,
    KeyedLabels,
    LegalIds,
    RuleOption,
)
from monolith.core.record import (
    MatchRecord,
    legal_action_ids,
    record_of,
    replay,
    replayed_step,
    state_hash,
)
from monolith.core.rng import Rng

__all__ = [
    "AnyGame",
    "BadOptions",
    "Companions",
    "ContentError",
    "Game",
    "GameError",
    "GameInfo",
    "IllegalAction",
    "JsonDict",
    "KeyedLabels",
    "LegalIds",
    "MalformedAction",
    "MatchRecord",
    "ReplayMismatch",
    "Rng",
    "RuleOption",
    "companions",
    "legal_action_ids",
    "record_of",
    "replay",
    "replayed_step",
    "state_hash",
]
