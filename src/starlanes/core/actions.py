"""Actions: small typed values with a text form that parses back exactly, and a JSON form.

A ruleset declares each kind of action as a frozen ``Action`` subclass with a ``verb``::

    class Attack(Action, frozen=True):
        verb: ClassVar[str] = "attack"
        source: str
        target: str
        dice: int = 3

    Attack("Vega-3", "Sirius-1").text()          # 'attack Vega-3 Sirius-1'
    Attack("Vega-3", "Sirius-1", dice=2).text()  # 'attack Vega-3 Sirius-1 dice=2'

Fields without a default are positional; fields with a default are written ``key=value`` and
only when they differ from the default. Field types:

- ``int``, ``bool`` (``yes``/``no``) and ``str``; a string is written bare when it is one plain
  word, else in double quotes with JSON escapes (``ruling "the treaty \\"holds\\""``);
- ``tuple[int, ...]`` and ``tuple[str, ...]``: comma separated, ``-`` when empty;
- ``X | None`` for ``int``, ``bool`` and ``str``: ``-`` is ``None``;
- ``tuple[Record, ...]`` where ``Record`` is a msgspec ``Struct`` (or a union of tagged
  Structs) whose fields are of the kinds above: a list of records in brackets, each record in
  parentheses written like an action without its verb (a union's records start with their
  tag): ``orders [(move Vega Sirius 3) (build Vega kind=fighter)]``. A batch of orders is one
  action.

Numbers are ASCII digits with an optional ``-`` (``research ٣`` is refused, not read as 3).
``ActionCodec`` parses text back; ``codec.parse(a.text()) == a`` for every action. The JSON form
(for a server) is ``a.to_builtins()``: ``{"verb": "attack", "source": ..., ...}``, read back by
``codec.from_builtins`` (``codec.from_builtins(a.to_builtins()) == a``).
"""

from __future__ import annotations

import json
import re
import types
import typing
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

import msgspec

from .errors import ParseError
from .numbers import ascii_int

__all__ = ["Action", "ActionCodec", "FieldInfo", "ascii_int"]


class Action(msgspec.Struct, frozen=True):
    """Base of every action. Subclasses set ``verb`` and declare fields."""

    verb: ClassVar[str] = ""

    def text(self) -> str:
        """The canonical text form, e.g. ``attack Vega-3 Sirius-1 dice=2``."""
        rest = _fields_text(self)
        return f"{self.verb} {rest}" if rest else self.verb

    def to_builtins(self) -> dict[str, Any]:
        """The JSON form: ``{"verb": ..., field: value, ...}`` (every field, records as objects)."""
        return {"verb": self.verb, **msgspec.to_builtins(self)}

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class FieldInfo:
    """One field of an action (or of a record): how it is written and read.

    ``kind`` is ``"int"``, ``"str"``, ``"bool"``, ``"ints"``, ``"strs"`` or ``"records"``;
    ``optional`` when ``None`` is allowed (written ``-``); ``records`` the record types of a
    ``"records"`` field (more than one: a union, told apart by their tags)."""

    name: str
    kind: str
    positional: bool
    default: Any
    optional: bool = False
    records: tuple[type[msgspec.Struct], ...] = ()


_FIELD_CACHE: dict[type[msgspec.Struct], tuple[FieldInfo, ...]] = {}
_SCALARS = {int: "int", str: "str", bool: "bool"}


def _union_args(annotation: Any) -> tuple[Any, ...] | None:
    if typing.get_origin(annotation) in (typing.Union, types.UnionType):
        return typing.get_args(annotation)
    return None


def _record_types(arg: Any) -> tuple[type[msgspec.Struct], ...] | None:
    members = _union_args(arg) or (arg,)
    if not all(isinstance(m, type) and issubclass(m, msgspec.Struct) and not issubclass(m, Action)
               for m in members):
        return None
    if len(members) > 1:
        for m in members:
            if not isinstance(_tag(m), str):
                raise TypeError(f"record type {m.__name__} in a union needs a text tag (tag='...')")
    return tuple(members)


