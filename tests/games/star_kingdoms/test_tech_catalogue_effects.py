"""Supplemental technologies' effects, one test per catalogue item (inventory 2.28 TECH-S*).

Each test checks the effect where the engine implements it: the economy (part 1), unit designs and
combat (the war groundwork of part 2)."""

from __future__ import annotations

import random

from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.economy import ERSources, economy_rating, effective_pc, logistics_capacity
from starlanes.games.star_kingdoms.galaxy import Biosphere
from starlanes.games.star_kingdoms.spec import StarKingdomsParams
from starlanes.games.star_kingdoms.tech import TechState, class_access_problem
from starlanes.games.star_kingdoms.war.battle import Force, fight
from starlanes.games.star_kingdoms.war.fieldwork import colonisation_rating, tow_problem
from starlanes.games.star_kingdoms.war.units import design_unit, unit_stats

CAT = load_catalogue()
P = StarKingdomsParams()


def tech(level: int, *known: str) -> TechState:
    return TechState(levels={t.id: level for t in CAT.core_techs()}, known=frozenset(known))


def requires(tech_id: str) -> set[tuple[str, int]]:
    return {(p.tech, p.level) for p in CAT.tech(tech_id).requires}


def test_TECH_S02_advanced_mineral_extraction_is_in_the_catalogue_for_trait_hooks() -> None:
    """Its effect is a planetary trait's condition (a GM content hook, Amb#111): the tech exists with PC2."""
    assert requires("advanced-mineral-extraction") == {("planetary-construction", 2)}


def test_TECH_S05_S06_S07_construction_techniques_raise_effective_pc() -> None:
    """TECH-S05, TECH-S06, TECH-S07: +1 Temperate, +1 Desert, +2 Desolate."""
    cases: tuple[tuple[Biosphere, str, int], ...] = (("temperate", "construction-techniques-temperate", 1),
                                                     ("desert", "construction-techniques-desert", 1),
                                                     ("desolate", "construction-techniques-desolate", 2))
    for biosphere, tech_id, bonus in cases:
        base = effective_pc(3, biosphere, "arctic", homeworld=False, techs=(), params=P)
        assert effective_pc(3, biosphere, "arctic", homeworld=False, techs=(tech_id,), params=P) == base + bonus


def test_TECH_S10_salvage_rigs_give_the_module_and_tug_power() -> None:
    t = tech(2, "salvage-rigs")
    ship = design_unit(CAT, t, "light-freighter", flexible={"salvage-rig": 1})
    stats = unit_stats(CAT, ship)
    assert stats.salvage_tls == (2,)
    assert tow_problem(CAT, [ship], design_unit(CAT, tech(1), "patrol-ship")) is None  # Speed 2: Tug Power 1


def test_TECH_S12_bombers_double_target_evasion() -> None:
    t = tech(2, "fighters", "bombers")
    bomber = design_unit(CAT, t, "fighter-squadron", variant="bomber", unit_id="b", check_access=False)
    target = design_unit(CAT, t, "heavy-cruiser", unit_id="t", check_access=False)  # Ev 20
    r = fight(CAT, Force("a", (bomber,)), Force("d", (target,)), random.Random(1), record=True, rounds=1)
    assert {s.evasion for s in r.log if s.shooter == "b"} == {40}
    assert unit_stats(CAT, bomber).firepower == 2 * 6  # x1.5 applies in battle: 18 in one shot
    assert {s.damage for s in r.log if s.shooter == "b" and s.hit} <= {18}


def test_TECH_S13_carriers_fighter_bays_and_the_light_carrier() -> None:
    assert class_access_problem(CAT, tech(2, "fighters"), "light-carrier") is not None
    assert class_access_problem(CAT, tech(2, "fighters", "carriers"), "light-carrier") is None
    carrier = design_unit(CAT, tech(2, "fighters", "carriers"), "light-carrier")
    assert unit_stats(CAT, carrier).fighter_bays == 2 and unit_stats(CAT, carrier).cargo == 2


