"""Seat labels in the lab: what each seat was (kardashev: its role), and win rates by label.

The toy game here is the duel with a faction per seat: a game that answers ``seat_labels``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from starlanes import registry
from starlanes.cli import app
from starlanes.core import StarlanesError
from starlanes.lab.labels import label_rows, label_table, seat_labels
from starlanes.lab.records import GameRecord, read_records, write_records
from starlanes.lab.report import render_report
from starlanes.lab.runner import plan_games, play_game, run_tasks
from starlanes.lab.stats import wilson
from starlanes.lab.summary import summarize
from tests.toy.duel import SPEC, Duel, DuelState

FACTIONS = ("red", "blue", "green", "gold")


class FactionDuel(Duel):
    """The duel, where each seat also belongs to a faction dealt from the game's own cards."""

    spec = replace(SPEC, id="faction-duel", name="Faction Duel (test ruleset)")

    def seat_labels(self, state: DuelState) -> Sequence[str]:
        offset = sum(state.discard) % state.players  # any function of the state will do
        return tuple(FACTIONS[(seat + offset) % state.players] for seat in range(state.players))


def make_faction_duel() -> FactionDuel:
    return FactionDuel()


GAME = "tests.lab.test_roles:make_faction_duel"
PLAIN = "tests.toy.duel:make_duel"


class _Answers:
    """A stand-in ruleset whose ``seat_labels`` answers what it is told."""

    def __init__(self, answer: object) -> None:
        self.answer = answer

    def seat_labels(self, state: object) -> object:
        return self.answer


class _State:
    players = 2


def test_a_ruleset_without_the_hook_has_no_labels() -> None:
    assert seat_labels(object(), _State()) == ()
    assert seat_labels(_Answers(None), _State()) == ()


def test_labels_must_be_one_text_per_seat() -> None:
    assert seat_labels(_Answers(["Warlord", "Pioneer"]), _State()) == ("Warlord", "Pioneer")
    with pytest.raises(StarlanesError, match="one label per seat"):
        seat_labels(_Answers("Warlord"), _State())
    with pytest.raises(StarlanesError, match=r"one non-empty text per seat \(2 seats\)"):
        seat_labels(_Answers(["Warlord"]), _State())
    with pytest.raises(StarlanesError, match="non-empty"):
        seat_labels(_Answers(["Warlord", ""]), _State())


def test_a_played_game_records_each_seats_label() -> None:
    record = play_game(plan_games(GAME, ["random", "random", "random"], 1, 5)[0])
    assert sorted(record.labels) == ["blue", "green", "red"]
    assert play_game(plan_games(PLAIN, ["random", "random"], 1, 5)[0]).labels == ()


def _rec(i: int, labels: tuple[str, ...], winners: tuple[int, ...], scores: tuple[float, ...] = (),
         agents: tuple[str, ...] = ("a", "a")) -> GameRecord:
    return GameRecord(i, i, "g", "1", "{}", "run", agents, 0, winners, "r", scores, 10, 0.0, labels)


def test_summary_gives_each_label_its_wins_interval_and_mean_score() -> None:
    records = [
        _rec(0, ("Warlord", "Pioneer"), (0,), (30.0, 20.0)),
        _rec(1, ("Pioneer", "Warlord"), (1,), (18.0, 34.0)),
        _rec(2, ("Warlord", "Scientist"), (1,), (25.0, 27.0)),
        _rec(3, ("Scientist", "Pioneer"), (), (22.0, 22.0)),  # a draw: nobody wins
    ]
    s = summarize(records)
    assert list(s.by_label) == ["Pioneer", "Scientist", "Warlord"]  # sorted
    assert (s.by_label["Warlord"].wins, s.by_label["Warlord"].games) == (2, 3)
    assert (s.by_label["Pioneer"].wins, s.by_label["Pioneer"].games) == (0, 3)
    assert (s.by_label["Scientist"].wins, s.by_label["Scientist"].games) == (1, 2)
    assert s.by_label["Warlord"].ci95 == wilson(2, 3)
    assert s.label_scores["Warlord"] == pytest.approx((30 + 34 + 25) / 3)
    data = s.to_json()
    rows = {row["label"]: row for row in data["labels"]}
    assert rows["Warlord"]["wins"] == 2 and rows["Warlord"]["games"] == 3
    assert rows["Warlord"]["ci95"] == [round(x, 6) for x in wilson(2, 3)]
    assert rows["Pioneer"]["mean_score"] == pytest.approx(20.0)
    assert [row["label"] for row in data["label_agents"]] == ["Pioneer", "Scientist", "Warlord"]