def _kind(annotation: Any, record_ok: bool = True) -> tuple[str, bool, tuple[type[msgspec.Struct], ...]]:
    """``(kind, optional, record types)`` of a field's type; ``TypeError`` if unsupported."""
    if annotation in _SCALARS:
        return _SCALARS[annotation], False, ()
    members = _union_args(annotation)
    if members is not None and len(members) == 2 and type(None) in members:
        other = members[0] if members[1] is type(None) else members[1]
        if other in _SCALARS:
            return _SCALARS[other], True, ()
    if typing.get_origin(annotation) is tuple:
        args = typing.get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis:
            if args[0] is int:
                return "ints", False, ()
            if args[0] is str:
                return "strs", False, ()
            records = _record_types(args[0]) if record_ok else None
            if records is not None:
                for record in records:
                    _fields(record, record_ok=False)
                return "records", False, records
    raise TypeError(f"unsupported action field type {annotation!r}")


def _fields(cls: type[msgspec.Struct], record_ok: bool = True) -> tuple[FieldInfo, ...]:
    cached = _FIELD_CACHE.get(cls)
    if cached is not None:
        return cached
    hints = typing.get_type_hints(cls)
    infos = []
    for f in msgspec.structs.fields(cls):
        try:
            kind, optional, records = _kind(hints[f.name], record_ok)
        except TypeError as exc:
            raise TypeError(f"{cls.__name__}.{f.name}: {exc}") from None
        default = f.default if f.default is not msgspec.NODEFAULT else (
            None if f.default_factory is msgspec.NODEFAULT else f.default_factory())
        infos.append(FieldInfo(f.name, kind, f.required, default, optional, records))
    result = tuple(infos)
    _FIELD_CACHE[cls] = result
    return result


def _tag(cls: type[msgspec.Struct]) -> Any:
    return cls.__struct_config__.tag


# ---------------------------------------------------------------- writing
_PLAIN = re.compile(r'[^\s"=,\\()\[\]]+')


def _quote(value: str) -> str:
    """``value`` bare when it is one plain word, else as a JSON string (``"a b"``)."""
    if value != "-" and _PLAIN.fullmatch(value):
        return value
    return json.dumps(value, ensure_ascii=False)


