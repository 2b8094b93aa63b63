"""Kardashev in the lab: runs with 2, 4 (ally variant) and 6 players finish, and the lab reports
the win rate of each role (the seats' labels) with Wilson intervals."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from starlanes.cli import app
from starlanes.games.kardashev.content import load_content
from starlanes.lab.runner import load_ruleset, plan_games, run_tasks
from starlanes.lab.summary import summarize

BOT = "kardashev:heuristic"
ROLE_NAMES = {role.name for role in load_content().roles.values()}


def test_the_ruleset_labels_each_seat_with_its_role() -> None:
    game = load_ruleset("kardashev")
    state = game.setup(None, 2, 4)
    assert game.seat_labels(state) == ("no role", "no role")  # type: ignore[attr-defined]
    record = run_tasks(plan_games("kardashev", [BOT, "random"], 1, 4))[0]
    assert len(record.labels) == 2 and set(record.labels) <= ROLE_NAMES
    assert record.labels[0] != record.labels[1]  # distinct roles (K-S01)


def test_a_two_player_run_reports_each_roles_win_rate() -> None:
    records = run_tasks(plan_games("kardashev", [BOT, BOT], 6, 1))
    s = summarize(records)
    assert set(s.by_label) <= ROLE_NAMES
    assert sum(r.games for r in s.by_label.values()) == 12
    assert sum(r.wins for r in s.by_label.values()) == sum(len(r.winners) for r in records)
    for rate in s.by_label.values():
        low, high = rate.ci95
        assert 0.0 <= low <= rate.rate <= high <= 1.0


def test_a_six_player_run_gives_all_six_roles_every_game() -> None:
    records = run_tasks(plan_games("kardashev", [BOT] * 6, 3, 2), workers=2)
    assert all(sorted(r.labels) == sorted(ROLE_NAMES) for r in records)
    s = summarize(records)
    assert set(s.by_label) == ROLE_NAMES and all(r.games == 3 for r in s.by_label.values())
    assert all(r.reason != "cap" for r in records)  # the games end by the rules
    assert set(s.label_scores) == ROLE_NAMES  # mean final score per role


def test_a_four_player_ally_run_finishes_with_team_wins() -> None:
    game = load_ruleset("kardashev")
    params = game.params_from({"ally_variant": True})
    records = run_tasks(plan_games("kardashev", [BOT, BOT, "random", "random"], 4, 3, params=params))
    for r in records:
        assert r.reason != "cap"
        assert len(r.winners) in (2, 4)  # a team wins (or both tie and share)
    s = summarize(records)
    assert sum(r.games for r in s.by_label.values()) == 16
    assert {agent for _, agent in s.label_agent} == {BOT, "random"}


def test_lab_run_prints_the_role_table_and_json() -> None:
    runner = CliRunner()
    agents = ",".join([BOT] * 6)
    result = runner.invoke(app, ["lab", "run", "kardashev", "--agents", agents, "--games", "2", "--seed", "5", "-q"])
    assert result.exit_code == 0, result.output
    assert "win rate by seat label" in result.stdout
    for name in ROLE_NAMES:
        assert name in result.stdout
    result = runner.invoke(app, ["lab", "run", "kardashev", "--agents", f"{BOT},random", "--games", "2",
                                 "--seed", "5", "--json", "-q"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert {row["label"] for row in data["labels"]} <= ROLE_NAMES
    assert sum(row["games"] for row in data["labels"]) == 4
