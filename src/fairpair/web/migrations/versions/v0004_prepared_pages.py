"""What the public pages show of a tournament, as last computed: ``prepared``, one row
per tournament and value (its current round's table, its standings, its crosstable),
tagged with the tournament version it was computed from, so that a server that starts
reads them instead of computing them again (``fairpair.web.public_pages``).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-28
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    op.create_table(
        "prepared",
        sa.Column(
            "tournament_id",
            sa.String(32),
            sa.ForeignKey("tournaments.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("key", sa.String(32), primary_key=True),
        sa.Column("version", sa.Integer, nullable=False),
        sa.Column("made_by", sa.String(40), nullable=False),
        sa.Column("millis", sa.Integer, nullable=False),
        sa.Column("data", sa.LargeBinary, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("prepared")
