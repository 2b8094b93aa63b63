"""Retrograde decks: the deck file format and the deck construction rules.

A deck file is plain text: one card name per line, ``N x Name`` for N copies, ``#`` starts a
comment. It holds one homeworld (by convention on the first line) and the deck's cards from the
top down: the order is the draw order, a deck is never shuffled. A header line ``name`` and
double quotes around names are accepted, so a one-column CSV list reads as a deck too.

>>> deck = load_deck("sample-1")
>>> deck.homeworld, len(deck.cards)
('shock-troops', 40)
>>> check_deck(deck)
[]
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from starlanes.core.errors import ContentError

from .cards import AssetCard, CardBook, load_cards, normalize_name

__all__ = ["DECK_SIZE", "MAX_OFF_FACTION", "SAMPLE_DECKS", "Deck", "check_deck", "load_deck", "parse_deck"]

DECK_SIZE = 40
MAX_OFF_FACTION = 10
SAMPLE_DECKS = ("sample-1", "sample-2")

_COUNT = re.compile(r"^(\d+)\s*[xX×]\s+(.+)$")
_BAD_COUNT = re.compile(r"^(\S+?)\s*[xX×]\s+(.+)$")


@dataclass
class Deck:
    """A parsed deck: the homeworld's key and the other cards' keys, top of the deck first.

    ``problems`` collects what the parser could not make sense of (unknown names...);
    :func:`check_deck` adds the construction rules.
    """

    name: str
    homeworld: str | None
    cards: list[str]
    problems: list[str] = field(default_factory=list)


def parse_deck(text: str, name: str = "deck", book: CardBook | None = None) -> Deck:
    """Read a deck from text; never raises for bad lines, it lists them in ``problems``."""
    book = book or load_cards()
    homeworlds: list[str] = []
    cards: list[str] = []
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip().strip(",")
        if not line or normalize_name(line) == "name":
            continue
        count = 1
        match = _COUNT.match(line)
        if match:
            count = int(match.group(1))
            line = match.group(2)
            if count < 1:
                problems.append(f"line {number}: a count must be at least 1")
                continue
        card = book.lookup(line)
        bad = None if card is not None else _BAD_COUNT.match(line)
        if bad is not None and book.lookup(bad.group(2)) is not None:
            problems.append(f"line {number}: '{bad.group(1)}' is not a count: write 'N x {bad.group(2)}'"
                            " with N at least 1")
            continue
        if card is None:
            names = [c.name for c in book.cards.values()]
            close = difflib.get_close_matches(line.strip('"'), names, n=2, cutoff=0.6)
            hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
            problems.append(f"line {number}: unknown card '{line.strip(chr(34))}'{hint}")
            continue
        if isinstance(card, AssetCard) and card.homeworld:
            homeworlds.extend([card.key] * count)
        else:
            cards.extend([card.key] * count)
    if not homeworlds:
        problems.append("no homeworld: a deck needs exactly one homeworld")
    elif len(homeworlds) > 1:
        listed = ", ".join(book[k].name for k in homeworlds)
        problems.append(f"{len(homeworlds)} homeworlds ({listed}): a deck has exactly one")
    return Deck(name, homeworlds[0] if homeworlds else None, cards, problems)


def check_deck(
    deck: Deck,
    book: CardBook | None = None,
    *,
    size: int = DECK_SIZE,
    max_off_faction: int = MAX_OFF_FACTION,
) -> list[str]:
    """Every problem of ``deck`` under the construction rules (empty: the deck is legal).

    Rules: one homeworld; exactly ``size`` other cards (assets, upgrades, spacecraft); at most
    ``max_off_faction`` cards (copies counted) of a faction other than the homeworld's; any
    number of copies of a spacecraft or upgrade, at most one of each asset; no neutral card.
    """
    book = book or load_cards()
    problems = list(deck.problems)
    if len(deck.cards) != size:
        problems.append(f"{len(deck.cards)} cards besides the homeworld: a deck has exactly {size}")
    faction = book.asset(deck.homeworld).faction if deck.homeworld else None
    seen: dict[str, int] = {}
    for key in deck.cards:
        seen[key] = seen.get(key, 0) + 1
    off: list[str] = []
    for key in deck.cards:
        card = book[key]
        if isinstance(card, AssetCard):
            continue
        if faction is not None and getattr(card, "faction", faction) != faction:
            off.append(card.name)
    for key, count in seen.items():
        card = book[key]
        if isinstance(card, AssetCard):
            if card.neutral:
                problems.append(f"{card.name} is a neutral asset that starts in play; it cannot be in a deck")
            elif count > 1:
                problems.append(f"{count} copies of the asset {card.name}: at most one copy of an asset")
    if faction is not None and len(off) > max_off_faction:
        counts: dict[str, int] = {}
        for n in off:
            counts[n] = counts.get(n, 0) + 1
        listed = ", ".join(f"{n} x{c}" if c > 1 else n for n, c in counts.items())
        problems.append(
            f"{len(off)} cards from factions other than {faction} (at most {max_off_faction}): {listed}"
        )
    return problems


def load_deck(source: str | Path, book: CardBook | None = None) -> Deck:
    """A shipped deck by name (``sample-1``) or a deck file by path. Raises ``ContentError``
    if the file cannot be read; content problems are in ``Deck.problems``."""
    text_name = str(source)
    if text_name in SAMPLE_DECKS:
        text = resources.files("starlanes.games.retrograde").joinpath(f"content/decks/{text_name}.deck")
        return parse_deck(text.read_text("utf-8"), text_name, book)
    path = Path(source)
    try:
        text_data = path.read_text(encoding="utf-8")
    except OSError as exc:
        valid = ", ".join(SAMPLE_DECKS)
        raise ContentError(str(path), "", f"cannot read deck file ({exc.strerror}); shipped decks: {valid}") from None
    except UnicodeDecodeError:
        raise ContentError(str(path), "", "not a text file") from None
    return parse_deck(text_data, path.stem, book)


def legal_deck(source: str | Path, book: CardBook | None = None, *, size: int = DECK_SIZE,
               max_off_faction: int = MAX_OFF_FACTION) -> Deck:
    """Load and check a deck; raise ``ContentError`` listing every problem if it is not legal."""
    deck = load_deck(source, book)
    problems = check_deck(deck, book, size=size, max_off_faction=max_off_faction)
    if problems:
        raise ContentError(str(source), "", "illegal deck: " + "; ".join(problems))
    return deck
