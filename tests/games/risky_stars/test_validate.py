"""The map validator: every map rule, each violation named with its inventory ID."""

from __future__ import annotations

from typing import Any

import pytest
from tests.games.risky_stars.helpers import PUBLISHED_SAMPLE, from_data, sample_data

from starlanes.core.errors import ContentError
from starlanes.games.risky_stars.maps import load_map, sample_map
from starlanes.games.risky_stars.spec import RiskyStarsParams
from starlanes.games.risky_stars.validate import Violation, validate_map


def violations(data: dict[str, Any], params: RiskyStarsParams | None = None) -> list[Violation]:
    return validate_map(from_data(data), params)


def rules(data: dict[str, Any], params: RiskyStarsParams | None = None) -> list[str]:
    return [v.rule for v in violations(data, params)]


def body(data: dict[str, Any], system: int, index: int) -> dict[str, Any]:
    found: dict[str, Any] = data["systems"][system]["bodies"][index]
    return found


def test_RS_M07_shipped_sample_is_legal() -> None:
    """RS-M07: the shipped (corrected) sample passes every check."""
    assert validate_map(sample_map()) == []


def test_RS_M04_published_sample_breaks_the_minor_lane_rule() -> None:
    """RS-M04/RS-M07: the published sample's four minor systems each have one lane to one home."""
    m = load_map(PUBLISHED_SAMPLE, check_rules=False)
    found = validate_map(m)
    assert [v.rule for v in found] == ["RS-M04"] * 4
    assert found[0].field == "systems[3]"
    assert "minor system 'minor-1' is reached by 1 lane(s) from home-1 (home)" in found[0].problem
    with pytest.raises(ContentError, match=r"\[RS-M04\] \(and 3 more problems\)"):
        load_map(PUBLISHED_SAMPLE)


def test_RS_M04_minor_with_two_lanes_to_the_same_home_is_refused() -> None:
    data = sample_data()
    lane = next(ln for ln in data["lanes"] if ln["b"] == "minor-1" and ln["a"] == "home-2")
    lane["a"] = "home-1"
    assert rules(data) == ["RS-M04"]


def test_RS_M04_minor_lane_from_the_featured_system_is_refused() -> None:
    data = sample_data()
    lane = next(ln for ln in data["lanes"] if ln["b"] == "minor-1" and ln["a"] == "home-2")
    lane["a"] = "featured"
    assert rules(data) == ["RS-M04"]


def test_RS_B02_resource_must_match_the_body_kind() -> None:
    data = sample_data()
    body(data, 0, 1)["resource"] = "metals"  # a gas giant
    found = violations(data)
    assert [v.rule for v in found] == ["RS-B02"]
    assert found[0].field == "systems[0].bodies[1].resource"
    assert "gas giant and produces fuel, not metals" in found[0].problem


def test_RS_B02_surface_only_and_always_on_rocky_planets() -> None:
    data = sample_data()
    body(data, 0, 1)["surface"] = "ocean"  # a gas giant
    body(data, 0, 3).pop("surface")  # a Barren planet
    assert rules(data) == ["RS-B02", "RS-B02"]


@pytest.mark.parametrize("index", [1, 2])  # home-1: gas giant, planetoid
def test_RS_B03_one_region_bodies(index: int) -> None:
    data = sample_data()
    b = body(data, 0, index)
    b["regions"].append({"id": "extra-1", "name": "Extra"})
    found = violations(data)
    assert found[0].rule == "RS-B03" and "exactly 1" in found[0].problem


def test_RS_B03_comet_has_one_region() -> None:
    data = sample_data()
    b = body(data, 1, 1)  # home-2: comet
    assert b["kind"] == "comet"
    b["regions"].append({"id": "extra-1", "name": "Extra"})
    assert "RS-B03" in rules(data)


def test_RS_B04_barren_planet_has_two_hemispheres() -> None:
    data = sample_data()
    b = body(data, 0, 3)
    assert b["surface"] == "barren"
    b["regions"].pop()
    assert [v.field for v in violations(data) if v.rule == "RS-B04"] == ["systems[0].bodies[3].regions"]
    one = [v.field for v in violations(data, RiskyStarsParams(barren_regions=1)) if v.rule == "RS-B04"]
    assert one and "systems[0].bodies[3].regions" not in one  # now the other Barren planets are wrong


