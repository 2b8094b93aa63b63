"""One test (or more) per rule of rules/space-risk.txt and per ruling (R-numbers refer to
docs/rulings/space-risk.md)."""

from __future__ import annotations

import pytest
from tests.games.space_risk.helpers import (
    BOARD,
    GAME,
    T,
    add_ship,
    deployed,
    force,
    forced_setup,
    income_of,
    moving_in,
    new_game,
    position,
    texts,
)

from starlanes.core import GM, Action, Event, IllegalAction, ParseError
from starlanes.games.space_risk.actions import Attack
from starlanes.games.space_risk.rules.end_turn import finish_by_score, update_planets
from starlanes.games.space_risk.spec import SpaceRiskParams
from starlanes.games.space_risk.state import (
    BATTLESHIP,
    CLAIM,
    DEPLOY,
    MAIN,
    OVER,
    REINFORCE,
    TRANSPORT,
    SpaceRiskState,
)

# ------------------------------------------------------------------------------- setup


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_territory_cards_divided_as_starting_territories(players: int) -> None:
    state = new_game(players, seed=players)
    counts = [sum(1 for t in range(BOARD.land_count) if state.owner[t] == s) for s in range(players)]
    assert sum(counts) == BOARD.land_count
    assert max(counts) - min(counts) <= 1
    assert all(state.armies[t] == 1 for t in range(BOARD.land_count))  # at least one on each
    assert all(state.owner[t] == -1 for t in range(BOARD.land_count, BOARD.territory_count))  # space empty
    assert state.ships == []
    assert [len(h) for h in state.objectives] == [2] * players
    assert [len(h) for h in state.goals] == [1] * players
    assert state.phase == DEPLOY


def test_setup_25_infantry_each() -> None:
    state = deployed(2, seed=4)
    for s in range(2):
        total = sum(state.armies[t] for t in range(BOARD.land_count) if state.owner[t] == s)
        assert total == 25
    assert state.phase == REINFORCE and state.turn == 1 and state.current == state.first


def test_setup_starting_infantry_placed_one_at_a_time_in_turn() -> None:
    state = new_game(2, seed=2)
    first = state.current
    GAME.apply(state, first, GAME.legal_actions(state, first)[0])
    assert state.current == 1 - first
    with pytest.raises(Exception, match="cannot act now"):
        GAME.apply(state, first, GAME.legal_actions(state, 1 - first)[0])


def test_setup_die_roll_decides_first_player_ties_roll_again() -> None:
    # modified start: "whoever starts first" claims first, so the roll comes before claiming
    state = forced_setup(3, [4, 6, 6, 2, 5], modified_start=True)  # seats 1 and 2 tie on 6, then 2 beats 5
    assert state.first == 2 and state.current == 2
    assert state.start_rolls == [4, 2, 5]


def test_start_roll_comes_after_all_starting_infantry_are_placed() -> None:
    # "After all starting infantry are placed, roll a D6 and the player with the highest roll
    # may begin play" (R3): placement goes in seat order from seat 0, nobody knows who begins.
    for seed in range(1, 12):
        state = new_game(2, seed)
        assert state.current == 0 and state.start_rolls == []
        while state.phase == DEPLOY:
            assert state.start_rolls == []
            GAME.apply(state, state.current, GAME.legal_actions(state, state.current)[0])
        assert len(state.start_rolls) == 2 and state.current == state.first
        assert state.start_rolls[state.first] == max(state.start_rolls)


def test_modified_start_claims_in_turn_order_then_places_rest() -> None:
    state = new_game(2, seed=3, modified_start=True)
    assert state.phase == CLAIM
    assert all(o == -1 for o in state.owner)
    first = state.current
    GAME.apply(state, first, "claim Vega-1")
    assert state.owner[T("Vega-1")] == first and state.current == 1 - first
    with pytest.raises(IllegalAction, match="already claimed"):
        GAME.apply(state, 1 - first, "claim Vega-1")
    while state.phase == CLAIM:
        GAME.apply(state, state.current, GAME.legal_actions(state, state.current)[0])
    assert state.phase == DEPLOY
    counts = [sum(1 for t in range(BOARD.land_count) if state.owner[t] == s) for s in range(2)]
    assert counts == [18, 18]
    while state.phase == DEPLOY:
        GAME.apply(state, state.current, GAME.legal_actions(state, state.current)[0])
    for s in range(2):
        assert sum(state.armies[t] for t in range(BOARD.land_count) if state.owner[t] == s) == 25


# --------------------------------------------------------------------- reinforcements


def test_reinforcements_territories_divided_by_two_rounded_down() -> None:
    # Seat 1 ends its turn; seat 0 (holding the rest) begins: 36 - held territories.
    state = position({BOARD.names[t]: 2 for t in range(13)}, seat=1)
    GAME.apply(state, 1, "end")
    assert state.current == 0
    assert state.pool == (BOARD.land_count - 13) // 2  # 23 // 2 = 11


def test_reinforcements_minimum_two() -> None:
    # Seat 0 holds 3 territories: 3 // 2 = 1, raised to the minimum of 2.
    state = position({"Vega-1": 2, "Sirius-1": 2, "Kepler-1": 2}, seat=1, players=2)
    # swap roles: seat 1 holds everything else; let seat 1 end so seat 0 begins
    for t in range(BOARD.land_count):
        state.owner[t] = 1 if BOARD.names[t] not in ("Vega-1", "Sirius-1", "Kepler-1") else 0
    update_planets(state, BOARD)
    GAME.apply(state, 1, "end")
    assert state.current == 0 and state.pool == 2


def test_trade_in_table_escalates_for_every_set() -> None:
    state = position({"Vega-1": 2, "Vega-2": 2}, phase=REINFORCE)
    state.pool = 3
    # cards of territories seat 0 does not hold: no bonus
    state.hands[0] = [T("Sirius-1"), T("Sirius-2"), T("Sirius-3")]  # infantry/horse/cannon mix
    kinds = {BOARD.card_kind[c] for c in state.hands[0]}
    assert len(kinds) == 3
    state.sets_traded = 6
    GAME.apply(state, 0, "trade Sirius-1 Sirius-2 Sirius-3")
    assert state.pool == 3 + 20  # the 7th set: 15 then +5
    assert state.sets_traded == 7
    assert sorted(state.discard[-3:]) == sorted([T("Sirius-1"), T("Sirius-2"), T("Sirius-3")])


def test_trade_bonus_two_per_card_of_a_held_territory() -> None:
    state = position({"Sirius-1": 2, "Sirius-2": 2}, phase=REINFORCE)
    state.pool = 2
    state.hands[0] = [T("Sirius-1"), T("Sirius-2"), T("Sirius-3")]
    GAME.apply(state, 0, "trade Sirius-1 Sirius-2 Sirius-3")
    assert state.pool == 2 + 4 + 2 * 2


def test_trade_bonus_once_param() -> None:
    state = position({"Sirius-1": 2, "Sirius-2": 2}, phase=REINFORCE, trade_bonus_once=True)
    state.pool = 2
    state.hands[0] = [T("Sirius-1"), T("Sirius-2"), T("Sirius-3")]
    GAME.apply(state, 0, "trade Sirius-1 Sirius-2 Sirius-3")
    assert state.pool == 2 + 4 + 2


def _kind_cards(kind: int, n: int) -> list[int]:
    return [c for c in range(BOARD.land_count) if BOARD.card_kind[c] == kind][:n]


