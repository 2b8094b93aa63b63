"""Batches of games: seeds, seating, reproducibility across workers and backends, records."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from starlanes.core import ContentError, StarlanesError, UnknownName, derive_seed
from starlanes.lab.records import GameRecord, read_records, write_records
from starlanes.lab.runner import game_seed, load_ruleset, plan_games, play_game, run_tasks, seating
from starlanes.lab.summary import summarize
from starlanes.registry import available_games

DUEL = "tests.toy.duel:make_duel"


def test_game_seed_comes_from_batch_seed_and_index() -> None:
    assert game_seed(5, 3) == derive_seed(5, "lab-game", 3)
    assert len({game_seed(5, i) for i in range(1000)}) == 1000
    tasks = plan_games(DUEL, ["random", "random"], 4, 5, start=10)
    assert [t.index for t in tasks] == [10, 11, 12, 13]
    assert [t.seed for t in tasks] == [game_seed(5, i) for i in range(10, 14)]


def test_seats_rotate_unless_fixed() -> None:
    agents = ["a", "b", "c"]
    assert [seating(agents, i) for i in range(4)] == [
        ("a", "b", "c"), ("b", "c", "a"), ("c", "a", "b"), ("a", "b", "c"),
    ]
    assert seating(agents, 1, fixed_seats=True) == ("a", "b", "c")


def test_plan_checks_players_agents_and_games() -> None:
    with pytest.raises(StarlanesError, match="2-4 players"):
        plan_games(DUEL, ["random"], 3, 0)
    with pytest.raises(UnknownName, match=r"valid: .*mcts"):
        plan_games(DUEL, ["random", "montecarlo"], 3, 0)
    with pytest.raises(StarlanesError, match="at least 1"):
        plan_games(DUEL, ["random", "random"], 0, 0)
    with pytest.raises(UnknownName, match="unknown game"):
        plan_games("no-such-game", ["random", "random"], 1, 0)


def test_results_are_identical_with_one_and_two_workers() -> None:
    tasks = plan_games(DUEL, ["mcts:iterations=10", "random", "ismcts:iterations=5"], 24, 42)
    one = run_tasks(tasks, workers=1)
    two = run_tasks(tasks, workers=2)
    assert len(one) == len(two) == 24
    assert all(a.same_result(b) for a, b in zip(one, two, strict=True))
    assert [r.index for r in two] == list(range(24))


def test_play_game_record_fields() -> None:
    task = plan_games(DUEL, ["random", "random"], 1, 9, params=load_ruleset(DUEL).params_from({"hand_size": 2}))[0]
    record = play_game(task)
    assert record.game == "duel" and record.version == "1"
    assert json.loads(record.params) == {"hand_size": 2}
    assert record.agents == ("random", "random")
    assert record.seed == task.seed and record.label == "run"
    assert 2 * 2 <= record.length <= 2 * 3  # two sealed rounds, each maybe followed by press/bank
    assert record.first == -1  # the opening decision is sealed: no single first player
    assert record.reason in ("highest score", "equal scores")
    assert record.duration > 0
    assert play_game(task).same_result(record)


def test_action_cap_ends_a_game_as_a_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    game = load_ruleset(DUEL)
    monkeypatch.setattr(type(game), "spec", replace(game.spec, max_actions=3))
    record = play_game(plan_games(DUEL, ["random", "random"], 1, 0)[0])
    assert record.reason == "cap" and record.winners == () and record.length == 4  # a sealed pair


def test_records_round_trip_through_parquet(tmp_path: Path) -> None:
    records = run_tasks(plan_games(DUEL, ["random", "greedy"], 6, 3))
    path = write_records(records, tmp_path / "r.parquet")
    back = read_records(path)
    assert back == records
    assert isinstance(back[0], GameRecord) and isinstance(back[0].agents, tuple)


def test_reading_a_foreign_file_is_a_content_error(tmp_path: Path) -> None:
    bad = tmp_path / "x.parquet"
    bad.write_text("not parquet")
    with pytest.raises(ContentError, match="not a Parquet file"):
        read_records(bad)
    with pytest.raises(ContentError, match="no such file"):
        read_records(tmp_path / "missing.parquet")


@pytest.mark.parametrize("game_id", [spec.id for spec in available_games()])
def test_every_registered_ruleset_runs_in_the_lab(game_id: str) -> None:
    spec = load_ruleset(game_id).spec
    agents = ["random"] * spec.min_players
    tasks = plan_games(game_id, agents, 2, 1)
    one = run_tasks(tasks)
    two = run_tasks(tasks, workers=2)
    assert all(a.same_result(b) for a, b in zip(one, two, strict=True))
    summary = summarize(one)
    assert summary.games == 2 and summary.game == game_id
    assert all(r.length > 0 for r in one)


def test_summary_counts_wins_draws_and_first_player() -> None:
    def rec(i: int, winners: tuple[int, ...], first: int, length: int) -> GameRecord:
        agents = ("a", "b") if i % 2 == 0 else ("b", "a")
        return GameRecord(i, i, "g", "1", "{}", "run", agents, first, winners, "r", (), length, 0.0)

    records = [rec(0, (0,), 0, 10), rec(1, (0,), 0, 20), rec(2, (), 1, 30), rec(3, (1,), 1, 40)]
    s = summarize(records).to_json()
    assert s["games"] == 4 and s["draws"] == 1 and s["mean_length"] == 25.0
    seats = {(row["seat"], row["agent"]): row for row in s["seats"]}
    assert seats[(0, "a")]["wins"] == 1 and seats[(0, "a")]["games"] == 2
    assert seats[(0, "b")]["wins"] == 1 and seats[(1, "a")]["wins"] == 1
    assert seats[(0, "a")]["ci95"] == [pytest.approx(0.094531, abs=1e-6), pytest.approx(0.905469, abs=1e-6)]
    agents = {row["agent"]: row for row in s["agents"]}
    assert agents["a"]["wins"] == 2 and agents["b"]["wins"] == 1 and agents["a"]["games"] == 4
    assert s["first_player"]["wins"] == 3 and s["first_player"]["games"] == 4
    assert s["length"]["median"] == 25.0 and s["length"]["max"] == 40.0


def test_lab_modules_import_heavy_libraries_lazily() -> None:
    import subprocess
    import sys

    code = (
        "import sys, starlanes.cli.app, starlanes.lab.runner, starlanes.lab.compare, starlanes.lab.summary;"
        "print(sorted(m for m in ('pyarrow', 'matplotlib', 'ray') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
