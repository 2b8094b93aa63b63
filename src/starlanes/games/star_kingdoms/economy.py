"""The economy as pure functions: districts, Planetary Economy, Economy Rating, income, logistics.

Rules v2.6.8 S2, S3, S8.5, S12, S17 (inventory 2.2, 2.3, 2.4, 2.14).  Every function takes small
frozen records and the params, and returns a breakdown record the feedback sheet can print line by
line.  Order and rounding of the PE modifiers follow ruling 4 (Amb#7)::

    PE = 4 x district levels + MR x Industrial + Trade office Power + foreign Trade branch Power
         - 2 x Devastation, floored at 0; then x (1 - 10% x Blockade), rounded up; floored at 0
    ER = sum of PE + own Trade branches abroad + outpost Trade branches + mining facilities
         + strip mines + other bonuses - logistics deficit, floored at 0 (ruling 5)
    income = 10 x ER

>>> mars = PlanetEconomy(districts=Districts(industrial=2, academic=1, shipyard=2, military=1), mineral_rating=5)
>>> planet_pe(mars, StarKingdomsParams()).total
34
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Literal

import msgspec

from starlanes.games.star_kingdoms.catalogue import DISTRICTS, District
from starlanes.games.star_kingdoms.galaxy import Biosphere
from starlanes.games.star_kingdoms.spec import StarKingdomsParams

__all__ = [
    "CONSTRUCTION_TECHNIQUES",
    "Districts",
    "ERBreakdown",
    "ERSources",
    "LogisticsBreakdown",
    "PEBreakdown",
    "PlanetEconomy",
    "TradeBranch",
    "district_build_problem",
    "economy_rating",
    "effective_pc",
    "host_trade_power",
    "income",
    "logistics_capacity",
    "logistics_use",
    "office_build_problem",
    "planet_pe",
    "round_ratio",
    "starting_districts_problem",
]

CONSTRUCTION_TECHNIQUES: dict[str, tuple[str, int]] = {
    "arctic": ("construction-techniques-arctic", 1),
    "temperate": ("construction-techniques-temperate", 1),
    "desert": ("construction-techniques-desert", 1),
    "desolate": ("construction-techniques-desolate", 2),
}
"""Biosphere -> (tech, effective PC bonus) (TECH-S04..S07)."""


def round_ratio(numerator: int, denominator: int, params: StarKingdomsParams) -> int:
    """``numerator / denominator`` rounded as the rules say: up (S1.3, ruling 1), or half up."""
    if denominator <= 0:
        raise ValueError("denominator must be positive")
    if params.round_up:
        return -((-numerator) // denominator)
    return (2 * numerator + denominator) // (2 * denominator)


class Districts(msgspec.Struct, frozen=True, kw_only=True):
    """The four basic district levels of a planet (DIST-01; ruling 2: one district of each type)."""

    industrial: int = 0
    academic: int = 0
    shipyard: int = 0
    military: int = 0

    def level(self, district: District) -> int:
        value: int = getattr(self, district)
        return value

    def total(self) -> int:
        return self.industrial + self.academic + self.shipyard + self.military

    def built(self) -> int:
        """Districts of level 1 or more."""
        return sum(1 for d in DISTRICTS if self.level(d) > 0)

    def raised(self, district: District, by: int = 1) -> Districts:
        return msgspec.structs.replace(self, **{district: self.level(district) + by})


class PlanetEconomy(msgspec.Struct, frozen=True, kw_only=True):
    """What a planet's PE depends on."""

    districts: Districts
    mineral_rating: int
    trade_office_power: int = 0
    """Sum of the Power of the owner's Trade organisations with an office here (ECO-06)."""
    foreign_trade_power: int = 0
    """Sum of the Power of other factions' Trade branches here, from :func:`host_trade_power`."""
    devastation: int = 0
    blockade: int = 0


class PEBreakdown(msgspec.Struct, frozen=True, kw_only=True):
    districts: int
    minerals: int
    trade_offices: int
    trade_branches: int
    devastation: int
    """The loss (a number of 0 or more)."""
    before_blockade: int
    blockade_loss: int
    total: int


def planet_pe(planet: PlanetEconomy, params: StarKingdomsParams) -> PEBreakdown:
    """Planetary Economy of one planet (ECO-01..03, ECO-06..08, ruling 4)."""
    counted = planet.districts.built() if params.pe_per_district_not_level else planet.districts.total()
    districts = params.pe_per_district_level * counted
    minerals = planet.mineral_rating * planet.districts.industrial
    devastation = params.devastation_pe_penalty * planet.devastation
    before = districts + minerals + planet.trade_office_power + planet.foreign_trade_power - devastation
    if params.pe_floor_zero:
        before = max(0, before)
    kept = max(0, 100 - params.blockade_pe_percent * planet.blockade)
    after = round_ratio(before * kept, 100, params) if planet.blockade else before
    if params.pe_floor_zero:
        after = max(0, after)
    return PEBreakdown(
        districts=districts,
        minerals=minerals,
        trade_offices=planet.trade_office_power,
        trade_branches=planet.foreign_trade_power,
        devastation=devastation,
        before_blockade=before,
        blockade_loss=before - after,
        total=after,
    )


class TradeBranch(msgspec.Struct, frozen=True, kw_only=True):
    """A branch of a Trade organisation (ECO-06, ORG-14, Amb#37)."""

    power: int
    """Power of its organisation (its number of offices)."""
    site: Literal["planet", "outpost", "black-market"]
    suppressed: bool = False
    host_blockade: int = 0
    """Blockade rating of the host planet (a blockaded planet gives others no trade benefit, BLK-04)."""


