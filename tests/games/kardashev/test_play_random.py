"""Issue 16: Kardashev's ``play_random`` (the lab's random games, search playouts) plays what the
public loop of draws plays (``starlanes.testing.drawn_loop``): the same number of actions, the
same state and every generator in the same position, from the start and from positions along
seeded games (bids' starts too: every seat's bid is played, past the limit, as the loop plays
them), with one generator for every seat and with one per seat."""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.kardashev.helpers import G

from starlanes.core import Rng, derive_seed
from starlanes.games.kardashev import legality
from starlanes.testing.protocol import drawn_loop


def _starts(players: int, params: dict[str, Any], seed: int) -> list[Any]:
    """The start, every 37th position and the first four bids' starts of a seeded game played
    by the drawn loop."""
    state = G.setup(params or None, players, seed)
    rng = Rng.from_seed(seed)
    found = [G.clone(state)]
    steps = bids = 0
    while drawn_loop(G, state, rng, 1):
        steps += 1
        at_bid = legality.decision_kind(state) == "bid" and not state.sealed
        if steps % 37 == 0 or (at_bid and bids < 4):
            found.append(G.clone(state))
            bids += at_bid
    return found


@pytest.mark.parametrize(("players", "params", "seed"), [
    (2, {}, 1),
    (3, {"round_limit": 6}, 2),
    (4, {"ally_variant": True, "round_limit": 5}, 3),
    (6, {"round_limit": 3}, 4),
])
def test_play_random_is_the_drawn_loop(players: int, params: dict[str, Any], seed: int) -> None:
    bids = 0
    for k, start in enumerate(_starts(players, params, seed)):
        for limit, shared in ((1, True), (players - 1, False), (25, True), (10_000, False)):
            fast, plain = G.clone(start), G.clone(start)
            mine, theirs = _generators(seed, k, limit, players, shared), _generators(seed, k, limit, players, shared)
            played = G.play_random(fast, mine[0] if shared else mine, limit)
            assert played == drawn_loop(G, plain, theirs[0] if shared else theirs, limit), (k, limit)
            assert G.to_json(fast) == G.to_json(plain), (k, limit)
            assert [r.randint(0, 2**30) for r in mine] == [r.randint(0, 2**30) for r in theirs], (k, limit)
            bids += played > limit
    assert bids > 0  # the sealed bids go past the limit, every seat's, as the loop's do


def _generators(seed: int, k: int, limit: int, players: int, shared: bool) -> list[Rng]:
    if shared:
        return [Rng.from_seed(derive_seed(seed, k, limit))]
    return [Rng.from_seed(derive_seed(seed, k, limit, seat)) for seat in range(players)]
