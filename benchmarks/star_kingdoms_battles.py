"""Benchmark: Star Kingdoms battles (the war groundwork), one core.

Run: ``.venv/bin/python benchmarks/star_kingdoms_battles.py``.
Prints space battles per second of the battle engine (one ``battle()`` call: forces built, every
round fought, results gathered; no log) for small, medium and large fleets, the same with Battle
Tactics re-runs, one ground-war turn, and the odds command's whole loop (``simulate``: battles plus
the statistics).
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
    start = time.perf_counter()
    report = simulate(CAT, s_a, s_d, runs=10_000, seed=1)
    dt = time.perf_counter() - start
    print(f"{'odds star-kingdoms, small fleets, 10,000 runs (whole loop)':<58} {10_000 / dt:>10,.0f} /s   "
          f"({dt:.2f} s; attacker holds {100 * report.attacker_holds.value:.1f}%)")


if __name__ == "__main__":
    main()
