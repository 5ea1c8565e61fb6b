"""The first schema: games, links, actions, replays.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
        sa.Column("factions", sa.Text, nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
        sa.Column("origin", sa.Text, nullable=False),
        sa.Column("meta", sa.Text, nullable=False),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("current_seat", sa.Integer, nullable=True),
        sa.Column("over", sa.Integer, nullable=False),
    )
    op.create_table(
        "links",
        sa.Column("token", sa.String(64), primary_key=True),
        sa.Column("game_id", sa.String(64), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seats", sa.Text, nullable=False),
    )
    op.create_index("ix_links_game_id", "links", ["game_id"])
    op.create_table(
        "actions",
        sa.Column("game_id", sa.String(64), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("token", sa.Text, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "replays",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("replays")
    op.drop_table("actions")
    op.drop_index("ix_links_game_id", "links")
    op.drop_table("links")
    op.drop_table("games")
