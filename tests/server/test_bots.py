"""Issue 10 item 5: bot seats move by themselves in a worker, within a time budget; a bot that
crashes leaves the match consistent and is reported in the match."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pytest
from fastapi.testclient import TestClient

from starlanes.ai import registry as agents
from starlanes.ai.registry import AgentEntry
from starlanes.core.actions import Action
from starlanes.core.state import SeatView

from .conftest import bearer


class _Crashing:
    name = "crash"

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        raise RuntimeError("the bot's model file is missing")


class _Slow:
    name = "slow"

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        time.sleep(1.0)
        return legal[0]


@pytest.fixture
def test_agents(monkeypatch: pytest.MonkeyPatch) -> None:
    def crash(game: Any, seat: int, seed: int, options: Mapping[str, str]) -> _Crashing:
        return _Crashing()

    def slow(game: Any, seat: int, seed: int, options: Mapping[str, str]) -> _Slow:
        return _Slow()

    monkeypatch.setitem(agents.GENERIC, "crash", AgentEntry(crash, "raises"))
    monkeypatch.setitem(agents.GENERIC, "slow", AgentEntry(slow, "sleeps past the budget"))


def _wait(client: TestClient, mid: str, token: str, until: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    deadline = time.monotonic() + 20
    while True:
        summary: dict[str, Any] = client.get(f"/api/matches/{mid}", headers=bearer(token)).json()
        if until(summary):
            return summary
        assert time.monotonic() < deadline, f"gave up waiting: {summary}"
        time.sleep(0.05)


def test_two_bots_play_a_match_to_the_end_by_themselves(make_client: Callable[..., TestClient],
                                                          sqlite_url: str) -> None:
    client = make_client(sqlite_url)
    made = client.post("/api/matches", json={"game": "retrograde", "seats": ["random", "retrograde:heuristic"],
                                             "params": {"turn_limit": 10}}).json()
    summary = _wait(client, made["match_id"], made["gm_token"], lambda s: s["outcome"] is not None)
    assert summary["state_id"] > 10 and summary["bot_errors"] == []


def test_a_crashing_bot_is_reported_and_the_match_stays_consistent(
        test_agents: None, make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    client = make_client(sqlite_url)
    made = client.post("/api/matches", json={"game": "retrograde", "seats": ["crash", "human"],
                                             "params": {"first_player": 0}}).json()
    mid, gm = made["match_id"], made["gm_token"]
    summary = _wait(client, mid, gm, lambda s: bool(s["bot_errors"]))
    assert summary["state_id"] == 0 and summary["to_act"] == [0]  # nothing was played for it
    error = summary["bot_errors"][0]
    assert error["seat"] == 0 and error["stopped"] and "model file is missing" in error["error"]
    ended = client.post(f"/api/matches/{mid}/actions", headers=bearer(gm),
                        json={"action": 'end-game winners=1 reason="seat 0 bot crashed"', "state_id": 0})
    assert ended.status_code == 200  # the GM can still end it: the match is consistent


def test_a_bot_over_its_time_budget_plays_a_random_legal_move_and_it_is_noted(
        test_agents: None, make_client: Callable[..., TestClient], sqlite_url: str) -> None:
    client = make_client(sqlite_url, bot_budget=0.2)
    made = client.post("/api/matches", json={"game": "retrograde", "seats": ["slow", "human"],
                                             "params": {"first_player": 0}}).json()
    summary = _wait(client, made["match_id"], made["gm_token"], lambda s: bool(s["bot_errors"]))
    assert summary["state_id"] >= 1
    assert "budget" in summary["bot_errors"][0]["error"] and not summary["bot_errors"][0]["stopped"]
