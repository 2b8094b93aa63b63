"""`actions WORD ...` lists only the legal actions with every word, numbered as in the full list."""

from __future__ import annotations

from pathlib import Path

from starlanes.cli.terminal import PlaySession
from starlanes.core import Match
from tests.cli.test_cli import Script
from tests.toy.duel import make_duel


def test_actions_with_words_lists_only_matching_actions_keeping_their_numbers(tmp_path: Path) -> None:
    match = Match.new(make_duel(), ["human", "random"], 11)
    assert [a.text() for a in match.legal_actions(0)] == ["play 2", "play 3"]
    script = Script(["actions 3", "actions PLAY", "actions nothing-like-this", "quit"])
    PlaySession(match, script, tmp_path / "g.json").run()
    only = next(s for s in script.shown if s.startswith("1 of 2 legal actions"))
    assert "2. play 3" in only and "play 2" not in only  # the action keeps its number in the full list
    assert any(s.startswith("2 of 2 legal actions") for s in script.shown)  # words match in any case
    assert any("no legal action has nothing-like-this" in s for s in script.shown)
    assert [e.seat for e in match.log] == [1]  # listing changed nothing
