"""Alembic environment of the match server: migrations run on the connection the server hands
over in ``config.attributes["connection"]`` (``starlanes.server.db.migrate``); there is no
alembic.ini and no offline mode."""

from __future__ import annotations

from alembic import context

from starlanes.server.models import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
