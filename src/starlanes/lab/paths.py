"""Output paths of the lab (``run --out``, ``compare --out/--report``, ``report --out``),
checked before any game is played, so a bad path costs a one-line error and not the results.

A path gets its leading ``~`` expanded; it must name a file (not a folder) in a folder that
exists (folders are never created for you) and where a file can be created; an existing
file must be a regular file that may be overwritten.  Writing itself goes to a temporary
file in the same folder, renamed over the target, so a failed write leaves nothing half
written.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from starlanes.core.errors import PathError

__all__ = ["check_output", "expand", "write_output"]


def expand(path: str | Path) -> Path:
    """``path`` with a leading ``~`` expanded."""
    return Path(os.path.expanduser(str(path)))


def check_output(path: str | Path, option: str, example_name: str) -> Path:
    """The expanded ``path`` if the lab can write a file there; else ``PathError`` naming
    ``option``, the path and the problem (``example_name`` is offered inside a folder)."""
    if str(path).strip() == "":
        raise PathError(f"{option}: no file name given")
    target = expand(path)
    if target.is_dir():
        raise PathError(f"{option} {target}: is a folder; name a file in it, e.g. {target / example_name}")
    parent = target.parent
    if not parent.exists():
        raise PathError(f"{option} {target}: the folder {parent} does not exist "
                        "(it is not created for you; make it first or choose another)")
    if not parent.is_dir():
        raise PathError(f"{option} {target}: {parent} is not a folder")
    if target.exists() and not target.is_file():
        raise PathError(f"{option} {target}: exists and is not a regular file")
    if target.exists() and not os.access(target, os.W_OK):
        raise PathError(f"{option} {target}: the file is read-only")
    try:
        fd, probe = tempfile.mkstemp(dir=parent, prefix=".starlanes-", suffix=".tmp")
    except OSError as exc:
        raise PathError(f"{option} {target}: no file can be created in {parent} ({exc.strerror})") from None
    os.close(fd)
    os.unlink(probe)
    return target


def write_output(path: Path, write: Callable[[Path], object]) -> Path:
    """Call ``write(tmp)`` on a temporary file beside ``path`` and rename it over ``path``;
    an ``OSError`` becomes a one-line ``PathError``."""
    if not path.parent.is_dir():
        raise PathError(f"cannot write {path}: the folder {path.parent} does not exist (it is not created for you)")
    tmp: str | None = None
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".starlanes-", suffix=".tmp")
        os.close(fd)
        write(Path(tmp))
        os.replace(tmp, path)
        tmp = None
    except OSError as exc:
        raise PathError(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
    return path
