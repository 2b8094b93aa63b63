"""Issue 16: the game's end builds its scores and winners only for its event (``round.finish``):
inside ``play_random``'s own steps (``events.QUIET``) none is built; through the public calls the
game-over event gives the scores and winners the outcome gives, and both ways end in the same
state."""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.kardashev.helpers import G

from starlanes.core import Rng, derive_seed
from starlanes.games.kardashev.rules.common import scores


@pytest.mark.parametrize(("players", "params", "seed"), [
    (2, {"round_limit": 6}, 71),
    (3, {"round_limit": 5}, 72),
    (4, {"ally_variant": True, "round_limit": 4}, 73),
])
def test_game_over_event_through_the_public_calls(players: int, params: dict[str, Any], seed: int) -> None:
    state = G.setup(params, players, seed)
    quiet = G.clone(state)
    rngs = [Rng.from_seed(derive_seed(seed, f"seat{s}")) for s in range(players)]
    last: list[Any] = []
    while not G.is_over(state):
        for seat in sorted(G.to_act(state)):
            last = G.apply_unchecked(state, seat, G.sample_legal(state, seat, rngs[seat]))
    over = [e for e in last if e.kind == "game-over"]
    assert len(over) == 1, [e.kind for e in last]
    outcome = G.outcome(state)
    assert outcome is not None
    assert over[0].fields["scores"] == scores(state)
    assert over[0].fields["winners"] == sorted(outcome.winners)
    G.play_random(quiet, [Rng.from_seed(derive_seed(seed, f"seat{s}")) for s in range(players)], 100000)
    assert G.is_over(quiet)
    assert G.to_json(quiet) == G.to_json(state)
