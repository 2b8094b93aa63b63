"""Issue 8 item 7: the terminal (play, replay) and the conformance suite show a game through its
registry entry's renderer, not the ruleset's own ``render``/``describe_action`` hooks."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from starlanes import registry
from starlanes.cli.app import run
from starlanes.cli.terminal import PlaySession
from starlanes.core import Action, Match, Ruleset, Viewer
from starlanes.core.errors import EXIT_OK
from starlanes.entry import GameEntry
from starlanes.registry import get_game
from starlanes.testing.conformance import SECRET_SEED, ConformanceFailure, check_seed_never_shown
from tests.cli.test_entries import duel_entry  # noqa: F401  (the fixture: the duel with ShoutRenderer)
from tests.cli.test_play_saving import Script


def test_play_draws_the_board_and_describes_actions_with_the_entrys_renderer(
    duel_entry: str, tmp_path: Path  # noqa: F811
) -> None:
    match = Match.new(get_game("duel"), ["human", "random"], 11)
    script = Script(["actions", "1", "quit"])
    PlaySession(match, script, tmp_path / "g.json").run()
    assert "DUEL BOARD for 0" in script.text  # the board
    assert "1. play 2   PLAY 2" in script.text  # the list of actions
    assert "seat 1 (random): press  — PRESS" in script.text  # another seat's move


def test_replay_draws_each_position_with_the_entrys_renderer(
    duel_entry: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]  # noqa: F811
) -> None:
    match = Match.new(get_game("duel"), ["random", "random"], 11)
    match.play(*_first_move(match))
    path = match.save(tmp_path / "g.json")
    assert run(["replay", str(path), "--seat", "1", "--all"]) == EXIT_OK
    assert capsys.readouterr().out.count("DUEL BOARD for 1") == 2  # both positions


def _first_move(match: Match) -> tuple[int, Action]:
    seat = sorted(match.game.to_act(match.state))[0]
    return seat, match.game.legal_actions(match.state, seat)[0]


class SeedRenderer:
    """A renderer that gives the seed away (the ruleset's own hooks do not)."""

    def __init__(self, ruleset: Ruleset[Any, Any, Any]) -> None:
        self.ruleset = ruleset

    def render(self, view: Any, viewer: Viewer) -> str:
        return f"dealt from seed {SECRET_SEED}"

    def describe_action(self, view: Any, action: Action) -> str | None:
        return None


def make_leaky_entry() -> GameEntry:
    return GameEntry(id="duel", ruleset="tests.toy.duel:make_duel", renderer=SeedRenderer)


@pytest.fixture
def leaky_duel() -> Iterator[str]:
    registry.register("duel", "tests.cli.test_entry_renderer:make_leaky_entry")
    yield "duel"
    registry.unregister("duel")


def test_the_seed_check_reads_the_board_the_entrys_renderer_draws(leaky_duel: str) -> None:
    with pytest.raises(ConformanceFailure, match="board contains the seed"):
        check_seed_never_shown(get_game("duel"))


def test_the_seed_check_passes_the_same_ruleset_drawn_by_its_hooks(duel_registered: str) -> None:
    check_seed_never_shown(get_game("duel"))
