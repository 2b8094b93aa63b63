"""Star Kingdoms: a campaign of economic bots, time per turn and per pipeline step, in milliseconds.

A campaign of N standard nations (default 12) on a generated galaxy plays T turns (default 30):
every turn each nation's orders are written by the economic bot (timed apart: "bot orders"), then
submitted through the ruleset (each document checked line by line: "submit (checked)"), and the
last submission closes the turn, which runs the eight pipeline steps (each timed). The figures
cover the whole turn: orders checked, the pipeline, the reports; the target (issue 13) is under
one second per turn for 12 nations. Times are wall clock, the turn also in CPU time (the
figure to quote when other processes share the machine).

With ``--bot war`` the nations are played by the bot at war (part 2: it also builds warships and
troops, explores, declares a weak neighbour hostile, bombards and invades), so the travel, space
combat, bombardment and ground combat steps have work to do; the run also counts battles, attacks
on planets and captures. The target (issue 14) is under two seconds per turn for 12 nations.

Run: .venv/bin/python benchmarks/star_kingdoms.py [--factions 12] [--turns 30] [--seed 1] [--bot economic|war]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from starlanes.games.star_kingdoms import pipeline
from starlanes.games.star_kingdoms.bot import economic_orders, war_bot_orders
from starlanes.games.star_kingdoms.campaign import CampaignParams
from starlanes.games.star_kingdoms.game import SubmitOrders, make_ruleset, new_campaign


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--factions", type=int, default=12)
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", choices=("economic", "war"), default="economic")
    args = parser.parse_args()
    write = war_bot_orders if args.bot == "war" else economic_orders
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
    cpu_turns: list[float] = []
    lines = 0
    battles = {"space": 0, "ground": 0}
    attacks = 0
    colonies = {c.planet for f in state.factions for c in f.colonies}
    owners = {c.planet: f.id for f in state.factions for c in f.colonies}
    captured = founded = 0
    for _ in range(args.turns):
        started = time.perf_counter()
        docs = [write(state, seat) for seat in range(state.players)]
        bots.append(time.perf_counter() - started)
        lines += sum(d.count("\n") for d in docs)
        started, cpu = time.perf_counter(), time.process_time()
        for seat, doc in enumerate(docs):
            game.apply(state, seat, SubmitOrders(state.turn, state.factions[seat].id, doc))
        turns.append(time.perf_counter() - started)
        cpu_turns.append(time.process_time() - cpu)
        for report in state.reports.values():
            for combat in report.combats:
                if combat.own_side == 0:  # each battle once: its first side's reports
                    battles[combat.kind] += 1
            attacks += len(report.attacks)
        now = {c.planet: f.id for f in state.factions for c in f.colonies}  # changes of hands, turn by turn
        assert set(owners) <= set(now), "a planet is never lost, only captured (it changes hands)"
        captured += sum(1 for planet, owner in now.items() if owners.get(planet, owner) != owner)
        founded += len(set(now) - set(owners))
        owners = now
    ms = 1000.0
    assert colonies <= set(owners)
    print(f"star-kingdoms: {args.factions} nations, {args.turns} turns, {lines} order lines submitted "
          f"({args.bot} bot), seed {args.seed}")
    print(f"  turn (submit {args.factions} documents, checked, + the whole pipeline): "
          f"mean {statistics.mean(turns) * ms:.1f} ms, max {max(turns) * ms:.1f} ms per turn")
    print(f"  the same in CPU time (this process; use it on a loaded machine): "
          f"mean {statistics.mean(cpu_turns) * ms:.1f} ms, max {max(cpu_turns) * ms:.1f} ms per turn, "
          f"{sum(cpu_turns):.2f} s for the {args.turns} turns")
    print(f"  bot orders for every nation: mean {statistics.mean(bots) * ms:.1f} ms per turn")
    for name, values in steps.items():
        print(f"  step {name:<14} mean {statistics.mean(values) * ms:8.3f} ms  max {max(values) * ms:8.3f} ms")
    if args.bot == "war":
        units = sum(len(f.units) for f in state.factions)
        print(f"  war: {battles['space']} space battle reports, {battles['ground']} ground battle reports "
              f"(first side's count), {attacks} attack lines on planets, {captured} planet(s) captured, "
              f"{founded} colonies founded, {units} units standing")
    f = state.factions[0]
    print(f"  after {args.turns} turns: {f.name} has {len(f.colonies)} planet(s), "
          f"districts {f.colonies[0].districts.total()}, {f.credits} credits")


if __name__ == "__main__":
    main()
