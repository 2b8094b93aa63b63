"""Content as data: catalogue (2.28, 2.29), galaxy (2.5) and the sample galaxy from the reference sheet."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

from starlanes.core.errors import ContentError
from starlanes.games.star_kingdoms.catalogue import FIELDS, SLOT_NORMS, load_catalogue
from starlanes.games.star_kingdoms.galaxy import (
    BIOSPHERES,
    GalaxyIndex,
    default_galaxy,
    galaxy_to_json,
    load_galaxy,
)
from starlanes.games.star_kingdoms.loading import read_shipped

CAT = load_catalogue()
SHEET = Path(__file__).parents[4] / "shared" / "reference" / "star-kingdoms" / "sample-galaxy-wormholes.csv"


def test_TECH_01_core_and_supplemental_kinds_and_TECH_S52_twelve_cores() -> None:
    assert len(CAT.core_techs()) == 12
    assert all(not t.requires for t in CAT.core_techs())
    assert all(t.requires for t in CAT.techs.values() if t.kind != "core")


def test_TECH_03_every_tech_has_a_field() -> None:
    assert {t.field for t in CAT.techs.values()} == set(FIELDS)
    assert CAT.tech("planetary-construction").field == "xenology"
    assert CAT.tech("beam-weapons").field == "physics"


@pytest.mark.parametrize("n", range(1, 52))
def test_TECH_S01_to_S51_each_supplemental_is_data_with_its_prerequisite(n: int) -> None:
    ref = f"TECH-S{n:02d}"
    (tech,) = [t for t in CAT.techs.values() if t.ref == ref]
    assert tech.kind in ("supplemental", "design")
    assert any(CAT.tech(p.tech).kind == "core" and p.level >= 1 for p in tech.requires)


def test_TECH_S11_interceptors_need_SC2_and_fighters() -> None:
    reqs = {(p.tech, p.level) for p in CAT.tech("interceptors").requires}
    assert reqs == {("ship-construction", 2), ("fighters", 0)}


def test_CLS_01_class_rows_match_the_source() -> None:
    assert len([c for c in CAT.classes.values() if c.unit == "ship"]) == 30
    assert len([c for c in CAT.classes.values() if c.unit == "detachment"]) == 20
    assert CAT.classes["dreadnaught"].modules == {"sublight-engines": 2, "flux-stabiliser": 3, "ship-armour": 39,
                                                  "ship-weapons": 39}
    assert CAT.classes["siege-engineers"].modules == {"infantry-armour": 30, "infantry-weapons": 5,
                                                      "engineering-corps": 15, "medical-corps": 2}
    assert CAT.classes["long-range-science-ship"].modules["nebula-sensors"] == 1


def test_UNIT_21_slot_totals_by_level_with_two_exceptions() -> None:
    odd = {c.id: c.slots for c in CAT.classes.values() if c.slots != SLOT_NORMS[c.level]}
    assert odd == {"fighter-squadron": 5, "defence-satellites": 35}


def test_CLS_02_advanced_classes_without_a_tech_need_a_design() -> None:
    for cls in CAT.classes.values():
        if cls.access == "advanced" and not cls.requires:
            assert cls.design, cls.id
    assert CAT.classes["ultra-science-ship"].requires_classes == ("long-range-science-ship",)


def test_CLS_04_no_transports_and_no_flexible_slots_as_printed() -> None:
    for ident in ("siege-engineers", "heavy-security-team", "planetary-defence-force"):
        assert "suborbital-transports" not in CAT.classes[ident].modules
    assert CAT.classes["heavy-security-team"].flexible == CAT.classes["fighter-squadron"].flexible == 0


def test_UNIT_14_every_module_is_data_with_its_tech() -> None:
    assert len(CAT.modules) == 26
    assert CAT.modules["ship-weapons"].formula == "tl+4"
    assert CAT.modules["ship-armour"].formula == "3tl+12"
    assert CAT.modules_index.resolve("Suborbital Tranports") == "suborbital-transports"  # Amb#26 alias


def test_PROJ_catalogue_one_kind_per_project_order() -> None:
    orders = sorted(p.order for p in CAT.projects.values())
    assert orders == ["O07", "O08", "O09", "O10", "O11", "O12", "O13", "O14", "O15", "O16", "O17", "O18", "O19",
                      "O20", "O21", "O22"]


def _write(tmp_path: Path, name: str, data: bytes) -> Path:
    path = tmp_path / name
    path.write_bytes(data)
    return path


def test_content_errors_name_file_entry_field_and_problem(tmp_path: Path) -> None:
    data, _ = read_shipped("technologies.toml")
    data["tech"][13]["field"] = "alchemy"
    path = _write(tmp_path, "techs.json", json.dumps(data).encode())
    with pytest.raises(ContentError) as info:
        load_catalogue(techs=path)
    assert str(info.value) == f"{path}: tech[13] 'advanced-mineral-extraction'.field: invalid enum value 'alchemy'"
    data, _ = read_shipped("technologies.toml")
    data["tech"][12]["requires"] = [{"tech": "planetary-constructon", "level": 2}]
    with pytest.raises(ContentError, match=r"tech\[12\] 'hardened-materials'.requires\[0\].tech: unknown tech"):
        load_catalogue(techs=_write(tmp_path, "t2.json", json.dumps(data).encode()))


def test_content_robust_to_bom_bad_bytes_and_size(tmp_path: Path) -> None:
    galaxy = galaxy_to_json(default_galaxy())
    assert load_galaxy(_write(tmp_path, "bom.json", b"\xef\xbb\xbf" + galaxy)) == default_galaxy()
    with pytest.raises(ContentError, match="not UTF-8"):
        load_galaxy(_write(tmp_path, "bad.json", b'{"name": "\xff"}'))
    with pytest.raises(ContentError, match="too large"):
        load_galaxy(_write(tmp_path, "big.json", b" " * (9 * 1024 * 1024)))
    with pytest.raises(ContentError, match="not valid TOML"):
        load_galaxy(_write(tmp_path, "x.toml", b"schema = ["))
    with pytest.raises(ContentError, match="cannot read"):
        load_galaxy(tmp_path / "missing.json")


@pytest.mark.parametrize(("change", "message"), [
    (lambda d: d["systems"][0]["planets"][0].update(biosphere="lava"), r"planets\[0\] '\w+-1'.biosphere"),
    (lambda d: d["wormholes"][0].update(instability=0), r"wormholes\[0\] '[\w-]+'.instability: expected 'int' >= 1"),
    (lambda d: d["wormholes"][0].update(concealment=6), r"concealment: expected 'int' <= 5"),
    (lambda d: d["wormholes"][0].update(b="ZZZ"), "unknown system 'ZZZ'"),
    (lambda d: d["wormholes"].append(dict(d["wormholes"][0], id="dup")), "already joined"),
    (lambda d: d["systems"][1].update(name=d["systems"][0]["name"]), "system name"),
    (lambda d: d.update(schema="other"), "schema: must be"),
])
def test_SYS_01_MOV_04_galaxy_validated_on_load(tmp_path: Path, change: object, message: str) -> None:
    data = json.loads(galaxy_to_json(default_galaxy()))
    change(data)  # type: ignore[operator]
    with pytest.raises(ContentError, match=message):
        load_galaxy(_write(tmp_path, "g.json", json.dumps(data).encode()))


def test_SYS_03_five_biospheres_and_SYS_04_mineral_ratings() -> None:
    planets = [p for _, p in default_galaxy().planets()]
    assert {p.biosphere for p in planets} <= set(BIOSPHERES)
    assert all(p.mineral_rating >= 0 for p in planets)
    assert all(p.mineral_rating == 3 and p.biosphere == "temperate" for p in default_galaxy().homeworlds())


@pytest.mark.skipif(not SHEET.exists(), reason="reference sheet not present")
def test_sample_galaxy_has_every_wormhole_of_the_reference_sheet_with_level_as_instability() -> None:
    rows = list(csv.reader(SHEET.open()))
    levels = rows[0][1:22]
    expected = {}
    for row in rows[4:]:
        for other, level in zip(row[1:22], levels, strict=True):
            if row[0] and other:
                expected[frozenset((row[0], other))] = int(level)
    index = GalaxyIndex.of(default_galaxy())
    got = {frozenset((w.a, w.b)): w.instability for w in index.wormholes.values()}
    assert got == expected
    assert len(got) == 119 and len(index.systems) == 61
    assert len(default_galaxy().homeworlds()) == 12 and index.connected()