def test_trade_set_three_alike_or_one_of_each_special_is_wild() -> None:
    state = position({"Vega-1": 2}, phase=REINFORCE)
    state.pool = 2
    alike = _kind_cards(0, 3)
    mixed_bad = _kind_cards(0, 2) + _kind_cards(1, 1)
    wild = BOARD.land_count  # Special-1
    state.hands[0] = alike + mixed_bad[1:2] + _kind_cards(1, 1) + [wild]
    trades = {a for a in GAME.legal_actions(state, 0) if a.verb == "trade"}
    names = BOARD.card_names

    def trade(*cards: int) -> Action:
        return GAME.parse_action("trade " + " ".join(names[c] for c in cards))

    assert trade(*alike) in trades
    # two infantry and a horse is not a set ...
    bad = [alike[0], alike[1], _kind_cards(1, 1)[0]]
    assert trade(*bad) not in trades
    # ... but two of a kind and a special card is, named in any order
    good = [alike[0], alike[1], wild]
    assert trade(*good) in trades
    with pytest.raises(IllegalAction, match="three cards alike or one of each"):
        GAME.apply(state, 0, trade(*bad).text())
    with pytest.raises(IllegalAction, match="three different cards"):
        GAME.apply(state, 0, f"trade {names[wild]} {names[wild]} {names[alike[0]]}")
    GAME.apply(state, 0, f"trade {names[good[2]]} {names[good[1]]} {names[good[0]]}")
    assert wild not in state.hands[0] and state.sets_traded == 1


def test_trade_only_cards_you_hold() -> None:
    state = position({"Vega-1": 2}, phase=REINFORCE)
    state.pool = 2
    with pytest.raises(IllegalAction, match="do not hold the card"):
        GAME.apply(state, 0, "trade Vega-1 Vega-2 Vega-3")


def test_trading_is_optional_by_default_even_with_five_cards() -> None:
    # "you may if you choose, first turn in territory cards" (item 1, R14)
    assert SpaceRiskParams().forced_trade_hand == 0
    free = position({"Vega-1": 2}, phase=REINFORCE)
    free.pool = 2
    free.hands[0] = _kind_cards(0, 3) + _kind_cards(1, 3)
    assert "place Vega-1 count=2" in texts(free)
    assert any(a.startswith("trade") for a in texts(free))
    GAME.apply(free, 0, "place Vega-1 count=2")
    assert free.phase == MAIN and len(free.hands[0]) == 6


def test_forced_trade_with_five_cards_is_a_house_rule_param() -> None:
    state = position({"Vega-1": 2}, phase=REINFORCE, forced_trade_hand=5)
    state.pool = 2
    state.hands[0] = _kind_cards(0, 3) + _kind_cards(1, 2)
    assert all(a.startswith("trade") for a in texts(state))
    with pytest.raises(IllegalAction, match="trade a set first"):
        GAME.apply(state, 0, "place Vega-1")


def test_illegal_trade_is_echoed_as_typed_with_the_reason_of_the_cards_typed() -> None:
    # item 21: the refusal quotes the cards in the order typed, and the reason is about them
    state = position({"Vega-1": 2}, phase=REINFORCE)
    state.pool = 2
    names = BOARD.card_names
    inf = _kind_cards(0, 2)
    horse = _kind_cards(1, 1)
    state.hands[0] = inf + horse
    typed = f"trade {names[inf[1]]} {names[horse[0]]} {names[inf[0]]}"
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, 0, typed)
    assert typed in str(info.value)
    assert "not a set (infantry, horse, infantry)" in str(info.value)
    not_held = _kind_cards(2, 1)[0]
    typed = f"trade {names[inf[1]]} {names[not_held]} {names[inf[0]]}"
    with pytest.raises(IllegalAction, match=f"you do not hold the card {names[not_held]}") as info:
        GAME.apply(state, 0, typed)
    assert typed in str(info.value)
    main = position({"Vega-1": 2})
    main.hands[0] = _kind_cards(0, 3)
    with pytest.raises(IllegalAction, match="before your reinforcements are all placed"):
        GAME.apply(main, 0, "trade " + " ".join(names[c] for c in reversed(main.hands[0])))


def test_reinforcements_placed_one_at_a_time_then_main_phase() -> None:
    state = position({"Vega-1": 2, "Vega-2": 3}, phase=REINFORCE)
    state.pool = 2
    GAME.apply(state, 0, "place Vega-1")
    assert state.pool == 1 and state.phase == REINFORCE
    with pytest.raises(IllegalAction, match="place your 1 reinforcements first"):
        GAME.apply(state, 0, "end")
    GAME.apply(state, 0, "place Vega-2")
    assert state.phase == MAIN and state.armies[T("Vega-1")] == 3 and state.armies[T("Vega-2")] == 4


def test_planet_net_worth_after_holding_a_whole_planet_for_a_round() -> None:
    altair = [BOARD.names[t] for t in BOARD.planets[BOARD.planet_index["Altair"]].territories]
    state = position(dict.fromkeys(altair, 2), seat=0)
    GAME.apply(state, 0, "end")  # the hold is recorded at the end of seat 0's turn
    assert state.planet_holder[BOARD.planet_index["Altair"]] == 0
    while state.current == 1 and state.phase == REINFORCE:
        GAME.apply(state, 1, next(a for a in GAME.legal_actions(state, 1) if a.verb == "place"))
    GAME.apply(state, 1, "end")
    assert state.current == 0
    assert state.pool == 2 + 2  # 5 territories -> 2, plus Altair's net worth 2


def test_planet_net_worth_not_paid_before_a_full_round() -> None:
    altair = [BOARD.names[t] for t in BOARD.planets[BOARD.planet_index["Altair"]].territories]
    state = position(dict.fromkeys(altair, 2), seat=1)  # seat 0 holds the rest of the board
    for name in altair:
        state.owner[T(name)] = 1
    update_planets(state, BOARD)
    # seat 1 takes Altair during this turn (simulated): recorded at its end ...
    state.planet_holder = [-1] * len(BOARD.planets)
    GAME.apply(state, 1, "end")
    pi = BOARD.planet_index["Altair"]
    assert state.planet_holder[pi] == 1 and state.planet_since[pi] == state.turn - 1
    # Seat 0 now takes one Altair territory back during its turn: at seat 1's next turn Altair
    # is not whole, so seat 1 gets no net worth even though it held Altair a moment ago.
    while state.phase == REINFORCE:
        GAME.apply(state, 0, next(a for a in GAME.legal_actions(state, 0) if a.verb == "place"))
    state.owner[T(altair[0])] = 0
    GAME.apply(state, 0, "end")
    assert state.current == 1 and "Altair" not in income_of(state)
    # Seat 1 retakes it in this turn: the hold starts now and pays only after seat 0's turn.
    while state.phase == REINFORCE:
        GAME.apply(state, 1, next(a for a in GAME.legal_actions(state, 1) if a.verb == "place"))
    state.owner[T(altair[0])] = 1
    GAME.apply(state, 1, "end")
    while state.phase == REINFORCE:
        GAME.apply(state, 0, next(a for a in GAME.legal_actions(state, 0) if a.verb == "place"))
    GAME.apply(state, 0, "end")
    assert state.current == 1 and f"Altair {BOARD.planets[pi].net_worth}" in income_of(state)


# ----------------------------------------------------------------------------- attacks


def test_attack_highest_dice_compared_ties_to_defender() -> None:
    state = position({"Vega-1": 10}, {"Vega-2": 5})
    force(state, 6, 3, 1, 5, 3)  # attacker 6 3 1 against 5 3: one loss each
    events = GAME.apply(state, 0, "attack Vega-1 Vega-2")
    assert state.armies[T("Vega-1")] == 9 and state.armies[T("Vega-2")] == 4
    assert "6 3 1 against 5 3: attacker -1, defender -1" in words(events[0])


def test_attack_only_adjacent_territories() -> None:
    state = position({"Vega-1": 10}, {"Vega-4": 5})
    with pytest.raises(IllegalAction, match="not adjacent"):
        GAME.apply(state, 0, "attack Vega-1 Vega-4")
    with pytest.raises(IllegalAction, match="not adjacent"):
        GAME.apply(state, 0, "attack Vega-1 Sirius-1")


