"""Setup, resources, the bidding phase and tile placement (inventory 3.1-3.4)."""

from __future__ import annotations

import pytest
from tests.games.kardashev.helpers import G, act, cell, hand, idx, put, refused, set_hand, turn, with_roles

from starlanes.core.errors import IllegalAction
from starlanes.games.kardashev.rules import round as rnd
from starlanes.games.kardashev.rules.common import BOARD, CONTENT, INDEX
from starlanes.games.kardashev.state import KardashevState

# --- 3.1 resources and components -----------------------------------------------------------


def test_K_R01_resources_are_public_in_every_view() -> None:
    state = with_roles(("warlord", "pioneer"))
    set_hand(state, 1, 2, 3, 4)
    view = G.view(state, 0).game
    assert view.seats[1].hand() == (2, 3, 4)


def test_K_R02_four_of_one_type_pay_for_one_of_another() -> None:
    state = turn(with_roles(("warlord", "pioneer")), hand=(4, 1, 0))
    put(state, "0,-2", ("food",), colony=0)
    put(state, "1,-2", ("matter",))
    # a colony costs 1 food + 1 matter: with 4 food and 1 matter nothing is short
    act(state, 0, "colony 1,-2")
    assert hand(state, 0) == (3, 0, 0)
    state2 = turn(with_roles(("warlord", "pioneer")), hand=(5, 0, 0))
    put(state2, "0,-2", ("food",), colony=0)
    put(state2, "1,-2", ("matter",))
    act(state2, 0, "colony 1,-2")  # 4 food stand in for the matter
    assert hand(state2, 0) == (0, 0, 0)


def test_K_R02_exchange_action_any_time_in_the_turn() -> None:
    state = turn(with_roles(("warlord", "pioneer")), hand=(4, 0, 0))
    act(state, 0, "exchange food energy")
    assert hand(state, 0) == (0, 0, 1)
    assert "exchange takes 4" in refused(state, 0, "exchange food energy")


def test_K_R03_symbols_give_their_uses() -> None:
    state = turn(with_roles(("warlord", "pioneer")), hand=(0, 5, 5))
    put(state, "0,-2", ("military", "energy"), colony=0, clevel=2)
    texts = {a.text() for a in G.legal_actions(state, 0)}
    assert "fleet 0,-2 level=2" in texts  # military: fleets
    assert "harvest energy=2" in texts  # energy: harvest


def test_K_R04_every_planet_tile_has_a_destroyed_back() -> None:
    assert all(kind.back == "destroyed" for kind in CONTENT.bag if kind.symbols)


def test_K_R05_empty_space_is_passable_not_colonizable() -> None:
    state = turn(with_roles(("warlord", "pioneer")))
    put(state, "0,-3", ("food",), colony=0, fleet=0)
    put(state, "0,-2", tile="empty")
    put(state, "0,-1", ("food",))
    assert "colony 0,-2" not in {a.text() for a in G.legal_actions(state, 0)}
    act(state, 0, "move 0,-3 0,-1")
    assert cell(state, "0,-1").fleet == 0


def test_K_R06_colonies_only_on_planets() -> None:
    state = turn(with_roles(("warlord", "pioneer")))
    put(state, "0,-2", ("food",), colony=0)
    put(state, "1,-2", tile="destroyed")
    put(state, "-1,-1", tile="empty")
    texts = {a.text() for a in G.legal_actions(state, 0)}
    assert "colony 1,-2" not in texts and "colony -1,-1" not in texts
    assert refused(state, 0, "colony 1,-2")


def test_K_R07_a_level_uses_a_piece_and_an_empty_supply_refuses() -> None:
    state = turn(with_roles(("warlord", "pioneer")))
    put(state, "0,-2", ("food",), colony=0, clevel=2)
    assert state.seats[0].colonies_supply == 13
    state.seats[0].colonies_supply = 0
    assert refused(state, 0, "grow 0,-2")


# --- 3.2 setup --------------------------------------------------------------------------------


