"""Benchmark: every whole-battle result for A, D <= 100 (float mode), one core.

Run: ``.venv/bin/python benchmarks/odds.py`` (target: float table at most 5 ms, issue 16).
Prints the best and median time of several runs of ``battle_tables(100, 100)``, which
gives p_attacker_wins and both expected survivor counts for all 10,000 starts, beside
the same table by the scalar pass that was used before the NumPy one (``odds._tables``),
plus the time of one full end-state distribution for A = D = 100 and of the exact table
up to 30.
"""

from __future__ import annotations

import statistics
import time

from starlanes.games.space_risk import odds


def _time(fn: object, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        odds.roll_outcomes.cache_clear()
        odds.roll_outcomes_float.cache_clear()
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        out.append((time.perf_counter() - start) * 1000.0)
    return out


def _scalar_table() -> object:
    def outcomes(k: int, j: int) -> tuple[tuple[int, int, float], ...]:
        return odds.roll_outcomes_float(k, j)

    return odds._tables(100, 100, odds.DEFAULT_RULES, outcomes, 1.0, 0.0)


def main() -> None:
    runs = _time(lambda: odds.battle_tables(100, 100), 15)
    old = _time(_scalar_table, 15)
    table = odds.battle_tables(100, 100)
    print("space-risk odds benchmark (float mode, cold dice cache each run)")
    print(f"float table, all whole battles A,D in 1..100 (10,000 results, win + both expected "
          f"survivors): best {min(runs):.2f} ms, median {statistics.median(runs):.2f} ms  (target <= 5 ms)")
    print(f"  same table by the old scalar pass: best {min(old):.2f} ms, "
          f"median {statistics.median(old):.2f} ms")
    print(f"  check: p(100 vs 100) = {table.p_attacker_wins[100][100]:.6f}, "
          f"p(10 vs 10) = {table.p_attacker_wins[10][10]:.6f}")
    runs_mod = _time(lambda: odds.battle_tables(100, 100, attack_mod=-2, defend_mod=1), 5)
    print(f"same with modifiers attack -2 / defend +1: best {min(runs_mod):.1f} ms")
    one = _time(lambda: odds.battle(100, 100), 5)
    print(f"one full end-state distribution, 100 vs 100: best {min(one):.1f} ms")
    exact = _time(lambda: odds.battle_tables(30, 30, exact=True), 5)
    print(f"exact fractions table, all A,D in 1..30: best {min(exact):.1f} ms, "
          f"median {statistics.median(exact):.1f} ms")


if __name__ == "__main__":
    main()
