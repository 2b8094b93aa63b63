"""Benchmark: Retrograde engine speed.

Run: ``.venv/bin/python benchmarks/retrograde.py [games] [seed]`` (default 40 games, seed 1).
Plays seeded random-vs-random games with the sample decks and prints: games/s, actions
(moves) applied per second through the checked ``apply``, ``legal_actions`` calls per second and
the mean number of legal actions per decision, ``clone`` per second, and the same game speed
through ``apply_unchecked`` (the AI fast path).
"""

from __future__ import annotations

import sys
import time

from starlanes.core import Rng, derive_seed
from starlanes.games.retrograde.game import make_ruleset


def run(games: int, seed: int, checked: bool) -> tuple[float, int, int, int, float, float]:
    game = make_ruleset()
    actions = decisions = branching = 0
    legal_time = apply_time = 0.0
    start = time.perf_counter()
    for i in range(games):
        state = game.setup(None, 2, derive_seed(seed, i))
        rng = Rng.from_seed(derive_seed(seed, i, "moves"))
        while True:
            seats = sorted(game.to_act(state))
            if not seats:
                break
            seat = seats[rng.randint(0, len(seats) - 1)]
            t0 = time.perf_counter()
            legal = game.legal_actions(state, seat)
            t1 = time.perf_counter()
            action = legal[rng.randint(0, len(legal) - 1)]
            if checked:
                game.apply(state, seat, action)
            else:
                game.apply_unchecked(state, seat, action)
            t2 = time.perf_counter()
            legal_time += t1 - t0
            apply_time += t2 - t1
            decisions += 1
            branching += len(legal)
            actions += 1
    return time.perf_counter() - start, actions, decisions, branching, legal_time, apply_time


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    elapsed, actions, decisions, branching, legal_time, apply_time = run(games, seed, checked=True)
    print(f"retrograde random vs random, {games} games (seed {seed}), checked apply")
    print(f"  {games / elapsed:.2f} games/s, {actions / elapsed:.0f} actions/s overall,"
          f" {actions / games:.0f} actions/game")
    print(f"  legal_actions: {decisions / legal_time:.0f} calls/s, {branching / decisions:.1f} actions per decision")
    print(f"  apply (checked): {actions / apply_time:.0f} actions/s")
    elapsed_u, actions_u, _, _, _, apply_u = run(games, seed, checked=False)
    print(f"  apply_unchecked: {actions_u / apply_u:.0f} actions/s; {games / elapsed_u:.2f} games/s")
    game = make_ruleset()
    state = game.setup(None, 2, seed)
    n = 2000
    t0 = time.perf_counter()
    for _ in range(n):
        game.clone(state)
    print(f"  clone: {n / (time.perf_counter() - t0):.0f} /s")


if __name__ == "__main__":
    main()
