"""Districts and the economy (inventory 2.2, 2.3, 2.4, 2.14 logistics; S3.2 Mars example)."""

from __future__ import annotations

import pytest

from starlanes.games.star_kingdoms.economy import (
    Districts,
    ERSources,
    PlanetEconomy,
    TradeBranch,
    district_build_problem,
    economy_rating,
    effective_pc,
    host_trade_power,
    income,
    logistics_capacity,
    logistics_use,
    office_build_problem,
    planet_pe,
    round_ratio,
    starting_districts_problem,
)
from starlanes.games.star_kingdoms.spec import StarKingdomsParams

P = StarKingdomsParams()
MARS = Districts(industrial=2, shipyard=2, military=1, academic=1)


def test_ECO_01_ECO_02_ECO_03_mars_worked_example() -> None:
    pe = planet_pe(PlanetEconomy(districts=MARS, mineral_rating=5), P)
    assert (pe.districts, pe.minerals, pe.total) == (24, 10, 34)


def test_ECO_03_industrial_levels_add_mineral_rating() -> None:
    base = planet_pe(PlanetEconomy(districts=Districts(industrial=1), mineral_rating=4), P).total
    more = planet_pe(PlanetEconomy(districts=Districts(industrial=3), mineral_rating=4), P).total
    assert more - base == 2 * 4 + 2 * 4


def test_ECO_02_ruling_3_param_counts_districts_instead_of_levels() -> None:
    params = P.replace(pe_per_district_not_level=True)
    assert planet_pe(PlanetEconomy(districts=MARS, mineral_rating=5), params).districts == 16


def test_ECO_06_trade_offices_and_branches() -> None:
    branches = [TradeBranch(power=3, site="planet"), TradeBranch(power=2, site="black-market"),
                TradeBranch(power=4, site="planet", suppressed=True)]
    assert host_trade_power(branches, P) == 3
    pe = planet_pe(PlanetEconomy(districts=MARS, mineral_rating=5, trade_office_power=2, foreign_trade_power=3), P)
    assert pe.total == 34 + 2 + 3
    er = economy_rating(ERSources(planet_pe=(10,), trade_branches=(
        TradeBranch(power=3, site="planet"), TradeBranch(power=2, site="black-market"),
        TradeBranch(power=5, site="outpost"))), P)
    assert (er.trade_branches, er.outposts, er.total) == (5, 2, 17)


def test_ECO_07_devastation_and_ECO_08_blockade_rounded_up() -> None:
    pe = planet_pe(PlanetEconomy(districts=MARS, mineral_rating=5, devastation=2, blockade=3), P)
    assert pe.before_blockade == 30 and pe.total == 21  # 30 x 0.7 = 21
    odd = planet_pe(PlanetEconomy(districts=MARS, mineral_rating=5, blockade=1), P)
    assert odd.total == 31  # 34 x 0.9 = 30.6 -> 31 (ruling 4)
    assert planet_pe(PlanetEconomy(districts=MARS, mineral_rating=5, blockade=10), P).total == 0
    assert planet_pe(PlanetEconomy(districts=MARS, mineral_rating=5, devastation=40), P).total == 0


def test_ECO_08_TRD_02_BLK_04_blockaded_host_gives_others_no_trade() -> None:
    er = economy_rating(ERSources(planet_pe=(0,), trade_branches=(TradeBranch(power=3, site="planet",
                                                                             host_blockade=1),)), P)
    assert er.trade_branches == 0


def test_ECO_09_mining_facilities_and_strip_mines() -> None:
    er = economy_rating(ERSources(planet_pe=(10,), mining_facilities=(2, 3), strip_mines=(4,)), P)
    assert (er.mining, er.strip_mines, er.total) == (5, 12, 27)


def test_ECO_04_ECO_05_ECO_10_LOG_03_logistics_deficit_and_income() -> None:
    use = logistics_use((15, 0), [1, 1, 1, 1, 2, 2, 2, 3], [], P)
    assert use.flp_used == 19 and use.deficit == 4
    er = economy_rating(ERSources(planet_pe=(34, 12), logistics_deficit=use.deficit), P)
    assert er.total == 42 and income(er.total, P) == 420


def test_ECO_11_ruling_5_er_never_negative() -> None:
    assert economy_rating(ERSources(planet_pe=(3,), logistics_deficit=10), P).total == 0
    assert economy_rating(ERSources(planet_pe=(3,), logistics_deficit=10), P.replace(er_floor_zero=False)).total == -7


def test_LOG_01_DIST_04_capacity_from_districts_and_logistics_techs() -> None:
    assert logistics_capacity(3, 2, 2, naval_logistics=False, army_logistics=False, params=P) == (15, 10)
    assert logistics_capacity(3, 2, 2, naval_logistics=True, army_logistics=True, params=P) == (25, 20)


def test_LOG_02_unit_costs_by_level() -> None:
    assert logistics_use((0, 0), [1, 2, 3, 4, 5], [5], P).flp_used == 35


def test_TURN_04_rounding_up_by_default_half_up_by_param() -> None:
    assert round_ratio(25, 4, P) == 7  # 6.25 -> 7 (Amb#5 example)
    assert round_ratio(25, 4, P.replace(round_up=False)) == 6


def test_DIST_01_districts_and_CIV_06_starting_districts() -> None:
    assert MARS.total() == 6 and MARS.raised("academic").academic == 2
    assert starting_districts_problem(Districts(industrial=2, academic=2, shipyard=1, military=1)) is None
    assert starting_districts_problem(Districts(industrial=1, academic=2, shipyard=2, military=1)) is not None


@pytest.mark.parametrize(("biosphere", "home", "techs", "expected"), [
    ("temperate", True, (), 3),  # native homeworld: +1
    ("temperate", False, (), 2),
    ("arctic", False, (), 1),  # non-native -1
    ("desolate", False, (), 0),  # desolate -2 instead
    ("arctic", False, ("construction-techniques-arctic",), 2),
    ("desolate", False, ("construction-techniques-desolate",), 2),
    ("temperate", False, ("construction-techniques-temperate",), 3),  # ruling 13: applies on native worlds too
])
def test_PROJ_I1_effective_planetary_construction(biosphere: str, home: bool, techs: tuple[str, ...],
                                                  expected: int) -> None:
    assert effective_pc(2, biosphere, "temperate", homeworld=home, techs=techs, params=P) == expected  # type: ignore[arg-type]


def test_PROJ_I1_PROJ_I2_district_and_office_caps() -> None:
    assert district_build_problem(MARS, "academic", 2) is None
    assert "effective Planetary Construction 3" in (district_build_problem(MARS, "industrial", 2) or "")
    assert office_build_problem(1, 2) is None and office_build_problem(2, 2) is not None
