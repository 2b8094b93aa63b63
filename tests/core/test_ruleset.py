"""The framework's guarantees around a ruleset, checked on the test ruleset (Sealed Duel)."""

from __future__ import annotations

import pytest

from starlanes.core import GM, GameOver, IllegalAction, NotYourTurn, ParseError, StarlanesError
from starlanes.core.decision import Withdraw
from tests.toy.duel import Bank, Duel, DuelState, Play, Press, make_duel


@pytest.fixture
def game() -> Duel:
    return make_duel()


def started(game: Duel, seed: int = 4) -> DuelState:
    return game.setup(None, 2, seed)


def test_setup_deals_hidden_hands_from_the_seeded_deck(game: Duel) -> None:
    a, b = started(game, 4), started(game, 4)
    assert a == b
    assert [len(h) for h in a.hands] == [3, 3]
    assert len(a.deck) == 12 - 6
    assert started(game, 4) != started(game, 5)


def test_player_count_outside_the_spec_is_refused(game: Duel) -> None:
    with pytest.raises(StarlanesError, match="for 2-4 players, not 5"):
        game.setup(None, 5, 1)


def test_apply_checks_game_over_first(game: Duel) -> None:
    state = started(game)
    state.round = state.params.hand_size
    with pytest.raises(GameOver, match="the game is over"):
        game.apply(state, 0, "bogus text")


def test_apply_checks_the_seat_before_the_text(game: Duel) -> None:
    state = started(game)
    state.hands = [[6, 6, 6], [1, 1, 1]]
    game.apply(state, 0, Play(6))
    game.apply(state, 1, Play(1))
    with pytest.raises(NotYourTurn, match="seat 1 cannot act now; waiting for seat"):
        game.apply(state, 1, "bogus text")


def test_apply_checks_the_text_then_legality(game: Duel) -> None:
    state = started(game)
    before = game.to_json(state)
    with pytest.raises(ParseError):
        game.apply(state, 0, "jump 3")
    missing = next(c for c in range(1, 7) if c not in state.hands[0])
    with pytest.raises(IllegalAction, match=f"you have no {missing} in your hand"):
        game.apply(state, 0, f"play {missing}")
    with pytest.raises(IllegalAction, match="every seat must play a card now"):
        game.apply(state, 0, Press())
    assert game.to_json(state) == before


def test_sealed_choice_is_kept_until_every_seat_has_chosen(game: Duel) -> None:
    state = started(game)
    first = state.hands[0][0]
    events = game.apply(state, 0, Play(first))
    assert [e.text for e in events] == ["seat 0 has made its choice"]
    assert game.to_act(state) == frozenset({1})
    assert first in state.hands[0]  # nothing resolved yet
    assert game.legal_actions(state, 0) == [*(Play(c) for c in sorted(set(state.hands[0]))), Withdraw()]
    game.apply(state, 1, Play(state.hands[1][0]))
    assert state.sealed == {}
    assert first not in state.hands[0] or state.hands[0].count(first) < 2


def test_a_sealed_choice_is_hidden_from_the_other_seat_but_shown_to_its_owner(game: Duel) -> None:
    state = started(game)
    card = state.hands[0][-1]
    before_other = game.view_to_json(game.view(state, 1))
    game.apply(state, 0, Play(card))
    mine, other = game.view(state, 0), game.view(state, 1)
    assert mine.my_sealed == f"play {card}"
    assert other.my_sealed is None
    assert other.submitted == (0,)
    assert other.to_act == (1,)
    # apart from the step counter and who has submitted, seat 1 sees exactly what it saw before
    assert other.game == game.view_from_json(before_other).game


def test_resolution_order_does_not_depend_on_arrival(game: Duel) -> None:
    one, two = started(game, 9), started(game, 9)
    a, b = Play(one.hands[0][0]), Play(one.hands[1][0])
    game.apply(one, 0, a)
    game.apply(one, 1, b)
    game.apply(two, 1, b)
    game.apply(two, 0, a)
    assert game.to_json(one) == game.to_json(two)


def test_gm_view_sees_every_hand_and_a_seat_only_its_own(game: Duel) -> None:
    state = started(game)
    gm = game.view(state, GM).game
    assert gm.hands == tuple(tuple(h) for h in state.hands)
    seat = game.view(state, 1).game
    assert seat.hands is None and seat.hand == tuple(state.hands[1])


def test_view_of_a_seat_that_does_not_exist_is_refused(game: Duel) -> None:
    with pytest.raises(StarlanesError, match="no seat 7"):
        game.view(started(game), 7)


def test_forced_dice_decide_a_press(game: Duel) -> None:
    state = started(game)
    state.hands = [[6, 6, 6], [1, 1, 1]]
    game.apply(state, 0, Play(6))
    game.apply(state, 1, Play(1))
    assert game.to_act(state) == frozenset({0})
    state.rng.force([4])
    events = game.apply(state, 0, Press())
    assert events[-1].text == "seat 0 presses, rolls 4 and scores 2"
    assert state.scores == [3, 0]


def test_clone_is_independent(game: Duel) -> None:
    state = started(game)
    copy = game.clone(state)
    copy.hands[0].append(99)
    copy.rng.dice(3)
    assert 99 not in state.hands[0]
    assert copy.rng.state != state.rng.state


def test_determinize_keeps_what_the_seat_knows(game: Duel) -> None:
    from starlanes.core import Rng

    state = started(game)
    view = game.view(state, 0)
    sampled = game.determinize_view(view, Rng.from_seed(5))
    assert sampled.hands[0] == state.hands[0]
    assert sorted(sampled.hands[1] + sampled.deck) == sorted(state.hands[1] + state.deck)


def test_bank_is_only_for_the_round_winner(game: Duel) -> None:
    state = started(game)
    with pytest.raises(IllegalAction):
        game.apply(state, 1, Bank())


@pytest.mark.parametrize("seat", [None, 0.5, 1.0, True, False, "0"])
def test_a_seat_that_is_not_a_whole_number_is_refused_by_the_project_error(game: Duel, seat: object) -> None:
    state = started(game)
    before = game.to_json(state)
    with pytest.raises(ParseError, match="a seat is a whole number 0-1"):
        game.apply(state, seat, "play 1")  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="a seat is a whole number 0-1"):
        game.legal_actions(state, seat)  # type: ignore[arg-type]
    if seat is not None:
        with pytest.raises(ParseError, match="a seat is a whole number 0-1"):
            game.view(state, seat)  # type: ignore[arg-type]
    assert game.to_json(state) == before


@pytest.mark.parametrize("action", [None, 3, 2.5, ["play", 1], b"play 1"])
def test_an_action_that_is_neither_text_nor_an_action_is_refused(game: Duel, action: object) -> None:
    state = started(game)
    before = game.to_json(state)
    with pytest.raises(ParseError, match="an action is text or an Action"):
        game.apply(state, 0, action)  # type: ignore[arg-type]
    assert game.to_json(state) == before


def test_a_seat_number_outside_the_table_is_not_its_turn(game: Duel) -> None:
    with pytest.raises(NotYourTurn, match="seat 7 cannot act now"):
        game.apply(started(game), 7, "play 1")
