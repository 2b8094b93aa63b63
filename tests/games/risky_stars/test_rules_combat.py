"""Movement, arrival and combat in play (rules: Navigating; reference: combat): RS-N01..N14,
RS-C01..C11, RS-A03, RS-A05. Positions are built on the sample map with the board cleared;
dice are forced (the attacking army's rolls first, then the defenders')."""

from __future__ import annotations

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
from starlanes.games.risky_stars.state import NOBODY, RiskyStarsState, Truce


def duel(attack: int = 5, defend: int = 3, first: int = 1, players: int = 2) -> RiskyStarsState:
    """Seat 0 holds planetoid b3-1 with ``defend`` units; seat 1 holds gas giant b2-1 (same
    system) with ``attack`` + 1 units and is to play; both keep a spare region elsewhere."""
    state = empty_board(sample_game())
    put(state, 0, "b3-1", defend)
    put(state, 1, "b2-1", attack + 1)
    put(state, 0, "b1-1", 1)
    put(state, 1, "b5-1", 1)
    state.current, state.first = 1, first
    return state


def test_RS_N01_one_move_per_turn() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 5)
    GAME.apply(state, 0, "move b1-1 b1-2 1")
    assert GAME.why_not(state, 0, Move("b1-1", "b1-3", 1)) == "you have made your one move this turn"
    assert not any(isinstance(a, Move) for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction):
        GAME.apply(state, 0, "move b1-2 b1-3 1")


def test_RS_N01_part_of_an_army_moves() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 5)
    GAME.apply(state, 0, "move b1-1 b1-2 3")
    assert (units(state, 0, "b1-1"), units(state, 0, "b1-2")) == (2, 3)


def test_RS_N02_any_region_of_the_same_system() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 5)
    for target in ("b1-4", "b2-1", "b3-1", "b4-2"):
        assert GAME.why_not(state, 0, Move("b1-1", target, 1)) is None
    refusal = GAME.why_not(state, 0, Move("b1-1", "b5-1", 1))
    assert refusal is not None and "cannot be reached" in refusal


def test_RS_N03_to_a_lane_mouth_of_the_same_system() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 5)
    assert GAME.why_not(state, 0, Move("b1-1", "l1:home-1", 2)) is None
    assert GAME.why_not(state, 0, Move("b1-1", "l1:featured", 2)) is not None  # the far end: not directly
    GAME.apply(state, 0, "move b1-1 l1:home-1 2")
    assert owner(state, "l1:home-1") == 0


def test_RS_N04_a_mouth_crosses_its_lane_and_that_is_the_move() -> None:
    state = empty_board(sample_game())
    put(state, 0, "l1:home-1", 4)
    GAME.apply(state, 0, "move l1:home-1 l1:featured 3")
    assert units(state, 0, "l1:featured") == 3 and owner(state, "l1:featured") == 0
    assert state.moved
    assert GAME.why_not(state, 0, Move("l1:featured", "b8-1", 1)) == "you have made your one move this turn"


def test_RS_N05_one_unit_stays_where_you_possess() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 3)
    refusal = GAME.why_not(state, 0, Move("b1-1", "b1-2", 3))
    assert refusal is not None and "leave at least 1 unit" in refusal
    put(state, 0, "b1-3", 1)
    refusal = GAME.why_not(state, 0, Move("b1-3", "b1-2", 1))
    assert refusal is not None and "must stay" in refusal
    assert not any(isinstance(a, Move) and a.source == "b1-3" for a in GAME.legal_actions(state, 0))


def test_RS_N06_where_you_do_not_possess_the_whole_army_goes() -> None:
    state = empty_board(sample_game())
    ally(state, 0, 1)
    put(state, 1, "b1-1", 2)  # the ally possesses it
    put(state, 0, "b1-1", 4, own=False)
    refusal = GAME.why_not(state, 0, Move("b1-1", "b1-2", 2))
    assert refusal is not None and "whole army there (4)" in refusal
    assert GAME.why_not(state, 0, Move("b1-1", "b1-2", 4)) is None
    moves = [a for a in GAME.legal_actions(state, 0) if isinstance(a, Move)]
    assert moves and all(a.count == 4 for a in moves)


