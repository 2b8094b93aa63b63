"""Variant comparison with common random numbers; the HTML report."""

from __future__ import annotations

from pathlib import Path

import pytest

from starlanes.core import ParseError, StarlanesError
from starlanes.lab.compare import compare, metric_value, verdict_text
from starlanes.lab.records import GameRecord, write_records
from starlanes.lab.report import render_report, write_report
from starlanes.lab.runner import load_ruleset
from starlanes.lab.stats import SequentialPlan, paired_difference

DUEL = "tests.toy.duel:make_duel"


def params(**values: object) -> object:
    return load_ruleset(DUEL).params_from({k: str(v) for k, v in values.items()})


def test_both_sides_use_the_same_seeds_and_seating() -> None:
    result = compare(DUEL, ["mcts:iterations=4", "random"], 20, 3,
                     variant=params(press_target=2))  # type: ignore[arg-type]
    assert result.games == 20
    for b, v in zip(result.baseline, result.variant, strict=True):
        assert (b.index, b.seed, b.agents) == (v.index, v.seed, v.agents)
        assert b.label == "baseline" and v.label == "variant"
        assert b.params == "{}" and v.params == '{"press_target": 2}'


def test_common_random_numbers_pair_the_games() -> None:
    # press_target 4 -> 5 only matters when a seat presses and rolls exactly 4; with the same
    # seeds on both sides every other game is replayed identically (same deal, same agent
    # choices, same dice), which is what makes the paired difference precise
    result = compare(DUEL, ["random", "random"], 30, 11, variant=params(press_target=5))  # type: ignore[arg-type]
    same = sum(1 for b, v in zip(result.baseline, result.variant, strict=True)
               if b.scores == v.scores and b.length == v.length)
    assert same >= 25
    assert result.changed == 30 - same
    # unpaired batches (other seeds) almost never agree game by game
    other = compare(DUEL, ["random", "random"], 30, 12, variant=params(press_target=5))  # type: ignore[arg-type]
    unpaired = sum(1 for b, v in zip(result.baseline, other.variant, strict=True)
                   if b.scores == v.scores and b.length == v.length)
    assert unpaired <= 10


def test_identical_params_are_refused() -> None:
    with pytest.raises(StarlanesError, match="nothing to compare"):
        compare(DUEL, ["random", "random"], 5, 0, variant=params())  # type: ignore[arg-type]


def test_unknown_metric_lists_the_valid_ones() -> None:
    with pytest.raises(ParseError, match="valid: seat:0, seat:1, draws, length"):
        compare(DUEL, ["random", "random"], 5, 0, variant=params(top=9), metric="wins")  # type: ignore[arg-type]
    with pytest.raises(ParseError, match="valid: seat:0, seat:1, agent:0, agent:1, draws, length"):
        compare(DUEL, ["random", "greedy"], 5, 0, variant=params(top=9), metric="agent:2")  # type: ignore[arg-type]


def test_a_large_effect_is_clear_and_stops_early() -> None:
    # one round per game against six: the variant's games are far longer, which the first
    # of four looks (at the Bonferroni level 1 - 0.05/4) already shows
    result = compare(DUEL, ["random", "random"], 400, 5, baseline=params(hand_size=1),  # type: ignore[arg-type]
                     variant=params(hand_size=6), metric="length",  # type: ignore[arg-type]
                     plan=SequentialPlan(looks=4))
    assert result.games == 100 and result.stopped_early
    assert result.verdict == "higher"
    assert "raises the game length" in result.to_json()["text"]


def test_agent_metric_follows_the_agent_across_rotated_seats() -> None:
    rec = GameRecord(1, 0, "g", "1", "{}", "run", ("b", "a"), 0, (1,), "r", (), 1, 0.0)
    assert metric_value("agent:0", rec, 2) == 1.0  # agent 0 ("a") sat in seat 1 in game 1
    assert metric_value("agent:1", rec, 2) == 0.0
    assert metric_value("agent:0", rec, 2, fixed_seats=True) == 0.0
    assert metric_value("seat:1", rec, 2) == 1.0 and metric_value("draws", rec, 2) == 0.0


def test_a_change_that_alters_no_game_stops_at_the_first_look() -> None:
    # Bet: mcts always passes whether a bet wins from 5 or from 6, so the variant changes
    # nothing; with common random numbers every pair is identical and the answer is clear
    bet = "tests.ai.games:make_bet"
    ruleset = load_ruleset(bet)
    result = compare(bet, ["mcts:iterations=60", "random"], 40, 1, fixed_seats=True,
                     baseline=ruleset.params_from({"win_from": "5"}), variant=ruleset.params_from({"win_from": "6"}),
                     plan=SequentialPlan(looks=4))
    assert result.games == 10 and result.stopped_early and result.changed == 0
    assert result.verdict == "same"
    assert "the same in every one of the 10 paired games" in result.to_json()["text"]


def test_verdict_texts_are_plain() -> None:
    plan = SequentialPlan(margin=0.05)
    up = paired_difference([0.0] * 40, [1.0] * 40)
    unclear = paired_difference([0.0, 1.0, 0.0, 1.0], [1.0, 0.0, 1.0, 1.0])
    assert verdict_text("seat:0", up, plan, ["x", "y"]).startswith("The variant raises seat 0's win rate")
    assert "more games are needed" in verdict_text("agent:1", unclear, plan, ["x", "y"])
    assert "agent 1 (y)" in verdict_text("agent:1", unclear, plan, ["x", "y"])


def test_report_has_plots_tables_and_differences(tmp_path: Path) -> None:
    result = compare(DUEL, ["mcts:iterations=4", "random"], 12, 2, variant=params(press_target=2))  # type: ignore[arg-type]
    path = write_records(result.baseline + result.variant, tmp_path / "cmp.parquet")
    html_path = write_report(path)
    assert html_path == tmp_path / "cmp.html"
    page = html_path.read_text()
    assert page.count("<svg") == 5  # differences + (win rates, lengths) per side
    assert "Variant against baseline" in page and "95% CI" in page
    assert "mcts:iterations=4" in page and "seat:0" in page


def test_report_of_a_plain_run() -> None:
    from starlanes.lab.runner import plan_games, run_tasks

    page = render_report(run_tasks(plan_games(DUEL, ["random", "greedy"], 6, 1)))
    assert page.count("<svg") == 2 and "Variant against baseline" not in page
    assert "First player" not in page  # duel opens with a sealed decision: no first player
