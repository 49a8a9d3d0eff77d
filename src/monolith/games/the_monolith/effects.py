"""The effect system: card texts as data, run by one small interpreter.

An effect is a timing *window*, an optional *cost* and a list of *operations*. An operation is one
of six primitives (favor, hearts, anger, steps, warriors, objectives), scaled by a *counter* that
reads the board ("2 favor per scriptorium you control" is ``favor`` x 2 per ``scriptorium``). Cards
are entries in TOML files; no card has its own branch in the rules.

Timing: an effect without a cost and without "may" resolves by itself when its window opens (if
several do at once, the deciding player orders them); an effect with a cost (discard the card, or
spend anger) or "may" is offered to its owner as an action while its window is open, once per
window. The rules call :func:`run_ops` with a :class:`Table`, the small surface of primitive
mutations the interpreter is allowed to make.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import msgspec

from monolith.core.errors import ContentError

WINDOWS = (
    "order_turn",  # start of your order turn, before the order
    "march",  # during your march order
    "shaman",  # during your shaman order
    "recruit",  # during your recruit order
    "action_turn",  # during your action turn
    "slay",  # right after your slay action kills
    "rest_score",  # rest phase, step 2a (divinations, shamans) or 2b (events in play)
    "reveal",  # when an event is revealed (rest phase, step 8)
)

ZONES = ("slay", "maneuver", "boast")
"""Clockwise, the order manipulate fate moves hearts in."""


@dataclass(frozen=True)
class OpSpec:
    """Where an operation may appear: the windows it makes sense in (empty: any)."""

    windows: tuple[str, ...]
    help: str


OPS: dict[str, OpSpec] = {
    "favor": OpSpec((), "score favor"),
    "hearts": OpSpec((), "move own unearned hearts to the available pool or an action zone"),
    "anger": OpSpec((), "move own warriors from reserves to the anger pool"),
    "steps": OpSpec(("march", "shaman"), "free march steps / extra shaman steps"),
    "warriors": OpSpec(("recruit",), "extra free warriors for the recruit order"),
    "objectives": OpSpec((), "draw objectives (keep at most three)"),
}


@dataclass(frozen=True)
class CounterSpec:
    """A board count; ``context`` names what it needs ("slay", "space") or is empty."""

    context: str
    help: str


COUNTERS: dict[str, CounterSpec] = {
    "one": CounterSpec("", "always 1"),
    "scriptorium": CounterSpec("", "scriptorium spaces you control"),
    "mausoleum": CounterSpec("", "mausoleum spaces you control"),
    "temple": CounterSpec("", "temple spaces you control"),
    "controlled": CounterSpec("", "spaces you control"),
    "controlled_with_enemy": CounterSpec("", "spaces you control holding an enemy unit"),
    "contested": CounterSpec("", "spaces you contest"),
    "occupied": CounterSpec("", "spaces you occupy"),
    "tunnels_occupied": CounterSpec("", "tunnel spaces you occupy"),
    "strongholds": CounterSpec("", "stronghold spaces you control"),
    "own_stronghold": CounterSpec("", "1 if you control your own stronghold space"),
    "monolith": CounterSpec("", "1 if you control the monolith space"),
    "anger": CounterSpec("", "warriors in your anger pool"),
    "divinations": CounterSpec("", "divinations you hold"),
    "dead_enemies": CounterSpec("", "dead enemy units in spaces you control"),
    "living_warriors": CounterSpec("", "your living warriors on the board"),
    "building_kinds": CounterSpec("", "kinds of building among spaces you control"),
    "shaman_monolith": CounterSpec("", "1 if your living shaman is in the monolith space"),
    "shaman_enemy_stronghold": CounterSpec("", "1 if your living shaman is in an enemy stronghold"),
    "strong_spaces": CounterSpec("", "spaces you control with 3+ of your living units"),
    "near_monolith": CounterSpec("", "spaces you control adjacent to the monolith space"),
    "empty_reserves": CounterSpec("", "1 if your reserves are empty"),
    "slain_warrior": CounterSpec("slay", "1 if this slay killed a warrior"),
    "slain_shaman": CounterSpec("slay", "1 if this slay killed a shaman"),
    "shaman_here": CounterSpec("space", "1 if your living shaman is in the card's space"),
    "control_here": CounterSpec("space", "1 if you control the card's space"),
    "occupy_here": CounterSpec("space", "1 if you occupy the card's space"),
    "enemies_here": CounterSpec("space", "enemy units in the card's space, if you control it"),
}

HEART_TARGETS = ("available", *ZONES)


class OpDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """One operation: ``amount`` x the counter ``per``; ``to`` for hearts."""

    op: str
    amount: int = 1
    per: str = "one"
    to: str = ""


class EffectDef(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A card's effect: window, cost (none / discard / anger), may, operations, text."""

    window: str
    text: str
    ops: list[OpDef]
    cost: str = "none"
    anger: int = 0
    may: bool = False

    @property
    def optional(self) -> bool:
        """Offered as an action rather than resolved by itself."""
        return self.cost != "none" or self.may


