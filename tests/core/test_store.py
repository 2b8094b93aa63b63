"""Issue 8 item 6: matches as a store. ``FileStore``: atomic appends with an expected step
(a stale one is refused, two processes racing for one step cannot both win), a killed writer
leaves a loadable match, the file is the CLI's save format, listing without replaying."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from starlanes.cli.app import run
from starlanes.core import GM, Match, Ruleset
from starlanes.core.errors import EXIT_OK, IllegalAction, NoSuchMatch, ParseError, PathError, StaleState
from starlanes.core.gm import Ruling
from starlanes.core.store import FileStore, MatchStore
from tests.toy.duel import Play, make_duel

ROOT = Path(__file__).resolve().parents[2]


def duel_only(game_id: str) -> Ruleset[Any, Any, Any]:
    assert game_id == "duel"
    return make_duel()


def store_at(directory: Path) -> FileStore:
    return FileStore(directory, duel_only)


def test_file_store_is_a_match_store(tmp_path: Path) -> None:
    store: MatchStore = store_at(tmp_path)  # checked by mypy against the protocol
    assert store.list() == []


def test_a_stored_match_loads_as_it_was_made(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    match = Match.new(make_duel(), ["human", "random"], 7)
    match.play(0, Play(match.state.hands[0][0]))
    match_id = store.create(match)
    loaded = store.load(match_id)
    assert loaded.log == match.log and loaded.seed == 7 and loaded.content_hashes == match.content_hashes
    assert loaded.game.to_json(loaded.state) == match.game.to_json(match.state)


def test_append_returns_the_new_step_and_is_on_disk(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    match_id = store.create(Match.new(make_duel(), ["a", "b"], 7))
    hand = store.load(match_id).state.hands[0]
    assert store.append(match_id, 0, Play(hand[0]), 0) == 1
    assert store.append(match_id, GM, Ruling("late cards count"), 1) == 2
    other = store_at(tmp_path)  # another process would see the same
    assert [e.action for e in other.load(match_id).log] == [f"play {hand[0]}", 'ruling "late cards count"']


def test_stale_append_is_refused_and_the_file_is_unchanged(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    match_id = store.create(Match.new(make_duel(), ["a", "b"], 7))
    store.append(match_id, GM, "ruling first", 0)
    before = store.path(match_id).read_bytes()
    with pytest.raises(StaleState, match="made at step 0, but the match is at step 1"):
        store.append(match_id, GM, "ruling second", 0)
    with pytest.raises(IllegalAction):
        store.append(match_id, 0, "play 99", 1)
    assert store.path(match_id).read_bytes() == before
    assert store.append(match_id, GM, "ruling second", 1) == 2  # the cached match was not changed either


def test_a_file_changed_by_another_writer_is_reread(tmp_path: Path) -> None:
    one, two = store_at(tmp_path), store_at(tmp_path)
    match_id = one.create(Match.new(make_duel(), ["a", "b"], 7))
    one.append(match_id, GM, "ruling a", 0)
    two.append(match_id, GM, "ruling b", 1)
    with pytest.raises(StaleState):
        one.append(match_id, GM, "ruling c", 1)  # one's cached match is at step 1: it must not trust it
    assert one.append(match_id, GM, "ruling c", 2) == 3


def _race(directory: str, name: str, rounds: int, barrier: Any, results: Any) -> None:
    store = FileStore(directory, duel_only)
    won = []
    for step in range(rounds):
        barrier.wait()
        try:
            store.append("race", GM, Ruling(f"{name} {step}"), step)
            won.append(step)
        except StaleState:
            pass
    results.put((name, won))


def test_two_processes_racing_for_one_step_cannot_both_win(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    store.create(Match.new(make_duel(), ["a", "b"], 7), "race")
    rounds = 12
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(2)
    results = ctx.Queue()
    procs = [ctx.Process(target=_race, args=(str(tmp_path), name, rounds, barrier, results)) for name in "AB"]
    for proc in procs:
        proc.start()
    won = dict(results.get(timeout=60) for _ in procs)
    for proc in procs:
        proc.join(timeout=30)
    assert sorted(won["A"] + won["B"]) == list(range(rounds))  # each step won exactly once
    log = store.load("race").log
    assert len(log) == rounds
    for step, entry in enumerate(log):
        winner = "A" if step in won["A"] else "B"
        assert entry.action == f'ruling "{winner} {step}"'


WRITER = """
import sys
sys.path.insert(0, {root!r})
from starlanes.core import GM
from starlanes.core.store import FileStore
from tests.toy.duel import make_duel
store = FileStore({directory!r}, lambda _: make_duel())
step = store.load("victim").step
while True:
    step = store.append("victim", GM, "ruling " + "x" * 1500 + str(step), step)
