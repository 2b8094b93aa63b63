"""Modules, variants and classes of the war technologies (inventory 2.12 UNIT-16/18, 2.28 TECH-S31..S51,
2.22-2.23 DEV/PDEF, SYS-10), checked through unit designs and battles."""

from __future__ import annotations

import random

import pytest

from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.economy import Districts
from starlanes.games.star_kingdoms.tech import TechState, class_access_problem
from starlanes.games.star_kingdoms.war.battle import Force, fight
from starlanes.games.star_kingdoms.war.ground import ground_devastation
from starlanes.games.star_kingdoms.war.planet import add_devastation, pogs_fire
from starlanes.games.star_kingdoms.war.units import design_unit, unit_stats

CAT = load_catalogue()
SUPPLEMENTALS = tuple(t.id for t in CAT.techs.values() if t.kind == "supplemental")


def tech(level: int, *known: str) -> TechState:
    return TechState(levels={t.id: level for t in CAT.core_techs()}, known=frozenset(known))


def shot_damage(shooter_cls: str, variant: str, known: tuple[str, ...], level: int = 4) -> set[int]:
    """Damage per hit of ``shooter_cls`` with ``variant`` against a tough dreadnaught."""
    t = tech(level, *known)
    gun = design_unit(CAT, t, shooter_cls, variant=variant, unit_id="g", check_access=False)
    wall = design_unit(CAT, tech(5), "dreadnaught", unit_id="w")
    r = fight(CAT, Force("a", (gun,)), Force("d", (wall,)), random.Random(5), record=True, rounds=3)
    return {s.damage for s in r.log if s.shooter == "g" and s.hit}


def test_TECH_S31_TECH_S32_TECH_S34_constructions_are_in_the_catalogue() -> None:
    """TECH-S31 Collaborative Anomaly Study, TECH-S32 Remote Sensors, TECH-S34 Wormhole Stabilisers:
    techs with their prerequisites (the actions themselves are unit actions of the pipeline)."""
    assert {(p.tech, p.level) for p in CAT.tech("collaborative-anomaly-study").requires} == {("sensors", 2)}
    assert {(p.tech, p.level) for p in CAT.tech("remote-sensors").requires} == {("sensors", 2)}
    assert {(p.tech, p.level) for p in CAT.tech("wormhole-stabilisers").requires} == {("wormhole-stabilisation", 2)}


def test_TECH_S33_nebula_sensors_module_and_the_long_range_science_ship() -> None:
    assert class_access_problem(CAT, tech(3), "long-range-science-ship") is not None
    assert class_access_problem(CAT, tech(3, "nebula-sensors"), "long-range-science-ship") is None
    lrss = design_unit(CAT, tech(3, "nebula-sensors"), "long-range-science-ship")
    assert unit_stats(CAT, lrss).nebula_sensors


def test_SYS_10_UNIT_17_a_ship_without_nebula_sensors_fights_blind_in_a_nebula() -> None:
    """SYS-10: Ev -40 (min 0) and +40 on every target it shoots; Nebula Sensors see normally."""
    seer = design_unit(CAT, tech(3, "nebula-sensors"), "long-range-science-ship", unit_id="s")
    blind = design_unit(CAT, tech(3), "heavy-cruiser", unit_id="b")  # Ev 20 -> 0 in the nebula
    r = fight(CAT, Force("a", (blind,)), Force("d", (seer,)), random.Random(1), nebula=True, record=True, rounds=1)
    assert {s.evasion for s in r.log if s.shooter == "b"} == {min(80, 20 * 2 + 40)}  # the seer retreats (unarmed)


def test_TECH_S35_flux_stability_field_class_and_module() -> None:
    assert class_access_problem(CAT, tech(4), "flux-stability-field-projector") is not None
    ship = design_unit(CAT, tech(4, "flux-stability-field"), "flux-stability-field-projector")
    assert unit_stats(CAT, ship).stability_field


@pytest.mark.parametrize(("variant", "tech_id", "expected"), [
    ("", "", 8), ("missile", "missile-launchers", 12), ("beam", "beam-weapons", 6),
    ("assault", "assault-weapons", 12), ("flak", "flak-weapons", 6), ("spinal", "spinal-weapons", 10 * 4)])
def test_UNIT_18_TECH_S36_to_S40_ship_variants_firepower(variant: str, tech_id: str, expected: int) -> None:
    """TECH-S36 Missile x1.5, TECH-S37 Beam x0.75, TECH-S38 Assault x1.5, TECH-S39 Flak x0.75,
    TECH-S40 Spinal x1.25 in one shot: a gunboat at TL4 (4 weapons... 32 FP, 2 shots)."""
    known = (tech_id,) if tech_id else ()
    t = tech(4, *known)
    gun = design_unit(CAT, t, "gunboat", variant=variant, check_access=False)
    fp = unit_stats(CAT, gun).firepower  # 6 x 8 = 48 before the variant
    assert fp == 48
    mult = {"": 1, "missile": 1.5, "beam": 0.75, "assault": 1.5, "flak": 0.75, "spinal": 1.25}[variant]
    shots = 1 if variant == "spinal" else 2
    hits = shot_damage("gunboat", variant, known)
    import math
    assert hits <= {math.floor(math.ceil(fp * mult) / shots + 0.5)}