def test_RS_N07_arriving_at_your_own_army_merges() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 5)
    put(state, 0, "b1-2", 2)
    events = GAME.apply(state, 0, "move b1-1 b1-2 4")
    assert units(state, 0, "b1-2") == 6 and not state.combats
    assert "combat-opened" not in kinds(events)


def test_RS_N08_RS_A03_arriving_at_an_allys_army_stays_apart_no_combat() -> None:
    state = empty_board(sample_game())
    ally(state, 0, 1)
    put(state, 0, "b1-1", 5)
    put(state, 1, "b1-2", 2)
    GAME.apply(state, 0, "move b1-1 b1-2 4")
    assert (units(state, 0, "b1-2"), units(state, 1, "b1-2")) == (4, 2)
    assert owner(state, "b1-2") == 1 and not state.combats


def test_RS_N09_RS_C04_arrival_at_a_non_ally_opens_combat_with_one_volley() -> None:
    state = duel(attack=3, defend=2)
    force_dice(state, [9, 2, 7, 5, 8])  # attack 9 7 2 against defence 8 5
    events = GAME.apply(state, 1, "move b2-1 b3-1 3")
    assert kinds(events)[:3] == ["moved", "combat-opened", "volley"]
    volley = Volley.of(of_kind(events, "volley")[0])
    assert volley.attack == [9, 7, 2] and volley.defend == [8, 5]
    assert (volley.attacker_losses, volley.defender_losses) == (0, [2])  # 9>8, 7>5; the 2 is unpaired
    assert units(state, 0, "b3-1") == 0 and units(state, 1, "b3-1") == 3
    assert owner(state, "b3-1") == 0  # possession changes only when the combat is resolved
    assert [c.at for c in state.combats] == [at(state, "b3-1")]


def test_RS_C01_ties_go_to_the_defender() -> None:
    state = duel(attack=2, defend=2)
    force_dice(state, [6, 3, 6, 2])  # attack 6 3 against 6 2: a tie (defender) and a win
    events = GAME.apply(state, 1, "move b2-1 b3-1 2")
    volley = Volley.of(of_kind(events, "volley")[0])
    assert (volley.attacker_losses, volley.defender_losses) == (1, [1])


def test_RS_C01_ties_to_the_attacker_as_a_param() -> None:
    state = duel(attack=1, defend=1)
    state.params = state.params.replace(ties_to_defender=False)
    force_dice(state, [4, 4])
    events = GAME.apply(state, 1, "move b2-1 b3-1 1")
    assert Volley.of(of_kind(events, "volley")[0]).defender_losses == [1]


def test_RS_C02_casualties_never_exceed_the_smaller_side() -> None:
    for seed in range(20):
        state = duel(attack=7, defend=3)
        state.rng = GAME.setup({"map": state.params.map}, 2, seed).rng
        events = GAME.apply(state, 1, "move b2-1 b3-1 7")
        volley = Volley.of(of_kind(events, "volley")[0])
        assert volley.attacker_losses + sum(volley.defender_losses) == 3


def test_RS_C03_a_combat_stays_open_until_the_round_ends() -> None:
    state = duel(attack=3, defend=5, first=1)  # seat 1 plays first: seat 0 still has its turn
    force_dice(state, [1, 1, 1, 10, 10, 10, 10, 10])
    GAME.apply(state, 1, "move b2-1 b3-1 3")
    GAME.apply(state, 1, "end")
    assert state.current == 0 and len(state.combats) == 1  # open during seat 0's turn
    GAME.apply(state, 0, "end")
    assert not state.combats  # the round ended: resolved


