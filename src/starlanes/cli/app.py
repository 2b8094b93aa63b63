"""The Typer application and the list of sub-commands."""

from __future__ import annotations

import sys

import typer
from rich.console import Console

from starlanes.core.errors import StarlanesError

from . import deck as deck_cmd
from . import games as games_cmd
from . import lab as lab_cmd
from . import odds as odds_cmd
from . import play as play_cmd

app = typer.Typer(
    name="starlanes",
    help="starlanes: space strategy board games with rules enforced, bots, replays and a balance lab.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Sub-commands: one line each.
games_cmd.register(app)
play_cmd.register(app)
odds_cmd.register(app)
deck_cmd.register(app)
lab_cmd.register(app)

err = Console(stderr=True)


def main() -> None:
    """Entry point of the ``starlanes`` script."""
    try:
        app()
    except StarlanesError as exc:
        err.print(f"[bold red]error:[/] {exc}", highlight=False)
        sys.exit(exc.exit_code)
    except (KeyboardInterrupt, EOFError):
        err.print("\nstopped")
        sys.exit(130)
