"""The lab plays Risky Stars: small runs of 2- and 6-player games end, with the game's own bot
and the generic ones (the full bot measurement is in docs/games/risky-stars.md)."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from starlanes.cli import app
from starlanes.lab.runner import default_agents, plan_games, run_tasks
from starlanes.lab.summary import summarize
from starlanes.registry import get_game

GAME = get_game("risky-stars")


def test_a_two_player_lab_run_ends_every_game() -> None:
    params = GAME.params_from({"max_rounds": 12})
    tasks = plan_games("risky-stars", ["risky-stars:heuristic", "random"], 4, 3, params=params)
    records = run_tasks(tasks)
    assert len(records) == 4
    for r in records:
        assert r.reason.startswith("round 12 was the last") or "standing" in r.reason, r.reason
        assert r.winners and len(r.scores) == 2
    assert sum(1 for r in records for w in r.winners if r.agents[w] == "risky-stars:heuristic") == 4


def test_a_six_player_lab_run_ends_every_game() -> None:
    params = GAME.params_from({"max_rounds": 8})
    agents = ["risky-stars:heuristic", "random", "risky-stars:heuristic:alliances=no", "random",
              "risky-stars:heuristic:threshold=0.8", "random"]
    records = run_tasks(plan_games("risky-stars", agents, 2, 5, params=params))
    assert len(records) == 2
    for r in records:
        assert r.reason != "cap" and r.winners and len(r.scores) == 6
        assert r.length > 0


def test_the_lab_command_summarises_risky_stars_games() -> None:
    result = CliRunner().invoke(app, ["lab", "run", "risky-stars", "-a", "risky-stars:heuristic,random", "-n", "2",
                                      "-p", "max_rounds=6", "--json", "-q"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 2 and data["draws"] == 0
    assert {a["agent"] for a in data["agents"]} == {"risky-stars:heuristic", "random"}


def test_the_lab_defaults_to_the_heuristic_bot_in_every_seat() -> None:
    assert default_agents(GAME) == ("risky-stars:heuristic", "risky-stars:heuristic")
    tasks = plan_games("risky-stars", ["risky-stars:heuristic"] * 3, 1, 0, params=GAME.params_from({"max_rounds": 4}))
    (record,) = run_tasks(tasks)
    summary = summarize([record])
    assert record.reason.startswith("round 4 was the last")
    assert summary.games == 1 and summary.draws == (0 if record.winners else 1)
