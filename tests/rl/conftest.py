"""The research interfaces need the ``[rl]`` extra: skipped on a developer's machine without it,
failed in CI (see ``tests/needs.py``)."""

from __future__ import annotations

import importlib

import pytest

from tests.needs import missing


@pytest.fixture(autouse=True)
def rl_extra(request: pytest.FixtureRequest) -> None:
    for module in getattr(request.module, "NEEDS", ("numpy",)):
        try:
            importlib.import_module(module)
        except ImportError:
            missing(f"the [rl] extra ({module}): pip install -e '.[rl]'")
