"""Issue 8 item 7: presentation and AI outside the rules.

A registry entry bundles a ruleset with its renderer, its bots and its own commands; the
generic command line finds a game's commands through the entries and names no game; ``core``
imports nothing from ``ai``.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from collections.abc import Iterator, Mapping
from importlib.metadata import EntryPoint
from pathlib import Path
from typing import Any

import pytest
import typer

import starlanes
from starlanes import registry
from starlanes.ai.base import Agent
from starlanes.ai.registry import agent_names, game_agents, make_agent
from starlanes.cli import run
from starlanes.core import Action, Ruleset, StarlanesError, UnknownName, UsageError, Viewer
from starlanes.core.errors import EXIT_OK, EXIT_USAGE
from starlanes.entry import GameEntry, HookRenderer
from starlanes.registry import get_entry, get_game, renderer_for
from tests.toy.duel import make_duel

ALL_GAMES = "kardashev, retrograde, risky-stars, space-risk, star-kingdoms"

SRC = Path(starlanes.__file__).parent


# ----------------------------------------------------------------- a test game's own entry

class ShoutRenderer:
    """A renderer that is not the ruleset's hooks."""

    def __init__(self, ruleset: Ruleset[Any, Any, Any]) -> None:
        self.ruleset = ruleset

    def render(self, view: Any, viewer: Viewer) -> str:
        return f"DUEL BOARD for {viewer}"

    def describe_action(self, view: Any, action: Action) -> str | None:
        return action.text().upper()


class Echo:
    name = "duel:first"

    def act(self, view: Any, legal: Any) -> Action:
        return legal[0]  # type: ignore[no-any-return]


def make_first(game: Ruleset[Any, Any, Any], seat: int, seed: int, options: Mapping[str, str]) -> Agent:
    """always the first legal action"""
    return Echo()


def hello(name: str = typer.Option("world", "--name", help="who")) -> None:
    """Say hello (the duel's own command)."""
    print(f"hello {name}")


def make_duel_entry() -> GameEntry:
    return GameEntry(
        id="duel",
        ruleset="tests.toy.duel:make_duel",
        renderer=ShoutRenderer,
        agents={"duel:first": "tests.cli.test_entries:make_first"},
        commands={"greet": "tests.cli.test_entries:hello", "odds": hello},
    )


@pytest.fixture
def duel_entry() -> Iterator[str]:
    registry.register("duel", "tests.cli.test_entries:make_duel_entry")
    yield "duel"
    registry.unregister("duel")


