"""Issue 16 in one run: every speed figure it asks for, the new code beside the old code's.

Figures (one core each; every measurement in a new process; median of ``--repeat`` runs):

  random play        the lab loop (``starlanes lab run`` with ``random`` agents, one core): setup,
                     every action drawn from the legal actions and applied (the new code hands
                     a game of random agents to the ruleset's ``play_random``, the old code
                     builds the list and calls ``apply_unchecked``); record-keeping included.
                     actions/s. ``--only others``: the same for every other registered game,
                     each run alternated with a run of retrograde's, and its speed over
                     retrograde's (issue 16: at least as fast per action), the median of the
                     pairs' ratios.
  mcts rollout=100   MCTS iterations/s at fixed positions of seeded random games, each iteration
                     a tree walk plus a random playout of at most 100 actions (``rollout=100``).
  odds table         space-risk whole-battle float table, every A, D in 1..100 (win chance and
                     expected survivors), cold dice cache, ms (best of 7); the exact-fraction
                     table A, D <= 30 (best of 3).
  odds text          ``starlanes odds space-risk --attack 1..100 --defend 1..100``: the whole
                     command (start-up, tables, text) in a new process.
  start-up           ``starlanes --help`` and ``starlanes games``: the whole command; and the floor
                     under them, a Python that imports Typer and its rich help and nothing of
                     ours (what the machine charges any Typer command with boxed help).
                     Both codes' sources are compiled to bytecode first, as an installed
                     package's are (a sandbox that sets PYTHONDONTWRITEBYTECODE caches none).

Times are CPU time of the measuring process (``process_time``; for the commands, the child's
user + system time): the project's machine is shared, and wall time there varies with what
else runs (the commands' wall time is printed in the notes). With ``--old-src`` the old code is
measured too, alternating with the new code so both see the same load; without it the figures
recorded in ``OLD`` (the old code on the day of the change, see docs/performance.md) are shown.

Digests of the random games' records and of the MCTS choices are printed: equal digests for
the old and new code mean the speed-ups played the same games and made the same choices.

Run::

    git worktree add /tmp/speed-base e20e176       # the code before issue 16
    .venv/bin/python benchmarks/speed.py --old-src /tmp/speed-base/src [--repeat 3] [--only play mcts odds startup]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

# figures printed by this script for the old code (commit e20e176) with --old-src, load 6-8,
# median of 3 (docs/performance.md); shown when the old code is not measured in the same run
OLD: dict[str, float] = {
    "play:space-risk": 7406.0,
    "play:retrograde": 5668.0,
    "mcts:space-risk": 106.8,
    "mcts:retrograde": 127.0,
    "odds:float": 3.188,
    "odds:exact": 26.38,
    "odds:text": 0.5591,
    "startup:help": 0.2519,
    "startup:games": 0.4342,
}

GAMES = ("space-risk", "retrograde")


def _median(runs: list[float]) -> float:
    return statistics.median(runs)


def _num(value: float) -> str:
    return f"{value:,.0f}" if value >= 1000 else f"{value:.4g}"


def _load() -> str:
    try:
        one, five, _ = os.getloadavg()
    except OSError:
        return "load average unknown"
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def random_play(game_id: str, games: int) -> dict[str, Any]:
    """Actions per CPU-second of the lab loop with random agents, and a digest of the records."""
    from starlanes.lab.runner import load_ruleset, plan_games, run_tasks

    players = load_ruleset(game_id).spec.min_players
    tasks = plan_games(game_id, ["random"] * players, games, 1)
    run_tasks(tasks[:2])  # warm the caches (map, card book)
    started = time.process_time()
    records = run_tasks(tasks, workers=1)
    elapsed = time.process_time() - started
    actions = sum(r.length for r in records)
    digest = hashlib.sha256(repr([(r.winners, r.reason, r.scores, r.length) for r in records])
                            .encode()).hexdigest()[:12]
    return {"value": actions / elapsed, "note": f"{games / elapsed:.1f} games/s; records {digest}"}


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


def mcts(game_id: str, positions: int, iterations: int) -> dict[str, Any]:
    """MCTS iterations per CPU-second with ``rollout=100``, and a digest of the chosen actions."""
    from starlanes.ai.mcts import MCTSAgent
    from starlanes.lab.runner import load_ruleset

    game = load_ruleset(game_id)
    spots = _positions(game, positions)
    options = {"iterations": str(iterations), "rollout": "100"}
    total = 0
    chosen: list[str] = []
    started = time.process_time()
    for i, (state, seat) in enumerate(spots):
        agent = MCTSAgent(game, seat, i, options)
        chosen.append(agent.act(game.view(state, seat), game.legal_actions(state, seat)).text())
        total += agent.last.iterations if agent.last is not None else 0
    rate = total / (time.process_time() - started)
    return {"value": rate, "note": "choices " + hashlib.sha256("\n".join(chosen).encode()).hexdigest()[:12]}


def _timed(fn: Callable[[], object], repeat: int) -> float:
    from starlanes.games.space_risk import odds

    runs = []
    for _ in range(repeat):
        odds.clear_caches()
        started = time.process_time()
        fn()
        runs.append((time.process_time() - started) * 1000.0)
    return min(runs)


def odds_float() -> dict[str, Any]:
    """Best of 7 (CPU ms) of the float table A, D 1..100, and a digest of its win chances."""
    from starlanes.games.space_risk import odds

    value = _timed(lambda: odds.battle_tables(100, 100), 7)
    table = odds.battle_tables(100, 100)
    digest = hashlib.sha256(repr([round(p, 12) for row in table.p_attacker_wins for p in row])
                            .encode()).hexdigest()[:12]
    return {"value": value, "note": f"table {digest}"}


def odds_exact() -> dict[str, Any]:
    from starlanes.games.space_risk import odds

    return {"value": _timed(lambda: odds.battle_tables(30, 30, exact=True), 3), "note": ""}


def command(args: list[str]) -> dict[str, Any]:
    """Wall and CPU seconds of ``starlanes ARGS`` in a new process (the whole command)."""
    code = ("import sys; from starlanes.cli import main; sys.argv = ['starlanes', *sys.argv[1:]]; "
            "sys.exit(main())")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, env=os.environ.copy())
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"starlanes {' '.join(args)} failed: {done.stderr.decode()[-500:]}")
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return {"value": cpu, "note": f"wall {wall:.3f} s; {len(done.stdout):,} bytes out"}


def floor() -> dict[str, Any]:
    """CPU seconds of a new Python that imports Typer and its rich help (``typer.rich_utils``) and
    nothing of ours: what any Typer command with boxed help costs on this machine, so the share of
    ``starlanes --help`` that is ours is the difference (and machines can be compared)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run([sys.executable, "-c", "import typer, typer.rich_utils"], check=True, env=os.environ.copy())
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime
    return {"value": cpu, "note": "python + typer + typer.rich_utils, none of starlanes"}


