"""Issue 8 item 6: a match is an append-only log with an expected step on every append; GM
actions are logged like any other; sealed entries stay hidden from the other seats."""

from __future__ import annotations

import json

import pytest

from starlanes.core import GM, Match
from starlanes.core.errors import EXIT_RULES, IllegalAction, StaleState
from starlanes.core.gm import Ruling
from tests.toy.duel import Play, make_duel


def test_stale_append_is_refused_with_both_steps_and_changes_nothing() -> None:
    match = Match.new(make_duel(), ["a", "b"], 2)
    card = match.state.hands[0][0]
    match.append(0, Play(card), 0)
    before = match.game.to_json(match.state)
    with pytest.raises(StaleState) as info:
        match.append(1, Play(match.state.hands[1][0]), 0)
    assert (info.value.expected, info.value.current) == (0, 1)
    assert info.value.http_status == 409 and info.value.exit_code == EXIT_RULES
    assert "made at step 0, but the match is at step 1" in str(info.value)
    assert match.game.to_json(match.state) == before and match.step == 1 and len(match.events) == 1
    with pytest.raises(StaleState):
        match.append(1, Play(match.state.hands[1][0]), 2)  # a step from the future is stale too


def test_stale_is_checked_before_legality_and_an_illegal_append_changes_nothing() -> None:
    match = Match.new(make_duel(), ["a", "b"], 2)
    with pytest.raises(StaleState):
        match.append(5, "play 99", 3)  # not even a seat: the step is what is wrong first
    with pytest.raises(IllegalAction, match="every seat must play a card now"):
        match.append(0, "press", 0)
    assert match.step == 0 and match.log == []


def test_play_appends_at_the_current_step() -> None:
    match = Match.new(make_duel(), ["a", "b"], 2)
    match.play(0, Play(match.state.hands[0][0]))
    assert match.step == 1 == match.state.step
    match.append(1, Play(match.state.hands[1][0]), match.step)
    assert match.step == 2 == match.state.step


def test_gm_actions_are_logged_saved_and_replayed() -> None:
    game = make_duel()
    match = Match.new(game, ["a", "b"], 2)
    match.append(GM, Ruling("the table allows a late card"), 0)
    match.play(0, Play(match.state.hands[0][0]))
    match.append(GM, "close", 2)  # seat 1 has not chosen: it gets its default (lowest card)
    data = json.loads(match.to_json())
    assert data["log"][0] == ["gm", 'ruling "the table allows a late card"']
    assert data["log"][2] == ["gm", "close"]
    again = Match.from_dict(data, game)
    assert [e.seat for e in again.log] == [GM, 0, GM]
    assert game.to_json(again.state) == game.to_json(match.state)


def test_a_sealed_entry_reads_as_hidden_to_the_other_seats_only() -> None:
    match = Match.new(make_duel(), ["a", "b"], 2)
    card = match.state.hands[0][0]
    match.play(0, Play(card))
    match.play(1, Play(match.state.hands[1][0]))
    assert match.is_sealed(0) and match.is_sealed(1)
    assert match.entry_text(0, 0) == f"play {card}"
    assert match.entry_text(0, 1) is None
    assert match.entry_text(0, GM) == f"play {card}"


def test_a_withdrawal_can_be_undone() -> None:
    match = Match.new(make_duel(), ["a", "b"], 2)
    match.play(0, Play(match.state.hands[0][0]))
    match.play(0, "withdraw")
    assert match.can_undo(0) is None
    match.undo(0)
    assert 0 in match.state.sealed and match.step == 1
