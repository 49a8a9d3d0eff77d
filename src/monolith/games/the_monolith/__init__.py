"""The Monolith: a 3-4 player area-control game of hearts, a tower and four days.

``GAME`` implements :class:`monolith.core.Game`; the rules live in :mod:`.rules`, content loading
in :mod:`.content`, card effects in :mod:`.effects` and views in :mod:`.observer`.
"""

from monolith.games.the_monolith.game import TheMonolith
from monolith.games.the_monolith.rules import Action, State, TheMonolithRules

GAME = TheMonolith()

__all__ = ["GAME", "Action", "State", "TheMonolith", "TheMonolithRules"]
