"""The core's ``MatchStore`` protocol on the server's database (SQLite and PostgreSQL)."""

from __future__ import annotations

import pytest

from starlanes.core.errors import NoSuchMatch, StaleState
from starlanes.core.match import Match
from starlanes.core.store import MatchStore
from starlanes.registry import get_game
from starlanes.server.db import open_database
from starlanes.server.sqlstore import SqlMatchStore


def test_sql_match_store_keeps_the_match_store_protocol(db_url: str) -> None:
    engine = open_database(db_url)
    store: MatchStore = SqlMatchStore(engine)
    game = get_game("retrograde")
    match = Match.new(game, ["human", "random"], seed=4)
    match.play(next(iter(match.to_act())), match.legal_actions(next(iter(match.to_act())))[0])
    mid = store.create(match, "table-1")
    assert store.load(mid).to_dict()["log"] == match.to_dict()["log"]
    seat = next(iter(match.to_act()))
    action = match.legal_actions(seat)[0]
    assert store.append(mid, seat, action, 1) == 2
    with pytest.raises(StaleState):
        store.append(mid, seat, action, 1)
    assert [(s.id, s.step) for s in store.list()] == [("table-1", 2)]
    store.delete(mid)
    with pytest.raises(NoSuchMatch):
        store.load(mid)
    engine.dispose()
