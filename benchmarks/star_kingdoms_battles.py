"""Benchmark: Star Kingdoms battles (the war groundwork), one core.

Run: ``.venv/bin/python benchmarks/star_kingdoms_battles.py``.
Prints space battles per second of the battle engine (one ``battle()`` call: forces built, every
round fought, results gathered; no log) for small, medium and large fleets, the same with Battle
Tactics re-runs, one ground-war turn, and the odds command's whole loop (``simulate``: battles plus
the statistics), then the odds engines before and after vectorisation: the same battles by the
scalar reference engine (one ``battle()`` at a time) and by the NumPy engine (``war/vbattle.py``,
every battle of the question at once), battles per second and the speed-up.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.war.battle import Force, battle
from starlanes.games.star_kingdoms.war.ground import ground_turn
from starlanes.games.star_kingdoms.war.odds import Side, parse_fleet, simulate

CAT = load_catalogue()


def _rate(label: str, fn: Callable[[int], object], n: int) -> None:
    start = time.perf_counter()
    for i in range(n):
        fn(i)
    dt = time.perf_counter() - start
    print(f"{label:<58} {n / dt:>10,.0f} /s   ({1e6 * dt / n:,.0f} µs each)")


def main() -> None:
    print("star-kingdoms battle benchmark (one core)")
    fleets = {
        "small (4 patrol ships v 1 gunboat)": ("4 patrol ship with 1 ship weapons", "gunboat"),
        "medium (6 mixed v 6 mixed, TL 3)": ("3 gunboat at TL 3; 2 heavy cruiser at TL 3; battlecruiser at TL 3",
                                             "4 heavy cruiser at TL 3; 2 light cruiser as missile at TL 3"),
        "large (30 v 30, TL 4)": ("20 patrol ship at TL 4; 10 heavy cruiser at TL 4",
                                  "15 gunboat at TL 4; 10 battlecruiser at TL 4; 5 dreadnaught at TL 4"),
    }
    for label, (a_text, d_text) in fleets.items():
        a = Force("a", parse_fleet(CAT, a_text, owner="attacker"))
        d = Force("d", parse_fleet(CAT, d_text, owner="defender"))
        n = 2000 if "small" in label else (500 if "medium" in label else 100)
        _rate(f"space battle, {label}", lambda i, a=a, d=d: battle(CAT, a, d, random.Random(i)), n)
    a = Force("a", parse_fleet(CAT, "3 gunboat at TL 3; 2 heavy cruiser at TL 3", owner="attacker"), battle_tactics=3)
    d = Force("d", parse_fleet(CAT, "4 heavy cruiser at TL 3", owner="defender"))
    _rate("space battle, medium, Battle Tactics 3 v 0 (4 runs each)", lambda i: battle(CAT, a, d, random.Random(i)),
          200)
    from starlanes.games.star_kingdoms.tech import TechState
    from starlanes.games.star_kingdoms.war.units import design_unit
    tech = TechState(levels={t.id: 2 for t in CAT.core_techs()})
    inv = Force("a", tuple(design_unit(CAT, tech, "infantry-regiment", unit_id=f"a{i}") for i in range(4)))
    gar = Force("d", tuple(design_unit(CAT, tech, "infantry-battalion", unit_id=f"d{i}") for i in range(3)), militia=8)
    _rate("ground war, one turn (4 regiments v 3 battalions + 8 militia)",
          lambda i: ground_turn(CAT, inv, gar, random.Random(i)), 500)
    s_a = Side("attacker", parse_fleet(CAT, "4 patrol ship with 1 ship weapons", owner="attacker"))
    s_d = Side("defender", parse_fleet(CAT, "gunboat", owner="defender"))
    simulate(CAT, s_a, s_d, runs=100, seed=0, engine="vector")  # NumPy's import is not the engine's time
    print("odds star-kingdoms, whole loop (battles + statistics), before (scalar) and after (vector):")
    questions = {
        "small (4 patrol ships v 1 gunboat)": (s_a, s_d, 4000),
        "medium (6 mixed v 6 mixed, TL 3)": (
            Side("attacker", parse_fleet(CAT, fleets["medium (6 mixed v 6 mixed, TL 3)"][0], owner="attacker")),
            Side("defender", parse_fleet(CAT, fleets["medium (6 mixed v 6 mixed, TL 3)"][1], owner="defender")),
            1000),
        "medium, Battle Tactics 3 v 0": (
            Side("attacker", parse_fleet(CAT, "3 gunboat at TL 3; 2 heavy cruiser at TL 3", owner="attacker"),
                 battle_tactics=3),
            Side("defender", parse_fleet(CAT, "4 heavy cruiser at TL 3", owner="defender")), 400),
        "large (30 v 30, TL 4)": (
            Side("attacker", parse_fleet(CAT, fleets["large (30 v 30, TL 4)"][0], owner="attacker")),
            Side("defender", parse_fleet(CAT, fleets["large (30 v 30, TL 4)"][1], owner="defender")), 200),
    }
    for label, (qa, qd, runs) in questions.items():
        rates = {}
        holds = {}
        for engine in ("scalar", "vector"):
            start = time.perf_counter()
            report = simulate(CAT, qa, qd, runs=runs, seed=1, engine=engine)  # type: ignore[arg-type]
            rates[engine] = runs / (time.perf_counter() - start)
            holds[engine] = 100 * report.attacker_holds.value
        print(f"  {label:<40} {runs:>6,} runs: scalar {rates['scalar']:>8,.0f} /s, vector {rates['vector']:>9,.0f} /s"
              f"  (x{rates['vector'] / rates['scalar']:.1f}; attacker holds {holds['scalar']:.1f}% / "
              f"{holds['vector']:.1f}%)")
    start = time.perf_counter()
    report = simulate(CAT, s_a, s_d, runs=100_000, seed=1)
    dt = time.perf_counter() - start
    print(f"{'odds star-kingdoms, small fleets, 100,000 runs (auto: vector)':<58} {100_000 / dt:>10,.0f} /s   "
          f"({dt:.2f} s; attacker holds {100 * report.attacker_holds.value:.1f}%)")


if __name__ == "__main__":
    main()
