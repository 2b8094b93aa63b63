"""Where matches live between actions: the ``MatchStore`` protocol and a store of files.

A store holds matches by id. Its one way to change a match is ``append(id, actor, action,
expected_step)``: atomic (the action is taken whole, written whole, or not at all), refused with
``StaleState`` when the match has moved past ``expected_step`` (another request came first), so
two appends for one step never both succeed, from any number of processes. A stored match
only grows: a store does not undo (undo is a feature of local play, ``Match.undo``).

``FileStore(directory)`` keeps one file per match, ``ID.json``, in the format ``starlanes play``
saves (``starlanes replay DIRECTORY/ID.json`` shows a stored match). An append, under an
exclusive lock on the match (``fcntl.flock`` on ``.ID.lock``, so other processes wait):
reads the file, replays it (or reuses the match this store object appended to last, when the
file is byte for byte what it wrote), appends, writes a temporary file, ``fsync``s it and
renames it over the match, then ``fsync``s the folder. A writer killed at any moment leaves
the match as it was before or after its action, never half; at most a ``.ID.*.tmp`` file
remains, which the store ignores (and removes at its next write of that match). POSIX only
(``fcntl``).

The server adds a store on SQL with the same protocol.
"""

from __future__ import annotations

import builtins
import contextlib
import fcntl
import os
import re
import secrets
import tempfile
from collections import OrderedDict
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol

import msgspec

from .actions import Action
from .errors import MatchError, NoSuchMatch, ParseError, PathError, StarlanesError
from .gm import Actor
from .match import FORMAT, MAX_MATCH_BYTES, Match, parse_json_bytes
from .ruleset import Ruleset
from .state import Outcome

__all__ = ["FileStore", "MatchStore", "MatchSummary", "check_match_id"]

ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,79}")
"""A match id: letters, digits, ``-`` and ``_``, at most 80 characters (safe in a file name and
a URL)."""

CACHE_SIZE = 32
"""Matches a ``FileStore`` keeps replayed in memory (the ones it appended to last)."""


class MatchSummary(msgspec.Struct, frozen=True):
    """A stored match at a glance (read from its file, without replaying it). ``problem`` says
    why a file in the store is not a match it can load (the other fields are then empty)."""

    id: str
    game: str
    seats: tuple[str, ...]
    step: int
    created: str
    outcome: Outcome | None
    problem: str | None = None


class MatchStore(Protocol):
    """Matches by id. Implementations: ``FileStore``; the server's SQL store."""

    def create(self, match: Match, match_id: str | None = None) -> str:
        """Store ``match`` (new, or with actions already logged); return its id (``match_id`` if
        given: ``MatchError`` when the store holds it already)."""
        ...

    def load(self, match_id: str) -> Match:
        """The stored match, replayed (``NoSuchMatch``; ``MatchError`` when it cannot be replayed:
        another ruleset version, changed content files)."""
        ...

    def append(self, match_id: str, actor: Actor, action: Action | str, expected_step: int) -> int:
        """Apply and store ``actor``'s action made for ``expected_step``; return the new step.
        Atomic: ``StaleState`` when the match is not at ``expected_step``, the rules' error when
        the action is not legal; either way nothing changes."""
        ...

    def list(self) -> builtins.list[MatchSummary]:
        """Every stored match, by id."""
        ...

    def delete(self, match_id: str) -> None:
        """Remove the match (``NoSuchMatch`` if there is none)."""
        ...


def check_match_id(match_id: str) -> str:
    """``match_id`` if it is a valid id, else ``ParseError`` (an id never names a path)."""
    if not isinstance(match_id, str) or not ID_PATTERN.fullmatch(match_id):
        shown = match_id[:40] if isinstance(match_id, str) else type(match_id).__name__
        raise ParseError(f"'{shown}' is not a match id (letters, digits, - and _, at most 80)")
    return match_id


