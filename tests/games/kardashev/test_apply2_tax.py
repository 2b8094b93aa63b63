"""Issue 16: a harvest reads the taxed seat's colonies (``harvest.colony_sources``) only when a
fleet of the taxing seat is near one of its colonies (``harvest._any_near``), checked against
``_near`` of every colony at every step of seeded games, for every pair of seats and the reaches
the technologies give and farther."""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.kardashev.helpers import G

from starlanes.core import Rng, derive_seed
from starlanes.games.kardashev.rules import harvest


@pytest.mark.parametrize(("players", "params", "seed"), [
    (2, {}, 65),
    (3, {}, 62),
    (4, {"ally_variant": True, "round_limit": 8}, 63),
])
def test_any_near_is_near_of_some_colony(players: int, params: dict[str, Any], seed: int) -> None:
    """At every step, ``_any_near`` is ``_near`` of some colony of the seat, both answers met."""
    state = G.setup(params or None, players, seed)
    rng = Rng.from_seed(derive_seed(seed, "tax"))
    near = far = 0
    while not G.is_over(state):
        for seat in range(players):
            colonies = [i for i, c in enumerate(state.cells) if c.colony == seat]
            for other in range(players):
                if other == seat:
                    continue
                for reach in (1, 2, 3):
                    expected = any(harvest._near(state, i, {other}, reach) for i in colonies)
                    assert harvest._any_near(state, seat, other, reach) is expected, (state.step, seat, other)
                    near += expected
                    far += not expected and bool(colonies)
        if not G.play_random(state, rng, 1):
            break
    assert near > 50 and far > 50, (near, far)
