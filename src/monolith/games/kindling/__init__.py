"""Kindling: a small card game for 2-4 players, each feeding fires of four woods from a secret
hand. The whole game is this folder: rules, content (``content/cards.toml``), views, words
(``messages/``), a heuristic for the bots and an encoder for learning code; nothing outside it
names the game (``tests/games/kindling`` checks)."""

from monolith.games.kindling.game import Kindling
from monolith.games.kindling.rules import Action, KindlingRules, State

GAME = Kindling()

__all__ = ["GAME", "Action", "Kindling", "KindlingRules", "State"]