def validate_op(op: OpDef, window: str, file: str, entry: str, *, placed: bool = False) -> None:
    """An operation the interpreter can run in this window."""
    if op.op not in OPS:
        raise ContentError(file, entry, f"unknown operation {op.op!r}")
    spec = OPS[op.op]
    if spec.windows and window not in spec.windows:
        raise ContentError(file, entry, f"operation {op.op!r} cannot run in window {window!r}")
    if op.amount < 1:
        raise ContentError(file, entry, f"operation {op.op!r} needs a positive amount")
    counter = COUNTERS.get(op.per)
    if counter is None:
        raise ContentError(file, entry, f"unknown counter {op.per!r}")
    if counter.context == "slay" and window != "slay":
        raise ContentError(file, entry, f"counter {op.per!r} only makes sense during a slay")
    if counter.context == "space" and not placed:
        raise ContentError(file, entry, f"counter {op.per!r} needs a card placed on a space")
    if op.op == "hearts":
        if op.to not in HEART_TARGETS:
            raise ContentError(file, entry, f"hearts go to one of {HEART_TARGETS}, not {op.to!r}")
        if op.to != "available" and window not in ("slay", "action_turn"):
            raise ContentError(file, entry, "hearts reach an action zone only in the action phase")
    elif op.to:
        raise ContentError(file, entry, f"operation {op.op!r} takes no 'to'")


def validate_effect(effect: EffectDef, file: str, entry: str) -> None:
    """An effect with a known window, a well-formed cost and runnable operations."""
    if effect.window not in WINDOWS or effect.window == "reveal":
        raise ContentError(file, entry, f"unknown timing window {effect.window!r}")
    if effect.cost not in ("none", "discard", "anger"):
        raise ContentError(file, entry, f"cost must be none, discard or anger, not {effect.cost!r}")
    if (effect.cost == "anger") != (effect.anger > 0):
        raise ContentError(file, entry, "an anger cost needs a positive anger amount, and only it")
    if not effect.ops:
        raise ContentError(file, entry, "an effect needs at least one operation")
    if not effect.text.strip():
        raise ContentError(file, entry, "an effect needs its text")
    for op in effect.ops:
        validate_op(op, effect.window, file, entry)


class Table(Protocol):
    """The primitive mutations an effect may make; the rules' working state implements them."""

    def count(self, counter: str, player: int, space: int) -> int: ...

    def gain_favor(self, player: int, amount: int, source: int) -> None:
        """Score favor from the effect of ``source`` (the card or ability running it)."""
        ...

    def take_unearned(self, player: int, amount: int, to: str) -> None: ...

    def add_anger(self, player: int, amount: int) -> None: ...

    def add_steps(self, amount: int) -> None: ...

    def add_recruits(self, amount: int) -> None: ...

    def draw_objectives(self, player: int, amount: int) -> None: ...


def run_ops(table: Table, ops: list[OpDef], player: int, space: int = -1, *, source: int) -> None:
    """Run operations for ``player`` in order; ``space`` is the card's or the slay's space,
    ``source`` the card or ability whose effect this is (favor is counted for it)."""
    for op in ops:
        amount = op.amount * table.count(op.per, player, space)
        if amount <= 0:
            continue
        if op.op == "favor":
            table.gain_favor(player, amount, source)
        elif op.op == "hearts":
            table.take_unearned(player, amount, op.to)
        elif op.op == "anger":
            table.add_anger(player, amount)
        elif op.op == "steps":
            table.add_steps(amount)
        elif op.op == "warriors":
            table.add_recruits(amount)
        elif op.op == "objectives":
            table.draw_objectives(player, amount)
        else:  # pragma: no cover - validation refuses unknown operations
            raise ValueError(f"unknown operation {op.op!r}")
