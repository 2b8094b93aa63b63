"""Issue 16: the sealed bids ranked without the sides' dictionaries when no die is needed
(``round._ranked_alone``: outside the ally variant, each bidder its own side, no two bids
equal), checked against ``resolve_bids``' general way on copies at every bid decision of seeded
games, with the bids drawn and with bids made up to tie or not."""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.kardashev.helpers import G

from starlanes.core import Rng, derive_seed
from starlanes.games.kardashev.actions import Bid
from starlanes.games.kardashev.events import QUIET
from starlanes.games.kardashev.rules import round
from starlanes.games.kardashev.state import KardashevState


def _general(state: KardashevState, moves: dict[int, Bid], monkeypatch: pytest.MonkeyPatch) -> None:
    """``resolve_bids`` the general way (``_ranked_alone`` never answering)."""
    with monkeypatch.context() as m:
        m.setattr(round, "_ranked_alone", lambda state, moves: None)
        round.resolve_bids(state, moves)


@pytest.mark.parametrize(("players", "params", "seed"), [
    (2, {}, 51),
    (3, {}, 52),
    (4, {"round_limit": 8}, 53),
    (4, {"ally_variant": True, "round_limit": 8}, 54),
])
def test_bids_ranked_alone_as_the_general_way(players: int, params: dict[str, Any], seed: int,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """At every bid decision, for the bids drawn and for bids made up (half the time from a
    narrow range, so that some tie), the state after ``resolve_bids`` (bids, rolls, rank,
    pickers, slots, the picks made and the dice rolled) is the general way's."""
    state = G.setup(params or None, players, seed)
    rng = Rng.from_seed(derive_seed(seed, "bids"))
    made = Rng.from_seed(derive_seed(seed, "made"))
    alone = general = decisions = 0
    before = QUIET.on
    QUIET.on = True
    try:
        while not G.is_over(state):
            if state.phase == "bid" and not state.tasks and not state.sealed:
                decisions += 1
                seats = round.active_seats(state)
                for k in range(3):
                    if k == 0:
                        moves = {s: Bid(rng.randint(0, round.bid_range(state, s))) for s in seats}
                    else:
                        top = 1 if k == 1 else 6
                        moves = {s: Bid(made.randint(0, min(top, round.bid_range(state, s)))) for s in seats}
                    fast, slow = G.clone(state), G.clone(state)
                    found = round._ranked_alone(fast, moves) if not fast.params.ally_variant else None
                    if found is None:
                        fast = G.clone(state)
                        general += 1
                    else:
                        alone += 1
                        fast = G.clone(state)
                    round.resolve_bids(fast, moves)
                    _general(slow, moves, monkeypatch)
                    assert G.to_json(fast) == G.to_json(slow), (state.step, moves)
            if not G.play_random(state, rng, 1):
                break
    finally:
        QUIET.on = before
    assert decisions > 5
    if params.get("ally_variant"):
        assert alone == 0
    else:
        assert alone > 0 and general > 0 and alone + general > 20, (alone, general)