def test_UNIT_16_TECH_S41_deflector_shields_absorb_first_and_regenerate() -> None:
    """UNIT-16: Shields are lost before Hull and return whole at the end of the turn (the battle
    reports shields lost separately from Hull damage, so the pipeline restores them)."""
    t = tech(2, "deflector-shields")
    ship = design_unit(CAT, t, "strike-cruiser", unit_id="s", check_access=False)
    assert unit_stats(CAT, ship).shields == 2 * 18
    gun = design_unit(CAT, tech(1), "patrol-ship", unit_id="g")
    r = fight(CAT, Force("a", (gun,)), Force("d", (ship,)), random.Random(0), rounds=2)
    out = next(o for o in r.units if o.unit_id == "s")
    assert out.damage == 0 or out.shields_damage == 36


def test_TECH_S42_TECH_S43_TECH_S51_repairing_armour_point_defence_camouflage() -> None:
    """TECH-S42 Self-Repairing Armour flag, TECH-S43 Point Defence Cannons +5 Ev, TECH-S51 Camouflage +5 Ev."""
    ship = design_unit(CAT, tech(3, "self-repairing-armour", "point-defence-cannons"), "heavy-cruiser",
                       flexible={"self-repairing-armour": 1, "point-defence-cannons": 2})
    s = unit_stats(CAT, ship)
    assert s.self_repairing and s.evasion == 20 + 10
    det = design_unit(CAT, tech(3, "camouflage-fields"), "infantry-regiment", flexible={"camouflage-fields": 2})
    assert unit_stats(CAT, det).evasion == 20 + 10


def test_TECH_S44_TECH_S48_precision_and_artillery_devastation() -> None:
    """TECH-S44 Precision counts 0, TECH-S48 Artillery counts double and -20 own Ev, +25% damage."""
    t = tech(4, "precision-weaponry", "artillery")
    precise = design_unit(CAT, t, "infantry-brigade", variant="precision")
    art = design_unit(CAT, t, "infantry-brigade", variant="artillery")
    assert ground_devastation(CAT, [precise, art, art]) == 1  # 0 + 8 + 8 = 16 -> 1
    assert unit_stats(CAT, art).evasion == 10 - 20


def test_TECH_S45_TECH_S46_recon_and_heavy_armour_targeting() -> None:
    """TECH-S45 Recon: target Ev -25; TECH-S46 Heavy Armour: target Ev x2."""
    t = tech(3, "recon-forces", "heavy-armour")
    target = design_unit(CAT, tech(1), "security-team", unit_id="t")  # Ev 40
    for variant, ev in (("recon", 15), ("heavy-armour", 80)):
        shooter = design_unit(CAT, t, "infantry-regiment", variant=variant, unit_id="x")
        r = fight(CAT, Force("a", (shooter,)), Force("d", (target,)), random.Random(2), kind="ground", record=True,
                  rounds=1)
        assert {s.evasion for s in r.log if s.shooter == "x"} == {ev}


def test_TECH_S47_PDEF_01_planetary_defence_forces_and_defence_satellites() -> None:
    """PDEF-01: satellite weapons (Defence Satellites class) and ground weapons (PDF with POGS);
    TECH-S47: the PDF is bound to its planet."""
    pdf = CAT.classes["planetary-defence-force"]
    assert "bound-to-planet" in pdf.special and "pogs" in pdf.modules
    assert "static-defence" in CAT.classes["defence-satellites"].special
    unit = design_unit(CAT, tech(3, "planetary-defence-forces"), "planetary-defence-force")
    assert unit_stats(CAT, unit).pogs_firepower == 8 * 7 and not unit_stats(CAT, unit).armed


def test_TECH_S49_reinforced_drop_pods_against_pogs() -> None:
    pdf = design_unit(CAT, tech(1, "planetary-defence-forces"), "planetary-defence-force", unit_id="p")
    pods = design_unit(CAT, tech(3, "reinforced-drop-pods"), "assault-troopers", unit_id="t", check_access=False)
    assert unit_stats(CAT, pods).evasion_vs_pogs == 50

    class Rolls(random.Random):
        def randint(self, a: int, b: int) -> int:
            return 70

    assert pogs_fire(CAT, [pdf], [pods], Rolls(0)).damage == {}


def test_TECH_S50_GRND_12_medical_corps_and_combat_medics() -> None:
    """TECH-S50: the Medical Corps module heals 3 x TL + 12 each at the end of the turn (GRND-12, applied by
    the pipeline) and unlocks the Combat Medics class."""
    assert class_access_problem(CAT, tech(2), "combat-medics") is not None
    medics = design_unit(CAT, tech(2, "medical-corps"), "combat-medics")
    assert unit_stats(CAT, medics).healing == (18,) * 5


def test_DEV_05_devastation_never_falls_by_itself() -> None:
    d = Districts(industrial=3, military=1)
    same = add_devastation(3, 0, d, lambda ds, dev: 20, random.Random(0))
    assert same.devastation == 3 and same.districts == d


def test_every_supplemental_tech_is_known_to_the_catalogue() -> None:
    assert len(SUPPLEMENTALS) >= 45
