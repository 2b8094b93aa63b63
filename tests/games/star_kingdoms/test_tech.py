"""Technology (inventory 2.6, 2.28; CIV-07; CLS-02, CLS-03)."""

from __future__ import annotations

import pytest

from starlanes.core.errors import IllegalAction
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.spec import StarKingdomsParams
from starlanes.games.star_kingdoms.tech import (
    SciencePoints,
    TechState,
    breakthrough,
    breakthrough_cost,
    class_access_problem,
    gain,
    missing_module_techs,
    research_level,
    research_problem,
    research_project,
    starting_tech,
    unit_level_problem,
)

P = StarKingdomsParams()
CAT = load_catalogue()
START = starting_tech(CAT, ["sensors", "wormhole-stabilisation"], P)


def test_CIV_07_all_cores_at_1_two_at_2() -> None:
    assert sorted(START.levels.values()) == [1] * 10 + [2, 2]
    with pytest.raises(IllegalAction, match="2 different"):
        starting_tech(CAT, ["sensors", "sensors"], P)


def test_TECH_05_breakthrough_costs_table() -> None:
    assert [breakthrough_cost(n, P) for n in range(1, 6)] == [5, 20, 45, 80, 125]


def test_TECH_05_breakthrough_spends_own_field_and_needs_prerequisites() -> None:
    state = TechState(levels={"starship-weapons": 3}, sp=SciencePoints(physics=50, engineering=500))
    after = breakthrough(CAT, state, "beam-weapons", P)
    assert "beam-weapons" in after.known and after.sp.physics == 5 and after.sp.engineering == 500
    with pytest.raises(IllegalAction, match="needs Starship Weapons 4"):
        breakthrough(CAT, after, "spinal-weapons", P)
    with pytest.raises(IllegalAction, match="45 physics"):
        breakthrough(CAT, TechState(levels={"starship-weapons": 3}, sp=SciencePoints(physics=44)), "beam-weapons", P)


def test_TECH_05_core_breakthrough_buys_next_level_and_TECH_08_level_6_needs_gm() -> None:
    state = TechState(levels={"sensors": 2}, sp=SciencePoints(physics=45))
    assert breakthrough(CAT, state, "sensors", P).level("sensors") == 3
    high = TechState(levels={"sensors": 5}, sp=SciencePoints(physics=500))
    with pytest.raises(IllegalAction, match="GM's permission"):
        breakthrough(CAT, high, "sensors", P)
    assert breakthrough(CAT, high, "sensors", P, gm_permission=True).level("sensors") == 6


def test_TECH_02_supplemental_level_is_its_prerequisite_and_design_is_class_level_minus_1() -> None:
    assert research_level(CAT, START, CAT.tech("interceptors")) == 2
    assert research_level(CAT, START, CAT.tech("ship-design"), "light-cruiser") == 2
    assert research_level(CAT, START, CAT.tech("detachment-design"), "heavy-security-team") == 1


def test_TECH_07_DIST_06_research_districts() -> None:
    pc = CAT.tech("planetary-construction")
    assert research_problem(CAT, START, pc, "industrial", P) is None
    assert research_problem(CAT, START, pc, "academic", P) is None  # ruling 14
    assert research_problem(CAT, START, pc, "academic", P.replace(academic_researches_all_cores=False))
    assert research_problem(CAT, START, CAT.tech("sensors"), "shipyard", P) == \
        "shipyard districts cannot research Sensors"
    assert research_project(CAT, pc, "industrial").order == "O11"
    assert research_project(CAT, CAT.tech("fighters"), "shipyard").order == "O18"
    assert research_project(CAT, CAT.tech("fighters"), "academic").order == "O13"


def test_TECH_S08_ship_design_picks_one_class() -> None:
    design = CAT.tech("ship-design")
    assert research_problem(CAT, START, design, "academic", P, design_class="light-cruiser") == \
        "Ship Design needs Ship Construction 2"
    state = gain(CAT, START, "ship-construction")
    assert research_problem(CAT, state, design, "academic", P, design_class="light-cruiser") is None
    state = gain(CAT, state, "ship-design", "light-cruiser")
    assert class_access_problem(CAT, state, "light-cruiser") is None
    assert "already unlocked" in (research_problem(CAT, state, design, "academic", P, design_class="light-cruiser")
                                  or "")


def test_CLS_02_UNIT_04_class_access() -> None:
    assert class_access_problem(CAT, START, "patrol-ship") is None
    assert class_access_problem(CAT, START, "fighter-squadron") == "the Fighter Squadron needs Fighters"
    assert class_access_problem(CAT, START, "long-range-science-ship") == \
        "the Long Range Science Ship needs Nebula Sensors, Sensors 3"
    assert "access to the Long Range Science Ship" in (class_access_problem(CAT, START, "ultra-science-ship") or "")


def test_CLS_03_module_techs_of_a_class_and_flexible_picks() -> None:
    assert missing_module_techs(CAT, START, "strike-cruiser") == ["Deflector Shields"]
    assert missing_module_techs(CAT, START, "patrol-ship", ["point-defence-cannons"]) == ["Point Defence Cannons"]
    assert missing_module_techs(CAT, START, "patrol-ship") == []


def test_PROJ_S1_PROJ_M1_unit_level_caps() -> None:
    assert unit_level_problem(START, "ship", 1) is None
    assert unit_level_problem(START, "ship", 2) == "a level 2 ship needs Ship Construction 2 (you have 1)"
    assert unit_level_problem(START, "detachment", 2) is not None


def test_TECH_04_science_points_in_three_fields() -> None:
    sp = SciencePoints().add("xenology", 7)
    assert (sp.physics, sp.engineering, sp.xenology) == (0, 0, 7)
    with pytest.raises(ValueError, match="not enough"):
        sp.add("physics", -1)
