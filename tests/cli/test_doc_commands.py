"""The games' own commands named in the rulings files take the game (``starlanes odds space-risk
...``, ``starlanes deck check retrograde ...``), and the options they name exist."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from starlanes.cli.app import run
from starlanes.registry import command_index, get_entry

RULINGS = Path(__file__).resolve().parents[2] / "docs" / "rulings"
QUOTED = re.compile(r"`starlanes ([^`]*)`")


def _game_commands() -> list[tuple[str, str, list[str]]]:
    """(file:line, command path, the words after it) of every quoted game command."""
    found = []
    for path in sorted(RULINGS.glob("*.md")):
        for number, line in enumerate(path.read_text().splitlines(), 1):
            for quoted in QUOTED.findall(line):
                words = quoted.split()
                for size in (2, 1):
                    if " ".join(words[:size]) in command_index():
                        found.append((f"{path.name}:{number}", " ".join(words[:size]), words[size:]))
                        break
    return found


def test_the_rulings_quote_game_commands() -> None:
    paths = {path for _, path, _ in _game_commands()}
    assert {"odds", "deck check", "deck cards"} <= paths


@pytest.mark.parametrize(("where", "path", "rest"), _game_commands())
def test_a_game_command_in_the_rulings_names_its_game_and_real_options(
    where: str, path: str, rest: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert rest and path in get_entry(rest[0]).commands, f"{where}: `starlanes {path}` names no game"
    assert run([*path.split(), rest[0], "--help"]) == 0
    shown = capsys.readouterr().out
    for word in rest[1:]:
        for option in word.split("/"):
            if option.startswith("--"):
                assert option in shown, f"{where}: {option} is not an option of `starlanes {path} {rest[0]}`"