def test_attack_dice_may_not_risk_the_territory() -> None:
    state = position({"Vega-1": 2, "Vega-3": 3}, {"Vega-2": 5})
    two = {a for a in texts(state) if a.startswith("attack Vega-1 Vega-2")}
    assert two == {"attack Vega-1 Vega-2", "attack Vega-1 Vega-2 all=yes", "attack Vega-1 Vega-2 dice=1"}  # 1 die
    three = {a for a in texts(state) if a.startswith("attack Vega-3 Vega-2")}
    assert three == {"attack Vega-3 Vega-2", "attack Vega-3 Vega-2 all=yes", "attack Vega-3 Vega-2 dice=3",
                     "attack Vega-3 Vega-2 dice=2", "attack Vega-3 Vega-2 dice=1"}
    with pytest.raises(IllegalAction, match="1 to 1 dice"):
        GAME.apply(state, 0, "attack Vega-1 Vega-2 dice=2")
    one = position({"Vega-1": 1}, {"Vega-2": 1})
    with pytest.raises(IllegalAction, match="only one infantry"):
        GAME.apply(one, 0, "attack Vega-1 Vega-2 dice=1")


def test_defender_rolls_at_most_two_dice() -> None:
    state = position({"Vega-1": 10}, {"Vega-2": 5})
    force(state, 2, 2, 2, 6, 6)
    GAME.apply(state, 0, "attack Vega-1 Vega-2")
    assert state.armies[T("Vega-1")] == 8 and state.armies[T("Vega-2")] == 5
    single = position({"Vega-1": 10}, {"Vega-2": 1})
    force(single, 6, 1, 1, 5)  # one defender: one die, one pair
    GAME.apply(single, 0, "attack Vega-1 Vega-2")
    assert single.owner[T("Vega-2")] == 0


def test_conquest_moves_at_least_one_army_in() -> None:
    state = position({"Vega-1": 6}, {"Vega-2": 1})
    force(state, 6, 5, 4, 1)
    GAME.apply(state, 0, "attack Vega-1 Vega-2")
    assert moving_in(state) and state.owner[T("Vega-2")] == 0
    assert texts(state) == {f"move {n}" for n in range(1, 6)}
    with pytest.raises(IllegalAction, match="move between 1 and 5"):
        GAME.apply(state, 0, "move 6")
    with pytest.raises(IllegalAction, match="say how many"):
        GAME.apply(state, 0, "end")
    GAME.apply(state, 0, "move 4")
    assert state.armies[T("Vega-1")] == 2 and state.armies[T("Vega-2")] == 4 and state.phase == MAIN


def test_conquest_with_one_choice_moves_automatically() -> None:
    state = position({"Vega-1": 2}, {"Vega-2": 1})
    force(state, 6, 1)
    GAME.apply(state, 0, "attack Vega-1 Vega-2 dice=1")
    assert state.phase == MAIN and state.armies[T("Vega-1")] == 1 and state.armies[T("Vega-2")] == 1


def test_any_number_of_attacks_per_turn() -> None:
    state = position({"Vega-1": 15}, {"Vega-2": 9})
    for _ in range(4):
        force(state, 1, 1, 1, 6, 6)
        GAME.apply(state, 0, "attack Vega-1 Vega-2")
    assert state.armies[T("Vega-1")] == 7 and state.phase == MAIN


def test_at_most_15_infantry_per_territory() -> None:
    state = position({"Vega-1": 15, "Vega-2": 14}, phase=REINFORCE)
    state.pool = 3
    assert "place Vega-1" not in texts(state)
    with pytest.raises(IllegalAction, match="most infantry allowed"):
        GAME.apply(state, 0, "place Vega-1")
    main = position({"Vega-1": 15, "Vega-2": 14})
    assert "fortify Vega-1 Vega-2 1" in texts(main) and "fortify Vega-1 Vega-2 2" not in texts(main)
    conquer = position({"Vega-1": 15}, {"Vega-2": 1}, max_infantry=15)
    force(conquer, 6, 6, 6, 1)
    GAME.apply(conquer, 0, "attack Vega-1 Vega-2")
    assert max(int(a.split()[1]) for a in texts(conquer)) == 14


def test_reinforcements_with_no_room_are_lost() -> None:
    state = position({"Vega-1": 15}, seat=1)
    for t in range(BOARD.land_count):
        if state.owner[t] == 0:
            state.armies[t] = 15
    GAME.apply(state, 1, "end")
    assert state.current == 0 and state.phase == MAIN and state.pool == 0
    assert income_of(state).endswith("; 17 lost for want of room")  # 35 territories, all full
    text = GAME.render(GAME.view(state, 0).game, 0)
    assert "17 lost for want of room" in text  # shown although nothing is left to place


def test_one_territory_card_per_turn_with_a_conquest() -> None:
    state = position({"Vega-1": 10}, {"Vega-2": 1, "Vega-6": 1})
    deck_before = len(state.deck)
    force(state, 6, 6, 6, 1)
    GAME.apply(state, 0, "attack Vega-1 Vega-2")
    GAME.apply(state, 0, "move 1")
    force(state, 6, 6, 6, 1)
    GAME.apply(state, 0, "attack Vega-1 Vega-6")
    GAME.apply(state, 0, "move 1")
    GAME.apply(state, 0, "end")
    assert len(state.hands[0]) == 1 and len(state.deck) == deck_before - 1
    quiet = position({"Vega-1": 10}, {"Vega-2": 1})
    GAME.apply(quiet, 0, "end")
    assert quiet.hands[0] == []


def test_one_consolidation_move_between_adjacent_territories_ends_the_turn() -> None:
    state = position({"Vega-1": 6, "Vega-2": 1, "Vega-4": 1})
    with pytest.raises(IllegalAction, match="not adjacent"):
        GAME.apply(state, 0, "fortify Vega-1 Vega-4 2")
    with pytest.raises(IllegalAction, match="move between 1 and 5"):
        GAME.apply(state, 0, "fortify Vega-1 Vega-2 6")
    GAME.apply(state, 0, "fortify Vega-1 Vega-2 5")
    assert state.armies[T("Vega-1")] == 1 and state.armies[T("Vega-2")] == 6
    assert state.current == 1


# --------------------------------------------------------------------------- spaceports


def test_spaceport_on_every_planet_but_dramethan_needs_control() -> None:
    state = position({"Vega-3": 3, "Dramethan-1": 3})
    builds = {a for a in texts(state) if a.startswith("build")}
    assert builds == {"build Vega battleship", "build Vega transport"}
    with pytest.raises(IllegalAction, match="no spaceport"):
        GAME.apply(state, 0, "build Dramethan battleship")
    with pytest.raises(IllegalAction, match="do not control"):
        GAME.apply(state, 0, "build Sirius battleship")


def test_spaceport_usable_every_other_turn() -> None:
    state = position({"Vega-3": 3})
    GAME.apply(state, 0, "build Vega transport")
    ship = state.ships[-1]
    assert ship.at == T("Vega-Orbit") and ship.kind == TRANSPORT and state.owner[T("Vega-Orbit")] == 0
    with pytest.raises(IllegalAction, match="every other turn"):
        GAME.apply(state, 0, "build Vega battleship")
    GAME.apply(state, 0, "end")
    while state.current == 1:
        GAME.apply(state, 1, GAME.legal_actions(state, 1)[-1])
    assert state.current == 0
    while state.phase == REINFORCE:
        GAME.apply(state, 0, "place Vega-3")
    assert not any(a.startswith("build") for a in texts(state))  # the next turn: not yet
    GAME.apply(state, 0, "end")
    while state.current == 1:
        GAME.apply(state, 1, GAME.legal_actions(state, 1)[-1])
    while state.phase == REINFORCE:
        GAME.apply(state, 0, "place Vega-3")
    assert "build Vega battleship" in texts(state)  # every other turn


def test_new_ship_waits_one_turn_before_moving() -> None:
    state = position({"Vega-3": 3})
    GAME.apply(state, 0, "build Vega battleship")
    name = f"S{state.ships[-1].id}"
    assert not any(a.startswith(f"fly {name}") for a in texts(state))
    with pytest.raises(IllegalAction, match="wait a turn"):
        GAME.apply(state, 0, f"fly {name} Outer-1")
    GAME.apply(state, 0, "end")
    while state.current == 1:
        GAME.apply(state, 1, GAME.legal_actions(state, 1)[-1])
    while state.phase == REINFORCE:
        GAME.apply(state, 0, "place Vega-3")
    assert f"fly {name} Outer-1" in texts(state)


