"""Helpers shared by the sub-commands."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console

from starlanes.core.params import Params, parse_params
from starlanes.core.ruleset import Ruleset
from starlanes.registry import get_game

console = Console(highlight=False)

Game = Ruleset[Any, Any, Any]


def load_game(game_id: str) -> Game:
    return get_game(game_id)


def load_params(game: Game, assignments: list[str] | None) -> Params:
    """``--param k=v`` values as the game's params (clear errors listing the valid keys)."""
    return parse_params(game.spec.params, assignments or [])


def rulings_path(game_id: str) -> Path | None:
    """``docs/rulings/<game>.md`` of a source checkout, if present."""
    root = Path(__file__).resolve().parents[3]
    path = root / "docs" / "rulings" / f"{game_id}.md"
    return path if path.is_file() else None
