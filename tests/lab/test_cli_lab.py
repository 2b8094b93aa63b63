"""``starlanes lab run / compare / report`` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from starlanes.cli import app
from starlanes.cli.lab import split_agents
from starlanes.core import ParseError
from starlanes.core.errors import ContentError, PathError
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


# --------------------------------------------- issue 9 item 14: default agents, draw reasons


def test_lab_default_agents_are_the_games_own_bot_where_random_play_never_ends() -> None:
    from starlanes.lab.runner import default_agents, load_ruleset

    assert default_agents(load_ruleset("retrograde")) == ("retrograde:heuristic", "retrograde:heuristic")
    result = runner.invoke(app, ["lab", "run", "retrograde", "-n", "2", "--json", "-q"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {row["agent"] for row in data["seats"]} == {"retrograde:heuristic"}
    assert data["draws"] == 0  # the heuristic destroys a homeworld; random play would draw


def test_lab_default_agents_fall_back_to_random_for_a_game_without_bots(duel_registered: str) -> None:
    from starlanes.lab.runner import default_agents, load_ruleset

    assert default_agents(load_ruleset("duel")) == ("random", "random")
    result = runner.invoke(app, ["lab", "run", "duel", "-n", "2"])
    assert result.exit_code == 0, result.output
    assert "agents: random, random (the default for duel" in result.output


def test_lab_summary_names_why_games_were_drawn_with_their_numbers() -> None:
    result = runner.invoke(app, ["lab", "run", "retrograde", "-a", "random,random", "-n", "2", "-q"])
    assert result.exit_code == 0, result.output
    draws = next(line for line in result.stdout.splitlines() if line.startswith("draws:"))
    assert "draws: 2 " in draws and "turn limit (" in draws and ": 2 games" in draws
    endings = next(line for line in result.stdout.splitlines() if line.startswith("endings:"))
    assert " N " not in endings and "N)" not in endings  # item 21: no literal N


def test_endings_show_their_numbers_not_n() -> None:
    from starlanes.lab.summary import ending_labels

    assert ending_labels(["round limit 60 reached; P0 3 stars", "round limit 60 reached; P1 2 stars"]) == [
        "round limit 60 reached", "round limit 60 reached"]
    assert ending_labels(["seat 1 is the last player standing", "seat 0 is the last player standing"]) == [
        "seat 0 or 1 is the last player standing"] * 2
    assert ending_labels([f"won after {n} turns" for n in (40, 9, 71, 12)]) == ["won after 9–71 turns"] * 4
    assert ending_labels(["cap"]) == ["cap"]


# ------------------------------------------- issue 9 item 16: output paths before the work


@pytest.mark.parametrize("command", [
    ["lab", "run", "duel", "-a", "random,random", "-n", "1000000", "-q", "--out", "{dir}"],
    ["lab", "compare", "duel", "--variant", "hand_size=5", "-a", "random,random", "-n", "1000000", "-q",
     "--report", "{dir}"],
    ["lab", "compare", "duel", "--variant", "hand_size=5", "-a", "random,random", "-n", "1000000", "-q",
     "--out", "{dir}"],
])
def test_lab_output_folder_is_refused_before_any_game(duel_registered: str, tmp_path: Path,
                                                      command: list[str]) -> None:
    # A million games would take minutes: the refusal comes first, in one line.
    result = runner.invoke(app, [c.replace("{dir}", str(tmp_path)) for c in command])
    assert isinstance(result.exception, PathError) and result.exception.exit_code == 3
    assert "is a folder; name a file in it" in str(result.exception)
    assert "\n" not in str(result.exception)


def test_lab_output_in_a_missing_folder_is_refused_and_not_created(duel_registered: str, tmp_path: Path) -> None:
    target = tmp_path / "nowhere" / "r.parquet"
    result = runner.invoke(app, ["lab", "run", "duel", "-a", "random,random", "-n", "1000000", "-q",
                                 "--out", str(target)])
    assert isinstance(result.exception, PathError) and "does not exist" in str(result.exception)
    assert not target.parent.exists()


def test_lab_output_paths_expand_the_home_folder(duel_registered: str, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    result = runner.invoke(app, ["lab", "run", "duel", "-a", "random,random", "-n", "2", "-q",
                                 "--out", "~/r.parquet"])
    assert result.exit_code == 0, result.output
    assert len(read_records(tmp_path / "r.parquet")) == 2
    again = runner.invoke(app, ["lab", "report", "~/r.parquet", "--out", "~/r.html"])
    assert again.exit_code == 0, again.output
    assert (tmp_path / "r.html").is_file()


def test_lab_report_to_a_folder_is_refused_before_reading(duel_registered: str, tmp_path: Path) -> None:
    runner.invoke(app, ["lab", "run", "duel", "-a", "random,random", "-n", "2", "-q",
                        "--out", str(tmp_path / "r.parquet")])
    result = runner.invoke(app, ["lab", "report", str(tmp_path / "r.parquet"), "--out", str(tmp_path)])
    assert isinstance(result.exception, PathError) and "is a folder" in str(result.exception)
    result = runner.invoke(app, ["lab", "report", str(tmp_path)])
    assert isinstance(result.exception, ContentError) and "not a file" in str(result.exception)


# ------------------------------------ issue 9 item 21: the report's summary parses as JSON


def test_report_embedded_summary_parses_as_json_even_with_script_tags() -> None:
    import re

    from starlanes.lab.records import GameRecord
    from starlanes.lab.report import render_report, script_json

    tricky = {"text": "</script><script>alert(1)</script> <!-- & \u2028"}
    assert json.loads(script_json(tricky)) == tricky and "</" not in script_json(tricky)
    record = GameRecord(index=0, seed=1, game="duel", version="1", params='{"note": "</script>&"}',
                        label="run", agents=("random", "a</script>b"), first=0, winners=(0,),
                        reason="seat 0 won", scores=(), length=3, duration=0.1)
    page = render_report([record, record])
    found = re.findall(r'<script type="application/json" id="summary">(.*?)</script>', page, re.S)
    assert len(found) == 1
    data = json.loads(found[0])
    assert data["run"]["games"] == 2
    assert {row["agent"] for row in data["run"]["seats"]} == {"random", "a</script>b"}


def test_lab_seed_must_fit_the_records_seed_column() -> None:
    """Batch seeds are stored as 64-bit integers in the Parquet records: a larger one is a usage error."""
    from typer.testing import CliRunner

    from starlanes.cli.app import app

    result = CliRunner().invoke(app, ["lab", "run", "space-risk", "--games", "1", "--seed", str(2**64)])
    assert result.exit_code == 2
    assert "--seed" in result.output