def test_ship_moves_one_territory_per_turn() -> None:
    state = position({"Vega-3": 3})
    name = add_ship(state, 0, BATTLESHIP, "Vega-Orbit")
    assert {a for a in texts(state) if a.startswith("fly")} == {
        f"fly {name} Outer-1", f"fly {name} Outer-5", f"fly {name} Inner-1"}
    GAME.apply(state, 0, f"fly {name} Outer-1")
    assert state.owner[T("Outer-1")] == 0 and state.owner[T("Vega-Orbit")] == -1
    with pytest.raises(IllegalAction, match="already moved"):
        GAME.apply(state, 0, f"fly {name} Sirius-Orbit")


def test_space_territory_holds_only_one_players_ships() -> None:
    state = position({"Vega-3": 3})
    name = add_ship(state, 0, BATTLESHIP, "Vega-Orbit")
    add_ship(state, 1, TRANSPORT, "Outer-1")
    assert f"fly {name} Outer-1" not in texts(state)
    with pytest.raises(IllegalAction, match="attack them first"):
        GAME.apply(state, 0, f"fly {name} Outer-1")
    assert f"attack {name} Outer-1 dice=1" in texts(state)
    # a blockaded spaceport cannot launch
    blocked = position({"Vega-3": 3})
    add_ship(blocked, 1, BATTLESHIP, "Vega-Orbit")
    assert not any(a.startswith("build") for a in texts(blocked))


# ---------------------------------------------------------------------- space combat


def test_battleship_beats_transport_and_transport_is_lost_with_everything_aboard() -> None:
    state = position({"Vega-3": 3})
    bs = add_ship(state, 0, BATTLESHIP, "Vega-Orbit")
    add_ship(state, 1, TRANSPORT, "Outer-1", cargo=7)
    force(state, 3, 3)  # battleship 3 against transport 3 - 1 = 2
    GAME.apply(state, 0, f"attack {bs} Outer-1 dice=1")
    assert [s.owner for s in state.ships] == [0]
    assert state.owner[T("Outer-1")] == -1


def test_transport_attacks_at_minus_two() -> None:
    state = position({"Vega-3": 3})
    tr = add_ship(state, 0, TRANSPORT, "Vega-Orbit", cargo=4)
    add_ship(state, 1, BATTLESHIP, "Outer-1")
    force(state, 6, 4)  # 6 - 2 = 4 ties 4: the defender wins; the transport and 4 aboard are lost
    GAME.apply(state, 0, f"attack {tr} Outer-1 dice=1")
    assert [s.owner for s in state.ships] == [1]
    assert state.owner[T("Vega-Orbit")] == -1


def test_battleship_lost_when_beaten_in_space() -> None:
    state = position({"Vega-3": 3})
    bs = add_ship(state, 0, BATTLESHIP, "Vega-Orbit")
    add_ship(state, 1, BATTLESHIP, "Outer-1")
    force(state, 4, 4)
    GAME.apply(state, 0, f"attack {bs} Outer-1 dice=1")
    assert [s.owner for s in state.ships] == [1]


def test_asteroid_field_adds_one_to_defending_dice() -> None:
    assert BOARD.asteroid[T("Outer-2")]
    state = position({"Vega-3": 3})
    bs = add_ship(state, 0, BATTLESHIP, "Sirius-Orbit")
    add_ship(state, 1, BATTLESHIP, "Outer-2")
    force(state, 5, 4)  # 5 against 4 + 1 = 5: tie, the defender wins
    GAME.apply(state, 0, f"attack {bs} Outer-2 dice=1")
    assert [s.owner for s in state.ships] == [1]
    plain = position({"Vega-3": 3})
    bs = add_ship(plain, 0, BATTLESHIP, "Sirius-Orbit")
    add_ship(plain, 1, BATTLESHIP, "Outer-1")
    force(plain, 5, 4)
    GAME.apply(plain, 0, f"attack {bs} Outer-1 dice=1")
    assert [s.owner for s in plain.ships] == [0]


def test_defending_transport_rolls_minus_one() -> None:
    state = position({"Vega-3": 3})
    bs = add_ship(state, 0, BATTLESHIP, "Vega-Orbit")
    add_ship(state, 1, TRANSPORT, "Outer-1")
    force(state, 5, 6)  # 5 against 6 - 1 = 5: tie to the defender
    GAME.apply(state, 0, f"attack {bs} Outer-1 dice=1")
    assert [s.owner for s in state.ships] == [1]


def test_battleship_defends_before_transport() -> None:
    state = position({"Vega-3": 3})
    bs = add_ship(state, 0, BATTLESHIP, "Vega-Orbit")
    add_ship(state, 1, TRANSPORT, "Outer-1")
    add_ship(state, 1, BATTLESHIP, "Outer-1")
    force(state, 6, 1)
    GAME.apply(state, 0, f"attack {bs} Outer-1 dice=1")
    assert sorted(s.kind for s in state.ships if s.owner == 1) == [TRANSPORT]
    assert state.owner[T("Outer-1")] == 1


# ------------------------------------------------------------------ transports and land


def test_transport_carries_at_most_15_infantry() -> None:
    state = position({"Vega-3": 15, "Vega-1": 10})
    tr = add_ship(state, 0, TRANSPORT, "Vega-Orbit", cargo=6)
    loads = {a for a in texts(state) if a.startswith(f"load {tr} Vega-3")}
    assert max(int(a.split()[-1]) for a in loads) == 9
    with pytest.raises(IllegalAction, match="at most 15"):
        GAME.apply(state, 0, f"load {tr} Vega-3 10")
    GAME.apply(state, 0, f"load {tr} Vega-3 9")
    assert state.ships[-1].cargo == 15 and state.armies[T("Vega-3")] == 6
    with pytest.raises(IllegalAction, match="already loaded"):
        GAME.apply(state, 0, f"load {tr} Vega-1 1")


def test_battleships_carry_no_infantry_and_cannot_attack_land_without_the_drop() -> None:
    state = position({"Vega-3": 5}, {"Vega-1": 1}, battleships_drop_infantry=False)
    bs = add_ship(state, 0, BATTLESHIP, "Vega-Orbit")
    with pytest.raises(IllegalAction, match="only transports carry"):
        GAME.apply(state, 0, f"load {bs} Vega-3 2")
    with pytest.raises(IllegalAction, match="cannot attack land"):
        GAME.apply(state, 0, f"attack {bs} Vega-1 dice=1")


def test_transport_is_a_base_infantry_attack_land_without_penalty() -> None:
    state = position({"Sirius-1": 2}, {"Vega-1": 1})
    tr = add_ship(state, 0, TRANSPORT, "Vega-Orbit", cargo=5)
    force(state, 4, 1, 1, 3)  # 4 beats 3: no -2 for infantry attacking from a transport
    GAME.apply(state, 0, f"attack {tr} Vega-1")
    assert state.owner[T("Vega-1")] == 0 and moving_in(state)
    assert texts(state) == {f"move {n}" for n in range(1, 6)}
    GAME.apply(state, 0, "move 5")
    assert state.armies[T("Vega-1")] == 5 and state.ships[-1].cargo == 0


def test_transport_infantry_may_all_attack() -> None:
    state = position({"Sirius-1": 2}, {"Vega-1": 3})
    tr = add_ship(state, 0, TRANSPORT, "Vega-Orbit", cargo=1)
    attacks = {a for a in texts(state) if a.startswith(f"attack {tr} Vega-1")}
    assert attacks == {f"attack {tr} Vega-1", f"attack {tr} Vega-1 all=yes", f"attack {tr} Vega-1 dice=1"}
    force(state, 1, 6, 6)
    GAME.apply(state, 0, f"attack {tr} Vega-1 dice=1")
    assert state.ships[-1].cargo == 0
    assert not any(a.startswith(f"attack {tr}") for a in texts(state))  # an empty transport cannot attack


