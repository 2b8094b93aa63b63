"""Game end and scoring (3.13) and the ally variant (3.14)."""

from __future__ import annotations

from tests.games.kardashev.helpers import G, act, cell, hand, legal_texts, put, refused, set_hand, turn, with_roles

from starlanes.games.kardashev.rules import round as rnd
from starlanes.games.kardashev.state import KardashevState

# --- 3.13 end and scoring ---------------------------------------------------------------------


def test_K_E01_low_colony_supply_ends_after_one_more_round() -> None:
    state = turn(with_roles(("warlord", "pioneer")))
    put(state, "0,-3", ("military",), colony=0, fleet=0)
    state.round = 4
    state.seats[0].colonies_supply = 3
    put(state, "1,-3", ("food",), fleet=0)
    act(state, 0, "colony 1,-3")
    assert state.last_round == 5
    act(state, 0, "end")
    act(state, 1, "end")
    assert state.round == 5 and state.phase == "bid"  # the final round is played, bids included
    state.round = 5
    state.phase, state.order, state.turn = "turn", [0, 1], 2
    rnd.begin_turn(state)
    assert state.phase == "over" and G.outcome(state) is not None


def test_K_E02_an_elimination_ends_the_round() -> None:
    state = turn(with_roles(("warlord", "pioneer", "scientist")))
    put(state, "0,-3", ("military",), colony=0, fleet=0, flevel=3)
    put(state, "0,-2", ("military",))
    put(state, "0,-1", ("food",), colony=2)
    for c in state.cells:  # seat 2's only piece is on 0,-1
        if c.colony == 2 and (c.q, c.r) != (0, -1):
            c.colony = None
    state.round = 2
    act(state, 0, "move 0,-3 0,-1")
    assert state.seats[2].eliminated and state.last_round == 2
    act(state, 0, "decline")
    act(state, 0, "end")
    act(state, 1, "end")  # seat 2 is skipped
    assert state.phase == "over"


def test_K_E03_the_earlier_end_wins() -> None:
    state = turn(with_roles(("warlord", "pioneer")))
    state.round, state.last_round = 3, 3
    state.seats[0].colonies_supply = 1
    put(state, "0,-3", ("military",), colony=0, fleet=0)
    act(state, 0, "compile food")
    assert state.last_round == 3


def test_K_E04_score_table() -> None:
    state = turn(with_roles(("warlord", "pioneer")), techs=("fuel-efficiency", "boosters"))
    put(state, "0,-3", ("military",), colony=0, clevel=3, fleet=0, flevel=2)
    put(state, "0,-2", ("food",), colony=0, clevel=2)
    set_hand(state, 0, 9, 9, 9)  # resources score nothing
    assert G.view(state, 0).game.scores[0] == 6 + 5 + 2 + 1 + 2


def end_now(state: KardashevState) -> None:
    state.phase, state.order, state.turn = "turn", [0, 1], 2
    state.last_round = state.round
    rnd.begin_turn(state)


def test_K_E05_highest_wins_ties_by_fleets_then_shared() -> None:
    state = turn(with_roles(("warlord", "pioneer")))
    put(state, "0,-3", ("military",), colony=0)  # 3 points each: a tie
    end_now(state)
    assert G.outcome(state).winners == (0, 1)  # type: ignore[union-attr]
    state2 = turn(with_roles(("warlord", "pioneer")))
    put(state2, "0,-3", ("military",), fleet=0, flevel=3)  # 3 points in fleets: wins the tie
    end_now(state2)
    assert G.outcome(state2).winners == (0,)  # type: ignore[union-attr]
    state3 = turn(with_roles(("warlord", "pioneer"), tiebreak="none"))
    put(state3, "0,-3", ("military",), fleet=0, flevel=3)
    end_now(state3)
    assert G.outcome(state3).winners == (0, 1)  # type: ignore[union-attr]


# --- 3.14 ally variant ------------------------------------------------------------------------


def allies(seed: int = 1) -> KardashevState:
    return with_roles(("warlord", "pioneer", "scientist", "imperialist"), seed, ally_variant=True)


def test_K_V01_teams_at_opposite_corners() -> None:
    state = allies()
    assert [p.corner for p in state.seats] == ["NE", "SE", "SW", "NW"]
    assert G.view(state, 0).game.teams == [[0, 2], [1, 3]]