def _format(value: Any) -> str:
    """A scalar or a tuple of scalars, strings unquoted (kept for callers of the old form)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value) if value else "-"
    return str(value)


def _write(info: FieldInfo, value: Any) -> str:
    if value is None:
        return "-"
    if info.kind == "str":
        return _quote(value)
    if info.kind == "strs":
        return ",".join(_quote(v) for v in value) if value else "-"
    if info.kind == "records":
        union = len(info.records) > 1
        return "[" + " ".join("(" + _fields_text(r, _tag(type(r)) if union else None) + ")" for r in value) + "]"
    return _format(value)


def _fields_text(value: msgspec.Struct, head: str | None = None) -> str:
    parts = [] if head is None else [head]
    for info in _fields(type(value)):
        field_value = getattr(value, info.name)
        if info.positional:
            parts.append(_write(info, field_value))
        elif field_value != info.default:
            parts.append(f"{info.name}={_write(info, field_value)}")
    return " ".join(parts)


def _usage_of(cls: type[msgspec.Struct]) -> str:
    parts = []
    for info in _fields(cls):
        shown = _records_usage(info) if info.kind == "records" else info.name.upper()
        if info.positional:
            parts.append(shown)
        else:
            default = _write(info, info.default) if info.kind != "records" else shown
            parts.append(f"[{info.name}={default}]")
    return " ".join(parts)


def _records_usage(info: FieldInfo) -> str:
    if len(info.records) == 1:
        inner = _usage_of(info.records[0])
    else:
        inner = " | ".join(f"{_tag(r)} {_usage_of(r)}".strip() for r in info.records)
    return f"[({inner}) ...]"


# ---------------------------------------------------------------- reading
_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)=(.*)", re.DOTALL)
_EXPECTED = {"int": "a whole number", "bool": "yes or no", "ints": "numbers like 1,2,3",
             "str": "a word or a quoted text", "strs": "words like a,b,c",
             "records": "a list of records in brackets, like [(...) (...)]"}


def _string_end(text: str, start: int) -> int:
    """The index after the closing quote of the quoted text opening at ``start``."""
    i = start + 1
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text[i] == '"':
            return i + 1
        i += 1
    raise ValueError('a quoted text has no closing "')


def _split(text: str, sep: str = "") -> list[str]:
    """Top-level pieces of ``text``: separated by white space (``sep=""``) or by ``sep``,
    outside double quotes and brackets. ``ValueError`` for an unclosed quote or bracket."""
    pieces: list[str] = []
    i, n = 0, len(text)
    while i < n:
        if not sep and text[i].isspace():
            i += 1
            continue
        start, depth = i, 0
        while i < n:
            c = text[i]
            if c == '"':
                i = _string_end(text, i)
                continue
            if c in "([":
                depth += 1
            elif c in ")]":
                depth -= 1
                if depth < 0:
                    raise ValueError(f"'{c}' closes nothing")
            elif depth == 0 and (c == sep if sep else c.isspace()):
                break
            i += 1
        if depth:
            raise ValueError("a bracket is not closed")
        pieces.append(text[start:i])
        if sep and i < n:
            i += 1
            if i == n:
                pieces.append("")
    return pieces


def _unquote(raw: str) -> str:
    if raw.startswith('"'):
        try:
            value = json.loads(raw, strict=False)
        except ValueError:
            raise ValueError(raw) from None
        if not isinstance(value, str):
            raise ValueError(raw)
        return value
    if '"' in raw:
        raise ValueError(raw)
    return raw


def _read(info: FieldInfo, raw: str) -> Any:
    """The value of ``info`` written ``raw``; ``ValueError`` (with what is wrong) if it is not one."""
    if info.optional and raw == "-":
        return None
    if info.kind == "int":
        return ascii_int(raw)
    if info.kind == "bool":
        if raw.lower() in ("yes", "true", "1", "y"):
            return True
        if raw.lower() in ("no", "false", "0", "n"):
            return False
        raise ValueError(raw)
    if info.kind == "str":
        return _unquote(raw)
    if info.kind == "ints":
        return () if raw == "-" else tuple(ascii_int(x) for x in raw.split(","))
    if info.kind == "strs":
        return () if raw == "-" else tuple(_unquote(x) for x in _split(raw, ","))
    return _read_records(info, raw)


class _RecordError(ValueError):
    """A record that does not parse: the message says which and why."""


def _groups(text: str) -> list[str]:
    """The insides of the parenthesised groups ``text`` holds (``(a b) (c)`` -> ``a b``, ``c``)."""
    groups: list[str] = []
    i, n = 0, len(text)
    while i < n:
        if text[i].isspace():
            i += 1
            continue
        if text[i] != "(":
            raise _RecordError(f"record {len(groups) + 1} must be in parentheses, not '{text[i:].split()[0]}'")
        start, depth = i, 0
        while i < n:
            c = text[i]
            if c == '"':
                i = _string_end(text, i)
                continue
            depth += 1 if c in "([" else -1 if c in ")]" else 0
            i += 1
            if depth == 0:
                break
        groups.append(text[start + 1:i - 1])
    return groups


def _read_records(info: FieldInfo, raw: str) -> tuple[msgspec.Struct, ...]:
    if not (raw.startswith("[") and raw.endswith("]")):
        raise ValueError(raw)
    records = []
    for number, group in enumerate(_groups(raw[1:-1]), 1):
        tokens = _split(group)
        cls, where = info.records[0], info.records[0].__name__
        if len(info.records) > 1:
            tags = {str(_tag(r)): r for r in info.records}
            found = tags.get(tokens[0]) if tokens else None
            if found is None:
                raise _RecordError(f"record {number} must start with one of {', '.join(tags)}")
            cls, where, tokens = found, tokens[0], tokens[1:]
        try:
            records.append(cls(**_read_fields(cls, tokens, where)))
        except ParseError as exc:
            raise _RecordError(f"record {number}: {exc}") from None
    return tuple(records)


def _read_fields(cls: type[msgspec.Struct], tokens: list[str], where: str) -> dict[str, Any]:
    """Field values of ``cls`` from its tokens (positional values, then ``key=value`` anywhere).
    ``ParseError`` naming the field, without the usage (the caller adds it)."""
    infos = _fields(cls)
    positional = [i for i in infos if i.positional]
    keywords = {i.name: i for i in infos if not i.positional}
    args: list[str] = []
    values: dict[str, Any] = {}
    for token in tokens:
        match = _KEY.fullmatch(token)
        if match is None:
            args.append(token)
            continue
        key, raw = match.groups()
        info = keywords.get(key)
        if info is None:
            raise ParseError(f"'{where}' has no option '{key}' (options: {', '.join(keywords) or 'none'})")
        if key in values:
            raise ParseError(f"'{where}': option '{key}' is given twice")
        values[key] = _convert_field(where, info, raw)
    if len(args) != len(positional):
        raise ParseError(f"'{where}' takes {len(positional)} argument(s), got {len(args)}")
    for info, raw in zip(positional, args, strict=True):
        values[info.name] = _convert_field(where, info, raw)
    return values


def _convert_field(where: str, info: FieldInfo, raw: str) -> Any:
    try:
        return _read(info, raw)
    except _RecordError as exc:
        raise ParseError(f"{where}: {info.name}: {exc}") from None
    except ValueError:
        expected = _EXPECTED[info.kind] + (" or - (none)" if info.optional else "")
        raise ParseError(f"{where}: {info.name} must be {expected}, not '{raw}'") from None


def _convert(verb: str, info: FieldInfo, raw: str) -> Any:
    """The value of field ``info`` of action ``verb`` written ``raw``; ``ParseError`` naming it."""
    return _convert_field(verb, info, raw)


class ActionCodec:
    """Parses action text (and the JSON form) for one ruleset's action types."""

    def __init__(self, types: Iterable[type[Action]]) -> None:
        self.types: dict[str, type[Action]] = {}
        for cls in types:
            if not cls.verb:
                raise TypeError(f"{cls.__name__} has no verb")
            if cls.verb in self.types:
                raise TypeError(f"two action types use the verb '{cls.verb}'")
            _fields(cls)  # validates field types early
            self.types[cls.verb] = cls

    @property
    def verbs(self) -> list[str]:
        return sorted(self.types)

    def usage(self, verb: str) -> str:
        """``attack SOURCE TARGET [dice=3]``."""
        rest = _usage_of(self.types[verb])
        return f"{verb} {rest}" if rest else verb

    def _verb_type(self, word: str) -> type[Action]:
        cls = self.types.get(word.lower())
        if cls is None:
            close = [v for v in self.verbs if v.startswith(word.lower()[:2])]
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise ParseError(f"unknown action '{word}'{hint}; valid actions: {', '.join(self.verbs)}")
        return cls

    def parse(self, text: str) -> Action:
        """The action written ``text``; ``ParseError`` naming what is wrong, with the usage."""
        words = text.split(maxsplit=1)
        if not words:
            raise ParseError("empty action; valid actions: " + ", ".join(self.verbs))
        cls = self._verb_type(words[0])
        verb = cls.verb
        try:
            tokens = _split(words[1]) if len(words) > 1 else []
        except ValueError as exc:
            raise ParseError(f"{verb}: {exc}; usage: {self.usage(verb)}") from None
        try:
            values = _read_fields(cls, tokens, verb)
        except ParseError as exc:
            raise ParseError(f"{exc}; usage: {self.usage(verb)}") from None
        return cls(**values)

    def from_builtins(self, data: Any) -> Action:
        """The action of a JSON form (``Action.to_builtins``); ``ParseError`` naming what is wrong."""
        if not isinstance(data, dict) or not isinstance(data.get("verb"), str):
            raise ParseError("an action is an object with a 'verb'; valid actions: " + ", ".join(self.verbs))
        cls = self._verb_type(data["verb"])
        names = {info.name for info in _fields(cls)}
        unknown = sorted(k for k in data if k != "verb" and k not in names)
        if unknown:
            raise ParseError(f"'{cls.verb}' has no field '{unknown[0]}'; usage: {self.usage(cls.verb)}")
        try:
            return msgspec.convert({k: v for k, v in data.items() if k != "verb"}, cls)
        except msgspec.ValidationError as exc:
            raise ParseError(f"{cls.verb}: {exc}; usage: {self.usage(cls.verb)}") from None

    def from_json(self, data: bytes | str) -> Action:
        """The action of a JSON text (``msgspec.json.encode(a.to_builtins())``)."""
        try:
            value = msgspec.json.decode(data)
        except msgspec.DecodeError as exc:
            raise ParseError(f"an action in JSON: {exc}") from None
        return self.from_builtins(value)
