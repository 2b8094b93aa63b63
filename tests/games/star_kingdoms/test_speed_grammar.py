"""The order language's kept structures (issue 16) against a fresh computation.

``tokenize`` reads a line with one regular expression and each ``Token`` keeps its ``word``; each
``Form`` keeps the words every slot stops at (``_seq``) and its ``stops()``; each ``Entry`` keeps its
slots; ``_parse_line`` and ``format_order`` look entries up by verb and by record type.  Here every
line of every document the bots write along seeded campaigns, and variants of each line that take
the error paths, is read by the code and by the reference below (the character loop and the
matching that works out the word sets at every slot, as the language did before), and every order
read is written back by the code and by the reference (every entry tried in order, stops worked
out afresh): the results must be identical, errors included.
"""

from __future__ import annotations

import itertools
from typing import Any

from tests.games.star_kingdoms.helpers import campaign_turns

from starlanes.games.star_kingdoms.bot import economic_orders, war_document, war_orders
from starlanes.games.star_kingdoms.execute import name_book
from starlanes.games.star_kingdoms.orders import records as r
from starlanes.games.star_kingdoms.orders.grammar import (
    CLOSED_KINDS,
    LIST_KINDS,
    REST_KIND,
    Form,
    Group,
    Item,
    LineError,
    Literal,
    Mismatch,
    Slot,
    Token,
    _join,
    tokenize,
)
from starlanes.games.star_kingdoms.orders.language import (
    _BY_ORDER,
    _BY_VERB,
    ENTRIES,
    Entry,
    _parse_line,
    _written,
    format_order,
)
from starlanes.games.star_kingdoms.orders.names import NameBook

# --- the reference: the language's reading and writing as they were before the kept structures ---


def _ref_tokenize(line: str) -> tuple[list[tuple[str, bool, int, str | None]], str]:
    tokens: list[tuple[str, bool, int, str | None]] = []

    def add(text: str, quoted: bool, start: int) -> None:
        tokens.append((text, quoted, start, None if quoted else text.casefold().removesuffix(":")))

    i, n = 0, len(line)
    while i < n:
        ch = line[i]
        if ch.isspace():
            i += 1
        elif ch == "#":
            return tokens, line[:i]
        elif ch == ",":
            add(",", False, i)
            i += 1
        elif ch == '"':
            end = line.find('"', i + 1)
            if end < 0:
                raise LineError("a quote is not closed")
            add(line[i + 1:end], True, i)
            i = end + 1
        else:
            start = i
            while i < n and not line[i].isspace() and line[i] not in ',#"':
                i += 1
            add(line[start:i], False, start)
    return tokens, line


def _flat(items: tuple[Item, ...]) -> list[Literal | Slot]:
    out: list[Literal | Slot] = []
    for item in items:
        out.extend(_flat(item.items) if isinstance(item, Group) else [item])
    return out


def _literals(items: tuple[Item, ...]) -> set[str]:
    return {x.word for x in _flat(items) if isinstance(x, Literal)}


def _ref_run(items: tuple[Item, ...], tokens: list[Token], i: int, values: dict[str, Any], outer: set[str],
             line: str) -> int:
    k = 0
    while k < len(items):
        item = items[k]
        if isinstance(item, Group):
            end = k
            while end < len(items) and isinstance(items[end], Group):
                end += 1
            bag = [g for g in items[k:end] if isinstance(g, Group)]
            after = _literals(items[end:]) | outer
            used: set[int] = set()
            progressed = True
            while progressed and i < len(tokens):
                progressed = False
                for g_i, group in enumerate(bag):
                    first = group.items[0]
                    if g_i not in used and isinstance(first, Literal) and tokens[i].word == first.word:
                        others = set().union(*(_literals(g.items) for j, g in enumerate(bag) if j != g_i))
                        i = _ref_run(group.items, tokens, i, values, after | others, line)
                        used.add(g_i)
                        progressed = True
                        break
            k = end
            continue
        later = _literals(items[k + 1:]) | outer
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
                raise Mismatch(i, "a slot")
            values[item.name] = tokens[i].text
            i += 1
        else:
            start = i
            while i < len(tokens) and tokens[i].word not in later:
                i += 1
            if i == start:
                raise Mismatch(i, "a slot")
            values[item.name] = _join(tokens[start:i], listed=item.kind in LIST_KINDS)
    return i


def _ref_match(form: Form, tokens: list[Token], line: str) -> tuple[str, Any]:
    values: dict[str, Any] = {}
    try:
        end = _ref_run(form.items, tokens, 0, values, set(), line)
    except Mismatch as miss:
        return "mismatch", miss.position
    except LineError as exc:
        return "error", str(exc)
    if end < len(tokens):
        return "mismatch", end
    return "match", values


def _match(form: Form, tokens: list[Token], line: str) -> tuple[str, Any]:
    try:
        return "match", form.match(tokens, line)
    except Mismatch as miss:
        return "mismatch", miss.position
    except LineError as exc:
        return "error", str(exc)


def _ref_stops(form: Form) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}

    def walk(items: tuple[Item, ...], outer: set[str]) -> None:
        for k, item in enumerate(items):
            later = _literals(items[k + 1:]) | outer
            if isinstance(item, Group):
                walk(item.items, later | _literals(items[:k]))
            elif isinstance(item, Slot):
                out[item.name] = later
    walk(form.items, set())
    return out


def _ref_slots(entry: Entry) -> list[tuple[Slot, bool]]:
    out: list[tuple[Slot, bool]] = []

    def walk(items: tuple[Any, ...], optional: bool) -> None:
        for item in items:
            if isinstance(item, Group):
                walk(item.items, True)
            elif isinstance(item, Slot):
                out.append((item, optional))
    walk(entry.form.items, False)
    return out


