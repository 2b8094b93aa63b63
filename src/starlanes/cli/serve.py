"""``starlanes serve``: the match server (FastAPI on uvicorn), its database and browser client."""

from __future__ import annotations

import json
import os
from typing import Annotated

import typer

from starlanes.core.errors import UsageError

from .common import console

__all__ = ["register", "serve"]


def serve(
    host: Annotated[str, typer.Option(help="Address to listen on (0.0.0.0: every interface).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="TCP port.")] = 8000,
    db: Annotated[str | None, typer.Option(
        help="Database URL: sqlite:///PATH or postgresql://USER@HOST/DBNAME "
             "(default: a SQLite file in your data folder).")] = None,
    workers: Annotated[int, typer.Option(min=1, max=64, help="Worker processes (more than 1 needs PostgreSQL).")] = 1,
    max_body: Annotated[int, typer.Option(min=1024, help="Largest request body, in bytes.")] = 4 * 1024 * 1024,
    rate: Annotated[float, typer.Option(min=0, help="Requests per second per client address (0: no limit).")] = 50.0,
    burst: Annotated[float, typer.Option(min=1, help="Requests a client may send at once before --rate applies.")]
    = 200.0,
    bot_budget: Annotated[float, typer.Option(min=0.01, help="Seconds a bot may think per move.")] = 5.0,
) -> None:
    """Run the match server: the API at /api, live updates over WebSockets, the browser client at /."""
    import uvicorn

    from starlanes.server.app import SETTINGS_ENV
    from starlanes.server.db import default_url, is_postgres, normalise_url, open_database

    url = db or default_url()
    normalise_url(url)  # a bad URL is one line before anything starts
    engine = open_database(url)  # migrations run once, here, before the workers start
    postgres = is_postgres(engine)
    shown = engine.url.render_as_string(hide_password=True)
    engine.dispose()
    if workers > 1 and not postgres:
        raise UsageError("--workers above 1 needs PostgreSQL (--db postgresql://...): with SQLite the "
                         "processes could not tell each other's WebSockets about new actions")
    os.environ[SETTINGS_ENV] = json.dumps({"db": url, "max_body": max_body, "rate": rate, "burst": burst,
                                           "bot_budget": bot_budget})
    console.print(f"starlanes server on http://{host}:{port}/ (database {shown}, {workers} worker(s)); Ctrl-C stops it")
    uvicorn.run("starlanes.server.app:app_from_env", factory=True, host=host, port=port, workers=workers,
                log_level="warning")


def register(app: typer.Typer) -> None:
    """Attach ``serve`` to the main application."""
    app.command("serve")(serve)
