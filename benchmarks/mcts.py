"""MCTS iterations per second per ruleset (one core).

For every registered ruleset, positions are collected from seeded random games (every
``stride``-th decision with more than one legal action); at each position an ``mcts`` and an
``ismcts`` agent search with a fixed iteration budget, for two playout caps: ``rollout=0``
(leaves scored by the ruleset's ``evaluate``) and the default ``rollout=100``. Printed:
iterations per second and milliseconds per decision.

Run: .venv/bin/python benchmarks/mcts.py [--positions 30] [--iterations 100]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from starlanes.ai.mcts import ISMCTSAgent, MCTSAgent
from starlanes.ai.random_agent import RandomAgent
from starlanes.core import Ruleset
from starlanes.lab.runner import load_ruleset
from starlanes.registry import available_games


def positions(game: Ruleset[Any, Any, Any], count: int, stride: int = 7) -> list[tuple[Any, int]]:
    """(state, seat) pairs from random games: every ``stride``-th real decision."""
    found: list[tuple[Any, int]] = []
    seed = 0
    while len(found) < count:
        state = game.setup(None, game.spec.min_players, seed)
        agents = [RandomAgent(seed * 10 + s) for s in range(game.spec.min_players)]
        decisions = 0
        steps = 0
        while not game.is_over(state) and len(found) < count and steps < game.spec.max_actions:
            for seat in sorted(game.to_act(state)):
                legal = game.legal_actions(state, seat)
                if len(legal) > 1:
                    decisions += 1
                    if decisions % stride == 0:
                        found.append((game.clone(state), seat))
                game.apply_unchecked(state, seat, agents[seat].act(game.view(state, seat), legal))
                steps += 1
        seed += 1
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--iterations", type=int, default=100)
    parser.add_argument("--games-only", nargs="*", default=None, help="ruleset ids (default: all registered)")
    args = parser.parse_args()
    ids = args.games_only or [spec.id for spec in available_games()]
    print(f"{'ruleset':<12} {'agent':<7} {'rollout':>7} {'iterations/s':>13} {'ms/decision':>12}")
    for game_id in ids:
        game = load_ruleset(game_id)
        spots = positions(game, args.positions)
        for cls in (MCTSAgent, ISMCTSAgent):
            for rollout in (0, 100):
                options = {"iterations": str(args.iterations), "rollout": str(rollout)}
                total = 0
                started = time.perf_counter()
                for i, (state, seat) in enumerate(spots):
                    agent = cls(game, seat, i, options)
                    agent.act(game.view(state, seat), game.legal_actions(state, seat))
                    assert agent.last is not None
                    total += agent.last.iterations
                elapsed = time.perf_counter() - started
                print(f"{game_id:<12} {cls.name:<7} {rollout:>7} {total / elapsed:>13.0f} "
                      f"{1000 * elapsed / len(spots):>12.1f}")


if __name__ == "__main__":
    main()