"""


def test_a_killed_writer_leaves_a_loadable_match(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    store.create(Match.new(make_duel(), ["a", "b"], 7), "victim")
    for kill in range(3):
        proc = subprocess.Popen([sys.executable, "-c", WRITER.format(root=str(ROOT), directory=str(tmp_path))])
        deadline = time.monotonic() + 20
        start = store.load("victim").step
        while store.load("victim").step < start + 5 and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.003 * kill)  # kill at different moments of a write
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        match = store.load("victim")  # whole: every line of the log replays
        assert match.step >= start + 5
        assert match.step == store.append("victim", GM, Ruling("after the crash"), match.step) - 1
        assert not list(tmp_path.glob("*.tmp"))  # a killed writer's temporary file goes at the next write
    assert [s.id for s in store.list()] == ["victim"]


def test_listing_summarises_without_replaying(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    first = store.create(Match.new(make_duel(), ["human", "random"], 7), "a-first")
    done = Match.new(make_duel(), ["x", "y"], 3)
    done.play(GM, "end-game winners=1 reason=conceded")
    store.create(done, "b-done")
    store.append(first, GM, "ruling hello", 0)
    (tmp_path / "notes.json").write_text("{}")
    (tmp_path / ".a-first.123.tmp").write_text("half")
    summaries = {s.id: s for s in store.list()}
    assert sorted(summaries) == ["a-first", "b-done", "notes"]
    assert summaries["a-first"].step == 1 and summaries["a-first"].seats == ("human", "random")
    assert summaries["a-first"].outcome is None and summaries["a-first"].game == "duel"
    assert summaries["b-done"].outcome is not None and summaries["b-done"].outcome.winners == (1,)
    assert summaries["notes"].problem is not None and "not a starlanes match" in summaries["notes"].problem


def test_delete_and_unknown_or_unsafe_ids(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    match_id = store.create(Match.new(make_duel(), ["a", "b"], 7))
    store.delete(match_id)
    assert store.list() == [] and not any(tmp_path.iterdir())
    with pytest.raises(NoSuchMatch) as info:
        store.load(match_id)
    assert info.value.http_status == 404
    with pytest.raises(NoSuchMatch):
        store.append(match_id, GM, "ruling x", 0)
    with pytest.raises(NoSuchMatch):
        store.delete(match_id)
    for bad in ("../escape", "a/b", "", ".hidden", "x" * 81):
        with pytest.raises(ParseError, match="is not a match id"):
            store.load(bad)
    assert not any(tmp_path.iterdir())  # no lock file left for an id never held


def test_an_id_is_not_created_twice(tmp_path: Path) -> None:
    store = store_at(tmp_path)
    store.create(Match.new(make_duel(), ["a", "b"], 7), "mine")
    with pytest.raises(Exception, match="holds a match 'mine' already"):
        store.create(Match.new(make_duel(), ["a", "b"], 8), "mine")
    assert store.load("mine").seed == 7
    assert [p.name for p in tmp_path.iterdir() if p.suffix == ".tmp"] == []


def test_a_missing_folder_is_refused(tmp_path: Path) -> None:
    with pytest.raises(PathError, match="no such folder"):
        FileStore(tmp_path / "nope")


def test_a_stored_match_is_a_save_the_cli_replays(duel_registered: str, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    store = FileStore(tmp_path)  # the registry finds the game
    match_id = store.create(Match.new(make_duel(), ["a", "b"], 7))
    store.append(match_id, GM, "ruling stored", 0)
    assert run(["replay", str(store.path(match_id)), "--gm", "--all"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "the GM: ruling stored" in out and "GM ruling: stored" in out
    assert json.loads(store.path(match_id).read_text())["format"] == "starlanes-match/1"
    assert os.access(store.path(match_id), os.R_OK)
