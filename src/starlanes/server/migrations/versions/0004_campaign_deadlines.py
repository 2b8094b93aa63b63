"""Campaigns: the deadline of a campaign's turn (processed by the server when it passes).

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "campaign_deadlines",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("turn", sa.Integer, nullable=False),
        sa.Column("deadline", sa.String(40), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("campaign_deadlines")
