"""The match server under load, through HTTP on loopback.

For each configuration (SQLite with 1 worker; PostgreSQL with 1 and 2 workers) it starts
``starlanes serve`` on a fresh database, creates ``--matches`` space-risk matches of two human
seats, and plays them concurrently: one asyncio client per match reads the acting seat's legal
actions and submits a random one with its state id, until ``--actions`` actions were accepted
per match. It reports accepted actions per second and the p50/p99 latency of the submissions
(acknowledged after commit). Then the race: 100 clients submit against the same state id at
once, and exactly one must be accepted (the others get 409 StaleState).

PostgreSQL: the local server (127.0.0.1:5432, database ``test``); a database is made for each
run and dropped after. Run: .venv/bin/python benchmarks/server.py [--matches 16] [--actions 40]
[--no-postgres]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import psycopg

PG = {"host": "127.0.0.1", "port": 5432, "dbname": "test"}


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def serve(url: str, workers: int) -> Iterator[str]:
    port = _port()
    command = [sys.executable, "-c", "from starlanes.cli import main; main()", "serve", "--db", url,
               "--port", str(port), "--workers", str(workers), "--rate", "0"]
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            raise SystemExit(f"the server did not start: {proc.stderr.read().decode() if proc.stderr else ''}")
        time.sleep(0.2)
    try:
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


@contextmanager
def pg_database() -> Iterator[str]:
    user = "postgres"
    name = f"starlanes_bench_{secrets.token_hex(4)}"
    with psycopg.connect(**PG, user=user, autocommit=True) as conn:  # type: ignore[arg-type]
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql://{user}@{PG['host']}:{PG['port']}/{name}"
    finally:
        with psycopg.connect(**PG, user=user, autocommit=True) as conn:  # type: ignore[arg-type]
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


async def _new_match(http: httpx.AsyncClient) -> dict[str, Any]:
    made: dict[str, Any] = (await http.post("/api/matches", json={"game": "space-risk",
                                                                  "seats": ["human", "human"]})).json()
    made["tokens"] = {}
    for seat in made["seats"]:
        joined = await http.post(f"/api/matches/{made['match_id']}/join", json={"invite": seat["invite"]})
        made["tokens"][seat["seat"]] = joined.json()["token"]
    return made


async def _play(http: httpx.AsyncClient, match: dict[str, Any], actions: int, rng: random.Random,
                latencies: list[float]) -> int:
    mid, accepted = match["match_id"], 0
    gm = {"Authorization": f"Bearer {match['gm_token']}"}
    while accepted < actions:
        summary = (await http.get(f"/api/matches/{mid}", headers=gm)).json()
        if summary["outcome"] is not None or not summary["to_act"]:
            break
        token = {"Authorization": f"Bearer {match['tokens'][summary['to_act'][0]]}"}
        listed = (await http.get(f"/api/matches/{mid}/actions", headers=token)).json()
        choice = rng.choice(listed["actions"])["text"]
        start = time.perf_counter()
        done = await http.post(f"/api/matches/{mid}/actions", headers=token,
                               json={"action": choice, "state_id": listed["state_id"]})
        latencies.append(time.perf_counter() - start)
        if done.status_code == 200:
            accepted += 1
    return accepted


async def _load(base: str, matches: int, actions: int) -> dict[str, float]:
    limits = httpx.Limits(max_connections=matches * 2)
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=limits) as http:
        made = [await _new_match(http) for _ in range(matches)]
        latencies: list[float] = []
        start = time.perf_counter()
        counts = await asyncio.gather(*(_play(http, m, actions, random.Random(i), latencies)
                                        for i, m in enumerate(made)))
        elapsed = time.perf_counter() - start
    ordered = sorted(latencies)
    return {"accepted": sum(counts), "per_s": sum(counts) / elapsed,
            "p50_ms": 1000 * statistics.median(ordered), "p99_ms": 1000 * ordered[int(0.99 * (len(ordered) - 1))]}


async def _race(base: str, clients: int = 100) -> tuple[int, int]:
    async with httpx.AsyncClient(base_url=base, timeout=60, limits=httpx.Limits(max_connections=clients)) as http:
        match = await _new_match(http)
        mid = match["match_id"]
        gm = {"Authorization": f"Bearer {match['gm_token']}"}
        seat = (await http.get(f"/api/matches/{mid}", headers=gm)).json()["to_act"][0]
        token = {"Authorization": f"Bearer {match['tokens'][seat]}"}
        action = (await http.get(f"/api/matches/{mid}/actions", headers=token)).json()["actions"][0]["text"]
        answers = await asyncio.gather(*(http.post(f"/api/matches/{mid}/actions", headers=token,
                                                   json={"action": action, "state_id": 0}) for _ in range(clients)))
    return sum(a.status_code == 200 for a in answers), sum(a.status_code == 409 for a in answers)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--matches", type=int, default=16, help="concurrent matches")
    parser.add_argument("--actions", type=int, default=40, help="accepted actions per match")
    parser.add_argument("--no-postgres", action="store_true", help="SQLite only")
    args = parser.parse_args()
    configs: list[tuple[str, int]] = [("sqlite", 1)]
    if not args.no_postgres:
        configs += [("postgresql", 1), ("postgresql", 2)]
    print(f"{args.matches} concurrent space-risk matches, {args.actions} accepted actions each, "
          f"HTTP on loopback, {os.cpu_count()} CPUs")
    print(f"{'database':<11} {'workers':>7} {'accepted':>9} {'actions/s':>10} {'p50 ms':>8} {'p99 ms':>8} "
          f"{'race: 200/409':>14}")
    for backend, workers in configs:
        if backend == "sqlite":
            folder = tempfile.mkdtemp()
            context: Any = _nullcontext(f"sqlite:///{folder}/bench.db")
        else:
            context = pg_database()
        with context as url, serve(url, workers) as base:
            load = asyncio.run(_load(base, args.matches, args.actions))
            ok, stale = asyncio.run(_race(base))
        print(f"{backend:<11} {workers:>7} {load['accepted']:>9.0f} {load['per_s']:>10.1f} {load['p50_ms']:>8.1f} "
              f"{load['p99_ms']:>8.1f} {f'{ok}/{stale}':>14}")
        if ok != 1 or stale != 99:
            raise SystemExit(f"race: {ok} accepted and {stale} refused; exactly one must be accepted")


@contextmanager
def _nullcontext(value: str) -> Iterator[str]:
    yield value


if __name__ == "__main__":
    main()
