"""QA audit: scenarios written from the rule document's text (rules/risky-stars.md) and the
reference facts alone, one per rule most likely to be subtly wrong; each cites its inventory ID."""

from __future__ import annotations

import json

import msgspec
import pytest
from tests.games.risky_stars.game_helpers import (
    GAME,
    ally,
    at,
    empty_board,
    force_dice,
    kinds,
    of_kind,
    owner,
    put,
    sample_game,
    units,
)
from tests.games.risky_stars.game_helpers import board as board_of_state

from starlanes.core.errors import IllegalAction
from starlanes.games.risky_stars.actions import Move
from starlanes.games.risky_stars.events import Volley
from starlanes.games.risky_stars.rules.alliances import leave
from starlanes.games.risky_stars.rules.combat import volley


def test_qa_RS_C01_ties_go_to_the_defender_and_unpaired_rolls_are_discarded() -> None:
    """3 attackers rolling 7 7 2 against 1 defender rolling 7: the only pair is 7 against 7, a
    tie, so the attacker loses one unit; its other two rolls are unpaired and do nothing."""
    state = empty_board(sample_game())
    put(state, 0, "b3-1", 1)
    put(state, 0, "b1-1", 1)
    put(state, 1, "b2-1", 4)
    put(state, 1, "b5-1", 1)
    state.current = 1
    force_dice(state, [7, 2, 7, 7])
    events = GAME.apply(state, 1, "move b2-1 b3-1 3")
    volley = Volley.of(of_kind(events, "volley")[0])
    assert volley.attacker_losses == 1 and volley.defender_losses == [0]
    assert units(state, 1, "b3-1") == 2 and units(state, 0, "b3-1") == 1


def test_qa_RS_N06_leaving_an_allys_location_takes_the_whole_army() -> None:
    """'If the Current Player is not in Possession of the location ... the entire army must leave
    together.'"""
    state = empty_board(sample_game())
    ally(state, 0, 1)
    put(state, 1, "b1-1", 2)  # seat 1 possesses it
    put(state, 0, "b1-1", 4, own=False)
    assert GAME.why_not(state, 0, Move("b1-1", "b1-2", 3)) is not None
    assert GAME.why_not(state, 0, Move("b1-1", "b1-2", 4)) is None
    GAME.apply(state, 0, "move b1-1 b1-2 4")
    assert units(state, 0, "b1-1") == 0 and owner(state, "b1-1") == 1


def test_qa_RS_N05_an_own_location_is_never_abandoned() -> None:
    """'the player must leave at least one (1) unit behind to maintain possession.'"""
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 1)
    assert GAME.why_not(state, 0, Move("b1-1", "b1-2", 1)) is not None
    assert not [a for a in GAME.legal_actions(state, 0) if isinstance(a, Move)]


def test_qa_RS_N08_RS_A03_arriving_beside_an_ally_keeps_both_armies_apart() -> None:
    """'If an Army of an Allied Player is present, both Armies maintain a neutral posture and
    stay separate.' No combat, no change of possession."""
    state = empty_board(sample_game())
    ally(state, 0, 1)
    put(state, 1, "b3-1", 3)
    put(state, 0, "b1-1", 5)
    events = GAME.apply(state, 0, "move b1-1 b3-1 2")
    assert "combat-opened" not in kinds(events) and not state.combats
    assert (units(state, 0, "b3-1"), units(state, 1, "b3-1"), owner(state, "b3-1")) == (2, 3, 1)


def test_qa_RS_N07_arriving_at_an_own_army_combines() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 5)
    put(state, 0, "b1-2", 2)
    GAME.apply(state, 0, "move b1-1 b1-2 3")
    assert units(state, 0, "b1-2") == 5 and units(state, 0, "b1-1") == 2


