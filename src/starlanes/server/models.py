"""The server's tables (SQLAlchemy Core). The schema is made and changed only by the Alembic
migrations in ``migrations/versions``; these definitions are what the code reads and writes, and
the migration test checks that the two agree.

- ``matches``: one row per match: game, version, params, seats, seed, the current ``step`` (the
  state id), the GM token's and the spectator code's hashes, the outcome once over, bot errors.
- ``seats``: one row per seat: human or bot (agent spec), the invite code's hash (a human seat's,
  until used) and the seat token's hash once joined.
- ``actions``: the append-only log. ``(match_id, step)`` is the primary key: the action taken at
  ``step`` (the state id it was made against); a second append for the same step violates it, so
  of two racing submissions exactly one commits. ``events`` is the JSON of its events with their
  audiences (filtered per reader).
- ``snapshots``: the full state at some steps (every ``SNAPSHOT_EVERY``), so a match is rebuilt
  from its latest snapshot and the actions after it.
"""

from __future__ import annotations

import sqlalchemy as sa

metadata = sa.MetaData()

GM_ACTOR = -1
"""``actions.actor`` of a GM action (seats are 0, 1, ...)."""

matches = sa.Table(
    "matches",
    metadata,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("name", sa.String(200), nullable=False, server_default=""),
    sa.Column("game", sa.String(100), nullable=False),
    sa.Column("version", sa.String(50), nullable=False),
    sa.Column("params", sa.Text, nullable=False),  # JSON object
    sa.Column("seed", sa.String(400), nullable=False),  # decimal text: seeds are up to 129 bits
    sa.Column("step", sa.Integer, nullable=False, server_default="0"),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("gm_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("spectator_hash", sa.String(64), nullable=False, unique=True),
    sa.Column("outcome", sa.Text, nullable=True),  # JSON, once over
    sa.Column("content_hashes", sa.Text, nullable=False, server_default="{}"),
    sa.Column("created", sa.String(40), nullable=False),
    sa.Column("bot_errors", sa.Text, nullable=False, server_default="[]"),  # JSON list (migration 0002)
)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("kind", sa.String(10), nullable=False),  # "human" | "bot"
    sa.Column("agent", sa.String(200), nullable=True),
    sa.Column("invite_hash", sa.String(64), nullable=True, unique=True),
    sa.Column("token_hash", sa.String(64), nullable=True, unique=True),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("step", sa.Integer, primary_key=True),
    sa.Column("actor", sa.Integer, nullable=False),  # seat, or GM_ACTOR
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("events", sa.Text, nullable=False),  # JSON list of events with their audiences
    sa.Column("created", sa.String(40), nullable=False),
)

snapshots = sa.Table(
    "snapshots",
    metadata,
    sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("step", sa.Integer, primary_key=True),
    sa.Column("state", sa.LargeBinary, nullable=False),  # the ruleset's state JSON
)

# --------------------------------------------------------------- campaigns (migration 0003)
# A campaign is a match of a campaign game (star-kingdoms) with two more kinds of rows:
# - ``campaign_sheets``: each nation's feedback sheet of each processed turn (and turn 0, the
#   start), Markdown and HTML, published when the turn is processed; ``seat`` GM_ACTOR is the GM's
#   overview. The sheets are a cache of the log (rebuilt from it when missing).
# - ``campaign_messages``: what players send each other (diplomacy). ``recipients`` is a JSON list
#   of seats; ``cc_gm`` says whether the GM was copied (the GM reads nothing else).

campaign_sheets = sa.Table(
    "campaign_sheets",
    metadata,
    sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("turn", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),  # a seat, or GM_ACTOR for the GM's overview
    sa.Column("markdown", sa.Text, nullable=False),
    sa.Column("html", sa.Text, nullable=False),
    sa.Column("created", sa.String(40), nullable=False),
)

campaign_messages = sa.Table(
    "campaign_messages",
    metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), nullable=False,
              index=True),
    sa.Column("turn", sa.Integer, nullable=False),
    sa.Column("sender", sa.Integer, nullable=False),
    sa.Column("recipients", sa.Text, nullable=False),  # JSON list of seats
    sa.Column("cc_gm", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("created", sa.String(40), nullable=False),
)

# ``campaign_deadlines`` (migration 0004): the deadline the GM set for a campaign's turn; when it
# passes the server processes that turn (the GM's ``close``), once: the append is conditional on
# the step the turn was at, so two server processes never close two turns.
campaign_deadlines = sa.Table(
    "campaign_deadlines",
    metadata,
    sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("turn", sa.Integer, nullable=False),
    sa.Column("deadline", sa.String(40), nullable=False),  # ISO 8601, UTC ("...+00:00"): sorts as time
)

# ``campaign_forms`` (migration 0005): each nation's civilisation creation form as its player last
# sent it from the browser (JSON of ``creation.CivilisationForm``), and ``step``: the state id of
# the snapshot that holds the nation built from it (the form is applied as a snapshot after a
# logged GM note, ``campaigns.py``), so every server process knows to reload the campaign.
campaign_forms = sa.Table(
    "campaign_forms",
    metadata,
    sa.Column("match_id", sa.String(32), sa.ForeignKey("matches.id", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("form", sa.Text, nullable=False),
    sa.Column("step", sa.Integer, nullable=False),
    sa.Column("created", sa.String(40), nullable=False),
)
