"""``python -m monolith``: the ``monolith`` command, for a checkout without the script installed."""

from monolith.cli.main import app

app(prog_name="monolith")
