"""The SQL store of matches: rows in, rows out, and the one conditional append.

``append`` is the heart of durability: in one transaction it inserts the action at ``(match_id,
expected_step)`` and moves ``matches.step`` from ``expected_step`` to ``expected_step + 1``
(``UPDATE ... WHERE step = expected_step``). Of any number of submissions made against the same
state id exactly one commits: the others find the step moved (or hit the primary key) and get
``StaleState`` with the current one. The caller acknowledges an action only after ``append``
returns, that is after the commit. On PostgreSQL the same transaction sends ``NOTIFY`` on
``CHANNEL`` (delivered to every server process at commit, never before).
"""

from __future__ import annotations

import datetime as _dt
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa

from starlanes.core.errors import StaleState

from .auth import Principal
from .db import is_postgres
from .errors import SeatTaken, UnknownMatch
from .models import actions, matches, seats, snapshots

__all__ = ["CHANNEL", "ActionRow", "MatchRow", "SeatRow", "SqlStore"]

CHANNEL = "starlanes_match"


def now() -> str:
    return _dt.datetime.now(_dt.UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True)
class SeatRow:
    seat: int
    kind: str
    agent: str | None
    joined: bool


@dataclass(frozen=True)
class MatchRow:
    id: str
    name: str
    game: str
    version: str
    params: dict[str, Any]
    seed: int
    step: int
    players: int
    outcome: Any
    content_hashes: dict[str, str]
    created: str
    bot_errors: list[dict[str, Any]]
    seats: tuple[SeatRow, ...]


@dataclass(frozen=True)
class ActionRow:
    step: int
    actor: int
    action: str
    events: list[dict[str, Any]]


