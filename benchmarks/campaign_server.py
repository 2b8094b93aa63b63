"""Campaigns on the match server: a 12-nation Star Kingdoms campaign played through the HTTP API
(in process, FastAPI's TestClient, SQLite in a temporary folder, bots off).

Each turn every nation's economic-bot orders are checked (the orders editor's request, sent as a
player types), submitted, the GM processes the turn (which publishes 12 sheets and the GM's
overview), and every nation reads its page and its new sheet. Prints the median and the worst
time of each request in milliseconds, the whole turn in seconds, and one sheet as PDF.

    .venv/bin/python benchmarks/campaign_server.py [--nations 12] [--turns 5]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import warnings
from collections import defaultdict
from pathlib import Path

warnings.filterwarnings("ignore")

from fastapi.testclient import TestClient  # noqa: E402

from starlanes.games.star_kingdoms.bot import economic_orders  # noqa: E402
from starlanes.server import Settings, create_app  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nations", type=int, default=12)
    parser.add_argument("--turns", type=int, default=5)
    args = parser.parse_args()
    times: dict[str, list[float]] = defaultdict(list)

    def timed(name: str, call):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        response = call()
        times[name].append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200, f"{name}: {response.status_code} {response.text[:200]}"
        return response

    with tempfile.TemporaryDirectory() as tmp, TestClient(create_app(Settings(
            db=f"sqlite:///{Path(tmp) / 'bench.db'}", rate=0, bots=False))) as client:
        made = timed("create campaign", lambda: client.post("/api/campaigns", json={
            "factions": args.nations, "turns": args.turns + 1})).json()
        mid = made["match_id"]
        gm = {"Authorization": f"Bearer {made['gm_token']}"}
        seats = []
        for seat in made["seats"]:
            token = client.post(f"/api/matches/{mid}/join", json={"invite": seat["invite"]}).json()["token"]
            seats.append({"Authorization": f"Bearer {token}"})
        service = client.app.state.services["service"]  # type: ignore[attr-defined]
        turn_seconds = []
        for turn in range(1, args.turns + 1):
            start = time.perf_counter()
            state = service.live(mid).state
            for seat, headers in enumerate(seats):
                orders = economic_orders(state, seat)
                timed("check orders", lambda h=headers, o=orders: client.post(
                    f"/api/campaigns/{mid}/check", headers=h, json={"orders": o}))
                timed("submit orders", lambda h=headers, o=orders: client.post(
                    f"/api/campaigns/{mid}/orders", headers=h, json={"orders": o}))
            timed("GM page", lambda: client.get(f"/api/campaigns/{mid}", headers=gm))
            timed("process turn (and publish sheets)", lambda: client.post(f"/api/campaigns/{mid}/process",
                                                                            headers=gm))
            for headers in seats:
                timed("nation page", lambda h=headers: client.get(f"/api/campaigns/{mid}", headers=h))
                timed("sheet", lambda h=headers, t=turn: client.get(f"/api/campaigns/{mid}/sheets/{t}", headers=h))
            turn_seconds.append(time.perf_counter() - start)
        timed("sheet as PDF (first: fonts load)", lambda: client.get(f"/api/campaigns/{mid}/sheets/1/pdf",
                                                                    headers=seats[0]))
        timed("sheet as PDF", lambda: client.get(f"/api/campaigns/{mid}/sheets/2/pdf", headers=seats[0]))
        timed("export campaign", lambda: client.get(f"/api/campaigns/{mid}/export", headers=gm))

    print(f"{args.nations}-nation campaign, {args.turns} turns through the HTTP API (in process, SQLite)")
    print(f"{'request':38} {'n':>4} {'median ms':>10} {'max ms':>9}")
    for name, values in times.items():
        print(f"{name:38} {len(values):>4} {statistics.median(values):>10.1f} {max(values):>9.1f}")
    print(f"whole turn (every nation checks, submits, reads; the GM processes): median "
          f"{statistics.median(turn_seconds):.2f} s, max {max(turn_seconds):.2f} s")


if __name__ == "__main__":
    main()
