"""The starlanes command: games, rules, play, replay, and its error messages."""

from __future__ import annotations

import io
import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, ClassVar

import pytest
from rich.console import Console
from typer.testing import CliRunner

from starlanes.ai.registry import make_agent, parse_agent_spec
from starlanes.cli import app
from starlanes.cli.terminal import PlaySession
from starlanes.core import Action, ActionCodec, Match, ParseError, UnknownName
from starlanes.core.errors import EXIT_FILE, EXIT_USAGE
from tests.toy.duel import make_duel

ALL_GAMES = "kardashev, retrograde, risky-stars, space-risk, star-kingdoms"

runner = CliRunner()


def test_games_json_lists_every_registered_game(duel_registered: str) -> None:
    result = runner.invoke(app, ["games", "--json"])
    assert result.exit_code == 0
    rows = {row["id"]: row for row in json.loads(result.stdout)}
    assert rows["duel"]["min_players"] == 2 and rows["duel"]["max_players"] == 4
    assert {"id", "name", "version", "min_players", "max_players"} <= set(rows["duel"])


@pytest.mark.parametrize("width", [60, 80, 120])
def test_games_table_shows_every_id_and_chance_whole(width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """An id is what every other command takes: the table never cuts it (nor a chance value)
    to fit the terminal; names wrap instead."""
    from starlanes.cli import common
    from starlanes.registry import available_games

    monkeypatch.setattr(common.console, "width", width)
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0, result.output
    assert "…" not in result.stdout
    for spec in available_games():
        assert f" {spec.id} " in result.stdout
        assert f" {spec.chance.value} " in result.stdout


def test_rules_lists_params_with_defaults(duel_registered: str) -> None:
    result = runner.invoke(app, ["rules", "duel"])
    assert result.exit_code == 0
    assert "hand_size" in result.stdout and "press_target" in result.stdout
    assert "lowest die roll that wins a press" in result.stdout


def test_unknown_game_lists_the_valid_ones(duel_registered: str) -> None:
    result = runner.invoke(app, ["rules", "nope"])
    assert result.exit_code != 0
    assert "unknown game 'nope'; valid:" in str(result.exception)


class Script:
    """Scripted input for PlaySession; records what is shown."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.lines = list(lines)
        self.shown: list[str] = []
        self.handovers: list[str] = []

    def show(self, text: Any) -> None:
        out = Console(file=io.StringIO(), width=120)
        out.print(text)
        self.shown.append(out.file.getvalue())  # type: ignore[attr-defined]

    def ask(self, prompt: str, completions: Sequence[str]) -> str:
        if not self.lines:
            return "quit"
        return self.lines.pop(0)

    def handover(self, message: str) -> None:
        self.handovers.append(message)


def test_a_person_plays_against_a_bot_to_the_end(tmp_path: Path) -> None:
    match = Match.new(make_duel(), ["human", "random"], 11)
    script = Script(["1", "bank"] * 10)
    path = PlaySession(match, script, tmp_path / "game.json").run()
    assert match.is_over()
    assert any("Game over" in s for s in script.shown)
    assert json.loads(path.read_text())["outcome"] is not None


def test_illegal_and_mistyped_input_is_explained_and_changes_nothing(tmp_path: Path) -> None:
    match = Match.new(make_duel(), ["human", "random"], 11)
    script = Script(["play 99", "fly away", "help", "actions", "quit"])
    PlaySession(match, script, tmp_path / "g.json").run()
    assert [e.seat for e in match.log] == [1]  # only the bot's sealed card: no input of the person was taken
    text = "\n".join(script.shown)
    assert "illegal action 'play 99': you have no 99 in your hand" in text
    assert "unknown action 'fly'" in text
    assert "play CARD" in text  # help shows the usage of each action


def test_two_people_at_one_terminal_get_a_handover_before_each_sealed_choice(tmp_path: Path) -> None:
    match = Match.new(make_duel(), ["human", "human"], 11)
    script = Script(["1", "1", "quit"])
    PlaySession(match, script, tmp_path / "g.json").run()
    assert script.handovers[:2] == ["Seat 0's turn.", "Seat 1's turn."]
    # seat 1's screen after the handover never shows seat 0's sealed card
    first_card = match.log[0].action
    after = script.shown[script.shown.index(next(s for s in script.shown if "seat 1, step 1" in s)):]
    assert not any(first_card in s for s in after[:3])


def test_save_and_replay_from_a_seat_view(duel_registered: str, tmp_path: Path) -> None:
    match = Match.new(make_duel(), ["random", "random"], 5)
    PlaySession(match, Script([]), tmp_path / "m.json").run()
    result = runner.invoke(app, ["replay", str(tmp_path / "m.json"), "--seat", "1", "--all"])
    assert result.exit_code == 0, result.output
    assert "(a sealed choice)" in result.stdout or "play" in result.stdout
    gm = runner.invoke(app, ["replay", str(tmp_path / "m.json"), "--gm", "--all"])
    assert "(a sealed choice)" not in gm.stdout


def test_play_with_a_bad_param_is_refused(duel_registered: str) -> None:
    result = runner.invoke(app, ["play", "duel", "--param", "hand_size=99"])
    assert "above the maximum 6" in str(result.exception)


def test_agent_specs_parse_names_and_options() -> None:
    assert parse_agent_spec("mcts:iterations=400,c=1.4") == ("mcts", {"iterations": "400", "c": "1.4"})
    assert parse_agent_spec("space-risk:heuristic") == ("space-risk:heuristic", {})
    with pytest.raises(ParseError):
        parse_agent_spec("mcts:iterations=")


def test_unknown_agents_and_options_list_the_valid_ones() -> None:
    with pytest.raises(UnknownName, match=r"unknown agent 'rando'; valid: .*random"):
        make_agent("rando", make_duel(), 0, 1)
    with pytest.raises(UnknownName, match="unknown option of agent random 'speed'"):
        make_agent("random:speed=3", make_duel(), 0, 1)


def test_count_variants_are_grouped_in_the_action_list() -> None:
    from starlanes.cli.terminal import group_count_variants

    texts = ["end", "fortify A B 1", "fortify A B 2", "fortify A B 3", "place T count=2", "place T count=5", "x 7"]
    assert group_count_variants(texts) == [
        (0, "end", []),
        (1, "fortify A B N", [1, 2, 3]),
        (4, "place T count=N", [2, 5]),
        (6, "x 7", [7]),
    ]
    # numbers that name different things (different descriptions) are not grouped
    named = group_count_variants(["found 2", "found 20", "move 1", "move 2"], ["Luna", "Mars", None, None])
    assert named == [(0, "found 2", [2]), (1, "found 20", [20]), (2, "move N", [1, 2])]


def test_an_action_number_out_of_range_says_so(tmp_path: Path) -> None:
    match = Match.new(make_duel(), ["human", "random"], 11)
    script = Script(["99", "quit"])
    PlaySession(match, script, tmp_path / "g.json").run()
    assert any("no action number 99" in s and "`actions` lists 1-" in s for s in script.shown)


def test_a_bots_move_is_shown_with_its_events_and_the_board_is_redrawn(tmp_path: Path) -> None:
    match = Match.new(make_duel(), ["human", "random"], 11)
    script = Script(["1", "bank", "1", "bank", "1", "bank", "1"])
    PlaySession(match, script, tmp_path / "g.json").run()
    text = "\n".join(script.shown)
    assert "seat 1 (random) has made its sealed choice." in text
    assert "cards revealed" in text
    boards = [s for s in script.shown if "Sealed Duel (test ruleset) — seat 0" in s]
    assert len(boards) >= 3  # redrawn after each round the bot took part in


def test_sealed_status_grammar() -> None:
    from starlanes.cli.terminal import _sealed_status

    assert _sealed_status([0], [1]) == "seat 0 chooses secretly; seat 1 has chosen; nothing is shown until all have."
    assert _sealed_status([0, 1], []) == "seats 0, 1 choose secretly; nothing is shown until all have."


class Attack(Action, frozen=True):
    verb: ClassVar[str] = "attack"
    source: str
    dice: int = 3


def test_help_shows_optional_fields_that_look_like_markup(tmp_path: Path) -> None:
    game = make_duel()
    game.codec = ActionCodec([Attack])
    match = Match.new(game, ["human", "random"], 11)
    script = Script([])
    session = PlaySession(match, script, tmp_path / "g.json")
    session._help("")
    session._help("attack")
    assert "attack SOURCE [dice=3]" in script.shown[0]
    assert "attack SOURCE [dice=3]" in script.shown[1]


# ------------------------------------------------ item 20: one exit code per kind of error, one line
def run_cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    from starlanes.cli.app import run

    code = run(args)
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize(("args", "code", "fragment"), [
    (["play", "duel", "--param", "nonsense=1"], EXIT_USAGE, "unknown param 'nonsense'"),
    (["play", "duel", "--param", "hand_size=x"], EXIT_USAGE, "param hand_size: 'x' is not a valid int"),
    (["play", "duel", "--param", "hand_size=99"], EXIT_USAGE, "above the maximum 6"),
    (["play", "duel", "--seed", "abc"], EXIT_USAGE, "invalid value for '--seed'"),
    (["play", "duel", "--no-such-option"], EXIT_USAGE, "no such option: --no-such-option"),
    (["play"], EXIT_USAGE, "missing argument 'GAME'"),
    (["no-such-command"], EXIT_USAGE, "no such command 'no-such-command'"),
    (["rules", "nope"], EXIT_USAGE, "unknown game 'nope'"),
])
def test_usage_errors_share_one_exit_code_and_one_line(
    duel_registered: str, capsys: pytest.CaptureFixture[str], args: list[str], code: int, fragment: str
) -> None:
    got, _, err = run_cli(args, capsys)
    assert got == code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and fragment in lines[0], err
    assert "Usage:" not in err and "╭" not in err and "Traceback" not in err


def test_file_errors_share_their_exit_code(duel_registered: str, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe not text")
    got, _, err = run_cli(["replay", str(bad)], capsys)
    assert got == EXIT_FILE == 3
    assert err.count("\n") == 1 and "not UTF-8 text" in err and str(bad) in err


def test_the_exit_code_policy_is_one_table() -> None:
    from starlanes.core import errors

    assert errors.ParseError.exit_code == errors.UnknownName.exit_code == errors.UsageError.exit_code == EXIT_USAGE
    assert errors.ContentError.exit_code == errors.MatchError.exit_code == errors.PathError.exit_code == EXIT_FILE
    assert errors.IllegalAction.exit_code == errors.NotYourTurn.exit_code == errors.GameOver.exit_code == 4
    assert errors.StarlanesError.exit_code == 1


def test_a_long_or_multi_line_message_is_printed_as_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from starlanes.cli.app import one_line

    assert one_line("first\n  second   part\n\nthird") == "first; second part; third"


def test_hints_name_the_command_the_user_typed(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    from starlanes.cli.common import prog_name

    monkeypatch.delenv("STARLANES_PROG", raising=False)
    assert prog_name() == "starlanes"
    monkeypatch.setenv("STARLANES_PROG", "./run")
    assert prog_name() == "./run"
    _, _, err = run_cli(["play", "--seed", "x", "duel"], capsys)
    assert "(see './run play --help')" in err


ROOT = Path(__file__).resolve().parents[2]


def test_run_keeps_the_callers_directory_and_names_itself(tmp_path: Path) -> None:
    """``./run`` from another directory: the project and .venv are found, a relative path is the
    caller's, and hints name the script as typed."""
    import os
    import subprocess

    if not (ROOT / ".venv" / "bin" / "starlanes").exists():
        pytest.skip("no .venv with starlanes installed")
    saves = tmp_path / "mine"
    saves.mkdir()
    (saves / "bad.json").write_text("{not json")
    env = {k: v for k, v in os.environ.items() if k != "STARLANES_PROG"}
    run_script = os.path.relpath(ROOT / "run", saves)
    done = subprocess.run([run_script, "replay", "bad.json"], cwd=saves, env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == EXIT_FILE, done.stderr
    assert "bad.json: not valid JSON" in done.stderr  # found relative to the caller, not the project
    usage = subprocess.run([run_script, "play", "--seed", "x", "duel"], cwd=saves, env=env,
                           capture_output=True, text=True, timeout=60)
    assert usage.returncode == EXIT_USAGE
    assert f"(see '{run_script} play --help')" in usage.stderr


# ------------------------------------------------ item 9: rules --json
def test_rules_json_has_params_with_bounds_and_rulings_as_records(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["rules", "space-risk", "--json"], capsys)
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"id", "name", "version", "description", "min_players", "max_players", "params", "rulings"}
    params = {p["name"]: p for p in data["params"]}
    assert set(params["attack_dice"]) == {"name", "type", "default", "min", "max", "choices", "description"}
    assert params["attack_dice"]["type"] == "int" and params["attack_dice"]["default"] == 3
    assert isinstance(params["attack_dice"]["min"], int) and params["attack_dice"]["description"]
    rulings = data["rulings"]
    assert rulings and all(set(r) == {"number", "label", "title", "section", "text", "params"} for r in rulings)
    numbers = [r["number"] for r in rulings]
    assert numbers == sorted(numbers) and numbers[0] == 1
    assert any(r["params"] for r in rulings)
    assert all(set(r["params"]) <= set(params) for r in rulings)


def test_rules_json_of_a_game_without_rulings_lists_none(duel_registered: str,
                                                        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run_cli(["rules", "duel", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and data["rulings"] == [] and {p["name"] for p in data["params"]} >= {"hand_size"}


def test_schema_command_is_wired(capsys: pytest.CaptureFixture[str]) -> None:
    from starlanes.cli import run

    assert run(["schema", "space-risk"]) == 0
    assert "actions" in json.loads(capsys.readouterr().out)
    assert run(["schema", "nope"]) == EXIT_USAGE
    assert f"unknown game 'nope'; valid: {ALL_GAMES}" in capsys.readouterr().err