def test_RS_C05_RS_N10_an_allied_reinforcement_joins_and_rolls_a_volley() -> None:
    state = sample_game(players=3, seed=4, map="")
    state = empty_board(state)
    home = board_of_state(state).system_regions[0]  # home system of seat 0
    target, a_from, r_from, spare = (board_of_state(state).locations[i] for i in home[:4])
    ally(state, 1, 2)
    put(state, 0, target, 6)
    put(state, 1, a_from, 3)
    put(state, 2, r_from, 5)
    put(state, 0, spare, 1)
    state.current, state.first = 1, 1
    force_dice(state, [1, 1, 10, 10, 10, 10, 10, 10])  # attack 2 dice, all lost
    GAME.apply(state, 1, f"move {a_from} {target} 2")
    GAME.apply(state, 1, "end")
    assert state.current == 2
    force_dice(state, [10, 10, 10, 10, 1, 1, 1, 1, 1, 1])  # the reinforcement's 4 dice beat 4 of 6 defenders
    events = GAME.apply(state, 2, f"move {r_from} {target} 4")
    assert kinds(events) == ["moved", "reinforced", "volley"]
    volley = Volley.of(of_kind(events, "volley")[0])
    assert volley.seat == 2 and volley.defender_losses == [4]
    combat = state.combats[0]
    assert combat.attackers == [1, 2] and combat.launch[1] == at(state, r_from)


def test_RS_N11_arriving_at_other_players_combat_bounces_and_ends_the_turn() -> None:
    state = empty_board(sample_game(players=3, seed=4, map=""))
    home = board_of_state(state).system_regions[0]
    target, a_from, c_from, spare = (board_of_state(state).locations[i] for i in home[:4])
    put(state, 0, target, 6)
    put(state, 1, a_from, 3)
    put(state, 2, c_from, 5)
    put(state, 0, spare, 1)
    state.current, state.first = 1, 1
    GAME.apply(state, 1, f"move {a_from} {target} 2")
    GAME.apply(state, 1, "end")
    events = GAME.apply(state, 2, f"move {c_from} {target} 4")
    assert kinds(events)[:3] == ["moved", "bounced", "turn-ended"]
    assert units(state, 2, c_from) == 5 and units(state, 2, target) == 0
    assert state.current == 0  # the turn was consumed


def test_RS_N12_an_empty_location_is_taken() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b1-1", 3)
    events = GAME.apply(state, 0, "move b1-1 b3-1 2")
    assert owner(state, "b3-1") == 0 and "took" in kinds(events)


def test_RS_C07_defenders_wiped_the_attacker_takes_the_location() -> None:
    state = duel(attack=3, defend=2, first=0)  # seat 1 plays last: its end ends the round
    force_dice(state, [9, 9, 9, 1, 1])
    GAME.apply(state, 1, "move b2-1 b3-1 3")
    events = GAME.apply(state, 1, "end")
    assert "captured" in kinds(events)
    assert owner(state, "b3-1") == 1 and units(state, 1, "b3-1") == 3


def test_RS_C09_RS_N13_defenders_hold_and_attackers_go_back() -> None:
    state = duel(attack=2, defend=4, first=0)
    force_dice(state, [9, 1, 5, 5, 5, 5])  # 9>5 (defender -1), 1<5 (attacker -1)
    GAME.apply(state, 1, "move b2-1 b3-1 2")
    events = GAME.apply(state, 1, "end")
    assert "held-off" in kinds(events) and "returned" in kinds(events)
    assert owner(state, "b3-1") == 0 and units(state, 0, "b3-1") == 3
    assert units(state, 1, "b3-1") == 0 and units(state, 1, "b2-1") == 2  # 1 stayed + 1 came back


def test_RS_N14_return_to_a_launch_a_non_ally_now_holds_destroys() -> None:
    state = duel(attack=2, defend=4, first=0)
    force_dice(state, [9, 1, 5, 5, 5, 5])
    GAME.apply(state, 1, "move b2-1 b3-1 2")
    state.owner[at(state, "b2-1")] = 0  # the launch location was lost meanwhile
    state.units[1][at(state, "b2-1")] = 0
    state.units[0][at(state, "b2-1")] = 1
    events = GAME.apply(state, 1, "end")
    returned = of_kind(events, "returned")[0]
    assert returned.fields["result"] == "destroyed" and units(state, 1, "b2-1") == 0


def test_RS_N14_return_to_an_empty_unowned_launch_retakes_it() -> None:
    state = duel(attack=2, defend=4, first=0)
    force_dice(state, [9, 1, 5, 5, 5, 5])
    GAME.apply(state, 1, "move b2-1 b3-1 2")
    state.owner[at(state, "b2-1")] = NOBODY
    state.units[1][at(state, "b2-1")] = 0
    events = GAME.apply(state, 1, "end")
    assert of_kind(events, "returned")[0].fields["result"] == "retook"
    assert owner(state, "b2-1") == 1 and units(state, 1, "b2-1") == 1


