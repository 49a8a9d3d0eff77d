"""Notices: what a process committed, for the other processes sharing a SQLite file to read.

Written in the same transaction as the change they describe, numbered in commit order (SQLite's
AUTOINCREMENT never reuses a number). PostgreSQL carries the same notices by NOTIFY and leaves
the table empty.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "notices",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("process", sa.String(32), nullable=False),
        sa.Column("payload", sa.Text(), nullable=False),
        sa.Column("created", sa.Float(), nullable=False),
        sqlite_autoincrement=True,
    )
    op.create_index("ix_notices_created", "notices", ["created"])


def downgrade() -> None:
    op.drop_index("ix_notices_created", table_name="notices")
    op.drop_table("notices")