def test_qa_RS_C06_defending_reinforcements_take_casualties_first() -> None:
    """'when the defender has been reinforced, defending casualties come off the defending
    reinforcements first': seat 1 attacks seat 0; seat 2, allied to seat 0, moves in to defend;
    the next attacking volley's won pairs come off seat 2's army before seat 0's."""
    state = empty_board(sample_game(players=3, seed=4, map=""))
    home = board_of_state(state).system_regions[0]
    target, a_from, d_from, spare = (board_of_state(state).locations[i] for i in home[:4])
    ally(state, 0, 2)
    put(state, 0, target, 3)
    put(state, 0, spare, 1)
    put(state, 1, a_from, 10)
    put(state, 2, d_from, 3)
    state.current, state.first = 1, 1
    force_dice(state, [1, 1, 10, 10, 10])  # opening volley: 2 attackers lose both pairs
    GAME.apply(state, 1, f"move {a_from} {target} 2")
    GAME.apply(state, 1, "end")
    assert state.current == 2
    GAME.apply(state, 2, f"move {d_from} {target} 2")  # a defending reinforcement
    assert state.combats[0].defenders == [0, 2]
    # seat 1 has moved this round: its second wave is rolled directly
    force_dice(state, [10, 10, 10, 10, 1, 1, 1, 1, 1, 1])
    state.units[1][at(state, target)] += 4
    volley(state, state.combats[0], 1, 4)
    assert units(state, 2, target) == 0 and units(state, 0, target) == 1


def test_qa_RS_C07_a_capture_waits_for_the_end_of_the_round() -> None:
    """The combat lasts until every player has finished its turn for the round: wiping out the
    defenders does not take the location until then."""
    state = empty_board(sample_game())
    put(state, 0, "b3-1", 2)
    put(state, 0, "b1-1", 1)
    put(state, 1, "b2-1", 4)
    put(state, 1, "b5-1", 1)
    state.current, state.first = 1, 1  # seat 0 still has its turn this round
    force_dice(state, [9, 9, 9, 1, 1])
    GAME.apply(state, 1, "move b2-1 b3-1 3")
    assert units(state, 0, "b3-1") == 0 and owner(state, "b3-1") == 0 and state.combats
    GAME.apply(state, 1, "end")
    assert owner(state, "b3-1") == 0
    GAME.apply(state, 0, "end")
    assert owner(state, "b3-1") == 1 and units(state, 1, "b3-1") == 3


def test_qa_RS_C10_a_capture_removes_upgrades_and_heroes() -> None:
    """'Upgrades are removed when a Body changes ownership'; 'Heroes are removed from the game if
    they are assigned to a Body that is captured by another player.'"""
    state = empty_board(sample_game())
    put(state, 0, "b3-1", 1)
    put(state, 0, "b1-1", 1)
    put(state, 1, "b2-1", 3)
    put(state, 1, "b5-1", 1)
    body = [b.id for b in state.star_map.systems[0].bodies].index("b3")
    state.level[body] = 2
    state.heroes[body] = [0]
    state.current, state.first = 1, 0
    force_dice(state, [9, 1])
    GAME.apply(state, 1, "move b2-1 b3-1 2")
    GAME.apply(state, 1, "end")
    assert owner(state, "b3-1") == 1
    assert state.level[body] == 0 and state.heroes[body] == [] and 0 in state.removed


def test_qa_RS_A05_no_attack_either_way_for_three_turns_after_leaving() -> None:
    """'cannot attack remaining Alliance members for three turns following the turn they leave';
    'Likewise, an Alliance cannot attack a player that has left.' (Ruling 22: rounds.)"""
    state = empty_board(sample_game())
    ally(state, 0, 1)
    put(state, 0, "b1-1", 5)
    put(state, 1, "b3-1", 2)
    put(state, 1, "b5-1", 5)
    leave(state, 0)
    left_in = state.round
    for r in range(left_in, left_in + 3 + 1):
        state.round = r
        state.moved = False
        refusal = GAME.why_not(state, 0, Move("b1-1", "b3-1", 2))
        assert refusal is not None and "truce" in refusal, r
    state.round = left_in + 4
    state.truces = [t for t in state.truces if t.until >= state.round]
    assert GAME.why_not(state, 0, Move("b1-1", "b3-1", 2)) is None


