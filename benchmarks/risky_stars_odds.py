"""Benchmark: Risky Stars combat odds, one core.

Run: ``.venv/bin/python benchmarks/risky_stars_odds.py``.
Prints NumPy's raw d10 rate (dice drawn per second), then Monte Carlo fights per second of
:func:`starlanes.games.risky_stars.montecarlo.simulate` for several army sizes in both combat modes
(with the dice those fights stand for, per second), then the timings of the exact tables
(one exchange, cold cache, and whole fights).
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from starlanes.games.risky_stars import combat, montecarlo
from starlanes.games.risky_stars.spec import COMBAT_MODES


def _best(fn: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    gen = np.random.default_rng(1)
    n = 20_000_000
    raw = _best(lambda: gen.integers(1, 11, size=n, dtype=np.int8), 3)
    print("risky-stars odds benchmark (one core)")
    print(f"NumPy raw dice: {n / raw / 1e6:,.1f} M d10 per second (Generator.integers, int8)")
    print()
    print(f"{'fight':>16} {'mode':>14} {'fights/s':>12} {'dice/s equiv.':>14}")
    for attack, defend, fights in [(3, 2, 400_000), (10, 10, 400_000), (100, 100, 200_000), (1000, 1000, 100_000)]:
        for mode in COMBAT_MODES:
            t = _best(lambda a=attack, d=defend, f=fights, m=mode: montecarlo.simulate(a, d, fights=f, mode=m), 2)
            rate = fights / t
            print(f"{f'{attack} vs {defend}':>16} {mode:>14} {rate:>12,.0f} {rate * (attack + defend) / 1e6:>12,.1f} M")
    print()
    print("exact tables (cold cache, best of 3)")
    for k in (5, 10, 15, 20, 25):
        def one(k: int = k) -> None:
            combat.exchange_counts.cache_clear()
            combat.exchange_counts(k, k)
        print(f"  one exchange {k} vs {k}: {_best(one, 3) * 1000:8.1f} ms")

    def big_attacker() -> None:
        combat.exchange_counts.cache_clear()
        combat.exchange_counts(200, 25)
    print(f"  one exchange 200 vs 25: {_best(big_attacker, 3) * 1000:8.1f} ms")
    for attack, defend in [(10, 10), (20, 20)]:
        def whole(a: int = attack, d: int = defend) -> None:
            combat.exchange_counts.cache_clear()
            combat.fight(a, d, mode="until_decided")
        print(f"  whole fight until decided {attack} vs {defend}: {_best(whole, 3) * 1000:8.1f} ms")

    def waves() -> None:
        combat.exchange_counts.cache_clear()
        combat.fight((10, 10, 10), 15, exact=True)
    print(f"  whole fight per arrival, waves 10+10+10 vs 15, Fractions: {_best(waves, 3) * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
