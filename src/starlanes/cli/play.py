"""``starlanes play``, ``starlanes replay`` and ``starlanes quickstart``: games in the terminal.

This module holds the commands and their options only; what they run (the core's ``Session``
driven at the terminal, ``PlaySession``) is ``cli/terminal.py``, imported when a game starts, so
that ``starlanes --help`` does not load the match, the session and the rules (issue 16's
start-up).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from starlanes.core.errors import StarlanesError

from .common import prog_name
from .play_replay import replay

__all__ = ["play", "quickstart", "register"]

SeatOpt = Annotated[
    list[str] | None,
    typer.Option("--seat", "-s", help="who plays each seat, in order: human, random, mcts:iterations=200, ..."),
]
SeedOpt = Annotated[int | None, typer.Option("--seed", help="seed of the game's randomness (default: random)")]
ParamOpt = Annotated[
    list[str] | None, typer.Option("--param", "-p", help="a rule parameter, key=value (see `starlanes rules`)")
]


def play(
    game_id: Annotated[str, typer.Argument(metavar="GAME", help="game id (see `starlanes games`)")],
    seat: SeatOpt = None,
    seed: SeedOpt = None,
    param: ParamOpt = None,
    load: Annotated[Path | None, typer.Option(
        "--load", help="continue a saved match of GAME (--seat: as many as the save has, or none)")] = None,
    save: Annotated[Path | None, typer.Option(
        "--save", help="where to save (default: saves/GAME-TIME.json); checked before the game, "
                       "folders are not created")] = None,
) -> None:
    """Play a game in the terminal (Ctrl-C, Ctrl-D and `quit` save the match first)."""
    from .terminal import run_play

    run_play(game_id, seat, seed, param, load, save)


def quickstart() -> None:
    """You against a bot, on the default game (what ./run starts)."""
    from rich.markup import escape
    from rich.panel import Panel

    from starlanes.registry import BUILTIN, available_games

    from .common import console

    ids = [s.id for s in available_games()]
    if not ids:
        raise StarlanesError("no game is registered")
    game_id = next((entry.id for entry in BUILTIN if entry.id in ids), ids[0])  # the registry's first
    prog = prog_name()
    console.print(Panel(escape(f"starlanes — {game_id}: you are seat 0 against a bot. Type `help` at the prompt.\n"
                               f"Other games: {', '.join(ids)} ({prog} play GAME). All commands: {prog} --help")))
    play(game_id, seat=None, seed=None, param=None, load=None, save=None)


def register(app: typer.Typer) -> None:
    app.command("play")(play)
    app.command("replay")(replay)
    app.command("quickstart")(quickstart)
