"""Framework overhead per action on the test ruleset (Sealed Duel), in microseconds.

Measures, over many random games, the time per action of:
  legal_actions        generating the legal actions of the acting seat
  apply (checked)      parse-free validation + apply via the framework (what the CLI/server use)
  apply_unchecked      the same without the legality check (what AI search uses)
  Match.play           checked apply + action log + undo bookkeeping
  view                 building one seat's view
  clone                copying the state

Run: .venv/bin/python benchmarks/core.py [--games N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.toy.duel import make_duel

from starlanes.core import Match, Rng


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3000)
    args = parser.parse_args()
    game = make_duel()
    rng = Rng.from_seed(1)
    # record the action sequences once, so every timing replays the same work
    games = []
    for g in range(args.games):
        state = game.setup(None, 2, g)
        seq = []
        while True:
            seats = sorted(game.to_act(state))
            if not seats:
                break
            seat = seats[0]
            action = rng.choice(game.legal_actions(state, seat))
            seq.append((seat, action))
            game.apply_unchecked(state, seat, action)
        games.append(seq)
    actions = sum(len(s) for s in games)

    def run_setup() -> None:
        for g in range(len(games)):
            game.setup(None, 2, g)

    def measure(body: object, repeats: int = 3) -> float:
        best = float("inf")
        for _ in range(repeats):
            start = time.perf_counter()
            body()  # type: ignore[operator]
            best = min(best, time.perf_counter() - start)
        return best

    setup_time = measure(run_setup)

    def timed(label: str, body: object) -> None:
        elapsed = measure(body) - setup_time
        print(f"{label:<22} {elapsed / actions * 1e6:8.2f} µs/action")

    def run_checked() -> None:
        for g, seq in enumerate(games):
            state = game.setup(None, 2, g)
            for seat, action in seq:
                game.apply(state, seat, action)

    def run_unchecked() -> None:
        for g, seq in enumerate(games):
            state = game.setup(None, 2, g)
            for seat, action in seq:
                game.apply_unchecked(state, seat, action)

    def run_match() -> None:
        for g, seq in enumerate(games):
            match = Match.new(game, ["a", "b"], g)
            for seat, action in seq:
                match.play(seat, action)

    def run_legal() -> None:
        for g, seq in enumerate(games):
            state = game.setup(None, 2, g)
            for seat, action in seq:
                game.legal_actions(state, seat)
                game.apply_unchecked(state, seat, action)

    def run_view() -> None:
        for g, seq in enumerate(games):
            state = game.setup(None, 2, g)
            for seat, action in seq:
                game.view(state, seat)
                game.apply_unchecked(state, seat, action)

    def run_clone() -> None:
        for g, seq in enumerate(games):
            state = game.setup(None, 2, g)
            for seat, action in seq:
                game.clone(state)
                game.apply_unchecked(state, seat, action)

    print(f"Sealed Duel: {args.games} games, {actions} actions; setup {setup_time / len(games) * 1e6:.1f} µs/game")
    timed("apply_unchecked", run_unchecked)
    timed("apply (checked)", run_checked)
    timed("Match.play", run_match)
    timed("legal_actions+apply", run_legal)
    timed("view+apply", run_view)
    timed("clone+apply", run_clone)
    print("(game setup subtracted; subtract apply_unchecked from a line for that step's own cost)")


if __name__ == "__main__":
    main()