def test_qa_RS_U02_a_comet_is_upgraded_with_population_and_metals() -> None:
    """'Body upgrades require the two resources not produced on the Body': a comet makes Fuel."""
    state = empty_board(sample_game(), stock=(500, 500, 0))
    put(state, 1, "b6-1", 1)
    put(state, 1, "b5-1", 1)
    state.current = 1
    GAME.apply(state, 1, "upgrade b6")
    assert state.stock[1] == [0, 0, 0]


def test_qa_RS_R01_an_army_unit_costs_10_3_3() -> None:
    state = empty_board(sample_game(), stock=(100, 30, 29))
    put(state, 0, "b1-1", 1)
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "buy b1-1 10")  # 30 fuel needed
    GAME.apply(state, 0, "buy b1-1 9")
    assert state.stock[0] == [10, 3, 2] and units(state, 0, "b1-1") == 10


def test_qa_RS_N12_possession_of_an_empty_mouth_and_the_far_mouth() -> None:
    """An army may move to a lane mouth, then cross to the far mouth, taking each empty one."""
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 4)
    GAME.apply(state, 0, "move b1-1 l1:home-1 3")
    assert owner(state, "l1:home-1") == 0
    state.moved = False
    GAME.apply(state, 0, "move l1:home-1 l1:featured 2")
    assert owner(state, "l1:featured") == 0 and units(state, 0, "l1:home-1") == 1


def test_qa_hidden_information_a_view_shows_no_other_reserve_nor_the_deck() -> None:
    """Ruling 26: the hero deck's order and the other players' reserves are hidden."""
    state = sample_game()
    view = json.loads(msgspec.json.encode(GAME.view(state, 1)))["game"]
    text = json.dumps(view)
    assert "deck" not in view and view["deck_size"] == len(state.deck)
    assert view["reserve"] == state.reserve[1] and view["all_reserves"] is None
    assert view["reserve_sizes"] == [len(r) for r in state.reserve]
    assert str(state.deck) not in text


def test_qa_refusals_name_the_seat_and_the_missing_army() -> None:
    """Found in play: proposing to oneself, to a seat that does not exist, and moving an army one
    does not have from another system each get a reason that names the actual problem."""
    from starlanes.games.risky_stars.actions import Propose

    state = empty_board(sample_game())
    put(state, 0, "b1-1", 5)
    put(state, 1, "b5-1", 2)
    assert GAME.why_not(state, 0, Propose(0)) == "you are seat 0: propose to another seat"
    assert GAME.why_not(state, 0, Propose(5)) == "there is no seat 5: seats are 0 to 1"
    assert GAME.why_not(state, 0, Move("b5-1", "b1-2", 1)) == "you have no army at b5-1"


def test_qa_RS_C08_RS_C11_attacker_wiped_the_first_reinforcement_takes_and_others_stay() -> None:
    """'if attacker and defender are both wiped out, the first reinforcing player (by order of
    arrival) with units left takes it.' Seat 1 attacks and loses every unit; its ally seat 2 then
    wipes out the defenders: at the round's end seat 2 possesses the location."""
    state = empty_board(sample_game(players=3, seed=4, map=""))
    home = board_of_state(state).system_regions[0]
    target, a_from, r_from, spare = (board_of_state(state).locations[i] for i in home[:4])
    ally(state, 1, 2)
    put(state, 0, target, 2)
    put(state, 0, spare, 1)
    put(state, 1, a_from, 3)
    put(state, 2, r_from, 6)
    state.current, state.first = 1, 1
    force_dice(state, [1, 1, 10, 10])  # the opening volley: both attackers lose
    GAME.apply(state, 1, f"move {a_from} {target} 2")
    assert units(state, 1, target) == 0 and units(state, 0, target) == 2
    GAME.apply(state, 1, "end")
    force_dice(state, [10, 10, 10, 10, 10, 1, 1])  # seat 2's 5 units win both pairs
    GAME.apply(state, 2, f"move {r_from} {target} 5")
    assert units(state, 0, target) == 0
    GAME.apply(state, 2, "end")
    GAME.apply(state, 0, "end")  # the round ends: resolution
    assert not state.combats
    assert owner(state, target) == 2 and units(state, 2, target) == 5
