"""Campaigns: the feedback sheets published each turn, and the messages between players.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "campaign_sheets",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("turn", sa.Integer, primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("markdown", sa.Text, nullable=False),
        sa.Column("html", sa.Text, nullable=False),
        sa.Column("created", sa.String(40), nullable=False),
    )
    op.create_table(
        "campaign_messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False),
        sa.Column("turn", sa.Integer, nullable=False),
        sa.Column("sender", sa.Integer, nullable=False),
        sa.Column("recipients", sa.Text, nullable=False),
        sa.Column("cc_gm", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created", sa.String(40), nullable=False),
    )
    op.create_index("ix_campaign_messages_match_id", "campaign_messages", ["match_id"])


def downgrade() -> None:
    op.drop_index("ix_campaign_messages_match_id", "campaign_messages")
    op.drop_table("campaign_messages")
    op.drop_table("campaign_sheets")