def test_unload_onto_own_land_only_and_once_per_turn() -> None:
    state = position({"Vega-3": 14, "Vega-1": 2}, {"Vega-5": 2})
    tr = add_ship(state, 0, TRANSPORT, "Vega-Orbit", cargo=4)
    assert {a for a in texts(state) if a.startswith(f"unload {tr} Vega-3")} == {f"unload {tr} Vega-3 1"}
    with pytest.raises(IllegalAction, match="do not hold"):
        GAME.apply(state, 0, f"unload {tr} Vega-5 1")
    GAME.apply(state, 0, f"unload {tr} Vega-1 3")
    assert state.armies[T("Vega-1")] == 5
    with pytest.raises(IllegalAction, match="already unloaded"):
        GAME.apply(state, 0, f"unload {tr} Vega-1 1")


def _place_all(state: SpaceRiskState, seat: int) -> None:
    assert state.current == seat
    while state.phase == REINFORCE:
        GAME.apply(state, seat, next(a for a in GAME.legal_actions(state, seat) if a.verb == "place"))


def _pass_turn(state: SpaceRiskState, seat: int) -> None:
    _place_all(state, seat)
    GAME.apply(state, seat, "end")


def test_battleship_bridge_is_a_house_rule_param() -> None:
    # Vega-1 and Vega-5 both touch Vega-Orbit but not each other: with battleship_bridge a
    # battleship there lets infantry attack from one to the other (R26, the old reading).
    assert T("Vega-5") not in BOARD.land_adj[T("Vega-1")]
    state = position({"Vega-1": 6}, {"Vega-5": 2}, battleship_bridge=True)
    assert "attack Vega-1 Vega-5" not in texts(state)
    add_ship(state, 0, BATTLESHIP, "Vega-Orbit")
    assert "attack Vega-1 Vega-5" in texts(state)
    default = position({"Vega-1": 6}, {"Vega-5": 2})
    add_ship(default, 0, BATTLESHIP, "Vega-Orbit")
    assert "attack Vega-1 Vega-5" not in texts(default)


def test_battleship_carries_infantry_to_another_planet_and_drops_them_to_fight() -> None:
    # "they can be used as transport ships in the sense that it can drop infantry to a planet to
    # fight" (item 4, R26): on the built-in board, Vega to Sirius by Outer-1 in two turns.
    state = position({"Vega-3": 8}, {"Sirius-1": 2})
    bs = add_ship(state, 0, BATTLESHIP, "Vega-Orbit")
    GAME.apply(state, 0, f"load {bs} Vega-3 6")
    with pytest.raises(IllegalAction, match="drops its infantry only to fight"):
        GAME.apply(state, 0, f"unload {bs} Vega-3 1")
    GAME.apply(state, 0, "end")
    _pass_turn(state, 1)
    _place_all(state, 0)
    GAME.apply(state, 0, f"fly {bs} Outer-1")
    GAME.apply(state, 0, "end")
    _pass_turn(state, 1)
    _place_all(state, 0)
    GAME.apply(state, 0, f"fly {bs} Sirius-Orbit")
    assert f"attack {bs} Sirius-1" in texts(state)
    force(state, 6, 6, 6, 1, 1)
    GAME.apply(state, 0, f"attack {bs} Sirius-1")
    assert state.owner[T("Sirius-1")] == 0
    GAME.apply(state, 0, "move 6")
    assert state.armies[T("Sirius-1")] == 6 and state.ships[0].cargo == 0


# ------------------------------------------------------------------------ objectives, end


