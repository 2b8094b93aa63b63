"""Alliances in play (rules: Alliances): RS-A01..A06, RS-R03, and the rulings 20-23."""

from __future__ import annotations

from tests.games.risky_stars.game_helpers import (
    GAME,
    ally,
    board,
    empty_board,
    kinds,
    of_kind,
    put,
    sample_game,
)

from starlanes.core.gm import GM
from starlanes.games.risky_stars.actions import Accept, Buy, Decline, Leave, Move, Propose, Share
from starlanes.games.risky_stars.rules.turn import largest_remainder, muster
from starlanes.games.risky_stars.state import NOBODY, RiskyStarsState


def three() -> tuple[RiskyStarsState, list[str]]:
    """Three players on a generated map, board cleared; each holds one region of its home."""
    state = empty_board(sample_game(players=3, seed=4, map=""))
    b = board(state)
    homes = [b.locations[b.system_regions[s][0]] for s in range(3)]
    for seat, name in enumerate(homes):
        put(state, seat, name, 3)
    return state, homes


def test_RS_A06_a_proposal_is_answered_by_the_target_and_forms_an_alliance() -> None:
    state, _ = three()
    events = GAME.apply(state, 0, "propose 1")
    assert GAME.to_act(state) == {1}
    assert [type(a) for a in GAME.legal_actions(state, 1)] == [Accept, Decline]
    assert GAME.view(state, 2).game.offer_from == 0
    events = GAME.apply(state, 1, "accept")
    assert "alliance-formed" in kinds(events)
    assert state.alliance[0] == state.alliance[1] != NOBODY and state.alliance[2] == NOBODY
    assert GAME.to_act(state) == {0}  # back to the proposer's turn
    assert GAME.why_not(state, 0, Propose(2)) is not None  # one proposal a turn, and now a member


def test_RS_A06_a_decline_changes_nothing() -> None:
    state, _ = three()
    GAME.apply(state, 0, "propose 1")
    GAME.apply(state, 1, "decline")
    assert state.alliance == [NOBODY] * 3 and state.pending is None
    assert GAME.why_not(state, 0, Propose(2)) == "you have proposed an alliance this turn already"


def test_RS_A06_every_member_of_the_target_alliance_must_accept() -> None:
    state, _ = three()
    ally(state, 1, 2, alliance=5)
    GAME.apply(state, 0, "propose 2")
    assert GAME.to_act(state) == {1}
    GAME.apply(state, 1, "accept")
    assert GAME.to_act(state) == {2}
    GAME.apply(state, 2, "accept")
    assert state.alliance == [5, 5, 5]


def test_RS_A06_a_member_cannot_propose() -> None:
    state, _ = three()
    ally(state, 0, 1)
    assert GAME.why_not(state, 0, Propose(2)) == "you are in an alliance already (leave it first)"


def test_the_gm_closing_an_unanswered_proposal_declines_it() -> None:
    state, _ = three()
    GAME.apply(state, 0, "propose 1")
    GAME.apply(state, GM, "close")
    assert state.alliance == [NOBODY] * 3 and GAME.to_act(state) == {0}


def test_RS_A01_RS_A02_alliance_muster_pools_and_shares_by_regions() -> None:
    state, _homes = three()
    ally(state, 0, 1)
    b = board(state)
    put(state, 0, b.locations[b.system_regions[0][1]], 1)  # seat 0: 2 regions, seat 1: 1 region
    state.stock[0] = [100, 0, 30]
    state.stock[1] = [0, 30, 0]
    events = muster(state)
    data = of_kind(events, "muster")[0].fields
    assert data["units"] == 10  # 100 P, 30 M, 30 F pooled: neither alone could buy one
    assert data["allotted"] == [7, 3]  # 2:1 by regions, largest remainder
    assert state.to_place[:2] == [7, 3]
    assert state.stock[0] == [0, 0, 0] and state.stock[1] == [0, 0, 0]
    assert data["paid"] == [[100, 0, 30], [0, 30, 0]]


