"""Retrograde decks: the deck file format and the deck construction rules.

A deck file is plain UTF-8 text (a byte-order mark is ignored): one card name per line,
``N x Name`` for N copies, ``#`` starts a comment. It holds one homeworld (by convention on the
first line) and the deck's cards from the top down (the order ``deck_order=file`` plays; by
default each deck gets a secret random order at setup, ruling 5). A header line ``name`` and
double quotes around names are accepted, so a one-column CSV list reads as a deck too.

A file that is not a deck (too large, not a regular file, not UTF-8, or lines that name no
card) is refused with one line naming the file and the line numbers, never the lines' text:
a save can point ``deck0`` at any file on the machine.

>>> deck = load_deck("sample-1")
>>> deck.homeworld, len(deck.cards)
('shock-troops', 40)
>>> check_deck(deck)
[]
"""

from __future__ import annotations

import codecs
import difflib
import hashlib
import re
import stat
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from starlanes.core.errors import ContentError
from starlanes.games.retrograde.cards import AssetCard, CardBook, load_cards, normalize_name
from starlanes.games.retrograde.spec import MAX_DECK_SIZE

__all__ = [
    "DECK_SIZE",
    "MAX_DECK_FILE_BYTES",
    "MAX_OFF_FACTION",
    "SAMPLE_DECKS",
    "Deck",
    "check_deck",
    "deck_file_digest",
    "load_deck",
    "parse_deck",
    "read_deck_file",
]

DECK_SIZE = 40
MAX_OFF_FACTION = 10
SAMPLE_DECKS = ("sample-1", "sample-2")
MAX_DECK_FILE_BYTES = 64 * 1024
"""A deck of 200 cards with comments fits in a few KiB; anything larger is not a deck file."""

_COUNT = re.compile(r"^([0-9]+)\s*[xX×]\s+(.+)$")
_BAD_COUNT = re.compile(r"^(\S+?)\s*[xX×]\s+(.+)$")
_MAX_PROBLEMS = 8  # problems listed in one error line


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
    not_a_deck: bool = False  # most lines name no card: the problems name line numbers only


def parse_deck(text: str, name: str = "deck", book: CardBook | None = None) -> Deck:
    """Read a deck from text; never raises for bad lines, it lists them in ``problems``.

    A count above what any deck may hold is refused at once, and reading stops once the lines
    add up to more cards than that. When most lines name no card the text is not a deck: the
    problem then names line numbers only, never their text."""
    book = book or load_cards()
    text = text.removeprefix("\ufeff")
    homeworlds: list[str] = []
    cards: list[str] = []
    problems: list[str] = []
    unknown: list[int] = []
    known = 0
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip().strip(",")
        if not line or normalize_name(line) == "name":
            continue
        count = 1
        match = _COUNT.match(line)
        if match:
            digits = match.group(1)
            count = int(digits) if len(digits) <= 6 else MAX_DECK_SIZE + 1
            line = match.group(2)
            if count < 1:
                problems.append(f"line {number}: a count must be at least 1")
                continue
            if count > MAX_DECK_SIZE:
                problems.append(f"line {number}: a count of {digits[:12]}{'...' if len(digits) > 12 else ''}"
                                f" is more than any deck holds (a deck has {DECK_SIZE} cards, at most"
                                f" {MAX_DECK_SIZE})")
                known += 1
                continue
        card = book.lookup(line)
        bad = None if card is not None else _BAD_COUNT.match(line)
        if bad is not None and book.lookup(bad.group(2)) is not None:
            known += 1
            problems.append(f"line {number}: '{_clip(bad.group(1))}' is not a count: write 'N x {bad.group(2)}'"
                            " with N at least 1")
            continue
        if card is None:
            unknown.append(number)
            names = [c.name for c in book.cards.values()]
            close = difflib.get_close_matches(line.strip('"'), names, n=2, cutoff=0.6)
            hint = f" (did you mean {' or '.join(repr(c) for c in close)}?)" if close else ""
            problems.append(f"line {number}: unknown card '{_clip(line.strip(chr(34)))}'{hint}")
            continue
        known += 1
        if isinstance(card, AssetCard) and card.homeworld:
            homeworlds.extend([card.key] * count)
        else:
            cards.extend([card.key] * count)
        if len(cards) + len(homeworlds) > MAX_DECK_SIZE + 1:
            problems.append(f"line {number}: more than {MAX_DECK_SIZE} cards so far; a deck has {DECK_SIZE}"
                            " (reading stopped)")
            break
    if unknown and len(unknown) >= known:
        lines = ", ".join(str(n) for n in unknown[:5]) + (" ..." if len(unknown) > 5 else "")
        problems = [f"not a deck file: {len(unknown)} line(s) name no card (line {lines})"]
        return Deck(name, None, [], problems, not_a_deck=True)
    if not homeworlds:
        problems.append("no homeworld: a deck needs exactly one homeworld")
    elif len(homeworlds) > 1:
        listed = ", ".join(book[k].name for k in homeworlds[:4]) + (", ..." if len(homeworlds) > 4 else "")
        problems.append(f"{len(homeworlds)} homeworlds ({listed}): a deck has exactly one")
    return Deck(name, homeworlds[0] if homeworlds else None, cards, problems)


