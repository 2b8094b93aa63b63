"""The browser client: plain ES modules, HTML and CSS, no build step.

``STATIC_DIR`` holds the lobby and the play page (served at ``/``). Each game brings its own
board drawing, ``board.js`` in the folder its registry entry names (``web_assets``):
``board_module(game_id)`` finds it, and the server serves it at ``/games/<game-id>/board.js``.
A game whose entry names no folder is drawn by the generic board (its text rendering)."""

from __future__ import annotations

from pathlib import Path

from starlanes.core.errors import StarlanesError
from starlanes.registry import get_entry

__all__ = ["STATIC_DIR", "board_module"]

STATIC_DIR = Path(__file__).resolve().parent / "static"


def board_module(game_id: str) -> Path | None:
    """The path of ``board.js`` in the folder ``game_id``'s entry names, or ``None`` (an unknown
    game, an entry without ``web_assets``, or a folder without ``board.js``)."""
    try:
        folder = get_entry(game_id).web_folder()
    except StarlanesError:
        return None
    if folder is None:
        return None
    path = folder / "board.js"
    return path if path.is_file() else None
