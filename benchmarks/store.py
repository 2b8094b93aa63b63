"""FileStore append latency over random space-risk games, in milliseconds.

Each game: ``--players`` random seats on the default board, a fresh seed. The match is created
in a ``FileStore``, then every action of the game goes through ``FileStore.append(id, seat,
action, expected_step)``, timed alone (the random choice is made on a separate copy of the
match, outside the timing). One append is what a server pays per accepted action with the file
store: the exclusive lock, reading the file, comparing it with the match in memory (the store's
cache), the checked apply, the whole match written to a temporary file, fsync, rename, fsync of
the folder. The file is rewritten whole, so an append costs more as the log grows: the figures
are given over every append and for the first and last tenth of each game.

Cold load: a new ``FileStore`` (an empty cache, as after a restart) loading the finished match,
that is reading and replaying the whole log; the median of ``--loads`` loads per game.

The folder is a new temporary one in ``--dir`` (default: the system's temporary folder); its
file system is printed, since fsync on tmpfs costs nothing and on a disk most of an append.

Run: .venv/bin/python benchmarks/store.py [--games 3] [--players 3] [--max-actions 3000]
[--dir PATH]
"""

from __future__ import annotations

import argparse
import random
import shutil
import statistics
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from starlanes.core import GM, Action, Actor, Close, FileStore, Match
from starlanes.registry import get_game


def file_system(path: Path) -> str:
    """The type of the file system holding ``path`` (from /proc/mounts; '?' elsewhere)."""
    best, kind = "", "?"
    try:
        mounts = Path("/proc/mounts").read_text().splitlines()
    except OSError:
        return kind
    resolved = str(path.resolve())
    for line in mounts:
        fields = line.split()
        inside = len(fields) >= 3 and (resolved == fields[1] or resolved.startswith(fields[1].rstrip("/") + "/"))
        if inside and len(fields[1]) > len(best):
            best, kind = fields[1], fields[2]
    return kind


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


@dataclass
class Game:
    times: list[float]  # seconds per append, in order
    cold: float  # seconds: median cold load of the finished match
    size: int  # bytes of the match file at the end
    over: bool  # the game ended (not stopped at the cap)


def play_one(store: FileStore, seed: int, players: int, max_actions: int, loads: int) -> Game:
    game = get_game("space-risk")
    shadow = Match.new(game, ["random"] * players, seed)
    match_id = store.create(Match.new(game, ["random"] * players, seed), f"bench-{seed}")
    pick = random.Random(seed)
    times: list[float] = []
    while not shadow.is_over() and shadow.step < max_actions:
        seats = sorted(shadow.to_act())
        actor: Actor
        action: Action
        if seats:
            actor = pick.choice(seats)
            legal = shadow.legal_actions(actor)
            action = legal[pick.randrange(len(legal))]
        else:  # a decision only the GM closes
            actor, action = GM, Close()
        step = shadow.step
        start = time.perf_counter()
        store.append(match_id, actor, action, step)
        times.append(time.perf_counter() - start)
        shadow.append(actor, action, step)
    size = store.path(match_id).stat().st_size
    cold: list[float] = []
    for _ in range(loads):
        fresh = FileStore(store.directory)
        start = time.perf_counter()
        loaded = fresh.load(match_id)
        cold.append(time.perf_counter() - start)
        assert loaded.step == shadow.step
    return Game(times, statistics.median(cold), size, shadow.is_over())


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--max-actions", type=int, default=3000, help="stop a game after this many actions")
    parser.add_argument("--loads", type=int, default=5, help="cold loads per game (the median is kept)")
    parser.add_argument("--dir", type=Path, default=Path(tempfile.gettempdir()))
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp(prefix="starlanes-store-bench-", dir=args.dir))
    print(f"FileStore in {folder} ({file_system(folder)}); space-risk, {args.players} random seats, "
          f"{args.games} games (at most {args.max_actions} actions each); times in milliseconds")
    every: list[float] = []
    first: list[float] = []
    last: list[float] = []
    colds: list[float] = []
    try:
        store = FileStore(folder)
        for g in range(args.games):
            result = play_one(store, 1000 + g, args.players, args.max_actions, args.loads)
            times = result.times
            tenth = max(1, len(times) // 10)
            every += times
            first += times[:tenth]
            last += times[-tenth:]
            print(f"  game {g}: {len(times)} appends ({'to the end' if result.over else 'stopped at the cap'}), "
                  f"file {result.size / 1024:.0f} KiB; append median {ms(statistics.median(times))}, "
                  f"p99 {ms(percentile(times, 0.99))}; cold load {ms(result.cold)}")
            colds.append(result.cold)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    print(f"append, all {len(every)}: median {ms(statistics.median(every))} ms, p99 {ms(percentile(every, 0.99))} ms")
    print(f"append, first tenth of each game: median {ms(statistics.median(first))} ms, "
          f"p99 {ms(percentile(first, 0.99))} ms")
    print(f"append, last tenth of each game: median {ms(statistics.median(last))} ms, "
          f"p99 {ms(percentile(last, 0.99))} ms")
    print(f"cold load of a finished match (a new store replays the log): median over the games "
          f"{ms(statistics.median(colds))} ms")


if __name__ == "__main__":
    main()