def test_A32_the_defender_may_move_in_as_its_own_reinforcement() -> None:
    state = duel(attack=4, defend=2, first=1)
    force_dice(state, [1, 1, 1, 1, 10, 10])
    GAME.apply(state, 1, "move b2-1 b3-1 4")  # attacker loses 2 of its 4 (2 pairs)
    GAME.apply(state, 1, "end")
    put(state, 0, "b1-1", 4)
    events = GAME.apply(state, 0, "move b1-1 b3-1 3")
    assert kinds(events)[:2] == ["moved", "reinforced"]
    assert state.combats[0].defenders == [0]  # the same army: merged (RS-N07)


def test_RS_C06_an_allys_defending_reinforcement_dies_first() -> None:
    state = empty_board(sample_game(players=3, seed=4, map=""))
    home = board_of_state(state).system_regions[0]
    target, a_from, r_from, spare = (board_of_state(state).locations[i] for i in home[:4])
    ally(state, 0, 2)
    put(state, 0, target, 2)
    put(state, 1, a_from, 9)
    put(state, 2, r_from, 4)
    put(state, 0, spare, 1)
    state.current, state.first = 2, 2  # order: 2, 0, 1
    GAME.apply(state, 2, "end")
    GAME.apply(state, 0, "end")
    force_dice(state, [10, 10, 1, 1, 1, 1, 1, 1])
    GAME.apply(state, 1, f"move {a_from} {target} 2")  # defenders: seat 0 only; loses 2
    assert units(state, 0, target) == 0
    state2 = empty_board(sample_game(players=3, seed=4, map=""))
    ally(state2, 0, 2)
    put(state2, 0, target, 2)
    put(state2, 2, target, 3, own=False)  # the ally stands there when the combat opens
    put(state2, 1, a_from, 9)
    put(state2, 0, spare, 1)
    state2.current = 1
    force_dice(state2, [10, 10, 10, 1, 1, 1, 1, 1])
    events = GAME.apply(state2, 1, f"move {a_from} {target} 3")
    volley = Volley.of(of_kind(events, "volley")[0])
    assert volley.defenders == [0, 2] and volley.defender_losses == [0, 3]  # the ally's units first
    assert units(state2, 0, target) == 2


def test_RS_C08_attacker_and_defender_wiped_the_first_reinforcement_takes_it() -> None:
    state = empty_board(sample_game(players=3, seed=4, map=""))
    home = board_of_state(state).system_regions[0]
    target, a_from, r_from, spare = (board_of_state(state).locations[i] for i in home[:4])
    ally(state, 1, 2)
    put(state, 0, target, 3)
    put(state, 1, a_from, 3)
    put(state, 2, r_from, 5)
    put(state, 0, spare, 1)
    state.current, state.first = 1, 1  # order 1, 2, 0
    force_dice(state, [10, 1, 9, 9, 9])  # attack 10 1 vs 9 9 9: defender -1, attacker -1
    GAME.apply(state, 1, f"move {a_from} {target} 2")
    state.units[1][at(state, target)] = 0  # the attacker is wiped out
    GAME.apply(state, 1, "end")
    force_dice(state, [10, 10, 10, 1, 1])  # the reinforcement's 3 dice against the 2 left
    GAME.apply(state, 2, f"move {r_from} {target} 3")
    GAME.apply(state, 2, "end")
    events = GAME.apply(state, 0, "end")
    assert of_kind(events, "captured")[0].fields["seat"] == 2
    assert owner(state, target) == 2


def test_RS_C08_A18_everybody_wiped_leaves_it_empty_and_unowned() -> None:
    state = duel(attack=2, defend=2, first=0)
    force_dice(state, [10, 1, 5, 5])  # defender -1, attacker -1
    GAME.apply(state, 1, "move b2-1 b3-1 2")
    state.units[0][at(state, "b3-1")] = 0
    state.units[1][at(state, "b3-1")] = 0
    events = GAME.apply(state, 1, "end")
    assert "emptied" in kinds(events)
    assert owner(state, "b3-1") == NOBODY


