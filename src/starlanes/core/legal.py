"""Lists of legal actions that may hold templates expanded lazily.

A ruleset's ``_legal_actions`` may return, beside plain actions, ``ActionTemplate`` items: one
action type with some fields fixed and some integer fields ranging over a ``range``::

    ActionTemplate(MoveIn, "Vega-3", n=range(1, 8))   # move-in Vega-3 1 .. move-in Vega-3 7

``legal_actions`` wraps the result in a ``LegalActions``: a ``Sequence[Action]`` whose length,
indexing, iteration and ``in`` behave as if every template were expanded in place (ranged
fields vary with the last one fastest), while nothing is built until it is asked for. A template
whose range is empty holds no action.
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Iterator, Sequence
from functools import cache
from typing import Any, final, overload

import msgspec

from .actions import Action

__all__ = ["ActionTemplate", "LegalActions"]


@cache
def _field_names(cls: type[Action]) -> tuple[str, ...]:
    """Field names of an action type, in declaration order (computed once per type: reading
    the annotations again for every template was most of a listing's cost)."""
    return tuple(f.name for f in msgspec.structs.fields(cls))


@final
class ActionTemplate:
    """Actions of type ``cls`` whose ``range`` fields take every value of their range.

    Positional arguments fill the fields in declaration order, as in ``cls(...)``; a field
    given a ``range`` varies, every other field is fixed."""

    __slots__ = ("_size", "cls", "fixed", "ranged")

    def __init__(self, cls: type[Action], *args: Any, **kwargs: Any) -> None:
        names = _field_names(cls)
        if len(args) > len(names):
            raise TypeError(f"{cls.__name__} has {len(names)} fields, got {len(args)} positional values")
        values = dict(zip(names, args, strict=False))
        for key, value in kwargs.items():
            if key not in names:
                raise TypeError(f"{cls.__name__} has no field '{key}'")
            if key in values:
                raise TypeError(f"{cls.__name__}: field '{key}' given twice")
            values[key] = value
        self.cls = cls
        self.fixed: dict[str, Any] = {k: v for k, v in values.items() if not isinstance(v, range)}
        self.ranged: tuple[tuple[str, range], ...] = tuple(
            (k, v) for k, v in values.items() if isinstance(v, range))
        size = 1
        for _, r in self.ranged:
            size *= len(r)
        self._size = size

    def __len__(self) -> int:
        return self._size

    def __getitem__(self, index: int) -> Action:
        if not 0 <= index < self._size:
            raise IndexError(index)
        values = dict(self.fixed)
        for name, r in reversed(self.ranged):
            index, digit = divmod(index, len(r))
            values[name] = r[digit]
        return self.cls(**values)

    def __iter__(self) -> Iterator[Action]:
        if not self.ranged:
            if self._size:
                yield self.cls(**self.fixed)
            return
        names = [name for name, _ in self.ranged]
        for combo in itertools.product(*(r for _, r in self.ranged)):
            yield self.cls(**self.fixed, **dict(zip(names, combo, strict=True)))

    def __contains__(self, action: object) -> bool:
        if type(action) is not self.cls:
            return False
        for name, value in self.fixed.items():
            if getattr(action, name) != value:
                return False
        for name, r in self.ranged:
            value = getattr(action, name)
            if type(value) is not int or value not in r:
                return False
        return True

    def __repr__(self) -> str:
        parts = [f"{k}={v!r}" for k, v in self.fixed.items()]
        parts += [f"{k}={r.start}..{r[-1] if len(r) else r.start - 1}" for k, r in self.ranged]
        return f"ActionTemplate({self.cls.verb}: {', '.join(parts)})"


class LegalActions(Sequence[Action]):
    """The legal actions of one actor: plain actions and templates, expanded lazily.

    Compares equal to any list or tuple of the same actions in the same order."""

    __slots__ = ("_ends", "_flat", "_items")

    def __init__(self, items: Iterable[Action | ActionTemplate] = ()) -> None:
        self._items: list[Action | ActionTemplate] = items if type(items) is list else list(items)
        if ActionTemplate not in map(type, self._items):  # a C-speed scan: lists without templates stay lists
            self._flat: list[Action] | None = self._items  # type: ignore[assignment]
            self._ends: list[int] | None = None
        else:
            self._flat = None
            self._ends = list(itertools.accumulate(1 if isinstance(i, Action) else len(i) for i in self._items))

    @property
    def items(self) -> tuple[Action | ActionTemplate, ...]:
        """The actions and templates as the ruleset listed them (unexpanded)."""
        return tuple(self._items)

    @property
    def has_templates(self) -> bool:
        return self._flat is None

    def __len__(self) -> int:
        if self._flat is not None:
            return len(self._flat)
        assert self._ends is not None
        return self._ends[-1] if self._ends else 0

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if self._flat is not None:
            return self._flat[index]
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(len(self)))]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("legal action index out of range")
        return self._at(index)

    def _at(self, index: int) -> Action:
        assert self._ends is not None
        k = bisect.bisect_right(self._ends, index)
        item = self._items[k]
        if isinstance(item, Action):
            return item
        start = self._ends[k - 1] if k else 0
        return item[index - start]

    def __iter__(self) -> Iterator[Action]:
        if self._flat is not None:
            yield from self._flat
            return
        for item in self._items:
            if isinstance(item, Action):
                yield item
            else:
                yield from item

    def __contains__(self, action: object) -> bool:
        if self._flat is not None:
            return action in self._flat
        return any(action == item if isinstance(item, Action) else action in item for item in self._items)

    def index(self, value: Any, start: int = 0, stop: int | None = None) -> int:
        if self._flat is not None:
            return self._flat.index(value, start, len(self._flat) if stop is None else stop)
        return super().index(value, start, stop)  # type: ignore[arg-type]

    def count(self, value: Any) -> int:
        return sum(1 for a in self if a == value)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LegalActions | list | tuple):
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __bool__(self) -> bool:
        return len(self) > 0

    def __repr__(self) -> str:
        return f"LegalActions({self._items!r})"