def test_K_S01_distinct_roles_in_a_seeded_order() -> None:
    state = G.setup(None, 3, 5)
    first = state.role_order[0]
    act(state, first, "role warlord")
    assert "put your starting pieces" in refused(state, first, "role pioneer")
    assert "corner or inner" in refused(state, first, "arrange colony=middle")
    act(state, first, "arrange colony=inner fleet=corner")
    home = BOARD.corners[state.seats[first].corner]
    assert state.cells[INDEX[home.inner]].colony == first and state.cells[INDEX[home.corner]].fleet == first
    second = state.role_order[1]
    assert "already taken" in refused(state, second, "role warlord")
    assert "no role" in refused(state, second, "role wizard")
    assert G.setup(None, 3, 5).role_order == state.role_order


def test_K_S02_starting_tiles_on_the_corner_and_inward() -> None:
    state = with_roles(("warlord", "pioneer"))
    assert state.seats[0].corner == "N" and state.seats[1].corner == "S"
    assert cell(state, "0,-3").symbols == ["military", "energy"]
    assert cell(state, "0,-2").symbols == ["food"]
    assert cell(state, "0,3").symbols == ["military", "food"] and cell(state, "0,2").symbols == ["matter"]


def test_K_S03_setup_pieces_per_role() -> None:
    state = with_roles(("warlord", "pioneer"))
    assert (cell(state, "0,-3").colony, cell(state, "0,-3").fleet_level) == (0, 2)  # Warlord: fleet level 2
    assert cell(state, "0,3").colony == 1 and cell(state, "0,2").colony == 1  # Pioneer: two colonies
    imp = with_roles(("imperialist", "pioneer"))
    assert cell(imp, "0,-3").fleet == 0 and cell(imp, "0,-2").fleet == 0  # two fleets, one per tile
    state = G.setup(None, 2, 1)
    seat = state.role_order[0]
    act(state, seat, "role pioneer")
    assert {a.text() for a in G.legal_actions(state, seat)} == {"arrange", "arrange fleet=inner"}
    assert "one on each tile" in refused(state, seat, "arrange colony=inner")
    act(state, seat, "arrange fleet=inner")
    corner = state.seats[seat].corner
    inner = {"N": "0,-2", "S": "0,2"}[corner]
    assert cell(state, inner).fleet == seat and cell(state, inner).colony == seat


def test_K_S04_one_of_each_resource() -> None:
    state = with_roles(("warlord", "pioneer"))
    assert hand(state, 0) == (1, 1, 1) and hand(state, 1) == (1, 1, 1)


def test_K_S05_salvager_takes_two_of_its_choice() -> None:
    state = with_roles(("salvager", "pioneer"))
    assert hand(state, 0) == (3, 1, 1)


def test_K_S06_scientist_takes_a_free_level_one_tech() -> None:
    state = with_roles(("scientist", "pioneer"))
    (tech,) = state.seats[0].techs
    assert CONTENT.techs[tech].level == 1
    assert hand(state, 0) == (1, 1, 1)


def test_K_S07_bag_holds_38_shuffled_tiles() -> None:
    a = G.setup(None, 2, 1)
    b = G.setup(None, 2, 2)
    assert len(a.bag) == 38 and sorted(a.bag) == sorted(b.bag) and a.bag != b.bag


# --- 3.3 bidding ------------------------------------------------------------------------------


def test_K_B01_each_player_draws_and_reveals_a_tile() -> None:
    state = with_roles(("warlord", "pioneer"))
    assert state.phase == "bid" and len(state.offer) == 2 and len(state.bag) == 36
    assert sorted(o.drawer for o in state.offer) == [0, 1]
    assert G.view(state, 1).game.offer[0].symbols == state.offer[0].symbols


def test_K_B02_bids_are_sealed_until_all_are_in() -> None:
    state = with_roles(("warlord", "pioneer"))
    act(state, 0, "bid 2")
    assert G.view(state, 1).my_sealed is None and G.view(state, 1).game.bids == []
    act(state, 0, "bid 1")  # revised
    assert "a bid is 0 to 3" in refused(state, 1, "bid 4")
    act(state, 1, "bid 0")
    assert state.bids == [1, 0]


