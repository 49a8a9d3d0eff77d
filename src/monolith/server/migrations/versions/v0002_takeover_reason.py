"""Seats remember why a bot took them over (``timeout`` or ``left``), so the page can say so.

Seats taken over before this revision kept no reason; they read ``unknown``, so that a reason is
set exactly when a bot plays a human's seat.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("takeover_reason", sa.String(16), nullable=True))
    seats = sa.table("seats", sa.column("taken_over", sa.Boolean()), sa.column("takeover_reason"))
    op.execute(
        seats.update()
        .where(seats.c.taken_over == sa.true())
        .values(takeover_reason=sa.literal("unknown"))
    )


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("takeover_reason")
