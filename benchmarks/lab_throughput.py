"""Lab throughput: games per second per ruleset with random agents, and the 2-worker speed-up.

For every registered ruleset it plays the same batch of random-vs-random games (seats
rotating, as ``starlanes lab run`` does) three ways and prints:

  games/s 1 core   in-process, one core (no pool)
  games/s 2 workers a pool of 2 worker processes (pool start-up included)
  speed-up          ratio of the two (the machine has 2 cores; aim: at least 1.8x)
  actions/s         actions per second on one core through the whole lab loop: for every
                    action a view for the agent, legal_actions, the agent's choice and
                    apply_unchecked (setup and record-keeping included); a ``random`` agent
                    instead draws its action with ``sample_legal`` (no view, no list; the
                    same games: issue 16), and a game whose every seat is ``random`` is
                    handed whole to the ruleset's ``play_random`` with each agent's generator

and checks the records are identical for 1 and 2 workers. Results depend on the load of the
machine; compare ratios within one run.

Run: .venv/bin/python benchmarks/lab_throughput.py [--seconds 8] [--games-only space-risk]
"""

from __future__ import annotations

import argparse
import time

from starlanes.lab.runner import load_ruleset, plan_games, run_tasks
from starlanes.registry import available_games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=8.0, help="target length of the 1-core run per game")
    parser.add_argument("--games-only", nargs="*", default=None, help="ruleset ids (default: all registered)")
    args = parser.parse_args()
    ids = args.games_only or [spec.id for spec in available_games()]
    print(f"{'ruleset':<12} {'games':>6} {'games/s 1 core':>15} {'games/s 2 workers':>18} "
          f"{'speed-up':>9} {'actions/s':>10} {'same':>5}")
    print("(actions/s: the whole lab loop on one core: view + legal_actions + agent + apply_unchecked;"
          " random agents draw with sample_legal instead of view + legal_actions, and a game of random"
          " agents is played by the ruleset's play_random)")
    for game_id in ids:
        players = load_ruleset(game_id).spec.min_players
        agents = ["random"] * players
        # calibrate: how many games fill the target time on one core
        probe = plan_games(game_id, agents, 4, 99)
        started = time.perf_counter()
        run_tasks(probe)
        per_game = (time.perf_counter() - started) / 4
        count = max(20, int(args.seconds / per_game))
        count -= count % 2
        tasks = plan_games(game_id, agents, count, 1)
        started = time.perf_counter()
        one = run_tasks(tasks, workers=1)
        t1 = time.perf_counter() - started
        started = time.perf_counter()
        two = run_tasks(tasks, workers=2)
        t2 = time.perf_counter() - started
        same = all(a.same_result(b) for a, b in zip(one, two, strict=True))
        actions = sum(r.length for r in one)
        print(f"{game_id:<12} {count:>6} {count / t1:>15.1f} {count / t2:>18.1f} {t1 / t2:>8.2f}x "
              f"{actions / t1:>10.0f} {'yes' if same else 'NO':>5}")


if __name__ == "__main__":
    main()