class FileStore:
    """A ``MatchStore`` of one JSON file per match in ``directory`` (which must exist).

    ``rulesets`` finds the ruleset of a game id (default: the registry's ``get_game``)."""

    def __init__(self, directory: str | Path,
                 rulesets: Callable[[str], Ruleset[Any, Any, Any]] | None = None) -> None:
        self.directory = Path(os.path.expanduser(str(directory)))
        if not self.directory.is_dir():
            raise PathError(f"{self.directory}: no such folder (create it first: starlanes makes no folders)")
        self._rulesets = rulesets
        self._cache: OrderedDict[str, tuple[bytes, Match]] = OrderedDict()

    # ------------------------------------------------------------ paths
    def path(self, match_id: str) -> Path:
        """The file of match ``match_id`` (in the format ``starlanes replay`` reads)."""
        return self.directory / f"{check_match_id(match_id)}.json"

    def _lock_path(self, match_id: str) -> Path:
        return self.directory / f".{match_id}.lock"

    @contextlib.contextmanager
    def _locked(self, match_id: str) -> Iterator[None]:
        """Hold the exclusive lock of ``match_id`` (waits for another holder). A lock file that
        ``delete`` removed while this process waited on it is not the lock any more: retried."""
        path = self._lock_path(match_id)
        while True:
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
            except OSError as exc:
                raise PathError(f"cannot lock {path}: {exc.strerror or exc}") from exc
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
                same = os.path.exists(path) and os.stat(path).st_ino == os.fstat(fd).st_ino
            except BaseException:
                os.close(fd)
                raise
            if same:
                break
            os.close(fd)
        try:
            yield
        finally:
            if not self.path(match_id).exists():  # deleted, or never there: no lock file stays behind
                with contextlib.suppress(OSError):
                    path.unlink()
            os.close(fd)  # releases the lock

    # ------------------------------------------------------------ reading
    def _game(self, game_id: str) -> Ruleset[Any, Any, Any]:
        if self._rulesets is not None:
            return self._rulesets(game_id)
        from starlanes.registry import get_game  # the registry imports every game: only when needed

        return get_game(game_id)

    def _read(self, match_id: str) -> bytes:
        path = self.path(match_id)
        try:
            with path.open("rb") as fh:
                return fh.read(MAX_MATCH_BYTES + 1)
        except FileNotFoundError:
            raise NoSuchMatch(match_id) from None
        except OSError as exc:
            raise PathError(f"{path}: cannot read ({exc.strerror or exc})") from exc

    def _replay(self, match_id: str, raw: bytes) -> Match:
        source = str(self.path(match_id))
        data = parse_json_bytes(raw, source, MAX_MATCH_BYTES, MatchError)
        if not isinstance(data, dict) or not isinstance(data.get("game"), str):
            raise MatchError(f"{source}: not a starlanes match file (expected format {FORMAT})")
        try:
            game = self._game(data["game"])
        except StarlanesError as exc:
            raise MatchError(f"{source}: game: {exc}") from exc
        return Match.from_dict(data, game, source)

    def load(self, match_id: str) -> Match:
        return self._replay(match_id, self._read(match_id))

    # ------------------------------------------------------------ writing
    def _write(self, match_id: str, data: bytes, *, new: bool = False) -> None:
        """Write ``data`` as the match's file whole: a temporary file, fsync, rename (``new``: a
        hard link, which refuses an existing file), fsync of the folder."""
        path = self.path(match_id)
        for stale in self.directory.glob(f".{match_id}.*.tmp"):  # left by a killed writer (we hold the lock)
            with contextlib.suppress(OSError):
                stale.unlink()
        tmp: str | None = None
        try:
            fd, tmp = tempfile.mkstemp(dir=self.directory, prefix=f".{match_id}.", suffix=".tmp")
            with os.fdopen(fd, "wb") as fh:
                fh.write(data)
                fh.flush()
                os.fsync(fh.fileno())
            if new:
                try:
                    os.link(tmp, path)
                except FileExistsError:
                    raise MatchError(f"the store holds a match '{match_id}' already") from None
            else:
                os.replace(tmp, path)
                tmp = None
            self._sync_directory()
        except OSError as exc:
            raise PathError(f"cannot write {path}: {exc.strerror or exc}") from exc
        finally:
            if tmp is not None:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)

    def _sync_directory(self) -> None:
        fd = os.open(self.directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)

    def _remember(self, match_id: str, data: bytes, match: Match) -> None:
        self._cache[match_id] = (data, match)
        self._cache.move_to_end(match_id)
        while len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)

    def create(self, match: Match, match_id: str | None = None) -> str:
        if match_id is None:
            match_id = f"{match.game.spec.id}-{secrets.token_hex(8)}"
        check_match_id(match_id)
        data = (match.to_json() + "\n").encode()
        with self._locked(match_id):
            self._write(match_id, data, new=True)
        return match_id

    def append(self, match_id: str, actor: Actor, action: Action | str, expected_step: int) -> int:
        if not self.path(match_id).exists():  # no lock file is made for an id the store never held
            raise NoSuchMatch(match_id)
        with self._locked(match_id):
            raw = self._read(match_id)
            cached = self._cache.pop(match_id, None)
            match = cached[1] if cached is not None and cached[0] == raw else self._replay(match_id, raw)
            # from here the cached match is out of the cache: an error cannot leave it half-changed there
            match.append(actor, action, expected_step)
            data = (match.to_json() + "\n").encode()
            self._write(match_id, data)
            self._remember(match_id, data, match)
            return match.step

    def delete(self, match_id: str) -> None:
        check_match_id(match_id)
        with self._locked(match_id):
            self._cache.pop(match_id, None)
            try:
                self.path(match_id).unlink()
            except FileNotFoundError:
                raise NoSuchMatch(match_id) from None
            except OSError as exc:
                raise PathError(f"cannot delete {self.path(match_id)}: {exc.strerror or exc}") from exc

    # ------------------------------------------------------------ listing
    def list(self) -> builtins.list[MatchSummary]:
        out = []
        for path in sorted(self.directory.glob("*.json")):
            if ID_PATTERN.fullmatch(path.stem):
                out.append(self._summary(path))
        return out

    def _summary(self, path: Path) -> MatchSummary:
        match_id = path.stem
        try:
            with path.open("rb") as fh:
                raw = fh.read(MAX_MATCH_BYTES + 1)
            data = parse_json_bytes(raw, str(path), MAX_MATCH_BYTES, MatchError)
            if not isinstance(data, dict) or data.get("format") != FORMAT:
                raise MatchError(f"{path}: not a starlanes match file (expected format {FORMAT})")
            outcome = data.get("outcome")
            return MatchSummary(
                id=match_id,
                game=str(data.get("game", "")),
                seats=tuple(str(s) for s in data.get("seats", [])),
                step=len(data.get("log", [])),
                created=str(data.get("created", "")),
                outcome=None if outcome is None else msgspec.convert(outcome, Outcome),
            )
        except (OSError, StarlanesError, msgspec.ValidationError, TypeError) as exc:
            problem = str(exc) if isinstance(exc, StarlanesError) else f"{path}: not a match this store wrote"
            return MatchSummary(match_id, "", (), 0, "", None, problem)