def test_K_V02_summed_bids_split_payment() -> None:
    state = allies(2)
    for seat, amount in enumerate((2, 1, 1, 0)):
        act(state, seat, f"bid {amount}")
    assert state.rank == [0, 1] and state.pickers == [0, 2, 1, 3]
    assert (rnd.price_of(state, 0), rnd.price_of(state, 2)) == (1, 0)  # 1 split 2:1, remainder high
    state2 = allies(3)
    for seat, amount in enumerate((3, 2, 3, 0)):
        act(state2, seat, f"bid {amount}")
    assert (rnd.price_of(state2, 0), rnd.price_of(state2, 2)) == (1, 1)


def test_K_V03_each_member_places_its_tile_on_its_turn() -> None:
    state = allies()
    for seat in range(4):
        act(state, seat, "bid 0")
    while state.phase == "pick" or state.tasks:
        seat = G.decision(state).actors[0]  # type: ignore[union-attr]
        act(state, seat, G.legal_actions(state, seat)[0].text())
    assert state.order == [0, 1, 2, 3]  # seating: turns alternate between teams
    assert G.decision(state).kind == "place" and G.decision(state).actors == (0,)  # type: ignore[union-attr]


def ally_turn() -> KardashevState:
    state = turn(allies(), 0, hand=(5, 5, 5))
    return state


def test_K_V04_only_own_resources_and_pieces() -> None:
    state = ally_turn()
    put(state, "0,-1", ("food",), colony=2)
    set_hand(state, 0, 0, 0, 0)
    assert "grow 0,-1" not in legal_texts(state, 0)
    assert "you have no colony" in refused(state, 0, "grow 0,-1")


def test_K_V05_fleets_on_an_allys_military_colony() -> None:
    state = ally_turn()
    put(state, "0,-1", ("military",), colony=2, clevel=2)
    put(state, "0,0", ("military",), colony=1)
    texts = legal_texts(state, 0)
    assert "fleet 0,-1 level=2" in texts and "fleet 0,0" not in texts


def test_K_V06_through_and_onto_allied_pieces() -> None:
    state = ally_turn()
    put(state, "0,-2", ("military",), fleet=0)
    put(state, "0,-1", ("food",), colony=2, fleet=2)
    put(state, "0,0", ("food",), colony=2)
    texts = legal_texts(state, 0)
    assert "move 0,-2 0,0" in texts and "move 0,-2 0,-1" not in texts


def test_K_V07_allies_support_and_the_cell_defends_free() -> None:
    state = ally_turn()
    put(state, "0,-2", ("military",), fleet=0)
    put(state, "1,-1", ("food",), fleet=2)  # ally next to the target
    put(state, "0,-1", ("food",), colony=1, fleet=3)  # an enemy colony with the enemy ally's fleet
    act(state, 0, "move 0,-2 0,-1")
    assert G.decision(state).actors == (2,)  # type: ignore[union-attr]
    act(state, 2, "support cells=1,-1")
    assert cell(state, "0,-1").colony == 1  # 1 + 1 against 1 + 1: the defender holds


def test_K_V08_gift_up_to_three_when_sharing_a_planet() -> None:
    state = ally_turn()
    assert "a gift needs" in refused(state, 0, "gift food=1")
    put(state, "0,-1", ("food",), colony=2, fleet=0)
    assert "gift food=1 matter=1 energy=1" in legal_texts(state, 0)
    assert not any(t.startswith("gift") and sum(int(p.split("=")[1]) for p in t.split()[1:]) > 3
                   for t in legal_texts(state, 0))
    act(state, 0, "gift food=2 energy=1")
    assert hand(state, 2) == (3, 1, 2) and state.active == 1


def test_K_V09_team_scores() -> None:
    state = ally_turn()
    put(state, "0,-1", ("food",), colony=2, clevel=3)
    state.phase, state.order, state.turn = "turn", [0, 1, 2, 3], 4
    state.last_round = state.round
    rnd.begin_turn(state)
    assert G.outcome(state).winners == (0, 2)  # type: ignore[union-attr]


def test_A45_a_bid_is_hidden_from_the_ally_too() -> None:
    state = allies()
    act(state, 0, "bid 2")
    seen = G.view(state, 2)  # seat 2 is seat 0's ally
    assert seen.my_sealed is None and seen.submitted == (0,) and seen.game.bids == []
