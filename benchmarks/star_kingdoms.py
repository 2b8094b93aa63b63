"""Star Kingdoms: a campaign of economic bots, time per turn and per pipeline step, in milliseconds.

A campaign of N standard nations (default 12) on a generated galaxy plays T turns (default 30):
every turn each nation's orders are written by the economic bot (timed apart: "bot orders"), then
submitted through the ruleset (each document checked line by line: "submit (checked)"), and the
last submission closes the turn, which runs the eight pipeline steps (each timed). The figures
cover the whole turn: orders checked, the pipeline, the reports; the target (issue 13) is under
one second per turn for 12 nations.

Run: .venv/bin/python benchmarks/star_kingdoms.py [--factions 12] [--turns 30] [--seed 1]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from starlanes.games.star_kingdoms import pipeline
from starlanes.games.star_kingdoms.bot import economic_orders
from starlanes.games.star_kingdoms.campaign import CampaignParams
from starlanes.games.star_kingdoms.game import SubmitOrders, make_ruleset, new_campaign


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--factions", type=int, default=12)
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = make_ruleset()
    state = new_campaign(CampaignParams(turns=args.turns), args.factions, args.seed)
    steps: dict[str, list[float]] = {name: [] for name, _ in pipeline.STEPS}
    original = pipeline.process_turn

    def timed(*a: object, **k: object) -> pipeline.Turn:
        turn = original(*a, **k)  # type: ignore[arg-type]
        for name, seconds in turn.timings.items():
            steps[name].append(seconds)
        return turn

    pipeline.process_turn = timed  # type: ignore[assignment]
    import starlanes.games.star_kingdoms.game as game_module

    game_module.process_turn = timed  # type: ignore[assignment]
    bots: list[float] = []
    turns: list[float] = []
    lines = 0
    for _ in range(args.turns):
        started = time.perf_counter()
        docs = [economic_orders(state, seat) for seat in range(state.players)]
        bots.append(time.perf_counter() - started)
        lines += sum(d.count("\n") for d in docs)
        started = time.perf_counter()
        for seat, doc in enumerate(docs):
            game.apply(state, seat, SubmitOrders(state.turn, state.factions[seat].id, doc))
        turns.append(time.perf_counter() - started)
    ms = 1000.0
    print(f"star-kingdoms: {args.factions} nations, {args.turns} turns, {lines} order lines submitted "
          f"(economic bot), seed {args.seed}")
    print(f"  turn (submit {args.factions} documents, checked, + the whole pipeline): "
          f"mean {statistics.mean(turns) * ms:.1f} ms, max {max(turns) * ms:.1f} ms per turn")
    print(f"  bot orders for every nation: mean {statistics.mean(bots) * ms:.1f} ms per turn")
    for name, values in steps.items():
        print(f"  step {name:<14} mean {statistics.mean(values) * ms:8.3f} ms  max {max(values) * ms:8.3f} ms")
    f = state.factions[0]
    print(f"  after {args.turns} turns: {f.name} has {len(f.colonies)} planet(s), "
          f"districts {f.colonies[0].districts.total()}, {f.credits} credits")


if __name__ == "__main__":
    main()