def _clip(text: str, width: int = 40) -> str:
    """A line of a deck file as a message may quote it: printable, and short."""
    shown = "".join(c if c.isprintable() else "?" for c in text)
    return shown if len(shown) <= width else shown[: width - 3] + "..."


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
    if deck.not_a_deck:
        return problems
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


def read_deck_file(path: Path) -> bytes:
    """The bytes of a deck file, refused at once (``ContentError``) when it is missing, not a
    regular file (a directory, ``/dev/zero``, a pipe) or larger than a deck file can be."""
    valid = ", ".join(SAMPLE_DECKS)
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise ContentError(str(path), "", f"is a directory, not a deck file; shipped decks: {valid}")
        if not stat.S_ISREG(info.st_mode):
            raise ContentError(str(path), "", "is not a regular file (a device or a pipe), not a deck file")
        if info.st_size > MAX_DECK_FILE_BYTES:
            raise ContentError(str(path), "", f"{info.st_size} bytes is too large for a deck file"
                                              f" (at most {MAX_DECK_FILE_BYTES // 1024} KiB)")
        with path.open("rb") as handle:
            data = handle.read(MAX_DECK_FILE_BYTES + 1)
    except OSError as exc:
        raise ContentError(str(path), "", f"cannot read deck file ({exc.strerror}); shipped decks: {valid}") from None
    if len(data) > MAX_DECK_FILE_BYTES:
        raise ContentError(str(path), "", f"too large for a deck file (at most {MAX_DECK_FILE_BYTES // 1024} KiB)")
    return data


def _decode(data: bytes, file: str) -> str:
    if data.startswith(codecs.BOM_UTF8):
        data = data[len(codecs.BOM_UTF8):]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ContentError(file, f"line {line}", "not UTF-8 text: a deck file is plain UTF-8 text") from None


def deck_file_digest(source: str | Path) -> str | None:
    """The sha256 hex digest of a deck file's bytes; ``None`` for a shipped deck named by name
    (its content belongs to the installed version). Raises ``ContentError`` like ``load_deck``."""
    if str(source) in SAMPLE_DECKS:
        return None
    return hashlib.sha256(read_deck_file(Path(source))).hexdigest()


def load_deck(source: str | Path, book: CardBook | None = None) -> Deck:
    """A shipped deck by name (``sample-1``) or a deck file by path. Raises ``ContentError``
    if the file cannot be read or is not text; content problems are in ``Deck.problems``."""
    text_name = str(source)
    if text_name in SAMPLE_DECKS:
        text = resources.files("starlanes.games.retrograde").joinpath(f"content/decks/{text_name}.deck")
        return parse_deck(text.read_text("utf-8"), text_name, book)
    path = Path(source).expanduser()
    return parse_deck(_decode(read_deck_file(path), str(path)), path.stem, book)


def legal_deck(source: str | Path, book: CardBook | None = None, *, size: int = DECK_SIZE,
               max_off_faction: int = MAX_OFF_FACTION) -> Deck:
    """Load and check a deck; raise ``ContentError`` listing every problem if it is not legal."""
    deck = load_deck(source, book)
    problems = check_deck(deck, book, size=size, max_off_faction=max_off_faction)
    if problems:
        more = len(problems) - _MAX_PROBLEMS
        shown = "; ".join(problems[:_MAX_PROBLEMS]) + (f"; and {more} more" if more > 0 else "")
        raise ContentError(str(source), "", shown if deck.not_a_deck else "illegal deck: " + shown)
    return deck
