"""Campaigns on the server (issue 15 items 5-6): creation, a nation's page, orders checked line by
line and submitted, the GM's page and processing, sheets published to their own nation only,
messages the GM reads only when copied, export and import, and a leak test over these endpoints."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from fastapi.testclient import TestClient

from starlanes.games.star_kingdoms.export import decode_export
from starlanes.server.models import campaign_sheets

from .conftest import bearer, new_match

BAD = "build industrial district on Nowhere\n"


def campaign(client: TestClient, factions: int = 3, **fields: Any) -> dict[str, Any]:
    """A campaign whose nations have all joined: the answer plus ``headers`` (seat -> auth) and ``gm``."""
    made = client.post("/api/campaigns", json={"factions": factions, "turns": 5, **fields})
    assert made.status_code == 200, made.text
    body: dict[str, Any] = made.json()
    body["headers"] = {}
    for seat in body["seats"]:
        joined = client.post(f"/api/matches/{body['match_id']}/join", json={"invite": seat["invite"]})
        body["headers"][seat["seat"]] = bearer(joined.json()["token"])
    body["gm"] = bearer(body["gm_token"])
    return body


def home(client: TestClient, c: dict[str, Any], seat: int) -> str:
    page = client.get(f"/api/campaigns/{c['match_id']}", headers=c["headers"][seat]).json()
    return str(next(p["name"] for p in page["nation"]["planets"] if p["homeworld"]))


def good_orders(client: TestClient, c: dict[str, Any], seat: int) -> str:
    return f"build industrial district on {home(client, c, seat)}  # more industry\n"


def test_a_campaign_is_created_with_an_invitation_per_nation_and_the_gm_closing_turns(client: TestClient) -> None:
    c = campaign(client, nations=["Ann's Realm", "Bo Union"])
    assert [n["name"] for n in c["nations"]][:2] == ["Ann's Realm", "Bo Union"]
    assert len(c["nations"]) == 3 and all(s.get("invite") for s in c["seats"])
    summary = client.get(f"/api/matches/{c['match_id']}", headers=c["gm"]).json()
    assert summary["game"] == "star-kingdoms" and summary["params"]["turn_closes"] == "gm"
    page = client.get(f"/api/campaigns/{c['match_id']}", headers=c["headers"][0]).json()
    assert page["role"] == "seat" and page["nation"]["name"] == "Ann's Realm"
    assert page["nation"]["credits"] == 450 and page["nation"]["techs"]
    assert page["map"]["systems"] and page["map"]["wormholes"]
    home_system = next(p["system"] for p in page["nation"]["planets"] if p["homeworld"])
    names = {s["id"]: s["name"] for s in page["map"]["systems"]}
    assert page["nation"]["units"] and all(u["where"] == names[home_system] for u in page["nation"]["units"])
    assert not page["submitted"] and page["orders"] == ""


def test_orders_are_checked_line_by_line_without_submitting_then_submitted_and_resubmitted(
        client: TestClient) -> None:
    c = campaign(client)
    mid = c["match_id"]
    good = good_orders(client, c, 0)
    checked = client.post(f"/api/campaigns/{mid}/check", headers=c["headers"][0], json={"orders": BAD + good}).json()
    assert not checked["ok"]
    assert [(x["line"], x["accepted"]) for x in checked["lines"]] == [(1, False), (2, True)]
    assert "Nowhere" in checked["lines"][0]["reason"]
    assert client.get(f"/api/matches/{mid}", headers=c["gm"]).json()["submitted"] == []
    refused = client.post(f"/api/campaigns/{mid}/orders", headers=c["headers"][0], json={"orders": BAD + good})
    assert refused.status_code == 422 and "line 1" in refused.json()["message"]
    me = c["headers"][0]
    assert client.post(f"/api/campaigns/{mid}/orders", headers=me, json={"orders": good}).status_code == 200
    again = "# nothing new this turn\n"
    assert client.post(f"/api/campaigns/{mid}/orders", headers=me, json={"orders": again}).status_code == 200
    page = client.get(f"/api/campaigns/{mid}", headers=c["headers"][0]).json()
    assert page["submitted"] and page["orders"] == again
    gm = client.get(f"/api/campaigns/{mid}", headers=c["gm"]).json()
    assert [n["submitted"] for n in gm["nations"]] == [True, False, False]
    assert [q["nation"] for q in gm["queue"] if q["kind"] == "orders"] == [c["nations"][1]["id"], c["nations"][2]["id"]]
    # the GM has no nation; a spectator has no campaign page
    assert client.post(f"/api/campaigns/{mid}/check", headers=c["gm"], json={"orders": good}).status_code == 403


def test_processing_publishes_each_nations_sheet_to_it_alone(client: TestClient) -> None:
    c = campaign(client)
    mid = c["match_id"]
    client.post(f"/api/campaigns/{mid}/orders", headers=c["headers"][0], json={"orders": good_orders(client, c, 0)})
    assert client.post(f"/api/campaigns/{mid}/process", headers=c["headers"][0]).status_code == 403
    done = client.post(f"/api/campaigns/{mid}/process", headers=c["gm"])
    assert done.status_code == 200, done.text
    assert client.get(f"/api/campaigns/{mid}", headers=c["headers"][0]).json()["turn"] == 2
    mine = client.get(f"/api/campaigns/{mid}/sheets", headers=c["headers"][0]).json()
    assert mine == [{"turn": 0, "nation": c["nations"][0]["id"]}, {"turn": 1, "nation": c["nations"][0]["id"]}]
    sheet = client.get(f"/api/campaigns/{mid}/sheets/1", headers=c["headers"][0]).json()
    assert c["nations"][0]["name"] in sheet["html"] and sheet["markdown"].startswith("#")
    other = c["nations"][1]["id"]
    refused = client.get(f"/api/campaigns/{mid}/sheets/1", params={"nation": other}, headers=c["headers"][0])
    assert refused.status_code == 403 and "own" in refused.json()["message"]
    assert c["nations"][1]["name"] not in sheet["html"]
    gm_read = client.get(f"/api/campaigns/{mid}/sheets/1", params={"nation": other}, headers=c["gm"]).json()
    assert c["nations"][1]["name"] in gm_read["html"]
    assert len(client.get(f"/api/campaigns/{mid}/sheets", headers=c["gm"]).json()) == 2 * 4
    missing = client.get(f"/api/campaigns/{mid}/sheets/7", headers=c["headers"][0])
    assert missing.status_code == 404 and "0, 1" in missing.json()["message"]


def test_sheets_lost_from_the_database_are_rebuilt_from_the_log(client: TestClient) -> None:
    c = campaign(client)
    mid = c["match_id"]
    client.post(f"/api/campaigns/{mid}/process", headers=c["gm"])
    before = client.get(f"/api/campaigns/{mid}/sheets/1", headers=c["headers"][2]).json()
    engine = client.app.state.services["service"].store.engine  # type: ignore[attr-defined]
    with engine.begin() as conn:
        conn.execute(sa.delete(campaign_sheets))
    assert client.get(f"/api/campaigns/{mid}/sheets/1", headers=c["headers"][2]).json() == before


def test_a_sheet_downloads_as_pdf(client: TestClient) -> None:
    c = campaign(client, factions=2)
    pdf = client.get(f"/api/campaigns/{c['match_id']}/sheets/0/pdf", headers=c["headers"][1])
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
    assert pdf.headers["content-type"] == "application/pdf"
    assert f"{c['nations'][1]['id']}-turn-000.pdf" in pdf.headers["content-disposition"]


def test_messages_reach_their_recipients_and_the_gm_only_when_copied(client: TestClient) -> None:
    c = campaign(client)
    mid = c["match_id"]
    a, b = c["nations"][0], c["nations"][1]
    unknown = client.post(f"/api/campaigns/{mid}/messages", headers=c["headers"][0],
                          json={"to": [b["name"]], "text": "hello"})
    assert unknown.status_code == 400 and "not a nation you know" in unknown.json()["message"]
    met = client.post(f"/api/matches/{mid}/actions", headers=c["gm"],
                      json={"action": f"meet {a['id']} {b['id']}", "state_id": 0})
    assert met.status_code == 200, met.text
    typo = client.post(f"/api/campaigns/{mid}/messages", headers=c["headers"][0],
                       json={"to": [b["name"][:-1] + "x"], "text": "hello"})
    assert "did you mean" in typo.json()["message"]
    sent = client.post(f"/api/campaigns/{mid}/messages", headers=c["headers"][0],
                       json={"to": [b["name"]], "text": "A secret treaty?"})
    assert sent.status_code == 200, sent.text
    client.post(f"/api/campaigns/{mid}/messages", headers=c["headers"][1],
                json={"to": [a["id"]], "text": "Agreed, GM please record it", "cc_gm": True})
    texts = {s: [m["text"] for m in client.get(f"/api/campaigns/{mid}/messages", headers=c["headers"][s]).json()]
             for s in range(3)}
    assert texts == {0: ["A secret treaty?", "Agreed, GM please record it"],
                     1: ["A secret treaty?", "Agreed, GM please record it"], 2: []}
    gm = client.get(f"/api/campaigns/{mid}/messages", headers=c["gm"]).json()
    assert [m["text"] for m in gm] == ["Agreed, GM please record it"]
    assert client.post(f"/api/campaigns/{mid}/messages", headers=c["gm"],
                       json={"to": [a["id"]], "text": "x"}).status_code == 403
    assert client.post(f"/api/campaigns/{mid}/messages", headers=c["headers"][1],
                       json={"to": [a["id"]], "text": "bad\x07bell"}).status_code == 400


def test_the_gms_token_reads_no_uncopied_message(client: TestClient) -> None:
    c = campaign(client, factions=2)
    mid = c["match_id"]
    a, b = c["nations"]
    client.post(f"/api/matches/{mid}/actions", headers=c["gm"], json={"action": f"meet {a['id']} {b['id']}",
                                                                        "state_id": 0})
    client.post(f"/api/campaigns/{mid}/messages", headers=c["headers"][0], json={"to": [b["id"]], "text": "private"})
    assert client.get(f"/api/campaigns/{mid}/messages", headers=c["gm"]).json() == []
    exported = client.get(f"/api/campaigns/{mid}/export", headers=c["gm"]).content
    assert b"private" not in exported
    for path in ("", "/sheets", "/sheets/0", "/messages"):
        assert b"private" not in client.get(f"/api/campaigns/{mid}{path}", headers=c["gm"]).content


def test_the_whole_campaign_exports_to_one_file_and_imports_as_a_new_campaign(client: TestClient) -> None:
    c = campaign(client)
    mid = c["match_id"]
    client.post(f"/api/campaigns/{mid}/orders", headers=c["headers"][0], json={"orders": good_orders(client, c, 0)})
    client.post(f"/api/campaigns/{mid}/process", headers=c["gm"])
    assert client.get(f"/api/campaigns/{mid}/export", headers=c["headers"][0]).status_code == 403
    data = client.get(f"/api/campaigns/{mid}/export", headers=c["gm"]).content
    bundle = decode_export(data)
    assert bundle.state.turn == 2 and bundle.match is not None
    assert {(s.turn, s.nation) for s in bundle.sheets} >= {(1, c["nations"][0]["id"]), (1, "_gm")}
    made = client.post("/api/campaigns/import", content=data, headers={"Content-Type": "application/json"})
    assert made.status_code == 200, made.text
    new = made.json()
    joined = client.post(f"/api/matches/{new['match_id']}/join", json={"invite": new["seats"][0]["invite"]}).json()
    page = client.get(f"/api/campaigns/{new['match_id']}", headers=bearer(joined["token"])).json()
    assert page["turn"] == 2 and page["nation"]["id"] == c["nations"][0]["id"]
    old_sheet = client.get(f"/api/campaigns/{mid}/sheets/1", headers=c["headers"][0]).json()
    new_sheet = client.get(f"/api/campaigns/{new['match_id']}/sheets/1", headers=bearer(joined["token"])).json()
    assert new_sheet["html"] == old_sheet["html"]
    import json

    edited = json.loads(data)
    edited["campaign"]["state"]["factions"][0]["credits"] += 1000
    tampered = client.post("/api/campaigns/import", json=edited)
    assert tampered.status_code == 400 and "does not replay" in tampered.json()["message"]
    broken = client.post("/api/campaigns/import", json={"schema": "star-kingdoms-export/1", "campaign": 3})
    assert broken.status_code == 400 and "campaign" in broken.json()["message"]


def test_a_campaign_starts_on_an_uploaded_galaxy_file(client: TestClient) -> None:
    from starlanes.games.star_kingdoms.galaxy import galaxy_to_json
    from starlanes.games.star_kingdoms.galaxygen import generate_galaxy

    galaxy = generate_galaxy(2, 99)
    import json

    c = campaign(client, factions=2, galaxy=json.loads(galaxy_to_json(galaxy)))
    page = client.get(f"/api/campaigns/{c['match_id']}", headers=c["headers"][0]).json()
    homes = {p.name for p in galaxy.homeworlds()}
    assert home(client, c, 0) in homes and page["turn"] == 1
    broken = client.post("/api/campaigns", json={"factions": 2, "galaxy": {"schema": "star-kingdoms-galaxy/1"}})
    assert broken.status_code == 400 and "galaxy" in broken.json()["message"]


def test_campaign_endpoints_refuse_other_games_and_strangers(client: TestClient) -> None:
    other = new_match(client, "retrograde")
    refused = client.get(f"/api/campaigns/{other['match_id']}", headers=bearer(other["gm_token"]))
    assert refused.status_code == 400 and "not a campaign" in refused.json()["message"]
    c = campaign(client, factions=2)
    assert client.get(f"/api/campaigns/{c['match_id']}").status_code == 401
    assert client.get(f"/api/campaigns/{c['match_id']}", headers=bearer("nope")).status_code == 401


def test_leak_a_nations_answers_do_not_change_with_what_it_may_not_know(client: TestClient) -> None:
    """Other nations' orders, credits, messages and sheets change; nation 0's answers stay the same."""
    c = campaign(client)
    mid = c["match_id"]
    me = c["headers"][0]
    probe = good_orders(client, c, 0)

    def answers() -> list[Any]:
        page = client.get(f"/api/campaigns/{mid}", headers=me).json()
        page.pop("state_id")
        check = client.post(f"/api/campaigns/{mid}/check", headers=me, json={"orders": probe}).json()
        check.pop("state_id")
        return [page, check, client.get(f"/api/campaigns/{mid}/sheets", headers=me).json(),
                client.get(f"/api/campaigns/{mid}/sheets/0", headers=me).json(),
                client.get(f"/api/campaigns/{mid}/messages", headers=me).json()]

    before = answers()
    b, d = c["nations"][1], c["nations"][2]
    step = client.get(f"/api/matches/{mid}", headers=c["gm"]).json()["state_id"]
    client.post(f"/api/matches/{mid}/actions", headers=c["gm"], json={"action": f"meet {b['id']} {d['id']}",
                                                                        "state_id": step})
    client.post(f"/api/matches/{mid}/actions", headers=c["gm"],
                json={"action": f'credits {b["id"]} 300 "a windfall"', "state_id": step + 1})
    client.post(f"/api/campaigns/{mid}/orders", headers=c["headers"][1], json={"orders": good_orders(client, c, 1)})
    client.post(f"/api/campaigns/{mid}/messages", headers=c["headers"][1], json={"to": [d["id"]], "text": "psst"})
    assert answers() == before


def test_the_gms_socket_is_told_of_each_submission(client: TestClient) -> None:
    """The GM's WebSocket message is JSON (its viewer is "gm"), sent again when a nation submits."""
    c = campaign(client, factions=2)
    mid = c["match_id"]
    with client.websocket_connect(f"/api/matches/{mid}/ws?token={c['gm_token']}") as socket:
        first = socket.receive_json()
        assert first["viewer"] == "gm" and first["state_id"] == 0
        client.post(f"/api/campaigns/{mid}/orders", headers=c["headers"][0], json={"orders": ""})
        assert socket.receive_json()["state_id"] == 1
    joined = client.get(f"/api/campaigns/{mid}", headers=c["gm"]).json()["nations"]
    assert [n["joined"] for n in joined] == [True, True]


