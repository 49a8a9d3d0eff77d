"""The Monolith's action ids as blocks and axes (:class:`monolith.core.actions.ActionLayout`),
one block per kind of action; the docs' action table is printed from here."""

from __future__ import annotations

from monolith.core.actions import ActionBlock, ActionLayout, Axis
from monolith.games.the_monolith.rules import KINDS, OFFSETS

WHEN = {
    "keep_objective": "setup",
    "draft_bid": "draft option",
    "draft_pick": "draft option",
    "take": "start of an order turn",
    "raise": "start of an order turn",
    "forfeit": "start of an order turn",
    "discard_divination": "over the hand limit",
    "march": "march order",
    "step": "march or shaman order",
    "drop_off": "march order",
    "pick_up": "march order",
    "stop": "march, shaman or recruit order",
    "shaman": "shaman order",
    "recruit": "recruit order",
    "deploy": "recruit order (source 0 reserves, 1 anger)",
    "bid": "orders",
    "commit": "orders",
    "use_effect": "card effects (source: divination id, 24 + shaman)",
    "resolve": "card effects (pending index)",
    "pass": "card effects, rest step 2c",
    "slay": "action phase",
    "maneuver": "action phase",
    "boast": "action phase",
    "sacrifice": "action phase",
    "relent": "action phase",
    "fate": "action phase",
    "reveal_objective": "rest step 2c",
    "discard_objective": "over the hand limit",
    "place_event": "rest step 8",
}
"""When each kind is decided (``docs/rules/the-monolith.md``, its action table)."""


def layout() -> ActionLayout:
    """The Monolith's ids: one block per kind of action."""
    blocks = tuple(
        ActionBlock(
            kind,
            OFFSETS[kind],
            tuple(Axis(name, count, low) for name, count, low in params),
            WHEN[kind],
        )
        for kind, params in KINDS
    )
    return ActionLayout("the-monolith", blocks)
