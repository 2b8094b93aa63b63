"""Issue 16: the events ``play_random``'s own steps do not build (``events.quiet``) are built
through the public calls: every move gives its moved event (plain or not: an attack, the
Warlord's gains), every Use Technology its tech-used event, along seeded games."""

from __future__ import annotations

from typing import Any

from tests.games.kardashev.helpers import G

from starlanes.core import Rng, derive_seed
from starlanes.games.kardashev.actions import Move, UseTech


def test_moves_and_technologies_used_give_their_events() -> None:
    moves = used = 0
    for players, seed in ((2, 81), (3, 82), (4, 83), (2, 84), (3, 85)):
        state = G.setup({"round_limit": 12}, players, seed)
        rngs = [Rng.from_seed(derive_seed(seed, f"seat{s}")) for s in range(players)]
        while not G.is_over(state):
            for seat in sorted(G.to_act(state)):
                action = G.sample_legal(state, seat, rngs[seat])
                events: list[Any] = G.apply_unchecked(state, seat, action)
                kinds = [e.kind for e in events]
                if isinstance(action, Move):
                    assert "moved" in kinds, kinds
                    moves += 1
                elif isinstance(action, UseTech):
                    assert "tech-used" in kinds, kinds
                    used += 1
    assert moves > 50 and used > 5, (moves, used)