def test_a_spectator_never_sees_two_seats_private_values_that_happen_to_be_equal() -> None:
    """The common view of seats' views drops objects naming different things (each seat's own
    nation, same credits by chance) and keeps what is one thing seen alike."""
    from starlanes.server.matches import common_view

    views = [{"turn": 1, "nation": {"id": "a", "credits": 450}, "map": {"id": "m", "size": 3, "mine": 1}},
             {"turn": 1, "nation": {"id": "b", "credits": 450}, "map": {"id": "m", "size": 3, "mine": 2}}]
    assert common_view(views) == {"turn": 1, "nation": None, "map": {"id": "m", "size": 3, "mine": None}}


def test_a_turn_is_processed_when_its_deadline_passes(client: TestClient) -> None:
    import datetime as dt

    c = campaign(client)
    mid = c["match_id"]
    service = client.app.state.services["campaigns"]  # type: ignore[attr-defined]
    assert client.put(f"/api/campaigns/{mid}/deadline", headers=c["headers"][0],
                      json={"deadline": "2030-01-01T00:00:00Z"}).status_code == 403
    naive = client.put(f"/api/campaigns/{mid}/deadline", headers=c["gm"], json={"deadline": "2030-01-01T00:00:00"})
    assert naive.status_code == 400 and "time zone" in naive.json()["message"]
    garbled = client.put(f"/api/campaigns/{mid}/deadline", headers=c["gm"], json={"deadline": "next friday"})
    assert garbled.status_code == 400 and "2026-12-01T18:00:00Z" in garbled.json()["message"]
    set_ = client.put(f"/api/campaigns/{mid}/deadline", headers=c["gm"], json={"deadline": "2030-01-01T01:00:00+01:00"})
    assert set_.json() == {"turn": 1, "deadline": "2030-01-01T00:00:00+00:00"}
    page = client.get(f"/api/campaigns/{mid}", headers=c["headers"][1]).json()
    assert page["deadline"] == "2030-01-01T00:00:00+00:00"
    assert service.process_due(dt.datetime(2029, 12, 31, 23, 59, tzinfo=dt.UTC)) == []
    assert service.process_due(dt.datetime(2030, 1, 1, 0, 0, tzinfo=dt.UTC)) == [mid]
    page = client.get(f"/api/campaigns/{mid}", headers=c["headers"][1]).json()
    assert page["turn"] == 2 and page["deadline"] is None
    assert [s["turn"] for s in client.get(f"/api/campaigns/{mid}/sheets", headers=c["headers"][1]).json()] == [0, 1]
    # a deadline of a turn the GM processed first does nothing
    client.put(f"/api/campaigns/{mid}/deadline", headers=c["gm"], json={"deadline": "2030-02-01T00:00:00Z"})
    client.post(f"/api/campaigns/{mid}/process", headers=c["gm"])
    assert service.process_due(dt.datetime(2031, 1, 1, tzinfo=dt.UTC)) == []
    assert client.get(f"/api/campaigns/{mid}", headers=c["gm"]).json()["turn"] == 3


def test_the_server_processes_a_turn_by_itself_at_its_deadline(make_client: Any, sqlite_url: str) -> None:
    import datetime as dt
    import time

    client = make_client(sqlite_url, bots=False, deadline_poll=0.1)
    c = campaign(client, factions=2)
    mid = c["match_id"]
    soon = (dt.datetime.now(dt.UTC) + dt.timedelta(seconds=0.3)).isoformat()
    assert client.put(f"/api/campaigns/{mid}/deadline", headers=c["gm"], json={"deadline": soon}).status_code == 200
    give_up = time.monotonic() + 10
    while client.get(f"/api/campaigns/{mid}", headers=c["gm"]).json()["turn"] == 1:
        assert time.monotonic() < give_up, "the deadline passed and the turn was not processed"
        time.sleep(0.1)
