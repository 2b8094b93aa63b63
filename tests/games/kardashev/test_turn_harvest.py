"""Issue 16: the harvest count's path (``fastlegal._harvest_path``: the seat's own harvest effects
read once per set of them, ``_own_path``; each opponent's Blockade with its reach, found by plain
loops over the seats) counts the harvest as ``legality.list_harvest`` lists it, with an
opponent's blockading fleet next to a colony of the seat or one cell farther, and with an ally's
Blockade (which blockades nobody of its side)."""

from __future__ import annotations

import pytest
from tests.games.kardashev.helpers import put, turn, with_roles

from starlanes.games.kardashev import fastlegal, legality


@pytest.mark.parametrize(("ally", "fleet"), [(False, "1,0"), (False, "2,0"), (True, "1,0")])
def test_harvest_counted_as_listed_near_a_blockade(ally: bool, fleet: str) -> None:
    roles = ("warlord", "pioneer", "generalist", "scientist") if ally else ("warlord", "pioneer")
    state = with_roles(roles, ally_variant=True) if ally else with_roles(roles)
    state = turn(state, hand=(3, 3, 3))
    blocker = 2 if ally else 1  # seat 2 is seat 0's ally in the ally variant
    state.seats[blocker].techs = ["blockade"]
    put(state, "0,0", ("food", "matter"), colony=0, clevel=2)
    put(state, "0,-1", ("energy",), colony=0)
    put(state, fleet, tile="empty", fleet=blocker)
    listed = legality.list_harvest(state, 0)
    t = fastlegal._Turn(state, 0)
    assert t.sizes[4] == len(listed) > 0
    assert [fastlegal._pick_harvest(t, k) for k in range(len(listed))] == listed
    path = t.b.tmemo["harvest-path"]
    assert path[3] == (() if ally else ((1, 1),))