def test_K_B03_ties_are_broken_by_die_rolls() -> None:
    for seed in range(1, 6):
        state = with_roles(("warlord", "pioneer"), seed)
        act(state, 0, "bid 1")
        act(state, 1, "bid 1")
        assert state.rolls[0] != state.rolls[1] and min(state.rolls) >= 1
        assert state.rank[0] == (0 if state.rolls[0] > state.rolls[1] else 1)


def test_K_B04_to_B07_rank_order_slots_tiles_second_price() -> None:
    state = with_roles(("warlord", "pioneer", "scientist"), 2)
    assert len(state.offer) == 3
    act(state, 0, "bid 3")
    act(state, 1, "bid 2")
    act(state, 2, "bid 0")
    assert state.rank == [0, 1, 2] and state.phase == "pick"
    own = next(i + 1 for i, o in enumerate(state.offer) if o.drawer == 0)
    other = next(i + 1 for i, o in enumerate(state.offer) if o.drawer == 1)
    act(state, 0, f"pick 2 {own}")  # K-B04: a free slot and a tile; own tile: pay the bank
    assert state.tasks[0].to == -1 and state.tasks[0].amount == 2  # K-B05: the next lower bid
    act(state, 0, "pay food=1 matter=1")
    assert hand(state, 0) == (0, 0, 1)
    act(state, 1, f"pick 1 {other}")  # K-B06: the next bid is 0: pays nothing
    assert not state.tasks and state.phase == "turn"
    assert state.order == [1, 0, 2]  # K-B07
    assert state.seats[2].tile is not None  # the last takes what is left


def test_K_B05_an_opponents_tile_pays_its_drawer() -> None:
    state = with_roles(("warlord", "pioneer"), 3)
    act(state, 0, "bid 3")
    act(state, 1, "bid 1")
    theirs = next(i + 1 for i, o in enumerate(state.offer) if o.drawer == 1)
    act(state, 0, f"pick 1 {theirs}")
    assert state.tasks[0].to == 1 and state.tasks[0].amount == 1
    act(state, 0, "pay energy=1")
    assert hand(state, 1) == (1, 1, 2) and hand(state, 0) == (1, 1, 0)


def test_K_B06_last_pays_nothing() -> None:
    state = with_roles(("warlord", "pioneer"), 4)
    act(state, 0, "bid 0")
    act(state, 1, "bid 2")
    act(state, 1, "pick 1 1")
    assert not state.tasks  # pays the next lower bid: 0
    assert hand(state, 0) == (1, 1, 1)


# --- 3.4 exploration --------------------------------------------------------------------------


def won_tile(symbols: list[str]) -> KardashevState:
    state = with_roles(("warlord", "pioneer"))
    turn(state, clear=False)
    state.offer[0].symbols, state.offer[0].back = symbols, ("destroyed" if symbols else "empty")
    state.seats[0].tile = 0
    return state


def test_K_X01_X02_the_won_tile_goes_on_an_unexplored_blue_cell_first() -> None:
    state = won_tile(["food"])
    texts = {a.text() for a in G.legal_actions(state, 0)}
    assert texts and all(t.startswith(("place ", "exchange ")) for t in texts)
    assert "place 0,0 planet" in texts and "place 3,-3 planet" not in texts
    assert "blue zone first" in refused(state, 0, "place 3,-3 planet")
    for c in state.cells:
        if c.zone == "blue" and c.tile is None and (c.q, c.r) not in ((0, 0), (1, 0), (0, 1)):
            c.tile = "empty"
    texts = {a.text() for a in G.legal_actions(state, 0)}
    assert "place 3,-3 planet" in texts  # 3 blue cells left: anywhere


def test_K_X03_either_face_of_a_planet_tile() -> None:
    state = won_tile(["food"])
    texts = {a.text() for a in G.legal_actions(state, 0)}
    assert "place 0,0 planet" in texts and "place 0,0 destroyed" in texts
    empty = won_tile([])
    assert {a.text() for a in G.legal_actions(empty, 0)} >= {"place 0,0 empty"}


