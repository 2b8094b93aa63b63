"""QA audit: scenarios written from the rule document's text (rules/kardashev.md) alone, one per
rule most likely to be subtly wrong; each cites its inventory ID."""

from __future__ import annotations

import json

import msgspec
from tests.games.kardashev.helpers import G, act, cell, hand, legal_texts, put, refused, set_hand, turn, with_roles

from starlanes.games.kardashev.events import Picked, describe
from starlanes.games.kardashev.state import KardashevState


def line(level: int = 1, hand_: tuple[int, int, int] = (5, 5, 5), techs: tuple[str, ...] = (),
         other: str = "generalist") -> KardashevState:
    """Seat 0 (Pioneer: no movement gains) has a fleet on its military colony at 0,-3; explored
    food planets down the q=0 column; seat 1 plays ``other``."""
    state = turn(with_roles(("pioneer", other)), hand=hand_, techs=techs)
    put(state, "0,-3", ("military",), colony=0, fleet=0, flevel=level)
    for name in ("0,-2", "0,-1", "0,0", "0,1"):
        put(state, name, ("food",))
    return state


def test_qa_K_B05_a_tie_for_first_pays_the_tied_bid() -> None:
    """'you pay the next lowest bid': with two equal top bids the second bid in rank order is the
    same amount; the winner of the die roll pays it."""
    state = with_roles(("warlord", "pioneer"), 2)
    set_hand(state, 0, 2, 2, 2)
    set_hand(state, 1, 2, 2, 2)
    act(state, 0, "bid 2")
    act(state, 1, "bid 2")
    first = state.rank[0]
    own = next(i + 1 for i, o in enumerate(state.offer) if o.drawer == first)
    act(state, first, f"pick 1 {own}")
    assert state.tasks[0].amount == 2 and state.tasks[0].to == -1


def test_qa_K_B02_a_bid_cannot_exceed_the_cards_held() -> None:
    """'how many resources they are willing and able to pay'."""
    state = with_roles(("warlord", "pioneer"), 2)
    set_hand(state, 0, 1, 0, 1)
    assert "0 to 2" in refused(state, 0, "bid 3")


def test_qa_K_M01_level_three_fleet_pays_two_energy_a_tile() -> None:
    state = line(3, hand_=(0, 0, 4))
    act(state, 0, "move 0,-3 0,-1")
    assert hand(state, 0)[2] == 0 and cell(state, "0,-1").fleet == 0


def test_qa_K_R02_a_move_may_be_paid_four_for_one() -> None:
    """'At any point in the game, you may spend 4 of a single type of resource in place of
    another resource': a fleet with no energy moves by paying 4 food."""
    state = line(1, hand_=(4, 0, 0))
    act(state, 0, "move 0,-3 0,-2")
    assert cell(state, "0,-2").fleet == 0 and hand(state, 0) == (0, 0, 0)


def test_qa_K_T04_R02_a_defender_without_energy_supports_four_for_one() -> None:
    """Support costs 1 energy a fleet, and 4 of one resource may stand in for it."""
    state = line(2, hand_=(5, 5, 9))
    put(state, "0,-1", ("food",), colony=1, clevel=1)
    put(state, "-1,-1", ("food",), fleet=1, flevel=2)  # next to 0,-1
    set_hand(state, 1, 0, 4, 0)
    act(state, 0, "move 0,-3 0,-1")  # seat 0 has no fleet next to 0,-1: the defender is asked
    assert "support cells=-1,-1" in legal_texts(state, 1)
    act(state, 1, "support cells=-1,-1")
    assert cell(state, "0,-1").colony == 1  # 2 against 1 + 2
    assert hand(state, 1) == (0, 0, 0)


def test_qa_K_T04_a_fleet_not_next_to_the_attacked_tile_cannot_support() -> None:
    state = line(1, hand_=(5, 5, 9))
    put(state, "0,-1", ("food",), colony=1, clevel=1)
    put(state, "2,-3", ("food",), fleet=0, flevel=3)  # two cells away from 0,-1
    act(state, 0, "move 0,-3 0,-1")
    assert "support cells=2,-3" not in legal_texts(state, 0)


def test_qa_K_T03_attack_and_support_tying_the_defence_fail() -> None:
    """'To win an attack, you must have a higher offensive strength ... a tie goes to the
    defender': a level-1 fleet with a level-1 supporter (2) against a level-2 colony."""
    state = line(1, hand_=(5, 5, 9))
    put(state, "0,-1", ("food",), colony=1, clevel=2)
    put(state, "1,-2", ("food",), fleet=0, flevel=1)
    act(state, 0, "move 0,-3 0,-1")
    act(state, 0, "support cells=1,-2")
    assert cell(state, "0,-1").colony == 1 and cell(state, "0,-2").fleet == 0


