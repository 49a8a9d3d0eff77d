"""Kindling's content: the woods, the copies of each value and the scoring, loaded from
``content/cards.toml`` and validated (types by msgspec, then meaning: unique keys, enough cards
for a full table), each problem a :class:`ContentError` naming file, entry and problem."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import msgspec

from monolith.core.content import load_toml
from monolith.core.errors import ContentError

CONTENT_FILE = Path(__file__).parent / "content" / "cards.toml"

MAX_PLAYERS = 4
_KEY = re.compile(r"^[a-z][a-z0-9]*$")


class WoodDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    key: str
    name: str


class CardsFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    hand: int
    fire_cost: int
    blaze: int
    blaze_bonus: int
    copies: list[int]
    wood: list[WoodDef]


@dataclass(frozen=True)
class Content:
    """The compiled content. A card is an int: ``wood * values + value - 1``."""

    woods: tuple[str, ...]
    names: tuple[str, ...]
    copies: tuple[int, ...]
    hand: int
    fire_cost: int
    blaze: int
    blaze_bonus: int

    @property
    def values(self) -> int:
        return len(self.copies)

    @property
    def cards(self) -> int:
        """How many kinds of card there are (wood and value)."""
        return len(self.woods) * self.values

    def deck(self) -> tuple[int, ...]:
        """Every card of a game, in card order."""
        return tuple(
            card for card in range(self.cards) for _ in range(self.copies[card % self.values])
        )

    def wood_of(self, card: int) -> int:
        return card // self.values

    def value_of(self, card: int) -> int:
        return card % self.values + 1

    def code(self, card: int) -> str:
        """A card as the views and JSON name it: ``oak-3``."""
        return f"{self.woods[self.wood_of(card)]}-{self.value_of(card)}"

    def card_of(self, code: object) -> int:
        """The card named ``code``; :class:`ValueError` naming what is wrong otherwise."""
        if not isinstance(code, str) or "-" not in code:
            raise ValueError(f"a card is named like 'oak-3', not {code!r}")
        wood, _, value = code.rpartition("-")
        if wood not in self.woods or not value.isdigit() or not 1 <= int(value) <= self.values:
            raise ValueError(f"no card {code!r} in this deck")
        return self.woods.index(wood) * self.values + int(value) - 1

    def best_fire(self) -> int:
        """The most one wood's fire can score: every card of it, bonus included."""
        total = sum(value * copies for value, copies in enumerate(self.copies, start=1))
        bonus = self.blaze_bonus if sum(self.copies) >= self.blaze else 0
        return total - self.fire_cost + bonus


def load_content(path: Path = CONTENT_FILE) -> Content:
    """Read and check a cards file."""
    raw = load_toml(path, CardsFile)
    name = path.name

    def bad(entry: str, problem: str) -> ContentError:
        return ContentError(name, entry, problem)

    if not 2 <= len(raw.wood) <= 6:
        raise bad("wood", f"must list 2-6 woods, not {len(raw.wood)}")
    keys = [w.key for w in raw.wood]
    for i, wood in enumerate(raw.wood):
        if not _KEY.match(wood.key):
            raise bad(f"wood[{i}].key", f"must be lower-case letters and digits, not {wood.key!r}")
        if keys.count(wood.key) > 1:
            raise bad(f"wood[{i}].key", f"{wood.key!r} is listed twice")
        if not wood.name.strip():
            raise bad(f"wood[{i}].name", "must not be empty")
    if not 1 <= len(raw.copies) <= 9:
        raise bad("copies", f"must give 1-9 values, not {len(raw.copies)}")
    if any(c < 0 for c in raw.copies) or sum(raw.copies) == 0:
        raise bad("copies", "must be counts of 0 or more, not all 0")
    if not 1 <= raw.hand <= 5:
        raise bad("hand", f"must be 1-5 cards, not {raw.hand}")
    if raw.fire_cost < 0 or raw.blaze < 1 or raw.blaze_bonus < 0:
        raise bad("fire_cost", "fire_cost and blaze_bonus must be 0 or more, blaze 1 or more")
    deck = len(raw.wood) * sum(raw.copies)
    if deck < raw.hand * MAX_PLAYERS:
        raise bad("copies", f"{deck} cards cannot deal {raw.hand} to {MAX_PLAYERS} players")
    return Content(
        woods=tuple(keys),
        names=tuple(w.name for w in raw.wood),
        copies=tuple(raw.copies),
        hand=raw.hand,
        fire_cost=raw.fire_cost,
        blaze=raw.blaze,
        blaze_bonus=raw.blaze_bonus,
    )


@cache
def default_content() -> Content:
    return load_content()