def test_TECH_S14_atmospheric_fighters_fight_on_the_ground() -> None:
    t = tech(3, "fighters", "atmospheric-fighters")
    wing = design_unit(CAT, t, "fighter-squadron", variant="atmospheric", unit_id="w", check_access=False)
    plain = design_unit(CAT, t, "fighter-squadron", unit_id="p", check_access=False)
    team = design_unit(CAT, t, "security-team", unit_id="s")
    r = fight(CAT, Force("a", (wing, plain)), Force("d", (team,)), random.Random(2), kind="ground", record=True)
    shooters = {s.shooter for s in r.log}
    assert "w" in shooters and "p" not in shooters  # GRND-08


def test_TECH_S16_towing_gear_adds_tl_tug_power() -> None:
    t = tech(3, "starship-towing")
    ship = design_unit(CAT, t, "light-freighter", flexible={"towing-gear": 2})
    assert unit_stats(CAT, ship).tug_power == 2 * 3


def test_TECH_S18_cryo_freeze_holds_detachments() -> None:
    ship = design_unit(CAT, tech(2, "cryo-freeze"), "light-freighter", flexible={"cryogenic-storage": 1})
    assert unit_stats(CAT, ship).detachment_cargo == 2


def test_TECH_S20_army_logistics_adds_five_per_military_theory_level() -> None:
    assert logistics_capacity(0, 2, 3, naval_logistics=False, army_logistics=True, params=P) == (0, 10 + 15)


def test_TECH_S21_scavengers_module_and_archaeologists() -> None:
    assert class_access_problem(CAT, tech(3), "archaeologists") is not None
    assert class_access_problem(CAT, tech(3, "scavengers"), "archaeologists") is None
    digger = design_unit(CAT, tech(3, "scavengers"), "archaeologists")
    assert unit_stats(CAT, digger).salvage_tls == (3, 3, 3)


def test_TECH_S22_guerilla_warfare_militia_evasion_50() -> None:
    invader = design_unit(CAT, tech(1), "infantry-battalion", unit_id="i")
    r = fight(CAT, Force("a", (invader,)), Force("d", (), militia=2, guerilla=True), random.Random(3), kind="ground",
              record=True, rounds=1)
    assert {s.evasion for s in r.log if s.shooter == "i"} == {50}


def test_TECH_S23_S24_training_moves_the_determination_threshold() -> None:
    """TECH-S23 (ships) and TECH-S24 (armies): reduced at 40% instead of 50%."""
    from starlanes.games.star_kingdoms.war.battle import initial_determination
    from starlanes.games.star_kingdoms.war.params import WarParams
    from starlanes.games.star_kingdoms.war.units import Unit
    ship = design_unit(CAT, tech(1), "gunboat")
    hurt = Unit(**{**{f: getattr(ship, f) for f in Unit.__struct_fields__}, "damage": 50})  # 44% left
    assert initial_determination(CAT, Force("x", (hurt,)), WarParams(), "space") == 0
    assert initial_determination(CAT, Force("x", (hurt,), training=True), WarParams(), "space") == 2  # S23
    team = design_unit(CAT, tech(1), "infantry-battalion")
    hurt_team = Unit(**{**{f: getattr(team, f) for f in Unit.__struct_fields__}, "damage": 42})  # 33 of 75 left
    assert initial_determination(CAT, Force("x", (hurt_team,), training=True), WarParams(), "ground") == 2  # S24


def test_TECH_S26_S27_climate_control_and_habitation_domes() -> None:
    """TECH-S26 (+50% instead of +100%) and TECH-S27 (+150% instead of +300%)."""
    assert colonisation_rating(10, native=False, climate_control=True) == 15
    assert colonisation_rating(10, native=False, desolate=True, habitation_domes=True) == 25


def test_TECH_S28_S30_mining_facilities_and_strip_mines_add_er() -> None:
    """TECH-S28 (Asteroid Mining: ER + MR) and TECH-S30 (Strip Mining: ER + 3 x MR)."""
    er = economy_rating(ERSources(planet_pe=(10,), mining_facilities=(3,), strip_mines=(2,)), P)
    assert er.mining == 3 and er.strip_mines == 6 and er.total == 19
    assert requires("asteroid-mining") == {("offworld-construction", 2)}
    assert requires("strip-mining") == {("offworld-construction", 3)}
