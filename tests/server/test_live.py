"""Issue 10 items 4 and 6 with real processes: WebSocket pushes carry only the reader's view;
on PostgreSQL an action accepted by one server process reaches a socket held by another
(LISTEN/NOTIFY); killing a server (SIGKILL) loses no acknowledged action."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from .conftest import PgDatabases, bearer, new_match


def test_a_socket_gets_its_own_new_view_when_the_match_changes(client: TestClient) -> None:
    match = new_match(client, "space-risk")
    mid = match["match_id"]
    mover = client.get(f"/api/matches/{mid}", headers=bearer(match["gm_token"])).json()["to_act"][0]
    watcher = 1 - mover
    with client.websocket_connect(f"/api/matches/{mid}/ws?token={match['tokens'][watcher]}") as ws:
        first = ws.receive_json()
        assert first["type"] == "update" and first["state_id"] == 0 and str(first["view"]["viewer"]) == str(watcher)
        token = bearer(match["tokens"][mover])
        action = client.get(f"/api/matches/{mid}/actions", headers=token).json()["actions"][0]["text"]
        client.post(f"/api/matches/{mid}/actions", headers=token, json={"action": action, "state_id": 0})
        pushed = ws.receive_json()
        assert pushed["state_id"] == 1 and str(pushed["view"]["viewer"]) == str(watcher)
        assert pushed["events"] and all(e["state_id"] == 1 for e in pushed["events"])


def test_a_socket_with_a_wrong_token_is_told_and_closed(client: TestClient) -> None:
    match = new_match(client, "retrograde")
    with client.websocket_connect(f"/api/matches/{match['match_id']}/ws?token=nope") as ws:
        assert ws.receive_json()["error"] == "Unauthorized"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(url: str, port: int | None = None) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    """``starlanes serve`` in a process of its own on loopback; yields its base URL."""
    port = port or _free_port()
    command = [sys.executable, "-c", "from starlanes.cli import main; main()", "serve"]
    proc = subprocess.Popen([*command, "--db", url, "--port", str(port), "--rate", "0"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 30
    while True:
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise AssertionError(f"the server did not start: {proc.stderr.read().decode() if proc.stderr else ''}")
        time.sleep(0.1)
    try:
        yield base, proc
    finally:
        if proc.poll() is None:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()


def _join(base: str, game: str, seats: list[str]) -> dict[str, Any]:
    made: dict[str, Any] = httpx.post(base + "/api/matches", json={"game": game, "seats": seats}).json()
    made["tokens"] = {s["seat"]: httpx.post(f"{base}/api/matches/{made['match_id']}/join",
                                            json={"invite": s["invite"]}).json()["token"]
                      for s in made["seats"] if s["kind"] == "human"}
    return made


def test_an_action_on_one_postgres_process_reaches_a_socket_of_another(pg_databases: PgDatabases) -> None:
    url = pg_databases.new()
    with server(url) as (a, _), server(url) as (b, _):
        match = _join(a, "space-risk", ["human", "human"])
        mid = match["match_id"]
        mover = httpx.get(f"{a}/api/matches/{mid}", headers=bearer(match["gm_token"])).json()["to_act"][0]
        watcher = match["tokens"][1 - mover]
        with connect(f"ws://{b.removeprefix('http://')}/api/matches/{mid}/ws?token={watcher}") as ws:
            import json

            assert json.loads(ws.recv(timeout=10))["state_id"] == 0
            token = bearer(match["tokens"][mover])
            action = httpx.get(f"{a}/api/matches/{mid}/actions", headers=token).json()["actions"][0]["text"]
            assert httpx.post(f"{a}/api/matches/{mid}/actions", headers=token,
                              json={"action": action, "state_id": 0}).status_code == 200
            pushed = json.loads(ws.recv(timeout=10))
            assert pushed["state_id"] == 1 and str(pushed["view"]["viewer"]) == str(1 - mover)


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_sigkill_loses_no_acknowledged_action_and_the_match_goes_on(
        backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url = f"sqlite:///{tmp_path / 'kill.db'}" if backend == "sqlite" else \
        request.getfixturevalue("pg_databases").new()
    port = _free_port()
    acknowledged: list[tuple[int, str]] = []
    with server(url, port) as (base, proc):
        match = _join(base, "retrograde", ["human", "human"])
        mid = match["match_id"]
        stop = threading.Event()

        def play() -> None:
            with httpx.Client(base_url=base, timeout=5) as http:
                while not stop.is_set():
                    try:
                        summary = http.get(f"/api/matches/{mid}", headers=bearer(match["gm_token"])).json()
                        seat = summary["to_act"][0]
                        token = bearer(match["tokens"][seat])
                        listed = http.get(f"/api/matches/{mid}/actions", headers=token).json()
                        text = listed["actions"][-1]["text"]
                        done = http.post(f"/api/matches/{mid}/actions", headers=token,
                                         json={"action": text, "state_id": listed["state_id"]})
                    except (httpx.HTTPError, KeyError, IndexError):
                        return  # the server died
                    if done.status_code == 200:
                        acknowledged.append((listed["state_id"], text))

        player = threading.Thread(target=play)
        player.start()
        while len(acknowledged) < 15:
            time.sleep(0.01)
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
        stop.set()
        player.join(10)
    with server(url, port) as (base, _):
        exported = httpx.get(f"{base}/api/matches/{mid}/export", headers=bearer(match["gm_token"])).json()
        log = exported["log"]
        for state_id, text in acknowledged:
            assert log[state_id][1] == text
        seat = httpx.get(f"{base}/api/matches/{mid}", headers=bearer(match["gm_token"])).json()["to_act"][0]
        token = bearer(match["tokens"][seat])
        listed = httpx.get(f"{base}/api/matches/{mid}/actions", headers=token).json()
        assert listed["state_id"] == len(log) and listed["actions"]
        assert httpx.post(f"{base}/api/matches/{mid}/actions", headers=token,
                          json={"action": listed["actions"][0]["text"], "state_id": len(log)}).status_code == 200
