"""Setup, production, upgrades, heroes and army purchase in play: RS-S03, RS-B01, RS-P01..P04,
RS-U01..U05, RS-H01..H07, RS-R01..R03 (and the worked cost examples of inventory 2.3)."""

from __future__ import annotations

import pytest
from tests.games.risky_stars.game_helpers import (
    GAME,
    at,
    board,
    empty_board,
    kinds,
    of_kind,
    put,
    sample_game,
    units,
)

from starlanes.core import Event
from starlanes.core.errors import IllegalAction
from starlanes.games.risky_stars.actions import Buy, Hero, Place, Upgrade
from starlanes.games.risky_stars.economy import affordable_units, body_yield, income, rate
from starlanes.games.risky_stars.spec import RiskyStarsParams
from starlanes.games.risky_stars.state import RiskyStarsState

P = RiskyStarsParams()


def body(state: RiskyStarsState, name: str) -> int:
    return board(state).body_index[name]


def end_round_to_seat_0(state: RiskyStarsState) -> list[Event]:
    """Seat 1 ends its turn (the last of the round): seat 0's turn begins."""
    state.current = 1
    put(state, 1, "b5-1", 1)
    return GAME.apply(state, 1, "end")


def test_RS_S03_A9_start_home_gaia_five_units_each_and_500_of_everything() -> None:
    state = GAME.setup({"map": sample_game().params.map}, 2, 5)
    other = 1 - state.first  # the first player has produced already
    b = board(state)
    home = [s for s in state.star_map.systems if s.kind == "home"][other]
    gaia = home.start_planet
    assert gaia is not None
    for region in gaia.regions:
        assert state.owner[b.index[region.id]] == other and state.units[other][b.index[region.id]] == 5
    assert sum(1 for o in state.owner if o == other) == len(gaia.regions)
    assert state.stock[other] == [500, 500, 500]
    assert all(o == -1 for i, o in enumerate(state.owner) if i >= b.n_regions)  # mouths unowned (A#28)
    assert [len(r) for r in state.reserve] == [1, 1]  # one hero each (A#7)


def test_RS_S01_seats_start_in_their_own_home_systems() -> None:
    state = GAME.setup(None, 4, 9)
    assert state.homes == ["h1", "h2", "h3", "h4"]
    b = board(state)
    for seat, home in enumerate(state.homes):
        mine = {b.system_ids[b.system_of[i]] for i, o in enumerate(state.owner) if o == seat}
        assert mine == {home}


def test_RS_P01_RS_B01_production_at_the_start_of_the_turn_by_body_resource() -> None:
    state = empty_board(sample_game())
    for name in ("b1-1", "b1-2", "b2-1", "b3-1"):  # two Gaia regions, a gas giant, a planetoid
        put(state, 0, name, 1)
    events = end_round_to_seat_0(state)
    assert state.current == 0
    assert state.stock[0] == [200, 100, 100]
    produced = of_kind(events, "produced")
    assert produced and produced[0].fields == {"seat": 0, "population": 200, "metals": 100, "fuel": 100}


def test_RS_B02_comets_and_gas_giants_give_fuel_planetoids_metals_rocky_population() -> None:
    state = empty_board(sample_game())
    for name in ("b6-1", "b2-1", "b3-1", "b14-1", "b4-1"):  # comet, gas giant, planetoid, Ocean, Barren
        put(state, 0, name, 1)
    b = board(state)
    assert income(b, P, state.owner, state.level, state.heroes, state.hero_class, 0) == [200, 100, 200]


def test_RS_P02_yield_per_region_by_upgrade_level() -> None:
    assert [rate(P, level) for level in range(4)] == [100, 110, 150, 200]
    state = empty_board(sample_game())
    for name in ("b1-1", "b1-2", "b1-3", "b1-4"):
        put(state, 0, name, 1)
    state.level[body(state, "b1")] = 2
    b = board(state)
    assert income(b, P, state.owner, state.level, state.heroes, state.hero_class, 0) == [600, 0, 0]


def test_RS_P03_RS_H02_RS_H03_RS_H04_hero_yields() -> None:
    assert body_yield(P, 2, 0, [1]) == 300  # class I: + 100
    assert body_yield(P, 2, 0, [2]) == 250  # class II: x 1.25
    assert body_yield(P, 2, 0, [3]) == 350  # class III: x 1.25 then + 100
    assert body_yield(P, 4, 1, [2, 3, 1]) == 687 + 200  # 440 x 1.5625 = 687.5, floor, then 2 x 100
    additive = P.replace(hero_stacking="additive")
    assert body_yield(additive, 4, 1, [2, 3, 1]) == 660 + 200
    assert body_yield(P.replace(hero_fixed_amount=40), 1, 0, [1]) == 140


