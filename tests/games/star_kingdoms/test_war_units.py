"""Units: designs and statistics (inventory 2.12, UNIT-*), from the war groundwork of part 2."""

from __future__ import annotations

import pytest

from starlanes.core.errors import IllegalAction
from starlanes.games.star_kingdoms.catalogue import SLOT_NORMS, load_catalogue
from starlanes.games.star_kingdoms.tech import TechState
from starlanes.games.star_kingdoms.war.params import WarParams
from starlanes.games.star_kingdoms.war.units import (
    Fit,
    Unit,
    design_unit,
    module_tl,
    public_name,
    refit,
    unit_stats,
)

CAT = load_catalogue()


def tech(level: int = 1, *known: str, **levels: int) -> TechState:
    base = {t.id: level for t in CAT.core_techs()}
    base.update({k.replace("_", "-"): v for k, v in levels.items()})
    return TechState(levels=base, known=frozenset(known))


def test_UNIT_13_patrol_ship_worked_example() -> None:
    """S11 example: Patrol Ship + 1 flexible Ship Weapons at TL1: FP 15, Hull 15, Speed 1, Stability 1, Ev 40."""
    ship = design_unit(CAT, tech(), "Patrol Ship", flexible={"Ship Weapons": 1})
    s = unit_stats(CAT, ship)
    assert (s.firepower, s.hull, s.speed, s.stability, s.evasion) == (15, 15, 1, 1, 40)
    assert s.armed


def test_UNIT_01_kind_and_level_1_to_5() -> None:
    for cls in CAT.classes.values():
        assert cls.unit in ("ship", "detachment") and 1 <= cls.level <= 5


def test_UNIT_03_class_plus_flexible_slots_and_the_limit() -> None:
    with pytest.raises(IllegalAction, match="1 flexible slot"):
        design_unit(CAT, tech(), "patrol-ship", flexible={"ship-weapons": 2})
    with pytest.raises(IllegalAction, match="detachment module"):
        design_unit(CAT, tech(), "patrol-ship", flexible={"infantry-weapons": 1})
    with pytest.raises(IllegalAction, match="did you mean"):
        design_unit(CAT, tech(), "patrol-ship", flexible={"ship weapon": 1})


def test_UNIT_04_advanced_classes_need_their_research() -> None:
    with pytest.raises(IllegalAction, match="needs"):
        design_unit(CAT, tech(3), "light-cruiser")
    design_unit(CAT, tech(3), "light-cruiser", check_access=False)


def test_UNIT_05_one_variant_that_fits_and_is_known_and_shows_in_the_name() -> None:
    t = tech(3, "missile-launchers", "interceptors")
    missile = design_unit(CAT, t, "heavy-cruiser", variant="Missile")
    assert public_name(CAT, missile) == "Heavy Missile Cruiser"
    with pytest.raises(IllegalAction, match="needs Beam Weapons"):
        design_unit(CAT, t, "heavy-cruiser", variant="beam")
    with pytest.raises(IllegalAction, match="for fighters"):
        design_unit(CAT, t, "heavy-cruiser", variant="interceptor")
    assert Unit.__struct_fields__.count("variant") == 1  # one variant field: at most one variant


def test_UNIT_06_hull_and_health_from_armour_modules() -> None:
    ship = design_unit(CAT, tech(2), "gunboat")  # 6 Ship Armour at TL2: 6 x (3*2+12)
    assert unit_stats(CAT, ship).hull == 6 * 18
    det = design_unit(CAT, tech(1), "security-team")  # 2 Infantry Armour at TL1
    assert unit_stats(CAT, det).health == 2 * 15


def test_UNIT_07_firepower_from_weapons_and_pogs_only_is_unarmed() -> None:
    assert unit_stats(CAT, design_unit(CAT, tech(2), "gunboat")).firepower == 6 * 6
    assert not unit_stats(CAT, design_unit(CAT, tech(), "survey-probe")).armed
    pdf = design_unit(CAT, tech(2, "planetary-defence-forces"), "planetary-defence-force", check_access=False)
    s = unit_stats(CAT, pdf)
    assert s.firepower == 0 and s.pogs_firepower == 8 * 6 and not s.armed  # Amb#106


@pytest.mark.parametrize(("cls", "ev"), [("patrol-ship", 40), ("gunboat", 30), ("heavy-cruiser", 20),
                                         ("battlecruiser", 10), ("dreadnaught", 0), ("fighter-squadron", 50)])
def test_UNIT_08_base_evasion_by_level_and_fighters_50(cls: str, ev: int) -> None:
    unit = design_unit(CAT, tech(5, "fighters"), cls, check_access=False)
    assert unit_stats(CAT, unit).evasion == ev


