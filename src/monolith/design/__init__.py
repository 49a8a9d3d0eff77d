"""What a game designer asks of many bot games: simulations, balance reports, rule comparisons,
tournaments and the strength ladder, with their statistics, tables and charts.

The ``monolith simulate / analyze / compare / arena / ladder`` commands only parse options and
print; the work is here, callable from Python and tests. See docs/designer.md.
"""
