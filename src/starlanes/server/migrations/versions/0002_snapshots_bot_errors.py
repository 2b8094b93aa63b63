"""Snapshots of the state (a match is rebuilt from the latest one), and the bot errors of a match.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("matches") as batch:
        batch.add_column(sa.Column("bot_errors", sa.Text, nullable=False, server_default="[]"))
    op.create_table(
        "snapshots",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("step", sa.Integer, primary_key=True),
        sa.Column("state", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
    with op.batch_alter_table("matches") as batch:
        batch.drop_column("bot_errors")
