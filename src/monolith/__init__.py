"""monolith-games: the digital edition of Monolyth and The Monolith.

Layers, each importing only from those before it: ``core`` ← ``games`` ← ``bots`` ←
``server``, ``cli``, ``rl``.
"""

__version__ = "0.1.0"
