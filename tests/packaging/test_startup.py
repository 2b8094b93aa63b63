"""Issue 16, start-up: the entry points are read without ``importlib.metadata`` (about 40 ms of
imports at every command), and ``starlanes games`` reads each game's spec from the module its
entry names, without building (or importing) its ruleset. Probes run in a fresh interpreter."""

from __future__ import annotations

import importlib.metadata
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import starlanes
from starlanes import registry
from starlanes.core.errors import StarlanesError
from starlanes.entry import GameEntry

SRC = Path(starlanes.__file__).parent.parent

# games whose spec module (and package) imports none of the rules. Not yet: star-kingdoms (its
# SPEC lives in game.py, its params in campaign.py)
LISTED_WITHOUT_RULES = ("kardashev", "retrograde", "risky_stars", "space_risk", "star_kingdoms")


def _loaded(code: str) -> list[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(SRC), env.get("PYTHONPATH", "")])
    probe = f"import sys, io, contextlib\n{code}\nimport json; print(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
    loaded: list[str] = json.loads(result.stdout.strip().splitlines()[-1])
    return loaded


def test_help_reads_the_entry_points_without_importlib_metadata() -> None:
    loaded = _loaded("from starlanes.cli import run\nwith contextlib.redirect_stdout(io.StringIO()): run(['--help'])")
    assert "starlanes.registry" in loaded
    assert not {"importlib.metadata", "email", "zipfile"} & set(loaded)


def test_games_imports_no_ruleset_of_a_game_whose_entry_names_its_spec() -> None:
    loaded = _loaded("from starlanes.cli import run\nwith contextlib.redirect_stdout(io.StringIO()): run(['games'])")
    for package in LISTED_WITHOUT_RULES:
        assert f"starlanes.games.{package}.spec" in loaded
        ruled = [m for m in loaded if m.startswith(f"starlanes.games.{package}.")
                 and m.rsplit(".", 1)[1] in ("game", "legality", "rules", "view", "render")]
        assert ruled == [], (package, ruled)


@pytest.mark.parametrize("group", ["console_scripts", "pytest11", registry.ENTRY_POINT_GROUP, "no-such-group"])
def test_entry_points_are_the_library_s(group: str) -> None:
    ours = sorted((ep.name, ep.value, ep.group) for ep in registry.entry_points(group))
    library = sorted((ep.name, ep.value, ep.group) for ep in importlib.metadata.entry_points(group=group))
    assert ours == library
    if group == "console_scripts":
        assert ("starlanes", "starlanes.cli:main", group) in ours


def test_entry_points_of_a_distribution_on_the_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A plugin installed in a folder on ``sys.path``: its group's lines, the first distribution
    of a name only, comments and other sections skipped."""
    first, second = tmp_path / "a", tmp_path / "b"
    for folder, value in ((first, "plug.entry:make"), (second, "other.entry:make")):
        meta = folder / "my_plugin-1.0.dist-info"
        meta.mkdir(parents=True)
        (meta / "entry_points.txt").write_text(
            f"[console_scripts]\nplug = plug:main\n\n# a comment\n[starlanes.games]\nmy-game = {value}\n",
            encoding="utf-8")
    monkeypatch.setattr(sys, "path", [str(first), str(second), str(tmp_path / "missing")])
    assert registry.entry_points("starlanes.games") == [registry.EntryPoint("my-game", "plug.entry:make",
                                                                            "starlanes.games")]
    assert [ep.name for ep in registry.entry_points("console_scripts")] == ["plug"]


@pytest.mark.parametrize("entry", [e for e in registry.BUILTIN if e.spec is not None], ids=lambda e: e.id)
def test_the_spec_an_entry_names_is_its_ruleset_s(entry: GameEntry) -> None:
    assert entry.load_spec() is registry.get_game(entry.id).spec
    assert registry.game_spec(entry.id) is registry.get_game(entry.id).spec


def test_a_wrong_spec_reference_is_refused_by_name() -> None:
    with pytest.raises(StarlanesError, match="not a GameSpec"):
        GameEntry(id="space-risk", spec="starlanes.games.space_risk.spec:SpaceRiskParams").load_spec()
    with pytest.raises(StarlanesError, match="is of 'kardashev'"):
        GameEntry(id="space-risk", spec="starlanes.games.kardashev.spec:SPEC").load_spec()
    with pytest.raises(StarlanesError, match="cannot load"):
        GameEntry(id="space-risk", spec="starlanes.games.space_risk.spec:NOPE").load_spec()
    with pytest.raises(StarlanesError, match="names no spec"):
        GameEntry(id="space-risk").load_spec()


def test_games_lists_every_ruleset_s_spec() -> None:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(SRC), env.get("PYTHONPATH", "")])
    code = "import sys; from starlanes.cli import run; sys.exit(run(['games', '--json']))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    rows = json.loads(done.stdout)
    assert [r["id"] for r in rows] == registry.entry_ids()
    for row in rows:
        spec = registry.get_game(row["id"]).spec
        assert (row["name"], row["version"], row["min_players"], row["max_players"], row["simultaneous"]) == (
            spec.name, spec.version, spec.min_players, spec.max_players, spec.simultaneous)
