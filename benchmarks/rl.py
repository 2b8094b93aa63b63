"""Reinforcement-learning environment throughput, env steps per second, one core.

For every registered game (or those named with --games), random masked play for --seconds each:

  single env   one ``starlanes.rl`` AEC env, the whole loop of a training step: ``observe`` the
               acting seat (its view encoded + the legal-action mask), draw a random legal slot,
               ``step`` (decode, apply, GM close if any, next seat, legal actions indexed);
               episodes restart at the end (``max_steps`` caps them).
  batch of N   ``BatchEnv`` with N envs: ``random_actions`` over the stacked masks, ``step`` (the
               same work per env, plus stacking observations and masks into NumPy arrays and the
               auto-reset). Counted in env steps (N per batch step).
  factored     one ``FactoredEnv`` (``factored=True``): the same loop, a head then a count digit
               by digit; counted in env steps (a digit is a step) and in game actions.

Also printed: the parts of one env step, in microseconds (legal actions listed and indexed,
view built, view encoded, apply), over the same random play.

Run: .venv/bin/python benchmarks/rl.py [--games space-risk retrograde] [--seconds 3] [--batch 16]
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from starlanes.registry import available_games
from starlanes.rl import BatchEnv, NoFixedActionSpace, StarlanesEnv, env, random_actions


def single(game_id: str, seconds: float, max_steps: int, factored: bool = False) -> tuple[float, float, int]:
    """Env steps/s, game actions/s, episodes ended."""
    e = env(game_id, max_steps=max_steps, factored=factored)
    e.reset(seed=0)
    rng = np.random.default_rng(0)
    steps = episodes = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            actions += e.game_state.step
            e.reset()
            episodes += 1
            continue
        mask = e.observe(agent)["action_mask"]
        e.step(int(rng.choice(np.flatnonzero(mask))))
        steps += 1
    actions += e.game_state.step
    spent = time.perf_counter() - start
    return steps / spent, actions / spent, episodes


def batched(game_id: str, n: int, seconds: float, max_steps: int) -> tuple[float, int]:
    batch = BatchEnv(game_id, n, seed=0, max_steps=max_steps)
    _, mask, _ = batch.reset()
    rng = np.random.default_rng(0)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        mask = batch.step(random_actions(mask, rng)).mask
        steps += n
    return steps / (time.perf_counter() - start), batch.episodes


def parts(game_id: str, count: int) -> dict[str, float]:
    """Microseconds per env step spent in each part, over ``count`` random steps."""
    e: StarlanesEnv = env(game_id)
    e.reset(seed=1)
    game = e.game
    rng = np.random.default_rng(1)
    spent = {"legal actions + index": 0.0, "view": 0.0, "encode": 0.0, "apply": 0.0}
    done = 0
    clock = time.perf_counter
    while done < count:
        state: Any = e.game_state
        agent = e.agent_selection
        if e.terminations[agent] or e.truncations[agent]:
            e.reset()
            continue
        seat = e.seat_of(agent)
        t0 = clock()
        legal = list(game.legal_actions(state, seat))
        e.index.assign(legal)
        t1 = clock()
        view = game.view(state, seat)
        t2 = clock()
        e.encoder.encode(view)
        t3 = clock()
        slot = int(rng.choice(list(e.legal())))
        copy = game.clone(state)
        t4 = clock()
        game.apply_unchecked(copy, seat, e.legal()[slot])
        t5 = clock()
        spent["legal actions + index"] += t1 - t0
        spent["view"] += t2 - t1
        spent["encode"] += t3 - t2
        spent["apply"] += t5 - t4
        e.step(slot)
        done += 1
    return {k: v / count * 1e6 for k, v in spent.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="*", default=None, help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--batch", type=int, default=16, help="envs in the batch")
    parser.add_argument("--max-steps", type=int, default=2000, help="episode cap (truncation)")
    args = parser.parse_args()
    games = args.games or [spec.id for spec in available_games()]
    print(f"starlanes.rl: env steps/s, random masked play, one process; {args.seconds:g} s per figure")
    for game_id in games:
        try:
            rate, _, episodes = single(game_id, args.seconds, args.max_steps)
        except NoFixedActionSpace as exc:
            print(f"{game_id}: skipped ({exc})")
            continue
        e = env(game_id)
        f = env(game_id, factored=True)
        print(f"{game_id}: Discrete({e.action_size}) actions, observation float32[{e.obs_size}]; "
              f"factored: Discrete({f.action_size}), float32[{f.obs_size}]")
        print(f"  single env     {rate:9,.0f} env steps/s  (observe + mask + step; {episodes} episodes ended)")
        rate, episodes = batched(game_id, args.batch, args.seconds, args.max_steps)
        print(f"  batch of {args.batch:<4}  {rate:9,.0f} env steps/s  (stacked obs/masks, vectorised random "
              f"choice, auto-reset; {episodes} episodes ended)")
        rate, actions, episodes = single(game_id, args.seconds, args.max_steps, factored=True)
        print(f"  factored       {rate:9,.0f} env steps/s  = {actions:,.0f} game actions/s  "
              f"(a digit is an env step; {episodes} episodes ended)")
        split = parts(game_id, 500)
        print("  per step, us:  " + ", ".join(f"{k} {v:,.0f}" for k, v in split.items()))


if __name__ == "__main__":
    main()
