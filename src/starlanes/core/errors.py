"""The one error hierarchy of starlanes.

::

    StarlanesError                 anything starlanes refuses, with a message a person understands
    ├── ParseError                 text that is not an action / param / agent spec (syntax)
    ├── IllegalAction              a well-formed action the rules forbid now (``reason`` says why)
    ├── NotYourTurn                a seat acted while another seat must decide
    ├── GameOver                   an action after the game ended
    ├── StaleState                 an action made for a step the match has moved past (HTTP 409)
    ├── ContentError               a bad card / map / deck / params file (file, field, problem)
    ├── MatchError                 a saved match that cannot be loaded or replayed (version mismatch...)
    │   └── NoSuchMatch            a match id that a store does not hold (HTTP 404)
    ├── PathError                  a path that cannot be read or written (missing, a directory, no permission)
    ├── UsageError                 a command line that asks for something inconsistent (two exclusive options)
    └── UnknownName                an unknown game id, agent name, param key... (lists the valid ones)

Each class maps to one CLI exit code and one HTTP status (``exit_code`` / ``http_status``).
The exit codes are the policy of every command, defined here and nowhere else:

- 0 ``EXIT_OK``: nothing went wrong.
- 1 ``EXIT_REFUSED``: anything else starlanes refuses (``StarlanesError`` itself).
- 2 ``EXIT_USAGE``: the command line: an unknown option, game, agent or param; a value that
  does not parse; options that exclude each other (``ParseError``, ``UnknownName``,
  ``UsageError``, and Click's own usage errors).
- 3 ``EXIT_FILE``: a file cannot be read or written, or is not what it claims (a save, board,
  deck, output path: ``ContentError``, ``MatchError``, ``PathError``).
- 4 ``EXIT_RULES``: an action is refused: the rules forbid it, or it comes at the wrong time
  (``IllegalAction``, ``NotYourTurn``, ``GameOver``, ``StaleState``).
- 130 ``EXIT_INTERRUPTED``: Ctrl-C.

Every error reaches the user as one line: ``error: <message>``.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = [
    "EXIT_FILE",
    "EXIT_INTERRUPTED",
    "EXIT_OK",
    "EXIT_REFUSED",
    "EXIT_RULES",
    "EXIT_USAGE",
    "ContentError",
    "GameOver",
    "IllegalAction",
    "MatchError",
    "NoSuchMatch",
    "NotYourTurn",
    "ParseError",
    "PathError",
    "StaleState",
    "StarlanesError",
    "UnknownName",
    "UsageError",
]

EXIT_OK = 0
EXIT_REFUSED = 1
EXIT_USAGE = 2
EXIT_FILE = 3
EXIT_RULES = 4
EXIT_INTERRUPTED = 130


class StarlanesError(Exception):
    """Base class of every error starlanes raises on purpose."""

    exit_code: int = EXIT_REFUSED
    http_status: int = 400


class ParseError(StarlanesError, ValueError):
    """Text that does not parse (an action, a param value, an agent spec)."""

    exit_code = EXIT_USAGE


class IllegalAction(StarlanesError):
    """A well-formed action that the rules do not allow in the current state."""

    exit_code = EXIT_RULES
    http_status = 422

    def __init__(self, action: str, reason: str) -> None:
        super().__init__(f"illegal action '{action}': {reason}")
        self.action = action
        self.reason = reason


class NotYourTurn(StarlanesError):
    """A seat tried to act while it is not among the seats to act."""

    exit_code = EXIT_RULES
    http_status = 409

    def __init__(self, seat: int, to_act: Iterable[int]) -> None:
        waiting = ", ".join(str(s) for s in sorted(to_act)) or "nobody"
        super().__init__(f"seat {seat} cannot act now; waiting for seat(s) {waiting}")
        self.seat = seat


class GameOver(StarlanesError):
    """An action was submitted after the game ended."""

    exit_code = EXIT_RULES
    http_status = 409


class StaleState(StarlanesError):
    """An action appended for a step the match is no longer at (someone acted first): nothing
    changed; reload the match and decide again. ``expected`` is the step the action was made
    for, ``current`` the match's step now."""

    exit_code = EXIT_RULES
    http_status = 409

    def __init__(self, expected: int, current: int) -> None:
        super().__init__(f"stale action: it was made at step {expected}, but the match is at step {current} "
                         "(another action came first); nothing changed, look again and decide")
        self.expected = expected
        self.current = current


def _one_line(text: str) -> str:
    """``text`` with control characters escaped (``\\n``, ``\\x1b``), so it prints as one line."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() or ch == " " else ascii(ch)[1:-1] for ch in text)


class ContentError(StarlanesError):
    """A broken content file: names the file, the field and what is wrong."""

    exit_code = EXIT_FILE

    def __init__(self, file: str, field: str, problem: str) -> None:
        where = f"{file}: {field}" if field else file
        # One line whatever a file holds: control characters quoted from it (a key named
        # "\n") are shown escaped, never as a line break.
        super().__init__(_one_line(f"{where}: {problem}"))
        self.file = file
        self.field = field
        self.problem = problem


class MatchError(StarlanesError):
    """A saved match that cannot be used (wrong ruleset version, corrupt log...)."""

    exit_code = EXIT_FILE


class NoSuchMatch(MatchError):
    """A match id that the store does not hold (never created, or deleted)."""

    http_status = 404

    def __init__(self, match_id: str) -> None:
        super().__init__(f"no match '{match_id}' in the store")
        self.match_id = match_id


class PathError(StarlanesError):
    """A path that cannot be read or written: missing, a directory where a file belongs, no
    permission. The message names the path and the problem."""

    exit_code = EXIT_FILE


class UsageError(StarlanesError):
    """A command line that asks for something inconsistent (options that exclude each other, a
    count out of range)."""

    exit_code = EXIT_USAGE


class UnknownName(StarlanesError, KeyError):
    """A name that is not known (game id, agent, param key), with the valid names."""

    exit_code = EXIT_USAGE
    http_status = 404

    def __init__(self, kind: str, name: str, valid: Iterable[str]) -> None:
        names = ", ".join(sorted(valid)) or "(none)"
        super().__init__(f"unknown {kind} '{name}'; valid: {names}")
        self.kind = kind
        self.name = name

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0])
