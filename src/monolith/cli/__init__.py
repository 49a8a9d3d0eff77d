"""The ``monolith`` command: terminal play, bot simulations and benchmarks for every game."""
