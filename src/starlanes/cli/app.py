"""The Typer application, the list of sub-commands, and the one place errors become exit codes.

Every error leaves as one line on stderr (``error: <what is wrong>``) and the exit code of its
kind, as ``starlanes.core.errors`` defines the policy: Click's own usage errors (an unknown
option, ``--seed abc``, a missing argument) included, so no boxed usage block and no traceback
reaches a user.
"""

from __future__ import annotations

import errno
import importlib
import sys
from collections.abc import Sequence
from typing import Any

import typer
from rich.console import Console
from rich.markup import escape

from starlanes.core.errors import (
    EXIT_FILE,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_REFUSED,
    EXIT_USAGE,
    StarlanesError,
)

from . import games as games_cmd
from . import lab as lab_cmd
from . import play as play_cmd
from . import schema as schema_cmd
from .common import prog_name
from .games import StarlanesGroup

# The games' own commands (``starlanes odds GAME``, ``starlanes map generate GAME``, ...) come
# from the registry entries through ``StarlanesGroup``; this file names no game.
app = typer.Typer(
    cls=StarlanesGroup,
    name="starlanes",
    help="starlanes: space strategy board games with rules enforced, bots, replays and a balance lab.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Sub-commands: one line each.
games_cmd.register(app)
play_cmd.register(app)
schema_cmd.register(app)
lab_cmd.register(app)
importlib.import_module("starlanes.cli.serve").register(app)  # the match server (issue 10)

err = Console(stderr=True, highlight=False)

# Click's exception classes, from the module Typer itself uses (recent Typer releases ship their
# own copy of Click, older ones use Click): found through a class Typer exports.
_cx: Any = importlib.import_module(typer.BadParameter.__module__)
_ABORTS: tuple[type[BaseException], ...] = tuple({typer.Abort, getattr(_cx, "Abort", typer.Abort)})


def one_line(message: str) -> str:
    """``message`` on one line: its lines joined with '; ', runs of blanks collapsed."""
    lines = [" ".join(line.split()) for line in message.splitlines()]
    return "; ".join(line for line in lines if line)


def _error(message: str) -> None:
    err.print(f"[bold red]error:[/] {escape(one_line(message))}", soft_wrap=True)


def _usage_message(exc: Any) -> str:
    text = exc.format_message()
    text = text[:1].lower() + text[1:]
    command = exc.ctx.command_path if exc.ctx is not None else prog_name()
    return f"{text.rstrip('.')} (see '{command} --help')"


def run(args: Sequence[str] | None = None) -> int:
    """Run the ``starlanes`` command line with ``args`` (default: ``sys.argv[1:]``) and return
    its exit code; every error is printed as one line on stderr."""
    try:
        result = app(args=list(args) if args is not None else None, prog_name=prog_name(),
                     standalone_mode=False)
    except _cx.UsageError as exc:
        if type(exc).__name__ == "NoArgsIsHelpError" and exc.ctx is not None:
            print(exc.ctx.get_help())  # a command given no arguments shows its help
        else:
            _error(_usage_message(exc))
        return EXIT_USAGE
    except _cx.FileError as exc:
        _error(exc.format_message())
        return EXIT_FILE
    except _cx.ClickException as exc:
        _error(exc.format_message())
        return EXIT_REFUSED
    except _ABORTS:
        err.print("\nstopped")
        return EXIT_INTERRUPTED
    except StarlanesError as exc:
        _error(str(exc))
        return exc.exit_code
    except (KeyboardInterrupt, EOFError):
        err.print("\nstopped")
        return EXIT_INTERRUPTED
    except OSError as exc:
        if exc.errno == errno.EPIPE:  # the reader of our output went away (| head)
            return EXIT_OK
        where = f"{exc.filename}: " if exc.filename else ""
        _error(f"{where}{exc.strerror or exc}")
        return EXIT_FILE
    return result if isinstance(result, int) else EXIT_OK


def main() -> None:
    """Entry point of the ``starlanes`` script."""
    sys.exit(run())
