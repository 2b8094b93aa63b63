"""Helpers shared by the sub-commands."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any, TypeAlias

from rich.console import Console

from starlanes.core.params import Params, parse_params
from starlanes.registry import get_game

if TYPE_CHECKING:  # the rules are imported when a game is loaded, not at every start
    from starlanes.core.ruleset import Ruleset

console = Console(highlight=False)
err_console = Console(stderr=True, highlight=False)

Game: TypeAlias = "Ruleset[Any, Any, Any]"

PROG_ENV = "STARLANES_PROG"
"""Environment variable naming the command the user typed (``./run`` sets it to ``./run``)."""


def prog_name() -> str:
    """The command to name in hints ("try `<prog> rules space-risk`"): ``./run`` when the
    user started through the ``./run`` script, else ``starlanes``."""
    name = os.environ.get(PROG_ENV, "").strip()
    return name or "starlanes"


def load_game(game_id: str) -> Game:
    return get_game(game_id)


def load_params(game: Game, assignments: list[str] | None) -> Params:
    """``--param k=v`` values as the game's params (clear errors listing the valid keys)."""
    return parse_params(game.spec.params, assignments or [])
