"""Benchmark: win rate of ``space-risk:heuristic`` against the random bot, two players.

Run: ``.venv/bin/python benchmarks/space_risk_bot.py [games] [seed]`` (default 200 games,
seed 1).  The heuristic bot takes seat 0 in even games and seat 1 in odd games; every
game is seeded (``derive_seed(seed, index)``), so a run is reproducible.  Prints the win
rate with a 95% Wilson interval, how games ended, and the speed; then the throughput of
random-against-random games (view + legal actions + apply per action, as the lab plays).
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from starlanes.ai.base import Agent
from starlanes.ai.random_agent import RandomAgent
from starlanes.core import derive_seed
from starlanes.games.space_risk import make_space_risk
from starlanes.games.space_risk.ai import HeuristicAgent
from starlanes.lab.stats import wilson


def play(index: int, seed: int) -> tuple[bool, bool, str, int]:
    """One game; returns (bot won, draw, end reason kind, actions)."""
    game = make_space_risk()
    game_seed = derive_seed(seed, index)
    state = game.setup(None, 2, game_seed)
    bot_seat = index % 2
    agents: dict[int, Agent] = {
        bot_seat: HeuristicAgent(bot_seat),
        1 - bot_seat: RandomAgent(derive_seed(game_seed, "random")),
    }
    actions = 0
    while True:
        seats = game.to_act(state)
        if not seats:
            break
        (seat,) = seats
        legal = game.legal_actions(state, seat)
        action = agents[seat].act(game.view(state, seat), legal)
        game.apply_unchecked(state, seat, action)
        actions += 1
    out = game.outcome(state)
    assert out is not None
    kind = out.reason.split(":")[0]
    if "stars" in kind:
        kind = "stars"
    elif "last player" in kind:
        kind = "conquest"
    else:
        kind = "round limit"
    return bot_seat in out.winners, out.draw, kind, actions


def random_throughput(games: int, seed: int) -> tuple[int, float]:
    """Random against random, the way the lab plays (view, legal actions, unchecked apply)."""
    game = make_space_risk()
    actions = 0
    start = time.perf_counter()
    for i in range(games):
        state = game.setup(None, 2, derive_seed(seed, "random", i))
        agents = [RandomAgent(derive_seed(seed, i, s)) for s in range(2)]
        while True:
            seats = game.to_act(state)
            if not seats:
                break
            (seat,) = seats
            action = agents[seat].act(game.view(state, seat), game.legal_actions(state, seat))
            game.apply_unchecked(state, seat, action)
            actions += 1
    return actions, time.perf_counter() - start


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    start = time.perf_counter()
    wins = 0
    draws = 0
    kinds: Counter[str] = Counter()
    total_actions = 0
    for i in range(games):
        won, draw, kind, n = play(i, seed)
        wins += won
        draws += draw
        kinds[kind] += 1
        total_actions += n
    elapsed = time.perf_counter() - start
    low, high = wilson(wins, games)
    print(f"space-risk:heuristic vs random, 2 players, {games} games, seed {seed}")
    print(f"heuristic wins {wins}/{games} = {wins / games:.1%} (95% CI {low:.1%} - {high:.1%}); draws {draws}")
    print("games ended by: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items())))
    print(f"{elapsed:.1f} s, {elapsed / games * 1000:.0f} ms per game, "
          f"{total_actions / games:.0f} actions per game")
    n, secs = random_throughput(20, seed)
    print(f"random vs random (60-round games): {n / secs:.0f} actions/s, {secs / 20 * 1000:.0f} ms per game")


if __name__ == "__main__":
    main()
