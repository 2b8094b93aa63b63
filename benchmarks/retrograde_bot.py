"""Benchmark: win rate of ``retrograde:heuristic`` against the random bot with the sample decks.

Run: ``.venv/bin/python benchmarks/retrograde_bot.py [games] [seed]`` (default 200 games,
seed 1). Games cycle through the four set-ups: the bot in seat 0 or seat 1, playing
sample-1 (Venus) or sample-2 (Saturn) against the other deck; the coin flip for the first
player is part of each seeded game. Prints the win rate overall and per set-up with a 95%
Wilson interval, how games ended, and the speed.
"""

from __future__ import annotations

import sys
import time
from collections import Counter

from starlanes.ai.base import Agent
from starlanes.ai.random_agent import RandomAgent
from starlanes.core import derive_seed
from starlanes.games.retrograde.ai import HeuristicAgent
from starlanes.games.retrograde.game import make_ruleset
from starlanes.lab.stats import wilson

SETUPS = [(0, "sample-1"), (1, "sample-1"), (0, "sample-2"), (1, "sample-2")]


def play(index: int, seed: int) -> tuple[int, bool, bool, str, int]:
    """One game; returns (set-up index, bot won, draw, end reason, actions)."""
    game = make_ruleset()
    game_seed = derive_seed(seed, index)
    setup = index % len(SETUPS)
    bot_seat, bot_deck = SETUPS[setup]
    other = "sample-2" if bot_deck == "sample-1" else "sample-1"
    decks = {bot_seat: bot_deck, 1 - bot_seat: other}
    state = game.setup({"deck0": decks[0], "deck1": decks[1]}, 2, game_seed)
    agents: dict[int, Agent] = {
        bot_seat: HeuristicAgent(bot_seat, game_seed),
        1 - bot_seat: RandomAgent(derive_seed(game_seed, "random")),
    }
    actions = 0
    while True:
        seats = sorted(game.to_act(state))
        if not seats:
            break
        for seat in seats:
            legal = game.legal_actions(state, seat)
            if not legal:
                continue
            action = agents[seat].act(game.view(state, seat), legal)
            game.apply_unchecked(state, seat, action)
            actions += 1
    out = game.outcome(state)
    assert out is not None
    reason = "turn limit" if out.draw else ("gate" if "held" in out.reason else "homeworld")
    return setup, bot_seat in out.winners, out.draw, reason, actions


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    start = time.perf_counter()
    wins = Counter[int]()
    played = Counter[int]()
    reasons: Counter[str] = Counter()
    total_actions = 0
    for i in range(games):
        setup, won, _draw, reason, actions = play(i, seed)
        played[setup] += 1
        wins[setup] += int(won)
        reasons[reason] += 1
        total_actions += actions
    elapsed = time.perf_counter() - start
    all_wins = sum(wins.values())
    lo, hi = wilson(all_wins, games)
    print(f"retrograde:heuristic vs random, {games} games (seed {seed})")
    print(f"  win rate {all_wins / games:.1%}  (95% CI {lo:.1%} - {hi:.1%})")
    for k, (seat, deck) in enumerate(SETUPS):
        if played[k]:
            lo_k, hi_k = wilson(wins[k], played[k])
            print(f"  bot seat {seat} with {deck}: {wins[k]}/{played[k]} = {wins[k] / played[k]:.1%}"
                  f"  (95% CI {lo_k:.1%} - {hi_k:.1%})")
    print("  endings: " + ", ".join(f"{k} {v}" for k, v in reasons.most_common()))
    print(f"  {games / elapsed:.2f} games/s, {total_actions / elapsed:.0f} actions/s, "
          f"{total_actions / games:.0f} actions/game")


if __name__ == "__main__":
    main()