def host_trade_power(branches: Iterable[TradeBranch], params: StarKingdomsParams) -> int:
    """PE a planet gains from foreign Trade branches on it (black markets give the host nothing)."""
    total = 0
    for b in branches:
        if b.site != "planet" or b.suppressed:
            continue
        if b.host_blockade and params.blockade_cuts_host_pe_trade:
            continue
        total += b.power
    return total


class ERSources(msgspec.Struct, frozen=True, kw_only=True):
    """What a faction's Economy Rating is made of, besides its planets."""

    planet_pe: tuple[int, ...]
    trade_branches: tuple[TradeBranch, ...] = ()
    """The faction's own Trade branches on alien planets and outposts."""
    mining_facilities: tuple[int, ...] = ()
    """Mineral Rating of the belt of each Asteroid Mining Facility owned (ECO-09)."""
    strip_mines: tuple[int, ...] = ()
    """Mineral Rating of the world of each Strip Mine owned (ECO-09)."""
    other: int = 0
    """Bonuses the GM or a trait adds."""
    logistics_deficit: int = 0


class ERBreakdown(msgspec.Struct, frozen=True, kw_only=True):
    planets: int
    trade_branches: int
    outposts: int
    mining: int
    strip_mines: int
    other: int
    logistics_deficit: int
    total: int


def economy_rating(sources: ERSources, params: StarKingdomsParams) -> ERBreakdown:
    """Economy Rating (ECO-04, ECO-06, ECO-09, ECO-10, TRD-02; ruling 5)."""
    planets = sum(sources.planet_pe)
    abroad = outposts = 0
    for b in sources.trade_branches:
        if b.suppressed:
            continue
        if b.site == "outpost":
            outposts += params.outpost_trade_er
        elif not b.host_blockade:
            abroad += b.power
    mining = sum(sources.mining_facilities)
    strip = params.strip_mine_mr_mult * sum(sources.strip_mines)
    total = planets + abroad + outposts + mining + strip + sources.other - sources.logistics_deficit
    if params.er_floor_zero:
        total = max(0, total)
    return ERBreakdown(planets=planets, trade_branches=abroad, outposts=outposts, mining=mining, strip_mines=strip,
                       other=sources.other, logistics_deficit=sources.logistics_deficit, total=total)


def income(er: int, params: StarKingdomsParams) -> int:
    """Credits gained at step 2 (ECO-05)."""
    return params.income_per_er * er


class LogisticsBreakdown(msgspec.Struct, frozen=True, kw_only=True):
    flp_capacity: int
    flp_used: int
    alp_capacity: int
    alp_used: int

    @property
    def deficit(self) -> int:
        """ER lost: each point short in either pool costs 1 (LOG-03)."""
        return max(0, self.flp_used - self.flp_capacity) + max(0, self.alp_used - self.alp_capacity)


def logistics_capacity(shipyard_levels: int, military_levels: int, military_theory: int, *,
                       naval_logistics: bool, army_logistics: bool, params: StarKingdomsParams) -> tuple[int, int]:
    """(FLP, ALP) from the faction's Shipyard and Military district levels (LOG-01, TECH-S19/S20)."""
    per = params.logistics_per_district_level
    flp = per * shipyard_levels + (5 * military_theory if naval_logistics else 0)
    alp = per * military_levels + (5 * military_theory if army_logistics else 0)
    return flp, alp


def logistics_use(capacity: tuple[int, int], ship_levels: Iterable[int], detachment_levels: Iterable[int],
                  params: StarKingdomsParams) -> LogisticsBreakdown:
    """Logistics drawn by units of the given levels (LOG-02) against the capacity."""
    costs = params.unit_logistics

    def cost(level: int) -> int:
        return costs[min(max(level, 1), len(costs)) - 1]

    return LogisticsBreakdown(flp_capacity=capacity[0], flp_used=sum(cost(lv) for lv in ship_levels),
                              alp_capacity=capacity[1], alp_used=sum(cost(lv) for lv in detachment_levels))


def effective_pc(pc_level: int, biosphere: Biosphere, native: Biosphere, *, homeworld: bool,
                 techs: Iterable[str], params: StarKingdomsParams) -> int:
    """Planetary Construction as it counts for building on a planet (PROJ-I1, PROJ-I2, TECH-S04..S07).

    Non-native biosphere -1, Desolate -2 instead, homeworld +1; Construction Techniques for the
    planet's biosphere add their bonus whatever the native biosphere (ruling 13)."""
    level = pc_level
    if biosphere == "desolate":
        level -= params.desolate_pc_penalty
    elif biosphere != native:
        level -= params.nonnative_pc_penalty
    if homeworld:
        level += params.homeworld_pc_bonus
    bonus = CONSTRUCTION_TECHNIQUES.get(biosphere)
    if bonus is not None and bonus[0] in set(techs):
        level += bonus[1]
    return level


def district_build_problem(districts: Districts, district: District, effective: int) -> str | None:
    """Why Construct District cannot start (the new level is above the effective PC), or None."""
    new_level = districts.level(district) + 1
    if new_level > effective:
        return (f"a level {new_level} {district} district needs effective Planetary Construction {new_level} "
                f"(this planet: {effective})")
    return None


def office_build_problem(offices: int, effective: int) -> str | None:
    """Why Construct Office cannot start (offices would exceed the effective PC), or None."""
    if offices + 1 > effective:
        return f"a planet may hold {max(effective, 0)} office(s) at effective Planetary Construction {effective}"
    return None


def starting_districts_problem(districts: Districts) -> str | None:
    """CIV-06: Industrial at 2, one other district at 2, the other two at 1."""
    others = sorted(districts.level(d) for d in DISTRICTS if d != "industrial")
    if districts.industrial != 2 or others != [1, 1, 2]:
        return "a new homeworld has Industrial 2, one other district at 2 and the other two at 1"
    return None
