"""Issue 8 item 2: decisions with a lifecycle: revision, withdrawal, defaults at close, pending
sub-decisions, and undo of a sealed choice until the decision closes."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from starlanes.core import GM, Decision, IllegalAction, Match, NotYourTurn, Pending, Ruleset, Withdraw
from tests.toy.duel import Duel, DuelState, Play, make_duel
from tests.toy.tally import Bid, make_tally


@pytest.fixture
def game() -> Duel:
    return make_duel()


def dealt(game: Duel, hands: list[list[int]]) -> DuelState:
    state = game.setup(None, len(hands), 4)
    state.hands = hands
    return state


def test_the_decision_names_its_seats_whether_sealed_and_what_closes_it(game: Duel) -> None:
    state = dealt(game, [[6, 6, 6], [1, 1, 1]])
    assert game.decision(state) == Decision((0, 1), True, "all", "cards")
    game.apply(state, 0, Play(6))
    game.apply(state, 1, Play(1))
    assert game.decision(state) == Decision((0,), False, "all", "press")


def test_a_revised_sealed_choice_replaces_the_first(game: Duel) -> None:
    state = dealt(game, [[2, 5, 6], [3, 3, 3]])
    game.apply(state, 0, Play(2))
    events = game.apply(state, 0, Play(6))
    assert [e.text for e in events] == ["seat 0 has changed its choice"]
    assert game.view(state, 0).my_sealed == "play 6"
    assert game.to_act(state) == frozenset({1})
    game.apply(state, 1, Play(3))
    assert state.hands[0] == [2, 5] and state.presser == 0  # the 6 was played, not the 2


def test_a_withdrawn_choice_is_gone_and_the_seat_is_awaited_again(game: Duel) -> None:
    state = dealt(game, [[2, 5, 6], [3, 3, 3]])
    with pytest.raises(IllegalAction, match="you have no sealed choice to withdraw"):
        game.apply(state, 0, "withdraw")
    game.apply(state, 0, Play(2))
    assert Withdraw() in game.legal_actions(state, 0)
    game.apply(state, 0, "withdraw")
    assert game.to_act(state) == frozenset({0, 1}) and state.sealed == {}
    assert game.view(state, 0).my_sealed is None and game.view(state, 1).submitted == ()


def test_a_seat_that_did_not_submit_gets_its_default_when_the_gm_closes(game: Duel) -> None:
    state = dealt(game, [[2, 5, 6], [1, 3, 4]])
    game.apply(state, 0, Play(5))
    events = game.apply(state, GM, "close")
    assert events[0].text == "the GM closes the decision"
    assert "seat 0 5, seat 1 1" in events[1].text  # seat 1's default: its lowest card
    assert state.sealed == {} and state.hands[1] == [3, 4]


class NoDefaults(Duel):
    def _default_action(self, state: DuelState, seat: int) -> None:
        return None


def test_a_seat_without_a_default_is_left_out_and_close_needs_something_to_resolve() -> None:
    game = NoDefaults()
    state = game.setup(None, 3, 4)
    state.hands = [[2, 5, 6], [1, 3, 4], [2, 2, 3]]
    with pytest.raises(IllegalAction, match="no seat has submitted and no seat has a default"):
        game.apply(state, GM, "close")
    game.apply(state, 2, Play(3))
    game.apply(state, GM, "close")
    assert state.hands == [[2, 5, 6], [1, 3, 4], [2, 2]] and state.presser == 2


def test_a_decision_closed_by_the_gm_waits_for_the_gm_after_the_last_seat() -> None:
    class GmCloses(Duel):
        def _decision(self, state: DuelState) -> Decision | None:
            d = super()._decision(state)
            return d if d is None or not d.sealed else Decision(d.actors, True, "gm", d.kind)

    game = GmCloses()
    state = game.setup(None, 2, 4)
    state.hands = [[2, 5, 6], [1, 3, 4]]
    game.apply(state, 0, Play(2))
    game.apply(state, 1, Play(1))
    assert game.to_act(state) == frozenset() and len(state.sealed) == 2  # not resolved yet
    game.apply(state, 1, Play(4))  # still revisable
    game.apply(state, GM, "close")
    assert state.presser == 1 and state.sealed == {}


def test_a_pending_sub_decision_is_the_decision_until_the_ruleset_resolves_it() -> None:
    game = make_tally()
    state = game.setup(None, 3, 1)
    game.apply(state, 0, "add 4")
    game.apply(state, 1, "add 4")  # the counter passes 7: a toll
    assert state.pending == Pending("toll", (0, 1, 2), True)
    assert game.decision(state) == Decision((0, 1, 2), True, "all", "toll")
    game.apply(state, 2, Bid(2))
    game.apply(state, 2, Bid(1))  # revised
    game.apply(state, 0, Bid(2))
    game.apply(state, GM, "close")  # seat 1 bids 0 by default
    assert state.pending is None and state.scores == [4 - 2 + 3, 4, -1]
    assert game.to_act(state) == frozenset({2})


def test_a_sealed_choice_can_be_undone_until_the_decision_closes(game: Duel) -> None:
    match = Match(game, game.default_params(), ["a", "b"], 4)
    assert isinstance(match.state, DuelState)
    hands = [list(h) for h in match.state.hands]
    match.play(0, Play(hands[0][0]))
    match.play(0, Play(hands[0][-1]))
    match.undo(0)
    assert match.view(0).my_sealed == f"play {hands[0][0]}"
    match.play(1, Play(hands[1][0]))
    assert match.can_undo(1) is not None  # closed: the cards are revealed


def test_a_ruleset_on_the_old_shape_keeps_a_sealed_choice_final() -> None:
    class Old(Duel):
        """Still on the old shape: ``_to_act``, no ``_decision`` (transitional rule)."""

        _decision = Ruleset._decision

        def _to_act(self, state: DuelState) -> Sequence[int]:
            if state.round >= state.params.hand_size:
                return ()
            return (state.presser,) if state.presser >= 0 else tuple(range(state.players))

    game = Old()
    state = game.setup(None, 2, 4)
    game.apply(state, 0, Play(state.hands[0][0]))
    assert game.legal_actions(state, 0) == [] and game.count_legal(state, 0) == 0
    with pytest.raises(NotYourTurn):
        game.apply(state, 0, Play(state.hands[0][-1]))
