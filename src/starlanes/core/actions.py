"""Actions: small typed values with a text form that parses back exactly.

A ruleset declares each kind of action as a frozen ``Action`` subclass with a ``verb``::

    class Attack(Action, frozen=True):
        verb: ClassVar[str] = "attack"
        source: str
        target: str
        dice: int = 3

    Attack("Vega-3", "Sirius-1").text()          # 'attack Vega-3 Sirius-1'
    Attack("Vega-3", "Sirius-1", dice=2).text()  # 'attack Vega-3 Sirius-1 dice=2'

Fields without a default are positional; fields with a default are written ``key=value`` and
only when they differ from the default. Supported field types: ``int``, ``str``, ``bool``
(``yes``/``no``), ``tuple[int, ...]`` and ``tuple[str, ...]`` (comma separated, ``-`` when
empty). Strings may not contain white space, ``=`` or ``,``. ``ActionCodec`` parses text back;
``codec.parse(a.text()) == a`` for every action.
"""

from __future__ import annotations

import typing
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

import msgspec

from .errors import ParseError

__all__ = ["Action", "ActionCodec", "FieldInfo"]


class Action(msgspec.Struct, frozen=True):
    """Base of every action. Subclasses set ``verb`` and declare fields."""

    verb: ClassVar[str] = ""

    def text(self) -> str:
        """The canonical text form, e.g. ``attack Vega-3 Sirius-1 dice=2``."""
        parts = [self.verb]
        for info in _fields(type(self)):
            value = getattr(self, info.name)
            if info.positional:
                parts.append(_format(value))
            elif value != info.default:
                parts.append(f"{info.name}={_format(value)}")
        return " ".join(parts)

    def __str__(self) -> str:
        return self.text()


@dataclass(frozen=True, slots=True)
class FieldInfo:
    name: str
    kind: str  # "int" | "str" | "bool" | "ints" | "strs"
    positional: bool
    default: Any


_FIELD_CACHE: dict[type[Action], tuple[FieldInfo, ...]] = {}


def _kind(annotation: Any) -> str:
    if annotation is int:
        return "int"
    if annotation is str:
        return "str"
    if annotation is bool:
        return "bool"
    if typing.get_origin(annotation) is tuple:
        args = typing.get_args(annotation)
        if len(args) == 2 and args[1] is Ellipsis:
            if args[0] is int:
                return "ints"
            if args[0] is str:
                return "strs"
    raise TypeError(f"unsupported action field type {annotation!r}")


def _fields(cls: type[Action]) -> tuple[FieldInfo, ...]:
    cached = _FIELD_CACHE.get(cls)
    if cached is not None:
        return cached
    hints = typing.get_type_hints(cls)
    infos = []
    for f in msgspec.structs.fields(cls):
        positional = f.required
        infos.append(FieldInfo(f.name, _kind(hints[f.name]), positional, None if positional else f.default))
    result = tuple(infos)
    _FIELD_CACHE[cls] = result
    return result


def _format(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, tuple):
        return ",".join(str(v) for v in value) if value else "-"
    return str(value)


def _convert(verb: str, info: FieldInfo, raw: str) -> Any:
    try:
        if info.kind == "int":
            return int(raw)
        if info.kind == "bool":
            if raw.lower() in ("yes", "true", "1", "y"):
                return True
            if raw.lower() in ("no", "false", "0", "n"):
                return False
            raise ValueError(raw)
        if info.kind == "ints":
            return () if raw == "-" else tuple(int(x) for x in raw.split(","))
        if info.kind == "strs":
            return () if raw == "-" else tuple(raw.split(","))
    except ValueError:
        expected = {"int": "a whole number", "bool": "yes or no", "ints": "numbers like 1,2,3"}
        raise ParseError(
            f"{verb}: {info.name} must be {expected.get(info.kind, info.kind)}, not '{raw}'"
        ) from None
    return raw


class ActionCodec:
    """Parses action text for one ruleset's action types."""

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
        cls = self.types[verb]
        parts = [verb]
        for info in _fields(cls):
            if info.positional:
                parts.append(info.name.upper())
            else:
                parts.append(f"[{info.name}={_format(info.default)}]")
        return " ".join(parts)

    def parse(self, text: str) -> Action:
        tokens = text.split()
        if not tokens:
            raise ParseError("empty action; valid actions: " + ", ".join(self.verbs))
        verb = tokens[0].lower()
        cls = self.types.get(verb)
        if cls is None:
            close = [v for v in self.verbs if v.startswith(verb[:2])]
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            raise ParseError(f"unknown action '{tokens[0]}'{hint}; valid actions: {', '.join(self.verbs)}")
        infos = _fields(cls)
        positional = [i for i in infos if i.positional]
        keywords = {i.name: i for i in infos if not i.positional}
        values: dict[str, Any] = {}
        args = [t for t in tokens[1:] if "=" not in t]
        kwargs = [t for t in tokens[1:] if "=" in t]
        if len(args) != len(positional):
            raise ParseError(
                f"'{verb}' takes {len(positional)} argument(s), got {len(args)}; usage: {self.usage(verb)}"
            )
        for info, raw in zip(positional, args, strict=True):
            values[info.name] = _convert(verb, info, raw)
        for token in kwargs:
            key, _, raw = token.partition("=")
            info_kw = keywords.get(key)
            if info_kw is None:
                valid = ", ".join(keywords) or "none"
                raise ParseError(
                    f"'{verb}' has no option '{key}' (options: {valid}); usage: {self.usage(verb)}"
                )
            values[key] = _convert(verb, info_kw, raw)
        return cls(**values)

    def complete(self, prefix: str, legal: Sequence[Action]) -> list[str]:
        """Texts of legal actions starting with ``prefix`` (for tab completion)."""
        return [t for t in (a.text() for a in legal) if t.startswith(prefix)]
