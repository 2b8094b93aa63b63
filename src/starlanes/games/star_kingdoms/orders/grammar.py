"""The machinery of the order language: tokens, patterns, matching and rendering.

A line is split into tokens: words, ``,`` and ``"quoted text"`` (``#`` outside quotes starts a
comment).  An order form is a pattern such as::

    build {district:district} district on {planet:planet}
    build ship {class:ship-class} on {planet:planet} [named {name:text}] [with {flexible:modules}]

Literal words match case-insensitively; ``{field:kind}`` is a slot; ``[...]`` is an optional
group that starts with a literal word.  A slot of a *closed* kind (district, stance, number)
takes one token; an *open* slot (names, text, lists) takes every token up to the next literal
word of the rest of the pattern, so a name that contains one of those words is written in
quotes.  Matching is deterministic (no backtracking): the first form that matches the whole
line wins, and when none does the error names what was expected where.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = [
    "Form", "Group", "LineError", "Literal", "Mismatch", "Slot", "Token", "compile_form", "needs_quotes", "tokenize",
]


@dataclass(frozen=True)
class Token:
    text: str
    quoted: bool
    start: int
    """Offset of the token in its line (for a rest-of-line slot)."""

    @property
    def word(self) -> str | None:
        """The lowercase word an unquoted token can be a keyword as."""
        return None if self.quoted else self.text.casefold().removesuffix(":")


class LineError(ValueError):
    """A problem of one line (its message is shown after ``line N:``)."""


def tokenize(line: str) -> tuple[list[Token], str]:
    """Tokens of ``line`` and the line without its comment. Raises LineError on an open quote."""
    tokens: list[Token] = []
    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if ch.isspace():
            i += 1
        elif ch == "#":
            return tokens, line[:i]
        elif ch == ",":
            tokens.append(Token(",", False, i))
            i += 1
        elif ch == '"':
            end = line.find('"', i + 1)
            if end < 0:
                raise LineError("a quote is not closed")
            tokens.append(Token(line[i + 1:end], True, i))
            i = end + 1
        else:
            start = i
            while i < n and not line[i].isspace() and line[i] not in ',#"':
                i += 1
            tokens.append(Token(line[start:i], False, start))
    return tokens, line


@dataclass(frozen=True)
class Literal:
    word: str


@dataclass(frozen=True)
class Slot:
    name: str
    kind: str


@dataclass(frozen=True)
class Group:
    items: tuple[Literal | Slot | Group, ...]


Item = Literal | Slot | Group

CLOSED_KINDS = frozenset({"district", "stance", "org-type", "int", "credits"})
"""Slot kinds that take exactly one token."""
LIST_KINDS = frozenset({"ship-modules", "det-modules", "units"})
"""Open kinds whose value is a comma-separated list."""
REST_KIND = "rest"
_KIND_WORDS = {"rest": "text", "int": "number", "credits": "number of credits",
               "org-type": "organisation type", "ship-class": "ship class",
               "det-class": "detachment class", "ship-modules": "modules", "det-modules": "modules",
               "org": "organisation", "units": "units"}
"""The rest of the line, verbatim."""

_PIECE = re.compile(r"\[|\]|\{(\w+):([\w-]+)\}|[^\s\[\]{}]+")


def compile_form(pattern: str) -> tuple[Item, ...]:
    """The items of a pattern string (see the module docstring)."""
    stack: list[list[Item]] = [[]]
    for m in _PIECE.finditer(pattern):
        piece = m.group(0)
        if piece == "[":
            stack.append([])
        elif piece == "]":
            items = stack.pop()
            if not items or not isinstance(items[0], Literal):
                raise ValueError(f"optional group must start with a word: {pattern}")
            stack[-1].append(Group(tuple(items)))
        elif m.group(1):
            stack[-1].append(Slot(m.group(1), m.group(2)))
        else:
            stack[-1].append(Literal(piece.casefold()))
    if len(stack) != 1:
        raise ValueError(f"unbalanced [ ] in {pattern}")
    compiled = tuple(stack[0])
    _check_open_slots(compiled, pattern)
    return compiled


def _flat(items: tuple[Item, ...]) -> list[Literal | Slot]:
    out: list[Literal | Slot] = []
    for item in items:
        out.extend(_flat(item.items) if isinstance(item, Group) else [item])
    return out


def _check_open_slots(items: tuple[Item, ...], pattern: str) -> None:
    flat = _flat(items)
    for a, b in itertools.pairwise(flat):
        if isinstance(a, Slot) and isinstance(b, Slot) and a.kind not in CLOSED_KINDS:
            raise ValueError(f"an open slot must be followed by a word: {pattern}")


def _literals(items: tuple[Item, ...]) -> set[str]:
    return {x.word for x in _flat(items) if isinstance(x, Literal)}


@dataclass
class Mismatch(Exception):
    position: int
    expected: str


@dataclass(frozen=True)
class Form:
    """One written form of an order."""

    pattern: str
    items: tuple[Item, ...] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "items", compile_form(self.pattern))

    @property
    def verb(self) -> str:
        first = self.items[0]
        return first.word if isinstance(first, Literal) else ""

    def keywords(self) -> set[str]:
        return _literals(self.items)

    def usage(self) -> str:
        return re.sub(r"\{(\w+):([\w-]+)\}", lambda m: f"<{_KIND_WORDS.get(m.group(2), m.group(2))}>", self.pattern)

    def match(self, tokens: list[Token], line: str) -> dict[str, str | list[str]]:
        """Slot values (raw text; lists for list kinds). Raises Mismatch."""
        values: dict[str, str | list[str]] = {}
        end = self._run(self.items, tokens, 0, values, set(), line)
        if end < len(tokens):
            raise Mismatch(end, "the end of the order")
        return values

    def _run(self, items: tuple[Item, ...], tokens: list[Token], i: int, values: dict[str, str | list[str]],
             outer_stop: set[str], line: str) -> int:
        k = 0
        while k < len(items):
            item = items[k]
            if isinstance(item, Group):
                # a run of optional groups may come in any order
                end = k
                while end < len(items) and isinstance(items[end], Group):
                    end += 1
                bag = [g for g in items[k:end] if isinstance(g, Group)]
                after = _literals(items[end:]) | outer_stop
                used: set[int] = set()
                progressed = True
                while progressed and i < len(tokens):
                    progressed = False
                    for g_i, group in enumerate(bag):
                        first = group.items[0]
                        if g_i not in used and isinstance(first, Literal) and tokens[i].word == first.word:
                            others = set().union(*(_literals(g.items) for j, g in enumerate(bag) if j != g_i))
                            i = self._run(group.items, tokens, i, values, after | others, line)
                            used.add(g_i)
                            progressed = True
                            break
                k = end
                continue
            later = _literals(items[k + 1:]) | outer_stop
            k += 1
            if isinstance(item, Literal):
                if i < len(tokens) and tokens[i].word == item.word:
                    i += 1
                else:
                    raise Mismatch(i, f"'{item.word}'")
            elif item.kind == REST_KIND:
                rest = line[tokens[i].start:].strip().removeprefix(":").strip() if i < len(tokens) else ""
                if not rest:
                    raise Mismatch(i, "some text")
                values[item.name] = rest
                i = len(tokens)
            elif item.kind in CLOSED_KINDS:
                if i >= len(tokens) or tokens[i].text == ",":
                    raise Mismatch(i, f"a {_KIND_WORDS.get(item.kind, item.kind)}")
                values[item.name] = tokens[i].text
                i += 1
            else:
                start = i
                while i < len(tokens) and tokens[i].word not in later:
                    i += 1
                if i == start:
                    raise Mismatch(i, f"a {_KIND_WORDS.get(item.kind, item.kind)}")
                values[item.name] = _join(tokens[start:i], listed=item.kind in LIST_KINDS)
        return i

    def stops(self) -> dict[str, set[str]]:
        """For each slot, the words that end it (a value containing one must be quoted)."""
        out: dict[str, set[str]] = {}

        def walk(items: tuple[Item, ...], outer: set[str]) -> None:
            for k, item in enumerate(items):
                later = _literals(items[k + 1:]) | outer
                if isinstance(item, Group):
                    walk(item.items, later | _literals(items[:k]))
                elif isinstance(item, Slot):
                    out[item.name] = later
        walk(self.items, set())
        return out

    def render(self, values: Mapping[str, str | None]) -> str:
        """The form written out with ``values`` (already formatted text); a group is left out
        when any of its slots has no value."""
        return " ".join(self._render(self.items, values))

    def _render(self, items: tuple[Item, ...], values: Mapping[str, str | None]) -> list[str]:
        out: list[str] = []
        for item in items:
            if isinstance(item, Literal):
                out.append(item.word)
            elif isinstance(item, Group):
                slots = [x for x in _flat(item.items) if isinstance(x, Slot)]
                if all(values.get(s.name) is not None for s in slots):
                    out.extend(self._render(item.items, values))
            else:
                value = values.get(item.name)
                if value is None:
                    raise KeyError(item.name)
                out.append(value)
        return out


def _join(tokens: list[Token], *, listed: bool) -> str | list[str]:
    if not listed:
        if len(tokens) == 1 and tokens[0].quoted:
            return tokens[0].text
        if any(t.text == "," for t in tokens):
            raise Mismatch(next(i for i, t in enumerate(tokens) if t.text == ","), "a name without commas")
        return " ".join(t.text for t in tokens)
    items: list[str] = []
    current: list[Token] = []
    for t in [*tokens, Token(",", False, -1)]:
        if t.text == "," and not t.quoted:
            if not current:
                raise LineError("an empty item in a list (two commas, or a comma at an end)")
            items.append(current[0].text if len(current) == 1 and current[0].quoted
                         else " ".join(x.text for x in current))
            current = []
        else:
            current.append(t)
    return items


def needs_quotes(text: str, keywords: set[str]) -> bool:
    """Whether ``text`` must be quoted to read back as one value."""
    if not text or text != " ".join(text.split()):
        return True
    if any(ch in text for ch in ',#'):
        return True
    words = text.split()
    return any(w.casefold() in keywords for w in words) or words[0][0].isdigit()
