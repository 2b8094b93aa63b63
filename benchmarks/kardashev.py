"""Benchmark: Kardashev engine speed and the heuristic bot's strength, each figure labelled.

Run: ``.venv/bin/python benchmarks/kardashev.py [games] [seed] [bot_games]`` (default 20 random
games per player count, seed 1, 100 bot games). Prints:

- random play, 2 players: actions per second for the whole loop (``to_act`` +
  ``legal_actions`` + a seeded random choice + ``apply_unchecked``), for ``apply_unchecked``
  alone and for ``legal_actions`` alone (with the mean number of legal actions per decision),
  and games per second; the same whole-loop figures at 4 players with the ally variant and at
  6 players;
- the heuristic bot against random, 2 players, seats alternating (the lab's rotation):
  the bot's win rate with its 95% Wilson interval, games per second, and the win rate per role
  the bot played.

The bot figure is the one ``starlanes lab run kardashev --agents kardashev:heuristic,random
--games N --seed S`` gives; this script plays it in one process so it needs no Parquet/Rich.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass

from starlanes.core import Rng, derive_seed
from starlanes.lab.runner import plan_games, play_game
from starlanes.lab.stats import wilson
from starlanes.registry import get_game

GAME = "kardashev"


@dataclass
class Timing:
    games: int = 0
    actions: int = 0
    branching: int = 0
    whole: float = 0.0
    legal: float = 0.0
    apply: float = 0.0


def random_play(players: int, games: int, seed: int, ally: bool = False) -> Timing:
    game = get_game(GAME)
    params = game.params_from({"ally_variant": True}) if ally else None
    t = Timing(games=games)
    start = time.perf_counter()
    for i in range(games):
        state = game.setup(params, players, derive_seed(seed, i))
        rng = Rng.from_seed(derive_seed(seed, i, "moves"))
        cap = game.spec.max_actions
        n = 0
        while n < cap:
            seats = sorted(game.to_act(state))
            if not seats:
                break
            seat = seats[0]
            t0 = time.perf_counter()
            legal = game.legal_actions(state, seat)
            t1 = time.perf_counter()
            action = legal[rng.randint(0, len(legal) - 1)]
            t2 = time.perf_counter()
            game.apply_unchecked(state, seat, action)
            t3 = time.perf_counter()
            t.legal += t1 - t0
            t.apply += t3 - t2
            t.branching += len(legal)
            t.actions += 1
            n += 1
    t.whole = time.perf_counter() - start
    return t


def bot_vs_random(games: int, seed: int) -> None:
    tasks = plan_games(GAME, ["kardashev:heuristic", "random"], games, seed)
    start = time.perf_counter()
    wins = 0
    roles: dict[str, list[int]] = {}
    for task in tasks:
        record = play_game(task)
        bot = task.agents.index("kardashev:heuristic")
        won = bot in record.winners
        wins += won
        if record.labels:
            cell = roles.setdefault(record.labels[bot], [0, 0])
            cell[0] += won
            cell[1] += 1
    seconds = time.perf_counter() - start
    low, high = wilson(wins, games)
    print(f"heuristic vs random, 2 players, {games} games (seed {seed}, seats alternating):")
    print(f"  bot win rate {wins}/{games} = {wins / games:.1%} (95% Wilson CI {low:.1%} - {high:.1%}); "
          f"{games / seconds:.2f} games/s")
    for role, (w, n) in sorted(roles.items()):
        lo, hi = wilson(w, n)
        print(f"    as {role:<12} {w}/{n} = {w / n:.0%} (95% CI {lo:.0%} - {hi:.0%})")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    bot_games = int(sys.argv[3]) if len(sys.argv) > 3 else 100
    two = random_play(2, games, seed)
    print(f"kardashev random play, {games} games per line (seed {seed}); "
          f"{two.actions / games:.0f} actions per 2-player game")
    rows = [
        ("2 players: whole loop (to_act + legal_actions + choice + apply_unchecked)",
         f"{two.actions / two.whole:,.0f} actions/s; {games / two.whole:.2f} games/s"),
        ("2 players: apply_unchecked alone", f"{two.actions / two.apply:,.0f} actions/s"),
        ("2 players: legal_actions alone",
         f"{two.actions / two.legal:,.0f} calls/s; {two.branching / two.actions:.1f} legal actions per decision"),
    ]
    for players, ally in ((4, True), (6, False)):
        t = random_play(players, games, seed, ally)
        what = f"{players} players{' (ally variant)' if ally else ''}: whole loop"
        rows.append((what, f"{t.actions / t.whole:,.0f} actions/s; {games / t.whole:.2f} games/s; "
                           f"{t.actions / games:.0f} actions per game"))
    wide = max(len(what) for what, _ in rows)
    for what, figure in rows:
        print(f"  {what:<{wide}}  {figure}")
    bot_vs_random(bot_games, seed)


if __name__ == "__main__":
    main()