def test_labels_split_by_agent_when_agents_differ() -> None:
    records = [
        _rec(0, ("Warlord", "Pioneer"), (0,), agents=("bot", "random")),
        _rec(1, ("Warlord", "Pioneer"), (0,), agents=("random", "bot")),
        _rec(2, ("Pioneer", "Warlord"), (0,), agents=("bot", "random")),
    ]
    s = summarize(records)
    assert (s.label_agent[("Warlord", "bot")].wins, s.label_agent[("Warlord", "bot")].games) == (1, 1)
    assert (s.label_agent[("Warlord", "random")].wins, s.label_agent[("Warlord", "random")].games) == (1, 2)
    assert s.label_scores == {}  # no scores: no mean
    rows = label_rows(s)
    assert rows[0][:4] == ("Pioneer", "any", "3", "1")
    assert [r[1] for r in rows] == ["any", "bot", "random", "any", "bot", "random"]
    assert rows[0][-1] == "-"


def test_games_without_labels_report_no_label_table() -> None:
    s = summarize([_rec(0, (), (0,)), _rec(1, (), (1,))])
    assert s.by_label == {} and label_table(s) is None
    assert s.to_json()["labels"] == [] and s.to_json()["label_agents"] == []
    assert "By seat label" not in render_report([_rec(0, (), (0,))])


def test_label_counts_add_up_over_a_real_batch() -> None:
    records = run_tasks(plan_games(GAME, ["random", "greedy", "random"], 9, 2), workers=1)
    s = summarize(records)
    assert sum(r.games for r in s.by_label.values()) == 9 * 3
    assert sum(r.wins for r in s.by_label.values()) == sum(len(r.winners) for r in records)
    assert set(s.by_label) == {"red", "blue", "green"}


def test_labels_round_trip_through_parquet_and_old_files_still_read(tmp_path: Path) -> None:
    import pyarrow.parquet as pq

    records = run_tasks(plan_games(GAME, ["random", "random"], 4, 1))
    path = write_records(records, tmp_path / "r.parquet")
    assert read_records(path) == records
    old = tmp_path / "old.parquet"
    pq.write_table(pq.read_table(path).drop_columns(["labels"]), old)  # a file from before the column
    back = read_records(old)
    assert [r.labels for r in back] == [()] * 4
    assert [replace(r, labels=()) for r in records] == back


def test_report_page_shows_the_label_table_and_plot() -> None:
    records = run_tasks(plan_games(GAME, ["random", "random"], 4, 1))
    page = render_report(records)
    assert "By seat label" in page and "win rates by seat label" in page
    data = json.loads(page.split('id="summary">')[1].split("</script>")[0])
    assert {row["label"] for row in data["run"]["labels"]} == {"red", "blue"}


@pytest.fixture
def factions_registered() -> Iterator[str]:
    registry.register("faction-duel", GAME)
    yield "faction-duel"
    registry.unregister("faction-duel")


def test_lab_run_prints_win_rates_by_label(factions_registered: str) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["lab", "run", factions_registered, "-a", "random,random,random", "-n", "6",
                                 "-s", "3", "-q"])
    assert result.exit_code == 0, result.output
    assert "win rate by seat label" in result.stdout
    for faction in ("red", "blue", "green"):
        assert faction in result.stdout
    result = runner.invoke(app, ["lab", "run", factions_registered, "-a", "random,random", "-n", "4",
                                 "--json", "-q"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert sum(row["games"] for row in data["labels"]) == 8


def test_compare_reports_each_labels_win_rate_and_takes_one_as_its_metric() -> None:
    from starlanes.lab.compare import compare, metric_names, metric_value, parse_metric
    from starlanes.lab.runner import load_ruleset

    game = load_ruleset(GAME)
    variant = game.params_from({"hand_size": 2})
    result = compare(GAME, ["random", "random", "random"], 6, 4, variant=variant, metric="label:red")
    metrics = result.all_metrics()
    assert {"label:red", "label:blue", "label:green"} <= set(metrics)
    assert result.metric == "label:red"
    assert "the win rate of red (seat label)" in result.to_json()["text"]
    rec = _rec(0, ("Warlord", "Pioneer"), (1,))
    assert metric_value("label:Pioneer", rec, 2) == 1.0 and metric_value("label:Warlord", rec, 2) == 0.0
    assert metric_value("label:Scientist", rec, 2) == 0.0  # a label the game did not have
    assert metric_names(["a", "a"], 2, ["b", "a", "b"])[-2:] == ["label:a", "label:b"]
    assert parse_metric("label:Warlord", ["a", "a"], 2) == "label:Warlord"
    with pytest.raises(StarlanesError, match="unknown metric 'label:'"):
        parse_metric("label:", ["a", "a"], 2)
    with pytest.raises(StarlanesError, match="no seat had that label; the games' labels: blue, green, red"):
        compare(GAME, ["random", "random", "random"], 2, 4, variant=variant, metric="label:purple")
    page = render_report([*result.baseline, *result.variant])
    assert "label:red" in page