def test_RS_C10_RS_U04_RS_H06_capture_removes_upgrades_and_heroes() -> None:
    state = empty_board(sample_game())
    put(state, 0, "b4-1", 1)
    put(state, 0, "b4-2", 1)
    put(state, 0, "b1-1", 1)
    put(state, 1, "b3-1", 10)
    put(state, 1, "b5-1", 1)
    body = 3  # b4, the Barren planet of home 1
    state.level[body] = 2
    state.heroes[body] = [0, 1]
    state.current, state.first = 1, 0
    force_dice(state, [9, 9, 9, 1])
    GAME.apply(state, 1, "move b3-1 b4-1 3")
    events = GAME.apply(state, 1, "end")
    assert {"captured", "upgrade-lost", "heroes-lost"} <= set(kinds(events))
    assert state.level[body] == 0 and state.heroes[body] == [] and state.removed == [0, 1]


def test_RS_C11_surviving_allied_reinforcements_stay_beside_the_winner() -> None:
    state = empty_board(sample_game(players=3, seed=4, map=""))
    home = board_of_state(state).system_regions[0]
    target, a_from, r_from, spare = (board_of_state(state).locations[i] for i in home[:4])
    ally(state, 1, 2)
    put(state, 0, target, 1)
    put(state, 1, a_from, 3)
    put(state, 2, r_from, 5)
    put(state, 0, spare, 1)
    state.current, state.first = 1, 1
    force_dice(state, [1, 1, 10])  # the attacker's 2 lose one pair... against 1 defender
    GAME.apply(state, 1, f"move {a_from} {target} 2")
    GAME.apply(state, 1, "end")
    force_dice(state, [10, 10, 10, 1])
    GAME.apply(state, 2, f"move {r_from} {target} 3")
    GAME.apply(state, 2, "end")
    GAME.apply(state, 0, "end")
    assert owner(state, target) == 1
    assert units(state, 1, target) == 1 and units(state, 2, target) == 3


def test_RS_A05_a_truce_forbids_attacks_both_ways() -> None:
    state = duel(attack=3, defend=2)
    state.truces = [Truce(a=0, b=1, until=3)]
    refusal = GAME.why_not(state, 1, Move("b2-1", "b3-1", 3))
    assert refusal is not None and "truce" in refusal and "round 3" in refusal
    assert Move("b2-1", "b3-1", 3) not in GAME.legal_actions(state, 1)
    state.round = 4
    assert GAME.why_not(state, 1, Move("b2-1", "b3-1", 3)) is None


def test_an_army_in_an_open_combat_stays() -> None:
    state = duel(attack=3, defend=5, first=1)
    force_dice(state, [1, 1, 1, 10, 10, 10, 10, 10])
    GAME.apply(state, 1, "move b2-1 b3-1 3")
    GAME.apply(state, 1, "end")
    refusal = GAME.why_not(state, 0, Move("b3-1", "b1-2", 1))
    assert refusal is not None and "open combat" in refusal


def test_combat_mode_until_decided_fights_to_the_end_at_resolution() -> None:
    state = duel(attack=6, defend=6, first=0)
    state.params = state.params.replace(combat_mode="until_decided")
    GAME.apply(state, 1, "move b2-1 b3-1 6")
    GAME.apply(state, 1, "end")
    here = at(state, "b3-1")
    assert state.units[0][here] == 0 or state.units[1][here] == 0 or owner(state, "b3-1") == 1


def test_combat_window_full_lap_resolves_at_the_openers_next_turn() -> None:
    state = duel(attack=3, defend=5, first=0)
    state.params = state.params.replace(combat_window="full_lap")
    force_dice(state, [1, 1, 1, 10, 10, 10, 10, 10])
    GAME.apply(state, 1, "move b2-1 b3-1 3")
    GAME.apply(state, 1, "end")  # the round ends, the combat stays open
    assert len(state.combats) == 1 and state.current == 0
    events = GAME.apply(state, 0, "end")  # seat 1's next turn begins: resolved first
    assert not state.combats and "held-off" in kinds(events)
