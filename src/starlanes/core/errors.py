"""The one error hierarchy of starlanes.

::

    StarlanesError                 anything starlanes refuses, with a message a person understands
    ├── ParseError                 text that is not an action / param / agent spec (syntax)
    ├── IllegalAction              a well-formed action the rules forbid now (``reason`` says why)
    ├── NotYourTurn                a seat acted while another seat must decide
    ├── GameOver                   an action after the game ended
    ├── ContentError               a bad card / map / deck / params file (file, field, problem)
    ├── MatchError                 a saved match that cannot be loaded or replayed (version mismatch...)
    └── UnknownName                an unknown game id, agent name, param key... (lists the valid ones)

Each class maps to one CLI exit code and one HTTP status (``exit_code`` / ``http_status``).
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "ContentError",
    "GameOver",
    "IllegalAction",
    "MatchError",
    "NotYourTurn",
    "ParseError",
    "StarlanesError",
    "UnknownName",
]


class StarlanesError(Exception):
    """Base class of every error starlanes raises on purpose."""

    exit_code: int = 1
    http_status: int = 400


class ParseError(StarlanesError, ValueError):
    """Text that does not parse (an action, a param value, an agent spec)."""

    exit_code = 2


class IllegalAction(StarlanesError):
    """A well-formed action that the rules do not allow in the current state."""

    http_status = 422

    def __init__(self, action: str, reason: str) -> None:
        super().__init__(f"illegal action '{action}': {reason}")
        self.action = action
        self.reason = reason


class NotYourTurn(StarlanesError):
    """A seat tried to act while it is not among the seats to act."""

    http_status = 409

    def __init__(self, seat: int, to_act: Iterable[int]) -> None:
        waiting = ", ".join(str(s) for s in sorted(to_act)) or "nobody"
        super().__init__(f"seat {seat} cannot act now; waiting for seat(s) {waiting}")
        self.seat = seat


class GameOver(StarlanesError):
    """An action was submitted after the game ended."""

    http_status = 409


class ContentError(StarlanesError):
    """A broken content file: names the file, the field and what is wrong."""

    exit_code = 3

    def __init__(self, file: str, field: str, problem: str) -> None:
        where = f"{file}: {field}" if field else file
        super().__init__(f"{where}: {problem}")
        self.file = file
        self.field = field
        self.problem = problem


class MatchError(StarlanesError):
    """A saved match that cannot be used (wrong ruleset version, corrupt log...)."""

    exit_code = 3


class UnknownName(StarlanesError, KeyError):
    """A name that is not known (game id, agent, param key), with the valid names."""

    http_status = 404

    def __init__(self, kind: str, name: str, valid: Iterable[str]) -> None:
        names = ", ".join(sorted(valid)) or "(none)"
        super().__init__(f"unknown {kind} '{name}'; valid: {names}")
        self.kind = kind
        self.name = name

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])
