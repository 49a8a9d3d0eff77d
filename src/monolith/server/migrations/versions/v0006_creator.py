"""Matches remember who created them (a digest of the client's address), so that the bots one
client may have playing at once can be counted (``MONOLITH_BOT_QUOTA``), across restarts and
server processes.

Existing matches have no creator and count for nobody.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-05
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.add_column("matches", sa.Column("creator", sa.String(32), nullable=True))
    op.create_index("ix_matches_creator", "matches", ["creator"])


def downgrade() -> None:
    op.drop_index("ix_matches_creator", table_name="matches")
    op.drop_column("matches", "creator")