def test_K_X04_a_destroyed_face_gives_a_resource_of_choice() -> None:
    state = won_tile(["food"])
    act(state, 0, "place 0,0 destroyed")
    assert cell(state, "0,0").tile == "destroyed"
    act(state, 0, "gain matter")
    assert state.seats[0].matter == 6


def test_K_X05_tractor_beam_gains_a_matching_resource() -> None:
    state = with_roles(("salvager", "pioneer"))
    turn(state, clear=False, techs=("magnetic-rake", "tractor-beam"))
    state.offer[0].symbols = ["food", "energy"]
    state.seats[0].tile = 0
    act(state, 0, "place 0,0 planet")
    assert state.tasks[0].types == ["food", "energy"] and state.tasks[0].optional
    act(state, 0, "gain energy")
    assert hand(state, 0) == (5, 5, 6)


def test_bid_rejects_non_number_text() -> None:
    state = with_roles(("warlord", "pioneer"))
    with pytest.raises(Exception, match="bid"):
        G.apply(state, 0, "bid lots")
    with pytest.raises(IllegalAction):
        G.apply(state, 0, "colony 0,0")


def test_round_limit_and_bag_shortage_A9() -> None:
    state = with_roles(("warlord", "pioneer"))
    state.bag = state.bag[:1]
    state.phase = "turn"
    state.order, state.turn = [0, 1], 2
    rnd.begin_turn(state)
    assert len(state.offer) == 1  # only one tile left to draw; both still bid for turn order


def test_eliminated_players_skip_bidding_A43() -> None:
    state = with_roles(("warlord", "pioneer", "scientist"))
    state.seats[2].eliminated = True
    state.phase, state.order, state.turn = "turn", [0, 1], 2
    rnd.begin_turn(state)
    decision = G.decision(state)
    assert decision is not None and decision.actors == (0, 1)


def test_placeable_cells_follow_idx_order() -> None:
    state = with_roles(("warlord", "pioneer"))
    assert idx("0,0") in rnd.placeable(state)


def test_K_B03_a_three_way_tie_rolls_until_ordered() -> None:
    for seed in range(1, 8):
        state = with_roles(("warlord", "pioneer", "scientist"), seed)
        for seat in range(3):
            act(state, seat, "bid 1")
        assert sorted(state.rank) == [0, 1, 2]
        assert all(r >= 1 for r in state.rolls)


def test_A9_no_tile_left_picks_tile_zero_and_a_stuck_tile_is_discarded() -> None:
    state = with_roles(("warlord", "pioneer", "scientist"))
    state.offer = state.offer[:1]  # only one tile was drawn
    act(state, 0, "bid 2")
    act(state, 1, "bid 1")
    act(state, 2, "bid 0")
    act(state, 0, "pick 1 1")
    act(state, 0, "pay food=1")
    assert {a.text() for a in G.legal_actions(state, 1)} >= {"pick 2 0", "pick 3 0"}
    act(state, 1, "pick 3 0")
    assert state.seats[1].tile is None and state.seats[2].tile is None
    for c in state.cells:
        c.tile = c.tile or "empty"
    state.seats[0].tile = 0
    state.turn = 0
    rnd.begin_turn(state)
    assert state.seats[0].tile is None  # no unexplored cell: the tile is discarded


def test_A41_a_payer_short_of_cards_gives_what_it_has() -> None:
    state = with_roles(("warlord", "pioneer"), 3)
    act(state, 0, "bid 3")
    act(state, 1, "bid 2")
    set_hand(state, 0, 1, 0, 0)
    act(state, 0, "pick 1 1")
    assert {a.text() for a in G.legal_actions(state, 0) if a.text().startswith("pay")} == {"pay food=1"}


def test_K_V02_ally_picks_take_tiles_not_slots() -> None:
    state = with_roles(("warlord", "pioneer", "scientist", "imperialist"), 1, ally_variant=True)
    for seat in range(4):
        act(state, seat, "bid 0")
    seat = state.pickers[0]
    assert all(a.text().startswith(("pick 0 ", "exchange")) for a in G.legal_actions(state, seat))
