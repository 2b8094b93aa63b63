"""Reading Star Kingdoms content files safely: bytes to data to typed, frozen records.

Every problem becomes one :class:`~starlanes.core.errors.ContentError` naming the file, the
entry and field (``systems[3] 'BBC'.planets[0].biosphere``) and what is wrong; nothing else
escapes.  Files may be TOML or JSON, UTF-8 with or without a byte-order mark, and at most
:data:`MAX_CONTENT_BYTES` long.
"""

from __future__ import annotations

import json
import re
import tomllib
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import msgspec

from starlanes.core.errors import ContentError

__all__ = ["MAX_CONTENT_BYTES", "convert", "decode_text", "parse_data", "read_content", "read_shipped"]

T = TypeVar("T")

MAX_CONTENT_BYTES = 8 * 1024 * 1024
"""Largest content file read (a 10,000-system galaxy is about 5 MB of JSON)."""

_PACKAGE = "starlanes.games.star_kingdoms"
_AT = re.compile(r"^(?P<problem>.*?) - at `\$(?P<path>[^`]*)`$")
_STEP = re.compile(r"\.(\w+)|\[(\d+)\]")


def decode_text(raw: bytes, file: str) -> str:
    """UTF-8 text of ``raw`` (a leading byte-order mark is dropped); refuses other encodings."""
    if len(raw) > MAX_CONTENT_BYTES:
        raise ContentError(file, "", f"too large ({len(raw):,} bytes; the limit is {MAX_CONTENT_BYTES:,})")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ContentError(file, "", f"not UTF-8 text (bad byte at offset {exc.start})") from None
    if "\x00" in text:
        raise ContentError(file, "", "not a text file (contains NUL characters)")
    return text


def parse_data(text: str, file: str, *, fmt: str = "") -> dict[str, Any]:
    """A TOML or JSON document as a dict (``fmt`` ``toml``/``json``; empty: by the file's suffix,
    JSON if the text starts with ``{``)."""
    kind = fmt or ("json" if file.endswith(".json") or text.lstrip().startswith("{") else "toml")
    if kind == "json":
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ContentError(file, f"line {exc.lineno} column {exc.colno}", f"not valid JSON: {exc.msg}") from None
        except RecursionError:
            raise ContentError(file, "", "not valid JSON: nested too deeply") from None
    else:
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise ContentError(file, "", f"not valid TOML: {exc}") from None
        except RecursionError:
            raise ContentError(file, "", "not valid TOML: nested too deeply") from None
    if not isinstance(data, dict):
        raise ContentError(file, "", "must hold one table/object at the top level")
    return data


def read_content(path: str | Path) -> dict[str, Any]:
    """Read and parse a content file given by path."""
    p = Path(path)
    file = str(p)
    try:
        size = p.stat().st_size
        if size > MAX_CONTENT_BYTES:
            raise ContentError(file, "", f"too large ({size:,} bytes; the limit is {MAX_CONTENT_BYTES:,})")
        raw = p.read_bytes()
    except OSError as exc:
        raise ContentError(file, "", f"cannot read: {exc.strerror or exc}") from None
    return parse_data(decode_text(raw, file), file)


def read_shipped(name: str) -> tuple[dict[str, Any], str]:
    """A content file shipped in the package (``content/<name>``) and its display name."""
    file = f"star-kingdoms/content/{name}"
    raw = resources.files(_PACKAGE).joinpath("content", name).read_bytes()
    return parse_data(decode_text(raw, file), file), file


def _describe(data: Any, path: str) -> str:
    """``$.systems[3].planets[0].x`` -> ``systems[3] 'BBC'.planets[0] 'BBC I'.x`` (ids of entries)."""
    out: list[str] = []
    node: Any = data
    for m in _STEP.finditer(path):
        key, index = m.group(1), m.group(2)
        if key is not None:
            out.append(("." if out else "") + key)
            node = node.get(key) if isinstance(node, dict) else None
        else:
            i = int(index)
            node = node[i] if isinstance(node, list) and i < len(node) else None
            label = node.get("id") if isinstance(node, dict) else None
            out.append(f"[{i}]" + (f" '{label}'" if isinstance(label, str) and len(label) < 60 else ""))
    return "".join(out)


def convert(data: Any, cls: type[T], file: str) -> T:
    """``data`` as a ``cls`` (a msgspec Struct), or a ContentError naming the entry and field."""
    try:
        return msgspec.convert(data, cls, strict=True)
    except msgspec.ValidationError as exc:
        message = str(exc)
        m = _AT.match(message)
        if m is None:
            raise ContentError(file, "", message) from None
        problem = m.group("problem")
        problem = problem[0].lower() + problem[1:] if problem else "invalid"
        raise ContentError(file, _describe(data, m.group("path")), problem.replace("`", "'")) from None