class SqlStore:
    """Matches in a SQL database (SQLite or PostgreSQL), through SQLAlchemy Core."""

    def __init__(self, engine: sa.Engine) -> None:
        self.engine = engine
        self.postgres = is_postgres(engine)

    def _notify(self, conn: sa.Connection, match_id: str, step: int) -> None:
        """On PostgreSQL: tell every server process, at commit, that ``match_id`` changed."""
        if self.postgres:
            conn.execute(sa.text("SELECT pg_notify(:channel, :payload)"),
                         {"channel": CHANNEL, "payload": f"{match_id}:{step}"})

    # ---------------------------------------------------------------- create
    def create(self, row: dict[str, Any], seat_rows: Sequence[dict[str, Any]],
               log: Sequence[tuple[int, str, list[dict[str, Any]]]] = ()) -> None:
        """Insert a match, its seats and (an imported match) its log, in one transaction."""
        with self.engine.begin() as conn:
            conn.execute(matches.insert().values(**row, created=now()))
            conn.execute(seats.insert(), [dict(r, match_id=row["id"]) for r in seat_rows])
            if log:
                conn.execute(actions.insert(), [
                    {"match_id": row["id"], "step": i, "actor": actor, "action": text,
                     "events": json.dumps(events), "created": now()}
                    for i, (actor, text, events) in enumerate(log)])
            self._notify(conn, row["id"], len(log))

    # ------------------------------------------------------------------ read
    def match(self, match_id: str) -> MatchRow:
        with self.engine.connect() as conn:
            row = conn.execute(sa.select(matches).where(matches.c.id == match_id)).mappings().first()
            if row is None:
                raise UnknownMatch(match_id)
            seat_rows = conn.execute(sa.select(seats).where(seats.c.match_id == match_id)
                                     .order_by(seats.c.seat)).mappings().all()
        return MatchRow(
            id=row["id"], name=row["name"], game=row["game"], version=row["version"],
            params=json.loads(row["params"]), seed=int(row["seed"]), step=row["step"],
            players=row["players"], outcome=None if row["outcome"] is None else json.loads(row["outcome"]),
            content_hashes=json.loads(row["content_hashes"]), created=row["created"],
            bot_errors=json.loads(row["bot_errors"]),
            seats=tuple(SeatRow(s["seat"], s["kind"], s["agent"], s["token_hash"] is not None) for s in seat_rows),
        )

    def step(self, match_id: str) -> int:
        with self.engine.connect() as conn:
            step = conn.execute(sa.select(matches.c.step).where(matches.c.id == match_id)).scalar()
        if step is None:
            raise UnknownMatch(match_id)
        return int(step)

    def actions(self, match_id: str, since: int = 0, until: int | None = None) -> list[ActionRow]:
        """The log from step ``since`` (inclusive) to ``until`` (exclusive)."""
        query = sa.select(actions.c.step, actions.c.actor, actions.c.action, actions.c.events).where(
            actions.c.match_id == match_id, actions.c.step >= since)
        if until is not None:
            query = query.where(actions.c.step < until)
        with self.engine.connect() as conn:
            rows = conn.execute(query.order_by(actions.c.step)).all()
        return [ActionRow(r.step, r.actor, r.action, json.loads(r.events)) for r in rows]

    def latest_snapshot(self, match_id: str, at_most: int) -> tuple[int, bytes] | None:
        query = (sa.select(snapshots.c.step, snapshots.c.state)
                 .where(snapshots.c.match_id == match_id, snapshots.c.step <= at_most)
                 .order_by(snapshots.c.step.desc()).limit(1))
        with self.engine.connect() as conn:
            row = conn.execute(query).first()
        return None if row is None else (int(row.step), bytes(row.state))

    def principal(self, match_id: str, secret_hash: str) -> Principal | None:
        """Whose secret ``secret_hash`` is in ``match_id`` (a seat token, the GM token or the
        spectator code), or ``None``."""
        with self.engine.connect() as conn:
            seat = conn.execute(sa.select(seats.c.seat).where(
                seats.c.match_id == match_id, seats.c.token_hash == secret_hash)).scalar()
            if seat is not None:
                return Principal(match_id, "seat", int(seat))
            row = conn.execute(sa.select(matches.c.gm_hash, matches.c.spectator_hash).where(
                matches.c.id == match_id)).first()
        if row is None:
            raise UnknownMatch(match_id)
        if row.gm_hash == secret_hash:
            return Principal(match_id, "gm")
        if row.spectator_hash == secret_hash:
            return Principal(match_id, "spectator")
        return None

    def principals(self, secret_hashes: Sequence[str]) -> list[Principal]:
        """The seats and GMs that ``secret_hashes`` belong to, in any match."""
        if not secret_hashes:
            return []
        with self.engine.connect() as conn:
            found = [Principal(r.match_id, "seat", r.seat) for r in conn.execute(
                sa.select(seats.c.match_id, seats.c.seat).where(seats.c.token_hash.in_(secret_hashes)))]
            found += [Principal(r.id, "gm") for r in conn.execute(
                sa.select(matches.c.id).where(matches.c.gm_hash.in_(secret_hashes)))]
        return found

    def open_matches_with_bots(self) -> list[str]:
        """Ids of the matches not over that have a bot seat (the bot worker's work after a restart)."""
        query = (sa.select(matches.c.id).where(matches.c.outcome.is_(None))
                 .where(sa.exists().where(seats.c.match_id == matches.c.id, seats.c.kind == "bot")))
        with self.engine.connect() as conn:
            return [r.id for r in conn.execute(query)]

    # ----------------------------------------------------------------- write
    def join(self, match_id: str, invite_hash: str, token_hash: str) -> int | None:
        """Use an invite: give its seat the token; ``None`` when no invite of the match matches,
        ``SeatTaken`` when its seat was already taken (an invite is used once)."""
        with self.engine.begin() as conn:
            row = conn.execute(sa.select(seats.c.seat, seats.c.token_hash).where(
                seats.c.match_id == match_id, seats.c.invite_hash == invite_hash)).first()
            if row is None:
                return None
            done = conn.execute(seats.update().where(
                seats.c.match_id == match_id, seats.c.seat == row.seat, seats.c.token_hash.is_(None),
            ).values(token_hash=token_hash))
            self._notify(conn, match_id, -1)
            if row.token_hash is not None or done.rowcount != 1:
                raise SeatTaken(f"seat {row.seat} was already taken with this invite; an invite is used once "
                                "(its player keeps the seat's token)")
            return int(row.seat)

    def append(self, match_id: str, expected_step: int, actor: int, text: str, events: list[dict[str, Any]],
               outcome: Any = None, snapshot: bytes | None = None) -> None:
        """Log ``actor``'s action made at ``expected_step`` and advance the match, atomically;
        ``StaleState`` (nothing written) when the match is no longer at ``expected_step``."""
        try:
            with self.engine.begin() as conn:
                moved = conn.execute(matches.update().where(
                    matches.c.id == match_id, matches.c.step == expected_step,
                ).values(step=expected_step + 1, outcome=None if outcome is None else json.dumps(outcome)))
                if moved.rowcount != 1:
                    raise _Stale
                conn.execute(actions.insert().values(
                    match_id=match_id, step=expected_step, actor=actor, action=text,
                    events=json.dumps(events), created=now()))
                if snapshot is not None:
                    conn.execute(snapshots.insert().values(match_id=match_id, step=expected_step + 1, state=snapshot))
                self._notify(conn, match_id, expected_step + 1)
        except (_Stale, sa.exc.IntegrityError):
            raise StaleState(expected_step, self.step(match_id)) from None
        except sa.exc.OperationalError as exc:
            if self.postgres and getattr(exc.orig, "sqlstate", "") in ("40001", "40P01"):
                raise StaleState(expected_step, self.step(match_id)) from None
            raise

    def put_snapshot(self, match_id: str, step: int, state: bytes) -> None:
        """Store the state at ``step`` (replacing one stored there)."""
        with self.engine.begin() as conn:
            conn.execute(snapshots.delete().where(snapshots.c.match_id == match_id, snapshots.c.step == step))
            conn.execute(snapshots.insert().values(match_id=match_id, step=step, state=state))

    def add_bot_error(self, match_id: str, entry: dict[str, Any]) -> None:
        with self.engine.begin() as conn:
            current = conn.execute(sa.select(matches.c.bot_errors).where(matches.c.id == match_id)
                                   .with_for_update()).scalar()
            errors = json.loads(current or "[]")
            errors.append(entry)
            conn.execute(matches.update().where(matches.c.id == match_id).values(bot_errors=json.dumps(errors)))
            self._notify(conn, match_id, -1)


class _Stale(Exception):
    """The conditional update found the match at another step."""

