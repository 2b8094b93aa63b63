"""Issue 16, start-up: ``import starlanes.cli`` (all that ``starlanes --help`` needs) loads no game,
no bot, no server, no NumPy and none of what only some commands use; those load with their
command. Each check runs in a fresh interpreter, so what another test imported does not count.
(The listing commands themselves are checked in ``test_entries.test_listing_commands_imports_no_game``.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import starlanes

SRC = Path(starlanes.__file__).parent

# module prefixes that ``import starlanes.cli`` must not load, and the command that needs them
NOT_AT_START = {
    "starlanes.games": "a game's ruleset or commands",
    "starlanes.ai": "the bots (play, lab)",
    "starlanes.lab": "the lab's commands",
    "starlanes.server": "starlanes serve",
    "starlanes.rl": "the reinforcement-learning interface",
    "starlanes.core.store": "match stores (serve)",
    "starlanes.core.match": "a match (play, replay, serve)",
    "starlanes.core.session": "the loop that drives the seats (play)",
    "starlanes.core.ruleset": "a game's rules (every command that loads a game)",
    "starlanes.core.state": "a game's state (every command that loads a game)",
    "starlanes.cli.terminal": "starlanes play",
    "msgspec": "a game's state and actions",
    "pydantic": "starlanes serve (Typer 0.29 validates every parameter with it: pinned below)",
    "typer.rich_utils": "the boxed help of a command (loaded when help is shown)",
    "numpy": "odds tables, risky-stars",
    "fastapi": "starlanes serve",
    "sqlalchemy": "starlanes serve",
    "uvicorn": "starlanes serve",
    "pyarrow": "lab results",
    "rich.markdown": "starlanes rules (the rules text)",
    "pettingzoo": "the reinforcement-learning interface",
}


def _loaded(code: str) -> list[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(SRC.parent), env.get("PYTHONPATH", "")])
    probe = f"import sys\n{code}\nimport json; print(json.dumps(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, env=env, check=True)
    loaded: list[str] = json.loads(result.stdout.strip().splitlines()[-1])
    return loaded


def _offenders(loaded: list[str]) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for prefix in NOT_AT_START:
        hits = [m for m in loaded if m == prefix or m.startswith(prefix + ".")]
        if hits:
            found[prefix] = hits[:3]
    return found


def test_importing_the_cli_loads_only_what_help_needs() -> None:
    offenders = _offenders(_loaded("import starlanes.cli"))
    assert offenders == {}, {k: (v, NOT_AT_START[k]) for k, v in offenders.items()}


# what ``starlanes games`` may load beyond ``import starlanes.cli``: each game's spec module (and
# the module its params read), never its rules
GAMES_MAY_LOAD = ("starlanes.games",)


def test_listing_the_games_loads_the_specs_only() -> None:
    """``starlanes games`` reads every game's ``SPEC`` (``GameEntry.spec``) and nothing of the
    rules: no ruleset, no state, no ``msgspec``, no ``pydantic`` (issue 16: the command starts in
    0.25 s on the project's machine; ``benchmarks/speed.py --only startup`` measures it)."""
    loaded = _loaded("import io, contextlib\nfrom starlanes.cli import run\n"
                     "with contextlib.redirect_stdout(io.StringIO()): run(['games'])")
    offenders = {k: v for k, v in _offenders(loaded).items() if k not in GAMES_MAY_LOAD}
    assert offenders == {}, offenders
    games = [m for m in loaded if m.startswith("starlanes.games.")]
    assert games and all(m.rsplit(".", 1)[-1] in {"spec", "dice"} or m.count(".") == 2 for m in games), games


def test_the_core_loads_match_store_and_session_when_first_used() -> None:
    loaded = _loaded("import starlanes.core")
    assert not {"starlanes.core.match", "starlanes.core.session", "starlanes.core.store"} & set(loaded)
    # one module of the core loads that module alone (the package's names are lazy)
    assert [m for m in _loaded("import starlanes.core.errors") if m.startswith("starlanes")] == [
        "starlanes", "starlanes.core", "starlanes.core.errors", "starlanes.lazy"]
    loaded = _loaded("from starlanes.core import Match, Session, FileStore, MatchStore, LogEntry")
    assert {"starlanes.core.match", "starlanes.core.session", "starlanes.core.store"} <= set(loaded)


def test_an_unknown_core_name_is_still_an_attribute_error() -> None:
    import starlanes.core

    with pytest.raises(AttributeError, match="no attribute 'Matchh'"):
        starlanes.core.Matchh  # noqa: B018


def test_the_probe_can_fail() -> None:
    """The check above would see a heavy module if the CLI loaded one."""
    assert "rich.markdown" in _offenders(_loaded("import starlanes.cli\nimport rich.markdown"))
