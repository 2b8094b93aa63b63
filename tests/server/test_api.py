"""Issue 10 item 2: matches over HTTP: create, join, view, legal actions, submit, events, resign,
export/import, my matches; each endpoint authorised by token."""

from __future__ import annotations

import random
from typing import Any

from fastapi.testclient import TestClient

from starlanes.core.match import Match
from starlanes.registry import get_game

from .conftest import bearer, new_match


def play_to_end(client: TestClient, match: dict[str, Any], rng: random.Random, limit: int = 3000) -> dict[str, Any]:
    """Both seats choose uniformly among their listed legal actions, through HTTP."""
    mid = match["match_id"]
    for _ in range(limit):
        summary = client.get(f"/api/matches/{mid}", headers=bearer(match["gm_token"])).json()
        if summary["outcome"] is not None:
            return summary
        seat = summary["to_act"][0]
        listed = client.get(f"/api/matches/{mid}/actions", headers=bearer(match["tokens"][seat])).json()
        choice = rng.choice(listed["actions"])["text"]
        done = client.post(f"/api/matches/{mid}/actions", headers=bearer(match["tokens"][seat]),
                           json={"action": choice, "state_id": listed["state_id"]})
        assert done.status_code == 200, done.text
        assert done.json()["state_id"] == listed["state_id"] + 1
    raise AssertionError("the game did not end")