def test_qa_K_T07_attacking_a_lone_fleet_destroys_it_and_takes_the_tile() -> None:
    """'If a defensive fleet was on the attacked tile, it is destroyed and returned to their
    supply': a level-2 fleet attacks a lone level-1 fleet (no colony)."""
    state = line(2, hand_=(5, 5, 9))
    put(state, "0,-1", ("food",), fleet=1, flevel=1)
    supply = state.seats[1].fleets_supply
    act(state, 0, "move 0,-3 0,-1")
    c = cell(state, "0,-1")
    assert (c.fleet, c.fleet_level, c.colony) == (0, 2, None)
    assert state.seats[1].fleets_supply == supply + 1


def test_qa_K_T08_a_beaten_fleet_next_door_goes_back_where_it_started() -> None:
    """'your offensive fleet retreats, and is pushed back into the adjacent tile from where it
    came': attacking the next cell, it returns to its starting cell."""
    state = line(1, hand_=(5, 5, 9))
    put(state, "0,-2", ("food",), colony=1, clevel=1)
    act(state, 0, "move 0,-3 0,-2")
    assert cell(state, "0,-3").fleet == 0 and cell(state, "0,-2").colony == 1


def test_qa_K_C01_a_colony_next_to_an_own_colony_or_under_an_own_fleet_only() -> None:
    state = line(1)
    put(state, "2,-2", ("food",), fleet=0)  # not next to 0,-3
    put(state, "-2,0", ("food",))  # neither
    texts = legal_texts(state, 0)
    assert "colony 0,-2" in texts and "colony 2,-2" in texts and "colony -2,0" not in texts
    refused(state, 0, "colony -2,0")
    before = hand(state, 0)
    act(state, 0, "colony 2,-2")
    assert cell(state, "2,-2").colony == 0 and hand(state, 0) == (before[0] - 1, before[1] - 1, before[2])


def test_qa_K_F01_a_fleet_no_higher_than_the_colony_and_it_replaces_the_old_one() -> None:
    """'You may build a fleet on your colonized planet tile with a military symbol, up to the
    level of the colony. If there is already a fleet on this tile, it is destroyed.'"""
    state = line(1)
    assert "fleet 0,-3 level=2" not in legal_texts(state, 0)
    refused(state, 0, "fleet 0,-3 level=2")
    cell(state, "0,-3").colony_level = 2
    state.seats[0].colonies_supply -= 1
    supply = state.seats[0].fleets_supply
    act(state, 0, "fleet 0,-3 level=2")
    assert cell(state, "0,-3").fleet_level == 2 and state.seats[0].fleets_supply == supply + 1 - 2


def test_qa_K_F03_upgrade_only_on_a_colonized_military_planet() -> None:
    state = line(1)
    act(state, 0, "move 0,-3 0,-2")  # a food planet, no colony
    assert "refit 0,-2" not in legal_texts(state, 0)
    refused(state, 0, "refit 0,-2")


def test_qa_K_H01_harvest_a_hybrid_level_two_colony_in_any_split() -> None:
    """'collect resources from every colonized planet tile with a resource symbol (1 card per
    colony level). If there are multiple resource symbols, you may choose.'"""
    state = turn(with_roles(("pioneer", "generalist")), hand=(0, 0, 0))
    put(state, "0,-3", ("military",), colony=0, clevel=3)  # military only: nothing
    put(state, "0,-2", ("food", "energy"), colony=0, clevel=2)
    assert {t for t in legal_texts(state, 0) if t.startswith("harvest")} >= {
        "harvest food=2", "harvest food=1 energy=1", "harvest energy=2"}
    act(state, 0, "harvest food=1 energy=1")
    assert hand(state, 0) == (1, 0, 1)


def test_qa_K_A01_one_base_one_research_one_more() -> None:
    """'1 base action, 1 research action, and 1 additional action of your choice': a third base
    action is refused once two base actions and no research were taken... and a fourth action of
    any kind is refused."""
    state = line(1, hand_=(9, 9, 9))
    act(state, 0, "compile food")
    act(state, 0, "grow 0,-3")
    act(state, 0, "grow 0,-3")
    assert not {t for t in legal_texts(state, 0) if t.split()[0] in ("grow", "compile", "harvest", "colony")}
    refused(state, 0, "compile food")


def test_qa_K_E01_the_supply_trigger_counts_levels() -> None:
    """'fewer than 3 colonies remaining in their supply': a level-L colony uses L pieces (A#3),
    so upgrading can trigger the end; the current round is completed and one more is played."""
    state = line(1, hand_=(9, 9, 9))
    state.round = 3
    state.seats[0].colonies_supply = 3
    act(state, 0, "grow 0,-3")
    assert state.seats[0].colonies_supply == 2 and state.last_round == 4


