"""Resources and prices: 4-for-1 exchange (K-R02), fleet and colony prices (A#1, K-C01, K-C02)."""

from __future__ import annotations

import pytest

from starlanes.games.kardashev.costs import Cost, Resources, can_afford, colony_cost, fleet_cost, fleet_upgrade_cost
from starlanes.games.kardashev.spec import KardashevParams


def test_K_R02_four_of_one_type_stand_in_for_one_of_another() -> None:
    assert can_afford(Resources(food=4), Cost(matter=1))
    assert not can_afford(Resources(food=3), Cost(matter=1))
    assert can_afford(Resources(food=5, matter=0, energy=0), Cost(food=1, matter=1))
    assert not can_afford(Resources(food=4, matter=0), Cost(food=1, matter=1))  # the 4 are needed once
    assert can_afford(Resources(food=8), Cost(matter=1, energy=1))
    assert can_afford(Resources(food=3, energy=4), Cost(food=1, matter=1, any=2))
    assert not can_afford(Resources(food=3, energy=4), Cost(food=1, matter=1, any=3))


def test_K_R02_exchange_rate_is_a_param() -> None:
    rate = KardashevParams(exchange_rate=3).exchange_rate
    assert can_afford(Resources(food=3), Cost(energy=1), rate)
    assert not can_afford(Resources(food=3), Cost(energy=1))


def test_A30_matching_part_is_any_one_type() -> None:
    encryption = Cost(matching=2)
    assert can_afford(Resources(food=1, matter=2), encryption)
    assert not can_afford(Resources(food=1, matter=1, energy=1), encryption)
    assert can_afford(Resources(food=1, matter=4), encryption)  # 1 food + 4 matter as the second food


def test_K_F01_A1_fleet_price_per_level_and_upgrade() -> None:
    assert fleet_cost(1) == Cost(matter=1, energy=1)
    assert fleet_cost(3) == Cost(matter=3, energy=3)
    assert fleet_upgrade_cost() == Cost(matter=1, energy=1)
    price = KardashevParams(fleet_energy_per_level=2).fleet_level_price
    assert fleet_cost(2, price) == Cost(matter=2, energy=4)
    with pytest.raises(ValueError, match=r"1\.\.3"):
        fleet_cost(0)


def test_K_C01_K_C02_colony_price() -> None:
    assert colony_cost() == Cost(food=1, matter=1)


def test_K_Q04_A31_named_types_of_a_price() -> None:
    assert Cost(food=1, matter=1, energy=1, any=3).named_types == ("food", "matter", "energy")
    assert Cost(matching=2).named_types == ()
    assert Cost(matter=2, energy=2).describe() == "2 matter, 2 energy"
