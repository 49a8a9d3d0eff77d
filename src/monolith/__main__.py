"""``python -m monolith``: the same as the ``monolith`` command, for a checkout with no script
installed (or a venv whose scripts are not on the path)."""

from monolith.cli.main import app

if __name__ == "__main__":
    app(prog_name="monolith")
