"""Matches: log, replay, save/load, version check, undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from starlanes.core import IllegalAction, Match, MatchError
from tests.toy.duel import Bank, DuelParams, Play, Press, make_duel


def finished_match(seed: int = 3) -> Match:
    match = Match.new(make_duel(), ["a", "b"], seed)
    while not match.is_over():
        seat = min(match.to_act())
        match.play(seat, match.legal_actions(seat)[0])
    return match


def test_a_match_replays_from_seed_and_log(tmp_path: Path) -> None:
    match = finished_match()
    path = match.save(tmp_path / "m.json")
    loaded = Match.load(path, make_duel())
    assert loaded.game.to_json(loaded.state) == match.game.to_json(match.state)
    assert loaded.outcome() == match.outcome()


def test_params_are_saved_and_restored(tmp_path: Path) -> None:
    game = make_duel()
    match = Match.new(game, ["a", "b"], 1, DuelParams(hand_size=2))
    data = json.loads(match.to_json())
    assert data["params"] == {"hand_size": 2}
    assert Match.from_dict(data, game).params == DuelParams(hand_size=2)


def test_a_file_from_another_ruleset_version_is_refused(tmp_path: Path) -> None:
    data = finished_match().to_dict()
    data["version"] = "0"
    with pytest.raises(MatchError, match="saved with duel version 0, but this is version 1"):
        Match.from_dict(data, make_duel(), "m.json")


def test_a_corrupt_log_names_the_entry() -> None:
    data = finished_match().to_dict()
    data["log"][1] = [1, "play 99"]
    with pytest.raises(MatchError, match=r"log entry 2 \(seat 1: 'play 99'\)"):
        Match.from_dict(data, make_duel())


def test_files_that_are_not_matches_are_refused(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(MatchError, match="not valid JSON"):
        Match.load(bad, make_duel())
    bad.write_text('{"format": "other"}')
    with pytest.raises(MatchError, match="not a starlanes match file"):
        Match.load(bad, make_duel())
    with pytest.raises(MatchError, match="cannot read"):
        Match.load(tmp_path / "missing.json", make_duel())


def test_state_at_and_history_follow_the_log() -> None:
    match = finished_match()
    game = match.game
    assert game.to_json(match.state_at(len(match.log))) == game.to_json(match.state)
    assert match.state_at(0).step == 0
    views = list(match.history(0))
    assert len(views) == len(match.log) + 1
    assert views[-1][1].outcome == match.outcome()


def test_a_sealed_choice_can_be_taken_back_before_the_others_choose() -> None:
    match = Match.new(make_duel(), ["a", "b"], 2)
    card = match.state.hands[0][0]
    match.play(0, Play(card))
    assert match.undo(0).action == f"play {card}"
    assert match.state.sealed == {}
    assert match.to_act() == frozenset({0, 1})


def test_no_undo_after_the_sealed_choices_are_revealed() -> None:
    match = Match.new(make_duel(), ["a", "b"], 2)
    match.play(0, Play(match.state.hands[0][0]))
    match.play(1, Play(match.state.hands[1][0]))
    with pytest.raises(IllegalAction, match="rolled dice or revealed hidden information"):
        match.undo(1)


def round_won() -> Match:
    """A match right after a round with a single winner (who must now press or bank)."""
    for seed in range(50):
        match = Match.new(make_duel(), ["a", "b"], seed)
        match.play(0, Play(max(match.state.hands[0])))
        match.play(1, Play(min(match.state.hands[1])))
        if match.state.presser >= 0:
            return match
    raise AssertionError("no seed gives a round winner")


def test_no_undo_of_a_die_roll() -> None:
    match = round_won()
    winner = match.state.presser
    match.play(winner, Press())
    with pytest.raises(IllegalAction, match="rolled dice"):
        match.undo(winner)


def test_undo_of_a_bank_restores_the_state() -> None:
    match = round_won()
    winner = match.state.presser
    before = match.game.to_json(match.state)
    match.play(winner, Bank())
    with pytest.raises(IllegalAction, match="the last action was not yours"):
        match.undo(1 - winner)
    match.undo(winner)
    assert match.game.to_json(match.state) == before
    assert len(match.log) == 2


def test_undo_with_an_empty_log() -> None:
    with pytest.raises(IllegalAction, match="nothing to undo"):
        Match.new(make_duel(), ["a", "b"], 2).undo(0)


def test_snapshots_make_long_replays_consistent() -> None:
    from starlanes.core import match as match_module

    old = match_module.SNAPSHOT_EVERY
    match_module.SNAPSHOT_EVERY = 2
    try:
        match = finished_match(7)
        for i in range(len(match.log) + 1):
            fresh = Match(match.game, match.params, match.seats, match.seed, match.log[:i])
            assert match.game.to_json(match.state_at(i)) == match.game.to_json(fresh.state)
    finally:
        match_module.SNAPSHOT_EVERY = old
