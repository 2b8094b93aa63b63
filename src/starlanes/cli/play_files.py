"""Where ``play`` saves a match: paths checked before the game, files written whole.

A game is never lost to a bad path. ``check_save_path`` is called before any work (at start for
``--save``, before writing for ``save FILE``) and names the problem in one line:

- ``~`` is expanded;
- a directory is refused (with a file name to use in it);
- a folder that does not exist is refused, never created for the user (the default ``saves/``
  of the current directory is the one folder ``play`` makes, and it says so);
- an existing file that is not a starlanes match is not overwritten;
- a place where no file can be created (``/proc``, a read-only folder) is found by creating and
  removing a temporary file there.

``write_save`` writes to a temporary file next to the target and renames it, so a failed write
never leaves half a save in place of a good one.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from starlanes.core.errors import PathError

__all__ = ["DEFAULT_DIR", "check_save_path", "expand", "write_save"]

DEFAULT_DIR = Path("saves")
_MATCH_MARK = '"format": "starlanes-match/'


def expand(path: str | Path) -> Path:
    """``path`` with a leading ``~`` expanded."""
    return Path(os.path.expanduser(str(path)))


def _is_match_file(path: Path) -> bool:
    try:
        with path.open("rb") as fh:
            head = fh.read(4096)
    except OSError:
        return False
    return _MATCH_MARK.encode() in head


def check_save_path(path: str | Path, example_name: str, *, may_create_default: bool = False) -> Path:
    """The expanded ``path`` if a match can be saved there; else ``PathError`` saying why.

    ``example_name`` is offered as the file to use when ``path`` is a directory. With
    ``may_create_default`` the default folder ``saves/`` is created when missing.
    """
    if str(path).strip() == "":
        raise PathError("no file name given")
    target = expand(path)
    if target.is_dir():
        raise PathError(f"{target} is a folder; name a file in it, e.g. {target / example_name}")
    parent = target.parent
    if not parent.exists():
        if may_create_default and parent == DEFAULT_DIR:
            try:
                parent.mkdir()
            except OSError as exc:
                raise PathError(f"cannot create the folder {parent}/ ({exc.strerror})") from exc
        else:
            raise PathError(f"cannot save to {target}: the folder {parent} does not exist "
                            "(create it first: starlanes makes no folders)")
    if not parent.is_dir():
        raise PathError(f"cannot save to {target}: {parent} is not a folder")
    if target.exists():
        if not target.is_file():
            raise PathError(f"cannot save to {target}: it exists and is not a regular file")
        if not _is_match_file(target):
            raise PathError(f"{target} exists and is not a starlanes match; not overwriting it")
        if not os.access(target, os.W_OK):
            raise PathError(f"cannot save to {target}: the file is read-only")
    try:
        fd, probe = tempfile.mkstemp(dir=parent, prefix=".starlanes-", suffix=".tmp")
    except OSError as exc:
        raise PathError(f"cannot save to {target}: no file can be created in {parent} ({exc.strerror})") from exc
    os.close(fd)
    os.unlink(probe)
    return target


def write_save(path: Path, text: str) -> Path:
    """Write ``text`` to ``path`` whole (a temporary file renamed over it); ``PathError`` if it fails."""
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".starlanes-", suffix=".tmp")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise PathError(f"cannot save to {path}: {exc.strerror or exc}") from exc
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return path
