"""Issue 8 item 6 at the terminal: ``starlanes play`` is a thin shell over the core's session.
No cli code calls a ruleset's private hooks; the GM's entries (the table closing a decision
the GM closes, a ruling in a loaded match) are shown as the GM's; replay names the GM."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import starlanes.cli
from starlanes.cli.app import run
from starlanes.cli.terminal import PlaySession
from starlanes.core import GM, Decision, Match
from starlanes.core.errors import EXIT_OK
from starlanes.core.gm import Ruling
from tests.cli.test_play_saving import Script
from tests.toy.duel import Duel, DuelState, make_duel

CLI = Path(starlanes.cli.__file__).parent


def test_no_cli_code_calls_a_private_attribute_of_another_object() -> None:
    found = []
    for path in sorted(CLI.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                found.append(f"{path.name}:{node.lineno}: .{node.attr}")
    assert found == []


class GmClosedDuel(Duel):
    """The duel with card decisions that only the GM (or a deadline) closes."""

    def _decision(self, state: DuelState) -> Decision | None:
        decision = super()._decision(state)
        if decision is not None and decision.sealed:
            return Decision(decision.actors, True, "gm", decision.kind)
        return decision


def test_a_decision_the_gm_closes_is_closed_by_the_table_and_shown(tmp_path: Path) -> None:
    match = Match.new(GmClosedDuel(), ["human", "random"], 11)
    script = Script(["1", "quit"])
    PlaySession(match, script, tmp_path / "g.json").run()
    assert [e.seat for e in match.log][:3] == [1, 0, GM]
    assert "the GM: close" in script.text
    assert "cards revealed" in script.text


def test_a_loaded_match_with_gm_entries_plays_on_and_replays_naming_the_gm(
    duel_registered: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = Match.new(make_duel(), ["human", "random"], 11)
    match.play(GM, Ruling("no talking across the table"))
    path = match.save(tmp_path / "g.json")
    loaded = Match.load(path)
    script = Script(["1", "quit"])
    PlaySession(loaded, script, path).run()
    assert run(["replay", str(path), "--seat", "0", "--all"]) == EXIT_OK
    out = capsys.readouterr().out
    assert 'the GM: ruling "no talking across the table"' in out
    assert "seat Observer" not in out and "(a sealed choice)" in out  # seat 1's card stays sealed to seat 0


def test_a_bots_hidden_choice_is_announced_once_and_events_are_in_the_rulesets_words(tmp_path: Path) -> None:
    match = Match.new(make_duel(), ["human", "random"], 11)
    script = Script(["1", "quit"])
    PlaySession(match, script, tmp_path / "g.json").run()
    assert "seat 1 (random) has made its sealed choice." in script.text
    assert "seat 1 has made its choice" not in script.text  # its choice-sealed event is not said twice
    first_events = match.events[1]  # the person's card closed the round: the reveal is worded by the ruleset
    for event in first_events:
        if event.visible_to(0):
            assert match.game.describe_event(event, 0) in script.text


class OpenDuel(Duel):
    """The duel with the cards played in the open: a decision of both seats that is not sealed."""

    def _decision(self, state: DuelState) -> Decision | None:
        decision = super()._decision(state)
        if decision is not None and decision.sealed:
            return Decision(decision.actors, False, "all", decision.kind)
        return decision


@pytest.mark.parametrize(("game", "sealed"), [(make_duel(), True), (OpenDuel(), False)])
def test_the_board_says_sealed_decision_only_when_the_rulesets_decision_is_sealed(
    game: Duel, sealed: bool, tmp_path: Path
) -> None:
    match = Match.new(game, ["human", "human"], 11)
    script = Script(["quit"])
    PlaySession(match, script, tmp_path / "g.json").run()
    assert ("Sealed decision: seats 0, 1 choose secretly" in script.text) == sealed
