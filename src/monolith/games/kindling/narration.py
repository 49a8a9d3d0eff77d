"""What Kindling's players read: menu entries and log lines, as messages (words in
``messages/{lang}/kindling.ftl``)."""

from __future__ import annotations

from collections import Counter

from monolith.core.i18n import Line, Message, Ref, msg, player
from monolith.games.kindling.rules import Action, KindlingRules, State


def _card(game: KindlingRules, card: int) -> dict[str, Ref | int]:
    c = game.content
    return {"wood": Ref("wood", c.woods[c.wood_of(card)]), "value": c.value_of(card)}


def label(game: KindlingRules, state: State, action: Action) -> Message:
    return msg(f"kin-{action.kind}", **_card(game, action.card))


def narrate(game: KindlingRules, before: State, action: Action, after: State) -> list[Line]:
    """The move, then the card drawn (its face for the drawer alone), then the end if it came."""
    seat = before.current
    assert seat is not None
    actor = player(seat)
    lines = [Line(msg(f"kin-log-{action.kind}", actor=actor, **_card(game, action.card)))]
    left = Counter(before.hands[seat])
    left[action.card] -= 1
    drawn = list((Counter(after.hands[seat]) - left).elements())
    for card in drawn:
        lines.append(
            Line(
                msg("kin-log-draw-own", actor=actor, **_card(game, card)),
                only=seat,
                others=msg("kin-log-draw", actor=actor),
            )
        )
    if after.current is None:
        lines.append(Line(msg("kin-log-over")))
    return lines


def introduce(game: KindlingRules, state: State) -> list[Line]:
    return [
        Line(msg("kin-log-deal", players=state.players, cards=game.content.hand)),
        Line(msg("kin-log-first", actor=player(0))),
    ]
