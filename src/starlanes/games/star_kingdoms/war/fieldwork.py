"""Unit actions as pure functions: contested status, construction and colonisation, anomaly
studies, decommissioning, salvage and scavenging, towing (rules v2.6.8 S12-S13, App A;
inventory 2.15 CONT-*, 2.16 CONS-*, COL-*, ANOM-*, DECOM-*, SALV-*, TOW-*).

The pipeline (part 2) decides which units work on what; these functions give the numbers::

    >>> construction_turns([2], rating=4)          # S13.3 example: one L2 gear against CR 4
    2
    >>> study_turns([2, 2, 2], rating=11)          # S13.5 example: three L2 sensors against 11
    2
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from starlanes.core.errors import IllegalAction
from starlanes.games.star_kingdoms.catalogue import Catalogue
from starlanes.games.star_kingdoms.war.units import UnitLike, unit_kind, unit_stats

__all__ = [
    "Presence",
    "Progress",
    "colonisation_rating",
    "construction_cost",
    "construction_step",
    "construction_turns",
    "decommission_value",
    "salvage_income",
    "salvage_rig_tug_power",
    "study_step",
    "study_turns",
    "tow_problem",
    "uncontested",
    "work_modules",
]


@dataclass(frozen=True)
class Presence:
    """A faction's units at one place (a system for space, a planet for the ground)."""

    faction: str
    armed: int
    """Armed units (Firepower from Ship or Infantry Weapons)."""
    unarmed: int
    avoiding: bool = False
    """It used its speed to avoid battle this turn: it cannot contest (CONT-04)."""
    defences_only: bool = False
    """Only planetary defences: they never contest (CONT-04, PDEF-02)."""


def uncontested(faction: str, present: Iterable[Presence]) -> bool:
    """Uncontested when no other faction has units there (CONT-01), or when every foreign unit
    is unarmed and the faction has an armed unit there (CONT-02).  Foreign units that avoided
    battle or are only planetary defences do not contest (CONT-04).  Otherwise the place is
    *potentially contested*: relationships decide (CONT-03, the pipeline's engagement step)."""
    mine = [p for p in present if p.faction == faction]
    foreign = [p for p in present if p.faction != faction and not p.avoiding and not p.defences_only
               and p.armed + p.unarmed > 0]
    if not foreign:
        return True
    return all(p.armed == 0 for p in foreign) and any(p.armed > 0 for p in mine)


def work_modules(cat: Catalogue, units: Iterable[UnitLike], kind: str) -> list[int]:
    """The TL of every module that works on a ``kind`` of action, pooled over a faction's units
    (CONS-05): "space-construction" (Space Construction Gear), "ground-construction"
    (Engineering Corps), "space-study" (Deep Space Sensors), "ground-study" (Planetary Survey
    Corps).  Each module works at the TL it was built at (Amb#91, Amb#92)."""
    wanted = {"space-construction": ("space-construction-gear", "ship"),
              "ground-construction": ("engineering-corps", "detachment"),
              "space-study": ("deep-space-sensors", "ship"),
              "ground-study": ("planetary-survey-corps", "detachment")}
    if kind not in wanted:
        raise ValueError(f"unknown kind of work '{kind}'")
    module_id, unit_type = wanted[kind]
    tls: list[int] = []
    for unit in units:
        if unit_kind(cat, unit) != unit_type:
            continue
        for fit in unit.modules:
            if fit.module == module_id:
                tls.extend([fit.tl] * int(getattr(fit, "count", 1)))
    return tls


@dataclass(frozen=True)
class Progress:
    """Work done on one construction or study."""

    progress: int
    done: bool


def construction_cost(rating: int, per_point: int = 5) -> int:
    """Starting a construction costs 5 x its Construction Rating, paid up front (CONS-03)."""
    return per_point * rating


def construction_step(progress: int, module_tls: Sequence[int], rating: int) -> Progress:
    """One turn of construction: each working module adds its TL; done at the rating (CONS-02).
    Work may pause (no modules) and resume: progress is kept."""
    new = progress + sum(module_tls)
    return Progress(new, new >= rating)


def construction_turns(module_tls: Sequence[int], rating: int) -> int:
    """Turns of work a construction needs with these modules (0 modules: never -> raises)."""
    per_turn = sum(module_tls)
    if per_turn <= 0:
        raise IllegalAction("construct", "no unit here has the modules for this construction")
    return math.ceil(rating / per_turn)


def study_step(progress: int, module_tls: Sequence[int], rating: int) -> Progress:
    """One turn of an anomaly study: each relevant module adds its Sensors level (ANOM-02)."""
    return construction_step(progress, module_tls, rating)


def study_turns(module_tls: Sequence[int], rating: int) -> int:
    per_turn = sum(module_tls)
    if per_turn <= 0:
        raise IllegalAction("study", "no unit here has the sensors to study this anomaly")
    return math.ceil(rating / per_turn)


def colonisation_rating(base: int, *, native: bool, desolate: bool = False, climate_control: bool = False,
                        habitation_domes: bool = False) -> int:
    """The CR of colonising a planet (COL-03): a biosphere other than the native one +100%
    (+50% with Climate Control); a Desolate world +300% instead (+150% with Habitation Domes);
    rounded up."""
    if desolate:
        extra = 150 if habitation_domes else 300
    elif not native:
        extra = 50 if climate_control else 100
    else:
        extra = 0
    return math.ceil(base * (100 + extra) / 100)


def decommission_value(level: int, tech_level: int) -> int:
    """Scrapping a ship at a controlled Shipyard (10 x level x Ship Construction TL, DECOM-01), or a
    detachment at a controlled Military district (10 x level x Military Theory TL, DECOM-02)."""
    return 10 * level * tech_level


def salvage_income(module_tls: Sequence[int], wrecks: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """Salvage Rigs (wrecked ships) or Scavengers (destroyed detachments): each module works one
    wreck a turn for 10 x wreck level x its TL credits, and that wreck is gone (SALV-01, SALV-02,
    Amb#102).  The biggest wrecks go to the best modules.  Returns the credits and the levels of
    the wrecks left."""
    tls = sorted(module_tls, reverse=True)
    left = sorted(wrecks, reverse=True)
    credits = 0
    for tl in tls:
        if not left:
            break
        credits += 10 * left.pop(0) * tl
    return credits, tuple(left)


def salvage_rig_tug_power(speed: int) -> int:
    """A ship with a Salvage Rig tows at Speed 1; half its spare speed is Tug Power (TOW-01,
    Amb#103: ceil((Speed - 1) / 2))."""
    return max(0, math.ceil((speed - 1) / 2))


def tow_problem(cat: Catalogue, tugs: Sequence[UnitLike], target: UnitLike) -> str | None:
    """Why ``tugs`` cannot tow ``target``, or None: their combined Tug Power (Towing Gear +TL
    each, plus a Salvage Rig ship's spare speed) must reach the target's level (TOW-02)."""
    if not tugs:
        return "no tug named"
    power = 0
    for tug in tugs:
        stats = unit_stats(cat, tug)
        power += stats.tug_power
        if stats.salvage_tls and unit_kind(cat, tug) == "ship":
            power += salvage_rig_tug_power(stats.speed)
    if power < target.level:
        return f"Tug Power {power} cannot tow a level {target.level} unit"
    return None
