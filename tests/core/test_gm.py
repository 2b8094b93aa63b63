"""Issue 8 item 1: the GM is an actor with actions of its own, logged like any other."""

from __future__ import annotations

import pytest

from starlanes.core import GM, Close, EndGame, GameOver, IllegalAction, Outcome, ParseError, Ruling
from tests.toy.duel import Award, Duel, DuelState, Play, make_duel


@pytest.fixture
def game() -> Duel:
    return make_duel()


def started(game: Duel) -> DuelState:
    return game.setup(None, 2, 4)


def test_a_gm_ruling_with_spaces_is_one_action_and_changes_only_the_step(game: Duel) -> None:
    state = started(game)
    before = game.clone(state)
    events = game.apply(state, GM, 'ruling "the treaty holds, says the \\"GM\\""')
    assert [e.text for e in events] == ['GM ruling: the treaty holds, says the "GM"']
    assert state.step == before.step + 1
    state.step = before.step
    assert state == before


@pytest.mark.parametrize("note", ["a b", 'quote " and \\ backslash', "x=1,2", "plain"])
def test_gm_action_text_round_trips(game: Duel, note: str) -> None:
    for action in (Ruling(note), EndGame((1, 0), note), Close()):
        assert game.gm_codec.parse(action.text()) == action


def test_an_empty_or_unclosed_ruling_is_refused(game: Duel) -> None:
    state = started(game)
    with pytest.raises(IllegalAction, match="a ruling needs some text"):
        game.apply(state, GM, 'ruling ""')
    with pytest.raises(ParseError, match="a quoted text has no closing"):
        game.apply(state, GM, 'ruling "no end')
    assert state.step == 0


def test_end_game_gives_the_gms_outcome_and_ends_the_game(game: Duel) -> None:
    state = started(game)
    game.apply(state, 0, Play(state.hands[0][0]))
    game.apply(state, GM, 'end-game winners=1 reason="seat 0 left the table"')
    assert game.outcome(state) == Outcome("seat 0 left the table", (1,))
    assert game.is_over(state) and game.to_act(state) == frozenset()
    assert game.legal_actions(state, 1) == [] and game.count_legal(state, 1) == 0
    assert game.view(state, 0).outcome == Outcome("seat 0 left the table", (1,))
    assert game.view(state, 0).my_sealed is None  # the sealed choice is never revealed
    with pytest.raises(GameOver, match="seat 0 left the table; winner: seat 1"):
        game.apply(state, 1, Play(state.hands[1][0]))
    with pytest.raises(GameOver):
        game.apply(state, GM, 'ruling "too late"')


def test_end_game_without_winners_is_a_draw_and_bad_winners_are_refused(game: Duel) -> None:
    state = started(game)
    with pytest.raises(IllegalAction, match="no seat 5; seats are 0-1"):
        game.apply(state, GM, "end-game winners=5")
    with pytest.raises(IllegalAction, match="named twice"):
        game.apply(state, GM, "end-game winners=1,1")
    game.apply(state, GM, "end-game")
    outcome = game.outcome(state)
    assert outcome is not None and outcome.draw and outcome.reason == "ended by the GM"


@pytest.mark.parametrize("text", ["close", "end-game winners=0", 'ruling "mine"'])
def test_a_seat_may_not_use_a_gm_action(game: Duel, text: str) -> None:
    state = started(game)
    verb = text.split()[0]
    with pytest.raises(IllegalAction, match=f"'{verb}' is a GM action; a seat cannot use it"):
        game.apply(state, 0, text)
    with pytest.raises(IllegalAction, match="a seat cannot use it"):
        game.apply(state, 0, game.gm_codec.parse(text))
    assert state.step == 0 and state.sealed == {}


def test_the_gm_does_not_play_a_seats_action(game: Duel) -> None:
    state = started(game)
    with pytest.raises(IllegalAction, match="the GM does not play a seat's action; GM actions: award, close"):
        game.apply(state, GM, f"play {state.hands[0][0]}")
    with pytest.raises(IllegalAction, match="the GM does not play a seat's action"):
        game.apply(state, GM, Play(state.hands[0][0]))
    with pytest.raises(ParseError, match="unknown GM action 'jump'"):
        game.apply(state, GM, "jump")


def test_a_rulesets_own_gm_action_is_checked_by_why_not_and_applied(game: Duel) -> None:
    state = started(game)
    with pytest.raises(IllegalAction, match="an award is 1-3 points, not 4"):
        game.apply(state, GM, "award 1 4")
    events = game.apply(state, GM, "award 1 2")
    assert state.scores == [0, 2] and events[0].text == "the GM awards seat 1 2 point(s)"
    assert game.why_not(state, GM, Award(0, 1)) is None


def test_the_gms_list_holds_close_and_the_rulesets_listable_actions(game: Duel) -> None:
    state = started(game)
    legal = game.legal_actions(state, GM)
    assert legal[0] == Close() and Award(1, 3) in legal and len(legal) == 1 + 2 * 3
    assert game.count_legal(state, GM) == len(legal)


def test_the_game_is_over_when_the_outcome_says_so(game: Duel) -> None:
    state = started(game)
    assert not game.is_over(state)
    state.round = state.params.hand_size
    assert game.is_over(state) and game.outcome(state) is not None


def test_gm_actions_are_logged_and_replay_from_a_saved_match(game: Duel) -> None:
    import json

    from starlanes.core import Match

    match = Match(game, game.default_params(), ["a", "b"], 4)
    match.play(GM, 'ruling "the treaty holds"')
    match.play(0, Play(started(game).hands[0][0]))
    match.play(GM, "close")
    match.play(GM, 'end-game winners=1 reason="time is up"')
    saved = match.to_dict()
    assert saved["log"][0] == ["gm", 'ruling "the treaty holds"'] and saved["log"][2] == ["gm", "close"]
    again = Match.from_dict(json.loads(json.dumps(saved)), game)
    assert again.outcome() == Outcome("time is up", (1,)) and again.state == match.state


def test_gm_actions_and_sealed_choices_emit_events_as_data(game: Duel) -> None:
    from starlanes.core.gm import ChoiceSealed, ChoiceWithdrawn, DecisionClosed, GameEnded, RulingGiven

    state = started(game)
    assert RulingGiven.of(game.apply(state, GM, 'ruling "all hail"')[0]) == RulingGiven("all hail")
    assert ChoiceSealed.of(game.apply(state, 0, Play(state.hands[0][0]))[0]) == ChoiceSealed(0)
    assert ChoiceSealed.of(game.apply(state, 0, Play(state.hands[0][-1]))[0]) == ChoiceSealed(0, True)
    assert ChoiceWithdrawn.of(game.apply(state, 0, "withdraw")[0]) == ChoiceWithdrawn(0)
    assert DecisionClosed.of(game.apply(state, GM, "close")[0]) == DecisionClosed("cards")
    ended = game.apply(state, GM, "end-game winners=0")
    assert GameEnded.of(ended[0]) == GameEnded("ended by the GM", (0,))
