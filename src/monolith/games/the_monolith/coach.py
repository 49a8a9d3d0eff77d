"""What the coach needs to know about The Monolith beyond its rules: how far a game has come.

Early in a game a lead is worth less than the same lead near the end, so the coach's win chances
are calibrated by progress as well as by the search's reward (:mod:`monolith.bots.coach`).
"""

from __future__ import annotations

from monolith.games.the_monolith.rules import DAYS, State, TheMonolithRules

PHASE_SHARE = {"draft": 0.0, "setup": 0.0, "order": 0.1, "action": 0.5, "rest": 0.9}
"""How far into its day each phase starts."""


def progress(game: TheMonolithRules, state: State) -> float:
    """How far the game has come, 0 at setup and 1 at its end: days gone, and the phase of this
    one."""
    if state.phase == "over":
        return 1.0
    return min(1.0, (state.day - 1 + PHASE_SHARE.get(state.phase, 0.0)) / DAYS)
