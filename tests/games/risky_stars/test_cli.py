"""risky-stars's own commands through the command line: ``starlanes map generate risky-stars``
and ``starlanes odds risky-stars`` (found through its registry entry, which has no ruleset yet)."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from starlanes.cli import app, run
from starlanes.core.errors import EXIT_FILE, EXIT_OK, EXIT_USAGE
from starlanes.games.risky_stars.mapgen import generate
from starlanes.games.risky_stars.maps import load_map, map_from_json, map_to_json
from starlanes.games.risky_stars.odds import describe, odds
from starlanes.games.risky_stars.spec import RiskyStarsParams
from starlanes.registry import get_entry

runner = CliRunner()


def test_the_entry_has_its_ruleset_and_commands() -> None:
    entry = get_entry("risky-stars")
    assert entry.playable
    assert entry.make_ruleset().spec.id == "risky-stars"
    assert set(entry.commands) == {"odds", "map generate"}


def test_RS_M08_map_generate_prints_the_generators_map() -> None:
    result = runner.invoke(app, ["map", "generate", "risky-stars", "--players", "4", "--seed", "7"])
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes == map_to_json(generate(4, 7))
    assert map_from_json(result.stdout_bytes, "stdout") == generate(4, 7)  # a legal map that loads back


def test_map_generate_is_reproducible_from_the_seed() -> None:
    args = ["map", "generate", "risky-stars", "--players", "3"]
    first = runner.invoke(app, [*args, "--seed", "11"]).stdout_bytes
    again = runner.invoke(app, [*args, "--seed", "11"]).stdout_bytes
    other = runner.invoke(app, [*args, "--seed", "12"]).stdout_bytes
    assert first == again != other


def test_map_generate_takes_params() -> None:
    result = runner.invoke(app, ["map", "generate", "risky-stars", "--players", "2", "--seed", "1",
                                 "--param", "home_regions=12"])
    assert result.exit_code == 0, result.output
    assert result.stdout_bytes == map_to_json(generate(2, 1, RiskyStarsParams(home_regions=12)))


def test_map_generate_writes_a_file_and_keeps_an_existing_one(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "m.json"
    args = ["map", "generate", "risky-stars", "--players", "2", "--seed", "5", "--out", str(out)]
    assert run(args) == EXIT_OK
    assert load_map(out) == generate(2, 5)  # loads as --param map=FILE would
    capsys.readouterr()
    out.write_text("mine")
    assert run(args) == EXIT_FILE
    assert "exists; not overwriting it (--force to replace it)" in capsys.readouterr().err
    assert out.read_text() == "mine"
    assert run([*args, "--force"]) == EXIT_OK
    assert load_map(out) == generate(2, 5)


@pytest.mark.parametrize(("extra", "message"), [
    (["--players", "7", "--seed", "1"], "2 to 6 home systems"),
    (["--players", "2", "--seed", "-1"], "--seed"),
    (["--players", "2", "--seed", "1", "--param", "nope=1"], "nope"),
    (["--players", "2"], "--seed"),
])
def test_map_generate_refuses_bad_input_in_one_line(extra: list[str], message: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["map", "generate", "risky-stars", *extra]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_map_generate_into_a_folder_that_does_not_exist(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "nowhere" / "m.json"
    assert run(["map", "generate", "risky-stars", "--players", "2", "--seed", "1", "--out", str(target)]) == EXIT_FILE
    assert "does not exist" in capsys.readouterr().err


def test_RS_C01_odds_prints_the_report() -> None:
    result = runner.invoke(app, ["odds", "risky-stars", "--attack", "3", "--defend", "2", "--exact"])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines() == describe(odds(3, 2, exact=True))
    assert f"exact chance of taking it: {Fraction(1059, 2500)}" in result.stdout


def test_odds_estimates_big_fights_with_the_number_of_fights_asked() -> None:
    result = runner.invoke(app, ["odds", "risky-stars", "--attack", "400", "--defend", "300",
                                 "--fights", "2000", "--seed", "1"])
    assert result.exit_code == 0, result.output
    assert "Monte Carlo, 2,000 fights" in result.stdout
    assert result.stdout.splitlines() == describe(odds(400, 300, fights=2000, seed=1))


def test_odds_takes_the_combat_mode_param() -> None:
    result = runner.invoke(app, ["odds", "risky-stars", "--attack", "6", "--defend", "5",
                                 "--param", "combat_mode=until_decided"])
    assert result.exit_code == 0, result.output
    assert "exchanges until one side is gone" in result.stdout


@pytest.mark.parametrize(("extra", "message"), [
    (["--attack", "0", "--defend", "2"], "--attack must be a number of units from 1"),
    (["--attack", "2", "--defend", "2", "--fights", "0"], "--fights must be from 1"),
    (["--attack", "x", "--defend", "2"], "--attack"),
    (["--attack", "2", "--defend", "2", "--param", "combat_mode=sometimes"], "combat_mode"),
])
def test_odds_refuses_bad_input_in_one_line(extra: list[str], message: str,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["odds", "risky-stars", *extra]) == EXIT_USAGE
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_map_generate_output_is_json() -> None:
    result = runner.invoke(app, ["map", "generate", "risky-stars", "--players", "2", "--seed", "3"])
    assert json.loads(result.stdout)["schema"] == "risky-stars-map/1"
