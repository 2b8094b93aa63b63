"""Issue 10 items 1 and 6 on SQLite and PostgreSQL: migrations on start, the conditional append
(100 racing clients, one success), matches rebuilt after a restart (snapshots), bots going on."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.runtime.migration import MigrationContext
from fastapi.testclient import TestClient

from starlanes.core.match import Match
from starlanes.core.state import GM
from starlanes.registry import get_game
from starlanes.server.db import head_revision, make_engine, migrate, open_database, schema_revision
from starlanes.server.errors import DatabaseError
from starlanes.server.models import metadata

from .conftest import bearer, new_match, stop


def test_the_tables_match_the_migrations(db_url: str) -> None:
    engine = open_database(db_url)
    with engine.connect() as conn:
        diffs = compare_metadata(MigrationContext.configure(conn), metadata)
    engine.dispose()
    assert diffs == []


def test_an_older_database_is_upgraded_on_start_keeping_its_matches(db_url: str) -> None:
    engine = make_engine(db_url)
    migrate(engine, "0001")
    with engine.begin() as conn:
        conn.execute(sa.text(
            "INSERT INTO matches (id, name, game, version, params, seed, step, players, gm_hash, spectator_hash, "
            "content_hashes, created) VALUES ('old', '', 'retrograde', :v, '{}', '7', 0, 2, 'g', 's', '{}', 'then')"),
            {"v": get_game("retrograde").spec.version})
    engine.dispose()
    upgraded = open_database(db_url)
    assert schema_revision(upgraded) == head_revision()
    with upgraded.connect() as conn:
        assert conn.execute(sa.text("SELECT bot_errors FROM matches WHERE id = 'old'")).scalar() == "[]"
    upgraded.dispose()


def test_a_newer_database_is_refused_with_a_clear_message(db_url: str) -> None:
    engine = open_database(db_url)
    with engine.begin() as conn:
        conn.execute(sa.text("UPDATE alembic_version SET version_num = '9999'"))
    engine.dispose()
    with pytest.raises(DatabaseError, match=r"newer than this starlanes knows.*upgrade starlanes"):
        open_database(db_url)


def test_100_clients_racing_on_one_state_id_have_exactly_one_success(
        db_url: str, make_client: Callable[..., TestClient]) -> None:
    first, second = make_client(db_url, bots=False), make_client(db_url, bots=False)  # two caches, one db
    match = new_match(first, "space-risk")
    mid = match["match_id"]
    seat = first.get(f"/api/matches/{mid}", headers=bearer(match["gm_token"])).json()["to_act"][0]
    token = match["tokens"][seat]
    action = first.get(f"/api/matches/{mid}/actions", headers=bearer(token)).json()["actions"][0]["text"]
    second.get(f"/api/matches/{mid}/view", headers=bearer(token))  # both processes hold the match
    gate = threading.Barrier(100)
    answers: list[Any] = [None] * 100

    def racer(i: int) -> None:
        client = first if i % 2 else second
        gate.wait()
        answers[i] = client.post(f"/api/matches/{mid}/actions", headers=bearer(token),
                                 json={"action": action, "state_id": 0})

    threads = [threading.Thread(target=racer, args=(i,)) for i in range(100)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    codes = sorted(a.status_code for a in answers)
    assert codes == [200] + [409] * 99
    assert {a.json()["error"] for a in answers if a.status_code == 409} == {"StaleState"}
    assert first.get(f"/api/matches/{mid}", headers=bearer(token)).json()["state_id"] == 1
    log = first.get(f"/api/matches/{mid}/export", headers=bearer(match["gm_token"])).json()["log"]
    assert len(log) == 1


def test_a_match_is_rebuilt_after_a_restart_from_its_snapshots_and_log(
        db_url: str, make_client: Callable[..., TestClient]) -> None:
    before = make_client(db_url, bots=True)
    made = before.post("/api/matches", json={"game": "retrograde", "seats": ["random", "random"]}).json()
    mid, gm = made["match_id"], bearer(made["gm_token"])
    deadline = time.monotonic() + 20
    while before.get(f"/api/matches/{mid}", headers=gm).json()["state_id"] < 70:  # past one snapshot (64)
        assert time.monotonic() < deadline, "the bots did not move"
        time.sleep(0.05)
    stop(before)  # the server stops
    after = make_client(db_url, bots=False)
    summary = after.get(f"/api/matches/{mid}", headers=gm).json()
    view = after.get(f"/api/matches/{mid}/view", headers=gm).json()
    replayed = Match.from_dict(after.get(f"/api/matches/{mid}/export", headers=gm).json(), get_game("retrograde"))
    assert replayed.step == summary["state_id"] >= 70

    assert json.loads(get_game("retrograde").view_to_json(replayed.view(GM)))["game"] == view["view"]["game"]


def test_bots_go_on_after_a_restart(db_url: str, make_client: Callable[..., TestClient]) -> None:
    quiet = make_client(db_url, bots=False)
    match = new_match(quiet, "retrograde", seats=["human", "random"], first_player=0)
    mid, token = match["match_id"], bearer(match["tokens"][0])
    while quiet.get(f"/api/matches/{mid}", headers=token).json()["to_act"] == [0]:
        listed = quiet.get(f"/api/matches/{mid}/actions", headers=token).json()
        end = [a for a in listed["actions"] if a["verb"] in ("end", "pass", "end-turn")] or listed["actions"]
        quiet.post(f"/api/matches/{mid}/actions", headers=token,
                   json={"action": end[0]["text"], "state_id": listed["state_id"]})
    waiting = quiet.get(f"/api/matches/{mid}", headers=token).json()
    assert waiting["to_act"] == [1]  # the bot's turn, and no bot worker ran
    stop(quiet)
    restarted = make_client(db_url, bots=True)
    deadline = time.monotonic() + 20
    while restarted.get(f"/api/matches/{mid}", headers=token).json()["to_act"] == [1]:
        assert time.monotonic() < deadline, "the bot did not move after the restart"
        time.sleep(0.05)
    assert restarted.get(f"/api/matches/{mid}", headers=token).json()["state_id"] > waiting["state_id"]


def test_a_process_catching_up_takes_a_newer_snapshot_over_the_log(db_url: str) -> None:
    """A snapshot may hold what no action carries (a campaign's creation form, rulings 405-407): a
    second process whose copy is behind loads the newest snapshot past its step, then the log."""
    from starlanes.server.db import open_database
    from starlanes.server.matches import MatchService, actor_code
    from starlanes.server.store import SqlStore

    store = SqlStore(open_database(db_url))
    first, second = MatchService(store), MatchService(store)
    made = first.create("space-risk", {}, ["human", "human"], seed=5)
    match_id = made["match_id"]
    live = second.live(match_id)  # the second process holds the match at step 0
    assert live.step == 0
    ruleset = live.ruleset
    seat = sorted(ruleset.to_act(live.state))[0]
    state = ruleset.clone(live.state)
    action = ruleset.legal_actions(state, seat)[0]
    ruleset.apply(state, seat, action)
    marked = ruleset.clone(state)
    marked.end_reason = "only in the snapshot"  # a state the log alone does not give
    assert ruleset.to_json(marked) != ruleset.to_json(state)
    store.append(match_id, 0, actor_code(seat), action.text(), [], snapshot=ruleset.to_json(marked))
    caught = second.live(match_id)
    assert caught.step == 1
    assert ruleset.to_json(caught.state) == ruleset.to_json(marked)