ODDS_TEXT = ["odds", "space-risk", "--attack", "1..100", "--defend", "1..100"]

# key -> (what it covers, unit, higher is better, how to measure it)
FIGURES: dict[str, tuple[str, str, bool, Callable[[argparse.Namespace], dict[str, Any]]]] = {
    "play:space-risk": ("space-risk random play, lab loop, 1 core", "actions/s", True,
                        lambda a: random_play("space-risk", a.games)),
    "play:retrograde": ("retrograde random play, lab loop, 1 core", "actions/s", True,
                        lambda a: random_play("retrograde", a.games)),
    "mcts:space-risk": ("space-risk mcts rollout=100, iterations", "iter/s", True,
                        lambda a: mcts("space-risk", a.positions, a.iterations)),
    "mcts:retrograde": ("retrograde mcts rollout=100, iterations", "iter/s", True,
                        lambda a: mcts("retrograde", a.positions, a.iterations)),
    "odds:float": ("space-risk odds table A,D 1..100 (float)", "ms", False, lambda a: odds_float()),
    "odds:exact": ("space-risk odds table A,D 1..30 (exact)", "ms", False, lambda a: odds_exact()),
    "odds:text": ("starlanes " + " ".join(ODDS_TEXT), "s CPU", False, lambda a: command(ODDS_TEXT)),
    "startup:help": ("starlanes --help", "s CPU", False, lambda a: command(["--help"])),
    "startup:games": ("starlanes games", "s CPU", False, lambda a: command(["games"])),
    "startup:floor": ("(floor: Typer and its rich help alone)", "s CPU", False, lambda a: floor()),
}
GROUPS = {"play": ("play:space-risk", "play:retrograde"), "mcts": ("mcts:space-risk", "mcts:retrograde"),
          "odds": ("odds:float", "odds:exact", "odds:text"),
          "startup": ("startup:help", "startup:games", "startup:floor")}


