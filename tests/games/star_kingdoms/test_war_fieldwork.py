"""Unit actions' numbers (inventory 2.15 CONT-*, 2.16 CONS-*, COL-*, ANOM-*, DECOM-*, SALV-*, TOW-*)."""

from __future__ import annotations

import pytest

from starlanes.core.errors import IllegalAction
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.tech import TechState
from starlanes.games.star_kingdoms.war.fieldwork import (
    Presence,
    colonisation_rating,
    construction_cost,
    construction_step,
    construction_turns,
    decommission_value,
    salvage_income,
    salvage_rig_tug_power,
    study_step,
    study_turns,
    tow_problem,
    uncontested,
    work_modules,
)
from starlanes.games.star_kingdoms.war.units import design_unit

CAT = load_catalogue()


def tech(level: int, *known: str) -> TechState:
    return TechState(levels={t.id: level for t in CAT.core_techs()}, known=frozenset(known))


def test_CONT_01_alone_is_uncontested() -> None:
    assert uncontested("a", [Presence("a", armed=0, unarmed=1)])


def test_CONT_02_armed_against_only_unarmed_foreigners() -> None:
    assert uncontested("a", [Presence("a", 1, 0), Presence("b", 0, 3)])
    assert not uncontested("a", [Presence("a", 0, 2), Presence("b", 0, 1)])
    assert not uncontested("a", [Presence("a", 5, 0), Presence("b", 1, 0)])  # CONT-03: potentially contested


def test_CONT_04_avoiders_and_defences_do_not_contest() -> None:
    assert uncontested("a", [Presence("a", 0, 1), Presence("b", 4, 0, avoiding=True)])
    assert uncontested("a", [Presence("a", 0, 1), Presence("b", 2, 0, defences_only=True)])


def test_CONS_06_the_construction_worked_example() -> None:
    """S13.3: one L2 Space Construction Gear against CR 4 (the 'Deep Space Sensor', Amb#90): turns 2 and 3."""
    step = construction_step(0, [2], 4)
    assert step == construction_step(0, [2], 4) and not step.done and step.progress == 2
    assert construction_step(step.progress, [2], 4).done
    assert construction_turns([2], 4) == 2


def test_CONS_02_work_pauses_and_resumes_and_CONS_05_units_pool() -> None:
    paused = construction_step(3, [], 10)
    assert paused.progress == 3 and not paused.done
    ships = [design_unit(CAT, tech(2), "constructor", unit_id=f"c{i}") for i in range(2)]
    tls = work_modules(CAT, ships, "space-construction")
    assert tls == [2, 2, 2, 2]  # two gear modules each, at the TL they were built at (Amb#91)
    assert construction_turns(tls, 20) == 3
    with pytest.raises(IllegalAction, match="no unit here"):
        construction_turns(work_modules(CAT, ships, "ground-construction"), 5)


def test_CONS_03_starting_costs_five_times_the_rating() -> None:
    assert construction_cost(10) == 50


def test_COL_03_colonisation_rating_modifiers() -> None:
    assert colonisation_rating(10, native=True) == 10
    assert colonisation_rating(10, native=False) == 20
    assert colonisation_rating(10, native=False, climate_control=True) == 15
    assert colonisation_rating(10, native=False, desolate=True) == 40
    assert colonisation_rating(10, native=False, desolate=True, habitation_domes=True) == 25
    assert colonisation_rating(7, native=False, climate_control=True) == 11  # 10.5 rounds up (S1.3)


def test_ANOM_02_the_study_worked_example() -> None:
    """S13.5: three level-2 sensor modules give 6 a turn; rating 11 takes two turns."""
    probe = design_unit(CAT, tech(2), "survey-probe", flexible={"deep-space-sensors": 1})
    one = design_unit(CAT, tech(2), "survey-probe", unit_id="p2")
    tls = work_modules(CAT, [probe, one], "space-study")
    assert tls == [2, 2, 2] and study_turns(tls, 11) == 2
    first = study_step(0, tls, 11)
    assert (first.progress, first.done) == (6, False) and study_step(6, tls, 11).done


def test_ANOM_01_planetary_anomalies_need_survey_corps() -> None:
    team = design_unit(CAT, tech(1), "survey-team")
    probe = design_unit(CAT, tech(1), "survey-probe")
    assert work_modules(CAT, [team, probe], "ground-study") == [1, 1]
    assert work_modules(CAT, [team], "space-study") == []


def test_DECOM_01_DECOM_02_scrap_values() -> None:
    assert decommission_value(3, 2) == 60  # an L3 ship at Ship Construction 2
    assert decommission_value(2, 4) == 80  # an L2 detachment at Military Theory 4


def test_SALV_01_SALV_02_one_wreck_per_module_per_turn() -> None:
    credits, left = salvage_income([2, 1], [3, 1, 4])
    assert credits == 10 * 4 * 2 + 10 * 3 * 1 and left == (1,)
    assert salvage_income([], [2]) == (0, (2,))


def test_TOW_01_TOW_02_tug_power() -> None:
    assert salvage_rig_tug_power(5) == 2 and salvage_rig_tug_power(1) == 0
    t = tech(3, "starship-towing")
    tug = design_unit(CAT, t, "heavy-freighter", flexible={"towing-gear": 1}, check_access=False)
    target = design_unit(CAT, t, "heavy-cruiser")
    assert tow_problem(CAT, [tug], target) is None  # Tug Power 3 >= level 3
    assert "cannot tow" in (tow_problem(CAT, [tug], design_unit(CAT, tech(4), "battlecruiser")) or "")
    assert tow_problem(CAT, [], target) == "no tug named"
