"""Fixtures of the server tests: a server app on a fresh database, SQLite or PostgreSQL.

The persistence tests run on both. PostgreSQL is the local server of the project's machines
(127.0.0.1:5432, trust auth, database ``test``); each test that needs one gets a database of its
own, dropped afterwards. When PostgreSQL cannot be reached the tests FAIL, saying how to start
it, unless ``STARLANES_NO_POSTGRES=1`` is set, which skips them (loudly).
"""

from __future__ import annotations

import os
import secrets
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

# Starlette's TestClient asks for a successor of httpx that the project does not use yet
warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
from fastapi.testclient import TestClient  # noqa: E402

from starlanes.server import Settings, create_app  # noqa: E402

PG_HOST = os.environ.get("STARLANES_PG_HOST", "127.0.0.1")
PG_PORT = int(os.environ.get("STARLANES_PG_PORT", "5432"))
START_PG = "pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start"


def _pg_user() -> str:
    """A role that can log in (trust auth): ``postgres`` or ``root``; the reason when none can."""
    errors = []
    for user in ("postgres", "root"):
        try:
            with psycopg.connect(host=PG_HOST, port=PG_PORT, dbname="test", user=user, connect_timeout=3):
                return user
        except psycopg.Error as exc:
            errors.append(f"{user}: {' '.join(str(exc).split())[:160]}")
    raise ConnectionError("; ".join(errors))


@pytest.fixture(scope="session")
def pg_user() -> str:
    try:
        return _pg_user()
    except ConnectionError as exc:
        if os.environ.get("STARLANES_NO_POSTGRES") == "1":
            pytest.skip(f"POSTGRESQL TESTS SKIPPED (STARLANES_NO_POSTGRES=1): PostgreSQL at {PG_HOST}:{PG_PORT} "
                        f"is not reachable ({exc})")
        pytest.fail(f"PostgreSQL at {PG_HOST}:{PG_PORT} (database 'test') is not reachable: {exc}. Start it with "
                    f"`{START_PG}`, or set STARLANES_NO_POSTGRES=1 to skip the PostgreSQL tests.", pytrace=False)


class PgDatabases:
    """Databases made for one test run, dropped at its end."""

    def __init__(self, user: str) -> None:
        self.user = user
        self.made: list[str] = []

    def _admin(self) -> psycopg.Connection[Any]:
        return psycopg.connect(host=PG_HOST, port=PG_PORT, dbname="test", user=self.user, autocommit=True)

    def new(self) -> str:
        name = f"starlanes_test_{os.getpid()}_{secrets.token_hex(4)}"
        with self._admin() as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        self.made.append(name)
        return f"postgresql://{self.user}@{PG_HOST}:{PG_PORT}/{name}"

    def drop_all(self) -> None:
        with self._admin() as conn:
            for name in self.made:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        self.made.clear()


@pytest.fixture(scope="session")
def pg_databases(pg_user: str) -> Iterator[PgDatabases]:
    dbs = PgDatabases(pg_user)
    yield dbs
    dbs.drop_all()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each backend."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'server.db'}"
    dbs: PgDatabases = request.getfixturevalue("pg_databases")
    return dbs.new()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'server.db'}"


def settings(url: str, **changes: Any) -> Settings:
    values: dict[str, Any] = {"db": url, "rate": 0.0, "bot_budget": 5.0}
    values.update(changes)
    return Settings(**values)


@pytest.fixture
def make_client() -> Iterator[Callable[..., TestClient]]:
    """``make_client(url, **settings)``: a started app on ``url`` (closed after the test)."""
    clients: list[TestClient] = []

    def make(url: str, **changes: Any) -> TestClient:
        client = TestClient(create_app(settings(url, **changes)))
        client.__enter__()
        clients.append(client)
        return client

    yield make
    for client in reversed(clients):
        stop(client)


def stop(client: TestClient) -> None:
    """Stop the server behind ``client`` (once; the fixture stops the others at the end)."""
    if not getattr(client, "_stopped", False):
        client._stopped = True  # type: ignore[attr-defined]
        client.__exit__(None, None, None)


@pytest.fixture
def client(make_client: Callable[..., TestClient], sqlite_url: str) -> TestClient:
    """A server on a fresh SQLite database, bots off unless a test turns them on."""
    return make_client(sqlite_url, bots=False)


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def new_match(client: TestClient, game: str = "retrograde", seats: list[str] | None = None,
              **params: Any) -> dict[str, Any]:
    """A match whose human seats are all joined: the creation answer plus ``tokens`` (seat -> token)."""
    made = client.post("/api/matches", json={"game": game, "seats": seats or ["human", "human"],
                                             "params": params})
    assert made.status_code == 200, made.text
    body: dict[str, Any] = made.json()
    body["tokens"] = {}
    for seat in body["seats"]:
        if seat["kind"] == "human":
            joined = client.post(f"/api/matches/{body['match_id']}/join", json={"invite": seat["invite"]})
            assert joined.status_code == 200, joined.text
            body["tokens"][seat["seat"]] = joined.json()["token"]
    return body
