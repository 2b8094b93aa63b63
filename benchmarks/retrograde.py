"""Benchmark: Retrograde engine speed, each figure labelled with what it covers.

Run: ``.venv/bin/python benchmarks/retrograde.py [games] [seed]`` (default 40 games, seed 1).
Plays seeded random-vs-random games with the default decks, timing each part of the loop
separately, and prints actions per second for:

- whole loop, checked: ``to_act`` + ``legal_actions`` + a random choice + ``apply`` (the
  checked apply re-validates the action), i.e. what a game costs from setup to the end;
- whole loop, unchecked: the same with ``apply_unchecked``;
- whole loop, drawn: ``to_act`` + ``sample_legal`` (a draw from the legal actions without the
  list: the random agent's and the playouts' path since issue 16; the same games) +
  ``apply_unchecked``;
- ``legal_actions`` alone: calls per second, and the mean number of legal actions;
- ``apply`` alone (checked) and ``apply_unchecked`` alone: the engine's move application
  without listing the legal actions (the figure once quoted as "the engine speed");
- ``clone`` per second.

Random retrograde games never destroy a homeworld: every game runs to the turn limit.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass

from starlanes.core import Rng, derive_seed
from starlanes.games.retrograde.game import make_ruleset


@dataclass
class Timing:
    games: int = 0
    actions: int = 0
    branching: int = 0
    whole: float = 0.0  # setup to the end, every part of the loop
    legal: float = 0.0
    apply: float = 0.0


def run_drawn(games: int, seed: int) -> Timing:
    """The loop of ``run`` with the action drawn by ``sample_legal`` (the same draw as picking
    ``legal[rng.randint(0, len(legal) - 1)]``, so the same games)."""
    game = make_ruleset()
    t = Timing(games=games)
    start = time.perf_counter()
    for i in range(games):
        state = game.setup(None, 2, derive_seed(seed, i))
        rng = Rng.from_seed(derive_seed(seed, i, "moves"))
        while True:
            seats = sorted(game.to_act(state))
            if not seats:
                break
            seat = seats[rng.randint(0, len(seats) - 1)]
            game.apply_unchecked(state, seat, game.sample_legal(state, seat, rng))
            t.actions += 1
    t.whole = time.perf_counter() - start
    return t


def run(games: int, seed: int, checked: bool) -> Timing:
    game = make_ruleset()
    t = Timing(games=games)
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
            t2 = time.perf_counter()
            if checked:
                game.apply(state, seat, action)
            else:
                game.apply_unchecked(state, seat, action)
            t3 = time.perf_counter()
            t.legal += t1 - t0
            t.apply += t3 - t2
            t.branching += len(legal)
            t.actions += 1
    t.whole = time.perf_counter() - start
    return t


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    checked = run(games, seed, checked=True)
    unchecked = run(games, seed, checked=False)
    drawn = run_drawn(games, seed)
    print(f"retrograde random vs random, {games} games (seed {seed}), "
          f"{checked.actions / games:.0f} actions per game")
    rows = [
        ("whole loop, checked apply (to_act + legal_actions + choice + apply)",
         f"{checked.actions / checked.whole:,.0f} actions/s; {games / checked.whole:.2f} games/s"),
        ("whole loop, apply_unchecked (the bots' and the lab's path)",
         f"{unchecked.actions / unchecked.whole:,.0f} actions/s; {games / unchecked.whole:.2f} games/s"),
        ("whole loop, drawn (to_act + sample_legal + apply_unchecked: random agents, playouts)",
         f"{drawn.actions / drawn.whole:,.0f} actions/s; {games / drawn.whole:.2f} games/s"
         + ("" if drawn.actions == unchecked.actions else " (NOT the same games)")),
        ("legal_actions alone",
         f"{checked.actions / checked.legal:,.0f} calls/s; {checked.branching / checked.actions:.1f} "
         "legal actions per decision"),
        ("apply alone (checked; no legal_actions)", f"{checked.actions / checked.apply:,.0f} actions/s"),
        ("apply_unchecked alone (no legal_actions)", f"{unchecked.actions / unchecked.apply:,.0f} actions/s"),
    ]
    game = make_ruleset()
    state = game.setup(None, 2, seed)
    n = 2000
    t0 = time.perf_counter()
    for _ in range(n):
        game.clone(state)
    rows.append(("clone alone", f"{n / (time.perf_counter() - t0):,.0f} clones/s"))
    wide = max(len(what) for what, _ in rows)
    for what, figure in rows:
        print(f"  {what:<{wide}}  {figure}")


if __name__ == "__main__":
    main()
