"""``starlanes lab run / compare / report`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from starlanes.cli import app
from starlanes.cli.lab import split_agents
from starlanes.core import ParseError
from starlanes.lab.records import read_records

runner = CliRunner()


def test_split_agents_keeps_options_with_their_agent() -> None:
    assert split_agents("mcts:iterations=400,c=2,random") == ["mcts:iterations=400,c=2", "random"]
    assert split_agents("random, greedy,ismcts:iterations=5") == ["random", "greedy", "ismcts:iterations=5"]
    with pytest.raises(ParseError, match="empty agent"):
        split_agents("random,,greedy")


def test_lab_run_json_has_the_promised_fields(duel_registered: str, tmp_path: Path) -> None:
    out = tmp_path / "runs.parquet"
    result = runner.invoke(app, ["lab", "run", "duel", "--agents", "mcts:iterations=5,random", "--games", "8",
                                 "--seed", "3", "--workers", "2", "--out", str(out), "--json", "-q"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 8 and isinstance(data["draws"], int) and data["mean_length"] > 0
    assert {(row["seat"], row["agent"]) for row in data["seats"]} == {
        (0, "mcts:iterations=5"), (0, "random"), (1, "mcts:iterations=5"), (1, "random"),
    }
    for row in data["seats"]:
        low, high = row["ci95"]
        assert 0.0 <= low <= row["win_rate"] <= high <= 1.0
        assert set(row) >= {"seat", "agent", "wins", "win_rate", "ci95"}
    assert len(read_records(out)) == 8


def test_lab_run_is_the_same_with_one_and_two_workers(duel_registered: str) -> None:
    outputs = []
    for workers in ("1", "2"):
        result = runner.invoke(app, ["lab", "run", "duel", "-a", "random,greedy", "-n", "10", "-s", "4",
                                     "-w", workers, "--json", "-q"])
        assert result.exit_code == 0, result.output
        data = json.loads(result.stdout)
        data.pop("seconds")
        outputs.append(data)
    assert outputs[0] == outputs[1]


def test_lab_run_table_and_fixed_seats(duel_registered: str) -> None:
    result = runner.invoke(app, ["lab", "run", "duel", "-a", "random,greedy", "-n", "6", "--fixed-seats", "-q",
                                 "--param", "hand_size=2"])
    assert result.exit_code == 0, result.output
    assert "duel 1: 6 games" in result.stdout and "95% CI" in result.stdout
    assert "draws:" in result.stdout and "length (actions)" in result.stdout


def test_lab_run_errors_are_clear(duel_registered: str) -> None:
    result = runner.invoke(app, ["lab", "run", "duel", "-a", "random,mcts:depth=3", "-n", "2", "-q"])
    assert result.exit_code != 0
    assert "unknown option of agent mcts 'depth'; valid: c, iterations, rollout, time" in str(result.exception)
    result = runner.invoke(app, ["lab", "run", "duel", "-a", "random,random", "--param", "colour=red", "-q"])
    assert "unknown param 'colour'" in str(result.exception)
    result = runner.invoke(app, ["lab", "run", "duel", "-a", "random,random", "--backend", "spark", "-q"])
    assert "unknown backend 'spark'; valid: local, ray" in str(result.exception)


def test_lab_compare_and_report(duel_registered: str, tmp_path: Path) -> None:
    out = tmp_path / "cmp.parquet"
    page = tmp_path / "cmp.html"
    result = runner.invoke(app, ["lab", "compare", "duel", "--variant", "hand_size=5", "--baseline", "hand_size=2",
                                 "-a", "random,random", "-n", "40", "--metric", "length", "--sequential", "2",
                                 "--out", str(out), "--report", str(page), "--json", "-q"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["baseline"] == {"hand_size": 2} and data["variant"] == {"hand_size": 5}
    assert data["verdict"] == "higher" and data["stopped_early"] and data["games"] == 20
    low, high = data["difference"]["ci"]
    assert 0 < low <= data["difference"]["diff"] <= high
    assert "<svg" in page.read_text()
    labels = {r.label for r in read_records(out)}
    assert labels == {"baseline", "variant"}
    again = runner.invoke(app, ["lab", "report", str(out), "--out", str(tmp_path / "again.html")])
    assert again.exit_code == 0, again.output
    assert "Variant against baseline" in (tmp_path / "again.html").read_text()


def test_lab_compare_text_verdict(duel_registered: str) -> None:
    result = runner.invoke(app, ["lab", "compare", "duel", "--variant", "press_target=2", "-a", "random,random",
                                 "-n", "30", "-q"])
    assert result.exit_code == 0, result.output
    assert "seat 0's win rate" in result.stdout and "95% CI" in result.stdout
    assert "every metric" in result.stdout


def test_lab_report_of_a_missing_file(tmp_path: Path) -> None:
    result = runner.invoke(app, ["lab", "report", str(tmp_path / "nope.parquet")])
    assert result.exit_code != 0 and "no such file" in str(result.exception)