def test_RS_H01_heroes_have_classes_and_the_deck_matches_the_param() -> None:
    state = sample_game()
    assert sorted(state.hero_class) == [1] * 12 + [2] * 12 + [3] * 6
    assert len(state.deck) + sum(len(r) for r in state.reserve) == 30


def test_RS_P04_A2_a_split_body_yields_base_to_each_possessor() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 1)
    put(state, 1, "b1-2", 1)
    state.level[body(state, "b1")] = 3  # cannot be on a split body; even so, ignored
    b = board(state)
    assert income(b, P, state.owner, state.level, state.heroes, state.hero_class, 0) == [100, 0, 0]
    assert income(b, P, state.owner, state.level, state.heroes, state.hero_class, 1) == [100, 0, 0]


def test_RS_U01_U02_U03_upgrade_pays_the_two_other_resources_step_by_step() -> None:
    state = empty_board(sample_game(), stock=(9000, 9000, 9000))
    put(state, 0, "b2-1", 1)  # gas giant: fuel; upgrades cost population and metals
    paid = []
    for level in (1, 2, 3):
        events = GAME.apply(state, 0, "upgrade b2")
        assert state.level[body(state, "b2")] == level
        paid.append(of_kind(events, "upgraded")[0].fields["paid"])
    assert paid == [[500, 500, 0], [2500, 2500, 0], [5000, 5000, 0]]
    assert state.stock[0] == [1000, 1000, 9000]  # cumulative 8,000 of each (inventory 2.3)
    refusal = GAME.why_not(state, 0, Upgrade("b2"))
    assert refusal is not None and "top upgrade level" in refusal


def test_RS_U03_inventory_cost_examples() -> None:
    state = empty_board(sample_game(), stock=(0, 500, 500))
    for name in ("b1-1", "b1-2", "b1-3", "b1-4"):
        put(state, 0, name, 1)
    GAME.apply(state, 0, "upgrade b1")  # Gaia L1 = 500 M + 500 F
    assert state.stock[0] == [0, 0, 0]
    state.stock[0] = [500, 0, 500]
    put(state, 0, "b3-1", 1)  # planetoid L1 = 500 P + 500 F
    GAME.apply(state, 0, "upgrade b3")
    assert state.stock[0] == [0, 0, 0]


def test_RS_U02_an_unaffordable_upgrade_is_refused_with_the_price() -> None:
    state = empty_board(sample_game(), stock=(499, 500, 500))
    put(state, 0, "b2-1", 1)
    assert GAME.why_not(state, 0, Upgrade("b2")) == "level 1 of b2 costs 500 population; you have 499"
    assert Upgrade("b2") not in GAME.legal_actions(state, 0)


def test_RS_U05_only_the_possessor_of_every_region_upgrades() -> None:
    state = empty_board(sample_game(), stock=(5000, 5000, 5000))
    put(state, 0, "b1-1", 1)
    put(state, 0, "b1-2", 1)
    refusal = GAME.why_not(state, 0, Upgrade("b1"))
    assert refusal is not None and "every region of b1" in refusal
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "upgrade b1")


def test_RS_U04_a_body_no_longer_wholly_possessed_loses_its_level() -> None:
    from starlanes.games.risky_stars.rules.common import set_owner

    state = empty_board(sample_game())
    put(state, 0, "b4-1", 1)
    put(state, 0, "b4-2", 1)
    state.level[body(state, "b4")] = 1
    events = set_owner(state, at(state, "b4-2"), -1)
    assert state.level[body(state, "b4")] == 0 and kinds(events) == ["upgrade-lost"]


def test_RS_H05_hero_cap_three_and_never_more_than_regions() -> None:
    state = empty_board(sample_game())
    for name in ("b1-1", "b1-2", "b1-3", "b1-4", "b2-1"):
        put(state, 0, name, 1)
    state.reserve[0] = [0, 1, 2, 3, 4]
    GAME.apply(state, 0, "hero h1 b2")
    refusal = GAME.why_not(state, 0, Hero("h2", "b2"))
    assert refusal is not None and "its most (1)" in refusal
    for h in ("h2", "h3", "h4"):
        GAME.apply(state, 0, f"hero {h} b1")
    refusal = GAME.why_not(state, 0, Hero("h5", "b1"))
    assert refusal is not None and "its most (3)" in refusal
    assert not any(isinstance(a, Hero) for a in GAME.legal_actions(state, 0))


