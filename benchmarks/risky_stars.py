"""Benchmark: Risky Stars speed, each figure labelled with what it covers.

Run: ``.venv/bin/python benchmarks/risky_stars.py [games] [seed]`` (default 20 games, seed 1).

1. Random play (generated maps, default params: 60 rounds), for 2 and 6 players, actions per
   second of
   - the whole loop: ``to_act`` + ``view`` + ``legal_actions`` + the random agent's choice +
     ``apply_unchecked``, i.e. what the lab pays per action (its mean is over the actions of
     whole games, setup excluded);
   - ``apply_unchecked`` alone: the engine applying an action, nothing listed.
2. The heuristic bot (``risky-stars:heuristic``) against the random bot, 2 players: games per
   second, the bot's time per decision (``act``: its view, plans and odds; cached odds make
   later games faster, so the first game of a process is the slowest), and its win rate with
   a 95 % Wilson interval.
3. The bot's attack odds (``ai_odds.attack_odds``): calls per second uncached, exact (small
   armies) and estimated (big armies).
"""

from __future__ import annotations

import sys
import time
from typing import Any

from starlanes.ai.random_agent import RandomAgent
from starlanes.core import derive_seed
from starlanes.games.risky_stars.ai import HeuristicAgent
from starlanes.games.risky_stars.ai_odds import _odds, attack_odds
from starlanes.games.risky_stars.game import make_ruleset
from starlanes.lab.stats import wilson

GAME = make_ruleset()


def random_play(players: int, games: int, seed: int) -> tuple[int, float, float]:
    """(actions, seconds of the whole loop, seconds in apply_unchecked) over ``games`` games."""
    actions = 0
    whole = 0.0
    apply = 0.0
    for i in range(games):
        game_seed = derive_seed(seed, players, i)
        state = GAME.setup(None, players, game_seed)
        agents = [RandomAgent(derive_seed(game_seed, s)) for s in range(players)]
        start = time.perf_counter()
        while True:
            seats = GAME.to_act(state)
            if not seats:
                break
            (seat,) = seats
            action = agents[seat].act(GAME.view(state, seat), GAME.legal_actions(state, seat))
            t = time.perf_counter()
            GAME.apply_unchecked(state, seat, action)
            apply += time.perf_counter() - t
            actions += 1
        whole += time.perf_counter() - start
    return actions, whole, apply


def bot_games(games: int, seed: int) -> tuple[int, float, int, float]:
    """(bot wins, seconds for all the games, bot decisions, seconds the bot spent deciding)."""
    wins = 0
    decisions = 0
    thinking = 0.0
    start = time.perf_counter()
    for i in range(games):
        game_seed = derive_seed(seed, "bot", i)
        state = GAME.setup(None, 2, game_seed)
        bot = i % 2
        agents: dict[int, Any] = {bot: HeuristicAgent(bot), 1 - bot: RandomAgent(derive_seed(game_seed, "random"))}
        while True:
            seats = GAME.to_act(state)
            if not seats:
                break
            (seat,) = seats
            view = GAME.view(state, seat)
            legal = GAME.legal_actions(state, seat)
            t = time.perf_counter()
            action = agents[seat].act(view, legal)
            if seat == bot:
                thinking += time.perf_counter() - t
                decisions += 1
            GAME.apply_unchecked(state, seat, action)
        out = GAME.outcome(state)
        assert out is not None
        wins += bot in out.winners
    return wins, time.perf_counter() - start, decisions, thinking


def odds_rate(pairs: list[tuple[int, int]]) -> float:
    """Uncached ``attack_odds`` calls per second over ``pairs``."""
    params = GAME.default_params()
    _odds.cache_clear()
    start = time.perf_counter()
    for a, d in pairs:
        attack_odds(params, a, d)
    return len(pairs) / (time.perf_counter() - start)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    print(f"Risky Stars benchmark: {games} games per figure, seed {seed}, generated maps, default params")
    for players in (2, 6):
        actions, whole, apply = random_play(players, games, seed)
        print(f"  random play, {players} players ({actions / games:,.0f} actions a game):\n"
              f"    {actions / whole:,.0f} actions/s whole loop (view + legal actions + choice + apply)\n"
              f"    {actions / apply:,.0f} actions/s apply_unchecked alone")
    wins, seconds, decisions, thinking = bot_games(games, seed)
    lo, hi = wilson(wins, games)
    print(f"  heuristic vs random, 2 players: {games / seconds:.2f} games/s, "
          f"{thinking / decisions * 1000:.2f} ms per bot decision;\n"
          f"    bot won {wins}/{games} ({wins / games:.0%}, 95% interval {lo:.0%}..{hi:.0%})")
    small = [(a, d) for a in range(1, 25) for d in range(1, 9)]
    big = [(a, d) for a in range(100, 2100, 100) for d in (12, 40, 200)]
    print(f"  attack odds, uncached: {odds_rate(small):,.0f} calls/s exact (attack 1-24 vs defend 1-8),\n"
          f"    {odds_rate(big):,.0f} calls/s estimated (attack 100-2000 vs defend 12/40/200)")


if __name__ == "__main__":
    main()