def test_qa_K_X02_the_blue_zone_rule_binds_the_won_tile_not_fleets() -> None:
    """'Exploration must be done in the blue zone until there are 3 or fewer blue spaces left'
    (the won tile); 'The outer spaces ... may be explored this way at any time' (fleets)."""
    state = line(1)
    state.bag = [1, 0]
    assert cell(state, "1,-3").zone == "white"
    act(state, 0, "move 0,-3 1,-3")
    act(state, 0, "place 1,-3 planet")
    assert cell(state, "1,-3").tile == "planet"


def test_qa_hidden_information_bids_and_bag_order_stay_hidden() -> None:
    """K41: a view shows no bid before all are in, and only the bag's counts."""
    state = with_roles(("warlord", "pioneer"), 3)
    act(state, 1, "bid 1")
    view = json.loads(msgspec.json.encode(G.view(state, 0)))
    game = view["game"]
    assert game["bids"] == [] and "bag" not in game
    assert sum(game["bag_left"]) == len(state.bag)
    assert view["my_sealed"] is None and view["submitted"] == [1]


# --- bad input found while playing: names in any case, refusals that name the problem -------------


def test_qa_role_and_technology_names_in_any_case() -> None:
    """The board lists roles capitalised ('free: Generalist, ...'): typing them so is accepted."""
    state = G.setup(None, 2, 3)
    seat = G.decision(state).actors[0]  # type: ignore[union-attr]
    act(state, seat, "role Warlord")
    assert state.seats[seat].role == "warlord"
    assert G.parse_action("research Fuel-Efficiency").text() == "research fuel-efficiency"
    assert G.parse_action("use Terraform cell=0,-3").text().startswith("use terraform")


def test_qa_K_C01_K_C02_refusals_name_the_price_and_the_place() -> None:
    state = turn(with_roles(("pioneer", "generalist")), hand=(0, 1, 0))
    put(state, "0,-3", ("military",), colony=0, fleet=0)
    put(state, "0,-2", ("food",))
    put(state, "0,-1", ("food",), colony=1)
    put(state, "-1,-2", (), tile="empty")
    assert refused(state, 0, "colony 0,-2").startswith("a colony costs 1 food, 1 matter; you hold 0 food, 1 matter")
    assert refused(state, 0, "grow 0,-3").startswith("a level-2 colony costs 1 food, 1 matter")
    assert refused(state, 0, "colony -1,-2") == "-1,-2 is empty space: colonies go on planet tiles"
    assert refused(state, 0, "colony 1,1") == "1,1 is unexplored: colonies go on planet tiles"
    assert refused(state, 0, "colony 0,-1") == "0,-1 already holds seat 1's colony"
    set_hand(state, 0, 5, 5, 5)
    put(state, "2,-2", ("food",))
    assert "neither next to one of your colonies nor under one of your fleets" in refused(state, 0, "colony 2,-2")


def test_qa_K_F01_K_F03_K_M01_refusals_name_the_price_and_the_level() -> None:
    state = turn(with_roles(("pioneer", "generalist")), hand=(0, 1, 0))
    put(state, "0,-3", ("military",), colony=0, fleet=0)
    put(state, "0,-2", ("food",))
    assert refused(state, 0, "fleet 0,-3").startswith("a level-1 fleet costs 1 matter, 1 energy; you hold")
    assert refused(state, 0, "fleet 0,-3 level=2") == "a fleet on 0,-3 is level 1 to 1 (no higher than the colony)"
    assert refused(state, 0, "refit 0,-3").startswith("a fleet level costs 1 matter, 1 energy")
    assert "not a site for your fleets" in refused(state, 0, "fleet 0,-2")
    assert refused(state, 0, "move 0,-3 0,-2").startswith("the move to 0,-2 costs 1 energy; you hold 0 food")


def test_qa_K_H01_a_bare_harvest_shows_how_to_write_it() -> None:
    state = turn(with_roles(("pioneer", "generalist")), hand=(0, 0, 0))
    put(state, "0,-2", ("matter",), colony=0)
    assert refused(state, 0, "harvest") == "write the cards to take, e.g. `harvest matter=1`"


def test_qa_K_V02_an_ally_pick_is_told_without_a_turn_slot() -> None:
    """In the ally variant turns follow the seating (ruling K39): the log does not say 'turn 0'."""
    assert describe(Picked(0, 0, 2, 1, 1).event()) == "seat 0 takes tile 2, paying 1 to seat 1"
    assert describe(Picked(0, 1, 2, 0, -1).event()) == "seat 0 takes turn 1 and tile 2"