def test_RS_H05_inventory_cap_examples_barren_two_gaia_of_two_continents_two() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b4-1", 1)
    put(state, 0, "b4-2", 1)
    state.reserve[0] = [0, 1, 2]
    GAME.apply(state, 0, "hero h1 b4")
    GAME.apply(state, 0, "hero h2 b4")
    refusal = GAME.why_not(state, 0, Hero("h3", "b4"))
    assert refusal is not None and "its most (2)" in refusal


def test_RS_H01_a_hero_goes_from_the_reserve_to_a_wholly_possessed_body() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b2-1", 1)
    put(state, 0, "b1-1", 1)
    state.reserve[0] = [7]
    assert GAME.why_not(state, 0, Hero("h9", "b2")) == "hero 'h9' is not in your reserve (yours: h8)"
    refusal = GAME.why_not(state, 0, Hero("h8", "b1"))
    assert refusal is not None and "wholly possess" in refusal
    events = GAME.apply(state, 0, "hero h8 b2")
    assert state.heroes[body(state, "b2")] == [7] and state.reserve[0] == []
    assert events[0].reveals  # the hero was hidden in the reserve


def test_RS_H07_A7_a_hero_is_drawn_every_fifth_round() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 1)
    state.round = 4
    deck = len(state.deck)
    events = end_round_to_seat_0(state)
    assert state.round == 5 and len(state.reserve[0]) == 1 and len(state.deck) == deck - 1
    drawn = of_kind(events, "hero-drawn")
    assert drawn and drawn[0].seats == (0,) and drawn[0].reveals
    assert of_kind(events, "hero-received")[0].seats is None


def test_RS_H07_an_empty_deck_gives_nothing() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 1)
    state.round, state.deck = 9, []
    end_round_to_seat_0(state)
    assert state.reserve[0] == []


def test_RS_R01_buy_units_at_10_3_3() -> None:
    state = empty_board(sample_game(), stock=(100, 40, 31))
    put(state, 0, "b1-1", 2)
    assert affordable_units(P, state.stock[0]) == 10
    events = GAME.apply(state, 0, "buy b1-1 10")
    assert state.stock[0] == [0, 10, 1] and units(state, 0, "b1-1") == 12
    assert of_kind(events, "bought")[0].fields["count"] == 10
    state.stock[0] = [100, 30, 29]
    refusal = GAME.why_not(state, 0, Buy("b1-1", 10))
    assert refusal == "10 units cost 100 population, 30 metals, 30 fuel; your stockpile buys 9"
    assert GAME.why_not(state, 0, Buy("b1-1", 0)) == "buy at least 1 unit"


def test_RS_R02_units_go_on_possessed_locations_without_a_combat() -> None:
    state = empty_board(sample_game(), stock=(1000, 1000, 1000))
    put(state, 0, "b1-1", 2)
    put(state, 0, "l1:home-1", 1)
    GAME.apply(state, 0, "buy l1:home-1 3")  # a mouth possessed is a location like a region
    assert units(state, 0, "l1:home-1") == 4
    refusal = GAME.why_not(state, 0, Buy("b1-2", 1))
    assert refusal is not None and "you do not possess b1-2" in refusal
    from starlanes.games.risky_stars.state import Combat

    state.combats.append(Combat(at=at(state, "b1-1"), attacker=1, defender=0, attackers=[1], launch=[0],
                                defenders=[0], opened_round=1))
    refusal = GAME.why_not(state, 0, Buy("b1-1", 1))
    assert refusal is not None and "open combat" in refusal
    assert all(getattr(a, "location", "") != "b1-1" for a in GAME.legal_actions(state, 0))


def test_RS_R03_alliance_members_do_not_buy_they_place_mustered_units() -> None:
    state = empty_board(sample_game(), stock=(1000, 1000, 1000))
    put(state, 0, "b1-1", 2)
    state.alliance = [1, 1]
    refusal = GAME.why_not(state, 0, Buy("b1-1", 1))
    assert refusal is not None and "alliance" in refusal
    state.to_place[0] = 3
    assert GAME.why_not(state, 0, Place("b1-1", 4)) == "you have 3 alliance units to place, not 4"
    GAME.apply(state, 0, "place b1-1 3")
    assert units(state, 0, "b1-1") == 5 and state.to_place[0] == 0


def test_bad_names_are_refused_with_suggestions() -> None:
    state = empty_board(sample_game(), stock=(1000, 1000, 1000))
    put(state, 0, "b1-1", 2)
    refusal = GAME.why_not(state, 0, Buy("b1-l", 1))
    assert refusal is not None and "no location 'b1-l'" in refusal and "did you mean" in refusal
    refusal = GAME.why_not(state, 0, Upgrade("bb1"))
    assert refusal is not None and "no body 'bb1'" in refusal
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "buy nowhere 1")
