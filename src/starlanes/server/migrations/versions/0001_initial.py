"""The first schema: matches, seats, the action log.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "matches",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False, server_default=""),
        sa.Column("game", sa.String(100), nullable=False),
        sa.Column("version", sa.String(50), nullable=False),
        sa.Column("params", sa.Text, nullable=False),
        sa.Column("seed", sa.String(400), nullable=False),
        sa.Column("step", sa.Integer, nullable=False, server_default="0"),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("gm_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("spectator_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("outcome", sa.Text, nullable=True),
        sa.Column("content_hashes", sa.Text, nullable=False, server_default="{}"),
        sa.Column("created", sa.String(40), nullable=False),
    )
    op.create_table(
        "seats",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("agent", sa.String(200), nullable=True),
        sa.Column("invite_hash", sa.String(64), nullable=True, unique=True),
        sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
    )
    op.create_table(
        "actions",
        sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("step", sa.Integer, primary_key=True),
        sa.Column("actor", sa.Integer, nullable=False),
        sa.Column("action", sa.Text, nullable=False),
        sa.Column("events", sa.Text, nullable=False),
        sa.Column("created", sa.String(40), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("actions")
    op.drop_table("seats")
    op.drop_table("matches")