def test_objective_completed_pays_reward_and_a_new_card_is_drawn() -> None:
    state = position({"Vega-1": 3})
    o3 = next(i for i, c in enumerate(BOARD.objectives) if c.id == "O3")  # hold two spaceports
    state.objectives[0] = [o3]
    state.owner[T("Vega-3")] = 0
    state.owner[T("Sirius-3")] = 0
    deck_before = len(state.objective_deck)
    GAME.apply(state, 0, "end")
    assert "O3" in state.completed[0] and "O3" in state.mission_discard
    assert len(state.objectives[0]) == 1 and o3 not in state.objectives[0]
    assert len(state.objective_deck) == deck_before - 1
    assert state.rewards_due[0] == BOARD.objectives[o3].reward
    while state.current == 1:
        GAME.apply(state, 1, GAME.legal_actions(state, 1)[-1])
    held = sum(1 for t in range(BOARD.land_count) if state.owner[t] == 0)
    assert state.current == 0 and state.phase == REINFORCE
    assert state.pool == max(2, held // 2) + BOARD.objectives[o3].reward
    assert state.rewards_due[0] == 0


def test_goal_card_gives_a_star_and_three_stars_win() -> None:
    state = position({"Vega-1": 3})
    g3 = next(i for i, c in enumerate(BOARD.goals) if c.id == "G4")  # four spaceports
    state.goals[0] = [g3]
    for planet in ("Vega", "Sirius", "Kepler", "Altair"):
        state.owner[BOARD.planets[BOARD.planet_index[planet]].port] = 0
    state.stars[0] = 2
    GAME.apply(state, 0, "end")
    assert state.stars[0] == 3 and state.phase == OVER
    out = GAME.outcome(state)
    assert out is not None and out.winners == (0,) and "stars" in out.reason


def test_conquest_of_all_land_wins_and_takes_the_cards() -> None:
    names = [BOARD.names[t] for t in range(BOARD.land_count) if BOARD.names[t] != "Vega-2"]
    state = position(dict.fromkeys(names, 3), {"Vega-2": 1})
    state.hands[1] = [5, 6]
    force(state, 6, 6, 6, 1)
    GAME.apply(state, 0, "attack Vega-1 Vega-2")
    assert state.phase == OVER and state.alive == [True, False]
    assert sorted(state.hands[0]) == [5, 6]
    out = GAME.outcome(state)
    assert out is not None and out.winners == (0,)
    with pytest.raises(Exception, match="game is over"):
        GAME.apply(state, 0, "end")


def test_round_limit_scores_stars_then_territories() -> None:
    state = position({"Vega-1": 3, "Vega-2": 3}, max_rounds=1)
    state.round = 1
    state.stars = [1, 0]
    GAME.apply(state, 0, "end")
    while state.phase != OVER:
        GAME.apply(state, state.current, GAME.legal_actions(state, state.current)[-1])
    out = GAME.outcome(state)
    assert out is not None and out.winners == (0,) and "round limit" in out.reason


# ---------------------------------------------------------------------- actions, errors


def test_action_text_round_trips() -> None:
    for text in ("attack Vega-3 Sirius-1 dice=3", "attack Vega-3 Vega-4", "fly S2 Outer-1",
                 "trade Vega-1 Vega-2 Special-1", "load S1 Vega-3 4", "fortify Vega-1 Vega-2 3", "move 2", "end",
                 "build Vega transport"):
        action = GAME.parse_action(text)
        assert GAME.parse_action(action.text()) == action
    assert GAME.parse_action("attack Vega-3 Sirius-1 dice=0").text() == "attack Vega-3 Sirius-1"
    assert GAME.parse_action("attack Vega-3 Sirius-1 dice=3") == Attack("Vega-3", "Sirius-1", 3)


def test_bad_input_changes_nothing_and_says_why() -> None:
    state = position({"Vega-1": 5}, {"Vega-2": 2})
    before = GAME.to_json(state)
    with pytest.raises(ParseError):
        GAME.apply(state, 0, "attack Vega-1")
    with pytest.raises(IllegalAction, match="unknown territory"):
        GAME.apply(state, 0, "attack Vega-1 Narnia")
    with pytest.raises(IllegalAction, match="hold Vega-1 yourself"):
        GAME.apply(state, 0, "attack Vega-2 Vega-1")
    with pytest.raises(IllegalAction, match="no ship S99"):
        GAME.apply(state, 0, "fly S99 Outer-1")
    with pytest.raises(IllegalAction, match="start of the turn"):
        GAME.apply(state, 0, "place Vega-1")
    assert GAME.to_json(state) == before


# ------------------------------------------------------------------- more rulings


def test_space_territories_do_not_count_for_reinforcements() -> None:
    state = position({BOARD.names[t]: 2 for t in range(10)}, seat=1)
    for t in range(BOARD.land_count):
        state.owner[t] = 1 if t < 10 else 0
    for name in ("Outer-1", "Outer-3", "Inner-2", "Inner-4"):
        add_ship(state, 0, BATTLESHIP, name)
    update_planets(state, BOARD)
    GAME.apply(state, 1, "end")
    assert state.current == 0 and state.pool == (BOARD.land_count - 10) // 2  # ships add nothing


def test_trading_only_at_the_start_of_the_turn() -> None:
    state = position({"Sirius-1": 3})
    state.hands[0] = [T("Sirius-1"), T("Sirius-2"), T("Sirius-3")]
    assert not any(a.startswith("trade") for a in texts(state))
    with pytest.raises(IllegalAction, match="start of your turn"):
        GAME.apply(state, 0, "trade Sirius-1 Sirius-2 Sirius-3")


def test_trade_in_count_is_shared_by_all_players() -> None:
    state = position({"Vega-1": 2, "Vega-2": 2}, phase=REINFORCE)
    state.pool = 2
    state.hands[0] = [T("Sirius-1"), T("Sirius-2"), T("Sirius-3")]
    GAME.apply(state, 0, "trade Sirius-1 Sirius-2 Sirius-3")
    while state.current == 0:
        GAME.apply(state, 0, GAME.legal_actions(state, 0)[-1])
    assert state.current == 1
    while state.phase == REINFORCE:
        GAME.apply(state, 1, next(a for a in GAME.legal_actions(state, 1) if a.verb == "place"))
    state.phase = REINFORCE
    state.pool = 1
    state.hands[1] = [T("Kepler-1"), T("Kepler-2"), T("Kepler-3")]
    before = state.pool
    GAME.apply(state, 1, "trade Kepler-1 Kepler-2 Kepler-3")
    bonus = 2 * sum(1 for n in ("Kepler-1", "Kepler-2", "Kepler-3") if state.owner[T(n)] == 1)
    assert state.pool == before + 6 + bonus  # the second set of the game trades for 6


def test_empty_deck_is_refilled_from_traded_cards() -> None:
    state = position({"Vega-1": 10}, {"Vega-2": 1})
    state.discard = list(state.deck)
    state.deck = []
    force(state, 6, 6, 6, 1)
    GAME.apply(state, 0, "attack Vega-1 Vega-2")
    GAME.apply(state, 0, "move 1")
    GAME.apply(state, 0, "end")
    assert len(state.hands[0]) == 1 and state.discard == []
    assert len(state.deck) == len(BOARD.card_names) - 1


def test_transport_beaten_by_a_transport_is_lost() -> None:
    state = position({"Vega-3": 3})
    tr = add_ship(state, 0, TRANSPORT, "Vega-Orbit", cargo=2)
    add_ship(state, 1, TRANSPORT, "Outer-1", cargo=5)
    force(state, 6, 1)  # 6 - 2 = 4 against 1 - 1 = 0
    GAME.apply(state, 0, f"attack {tr} Outer-1 dice=1")
    assert [(s.owner, s.cargo) for s in state.ships] == [(0, 2)]


def test_new_ship_waits_before_moving_but_may_fight_at_once() -> None:
    # "All ships must wait one turn before moving when they are built" (R21): moving, not fighting.
    state = position({"Vega-3": 6}, {"Vega-1": 1})
    GAME.apply(state, 0, "build Vega transport")
    name = f"S{state.ships[-1].id}"
    GAME.apply(state, 0, f"load {name} Vega-3 4")
    assert f"attack {name} Vega-1" in texts(state)
    assert not any(a.startswith(f"fly {name}") for a in texts(state))


def test_new_transport_may_load_at_once_but_not_attack_with_the_house_rule() -> None:
    state = position({"Vega-3": 6}, {"Vega-2": 1}, ship_wait_blocks_attacks=True)
    GAME.apply(state, 0, "build Vega transport")
    name = f"S{state.ships[-1].id}"
    GAME.apply(state, 0, f"load {name} Vega-3 4")
    assert state.ships[-1].cargo == 4
    assert not any(a.startswith(f"attack {name}") for a in texts(state))
    with pytest.raises(IllegalAction, match="wait a turn"):
        GAME.apply(state, 0, f"attack {name} Vega-1")


def test_a_ship_may_attack_again_in_the_same_turn() -> None:
    state = position({"Vega-3": 3})
    bs = add_ship(state, 0, BATTLESHIP, "Vega-Orbit")
    add_ship(state, 1, TRANSPORT, "Outer-1")
    add_ship(state, 1, TRANSPORT, "Outer-1")
    force(state, 6, 1)
    GAME.apply(state, 0, f"attack {bs} Outer-1 dice=1")
    assert f"attack {bs} Outer-1 dice=1" in texts(state)
    force(state, 6, 1)
    GAME.apply(state, 0, f"attack {bs} Outer-1 dice=1")
    assert state.owner[T("Outer-1")] == -1
    with pytest.raises(IllegalAction, match="beginning of the turn"):
        GAME.apply(state, 0, f"fly {bs} Outer-1")  # ships move at the beginning of the turn (R22)


def test_ships_move_at_the_beginning_of_the_turn() -> None:
    # "At the beginning of every turn, each ship can move one territory" (item 3, R22)
    for first in ("build Vega transport", "attack Vega-3 Vega-2", "end_of_move_in"):
        state = position({"Vega-3": 6}, {"Vega-2": 1})
        bs = add_ship(state, 0, BATTLESHIP, "Vega-Orbit")
        assert f"fly {bs} Outer-1" in texts(state)
        if first == "end_of_move_in":
            force(state, 6, 6, 6, 1)
            GAME.apply(state, 0, "attack Vega-3 Vega-2")
            GAME.apply(state, 0, "move 2")
        else:
            force(state, 6, 6, 6, 1)
            GAME.apply(state, 0, first)
        assert not any(a.startswith("fly") for a in texts(state))
    state = position({"Vega-3": 6}, {"Vega-2": 1}, ship_move_any_time=True)
    bs = add_ship(state, 0, BATTLESHIP, "Vega-Orbit")
    GAME.apply(state, 0, "build Vega transport")
    assert f"fly {bs} Outer-1" in texts(state)


def test_classic_dice_limit_param() -> None:
    state = position({"Vega-1": 3}, {"Vega-2": 5}, dice_limit_by_loss=False)
    assert {a for a in texts(state) if a.startswith("attack Vega-1 Vega-2")} == {
        "attack Vega-1 Vega-2", "attack Vega-1 Vega-2 all=yes", "attack Vega-1 Vega-2 dice=2",
        "attack Vega-1 Vega-2 dice=1"}


def test_clamp_param_reaches_the_game_dice() -> None:
    # Attacker 6 against an asteroid-field 6 + 1: unclamped 7 wins for the defender either way;
    # with a +2 attacker modifier (param) 8 beats 7 unclamped, but clamped 6 ties 6.
    for clamp, winner in ((False, 0), (True, 1)):
        state = position({"Vega-3": 3}, battleship_attack_mod=2, clamp_modified_dice=clamp)
        bs = add_ship(state, 0, BATTLESHIP, "Sirius-Orbit")
        add_ship(state, 1, BATTLESHIP, "Outer-2")
        force(state, 6, 6)
        GAME.apply(state, 0, f"attack {bs} Outer-2 dice=1")
        assert [s.owner for s in state.ships] == [winner]


# ------------------------------------------------------- placing many at once (R4)


def test_place_several_reinforcements_in_one_action() -> None:
    state = position({"Vega-1": 2, "Vega-2": 3}, phase=REINFORCE)
    state.pool = 9
    assert "place Vega-1 count=9" in texts(state) and "place Vega-1 count=10" not in texts(state)
    events = GAME.apply(state, 0, "place Vega-1 count=5")
    assert state.armies[T("Vega-1")] == 7 and state.pool == 4 and state.phase == REINFORCE
    assert "places 5 infantry on Vega-1 (now 7; 4 left to place)" in words(events[-1])
    GAME.apply(state, 0, "place Vega-2 count=4")
    assert state.phase == MAIN and state.pool == 0 and state.armies[T("Vega-2")] == 7


def test_place_count_limited_by_reinforcements_and_15_per_territory() -> None:
    state = position({"Vega-1": 12, "Vega-2": 3}, phase=REINFORCE)
    state.pool = 5
    before = GAME.to_json(state)
    with pytest.raises(IllegalAction, match="between 1 and 3 infantry on Vega-1"):
        GAME.apply(state, 0, "place Vega-1 count=4")
    with pytest.raises(IllegalAction, match="between 1 and 5 infantry on Vega-2"):
        GAME.apply(state, 0, "place Vega-2 count=6")
    with pytest.raises(IllegalAction, match="between 1 and 5"):
        GAME.apply(state, 0, "place Vega-2 count=0")
    assert GAME.to_json(state) == before


def test_setup_starting_infantry_several_at_once_passes_the_turn() -> None:
    state = new_game(2, seed=2)
    first = state.current
    left = state.to_deploy[first]
    mine = next(a for a in GAME.legal_actions(state, first))
    GAME.apply(state, first, f"{mine.text()} count=3")
    assert state.to_deploy[first] == left - 3 and state.current == 1 - first
    with pytest.raises(IllegalAction, match=f"between 1 and {state.to_deploy[1 - first]}"):
        own = next(a for a in GAME.legal_actions(state, 1 - first))
        GAME.apply(state, 1 - first, f"{own.text()} count={state.to_deploy[1 - first] + 1}")


def test_misspelt_names_get_a_suggestion() -> None:
    state = position({"Vega-1": 5}, {"Vega-2": 2})
    with pytest.raises(IllegalAction, match=r"unknown territory 'vega-2' \(did you mean Vega-2\?\)"):
        GAME.apply(state, 0, "attack Vega-1 vega-2")
    with pytest.raises(IllegalAction, match=r"did you mean Vega-1\?"):
        GAME.apply(state, 0, "attack Vgea-1 Vega-2")
    with pytest.raises(IllegalAction, match=r"unknown planet 'vega' \(did you mean Vega\?\)"):
        GAME.apply(state, 0, "build vega transport")


def test_attack_without_dice_rolls_the_most_allowed() -> None:
    # "attack A B" works whatever the count: 2 infantry roll 1 die, a ship in space rolls 1 die.
    state = position({"Vega-1": 2}, {"Vega-2": 3})
    force(state, 6, 1, 1)
    events = GAME.apply(state, 0, "attack Vega-1 Vega-2")
    assert "6 against 1 1" in words(events[0]) and state.armies[T("Vega-2")] == 2
    big = position({"Vega-1": 9}, {"Vega-2": 3})
    force(big, 6, 6, 6, 1, 1)
    events = GAME.apply(big, 0, "attack Vega-1 Vega-2")
    assert "6 6 6 against 1 1" in words(events[0])
    ships = position({"Vega-1": 2})
    bs = add_ship(ships, 0, BATTLESHIP, "Vega-Orbit")
    add_ship(ships, 1, BATTLESHIP, "Outer-1")
    force(ships, 6, 1)
    events = GAME.apply(ships, 0, f"attack {bs} Outer-1")
    assert "6 against 1" in words(events[0]) and ships.owner[T("Outer-1")] == -1


def test_space_combat_event_shows_the_modified_dice_and_a_lost_ship_is_named() -> None:
    state = position({"Vega-1": 2})
    bs = add_ship(state, 0, BATTLESHIP, "Outer-1")
    add_ship(state, 1, TRANSPORT, "Sirius-Orbit")
    force(state, 4, 5)
    events = GAME.apply(state, 0, f"attack {bs} Sirius-Orbit")
    assert "4 against 5, modified +0 / -1: 4 against 4; S1 is lost" in words(events[0])
    with pytest.raises(IllegalAction, match=f"there is no ship {bs}"):
        GAME.apply(state, 0, f"attack {bs} Sirius-Orbit")


def test_events_announce_the_end_of_the_setup_and_the_move_in_choice() -> None:
    state = new_game(2, seed=2, modified_start=True)
    events = []
    while state.phase == CLAIM:
        events = GAME.apply(state, state.current, GAME.legal_actions(state, state.current)[0])
    assert any("every territory is claimed" in words(e) for e in events)
    while state.phase == DEPLOY:
        events = GAME.apply(state, state.current, GAME.legal_actions(state, state.current)[0])
    assert words(events[-1]).startswith(f"the starting infantry are placed; seat {state.current} begins")
    assert f"with {state.pool} reinforcements" in words(events[-1])
    fight = position({"Vega-1": 6}, {"Vega-2": 1})
    force(fight, 6, 6, 6, 1)
    events = GAME.apply(fight, 0, "attack Vega-1 Vega-2")
    assert moving_in(fight) and "how many infantry (1 to 5) move into Vega-2: 'move N'" in words(events[-1])


# --------------------------------------------------- R35: no free objective or goal cards


def _done_cards(state: SpaceRiskState) -> list[str]:
    from starlanes.games.space_risk.rules.cards import mission_done

    done = []
    for s in range(state.players):
        for hand, cards in ((state.objectives[s], BOARD.objectives), (state.goals[s], BOARD.goals)):
            done += [cards[i].id for i in hand if mission_done(state, BOARD, s, cards[i])]
    return done


def test_dealt_card_already_done_at_the_start_is_replaced() -> None:
    # Two players are dealt 18 territories each: "Hold 18 or more territories" would be free.
    free = [seed for seed in range(1, 40) if _done_cards(deployed(2, seed))]
    assert free, "some deal hands out a card that is already done"
    for seed in free:
        # replaced at the deal: the player never sees it (house rule redraw_completed_cards)
        assert _done_cards(new_game(2, seed, redraw_completed_cards=True)) == []
        state = deployed(2, seed, redraw_completed_cards=True)
        assert _done_cards(state) == []
        held = [i for h in state.objectives for i in h]
        assert len(held) == len(set(held)) == 2 * state.params.objective_cards  # still two each, no copies
        assert not set(held) & set(state.objective_deck)


def test_drawn_card_already_done_goes_to_the_bottom() -> None:
    state = position({"Vega-1": 3}, redraw_completed_cards=True)
    o3 = next(i for i, c in enumerate(BOARD.objectives) if c.id == "O3")  # two spaceports
    state.objectives[0] = [o3]
    for name in ("Vega-3", "Sirius-3"):
        state.owner[T(name)] = 0
    state.owner[T("Vega-2")] = 0
    same = next(i for i, c in enumerate(BOARD.objectives) if c.id == "O12")  # three of Vega: done
    other = next(i for i, c in enumerate(BOARD.objectives) if c.condition.kind == "asteroids")
    state.objective_deck = [other, same]  # `same` on top: already done, so it goes under
    GAME.apply(state, 0, "end")
    assert state.objectives[0] == [other] and state.objective_deck == [same]
    keep = position({"Vega-1": 3})
    keep.objectives[0] = [o3]
    for name in ("Vega-3", "Sirius-3", "Vega-2"):
        keep.owner[T(name)] = 0
    keep.objective_deck = [other, same]
    GAME.apply(keep, 0, "end")
    assert keep.objectives[0] == [same]


def test_round_limit_ties_broken_by_territories_then_infantry_then_a_draw() -> None:
    state = position({"Vega-1": 3, "Vega-2": 3}, max_rounds=1)  # seat 1 holds every other territory
    state.stars = [1, 1]
    finish_by_score(state, BOARD)
    assert state.winners == [1] and "P0 1 star, 2 territories, 6 infantry" in state.end_reason
    even = position({"Vega-1": 3, "Vega-2": 3}, {"Sirius-1": 5, "Sirius-2": 1}, max_rounds=1)
    for t in range(BOARD.land_count):
        if BOARD.names[t] not in ("Vega-1", "Vega-2", "Sirius-1", "Sirius-2"):
            even.owner[t] = -1
            even.armies[t] = 0
    finish_by_score(even, BOARD)
    assert even.winners == [], "2 territories and 6 infantry each: a draw"
    even.armies[T("Sirius-1")] = 6
    finish_by_score(even, BOARD)
    assert even.winners == [1]


def test_modified_start_replaces_done_cards_when_claiming_ends_and_says_so() -> None:
    for seed in range(1, 30):
        state = new_game(2, seed, modified_start=True, redraw_completed_cards=True)
        events = []
        while state.phase == CLAIM:
            events = GAME.apply(state, state.current, GAME.legal_actions(state, state.current)[0])
        assert _done_cards(state) == []
        private = [e for e in events if "is already done" in words(e)]
        if private:
            assert all(e.seats is not None and len(e.seats) == 1 for e in private)
            return
    raise AssertionError("no seed replaced a card")


def test_attack_all_rolls_until_the_territory_falls() -> None:
    state = position({"Vega-1": 8}, {"Vega-2": 3})
    force(state, 1, 1, 1, 6, 6,  6, 6, 6, 1, 1,  6, 6, 6, 1)  # lose 2; win 2; win the last
    events = GAME.apply(state, 0, "attack Vega-1 Vega-2 all=yes")
    rolls = [words(e) for e in events if "attacks Vega-2" in words(e)]
    assert len(rolls) == 3 and "1 1 1 against 6 6" in rolls[0] and "6 6 6 against 1" in rolls[2]
    assert state.owner[T("Vega-2")] == 0 and moving_in(state) == 5


def test_attack_all_stops_when_nobody_is_left_to_attack_with() -> None:
    state = position({"Vega-1": 3}, {"Vega-2": 5})
    force(state, 1, 1, 1, 6, 6,  1, 6)  # lose 2 (3 dice, 2 able), then 1 able: 1 die loses
    events = GAME.apply(state, 0, "attack Vega-1 Vega-2 all=yes")
    assert state.armies[T("Vega-1")] == 1 and state.owner[T("Vega-2")] == 1 and state.phase == MAIN
    assert "no infantry left" in words(events[-1])


def test_attack_all_from_a_transport_moves_in_from_the_ship() -> None:
    state = position({"Sirius-1": 2}, {"Vega-1": 2})
    tr = add_ship(state, 0, TRANSPORT, "Vega-Orbit", cargo=4)
    force(state, 6, 6, 6, 1, 1)
    GAME.apply(state, 0, f"attack {tr} Vega-1 all=yes")
    assert state.owner[T("Vega-1")] == 0 and moving_in(state) == 4


def test_load_refusals_name_the_reason() -> None:
    state = position({"Vega-1": 1, "Vega-5": 4})
    tr = add_ship(state, 0, TRANSPORT, "Vega-Orbit")
    with pytest.raises(IllegalAction, match="Vega-1 has only one infantry, which must stay"):
        GAME.apply(state, 0, f"load {tr} Vega-1 1")
    state.ships[-1].cargo = 15
    with pytest.raises(IllegalAction, match="is full"):
        GAME.apply(state, 0, f"load {tr} Vega-5 1")


def test_planet_from_the_deal_pays_the_second_player_at_once_the_first_player_a_round_later() -> None:
    state = new_game(2, seed=3)
    planet_of = {0: "Altair", 1: "Nereid"}
    for seat, planet in planet_of.items():
        for t in BOARD.planets[BOARD.planet_index[planet]].territories:
            if state.owner[t] != seat:
                state.to_deploy[state.owner[t]] += 1
                state.to_deploy[seat] -= 1
                state.owner[t] = seat
    while state.phase == DEPLOY:
        GAME.apply(state, state.current, GAME.legal_actions(state, state.current)[0])
    first, second = state.first, 1 - state.first  # rolled after the placement (R3)
    assert state.current == first and planet_of[first] not in income_of(state)

    def place_all_and_end() -> None:
        while state.phase == REINFORCE:
            GAME.apply(state, state.current, next(a for a in GAME.legal_actions(state, state.current)
                                                   if a.verb == "place"))
        GAME.apply(state, state.current, "end")

    place_all_and_end()
    assert state.current == second and f"{planet_of[second]} 2" in income_of(state)  # its first turn
    place_all_and_end()
    assert state.current == first and f"{planet_of[first]} 2" in income_of(state)  # its second turn


def test_claim_outside_the_claiming_is_refused_clearly() -> None:
    state = position({"Vega-1": 3})
    with pytest.raises(IllegalAction, match="claimed only at the start"):
        GAME.apply(state, 0, "claim Vega-2")


def test_battleships_roll_without_modifiers() -> None:
    # 5 against 4 wins and 4 against 5 loses: no hidden -1 / +1 on either side.
    for att, dfn, lost in ((5, 4, 1), (4, 5, 0)):
        state = position({"Vega-3": 3})
        bs = add_ship(state, 0, BATTLESHIP, "Vega-Orbit")
        add_ship(state, 1, BATTLESHIP, "Outer-1")
        force(state, att, dfn)
        events = GAME.apply(state, 0, f"attack {bs} Outer-1")
        assert [s.owner for s in state.ships] == [1 - lost] and "modified" not in words(events[0])


def test_spaceport_blocked_by_enemy_ships_in_its_orbit_says_by_whom() -> None:
    state = position({"Vega-3": 3})
    ship = add_ship(state, 1, BATTLESHIP, "Vega-Orbit")
    assert not any(a.startswith("build") for a in texts(state))
    with pytest.raises(IllegalAction, match=f"Vega-Orbit is held by P1's ships \\({ship}\\)"):
        GAME.apply(state, 0, "build Vega transport")


def test_a_dealt_card_already_fulfilled_pays_its_reward_by_default() -> None:
    # "Once objective cards are completed, the allocated reward is received, and that player
    # picks up a new objective card" (item 2, R35): the literal rule is the default.
    assert SpaceRiskParams().redraw_completed_cards is False
    for seed in range(1, 40):
        state = deployed(2, seed)
        done = _done_cards(state)
        if not done:
            continue
        seat = state.current
        mine = [BOARD.objectives[i].id for i in state.objectives[seat]] + [BOARD.goals[i].id for i in state.goals[seat]]
        if not set(done) & set(mine):
            continue
        _pass_turn(state, seat)
        assert set(done) & set(mine) <= set(state.completed[seat])
        reward = sum(c.reward for c in BOARD.objectives + BOARD.goals if c.id in set(done) & set(mine))
        assert state.rewards_due[seat] >= reward
        assert len(state.objectives[seat]) == state.params.objective_cards  # a new card is picked up
        return
    raise AssertionError("no deal gave the first player a fulfilled card")


# ------------------------------------------------------------- issue 8: the core's decisions


def test_move_in_is_the_cores_pending_sub_decision() -> None:
    state = position({"Vega-1": 6}, {"Vega-2": 1})
    force(state, 6, 5, 4, 1)
    GAME.apply(state, 0, "attack Vega-1 Vega-2")
    decision = GAME.decision(state)
    assert decision is not None and decision.kind == "move-in" and decision.actors == (0,)
    assert state.pending is not None and state.pending.data["most"] == 5
    legal = GAME.legal_actions(state, 0)
    assert legal.has_templates and [a.text() for a in legal] == [f"move {n}" for n in range(1, 6)]
    assert GAME.view(state, 1).game.phase == "move-in"
    GAME.apply(state, 0, "move 3")
    assert state.pending is None and state.armies[T("Vega-2")] == 3


def test_gm_closing_a_move_in_moves_one_and_closing_the_main_step_ends_the_turn() -> None:
    # R36: the defaults when the GM closes a seat's decision.
    from starlanes.core import GM

    state = position({"Vega-1": 6}, {"Vega-2": 1})
    force(state, 6, 5, 4, 1)
    GAME.apply(state, 0, "attack Vega-1 Vega-2")
    GAME.apply(state, GM, "close")
    assert state.pending is None and state.armies[T("Vega-2")] == 1 and state.armies[T("Vega-1")] == 5
    assert state.current == 0 and state.phase == MAIN
    GAME.apply(state, GM, "close")
    assert state.current == 1


def words(event: Event) -> str:
    """An event as its audience reads it (the one seat that sees it, else the GM)."""
    viewer = event.seats[0] if event.seats is not None and len(event.seats) == 1 else GM
    return GAME.describe_event(event, viewer)
