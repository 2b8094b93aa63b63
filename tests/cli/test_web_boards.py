"""Issue 8 item 7: a game's browser board is found through its registry entry (``web_assets``),
never guessed from where its ruleset's module lives."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

import starlanes
from starlanes import registry
from starlanes.entry import GameEntry
from starlanes.registry import get_entry
from starlanes.web import board_module

GAMES = Path(starlanes.__file__).parent / "games"


@pytest.mark.parametrize(("game_id", "package"), [("space-risk", "space_risk"), ("retrograde", "retrograde"),
                                                ("risky-stars", "risky_stars"), ("kardashev", "kardashev")])
def test_each_builtin_games_board_resolves_through_its_entry(game_id: str, package: str) -> None:
    folder = get_entry(game_id).web_folder()
    assert folder is not None and folder.resolve() == (GAMES / package / "web").resolve()
    assert board_module(game_id) == folder / "board.js"


@pytest.fixture
def space_risk_without_board() -> Iterator[str]:
    registry.register("space-risk", GameEntry(id="space-risk", ruleset="starlanes.games.space_risk:make_space_risk"))
    yield "space-risk"
    registry.unregister("space-risk")


def test_an_entry_naming_no_web_assets_has_no_board_even_beside_a_board_js(space_risk_without_board: str) -> None:
    assert (GAMES / "space_risk" / "web" / "board.js").is_file()
    assert board_module("space-risk") is None  # the generic board, not a guess from the package


@pytest.fixture
def duel_with_retrograde_board() -> Iterator[str]:
    registry.register("duel", GameEntry(id="duel", ruleset="tests.toy.duel:make_duel",
                                        web_assets="starlanes.games.retrograde:web"))
    yield "duel"
    registry.unregister("duel")


def test_the_board_is_the_one_the_entry_names(duel_with_retrograde_board: str) -> None:
    assert board_module("duel") == GAMES / "retrograde" / "web" / "board.js"


def test_an_unknown_game_or_a_folder_without_a_board_has_none() -> None:
    assert board_module("no-such-game") is None
    registry.register("duel", GameEntry(id="duel", ruleset="tests.toy.duel:make_duel",
                                        web_assets="starlanes.games.space_risk:rules"))
    try:
        assert get_entry("duel").web_folder() is not None and board_module("duel") is None
    finally:
        registry.unregister("duel")
