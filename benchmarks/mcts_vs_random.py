"""MCTS against random in two-player space-risk: win rate with its Wilson 95% interval.

Plays ``--games`` games of ``--agent`` against ``random`` through the lab (seats rotate, so
each side opens half the games), on ``--workers`` processes, and prints the win rate, its
interval, draws and the time per game. The target is a win rate of at least 90% at a budget
that plays a game in a few seconds; the default budget (8 iterations, about 1 s per game) aims
higher: a point estimate of at least 95% with the interval's lower bound at 90% or more.

Equivalent command line:
  starlanes lab run space-risk --agents mcts:iterations=8,random --games 100 --seed 2026 --workers 2

Run: .venv/bin/python benchmarks/mcts_vs_random.py [--games 100] [--agent mcts:iterations=8]
"""

from __future__ import annotations

import argparse
import time

from starlanes.lab.runner import plan_games, run_tasks
from starlanes.lab.summary import summarize


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="space-risk")
    parser.add_argument("--agent", default="mcts:iterations=8")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    tasks = plan_games(args.game, [args.agent, "random"], args.games, args.seed)
    started = time.perf_counter()
    records = run_tasks(tasks, workers=args.workers)
    elapsed = time.perf_counter() - started
    summary = summarize(records)
    rate = summary.by_agent[args.agent]
    low, high = rate.ci95
    cpu = sum(r.duration for r in records) / len(records)
    print(f"{args.game}: {args.agent} vs random, {summary.games} games (seats rotating), seed {args.seed}")
    print(f"  {args.agent} won {rate.wins}/{rate.games} = {rate.rate * 100:.1f}% "
          f"(95% CI {low * 100:.1f}% - {high * 100:.1f}%); draws {summary.draws}")
    print(f"  {cpu:.2f} s per game on one core; mean length {summary.mean_length:.0f} actions; "
          f"wall {elapsed:.0f} s on {args.workers} worker(s)")
    print(f"  target >= 90%: {'met' if rate.rate >= 0.9 else 'NOT met'}; "
          f">= 95% with the CI above 90%: {'met' if rate.rate >= 0.95 and low >= 0.9 else 'NOT met'}")


if __name__ == "__main__":
    main()