def _ref_format(order: r.Order, book: NameBook) -> str:
    for entry in ENTRIES:
        if type(order) not in entry.orders:
            continue
        values = entry.fields_of(order)
        if values is None:
            continue
        stops = _ref_stops(entry.form)
        slots = {slot.name: slot.kind for slot, _ in _ref_slots(entry)}
        written = {name: None if values.get(name) is None else _written(kind, values[name], book, stops[name])
                   for name, kind in slots.items()}
        return entry.form.render(written)
    raise ValueError(f"no form writes order {order.order_id}")


def _parsed(line: str, book: NameBook) -> tuple[str, Any]:
    try:
        return "order", _parse_line(line, book)
    except LineError as exc:
        return "error", str(exc)


def _ref_parsed(line: str, book: NameBook) -> tuple[str, Any]:
    """What ``_parse_line`` gave before: every entry whose verb is the first word is tried in
    order with the reference matching; the first match is built (the furthest mismatch, the
    error when none matches, is only checked to be an error)."""
    try:
        tokens, code = tokenize(line)
    except LineError as exc:
        return "error", str(exc)
    if not tokens:
        return "order", None
    candidates = [e for e in ENTRIES if e.form.verb == tokens[0].word]
    for entry in candidates:
        kind, raw = _ref_match(entry.form, tokens, code)
        if kind == "error":
            return "error", raw
        if kind != "match":
            continue
        try:
            return "order", entry.build(raw, book)
        except LineError:
            return "error", None  # the message gains a hint about quotes: only the error is compared
    return "error", None


# --- seeded campaigns -----------------------------------------------------------------------------


def _variants(line: str) -> list[str]:
    """The line and lines near it that take other paths: a word missing, a word more, a
    comment, a quoted name, an open quote, a keyword in a name, commas."""
    words = line.split()
    out = [line, line + "  # a comment", line + " on", line + ",", line + ' "', line.upper()]
    for cut in range(1, len(words)):
        out.append(" ".join(words[:cut]))
    for k in range(1, len(words)):
        out.append(" ".join([*words[:k], f'"{words[k]}"', *words[k + 1:]]))
        out.append(" ".join([*words[:k], "with", *words[k:]]))
        out.append(" ".join([*words[:k], ",", *words[k:]]))
    return out


def test_reading_and_writing_match_the_reference_along_seeded_campaigns() -> None:
    seen: dict[str, int] = dict.fromkeys(("orders", "errors", "optional groups", "quoted", "comments"), 0)
    done: set[str] = set()
    for seed in (3, 11):
        for state in campaign_turns(seed):
            for seat in range(state.players):
                book = name_book(state, state.factions[seat])
                # the bots' documents keep the lines they read back; their war drafts, every line
                drafts = "".join(format_order(o, book) + "\n" for o in war_orders(state, seat))
                text = war_document(state, seat) + economic_orders(state, seat) + drafts
                for line in text.splitlines():
                    if line in done:  # the same line again (its names mean the same: own planets, units)
                        continue
                    done.add(line)
                    for variant in _variants(line):
                        try:
                            ref_tokens = _ref_tokenize(variant)
                        except LineError as exc:
                            ref_tokens = ([], f"error {exc}")
                        try:
                            tokens, code = tokenize(variant)
                            got = ([(t.text, t.quoted, t.start, t.word) for t in tokens], code)
                        except LineError as exc:
                            got = ([], f"error {exc}")
                        assert got == ref_tokens, variant
                        if got[1].startswith("error"):
                            seen["errors"] += 1
                            continue
                        seen["quoted"] += any(t[1] for t in got[0])
                        seen["comments"] += got[1] != variant
                        first = got[0][0][3] if got[0] else None
                        for entry in ENTRIES if variant == line else [e for e in ENTRIES if e.form.verb == first]:
                            assert _match(entry.form, tokens, code) == _ref_match(entry.form, tokens, code), (
                                entry.form.pattern, variant)
                        kind, value = _parsed(variant, book)
                        ref_kind, ref_value = _ref_parsed(variant, book)
                        assert kind == ref_kind, variant
                        if kind == "error":
                            seen["errors"] += 1
                            assert ref_value is None or value == ref_value, variant
                            continue
                        assert value == ref_value, variant
                        if value is None:
                            continue
                        seen["orders"] += 1
                        written = format_order(value, book)
                        assert written == _ref_format(value, book), variant
                        seen["optional groups"] += written.startswith("build ship") and " with " in written
    assert all(count > 0 for count in seen.values()), seen


def test_kept_stops_slots_and_lookups_are_the_fresh_ones() -> None:
    verbs = {e.form.verb for e in ENTRIES}
    assert _BY_VERB.keys() == verbs
    for verb in verbs:
        assert _BY_VERB[verb] == tuple(e for e in ENTRIES if e.form.verb == verb), verb
    types = {t for e in ENTRIES for t in e.orders}
    assert _BY_ORDER.keys() == types
    for order in types:
        assert _BY_ORDER[order] == tuple(e for e in ENTRIES if order in e.orders), order
    assert max(len(v) for v in _BY_VERB.values()) > 1 and max(len(v) for v in _BY_ORDER.values()) > 1
    for entry in ENTRIES:
        assert entry.form.stops() == _ref_stops(entry.form), entry.form.pattern
        assert list(entry.slots()) == _ref_slots(entry), entry.form.pattern
    groups = [e for e in ENTRIES if any(isinstance(i, Group) for i in e.form.items)]
    assert len(groups) >= 3
    assert len(list(itertools.chain.from_iterable(e.slots() for e in ENTRIES))) > len(ENTRIES)
