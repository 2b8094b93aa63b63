"""Issue 16: Use Technology's Annihilate and Accrete places counted in masks (``fastlegal._use_places``:
the cells within reach of the seat's pieces, the planets without a colony or a fleet, the destroyed
planets) as ``legality.list_use`` lists them, a destroyed planet under the seat's own fleet among
them (near only through another piece of the seat)."""

from __future__ import annotations

import pytest
from tests.games.kardashev.helpers import put, turn, with_roles

from starlanes.games.kardashev import fastlegal, legality


@pytest.mark.parametrize("near", [False, True])
def test_accrete_and_annihilate_places_as_listed(near: bool) -> None:
    state = turn(with_roles(("warlord", "pioneer")), hand=(9, 9, 9), techs=("accretion-device", "antimatter"))
    put(state, "0,0", ("food",), colony=0)
    put(state, "2,-1", tile="destroyed", fleet=0)  # the seat's fleet on a destroyed planet
    if near:
        put(state, "1,-1", tile="empty", fleet=0)  # another piece of the seat next to it
    put(state, "1,0", tile="destroyed")
    put(state, "0,1", ("matter",))
    put(state, "-1,1", ("energy",), fleet=1)
    listed = legality.list_use(state, 0)
    kinds = {type(a).__name__ for a in listed}
    assert listed and kinds == {"UseTech"}
    t = fastlegal._Turn(state, 0)
    assert fastlegal._count_use(t) == len(listed)
    assert [fastlegal._pick_use(t, k) for k in range(len(listed))] == listed
    on_fleet = [a for a in listed if a.cell == (2, -1)]  # type: ignore[attr-defined]
    assert bool(on_fleet) == near
