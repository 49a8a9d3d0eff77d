"""Matches count their stored changes (``sequence``), so several server processes can share a
database: each write is conditional on the count it read, and tells the others what it changed.

Existing matches start at 0; only the differences between counts matter.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column(
        "matches", sa.Column("sequence", sa.Integer(), nullable=False, server_default="0")
    )


def downgrade() -> None:
    # Plain ALTER TABLE (SQLite 3.35+), not a batch: rebuilding ``matches`` on SQLite would
    # cascade the deletion of the old table to every match's seats and actions.
    op.drop_column("matches", "sequence")
