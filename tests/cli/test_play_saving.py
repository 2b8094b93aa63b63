"""Issue 9, items 16, 20, 21 and 27 in the play loop: a game is never lost, a saved match is
continued only as what it is, and errors leave as one line with their kind's exit code."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from starlanes.cli.app import run
from starlanes.cli.terminal import PlaySession
from starlanes.core import Match
from starlanes.core.errors import EXIT_FILE, EXIT_OK, EXIT_USAGE
from starlanes.registry import get_game
from tests.toy.duel import make_duel


class Script:
    """Scripted input for PlaySession; records what is shown. ``then`` is raised (as Ctrl-C or
    Ctrl-D would be) when the lines run out; by default the script types ``quit``."""

    def __init__(self, lines: Sequence[str], then: type[BaseException] | None = None) -> None:
        self.lines = list(lines)
        self.then = then
        self.shown: list[str] = []
        self.prompts: list[str] = []
        self.handovers: list[str] = []

    def show(self, text: Any) -> None:
        out = Console(file=io.StringIO(), width=1000)  # long paths stay on one line
        out.print(text)
        self.shown.append(out.file.getvalue())  # type: ignore[attr-defined]

    def ask(self, prompt: str, completions: Sequence[str]) -> str:
        self.prompts.append(prompt)
        if not self.lines:
            if self.then is not None:
                raise self.then
            return "quit"
        return self.lines.pop(0)

    def handover(self, message: str) -> None:
        self.handovers.append(message)

    @property
    def text(self) -> str:
        return "\n".join(self.shown)


@pytest.fixture
def stdin_lines(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    def feed(text: str) -> None:
        monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    yield feed


# ---------------------------------------------------------------- item 16: a game is never lost
def test_save_to_a_folder_or_an_impossible_place_is_refused_and_the_game_goes_on(tmp_path: Path) -> None:
    match = Match.new(make_duel(), ["human", "random"], 11)
    missing = tmp_path / "no-such-folder" / "g.json"
    script = Script([f"save {tmp_path}", "save /proc/x.json", f"save {missing}", "1", "quit"])
    path = PlaySession(match, script, tmp_path / "g.json").run()
    text = script.text
    assert f"{tmp_path} is a folder; name a file in it" in text
    assert "cannot save to /proc/x.json" in text
    assert f"the folder {missing.parent} does not exist" in text
    assert text.count("nothing saved, the game goes on") == 3
    assert not missing.parent.exists()  # no folder is made for the user
    assert [e.seat for e in match.log][:2] == [1, 0]  # the person's '1' after the errors was played
    assert path == tmp_path / "g.json" and json.loads(path.read_text())["log"]


def test_save_expands_the_home_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    match = Match.new(make_duel(), ["human", "random"], 11)
    script = Script(["save ~/mine.json", "quit"])
    PlaySession(match, script, None).run()
    assert (tmp_path / "mine.json").is_file()
    assert not Path("~").exists()
    assert f"Match saved to {tmp_path / 'mine.json'}" in script.text  # the next save goes to the same file


def test_save_never_overwrites_a_file_that_is_not_a_match(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n")
    match = Match.new(make_duel(), ["human", "random"], 11)
    script = Script([f"save {notes}", "quit"])
    PlaySession(match, script, tmp_path / "g.json").run()
    assert "exists and is not a starlanes match; not overwriting it" in script.text
    assert notes.read_text() == "my notes\n"


@pytest.mark.parametrize("stop", [KeyboardInterrupt, EOFError], ids=["ctrl-c", "ctrl-d"])
def test_ctrl_c_and_ctrl_d_at_the_prompt_save_the_match(tmp_path: Path, stop: type[BaseException]) -> None:
    match = Match.new(make_duel(), ["human", "random"], 11)
    script = Script(["1"], then=stop)
    path = PlaySession(match, script, tmp_path / "g.json").run()
    assert path is not None
    saved = json.loads(path.read_text())
    assert saved["log"] == [[e.seat, e.action] for e in match.log] and [0, "play 2"] in saved["log"]
    assert "Stopped (" in script.text and "continue: starlanes play duel --load" in script.text


def test_when_the_final_save_fails_another_file_is_asked_for(tmp_path: Path) -> None:
    match = Match.new(make_duel(), ["human", "random"], 11)
    script = Script(["1", "quit", str(tmp_path / "rescued.json")])
    path = PlaySession(match, script, tmp_path / "gone" / "g.json").run()
    assert "the folder" in script.text and "does not exist" in script.text
    assert script.prompts[-1].startswith("Save the match to")
    assert path == tmp_path / "rescued.json"
    assert json.loads(path.read_text())["log"] == [[e.seat, e.action] for e in match.log]


def test_a_bad_save_option_is_refused_before_the_game(
    duel_registered: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], stdin_lines: Any
) -> None:
    stdin_lines("1\n")
    assert run(["play", "duel", "--save", str(tmp_path)]) == EXIT_FILE
    err = capsys.readouterr()
    assert err.err.count("\n") == 1 and "is a folder; name a file in it" in err.err
    assert "Round 1" not in err.out  # refused before the first board
    assert run(["play", "duel", "--save", str(tmp_path / "new" / "g.json")]) == EXIT_FILE
    assert "does not exist" in capsys.readouterr().err and not (tmp_path / "new").exists()


def test_end_of_input_in_a_piped_game_saves_it(
    duel_registered: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], stdin_lines: Any
) -> None:
    stdin_lines("1\n")
    target = tmp_path / "piped.json"
    assert run(["play", "duel", "-s", "human", "-s", "random", "--save", str(target)]) == EXIT_OK
    assert "Stopped (end of input)" in capsys.readouterr().out
    assert [seat for seat, _ in json.loads(target.read_text())["log"]][:2] == [1, 0]


# ------------------------------------------------------- items 21 and 27: --load as what it is
def _saved_duel(tmp_path: Path) -> Path:
    match = Match.new(make_duel(), ["random", "random"], 5)
    for _ in range(2):
        for seat in sorted(match.to_act()):
            match.play(seat, match.legal_actions(seat)[0])
    path = tmp_path / "duel.json"
    path.write_text(match.to_json())
    return path


@pytest.mark.parametrize("seats", [["human"], ["human", "random", "random"]], ids=["fewer", "more"])
def test_load_with_another_number_of_seats_is_refused_and_nothing_written(
    duel_registered: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], stdin_lines: Any, seats: list[str]
) -> None:
    path = _saved_duel(tmp_path)
    before = path.read_bytes()
    stdin_lines("1\n")
    args = ["play", "duel", "--load", str(path)] + [a for s in seats for a in ("-s", s)]
    assert run(args) == EXIT_USAGE
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"has 2 seats (random, random) but {len(seats)} --seat options" in err
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["duel.json"]


def test_load_with_the_same_number_of_seats_continues_with_them(
    duel_registered: str, tmp_path: Path, stdin_lines: Any
) -> None:
    path = _saved_duel(tmp_path)
    stdin_lines("")
    assert run(["play", "duel", "--load", str(path), "-s", "human", "-s", "random"]) == EXIT_OK
    saved = json.loads(path.read_text())
    assert saved["seats"] == ["human", "random"] and len(saved["log"]) >= 4


def test_load_of_another_games_save_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                              stdin_lines: Any) -> None:
    match = Match.new(get_game("space-risk"), ["random", "random"], 5)
    path = tmp_path / "sr.json"
    path.write_text(match.to_json())
    before = path.read_bytes()
    stdin_lines("")
    assert run(["play", "retrograde", "--load", str(path)]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert "is a match of space-risk, not retrograde" in err
    assert f"play space-risk --load {path}" in err
    assert path.read_bytes() == before


def test_load_refuses_new_params_or_seed(duel_registered: str, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    path = _saved_duel(tmp_path)
    assert run(["play", "duel", "--load", str(path), "--param", "hand_size=2"]) == EXIT_USAGE
    assert "--param cannot change a saved match" in capsys.readouterr().err
    assert run(["play", "duel", "--load", str(path), "--seed", "4"]) == EXIT_USAGE
    assert "--seed cannot change a saved match" in capsys.readouterr().err


# -------------------------------------------------------------- item 20: one kind, one exit code
def test_replay_usage_errors_exit_with_the_usage_code(duel_registered: str, tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    path = _saved_duel(tmp_path)
    assert run(["replay", str(path), "--seat", "1", "--gm", "--all"]) == EXIT_USAGE
    assert "choose --seat or --gm, not both" in capsys.readouterr().err
    assert run(["replay", str(path), "--seat", "7", "--all"]) == EXIT_USAGE
    assert "no seat 7; this match has seats 0-1" in capsys.readouterr().err
    assert run(["replay", str(tmp_path / "missing.json"), "--all"]) == EXIT_FILE


def test_a_new_match_refuses_a_seat_count_or_seed_it_cannot_play_or_save(
    duel_registered: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "g.json"
    assert run(["play", "duel", "-s", "human", "--save", str(target)]) == EXIT_USAGE
    assert "duel is for 2-4 players; 1 --seat option was given" in capsys.readouterr().err
    assert run(["play", "duel", "--seed", "-1", "--save", str(target)]) == EXIT_USAGE
    assert "--seed must be a whole number from 0 to 2**" in capsys.readouterr().err
    assert not target.exists()


def test_the_default_save_folder_is_made_only_when_used_and_said(
    duel_registered: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], stdin_lines: Any,
    monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    stdin_lines("")
    assert run(["play", "duel", "-s", "human", "-s", "random"]) == EXIT_OK
    assert "(made the folder saves/ for it)" in capsys.readouterr().out
    assert len(list((tmp_path / "saves").glob("duel-*.json"))) == 1