def test_UNIT_08_point_defence_adds_five_and_evasion_is_capped_when_used() -> None:
    t = tech(3, "point-defence-cannons")
    ship = design_unit(CAT, t, "heavy-cruiser", flexible={"point-defence-cannons": 3})
    assert unit_stats(CAT, ship).evasion == 20 + 15
    assert WarParams().evasion_cap == 80


def test_UNIT_09_speed_sums_tl_over_level_rounded_up_once() -> None:
    # heavy cruiser L3 with 1 Sublight Engines at TL2: 2/3 -> 1; light cruiser 6 engines at TL2: 12/3 = 4
    assert unit_stats(CAT, design_unit(CAT, tech(2), "heavy-cruiser")).speed == 1
    assert unit_stats(CAT, design_unit(CAT, tech(2), "light-cruiser", check_access=False)).speed == 4
    # 2 engines at TL1 on an L3 ship: 1/3 + 1/3 = 2/3 -> 1 (added, then rounded once; Amb#29)
    ship = Unit(id="x", name="x", owner="", class_id="heavy-cruiser", kind="ship", level=3,
                modules=(Fit("sublight-engines", 1, 2),))
    assert unit_stats(CAT, ship).speed == 1
    assert unit_stats(CAT, design_unit(CAT, tech(), "security-team")).speed == WarParams().detachment_speed


def test_UNIT_10_stability_and_detachments_always_one() -> None:
    assert unit_stats(CAT, design_unit(CAT, tech(3), "heavy-freighter")).stability == 6  # 6 x 3/3
    assert unit_stats(CAT, design_unit(CAT, tech(3), "infantry-regiment")).stability == 1


def test_UNIT_11_mobility_of_detachments() -> None:
    # infantry regiment L3, 2 Suborbital Transports at TL3: 2 x 3/3 = 2
    assert unit_stats(CAT, design_unit(CAT, tech(3), "infantry-regiment")).mobility == 2


def test_UNIT_12_modules_keep_their_tl_until_a_refit() -> None:
    ship = design_unit(CAT, tech(1), "patrol-ship")
    later = tech(3)
    assert unit_stats(CAT, ship).firepower == 2 * 5  # still TL1
    damaged = Unit(**{**{f: getattr(ship, f) for f in Unit.__struct_fields__}, "damage": 7})
    refitted = refit(CAT, later, damaged)
    assert unit_stats(CAT, refitted).firepower == 2 * 7 and refitted.damage == 0
    assert refitted.flexible == ship.flexible and refitted.variant == ship.variant  # ruling 17


def test_UNIT_14_every_module_formula() -> None:
    t = tech(2, *[t.id for t in CAT.techs.values() if t.kind != "core"])
    expected = {"tl/level": None, "3tl+12": 18, "tl+4": 6, "tl": 2, "+5": 5, "+1": 1, "+2": 2, "+25": 25}
    for module in CAT.modules.values():
        if module.formula == "special":
            continue
        unit = Unit(id="u", name="u", owner="", class_id="patrol-ship" if module.unit == "ship" else "security-team",
                    kind=module.unit, level=1, modules=(Fit(module.id, module_tl(CAT, t, module.id), 1),))
        stats = unit_stats(CAT, unit)
        stat = module.stat.replace("-", "_")
        value = {"health": stats.hull, "evasion": stats.evasion - 40, "healing": sum(stats.healing)}.get(
            module.stat, getattr(stats, stat, None))
        want = expected[module.formula]
        if module.formula == "tl/level":
            want = 2
        assert value == want, module.id


def test_UNIT_15_cargo_capacity_and_cryo() -> None:
    assert unit_stats(CAT, design_unit(CAT, tech(2), "light-freighter")).cargo == 5


def test_UNIT_19_q_ship_looks_like_a_heavy_freighter() -> None:
    q = design_unit(CAT, tech(3, "carriers"), "q-ship", check_access=False)
    assert public_name(CAT, q) == "Heavy Freighter"


def test_UNIT_21_slot_totals_by_level() -> None:
    for cls in CAT.classes.values():
        if not cls.irregular_slots:
            assert cls.slots == SLOT_NORMS[cls.level], cls.id


def test_TECH_02_supplemental_modules_scale_with_the_parent_core_tl() -> None:
    t = tech(1, "deflector-shields", starship_defences=4)
    assert module_tl(CAT, t, "deflector-shields") == 4
    assert module_tl(CAT, tech(1), "deflector-shields") == 0
    with pytest.raises(IllegalAction, match="needs Deflector Shields"):
        design_unit(CAT, tech(3), "heavy-cruiser", flexible={"deflector-shields": 1})
