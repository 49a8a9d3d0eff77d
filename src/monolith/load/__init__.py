"""The load harness: the web table measured under load (``monolith bench-server``), a crowd at one
table (``bench-crowd``), the peers measured beside it (boardgame.io, a bare floor server), their
charts, and a throwaway PostgreSQL cluster for them and the tests.

It is a measuring instrument, not part of the product: the server never imports it. See
benchmarks/README.md.
"""