def cli(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = run(args)
    out, err = capsys.readouterr()
    return code, out, err


# ----------------------------------------------------------------------- the entry API

def test_an_entry_bundles_ruleset_renderer_bots_and_commands(duel_entry: str) -> None:
    entry = get_entry("duel")
    game = get_game("duel")  # get_game still returns the ruleset
    assert isinstance(game, Ruleset) and game.spec.id == "duel" and entry.playable
    renderer = renderer_for(game)
    assert isinstance(renderer, ShoutRenderer)
    assert renderer.render(None, 0) == "DUEL BOARD for 0"
    assert set(entry.agent_factories()) == {"duel:first"}
    assert entry.web_assets is None  # the browser board comes later


@pytest.mark.parametrize("target", ["tests.cli.test_entries:make_duel_entry", "tests.toy.duel:make_duel"])
def test_entry_points_may_name_an_entry_factory_or_a_ruleset_factory(target: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    point = EntryPoint(name="duel", value=target, group=registry.ENTRY_POINT_GROUP)
    monkeypatch.setattr(registry, "entry_points", lambda group: [point] if group == point.group else [])
    registry.unregister("duel")  # clears the caches
    try:
        assert get_game("duel").spec.id == "duel"
        assert "duel" in [spec.id for spec in registry.available_games()]
        assert ("greet" in get_entry("duel").commands) == target.endswith("make_duel_entry")
    finally:
        monkeypatch.undo()
        registry.unregister("duel")


def test_an_old_style_ruleset_factory_still_registers(duel_registered: str) -> None:
    entry = get_entry("duel")
    assert entry.playable and entry.commands == {}
    assert isinstance(renderer_for(get_game("duel")), HookRenderer)


def test_a_ruleset_that_is_not_registered_renders_with_its_own_hooks() -> None:
    assert isinstance(renderer_for(make_duel()), HookRenderer)


def test_bots_come_from_the_entry(duel_entry: str) -> None:
    game = get_game("duel")
    assert "duel:first" in agent_names(game) and "random" in agent_names(game)
    agent = make_agent("duel:first", game, 0, 1)
    assert agent.name == "duel:first"
    assert agent_names(game)["duel:first"].doc == "always the first legal action"


def test_a_ruleset_outside_the_registry_may_still_offer_bots_by_its_own_method() -> None:
    class WithBots(type(make_duel())):  # type: ignore[misc]
        def agents(self) -> dict[str, Any]:
            return {"duel:first": make_first}

    assert set(game_agents(WithBots())) == {"duel:first"}


def test_built_in_bots_are_listed_by_their_entries() -> None:
    assert set(get_entry("space-risk").agents) == {"space-risk:heuristic"}
    assert set(get_entry("retrograde").agents) == {"retrograde:heuristic"}
    assert "space-risk:heuristic" in agent_names(get_game("space-risk"))


@pytest.mark.parametrize("game_id", registry.entry_ids())
def test_every_part_of_every_builtin_entry_loads(game_id: str) -> None:
    entry = get_entry(game_id)
    if entry.playable:
        assert entry.make_ruleset().spec.id == game_id
    for factory in entry.agent_factories().values():
        assert callable(factory)
    for path in entry.commands:
        assert callable(entry.command(path)) or isinstance(entry.command(path), typer.Typer)
    folder = entry.web_folder()
    assert folder is None or (folder / "board.js").is_file()


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"id": "Bad Id"}, "must be lower-case"),
    ({"id": "g", "commands": {"Odds": "m:f"}}, "lower-case words"),
    ({"id": "g", "commands": {"odds": "m:f"}, "legacy_commands": ("map",)}, "not one of its commands"),
    ({"id": "g", "commands": {"deck": "m:f", "deck check": "m:g"}}, "cannot also be the start"),
])
def test_a_malformed_entry_is_refused_naming_the_problem(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(StarlanesError, match=message):
        GameEntry(**kwargs)


def test_web_assets_name_a_package_folder() -> None:
    entry = GameEntry(id="g", web_assets="starlanes.games.space_risk:web")
    folder = entry.web_folder()
    assert folder is not None and (folder / "board.js").is_file()
    assert GameEntry(id="g").web_folder() is None
    with pytest.raises(StarlanesError, match="is not a folder"):
        GameEntry(id="g", web_assets="starlanes.games.space_risk:nowhere").web_folder()
    with pytest.raises(StarlanesError, match="is not 'package:folder'"):
        GameEntry(id="g", web_assets="web")


def test_a_reference_that_does_not_load_names_it(duel_entry: str) -> None:
    entry = GameEntry(id="ghost", ruleset="no_such_module:make", commands={"odds": "also.missing:odds"})
    with pytest.raises(StarlanesError, match="cannot load 'no_such_module:make'"):
        entry.make_ruleset()
    with pytest.raises(StarlanesError, match="command 'odds' of 'ghost': cannot load"):
        entry.command("odds")
    with pytest.raises(UsageError, match="'ghost' has no 'deck' command; its commands: odds"):
        entry.command("deck")


@pytest.mark.parametrize(("target", "message"), [
    ("os:getcwd", "is neither a GameEntry nor a factory"),
    ("json:dumps", "cannot call json:dumps"),
])
def test_a_registration_that_is_neither_entry_nor_ruleset_is_refused(target: str, message: str) -> None:
    registry.register("weird", target)
    try:
        with pytest.raises(StarlanesError, match=f"game 'weird': .*{message}"):
            get_entry("weird")
    finally:
        registry.unregister("weird")


# ------------------------------------------------------------------- unknown names

def test_unknown_game_names_list_the_valid_ones() -> None:
    with pytest.raises(UnknownName, match=r"unknown game 'nope'; valid: .*retrograde.*risky-stars.*space-risk"):
        get_entry("nope")
    registry.register("blueprint", GameEntry(id="blueprint", commands={
        "map generate": "starlanes.games.risky_stars.cli:generate_map"}))
    try:
        with pytest.raises(UnknownName, match=f"unknown game 'nope'; valid: {ALL_GAMES}$"):
            get_game("nope")  # only the games that can be played: not the command-only blueprint
    finally:
        registry.unregister("blueprint")


def test_a_game_without_rules_says_so_and_names_its_commands() -> None:
    registry.register("blueprint", GameEntry(id="blueprint", commands={
        "map generate": "starlanes.games.risky_stars.cli:generate_map"}))
    try:
        with pytest.raises(UsageError, match="'blueprint' has no ruleset yet, only commands "
                                             rf"\(map generate\); games: {ALL_GAMES}"):
            get_game("blueprint")
        assert "blueprint" not in [spec.id for spec in registry.available_games()]
    finally:
        registry.unregister("blueprint")


@pytest.mark.parametrize(("args", "message"), [
    (["odds", "nope", "--attack", "3"], "unknown game 'nope' for 'odds'; games with it: "
     "risky-stars, space-risk, star-kingdoms"),
    (["odds", "spce-risk"], "unknown game 'spce-risk' for 'odds'"),  # a typo is not read as the old form
    (["map", "generate", "nope"], "unknown game 'nope' for 'map generate'; games with it: risky-stars"),
    (["map", "generate", "space-risk"], "'space-risk' has no 'map generate' command; games with it: risky-stars"),
    (["map", "draw"], "unknown command 'map draw'; valid: generate"),
    (["rules", "nope"], f"unknown game 'nope'; valid: {ALL_GAMES}"),
])
def test_the_command_line_names_the_valid_games(args: list[str], message: str,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(args, capsys)
    assert code == EXIT_USAGE
    assert message in err and len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


# ------------------------------------------------------------- the games' own commands

def test_a_registered_games_commands_join_the_command_line(duel_entry: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(["greet", "duel", "--name", "Ada"], capsys)
    assert code == EXIT_OK and out == "hello Ada\n"
    code, out, _ = cli(["odds", "--help"], capsys)
    assert code == EXIT_OK and "duel" in out and "space-risk" in out
    code, out, _ = cli(["--help"], capsys)
    assert "greet" in out


def test_odds_takes_the_game_first(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = cli(["odds", "space-risk", "--attack", "5", "--defend", "3", "--json"], capsys)
    assert code == EXIT_OK and err == ""
    assert json.loads(out)["p_attacker_wins"] == pytest.approx(0.802886, abs=1e-6)


def test_the_old_odds_form_still_works_and_says_it_is_deprecated(capsys: pytest.CaptureFixture[str]) -> None:
    _, new, _ = cli(["odds", "space-risk", "--attack", "5", "--defend", "3", "--json"], capsys)
    code, old, err = cli(["odds", "--attack", "5", "--defend", "3", "--json"], capsys)
    assert code == EXIT_OK and old == new
    assert "deprecated" in err and "starlanes odds space-risk" in err


def test_retrograde_decks_take_the_game_and_keep_the_old_form(capsys: pytest.CaptureFixture[str]) -> None:
    code, new, err = cli(["deck", "check", "retrograde", "sample-1"], capsys)
    assert code == EXIT_OK and "a legal deck" in new and err == ""
    code, old, err = cli(["deck", "check", "sample-1"], capsys)
    assert code == EXIT_OK and old == new and "deprecated" in err


def test_help_lists_the_games_commands() -> None:
    result = subprocess.run([sys.executable, "-c", "from starlanes.cli import run; run(['--help'])"],
                            capture_output=True, text=True, check=True, env=_env())
    for command in ("games", "play", "odds", "map", "deck"):
        assert f" {command} " in result.stdout


@pytest.mark.parametrize("args", [["--help"], ["odds", "--help"], ["map", "generate", "--help"], ["games"]])
def test_listing_commands_imports_no_game(args: list[str]) -> None:
    code = ("import sys; from starlanes.cli import run; run(%r); "
            "print(sorted(m for m in sys.modules if m.startswith('starlanes.games.')), file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", code % args], capture_output=True, text=True, env=_env())
    imported = result.stderr.strip().splitlines()[-1]
    if args == ["games"]:  # lists the rulesets: builds them, but runs none of their commands
        assert "cli" not in imported
    else:
        assert imported == "[]"


# ---------------------------------------------------------------- core knows nothing of ai

def test_importing_core_imports_no_ai() -> None:
    code = "import sys, starlanes.core; print([m for m in sys.modules if m.startswith('starlanes.ai')])"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=_env())
    assert result.stdout.strip() == "[]"


def test_no_core_module_names_ai_even_for_type_checking() -> None:
    for path in sorted((SRC / "core").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert not (node.module or "").startswith("starlanes.ai"), path.name
            elif isinstance(node, ast.Import):
                assert not any(a.name.startswith("starlanes.ai") for a in node.names), path.name


def test_the_generic_command_line_names_no_game() -> None:
    games = {"space-risk", "space_risk", "retrograde", "risky-stars", "risky_stars", "kardashev", "star-kingdoms"}
    for name in ("app.py", "common.py", "games.py", "__init__.py", "lab.py", "play.py", "play_files.py",
                 "play_replay.py", "schema.py", "serve.py"):
        text = (SRC / "cli" / name).read_text(encoding="utf-8")
        code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith(("#", "starlanes ")))
        tree = ast.parse(code)
        imported = [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
        assert not [m for m in imported if m.startswith("starlanes.games")], name
        strings = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]
        assert not [s for s in strings if s in games], name


def _env() -> dict[str, str]:
    import os

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(SRC.parent), str(SRC.parent.parent), env.get("PYTHONPATH", "")])
    return env


def test_quickstart_plays_the_registrys_first_builtin_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """``./run`` with no command starts the first game of ``registry.BUILTIN`` (not a name the
    generic command line knows)."""
    from starlanes.cli import play as play_module

    chosen: list[str] = []
    monkeypatch.setattr(play_module, "play", lambda game, **_: chosen.append(game))
    play_module.quickstart()
    assert chosen == [registry.BUILTIN[0].id]


def test_the_generic_web_client_names_no_game() -> None:
    """The lobby, the router and the play page go by ``/api/games`` (a game's ``page`` comes from
    its registry entry, ``GameEntry.web_page``); only a game's own pages (the campaign pages of
    the campaign game, each board's ``web/board.js``) know their game."""
    import re

    games = ("space-risk", "retrograde", "risky-stars", "kardashev", "star-kingdoms")
    static = SRC / "web" / "static"
    for name in ("app.js", "lobby.js", "play.js", "actions.js", "api.js", "generic-board.js"):
        text = (static / name).read_text(encoding="utf-8")
        quoted = set(re.findall(r"""["'`]([a-z-]+)["'`]""", text))
        assert not quoted & set(games), (name, quoted & set(games))
