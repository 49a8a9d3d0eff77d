"""The coach: matches say whether their players may ask for hints, and reviews are kept.

Matches made before this revision had no hints.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-14
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    # A plain ALTER TABLE, not a batch: rebuilding ``matches`` on SQLite would delete every seat
    # and action through their ON DELETE CASCADE.
    op.add_column(
        "matches", sa.Column("hints", sa.Boolean(), nullable=False, server_default=sa.false())
    )
    op.create_table(
        "reviews",
        sa.Column(
            "match_id",
            sa.String(32),
            sa.ForeignKey("matches.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("iterations", sa.Integer(), nullable=False),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("error", sa.String(500), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    )


def downgrade() -> None:
    op.drop_table("reviews")
    op.drop_column("matches", "hints")  # SQLite 3.35+ drops a column in place
