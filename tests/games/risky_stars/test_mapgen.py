"""The map generator: legal maps for every player count and many seeds, reproducible."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from starlanes.core.errors import ParseError, UsageError
from starlanes.games.risky_stars.mapgen import generate
from starlanes.games.risky_stars.maps import StarMap, map_from_json, map_to_json
from starlanes.games.risky_stars.spec import RiskyStarsParams
from starlanes.games.risky_stars.validate import validate_map

PLAYERS = st.integers(2, 6)
SEEDS = st.integers(-(2**63), 2**64)


def lanes_of(m: StarMap, system: str) -> list[str]:
    """The systems at the far ends of ``system``'s lanes."""
    return [ln.b if ln.a == system else ln.a for ln in m.lanes if system in (ln.a, ln.b)]


@settings(max_examples=300, deadline=None)
@given(PLAYERS, SEEDS)
def test_RS_M08_generated_maps_are_legal_for_every_player_count(players: int, seed: int) -> None:
    """RS-M08 (and RS-M07: the validator finds nothing), RS-M01: one home per player."""
    m = generate(players, seed)
    assert validate_map(m) == []
    assert len(m.of_kind("home")) == players
    assert map_from_json(map_to_json(m), "generated.json") == m  # loads back, every check passed


@settings(max_examples=100, deadline=None)
@given(PLAYERS, SEEDS)
def test_RS_S01_S02_homes_start_on_gaia_and_have_equal_regions(players: int, seed: int) -> None:
    """RS-S01: each home system's first body is its Gaia start planet (and its only Gaia,
    ruling 7); RS-S02: every home has ``home_regions`` regions; ruling 7: each home has a Metals
    and a Fuel body and all homes hold the same bodies."""
    m = generate(players, seed)
    homes = m.of_kind("home")
    shapes = []
    for h in homes:
        first = h.bodies[0]
        assert (first.kind, first.surface) == ("rocky_planet", "gaia")
        assert sum(1 for b in h.bodies if b.surface == "gaia") == 1
        assert h.region_count == 8
        resources = {b.resource for b in h.bodies}
        assert {"population", "metals", "fuel"} <= resources
        shapes.append(sorted((b.kind, b.surface or "", b.region_count) for b in h.bodies))
    assert all(s == shapes[0] for s in shapes)


@settings(max_examples=100, deadline=None)
@given(PLAYERS, SEEDS)
def test_RS_M02_M03_M04_M06_featured_minors_and_lanes(players: int, seed: int) -> None:
    """RS-M02: one featured system of 16 regions; RS-M03: 2 minors per home, 2 regions each;
    RS-M04: each minor reached by exactly 2 lanes from 2 different homes; RS-M06: one lane
    from each home to the featured system; ruling 8: no home-home lanes and every home has
    the same number of minor lanes."""
    m = generate(players, seed)
    kind = {s.id: s.kind for s in m.systems}
    (featured,) = m.of_kind("featured")
    assert featured.region_count == 16
    assert any(b.surface == "gaia" for b in featured.bodies)
    minors = m.of_kind("minor")
    assert len(minors) == 2 * players
    for minor in minors:
        assert minor.region_count == 2
        ends = lanes_of(m, minor.id)
        assert len(ends) == 2 and len(set(ends)) == 2 and all(kind[e] == "home" for e in ends)
    per_home = []
    for home in m.of_kind("home"):
        kinds = Counter(kind[e] for e in lanes_of(m, home.id))
        assert kinds["featured"] == 1 and kinds["home"] == 0
        per_home.append(kinds["minor"])
    assert set(per_home) == {4}
    assert len(m.lanes) == 5 * players and m.region_count == 8 * players + 16 + 4 * players


def test_two_player_map_joins_all_four_minors_to_both_homes() -> None:
    """Ruling 8 (inventory A#27e): with two players every minor system links home 1 and home 2."""
    m = generate(2, 5)
    for minor in m.of_kind("minor"):
        assert sorted(lanes_of(m, minor.id)) == ["h1", "h2"]


@settings(max_examples=60, deadline=None)
@given(PLAYERS, SEEDS)
def test_generation_is_reproducible_from_the_seed_and_touches_no_global_random(players: int, seed: int) -> None:
    state = random.getstate()
    first = generate(players, seed)
    assert random.getstate() == state
    assert generate(players, seed) == first
    assert map_to_json(generate(players, seed)) == map_to_json(first)


def test_different_seeds_give_different_maps() -> None:
    maps = {map_to_json(generate(4, seed)) for seed in range(20)}
    assert len(maps) == 20


@settings(max_examples=150, deadline=None)
@given(
    players=PLAYERS,
    seed=SEEDS,
    quarter=st.integers(1, 10),
    minors_per_home=st.integers(1, 4),
    minor_lanes=st.integers(1, 6),
    balanced=st.booleans(),
    identical=st.booleans(),
    gaia_max=st.integers(2, 10),
)
def test_RS_M08_generated_maps_follow_the_params(players: int, seed: int, quarter: int, minors_per_home: int,
                                                 minor_lanes: int, balanced: bool, identical: bool,
                                                 gaia_max: int) -> None:
    """RS-M08 with every map param: the map is legal under the same params."""
    params = RiskyStarsParams(home_regions=4 * quarter, minors_per_home=minors_per_home,
                              minor_lanes=min(minor_lanes, players), home_balanced=balanced,
                              identical_homes=identical, gaia_max_continents=gaia_max)
    m = generate(players, seed, params)
    assert validate_map(m, params) == []
    assert all(len(s.bodies) <= 64 for s in m.systems)


def test_homes_differ_when_not_identical() -> None:
    params = RiskyStarsParams(identical_homes=False, home_regions=16)
    shapes = {tuple(sorted((b.kind, b.surface or "", b.region_count) for b in h.bodies))
              for seed in range(5) for h in generate(6, seed, params).of_kind("home")}
    assert len(shapes) > 1


@pytest.mark.parametrize("players", [0, 1, 7])
def test_RS_M01_player_count_out_of_range_is_a_usage_error(players: int) -> None:
    with pytest.raises(UsageError, match="2 to 6 home systems"):
        generate(players, 1)


def test_impossible_params_are_refused_with_the_param_named() -> None:
    with pytest.raises(UsageError, match="param minor_lanes"):
        generate(2, 1, RiskyStarsParams(minor_lanes=3))
    with pytest.raises(ParseError, match="param home_regions: 6 regions"):
        generate(2, 1, RiskyStarsParams(home_regions=6))
    with pytest.raises(ParseError, match="gaia_min_continents"):
        generate(2, 1, RiskyStarsParams(gaia_min_continents=5, gaia_max_continents=4))
    with pytest.raises(UsageError, match="cannot hold a Gaia planet"):
        generate(2, 1, RiskyStarsParams(home_regions=4, gaia_min_continents=3))
