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


class Token:
    """One token of a line: its text (without the quotes of a quoted token), whether it was
    quoted, its offset in the line (for a rest-of-line slot), and ``word``: the lowercase word an
    unquoted token can be a keyword as (``None`` for a quoted token), worked out once when the
    token is made, since matching compares it with every literal word a slot might stop at."""

    __slots__ = ("quoted", "start", "text", "word")

    text: str
    quoted: bool
    start: int
    word: str | None

    def __init__(self, text: str, quoted: bool, start: int) -> None:
        self.text = text
        self.quoted = quoted
        self.start = start
        self.word = None if quoted else text.casefold().removesuffix(":")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Token):
            return NotImplemented
        return (self.text, self.quoted, self.start) == (other.text, other.quoted, other.start)

    def __hash__(self) -> int:
        return hash((self.text, self.quoted, self.start))

    def __repr__(self) -> str:
        return f"Token(text={self.text!r}, quoted={self.quoted!r}, start={self.start!r})"


class LineError(ValueError):
    """A problem of one line (its message is shown after ``line N:``)."""


_TOKEN = re.compile(r'\s*(?:(#)|(,)|"([^"]*)"|(")|([^\s,#"]+))')
"""After any spaces (``\\s`` is ``str.isspace``): a comment's ``#`` (group 1), a comma (2), a
quoted text (3), a quote never closed (4), or a word: a run of anything but spaces, commas,
``#`` and quotes (5).  No match: only spaces are left."""


def tokenize(line: str) -> tuple[list[Token], str]:
    """Tokens of ``line`` and the line without its comment. Raises LineError on an open quote."""
    tokens: list[Token] = []
    match = _TOKEN.match
    i = 0
    while True:
        m = match(line, i)
        if m is None:
            return tokens, line
        group = m.lastindex
        if group == 5:
            tokens.append(Token(m.group(5), False, m.start(5)))
        elif group == 3:
            tokens.append(Token(m.group(3), True, m.start(3) - 1))
        elif group == 2:
            tokens.append(Token(",", False, m.start(2)))
        elif group == 1:
            return tokens, line[:m.start(1)]
        else:
            raise LineError("a quote is not closed")
        i = m.end()


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
class _Run:
    """A run of optional groups of a sequence: the index after it, and each group as its first
    word (None when the group does not start with a word) and its own compiled sequence."""

    end: int
    groups: tuple[tuple[str | None, _Seq], ...]


@dataclass(frozen=True)
class _Seq:
    """A sequence of items compiled for matching, with every word set matching reads worked out
    once: ``later[k]``, the literal words after item ``k`` plus the words that end the sequence
    where it sits (``outer``: what follows the enclosing run of groups, and the other groups of
    that run), which end an open slot at ``k``; ``runs``, the run of optional groups starting at
    each index that starts one.  These sets depend on the pattern only, so they are exactly what
    matching computed for every slot of every line before (:func:`_compile_seq`)."""

    items: tuple[Item, ...]
    later: tuple[frozenset[str], ...]
    runs: dict[int, _Run]


def _compile_seq(items: tuple[Item, ...], outer: frozenset[str]) -> _Seq:
    later = tuple(frozenset(_literals(items[k + 1:])) | outer for k in range(len(items)))
    runs: dict[int, _Run] = {}
    k = 0
    while k < len(items):
        if not isinstance(items[k], Group):
            k += 1
            continue
        end = k
        while end < len(items) and isinstance(items[end], Group):
            end += 1
        bag = [g for g in items[k:end] if isinstance(g, Group)]
        after = frozenset(_literals(items[end:])) | outer
        groups: list[tuple[str | None, _Seq]] = []
        for g_i, group in enumerate(bag):
            others: set[str] = set().union(*(_literals(g.items) for j, g in enumerate(bag) if j != g_i))
            first = group.items[0]
            groups.append((first.word if isinstance(first, Literal) else None,
                           _compile_seq(group.items, after | others)))
        runs[k] = _Run(end, tuple(groups))
        k = end
    return _Seq(items, later, runs)


@dataclass(frozen=True)
class Form:
    """One written form of an order."""

    pattern: str
    items: tuple[Item, ...] = field(init=False)
    _seq: _Seq = field(init=False, compare=False, repr=False)
    """The items compiled for matching (the word sets each slot stops at)."""
    _stops: dict[str, set[str]] = field(init=False, compare=False, repr=False)
    """:meth:`stops`, worked out once (a function of the pattern)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "items", compile_form(self.pattern))
        object.__setattr__(self, "_seq", _compile_seq(self.items, frozenset()))
        object.__setattr__(self, "_stops", self._word_stops())

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
        end = self._run(self._seq, tokens, 0, values, line)
        if end < len(tokens):
            raise Mismatch(end, "the end of the order")
        return values

    def _run(self, seq: _Seq, tokens: list[Token], i: int, values: dict[str, str | list[str]], line: str) -> int:
        items = seq.items
        count = len(tokens)
        k = 0
        while k < len(items):
            item = items[k]
            if isinstance(item, Group):
                # a run of optional groups may come in any order
                run = seq.runs[k]
                used: set[int] = set()
                progressed = True
                while progressed and i < count:
                    progressed = False
                    word = tokens[i].word
                    for g_i, (first, sub) in enumerate(run.groups):
                        if g_i not in used and first is not None and word == first:
                            i = self._run(sub, tokens, i, values, line)
                            used.add(g_i)
                            progressed = True
                            break
                k = run.end
                continue
            later = seq.later[k]
            k += 1
            if isinstance(item, Literal):
                if i < count and tokens[i].word == item.word:
                    i += 1
                else:
                    raise Mismatch(i, f"'{item.word}'")
            elif item.kind == REST_KIND:
                rest = line[tokens[i].start:].strip().removeprefix(":").strip() if i < count else ""
                if not rest:
                    raise Mismatch(i, "some text")
                values[item.name] = rest
                i = count
            elif item.kind in CLOSED_KINDS:
                if i >= count or tokens[i].text == ",":
                    raise Mismatch(i, f"a {_KIND_WORDS.get(item.kind, item.kind)}")
                values[item.name] = tokens[i].text
                i += 1
            else:
                start = i
                while i < count and tokens[i].word not in later:
                    i += 1
                if i == start:
                    raise Mismatch(i, f"a {_KIND_WORDS.get(item.kind, item.kind)}")
                values[item.name] = _join(tokens[start:i], listed=item.kind in LIST_KINDS)
        return i

    def stops(self) -> dict[str, set[str]]:
        """For each slot, the words that end it (a value containing one must be quoted); worked
        out once per form (read it, do not change it)."""
        return self._stops

    def _word_stops(self) -> dict[str, set[str]]:
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
