"""The database: URLs, engines, and the migrations run when the server starts.

``--db`` takes ``sqlite:///PATH`` (the default is a file under the user's data directory) or
``postgresql://user@host/dbname`` (driven by psycopg 3). ``open_database`` upgrades an older
schema to the newest migration and refuses a database whose schema is newer than this
starlanes knows (a newer starlanes wrote it: downgrading it would lose data).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

from starlanes.core.errors import PathError, UsageError

from .errors import DatabaseError, one_line

__all__ = ["default_url", "is_postgres", "make_engine", "migrate", "open_database", "schema_revision"]

MIGRATIONS = Path(__file__).parent / "migrations"


def default_url() -> str:
    """``sqlite:///<user data dir>/starlanes/server.db`` (the folder is made when missing)."""
    import platformdirs

    folder = Path(platformdirs.user_data_dir("starlanes", appauthor=False))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise PathError(f"cannot make the data folder {folder}: {exc.strerror or exc}") from exc
    return f"sqlite:///{folder / 'server.db'}"


def normalise_url(url: str) -> str:
    """``url`` with the driver this server uses (``postgresql://`` -> ``postgresql+psycopg://``);
    ``UsageError`` for a database this server does not run on."""
    try:
        parsed = sa.engine.make_url(url)
    except sa.exc.ArgumentError:
        raise UsageError(f"--db '{one_line(url, 80)}' is not a database URL; use sqlite:///PATH or "
                         "postgresql://USER@HOST/DBNAME") from None
    backend = parsed.get_backend_name()
    if backend == "postgresql":
        return parsed.set(drivername="postgresql+psycopg").render_as_string(hide_password=False)
    if backend == "sqlite":
        if parsed.database and parsed.database != ":memory:":
            folder = Path(parsed.database).expanduser().resolve().parent
            if not folder.is_dir():
                raise PathError(f"--db: the folder {folder} does not exist")
        return parsed.set(drivername="sqlite").render_as_string(hide_password=False)
    raise UsageError(f"--db: '{backend}' databases are not supported; use sqlite:///PATH or postgresql://...")


def is_postgres(engine: sa.Engine) -> bool:
    return engine.dialect.name == "postgresql"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")  # readers do not wait for the writer
    # WAL + NORMAL: a commit is in the OS before it returns, so killing the server (SIGKILL) loses
    # no acknowledged action; only a power cut may lose the last commits (FULL would fsync each)
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA busy_timeout=30000")
    cursor.close()


def make_engine(url: str) -> sa.Engine:
    """An engine for ``url`` (normalised); SQLite files in WAL mode with a busy timeout."""
    normal = normalise_url(url)
    if normal.startswith("sqlite"):
        engine = sa.create_engine(normal, connect_args={"timeout": 30, "check_same_thread": False})
        sa.event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return sa.create_engine(normal, pool_size=10, max_overflow=20, pool_pre_ping=True)


def _config() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def head_revision() -> str:
    head = ScriptDirectory.from_config(_config()).get_current_head()
    assert head is not None, "the server ships its migrations"
    return head


def schema_revision(engine: sa.Engine) -> str | None:
    """The migration the database is at (``None``: an empty database)."""
    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def migrate(engine: sa.Engine, revision: str = "head") -> None:
    """Upgrade the database to ``revision`` (default: the newest), in one transaction."""
    config = _config()
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, revision)


def open_database(url: str) -> sa.Engine:
    """An engine on ``url`` with its schema upgraded to this starlanes' newest migration.

    ``DatabaseError`` when the database cannot be reached or its schema is newer than this
    starlanes knows."""
    engine = make_engine(url)
    try:
        current = schema_revision(engine)
    except sa.exc.OperationalError as exc:
        engine.dispose()
        where = engine.url.render_as_string(hide_password=True)
        raise DatabaseError(f"cannot open the database {where}: {one_line(str(exc.orig), 200)}") from None
    known = {script.revision for script in ScriptDirectory.from_config(_config()).walk_revisions()}
    if current is not None and current not in known:
        engine.dispose()
        raise DatabaseError(
            f"the database's schema is at revision '{current}', newer than this starlanes knows (up to "
            f"'{head_revision()}'): it was written by a newer starlanes; upgrade starlanes to use it")
    if current != head_revision():
        migrate(engine)
    return engine