def _measure(key: str, args: argparse.Namespace, src: str | None) -> dict[str, Any]:
    """One measurement of ``key`` in a fresh process running the code in ``src`` (None: this code)."""
    env = os.environ.copy()
    if src is not None:
        env["PYTHONPATH"] = src
    command_line = [sys.executable, __file__, "--figure", key, "--games", str(args.games),
                    "--positions", str(args.positions), "--iterations", str(args.iterations)]
    done = subprocess.run(command_line, capture_output=True, text=True, env=env)
    if done.returncode != 0:
        raise SystemExit(f"{key} failed ({src or 'this code'}): {done.stderr[-800:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (the median is printed)")
    parser.add_argument("--games", type=int, default=30, help="random games per run and game")
    parser.add_argument("--positions", type=int, default=8, help="MCTS positions per game")
    parser.add_argument("--iterations", type=int, default=40, help="MCTS iterations per position")
    parser.add_argument("--only", nargs="*", default=list(GROUPS), choices=[*GROUPS, "others"],
                        help="groups of figures; 'others': random play of every other registered game "
                             "(issue 16: each at least as fast per action as retrograde; new code only)")
    parser.add_argument("--old-src", default=None,
                        help="the old code's src folder: measure it too, alternating with this code")
    parser.add_argument("--figure", default=None, help=argparse.SUPPRESS)  # one measurement, as JSON
    args = parser.parse_args()
    if args.figure is not None:
        if args.figure in FIGURES:
            print(json.dumps(FIGURES[args.figure][3](args)))
        else:  # play:GAME for a game beside the two of issue 16
            print(json.dumps(random_play(args.figure.removeprefix("play:"), args.games)))
        return
    if "others" in args.only:
        from starlanes.registry import available_games

        others = tuple(f"play:{spec.id}" for spec in available_games() if spec.id not in GAMES)
        GROUPS["others"] = others
        for key in others:
            FIGURES[key] = (f"{key.removeprefix('play:')} random play, lab loop, 1 core", "actions/s", True,
                            lambda a: {})
    if args.old_src and not (Path(args.old_src) / "starlanes" / "__init__.py").is_file():
        parser.error(f"--old-src {args.old_src}: no starlanes package there (the old code's src folder: "
                     "git worktree add /tmp/speed-base e20e176, then --old-src /tmp/speed-base/src)")
    if "startup" in args.only:
        # an installed starlanes runs from bytecode; where PYTHONDONTWRITEBYTECODE is set (as in
        # this project's sandboxes) nothing would be cached and every start would compile our
        # sources: compile both codes first, so that start-up measures what a user's start costs
        import compileall

        for src in (Path(__file__).resolve().parent.parent / "src", args.old_src):
            if src is not None:
                compileall.compile_dir(str(src), quiet=1)
    print(f"issue-16 figures: median of {args.repeat} runs, each in a new process; CPU time of one core "
          f"(the machine is shared: wall time varies with the others' load); {_load()}")
    old_label = "old (measured now)" if args.old_src else "old (recorded)"
    print(f"{'figure':<58} {'new':>10} {old_label:>18} {'ratio':>7}  unit        notes (new | old)")
    for group in args.only:
        for key in GROUPS[group]:
            what, unit, higher, _ = FIGURES[key]
            new_runs: list[dict[str, Any]] = []
            old_runs: list[dict[str, Any]] = []
            bar_runs: list[dict[str, Any]] = []  # "others": retrograde's runs, alternated with the game's
            for _ in range(args.repeat):  # alternate, so both see the same load
                new_runs.append(_measure(key, args, None))
                if group == "others":
                    bar_runs.append(_measure("play:retrograde", args, None))
                elif args.old_src:
                    old_runs.append(_measure(key, args, args.old_src))
            new = _median([r["value"] for r in new_runs])
            old = _median([r["value"] for r in old_runs]) if old_runs else OLD.get(key)
            notes = new_runs[-1]["note"] + (f" | {old_runs[-1]['note']}" if old_runs else "")
            if bar_runs:  # the bar for a game added since: retrograde's speed, run by run
                ratios = [n["value"] / b["value"] for n, b in zip(new_runs, bar_runs, strict=True)]
                shown = f"{_num(_median([b['value'] for b in bar_runs])) + ' retro':>18} {_median(ratios):>6.2f}x"
                notes += f"; x retrograde's speed: median of {len(ratios)} alternated pairs"
            elif old:
                speedup = new / old if higher else old / new
                shown = f"{_num(old):>18} {speedup:>6.2f}x"
            else:
                shown = f"{'-':>18} {'':>7}"
            print(f"{what:<58} {_num(new):>10} {shown}  {unit:<11} {notes}", flush=True)
    print(f"{_load()} (after); ratio: how many times faster the new code is (for the games of "
          "'others': this game's speed over retrograde's, in runs alternated with it)")


if __name__ == "__main__":
    main()
