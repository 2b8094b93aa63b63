"""Slot kinds of the order language: turning written text into typed values, and back.

A :class:`NameBook` holds what names can mean: the catalogue and galaxy always, and, when the
campaign supplies them, the known factions, the faction's organisations and units.  Without
those three, such names are kept as written (their checks need a campaign state).
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass, field

from starlanes.games.star_kingdoms.catalogue import DISTRICTS, Catalogue, load_catalogue
from starlanes.games.star_kingdoms.galaxy import Galaxy, GalaxyIndex, default_galaxy
from starlanes.games.star_kingdoms.names import NameIndex
from starlanes.games.star_kingdoms.orders.grammar import LineError
from starlanes.games.star_kingdoms.orders.records import ORG_TYPES, STANCES, Order

__all__ = ["MAX_COUNT", "NameBook", "display", "resolve"]

MAX_COUNT = 99
"""Largest number an order takes (levels, rush counts, module counts)."""

_CHOICES: dict[str, tuple[str, ...]] = {"district": DISTRICTS, "stance": STANCES, "org-type": ORG_TYPES}


@dataclass(frozen=True)
class NameBook:
    """What names mean in orders.

    ``read`` keeps what each line already read with this book means (``language.parse_orders``:
    the line -> its order, None for a line with no order, and the reason it is refused, None when
    it is not), and ``written`` what each order already written with it reads (``format_order``):
    reading a line is a function of the line and the book alone, writing an order one of the
    order (a frozen record, compared by type and fields) and the book alone, and a book is never
    changed once made, so a line read again or an order written again with the same book is
    looked up."""

    catalogue: Catalogue
    galaxy: GalaxyIndex
    factions: NameIndex | None = None
    orgs: NameIndex | None = None
    units: NameIndex | None = None
    read: dict[str, tuple[Order | None, str | None]] = field(default_factory=dict, compare=False, repr=False)
    written: dict[Order, str] = field(default_factory=dict, compare=False, repr=False)

    @classmethod
    def of(cls, catalogue: Catalogue | None = None, galaxy: Galaxy | None = None, *,
           factions: Iterable[str] | None = None, orgs: Iterable[str] | None = None,
           units: Iterable[str] | None = None) -> NameBook:
        return cls(
            catalogue=catalogue or load_catalogue(),
            galaxy=GalaxyIndex.of(galaxy or default_galaxy()),
            factions=None if factions is None else NameIndex.of_names("faction", factions),
            orgs=None if orgs is None else NameIndex.of_names("organisation", orgs),
            units=None if units is None else NameIndex.of_names("unit", units),
        )


def _named(index: NameIndex | None, text: str) -> str:
    if index is None:
        return text
    ident = index.resolve(text)
    if ident is None:
        raise LineError(index.unknown(text))
    return ident


def _choice(kind: str, text: str) -> str:
    options = _CHOICES[kind]
    word = text.casefold()
    if word in options:
        return word
    close = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    hint = f"; did you mean '{close[0]}'?" if close else f"; use {', '.join(options[:-1])} or {options[-1]}"
    return _fail(f"unknown {kind.replace('-', ' ')} '{text}'{hint}")


def _fail(message: str) -> str:
    raise LineError(message)


def _int(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_COUNT:
        raise LineError(f"'{text}' is not a number from 1 to {MAX_COUNT}")
    return int(text)


MAX_CREDITS = 10**9


def _credits(text: str) -> int:
    if not text.isdigit() or not 1 <= int(text) <= MAX_CREDITS:
        raise LineError(f"'{text}' is not a number of credits from 1 to {MAX_CREDITS}")
    return int(text)


def _class(book: NameBook, text: str, unit: str) -> str:
    ident = _named(book.catalogue.classes_index, text)
    if unit and book.catalogue.classes[ident].unit != unit:
        raise LineError(f"{book.catalogue.classes[ident].name} is not a {unit} class")
    return ident


def _modules(book: NameBook, items: list[str], unit: str) -> tuple[str, ...]:
    out: list[str] = []
    for item in items:
        count, _, rest = item.partition(" ")
        number = 1
        if count.isdigit() and rest:
            number, item = _int(count), rest
        ident = _named(book.catalogue.modules_index, item)
        module = book.catalogue.modules[ident]
        if module.unit != unit:
            raise LineError(f"{module.name} is a {module.unit} module, not a {unit} module")
        out.extend([ident] * number)
    return tuple(sorted(out))


def resolve(kind: str, raw: str | list[str], book: NameBook) -> object:
    """The typed value a slot of ``kind`` means. Raises LineError with a one-line reason."""
    if isinstance(raw, list):
        if kind in ("ship-modules", "det-modules"):
            return _modules(book, raw, "ship" if kind == "ship-modules" else "detachment")
        values = tuple(_named(book.units, item) for item in raw)
        if len(set(values)) != len(values):
            raise LineError("a unit is named twice")
        return values
    if kind in _CHOICES:
        return _choice(kind, raw)
    if kind == "int":
        return _int(raw)
    if kind == "credits":
        return _credits(raw)
    if kind in ("text", "rest"):
        return raw
    if kind == "planet":
        return _named(book.galaxy.planet_names, raw)
    if kind == "faction":
        return _named(book.factions, raw)
    if kind == "org":
        return _named(book.orgs, raw)
    if kind == "unit":
        return _named(book.units, raw)
    if kind == "tech":
        return _named(book.catalogue.techs_index, raw)
    if kind == "variant":
        return _named(book.catalogue.variants_index, raw)
    if kind in ("class", "ship-class", "det-class"):
        return _class(book, raw, {"class": "", "ship-class": "ship", "det-class": "detachment"}[kind])
    raise ValueError(f"unknown slot kind {kind}")


def display(kind: str, value: object, book: NameBook) -> str | list[str]:
    """How a value of ``kind`` is written (canonical names; lists as items)."""
    cat = book.catalogue
    if kind in ("ship-modules", "det-modules"):
        assert isinstance(value, tuple)
        items: list[str] = []
        for ident in dict.fromkeys(value):
            count = value.count(ident)
            name = cat.modules_index.name_of(ident)
            items.append(f"{count} {name}" if count > 1 else name)
        return items
    if kind == "units":
        assert isinstance(value, tuple)
        return [book.units.name_of(v) if book.units else str(v) for v in value]
    text = str(value)
    index = {
        "planet": book.galaxy.planet_names, "tech": cat.techs_index, "variant": cat.variants_index,
        "class": cat.classes_index, "ship-class": cat.classes_index, "det-class": cat.classes_index,
        "faction": book.factions, "org": book.orgs, "unit": book.units,
    }.get(kind)
    return index.name_of(text) if index is not None else text