def test_qa_K_Q05_use_technology_refusals_show_the_ways_it_can_be_used() -> None:
    techs = ("terraform", "antimatter", "memory-eraser")
    state = turn(with_roles(("pioneer", "generalist")), hand=(3, 3, 3), techs=techs)
    put(state, "0,-3", ("military",), colony=0, fleet=0)
    put(state, "0,-2", ("food",))
    assert refused(state, 0, "use antimatter") == "Antimatter cannot be used that way; now it can be: " \
        "`use antimatter cell=0,-2`"
    assert refused(state, 0, "use terraform cell=0,-3 symbol=gold") == \
        "'gold' is not a symbol (food, matter, energy, military)"
    assert refused(state, 0, "use memory-eraser target=bostrs") == "no technology 'bostrs' (did you mean boosters?)"
    assert "more: type `actions`)" in refused(state, 0, "use memory-eraser")
    assert G.parse_action("use memory-eraser target=Boosters").text() == "use memory-eraser target=boosters"


def test_qa_K_V02_the_reveal_names_the_seats_in_picking_order() -> None:
    """Ally variant: the rank is by team; the log lists the seats in the order they pick, not team
    numbers dressed as seats."""
    state = with_roles(("warlord", "pioneer", "scientist", "imperialist"), 2, ally_variant=True)
    events: list[object] = []
    for seat, amount in enumerate((0, 1, 0, 1)):
        events += act(state, seat, f"bid {amount}")
    text = next(describe(e) for e in events if getattr(e, "kind", "") == "bids-revealed")  # type: ignore[arg-type]
    assert state.pickers == [1, 3, 0, 2]
    assert text is not None and text.endswith("order of choice: seat 1, seat 3, seat 0, seat 2")


# --- technologies with tricky effects, from their texts ------------------------------------------


def test_qa_K_TE08_fuel_efficiency_the_example() -> None:
    """'if you were to move a level 1 fleet 4 tiles, pay 1 energy instead of 2'."""
    state = line(1, hand_=(0, 0, 5), techs=("fuel-efficiency",))
    act(state, 0, "move 0,-3 0,1")
    assert hand(state, 0)[2] == 4 and cell(state, "0,1").fleet == 0


def test_qa_K_TE03_expanded_cargohold_the_example() -> None:
    """'a level 3 fleet on a tile with a level 3 colony will produce 6 resources when using
    harvest rover'."""
    state = turn(with_roles(("pioneer", "generalist")), hand=(0, 0, 0),
                 techs=("harvest-rover", "expanded-cargohold"))
    put(state, "0,-2", ("energy",), colony=0, clevel=3, fleet=0, flevel=3)
    assert {t for t in legal_texts(state, 0) if t.startswith("harvest") and "via" not in t} == {"harvest energy=6"}
    act(state, 0, "harvest energy=6")
    assert hand(state, 0) == (0, 0, 6)


def test_qa_K_TE15_orbital_defense_array_destroys_a_level_one_winner_and_the_capture_stands() -> None:
    """'If an opponent succeeds on an attack against you and you lose your colony, their attacking
    fleet is downgraded by 1 level. If it was a level 1 fleet, it is destroyed.'"""
    state = line(1, hand_=(5, 5, 9), other="warlord")  # the array is on the Warlord's card
    put(state, "0,-1", ("food",), colony=1, clevel=1)
    put(state, "1,-2", ("food",), fleet=0, flevel=1)  # a supporter: 1 + 1 against 1
    state.seats[1].techs = ["orbital-defense-array"]
    act(state, 0, "move 0,-3 0,-1")
    act(state, 0, "support cells=1,-2")
    c = cell(state, "0,-1")
    assert (c.colony, c.fleet) == (0, None)
    assert cell(state, "1,-2").fleet == 0  # 'Supporting fleets are not affected.'
    assert state.seats[0].fleets_supply == 15 - 1  # only the supporter is on the board


def test_qa_K_TE12_disrupter_drone_destroys_a_level_one_colony_and_nobody_colonizes() -> None:
    """'When you fail an attack against an opponent's colony and are forced to retreat, their
    colony is downgraded by one level. If their colony was a level 1, it is destroyed. You do not
    get to immediately place a colony.'"""
    state = line(1, hand_=(5, 5, 9), techs=("disruptor-drone",))
    put(state, "0,-1", ("food",), colony=1, clevel=1, fleet=1, flevel=1)  # 1 against 1 + 1: fails
    supply = state.seats[1].colonies_supply
    act(state, 0, "move 0,-3 0,-1")
    c = cell(state, "0,-1")
    assert c.colony is None and c.fleet == 1
    assert state.seats[1].colonies_supply == supply + 1
    assert cell(state, "0,-2").fleet == 0  # the attacker retreated