def test_RS_A01_a_share_keeps_part_of_the_stockpile_back() -> None:
    state, _ = three()
    ally(state, 0, 1)
    state.share = [50, 100, 100]
    state.stock[0] = [200, 60, 60]
    state.stock[1] = [0, 0, 0]
    muster(state)
    assert state.to_place[0] + state.to_place[1] == 10
    assert state.stock[0] == [100, 30, 30]


def test_A22_largest_remainder_split() -> None:
    assert largest_remainder(10, [2, 1]) == [7, 3]
    assert largest_remainder(5, [1, 1]) == [3, 2]  # tie: the earlier seat
    assert largest_remainder(0, [3, 0]) == [0, 0]


def test_RS_R03_the_muster_happens_at_the_start_of_each_round() -> None:
    state, _ = three()
    ally(state, 1, 2)
    state.stock[1] = [1000, 300, 300]
    state.current, state.first = 2, 0  # seat 2 ends the round
    events = GAME.apply(state, 2, "end")
    assert "muster" in kinds(events) and state.round == 2
    assert sum(state.to_place) == 100
    assert GAME.why_not(state, 1, Buy("x", 1)) is not None


def test_RS_A03_allies_never_fight_and_an_ally_may_not_be_attacked() -> None:
    state, homes = three()
    ally(state, 0, 1)
    b = board(state)
    target = homes[0]
    source = b.locations[b.system_regions[0][1]]
    put(state, 1, source, 4)
    state.current = 1
    GAME.apply(state, 1, f"move {source} {target} 3")
    assert not state.combats
    assert state.units[1][b.index[target]] == 3 and state.owner[b.index[target]] == 0


def test_RS_A04_leaving_starts_a_truce_and_a_lone_member_dissolves() -> None:
    state, _homes = three()
    ally(state, 0, 1)
    assert Leave() in GAME.legal_actions(state, 0)
    events = GAME.apply(state, 0, "leave")
    left = of_kind(events, "alliance-left")[0].fields
    assert left["truce_until"] == 4 and left["members"] == []
    assert state.alliance == [NOBODY] * 3
    assert [(t.a, t.b, t.until) for t in state.truces] == [(0, 1, 4)]


def test_RS_A05_after_leaving_neither_side_may_attack_for_three_rounds() -> None:
    state, homes = three()
    ally(state, 0, 1)
    b = board(state)
    source = b.locations[b.system_regions[0][1]]
    put(state, 1, source, 4)
    state.current = 1
    GAME.apply(state, 1, "leave")
    refusal = GAME.why_not(state, 1, Move(source, homes[0], 2))
    assert refusal is not None and "truce" in refusal
    state.round = 5
    assert GAME.why_not(state, 1, Move(source, homes[0], 2)) is None


def test_A23_the_truce_ends_with_an_event() -> None:
    state, _ = three()
    ally(state, 0, 1)
    GAME.apply(state, 0, "leave")
    state.round = 4
    state.current, state.first = 2, 0
    events = GAME.apply(state, 2, "end")
    assert "truce-ended" in kinds(events) and state.truces == []


def test_ruling_23_no_leaving_while_armies_stand_mixed() -> None:
    state, homes = three()
    ally(state, 0, 1)
    put(state, 1, homes[0], 2, own=False)
    refusal = GAME.why_not(state, 0, Leave())
    assert refusal is not None and "must move away first" in refusal
    assert Leave() not in GAME.legal_actions(state, 0)


def test_share_is_set_once_a_turn_in_steps_of_ten() -> None:
    state, _ = three()
    ally(state, 0, 1)
    assert GAME.why_not(state, 0, Share(55)) == "a share is 0, 10, 20, ... or 100 percent, not 55"
    GAME.apply(state, 0, "share 40")
    assert state.share[0] == 40
    assert GAME.why_not(state, 0, Share(30)) == "you have changed your share this turn already"