@pytest.mark.parametrize(("continents", "legal"), [(1, False), (2, True), (10, True), (11, False)])
def test_RS_B05_gaia_planet_has_2_to_10_continents(continents: int, legal: bool) -> None:
    data = sample_data()
    b = body(data, 2, 0)  # featured Gaia (8 continents)
    b["regions"] = [{"id": f"g-{i}", "name": f"Continent {i}"} for i in range(continents)]
    assert ("RS-B05" not in rules(data)) is legal


def test_RS_B06_ocean_planet_has_one_region() -> None:
    data = sample_data()
    b = body(data, 4, 1)  # minor-2: Ocean planet
    assert b["surface"] == "ocean"
    b["regions"].append({"id": "extra-1", "name": "Extra"})
    assert "RS-B06" in rules(data)


def test_RS_S01_every_home_has_a_gaia_planet() -> None:
    data = sample_data()
    body(data, 1, 0)["surface"] = "ocean"  # home-2's Gaia becomes an Ocean planet of 5 regions
    found = rules(data)
    assert "RS-S01" in found and "RS-B06" in found


def test_RS_S01_the_start_planet_is_the_first_gaia_planet() -> None:
    """RS-S01 / ruling 5: the player starts on its home system's first Gaia planet."""
    homes = sample_map().of_kind("home")
    assert [h.start_planet.id if h.start_planet else None for h in homes] == ["b1", "b5"]
    data = sample_data()
    data["systems"][0]["bodies"].reverse()  # the Barren planet first, the Gaia planet last
    assert from_data(data).systems[0].start_planet.id == "b1"  # type: ignore[union-attr]
    assert sample_map().of_kind("minor")[0].start_planet is None


def test_RS_S02_home_systems_have_equal_region_counts() -> None:
    data = sample_data()
    body(data, 1, 0)["regions"].pop()  # home-2 now 7 regions
    found = violations(data)
    assert found[0].rule == "RS-S02" and "has 7 regions" in found[0].problem


def test_RS_M01_two_to_six_home_systems() -> None:
    data = sample_data()
    data["systems"][1]["kind"] = "minor"
    assert "RS-M01" in rules(data)


def test_RS_M02_one_featured_system_with_twice_the_home_regions() -> None:
    data = sample_data()
    body(data, 2, 0)["regions"].pop()  # featured now 15 regions
    found = violations(data)
    assert [v.rule for v in found] == ["RS-M02"] and "2 x 8 = 16" in found[0].problem
    data = sample_data()
    data["systems"][2]["kind"] = "minor"
    assert "RS-M02" in rules(data)
    assert rules(sample_data(), RiskyStarsParams(featured_factor=3)) == ["RS-M02"]


def test_RS_M03_two_minor_systems_per_home_each_a_quarter_of_a_home() -> None:
    data = sample_data()
    data["systems"].pop()  # three minors left
    data["lanes"] = [ln for ln in data["lanes"] if ln["b"] != "minor-4"]
    assert rules(data) == ["RS-M03"]
    data = sample_data()
    body(data, 5, 0)["regions"].pop()  # minor-3's Barren planet loses a hemisphere
    assert rules(data) == ["RS-B04", "RS-M03"]
    assert "RS-M03" in rules(sample_data(), RiskyStarsParams(minor_percent=50))


def test_RS_M06_each_home_has_one_lane_to_the_featured_system() -> None:
    data = sample_data()
    data["lanes"] = [ln for ln in data["lanes"] if not (ln["a"] == "home-2" and ln["b"] == "featured")]
    found = violations(data)
    assert [v.rule for v in found] == ["RS-M06"] and "home-2" in found[0].problem
    data = sample_data()
    data["lanes"].append({"id": "l99", "a": "featured", "b": "home-1"})
    assert rules(data) == ["RS-M06"]


def test_violation_reads_as_one_line() -> None:
    v = Violation("RS-M04", "systems[3]", "minor system 'm1' is reached by 1 lane(s)")
    assert str(v) == "systems[3]: minor system 'm1' is reached by 1 lane(s) [RS-M04]"
