"""The risky-stars-map/1 schema and loader: good maps load typed and frozen, broken or tampered
files are refused with one line naming file, field and problem, quickly."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from tests.games.risky_stars.helpers import PUBLISHED_SAMPLE, sample_data, write

from starlanes.core.errors import ContentError, PathError
from starlanes.games.risky_stars.maps import (
    MAX_FILE_BYTES,
    RESOURCE_OF,
    StarMap,
    load_map,
    map_from_json,
    map_to_json,
    sample_map,
)


def refused(raw: bytes | str, source: str = "bad.json") -> ContentError:
    start = time.perf_counter()
    with pytest.raises(ContentError) as info:
        map_from_json(raw, source)
    assert time.perf_counter() - start < 1.0, "a broken file is refused within a second"
    message = str(info.value)
    assert "\n" not in message and message.startswith(source), message
    assert "Traceback" not in message and "Error(" not in message
    return info.value


def test_RS_M05_sample_map_loads_typed_frozen_with_two_mouths_per_lane() -> None:
    """RS-M05: every lane has a mouth in each of its two systems, each a location of its own."""
    m = sample_map()
    assert isinstance(m, StarMap) and m.name.startswith("Two-player sample")
    topo = m.topology
    assert len(m.lanes) == 10
    assert len(topo.mouths) == 20
    assert len(topo.locations) == m.region_count + 2 * len(m.lanes) == 60
    lane = m.lanes[0]
    a, b = topo.mouths[lane.mouth_a], topo.mouths[lane.mouth_b]
    assert (a.system, b.system) == (lane.a, lane.b)
    assert a.far == b.id and b.far == a.id and a.far_system == lane.b
    assert topo.system_of[a.id] == lane.a and topo.is_mouth(a.id) and not topo.is_mouth("b1-1")
    assert topo.index[topo.locations[7]] == 7
    with pytest.raises(AttributeError):
        m.name = "changed"  # type: ignore[misc]


def test_RS_B07_every_region_is_its_own_location_in_its_system() -> None:
    """RS-B07: regions are located (and later owned) individually; each belongs to one body."""
    topo = sample_map().topology
    home = topo.systems["home-1"]
    regions = [r.id for b in home.bodies for r in b.regions]
    assert list(topo.system_locations["home-1"][: len(regions)]) == regions
    assert all(topo.body_of[r] == b.id for b in home.bodies for r in (x.id for x in b.regions))
    assert topo.same_system("b1-1", "b4-2") and not topo.same_system("b1-1", "b5-1")


def test_RS_B02_sample_bodies_produce_the_resource_of_their_kind() -> None:
    """RS-B01/RS-B02: one resource per body, fixed by its kind (gas giant and comet: fuel)."""
    assert RESOURCE_OF == {"gas_giant": "fuel", "rocky_planet": "population", "planetoid": "metals",
                           "comet": "fuel"}
    for system in sample_map().systems:
        for body in system.bodies:
            assert body.resource == RESOURCE_OF[body.kind]


def test_map_round_trips_through_its_json() -> None:
    m = sample_map()
    assert map_from_json(map_to_json(m), "again.json") == m


def test_load_map_reads_a_file_and_names_it(tmp_path: Path) -> None:
    path = write(tmp_path, sample_data())
    assert load_map(path) == sample_map()
    data = sample_data()
    data["systems"][0]["bodies"][1]["kind"] = "moon"
    path = write(tmp_path, data, "moon.json")
    with pytest.raises(ContentError) as info:
        load_map(path)
    assert str(info.value).startswith(f"{path}: systems[0].bodies[1].kind: invalid enum value 'moon'")


def test_missing_file_and_folder_are_path_errors(tmp_path: Path) -> None:
    with pytest.raises(PathError, match="no such map file"):
        load_map(tmp_path / "nothing.json")
    with pytest.raises(PathError, match="is a folder"):
        load_map(tmp_path)


@pytest.mark.parametrize(
    ("change", "field", "problem"),
    [
        (lambda d: d.pop("schema"), "", "missing required field 'schema'"),
        (lambda d: d.update(schema="risky-stars-map/2"), "schema", "invalid enum value"),
        (lambda d: d["systems"][0].update(id="Home 1"), "systems[0].id", "expected an id"),
        (lambda d: d["systems"][0].update(name="bad\x07name"), "systems[0].name", "expected a name"),
        (lambda d: d["systems"][1]["bodies"][0].update(regions=5), "systems[1].bodies[0].regions",
         "expected 'array', got 'int'"),
        (lambda d: d["systems"][1]["bodies"][0].update(regions=[]), "systems[1].bodies[0].regions",
         "length >= 1"),
        (lambda d: d["lanes"][2].update(a=7), "lanes[2].a", "expected 'str', got 'int'"),
        (lambda d: d["lanes"][2].update(colour="red"), "lanes[2]", "unknown field 'colour'"),
        (lambda d: d["systems"][2].update(kind="capital"), "systems[2].kind", "invalid enum value 'capital'"),
        (lambda d: d["systems"][2]["bodies"][0].update(resource="water"), "systems[2].bodies[0].resource",
         "invalid enum value 'water'"),
        (lambda d: d.update(systems={"a": 1}), "systems", "expected 'array', got 'object'"),
    ],
)
def test_wrong_shapes_name_file_field_and_problem(change: Any, field: str, problem: str) -> None:
    data = sample_data()
    change(data)
    err = refused(json.dumps(data))
    assert err.field == field
    assert problem in err.problem


def test_structure_duplicate_id_and_unknown_lane_end() -> None:
    """RS-M05: a lane joins two existing, different systems; ids are unique."""
    data = sample_data()
    data["systems"][1]["bodies"][0]["regions"][0]["id"] = "b1-1"
    err = refused(json.dumps(data))
    assert err.field == "systems[1].bodies[0].regions[0].id" and "already used" in err.problem
    data = sample_data()
    data["lanes"][0]["b"] = "nowhere"
    err = refused(json.dumps(data))
    assert err.field == "lanes[0].b" and "unknown system 'nowhere'" in err.problem and "[RS-M05]" in err.problem
    data = sample_data()
    data["lanes"][0]["b"] = data["lanes"][0]["a"]
    err = refused(json.dumps(data))
    assert "to itself" in err.problem


def test_not_json_names_line_and_column() -> None:
    err = refused('{\n  "schema": "risky-stars-map/1",\n  "name": ,\n}')
    assert err.field == "line 3 column 11"
    assert err.problem.startswith("not valid JSON")


def test_tampered_encodings_non_utf8_utf16_and_bom() -> None:
    good = map_to_json(sample_map())
    err = refused(good.replace(b"Home System 1", b"Home \xff System"))
    assert "not UTF-8 text: byte 0xff" in err.problem
    err = refused(json.dumps(sample_data()).encode("utf-16"))
    assert "UTF-16" in err.problem
    assert map_from_json(b"\xef\xbb\xbf" + good, "bom.json") == sample_map()


def test_absurd_size_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as fh:
        fh.truncate(MAX_FILE_BYTES * 50)  # sparse: 50 MB of zero bytes
    start = time.perf_counter()
    with pytest.raises(ContentError, match="a map file is at most"):
        load_map(path)
    assert time.perf_counter() - start < 1.0
    err = refused(b" " * (MAX_FILE_BYTES + 1))
    assert "bytes" in err.problem


@pytest.mark.parametrize("depth", [10_000, 900_000])
def test_deep_nesting_is_refused_quickly(depth: int) -> None:
    head = '{"schema": "risky-stars-map/1", "name": "x", "systems": '
    err = refused(head + "[" * depth)
    assert err.field.startswith("systems[0]")
    err = refused('{"extra": ' + "[" * depth)
    assert "unknown field 'extra'" in err.problem
    err = refused("[" * depth)
    assert "expected 'object', got 'array'" in err.problem


def test_absurd_counts_are_refused() -> None:
    data = sample_data()
    region = data["systems"][0]["bodies"][0]["regions"][0]
    data["systems"][0]["bodies"][0]["regions"] = [dict(region, id=f"x{i}") for i in range(65)]
    err = refused(json.dumps(data))
    assert err.field == "systems[0].bodies[0].regions" and "length <= 64" in err.problem


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=400))
def test_random_bytes_only_ever_give_content_errors(raw: bytes) -> None:
    refused(raw)


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
    max_leaves=8,
)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_mutated_sample_loads_or_gives_one_line_content_error(data: st.DataObject) -> None:
    """Replace one random value anywhere in the sample with random JSON: the loader either
    accepts it (the value was harmless) or names the problem in one line, never crashes."""
    doc: Any = sample_data()
    node = doc
    while True:
        keys = list(node.keys()) if isinstance(node, dict) else list(range(len(node)))
        key = data.draw(st.sampled_from(keys))
        child = node[key]
        if isinstance(child, dict | list) and child and data.draw(st.booleans()):
            node = child
            continue
        node[key] = data.draw(JSON_VALUES)
        break
    try:
        map_from_json(json.dumps(doc), "mutated.json")
    except ContentError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("mutated.json")


def test_published_sample_fixture_loads_structurally() -> None:
    """The published sample, converted to our schema, is sound in structure (only its lanes
    break the rules, see test_validate)."""
    m = load_map(PUBLISHED_SAMPLE, check_rules=False)
    assert len(m.of_kind("minor")) == 4 and len(m.lanes) == 6
    assert msgspec.json.decode(map_to_json(m))["schema"] == "risky-stars-map/1"
