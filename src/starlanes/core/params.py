"""Tunable rules.

Every number or option a rule document fixes is a field of the ruleset's ``Params`` class, a
frozen dataclass whose defaults are the document's values::

    @dataclass(frozen=True)
    class SpaceRiskParams(Params):
        starting_infantry: int = param(25, "infantry each player starts with", min=1)
        clamp_dice: bool = param(True, "clamp modified dice to 1..6")

``parse_params(cls, ["starting_infantry=30"])`` builds one from ``key=value`` text (as typed on
the command line); an unknown key or a bad value raises with the valid keys listed.
Supported types: int, float, bool, str, and ``tuple[int, ...]`` (comma separated).
"""

from __future__ import annotations

import dataclasses
import math
import re
import typing
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from .errors import ParseError, UnknownName
from .numbers import ascii_int

__all__ = [
    "ParamInfo",
    "Params",
    "param",
    "param_infos",
    "params_from_dict",
    "params_to_dict",
    "parse_params",
]

P = TypeVar("P", bound="Params")


@dataclass(frozen=True)
class Params:
    """Base class of every ruleset's params (no fields of its own)."""

    def replace(self: P, **changes: Any) -> P:
        return dataclasses.replace(self, **changes)


def param(
    default: Any,
    doc: str,
    *,
    min: float | None = None,
    max: float | None = None,
    choices: Iterable[str] | None = None,
) -> Any:
    """Declare a params field with its default (the rule document's value) and description."""
    meta = {"doc": doc, "min": min, "max": max, "choices": tuple(choices) if choices else None}
    return dataclasses.field(default=default, metadata=meta)


@dataclass(frozen=True, slots=True)
class ParamInfo:
    name: str
    type: str
    default: Any
    doc: str
    min: float | None
    max: float | None
    choices: tuple[str, ...] | None


def _type_name(annotation: Any) -> str:
    if annotation in (int, float, bool, str):
        return str(annotation.__name__)
    if typing.get_origin(annotation) is tuple:
        return "tuple[int, ...]"
    raise TypeError(f"unsupported param type {annotation!r}")


def param_infos(cls: type[Params]) -> list[ParamInfo]:
    """The params of ``cls``: name, type, default, doc and bounds, in declaration order."""
    infos = _INFOS.get(cls)
    if infos is None:
        infos = _INFOS[cls] = _param_infos(cls)
    return list(infos)


_INFOS: dict[type[Params], tuple[ParamInfo, ...]] = {}
"""Each params class's infos, worked out once (``typing.get_type_hints`` is slow; the lab asks
for them at every game's setup)."""


def _param_infos(cls: type[Params]) -> tuple[ParamInfo, ...]:
    hints = typing.get_type_hints(cls)
    infos = []
    for f in dataclasses.fields(cls):
        meta = f.metadata
        infos.append(
            ParamInfo(
                f.name,
                _type_name(hints[f.name]),
                f.default,
                str(meta.get("doc", "")),
                meta.get("min"),
                meta.get("max"),
                meta.get("choices"),
            )
        )
    return tuple(infos)


_FLOAT = re.compile(r"-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")


def _int_item(raw: Any) -> int:
    if isinstance(raw, str):
        return ascii_int(raw.strip())
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw
    if isinstance(raw, float) and raw.is_integer():
        return int(raw)
    raise ValueError(raw)


def _coerce(info: ParamInfo, raw: Any) -> Any:
    """``raw`` (text typed by a person, or a value read from JSON) as ``info``'s type, in bounds.

    Numbers are ASCII digits; floats finite; a value of the wrong JSON type (a list for an int,
    a number for a str) is refused rather than converted."""
    kind = info.type
    try:
        if kind == "bool":
            if isinstance(raw, bool):
                value: Any = raw
            elif not isinstance(raw, str | int) or isinstance(raw, bool):
                raise ValueError(raw)
            elif str(raw).lower() in ("1", "true", "yes", "on"):
                value = True
            elif str(raw).lower() in ("0", "false", "no", "off"):
                value = False
            else:
                raise ValueError(raw)
        elif kind == "int":
            value = _int_item(raw)
        elif kind == "float":
            is_text = isinstance(raw, str) and _FLOAT.fullmatch(raw.strip()) is not None
            is_number = isinstance(raw, int | float) and not isinstance(raw, bool)
            if not (is_text or is_number):
                raise ValueError(raw)
            value = float(raw)
            if not math.isfinite(value):
                raise ValueError(raw)
        elif kind == "str":
            if not isinstance(raw, str):
                raise ValueError(raw)
            value = raw
        else:
            if isinstance(raw, str):
                items: list[Any] = raw.split(",")
            elif isinstance(raw, list | tuple):
                items = list(raw)
            else:
                raise ValueError(raw)
            value = tuple(_int_item(x) for x in items if not (isinstance(x, str) and x.strip() == ""))
    except (TypeError, ValueError, OverflowError):
        raise ParseError(f"param {info.name}: {_shown(raw)} is not a valid {kind}") from None
    if info.min is not None and isinstance(value, int | float) and value < info.min:
        raise ParseError(f"param {info.name}: {value} is below the minimum {info.min:g}")
    if info.max is not None and isinstance(value, int | float) and value > info.max:
        raise ParseError(f"param {info.name}: {value} is above the maximum {info.max:g}")
    if info.choices is not None and value not in info.choices:
        raise ParseError(f"param {info.name}: '{value}' is not one of {', '.join(info.choices)}")
    return value


def _shown(raw: Any) -> str:
    """A value from the command line or a file, shown short and without a Python repr."""
    if isinstance(raw, str):
        return f"'{raw[:40]}'" + ("..." if len(raw) > 40 else "")
    if isinstance(raw, bool):
        return "true" if raw else "false"
    if isinstance(raw, int) and raw.bit_length() > 64:
        return f"a number of {raw.bit_length()} bits"
    if isinstance(raw, int | float):
        return str(raw)
    return {list: "a list", tuple: "a list", dict: "an object", type(None): "null"}.get(type(raw), type(raw).__name__)


def params_from_dict(cls: type[P], values: Mapping[str, Any]) -> P:
    """Params from a mapping of names to values (strings are parsed); unknown keys are refused."""
    infos = {i.name: i for i in param_infos(cls)}
    changes = {}
    for key, raw in values.items():
        info = infos.get(key)
        if info is None:
            raise UnknownName("param", key, infos)
        changes[key] = _coerce(info, raw)
    params = cls(**changes)
    check = getattr(params, "validate", None)
    if callable(check):
        check()
    return params


def parse_params(cls: type[P], assignments: Iterable[str]) -> P:
    """Params from ``key=value`` strings, e.g. ``["starting_infantry=30"]``."""
    values: dict[str, str] = {}
    for text in assignments:
        for item in text.split():
            key, sep, raw = item.partition("=")
            if not sep or not key:
                valid = ", ".join(i.name for i in param_infos(cls))
                raise ParseError(f"param '{item}' must look like key=value; valid keys: {valid}")
            values[key.strip().replace("-", "_")] = raw
    return params_from_dict(cls, values)


def params_to_dict(params: Params) -> dict[str, Any]:
    """Only the values that differ from the defaults, JSON-ready."""
    out: dict[str, Any] = {}
    for info in param_infos(type(params)):
        value = getattr(params, info.name)
        if value != info.default:
            out[info.name] = list(value) if isinstance(value, tuple) else value
    return out
