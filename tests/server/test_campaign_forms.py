"""Campaigns run from the browser (issue 15 item 5, rulings 406-410): nations created by their
players' creation forms (checked by ``creation.py`` as the CLI checks them) and approved by the GM;
invitation links the GM sees, re-issues and revokes from any browser; messages pushed over the live
channel to their recipients only."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi.testclient import TestClient

from starlanes.games.star_kingdoms.creation import CivilisationForm, check_form, form_from_data
from tests.campaign_forms import form

from .conftest import bearer
from .test_campaign import campaign, good_orders


def test_CIV_forms_a_player_creates_the_nation_the_gm_approves_then_it_gives_orders(client: TestClient) -> None:
    c = campaign(client, factions=3, creation="forms")
    mid, a = c["match_id"], c["headers"][0]
    page = client.get(f"/api/campaigns/{mid}", headers=a).json()
    assert page["approved"] is False and page["has_form"] is False
    refused = client.post(f"/api/campaigns/{mid}/orders", headers=a, json={"orders": ""})
    assert refused.status_code == 400 and "awaits the GM's approval" in refused.json()["message"]
    offered = client.get(f"/api/campaigns/{mid}/creation", headers=a).json()
    assert offered["open"] and offered["form"] is None
    choices = offered["choices"]
    # a form with problems: every one listed, exactly as the CLI's check lists them; nothing stored
    bad = form(choices, traits=[{"name": "Scholars", "category": "people"}], native="lava")
    checked = client.post(f"/api/campaigns/{mid}/creation/check", headers=a, json={"form": bad}).json()
    assert not checked["ok"] and len(checked["problems"]) >= 3
    assert any(p.startswith("native:") for p in checked["problems"])
    assert any("a nation has 3 traits" in p for p in checked["problems"])
    sent = client.post(f"/api/campaigns/{mid}/creation", headers=a, json={"form": bad})
    assert sent.status_code == 400 and "problems" in sent.json()["message"]
    assert client.get(f"/api/matches/{mid}", headers=c["gm"]).json()["state_id"] == 0
    # a good form builds the nation (a new id from its name), awaiting the GM
    good = form(choices)
    assert client.post(f"/api/campaigns/{mid}/creation/check", headers=a, json={"form": good}).json() == {
        "ok": True, "problems": []}
    made = client.post(f"/api/campaigns/{mid}/creation", headers=a, json={"form": good})
    assert made.status_code == 200, made.text
    nation = made.json()["nation"]
    assert nation == {"seat": 0, "id": "aster-realm", "name": "Aster Realm", "approved": False}
    page = client.get(f"/api/campaigns/{mid}", headers=a).json()
    assert page["nation"]["name"] == "Aster Realm" and page["has_form"]
    assert {u["name"] for u in page["nation"]["units"]} >= {"Pathfinder", "Seeker", "Builders"}
    assert client.get(f"/api/campaigns/{mid}/creation", headers=a).json()["form"]["name"] == "Aster Realm"
    gm = client.get(f"/api/campaigns/{mid}", headers=c["gm"]).json()
    items = [q for q in gm["queue"] if q["kind"] == "approve-nation"]
    assert any("Aster Realm" in q["text"] and "Crystal Spires" in q["text"] for q in items)
    assert sum(1 for q in items if "no creation form yet" in q["text"]) == 2
    # the turn-0 sheet shows the nation as its player made it
    sheet = client.get(f"/api/campaigns/{mid}/sheets/0", headers=a).json()
    assert "Aster Realm" in sheet["markdown"]
    # the GM approves: orders open, the form closes
    ok = client.post(f"/api/campaigns/{mid}/gm", headers=c["gm"], json={"action": "approve aster-realm"})
    assert ok.status_code == 200, ok.text
    assert client.post(f"/api/campaigns/{mid}/orders", headers=a,
                       json={"orders": good_orders(client, c, 0)}).status_code == 200
    closed = client.post(f"/api/campaigns/{mid}/creation", headers=a, json={"form": good})
    assert closed.status_code == 400 and "approved" in closed.json()["message"]
    # a nation with no form is approved as the standard start it has
    other = gm["nations"][1]["id"]
    approved = client.post(f"/api/campaigns/{mid}/gm", headers=c["gm"], json={"action": f"approve {other}"})
    assert approved.status_code == 200
    assert client.post(f"/api/campaigns/{mid}/orders", headers=c["headers"][1], json={"orders": ""}).status_code == 200


def test_CIV_forms_use_the_same_checks_as_the_cli(client: TestClient) -> None:
    """The browser's problems are ``creation.check_form``'s for the same form and campaign."""
    c = campaign(client, factions=2, creation="forms")
    mid, a = c["match_id"], c["headers"][0]
    choices = client.get(f"/api/campaigns/{mid}/creation", headers=a).json()["choices"]
    client.post(f"/api/campaigns/{mid}/creation", headers=a, json={"form": form(choices)})
    bad = form(choices, name="Aster Realm", second_district="industrial", l2_techs=["Sensorz"])
    served = client.post(f"/api/campaigns/{mid}/creation/check", headers=a, json={"form": bad}).json()["problems"]
    service = client.app.state.services["campaigns"]  # type: ignore[attr-defined]
    state = service.matches.live(mid).state
    parsed: CivilisationForm = form_from_data(bad)
    assert served == check_form(parsed, state, own_id="aster-realm") and served


def test_CIV_forms_sent_back_then_revised_keep_the_nations_id(client: TestClient) -> None:
    c = campaign(client, factions=2, creation="forms")
    mid, a = c["match_id"], c["headers"][0]
    choices = client.get(f"/api/campaigns/{mid}/creation", headers=a).json()["choices"]
    client.post(f"/api/campaigns/{mid}/creation", headers=a, json={"form": form(choices)})
    back = client.post(f"/api/campaigns/{mid}/gm", headers=c["gm"],
                       json={"action": 'send-back aster-realm "one drawback is not enough"'})
    assert back.status_code == 200, back.text
    revised = client.post(f"/api/campaigns/{mid}/creation", headers=a,
                          json={"form": form(choices, name="Aster Dominion")})
    assert revised.json()["nation"] == {"seat": 0, "id": "aster-realm", "name": "Aster Dominion", "approved": False}
    gm = client.get(f"/api/campaigns/{mid}", headers=c["gm"]).json()
    assert any("revised nation 'Aster Dominion'" in q["text"] for q in gm["queue"])
    assert client.post(f"/api/campaigns/{mid}/gm", headers=c["gm"],
                       json={"action": "approve aster-realm"}).status_code == 200
    assert client.get(f"/api/campaigns/{mid}", headers=a).json()["approved"] is True


def test_CIV_forms_another_server_process_sees_the_nation_built_from_a_form(
        make_client: Callable[..., TestClient], db_url: str) -> None:
    one, two = make_client(db_url, bots=False), make_client(db_url, bots=False)
    c = campaign(one, factions=2, creation="forms")
    mid, a = c["match_id"], c["headers"][0]
    assert two.get(f"/api/campaigns/{mid}", headers=a).json()["nation"]["name"] != "Aster Realm"  # cached there
    choices = one.get(f"/api/campaigns/{mid}/creation", headers=a).json()["choices"]
    assert one.post(f"/api/campaigns/{mid}/creation", headers=a, json={"form": form(choices)}).status_code == 200
    assert two.get(f"/api/campaigns/{mid}", headers=a).json()["nation"]["name"] == "Aster Realm"
    approved = two.post(f"/api/campaigns/{mid}/gm", headers=c["gm"], json={"action": "approve aster-realm"})
    assert approved.status_code == 200
    assert one.get(f"/api/campaigns/{mid}", headers=a).json()["approved"] is True


def test_invitations_are_listed_reissued_and_revoked_by_the_gm_from_any_browser(client: TestClient) -> None:
    made = client.post("/api/campaigns", json={"factions": 3, "turns": 5}).json()
    mid, gm = made["match_id"], bearer(made["gm_token"])
    first = made["seats"][0]
    listed = client.get(f"/api/campaigns/{mid}/invitations", headers=gm).json()
    assert [(i["seat"], i["joined"]) for i in listed] == [(0, False), (1, False), (2, False)]
    assert listed[0]["link_id"] == first["link_id"] and "invite" not in listed[0]
    token = client.post(f"/api/matches/{mid}/join", json={"invite": first["invite"]}).json()["token"]
    listed = client.get(f"/api/campaigns/{mid}/invitations", headers=gm).json()
    assert listed[0]["joined"] and listed[0]["link_id"] is None
    # a new link: the old one and the player who used it are signed out; the new one joins
    again = client.post(f"/api/campaigns/{mid}/invitations/0", headers=gm).json()
    assert again["signed_out"] and again["link_id"] != first["link_id"]
    assert client.get(f"/api/campaigns/{mid}", headers=bearer(token)).status_code == 401
    assert client.post(f"/api/matches/{mid}/join", json={"invite": first["invite"]}).status_code == 401
    new_token = client.post(f"/api/matches/{mid}/join", json={"invite": again["invite"]}).json()["token"]
    assert client.get(f"/api/campaigns/{mid}", headers=bearer(new_token)).json()["seat"] == 0
    # revoked: the link no longer joins
    client.delete(f"/api/campaigns/{mid}/invitations/1", headers=gm)
    assert client.post(f"/api/matches/{mid}/join", json={"invite": made["seats"][1]["invite"]}).status_code == 401
    assert client.get(f"/api/campaigns/{mid}/invitations", headers=gm).json()[1]["link_id"] is None
    # only the GM; a seat that does not exist is named
    assert client.get(f"/api/campaigns/{mid}/invitations", headers=bearer(new_token)).status_code == 403
    wrong = client.post(f"/api/campaigns/{mid}/invitations/7", headers=gm)
    assert wrong.status_code == 400 and "seats 0-2" in wrong.json()["message"]


def test_leak_a_signed_out_players_open_socket_is_closed(client: TestClient) -> None:
    """A new link for a seat ends the socket the old player still holds: nothing more reaches it."""
    c = campaign(client, factions=2)
    mid = c["match_id"]
    old = c["headers"][0]["Authorization"].split()[1]
    with client.websocket_connect(f"/api/matches/{mid}/ws?token={old}") as socket:
        assert socket.receive_json()["type"] == "update"
        client.post(f"/api/campaigns/{mid}/invitations/0", headers=c["gm"])
        ended = socket.receive_json()
        assert ended["type"] == "error" and ended["error"] == "Unauthorized"


def test_leak_a_message_is_pushed_to_its_recipients_sockets_only(client: TestClient) -> None:
    c = campaign(client, factions=3)
    mid = c["match_id"]
    ids = [n["id"] for n in c["nations"]]
    client.post(f"/api/campaigns/{mid}/gm", headers=c["gm"], json={"action": f"meet {ids[0]} {ids[1]}"})
    tokens = {s: h["Authorization"].split()[1] for s, h in c["headers"].items()}
    with client.websocket_connect(f"/api/matches/{mid}/ws?token={tokens[1]}") as to_b, \
            client.websocket_connect(f"/api/matches/{mid}/ws?token={tokens[2]}") as to_c, \
            client.websocket_connect(f"/api/matches/{mid}/ws?token={c['gm_token']}") as to_gm:
        for s in (to_b, to_c, to_gm):
            assert "messages" not in s.receive_json()
        sent = client.post(f"/api/campaigns/{mid}/messages", headers=c["headers"][0],
                           json={"to": [ids[1]], "text": "a secret pact"})
        assert sent.status_code == 200
        pushed = to_b.receive_json()
        assert [m["text"] for m in pushed["messages"]] == ["a secret pact"]
        # then a change every socket hears: the first thing C and the GM get carries no message
        client.post(f"/api/campaigns/{mid}/orders", headers=c["headers"][2], json={"orders": ""})
        for s in (to_c, to_gm):
            heard = s.receive_json()
            assert heard["state_id"] == 2 and "messages" not in heard and "secret" not in str(heard)
        assert "messages" not in to_b.receive_json()  # pushed once
        client.post(f"/api/campaigns/{mid}/messages", headers=c["headers"][0],
                    json={"to": [ids[1]], "text": "copied", "cc_gm": True})
        assert [m["text"] for m in to_gm.receive_json()["messages"]] == ["copied"]


def test_leak_on_postgresql_a_message_reaches_the_recipients_socket_held_by_another_process(
        make_client: Callable[..., TestClient], pg_databases: Any) -> None:
    """Two server processes on one PostgreSQL database: the message sent through one is pushed
    (LISTEN/NOTIFY) to the recipient's socket held by the other, and to no other socket there."""
    url = pg_databases.new()
    one, two = make_client(url, bots=False), make_client(url, bots=False)
    c = campaign(one, factions=3)
    mid = c["match_id"]
    ids = [n["id"] for n in c["nations"]]
    one.post(f"/api/campaigns/{mid}/gm", headers=c["gm"], json={"action": f"meet {ids[0]} {ids[1]}"})
    tokens = {s: h["Authorization"].split()[1] for s, h in c["headers"].items()}
    with two.websocket_connect(f"/api/matches/{mid}/ws?token={tokens[1]}") as to_b, \
            two.websocket_connect(f"/api/matches/{mid}/ws?token={tokens[2]}") as to_c:
        for s in (to_b, to_c):
            assert "messages" not in s.receive_json()
        one.post(f"/api/campaigns/{mid}/messages", headers=c["headers"][0], json={"to": [ids[1]], "text": "psst"})
        assert [m["text"] for m in to_b.receive_json()["messages"]] == ["psst"]
        one.post(f"/api/campaigns/{mid}/orders", headers=c["headers"][2], json={"orders": ""})
        heard = to_c.receive_json()
        assert heard["state_id"] == 2 and "psst" not in str(heard)
