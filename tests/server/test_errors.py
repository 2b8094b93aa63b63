"""Issue 10 item 7: bad requests get a JSON error with the error's class, a one-line message
and the right status, and change nothing."""

from __future__ import annotations

from collections.abc import Callable

from fastapi.testclient import TestClient

from starlanes.server.limits import TokenBuckets

from .conftest import bearer, new_match


def _state(client: TestClient, match: dict[str, object]) -> tuple[int, list[object]]:
    mid, gm = match["match_id"], bearer(str(match["gm_token"]))
    summary = client.get(f"/api/matches/{mid}", headers=gm).json()
    return summary["state_id"], client.get(f"/api/matches/{mid}/export", headers=gm).json()["log"]


def test_bad_requests_get_json_errors_and_change_nothing(client: TestClient) -> None:
    match = new_match(client, "space-risk")
    mid = match["match_id"]
    seat = client.get(f"/api/matches/{mid}", headers=bearer(match["gm_token"])).json()["to_act"][0]
    token = bearer(match["tokens"][seat])
    before = _state(client, match)
    url = f"/api/matches/{mid}/actions"
    cases = [
        (client.post(url, headers={**token, "Content-Type": "application/json"}, content=b'{"action": "x",'),
         400, "ParseError", "not valid JSON"),
        (client.post(url, headers=token, json={"state_id": 0}), 400, "ParseError", "action"),
        (client.post(url, headers=token, json={"action": "attack", "state_id": "zero"}), 400, "ParseError",
         "state_id"),
        (client.post("/api/matches/nosuchmatch/actions", headers=token, json={"action": "x", "state_id": 0}),
         404, "NoSuchMatch", "no match 'nosuchmatch'"),
        (client.get(f"/api/matches/{mid}/view", headers=bearer("wrong-token")), 401, "Unauthorized", "token"),
        (client.get(f"/api/matches/{mid}/view"), 401, "Unauthorized", "token"),
        (client.get(f"/api/matches/{mid}/view", headers={"Authorization": "Basic abc"}), 400, "ParseError",
         "Bearer"),
        (client.post(url, headers=token, json={"action": "no-such-verb 1", "state_id": 0}), 400, "ParseError",
         "unknown action"),
        (client.post(url, headers=token, json={"action": "", "state_id": 0}), 400, "ParseError", "empty"),
        (client.post(url, headers=token, json={"action": "place Nowhere-9", "state_id": 0}), 422,
         "IllegalAction", "illegal action"),
        (client.post(url, headers=token, json={"action": "pass\u0000", "state_id": 0}), 400, "ParseError",
         "control character"),
        (client.get("/api/no/such/path"), 404, "NotFound", "no such path"),
        (client.post("/api/matches", json={"game": "chess", "seats": ["human", "human"]}), 404, "UnknownName",
         "unknown game 'chess'"),
        (client.post("/api/matches", json={"game": "retrograde", "seats": ["human", "deep-blue"]}), 404,
         "UnknownName", "unknown agent"),
        (client.post("/api/matches", json={"game": "retrograde", "seats": ["human"] * 9}), 400, "UsageError",
         "players"),
        (client.post("/api/matches", json={"game": "retrograde", "seats": ["human"] * 2,
                                           "params": {"turn_limit": "many"}}), 400, "ParseError", "turn_limit"),
        (client.post("/api/matches/import", json={"format": "nope"}), 400, "MatchError", "not a starlanes match"),
    ]
    for response, status, error, words in cases:
        body = response.json()
        assert (response.status_code, body["error"]) == (status, error), body
        assert words.lower() in body["message"].lower() and "\n" not in body["message"], body
        assert "Traceback" not in body["message"] and "Error(" not in body["message"]
    illegal = cases[9][0].json()
    assert illegal["state_id"] == 0  # errors about an action carry the current state id
    assert _state(client, match) == before


def test_an_oversized_body_is_refused_with_413(make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    client = make_client(sqlite_url, bots=False, max_body=2048)
    refused = client.post("/api/matches", json={"game": "retrograde", "seats": ["human", "human"], "name": "x" * 5000})
    assert refused.status_code == 413 and refused.json()["error"] == "RequestTooLarge"
    streamed = client.post("/api/matches", content=iter([b"{" + b" " * 4000, b"}"]),
                           headers={"Content-Type": "application/json"})
    assert streamed.status_code == 413


def test_a_flood_from_one_address_is_rate_limited(make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    client = make_client(sqlite_url, bots=False, rate=1.0, burst=5.0)
    codes = [client.get("/api/games").status_code for _ in range(8)]
    assert codes[:5] == [200] * 5 and codes[5:] == [429] * 3
    refused = client.get("/api/games")
    assert refused.json()["error"] == "RateLimited" and int(refused.headers["retry-after"]) >= 1


def test_token_buckets_refill_at_their_rate() -> None:
    buckets = TokenBuckets(rate=2.0, burst=2.0)
    assert [buckets.take("a", now=0.0) for _ in range(3)] == [0.0, 0.0, 0.5]
    assert buckets.take("a", now=0.5) == 0.0  # one token back after half a second
    assert buckets.take("b", now=0.5) == 0.0  # every address has its own bucket