def test_games_lists_every_registered_game_with_params_and_agents(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games").json()}
    assert {"space-risk", "retrograde"} <= set(games)
    assert "random" in games["space-risk"]["agents"]
    assert games["retrograde"]["params"] and {"name", "type", "default"} <= set(games["retrograde"]["params"][0])
    # the page that plays each game comes from its registry entry (the browser names no game)
    assert games["space-risk"]["page"] == "play" and games["star-kingdoms"]["page"] == "campaign"


def test_two_humans_play_retrograde_to_the_end_over_http_and_export_replays(client: TestClient) -> None:
    match = new_match(client, "retrograde", turn_limit=12)  # a short game (a changed param)
    summary = play_to_end(client, match, random.Random(3))
    assert summary["outcome"]["winners"] is not None
    exported = client.get(f"/api/matches/{match['match_id']}/export", headers=bearer(match["gm_token"]))
    assert exported.status_code == 200
    replayed = Match.from_dict(exported.json(), get_game("retrograde"))
    assert replayed.step == summary["state_id"] and replayed.outcome() is not None
    imported = client.post("/api/matches/import", json=exported.json()).json()
    again = client.get(f"/api/matches/{imported['match_id']}", headers=bearer(imported["gm_token"])).json()
    assert again["state_id"] == summary["state_id"] and again["outcome"] == summary["outcome"]


def test_stale_state_id_is_refused_with_the_current_one(client: TestClient) -> None:
    match = new_match(client, "space-risk")
    mid = match["match_id"]
    seat = client.get(f"/api/matches/{mid}", headers=bearer(match["gm_token"])).json()["to_act"][0]
    token = match["tokens"][seat]
    first = client.get(f"/api/matches/{mid}/actions", headers=bearer(token)).json()["actions"][0]["text"]
    assert client.post(f"/api/matches/{mid}/actions", headers=bearer(token),
                       json={"action": first, "state_id": 0}).status_code == 200
    stale = client.post(f"/api/matches/{mid}/actions", headers=bearer(token), json={"action": first, "state_id": 0})
    assert stale.status_code == 409
    assert stale.json()["error"] == "StaleState" and stale.json()["state_id"] == 1


def test_a_seat_acting_out_of_turn_gets_not_your_turn(client: TestClient) -> None:
    match = new_match(client, "space-risk")
    mid = match["match_id"]
    summary = client.get(f"/api/matches/{mid}", headers=bearer(match["gm_token"])).json()
    idle = next(s for s in range(2) if s not in summary["to_act"])
    assert client.get(f"/api/matches/{mid}/actions", headers=bearer(match["tokens"][idle])).json()["actions"] == []
    busy_token = match["tokens"][summary["to_act"][0]]
    text = client.get(f"/api/matches/{mid}/actions", headers=bearer(busy_token)).json()["actions"][0]["text"]
    refused = client.post(f"/api/matches/{mid}/actions", headers=bearer(match["tokens"][idle]),
                          json={"action": text, "state_id": 0})
    assert refused.status_code == 409 and refused.json()["error"] == "NotYourTurn"


def test_an_invite_is_used_once(client: TestClient) -> None:
    made = client.post("/api/matches", json={"game": "retrograde", "seats": ["human", "random"]}).json()
    mid, invite = made["match_id"], made["seats"][0]["invite"]
    assert client.post(f"/api/matches/{mid}/join", json={"invite": invite}).status_code == 200
    again = client.post(f"/api/matches/{mid}/join", json={"invite": invite})
    assert again.status_code == 409 and again.json()["error"] == "SeatTaken"
    wrong = client.post(f"/api/matches/{mid}/join", json={"invite": "not-an-invite"})
    assert wrong.status_code == 401


def test_resign_ends_the_game_for_the_other_seat(client: TestClient) -> None:
    match = new_match(client, "retrograde")
    summary = client.post(f"/api/matches/{match['match_id']}/resign", headers=bearer(match["tokens"][0])).json()
    assert summary["outcome"]["winners"] == [1] and "resigned" in summary["outcome"]["reason"]
    assert summary["me"] == {"seat": 0}


def test_only_the_gm_exports_and_spectators_cannot_act(client: TestClient) -> None:
    match = new_match(client, "retrograde")
    mid = match["match_id"]
    assert client.get(f"/api/matches/{mid}/export", headers=bearer(match["tokens"][0])).status_code == 403
    spectator = {"spectator": match["spectator_code"]}
    assert client.get(f"/api/matches/{mid}", params=spectator).json()["me"] == {"spectator": True}
    assert client.get(f"/api/matches/{mid}/actions", params=spectator).json()["actions"] == []
    acted = client.post(f"/api/matches/{mid}/actions", headers=bearer(match["spectator_code"]),
                        json={"action": "pass", "state_id": 0})
    assert acted.status_code == 403


def test_the_gm_sees_everything_and_has_gm_actions(client: TestClient) -> None:
    match = new_match(client, "retrograde")
    mid = match["match_id"]
    gm_view = client.get(f"/api/matches/{mid}/view", headers=bearer(match["gm_token"])).json()
    seat_view = client.get(f"/api/matches/{mid}/view", headers=bearer(match["tokens"][0])).json()
    assert gm_view["viewer"] == "gm" and str(seat_view["viewer"]) == "0"
    assert gm_view["view"] != seat_view["view"]
    ruled = client.post(f"/api/matches/{mid}/actions", headers=bearer(match["gm_token"]),
                        json={"action": 'ruling "the gate holds"', "state_id": 0})
    assert ruled.status_code == 200, ruled.text
    events = client.get(f"/api/matches/{mid}/events", headers=bearer(match["tokens"][1])).json()
    assert any("the gate holds" in e["text"] for e in events)


def test_my_matches_lists_the_matches_of_the_given_tokens(client: TestClient) -> None:
    one, two = new_match(client, "retrograde"), new_match(client, "space-risk")
    listed = client.get("/api/my-matches", headers={"X-Tokens": f"{one['tokens'][1]},{two['gm_token']},junk"}).json()
    assert {(m["match_id"], str(m["me"])) for m in listed} == {
        (one["match_id"], "{'seat': 1}"), (two["match_id"], "{'gm': True}")}


def test_content_is_cacheable_by_etag(client: TestClient) -> None:
    match = new_match(client, "space-risk")
    url = f"/api/matches/{match['match_id']}/content"
    first = client.get(url, headers=bearer(match["tokens"][0]))
    assert first.status_code == 200 and first.headers["etag"]
    again = client.get(url, headers={**bearer(match["tokens"][0]), "If-None-Match": first.headers["etag"]})
    assert again.status_code == 304


def test_root_serves_the_browser_client(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200 and "<" in page.text
