"""``starlanes schema GAME [--part actions|gm_actions|events|view]``: the game's JSON Schemas.

Prints one JSON object: every part (``{"actions": ..., "gm_actions": ..., "events": ...,
"view": ...}``) or, with ``--part``, that part's schema alone. The schemas are generated from
the game's types (``Ruleset.schemas``, core/schema.py): what a server sends and accepts.
"""

from __future__ import annotations

import json
from enum import StrEnum
from typing import Annotated

import typer

from .common import load_game, prog_name

__all__ = ["Part", "register", "schema"]


class Part(StrEnum):
    """A part of ``Ruleset.schemas()`` (core/schema.py's ``PARTS``)."""

    actions = "actions"
    gm_actions = "gm_actions"
    events = "events"
    view = "view"


def schema(
    game_id: str = typer.Argument(..., metavar="GAME", help=f"game id (see `{prog_name()} games`)"),
    part: Annotated[Part | None, typer.Option("--part", help="print only this part's schema")] = None,
) -> None:
    """Print the JSON Schemas of GAME's actions, GM actions, events and views."""
    schemas = load_game(game_id).schemas()
    print(json.dumps(schemas if part is None else schemas[part.value], indent=1))


def register(app: typer.Typer) -> None:
    """Attach ``schema`` to the main application."""
    app.command("schema")(schema)
