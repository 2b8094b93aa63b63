"""Issue 16 in one run: every speed figure it asks for, beside the old code's recorded figures.

Figures (one core each, median of ``--repeat`` runs; the machine's load is printed first):

  random play        the lab loop (``starlanes lab run`` with ``random`` agents, one core): setup,
                     for every action the legal actions (or a draw from them), the agent's
                     choice and ``apply_unchecked``; record-keeping included. actions/s.
  mcts rollout=100   MCTS iterations/s at fixed positions of seeded random games, each iteration
                     a tree walk plus a random playout of at most 100 actions (``rollout=100``).
  odds table         space-risk whole-battle float table, every A, D in 1..100 (win chance and
                     expected survivors), cold dice cache, ms; the exact-fraction table A, D <= 30.
  odds text          ``starlanes odds space-risk --attack 1..100 --defend 1..100``: the whole
                     command (start-up, tables, text), wall time in s.
  start-up           ``starlanes --help`` and ``starlanes games``: the whole command, wall s.

A digest of the random games' records and of the MCTS choices is printed: equal digests between
the old and new code mean the speed-ups played the same games and made the same choices.

The script uses only interfaces the old code already had, so it runs on it too::

    git worktree add /tmp/speed-base <old commit>
    PYTHONPATH=/tmp/speed-base/src .venv/bin/python benchmarks/speed.py --label old

``OLD`` below holds the figures printed that way (issue 16's "old code"), measured on this
machine on the day of the change; they are printed beside the new ones.

Run: .venv/bin/python benchmarks/speed.py [--repeat 3] [--only play mcts odds startup]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

# figures printed by this script on the old code (commit e20e176), see docs/performance.md
OLD: dict[str, float] = {}

GAMES = ("space-risk", "retrograde")


def _median(runs: list[float]) -> float:
    return statistics.median(runs)


def _load() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "load average unknown"
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def random_play(game_id: str, games: int, repeat: int) -> tuple[float, float, str]:
    """(actions/s, games/s, digest of the records) of the lab loop with random agents."""
    from starlanes.lab.runner import load_ruleset, plan_games, run_tasks

    players = load_ruleset(game_id).spec.min_players
    tasks = plan_games(game_id, ["random"] * players, games, 1)
    run_tasks(tasks[:2])  # warm the caches (map, card book)
    rates: list[float] = []
    per_game: list[float] = []
    digest = ""
    for _ in range(repeat):
        started = time.perf_counter()
        records = run_tasks(tasks, workers=1)
        elapsed = time.perf_counter() - started
        actions = sum(r.length for r in records)
        rates.append(actions / elapsed)
        per_game.append(games / elapsed)
        digest = hashlib.sha256(repr([(r.winners, r.reason, r.scores, r.length) for r in records])
                                .encode()).hexdigest()[:12]
    return _median(rates), _median(per_game), digest


def _positions(game: Any, count: int, stride: int = 7) -> list[tuple[Any, int]]:
    """(state, seat) pairs from seeded random games: every ``stride``-th real decision."""
    from starlanes.core.rng import Rng

    found: list[tuple[Any, int]] = []
    seed = 0
    while len(found) < count:
        state = game.setup(None, game.spec.min_players, seed)
        rng = Rng.from_seed(seed)
        decisions = steps = 0
        while not game.is_over(state) and len(found) < count and steps < game.spec.max_actions:
            seat = sorted(game.to_act(state))[0]
            legal = game.legal_actions(state, seat)
            if len(legal) > 1:
                decisions += 1
                if decisions % stride == 0:
                    found.append((game.clone(state), seat))
            game.apply_unchecked(state, seat, legal[rng.randint(0, len(legal) - 1)])
            steps += 1
        seed += 1
    return found


def mcts(game_id: str, positions: int, iterations: int, repeat: int) -> tuple[float, str]:
    """(iterations/s, digest of the chosen actions) of ``mcts`` with ``rollout=100``."""
    from starlanes.ai.mcts import MCTSAgent
    from starlanes.lab.runner import load_ruleset

    game = load_ruleset(game_id)
    spots = _positions(game, positions)
    options = {"iterations": str(iterations), "rollout": "100"}
    rates: list[float] = []
    digest = ""
    for _ in range(repeat):
        total = 0
        chosen: list[str] = []
        started = time.perf_counter()
        for i, (state, seat) in enumerate(spots):
            agent = MCTSAgent(game, seat, i, options)
            chosen.append(agent.act(game.view(state, seat), game.legal_actions(state, seat)).text())
            total += agent.last.iterations if agent.last is not None else 0
        rates.append(total / (time.perf_counter() - started))
        digest = hashlib.sha256("\n".join(chosen).encode()).hexdigest()[:12]
    return _median(rates), digest


def _timed(fn: Callable[[], object], repeat: int) -> float:
    from starlanes.games.space_risk import odds

    runs = []
    for _ in range(repeat):
        odds.clear_caches()
        started = time.perf_counter()
        fn()
        runs.append((time.perf_counter() - started) * 1000.0)
    return _median(runs)


def odds_tables(repeat: int) -> tuple[float, float, str]:
    """(float table ms, exact table ms, digest of the float table)."""
    from starlanes.games.space_risk import odds

    float_ms = _timed(lambda: odds.battle_tables(100, 100), max(repeat, 7))
    exact_ms = _timed(lambda: odds.battle_tables(30, 30, exact=True), max(repeat, 3))
    table = odds.battle_tables(100, 100)
    digest = hashlib.sha256(repr([round(p, 12) for row in table.p_attacker_wins for p in row])
                            .encode()).hexdigest()[:12]
    return float_ms, exact_ms, digest


def command(args: list[str], repeat: int) -> tuple[float, int]:
    """Median wall time in s of ``starlanes ARGS`` in a new process, and its output's length."""
    code = ("import sys; from starlanes.cli import main; sys.argv = ['starlanes', *sys.argv[1:]]; "
            "sys.exit(main())")
    runs = []
    size = 0
    for _ in range(repeat):
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, env=os.environ.copy())
        runs.append(time.perf_counter() - started)
        size = len(done.stdout)
        if done.returncode != 0:
            raise SystemExit(f"starlanes {' '.join(args)} failed: {done.stderr.decode()[-500:]}")
    return _median(runs), size


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (the median is printed)")
    parser.add_argument("--games", type=int, default=30, help="random games per run and game")
    parser.add_argument("--positions", type=int, default=8, help="MCTS positions per game")
    parser.add_argument("--iterations", type=int, default=40, help="MCTS iterations per position")
    parser.add_argument("--only", nargs="*", default=["play", "mcts", "odds", "startup"],
                        choices=["play", "mcts", "odds", "startup"])
    parser.add_argument("--label", default="new", help="name of this code in the output (old/new)")
    args = parser.parse_args()
    rows: list[tuple[str, str, float, str, str]] = []  # key, what, figure, unit, note

    def row(key: str, what: str, figure: float, unit: str, note: str = "") -> None:
        rows.append((key, what, figure, unit, note))
        old = OLD.get(key)
        ratio = f"{figure / old:6.2f}x old ({old:,.4g})" if old else ""
        print(f"{what:<58} {figure:>12,.4g} {unit:<11} {ratio:<26} {note}", flush=True)

    print(f"issue-16 figures, {args.label} code, median of {args.repeat}; {_load()}")
    if "play" in args.only:
        for game_id in GAMES:
            rate, per_game, digest = random_play(game_id, args.games, args.repeat)
            row(f"play:{game_id}", f"{game_id} random play, lab loop, 1 core", rate, "actions/s",
                f"{per_game:.1f} games/s; records {digest}")
    if "mcts" in args.only:
        for game_id in GAMES:
            rate, digest = mcts(game_id, args.positions, args.iterations, args.repeat)
            row(f"mcts:{game_id}", f"{game_id} mcts rollout=100 ({args.positions} positions)", rate,
                "iter/s", f"choices {digest}")
    if "odds" in args.only:
        float_ms, exact_ms, digest = odds_tables(args.repeat)
        row("odds:float", "space-risk odds table A,D 1..100 (float)", float_ms, "ms", f"table {digest}")
        row("odds:exact", "space-risk odds table A,D 1..30 (exact fractions)", exact_ms, "ms")
        seconds, size = command(["odds", "space-risk", "--attack", "1..100", "--defend", "1..100"], args.repeat)
        row("odds:text", "starlanes odds space-risk --attack 1..100 --defend 1..100", seconds, "s",
            f"{size:,} bytes of text")
    if "startup" in args.only:
        for words in (["--help"], ["games"]):
            seconds, _ = command(words, max(args.repeat, 5))
            row(f"startup:{' '.join(words)}", f"starlanes {' '.join(words)}", seconds, "s")
    print(f"{_load()} (after)")


if __name__ == "__main__":
    main()
