"""Why the coach prefers one decision to another, said in the game's own terms.

A win chance tells a player how much a decision cost, not what it cost them. The coach compared
two branches, the decision played and the one it prefers; this module plays each branch on to the
end of the seat's turn (a march to its last step, say) and hands both positions to the game's
coach companion, whose ``consequence(game, seat, before, played, preferred)`` names what changed
that matters most: a prophecy fulfilled, a level one cube short, a space's control given up, the
hearts gone to the tower instead of the slay zone. A game without one has no reasons to give.

Both branches start from one state sampled from the seat's view (as the coach's own searches do),
so a reason never rests on anything the seat could not see, and the same decision always gets the
same reason.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from monolith.bots import make_bot
from monolith.bots.arena import derive_seed
from monolith.bots.base import decide
from monolith.core import AnyGame, GameError, JsonDict
from monolith.core.companions import AGAINST_PLAYED, companions
from monolith.core.i18n import Message

FOLLOW_THROUGH = 40
"""The most decisions a branch is played on for the seat before its turn is taken as over."""

FOLLOWER = "greedy"
"""The bot that plays the rest of the seat's turn in both branches, the same way."""


def play_on(game: AnyGame, state: Any, seat: int, action: Any, seed: int) -> Any:
    """The state after ``action`` and the rest of ``seat``'s turn, played by :data:`FOLLOWER`
    (seeded, so each branch is played on the same way every time). The turn is over when
    another seat decides, or when the game's coach companion says a new turn began
    (``turn_of(state)``: a solo player decides turn after turn)."""
    coach = companions(game).coach
    turn_of: Callable[[Any], Hashable] = coach.turn_of if coach else game.current_player
    began = turn_of(state)
    state = game.apply(state, action)
    for step in range(FOLLOW_THROUGH):
        if game.is_terminal(state) or game.current_player(state) != seat:
            break
        if turn_of(state) != began:
            break
        bot = make_bot(FOLLOWER, derive_seed(seed, step))
        state = game.apply(state, decide(bot, game, state))
    return state


def consequence(
    game: AnyGame, state: Any, chosen: Any, best: Any, *, seed: int = 0, spectator: bool = False
) -> Message | None:
    """What the coach's ``best`` decision changes against the ``chosen`` one for the seat deciding
    in ``state``, as a message of the game's, or ``None`` when the game cannot say (no coach
    companion that compares, the same decision, or no difference it names).

    The branches start from a state sampled from the deciding seat's view, or from the
    spectator's with ``spectator`` (for a reader who may not know that seat's hidden cards: the
    reason then cannot rest on them)."""
    seat = game.current_player(state)
    if seat is None:
        return None
    view = game.view(state, None if spectator else seat)
    return consequence_in_view(game, view, seat, chosen, best, seed=seed)


def consequence_in_view(
    game: AnyGame,
    view: JsonDict,
    seat: int,
    chosen: Any,
    best: Any,
    *,
    seed: int = 0,
    against: str = AGAINST_PLAYED,
) -> Message | None:
    """:func:`consequence` from a view (the deciding seat's, or a spectator's), for a worker
    that is handed only the view: both branches start from one state sampled from it.
    ``against`` is what ``chosen`` is to the reader: the move played, or a hint's next choice
    (:data:`~monolith.core.companions.AGAINST_NEXT`)."""
    coach = companions(game).coach
    if coach is None or game.action_to_id(chosen) == game.action_to_id(best):
        return None
    try:
        sample = game.determinize(view, seed)
        played = play_on(game, sample, seat, chosen, seed)
        preferred = play_on(game, sample, seat, best, seed)
    except GameError:
        return None
    return coach.consequence(game, seat, sample, played, preferred, against=against)
