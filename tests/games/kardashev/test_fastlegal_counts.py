"""Issue 16: each seat's kept board, brought up to date once per decision of its seat (the
changes of the actions since gathered, ``_Board.due``, and applied at once), counts as a fresh
read does, along whole seeded random games of two and three seats played to their end: at every
turn decision each action type's count and every memo entry both the kept and the fresh boards
hold are the same."""

from __future__ import annotations

import pytest
from tests.games.kardashev.helpers import G, same_memo

from starlanes.core import Rng
from starlanes.games.kardashev import fastlegal, legality


@pytest.mark.parametrize("players", [2, 3])
def test_kept_counts_are_fresh_along_whole_games(players: int) -> None:
    turns = compared = 0
    for seed in range(6):
        state = G.setup(None, players, seed)
        rng = Rng.from_seed(100 + seed)
        while seats := sorted(G.to_act(state)):
            for seat in seats:
                if legality.decision_kind(state) == "turn":
                    clone = G.clone(state)
                    kept, fresh = fastlegal._Turn(state, seat), fastlegal._Turn(clone, seat)
                    assert kept.sizes == fresh.sizes, (seed, state.step)
                    turns += 1
                    compared += same_memo(kept.b.memo, fresh.b.memo)
                G.apply_unchecked(state, seat, G.sample_legal(state, seat, rng))
    assert turns > 1000 and compared > 3 * turns, (turns, compared)
