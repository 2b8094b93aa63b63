"""The core's ``MatchStore`` protocol (``starlanes.core.store``) on the server's database.

``SqlMatchStore`` lets any code written against ``MatchStore`` (the terminal session, tools,
tests) keep matches in the server's SQLite or PostgreSQL database: a match created here is
served by ``starlanes serve`` (its human seats have no invite: the GM of the server's own
creation is not known, so such a match is for bots, tools and export), and a match the server
holds loads here as a ``Match``. ``append`` replays the match, applies the action and stores it
with the same conditional append as the server (``SqlStore.append``): ``StaleState`` when
another writer came first.
"""

from __future__ import annotations

import builtins
from typing import Any

import msgspec
import sqlalchemy as sa

from starlanes.core.actions import Action
from starlanes.core.errors import MatchError, NoSuchMatch
from starlanes.core.gm import Actor
from starlanes.core.match import LogEntry, Match
from starlanes.core.params import params_to_dict
from starlanes.core.state import GM, Outcome
from starlanes.core.store import MatchSummary, check_match_id
from starlanes.registry import get_game

from .auth import hash_secret, new_match_id, new_secret
from .models import GM_ACTOR, matches
from .store import SqlStore

__all__ = ["SqlMatchStore"]


def _code(actor: Actor) -> int:
    return GM_ACTOR if actor is GM else int(actor)


class SqlMatchStore:
    """A ``MatchStore`` on an engine whose schema is migrated (``db.open_database``)."""

    def __init__(self, engine: sa.Engine) -> None:
        self.rows = SqlStore(engine)

    def create(self, match: Match, match_id: str | None = None) -> str:
        new_id = check_match_id(match_id) if match_id is not None else new_match_id()
        try:
            self.rows.match(new_id)
        except NoSuchMatch:
            pass
        else:
            raise MatchError(f"the store already holds a match '{new_id}'")
        seats = [{"seat": i, "kind": "human" if spec == "human" else "bot",
                  "agent": None if spec == "human" else spec, "invite_hash": None}
                 for i, spec in enumerate(match.seats)]
        log = [(_code(entry.seat), entry.action, [msgspec.to_builtins(e) for e in events])
               for entry, events in zip(match.log, match.events, strict=True)]
        outcome = match.outcome()
        self.rows.create({
            "id": new_id, "name": "", "game": match.game.spec.id, "version": match.game.spec.version,
            "params": msgspec.json.encode(params_to_dict(match.params)).decode(), "seed": str(match.seed),
            "step": len(log), "players": match.players, "gm_hash": hash_secret(new_secret()),
            "spectator_hash": hash_secret(new_secret()),
            "outcome": None if outcome is None else msgspec.json.encode(outcome).decode(),
            "content_hashes": msgspec.json.encode(match.content_hashes or {}).decode(),
        }, seats, log)
        return new_id

    def load(self, match_id: str) -> Match:
        row = self.rows.match(check_match_id(match_id))
        game = get_game(row.game)
        if row.version != game.spec.version:
            raise MatchError(f"match {match_id} was played with {row.game} version {row.version}, not "
                             f"{game.spec.version}; it cannot be replayed faithfully")
        log = [LogEntry(GM if a.actor == GM_ACTOR else a.actor, a.action) for a in self.rows.actions(match_id)]
        specs = [s.agent or "human" for s in row.seats]
        return Match(game, game.params_from(row.params), specs, row.seed, log, row.created, dict(row.content_hashes))

    def append(self, match_id: str, actor: Actor, action: Action | str, expected_step: int) -> int:
        match = self.load(match_id)
        events = match.append(actor, action, expected_step)  # StaleState / the rules' error: nothing stored
        outcome = match.outcome()
        self.rows.append(match_id, expected_step, _code(actor), match.log[-1].action,
                         [msgspec.to_builtins(e) for e in events],
                         outcome=None if outcome is None else msgspec.to_builtins(outcome))
        return expected_step + 1

    def list(self) -> builtins.list[MatchSummary]:
        with self.rows.engine.connect() as conn:
            ids = [r.id for r in conn.execute(sa.select(matches.c.id).order_by(matches.c.id))]
        out = []
        for match_id in ids:
            row = self.rows.match(match_id)
            outcome: Any = None if row.outcome is None else msgspec.convert(row.outcome, Outcome)
            out.append(MatchSummary(row.id, row.game, tuple(s.agent or "human" for s in row.seats), row.step,
                                    row.created, outcome))
        return out

    def delete(self, match_id: str) -> None:
        self.rows.match(check_match_id(match_id))
        with self.rows.engine.begin() as conn:
            conn.execute(matches.delete().where(matches.c.id == match_id))
