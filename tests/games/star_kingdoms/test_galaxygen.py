"""The galaxy generator: reproducible, valid, fair (SYS-01, SYS-02, MOV-04; MISC-03)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from starlanes.core.errors import ParseError
from starlanes.games.star_kingdoms.galaxy import GalaxyIndex, galaxy_from_data, galaxy_to_json
from starlanes.games.star_kingdoms.galaxygen import galaxy_problems, generate_galaxy, home_signature
from starlanes.games.star_kingdoms.spec import GalaxyParams


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 16), st.integers(0, 2**63 - 1), st.integers(0, 8), st.integers(1, 4))
def test_SYS_02_generated_galaxies_are_valid_fair_and_reproducible(factions: int, seed: int, open_per: int,
                                                                   ring: int) -> None:
    params = GalaxyParams(systems_per_faction=open_per, home_ring=ring)
    galaxy = generate_galaxy(factions, seed, params)
    assert galaxy_from_data(json.loads(galaxy_to_json(galaxy)), "generated") == galaxy  # valid on load
    assert galaxy_problems(galaxy, factions, min_home_jumps=4) == []
    index = GalaxyIndex.of(galaxy)
    signatures = {home_signature(index, index.planet_system[p.id]) for p in galaxy.homeworlds()}
    assert len(signatures) == 1  # every nation starts with the same neighbourhood
    assert generate_galaxy(factions, seed, params) == galaxy


def test_MISC_03_different_seeds_give_different_galaxies() -> None:
    assert generate_galaxy(6, 1) != generate_galaxy(6, 2)


def test_generator_refuses_bad_requests() -> None:
    with pytest.raises(ParseError, match="factions must be 1 to 64"):
        generate_galaxy(0, 1)
    with pytest.raises(ParseError, match="planets_min"):
        generate_galaxy(2, 1, GalaxyParams(planets_min=5, planets_max=2))


def test_galaxy_problems_finds_unfair_maps() -> None:
    galaxy = generate_galaxy(3, 5)
    lonely = galaxy.__class__(schema=galaxy.schema, name="x", systems=galaxy.systems, wormholes=())
    problems = galaxy_problems(lonely, 4)
    assert "not every system can be reached from every other" in problems
    assert "3 homeworlds for 4 nations" in problems
