"""Action text as a person types it: cards by number (``place 37 0``) or by name (``place Mushroom
0``, ``place sky spore venus``), numbers in ASCII digits only.

``resolve(...)`` turns such a text into the canonical one (numbers only) before the codec parses
it. A name is matched case-insensitively, ignoring punctuation, against the cards the seat can
see where actions name cards (its hand, its face-down cards, every face-up card in play); an
unambiguous prefix is enough (``mush``). When a name fits several cards the legal actions decide:
one legal reading is taken, identical copies in the hand are interchangeable, and otherwise the
text is refused with the numbers to choose from. Nothing is read that the seat's view hides.

>>> key("Col. Jung-Hee")
'col jung hee'
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Sequence

import msgspec

from starlanes.core.actions import Action, ActionCodec
from starlanes.core.errors import ParseError
from starlanes.games.retrograde.board import BOOK
from starlanes.games.retrograde.state import HIDDEN, Table

__all__ = ["check_ascii", "key", "resolve", "visible_cards"]

_NUMBER = re.compile(r"#?[0-9]+\Z")
_SIGNED = re.compile(r"-?[0-9]+\Z")
_PUNCT = re.compile(r"[^0-9a-z]+")


def key(name: str) -> str:
    """The form names are compared in: case-folded, punctuation as spaces."""
    return " ".join(_PUNCT.sub(" ", name.casefold()).split())


def _int_fields(codec: ActionCodec, verb: str) -> tuple[list[str], dict[str, str]]:
    """The positional fields of ``verb`` (every one a card or a number in Retrograde) and its
    options with their kinds."""
    infos = msgspec.structs.fields(codec.types[verb])
    options = {f.name: ("int" if f.type is int else "other") for f in infos if not f.required}
    return [f.name for f in infos if f.required], options


def check_ascii(codec: ActionCodec, text: str) -> str | None:
    """Refuse numbers written with other digits than 0-9 (``research ٣``); return the text with
    ``#`` stripped from card numbers when every argument is a number, else ``None`` (names)."""
    tokens = text.split()
    if not tokens or tokens[0].lower() not in codec.types:
        return text
    verb = tokens[0].lower()
    _, keywords = _int_fields(codec, verb)
    args: list[str] = []
    for tok in tokens[1:]:
        if "=" in tok:
            name, _, raw = tok.partition("=")
            if keywords.get(name) == "int" and not _SIGNED.match(raw):
                raise ParseError(f"{verb}: {name} must be a whole number written with the digits 0-9, not '{raw}'")
        else:
            args.append(tok)
    if all(_NUMBER.match(a) for a in args):
        return " ".join([verb, *(a.lstrip("#") for a in args), *(t for t in tokens[1:] if "=" in t)])
    return None


def visible_cards(t: Table, seat: int) -> dict[int, str]:
    """uid -> card key of the cards ``seat`` can name in an action (``t`` is its view)."""
    out: dict[int, str] = {}
    for uid in t.hands[seat]:
        out[uid] = t.cards[uid]
    for a in t.assets:
        out[a.uid] = t.cards[a.uid]
        for u in a.upgrades:
            out[u.uid] = t.cards[u.uid]
        for slip in (*a.ship_slips, *a.upgrade_slips):
            out[slip.uid] = t.cards[slip.uid]
    for s in t.ships:
        out[s.uid] = t.cards[s.uid]
    return {u: k for u, k in out.items() if k != HIDDEN and k in BOOK}


def _match(phrase: str, seen: dict[int, str]) -> list[int] | str | None:
    """uids whose card ``phrase`` names (exact name, else an unambiguous prefix); a reason when
    the prefix fits several names; ``None`` when it names nothing here."""
    want = key(phrase)
    if not want:
        return None
    names: dict[str, str] = {}  # card key -> its name's compare form
    for k in set(seen.values()):
        names[k] = key(BOOK[k].name)
    exact = [k for k, n in names.items() if n == want or any(key(a) == want for a in BOOK[k].aliases)]
    hits = exact or [k for k, n in names.items() if n.startswith(want)]
    if not hits:
        return None
    if len(hits) > 1:
        listed = ", ".join(sorted(BOOK[k].name for k in hits))
        return f"'{phrase}' fits {listed}: type more of the name, or the card's number"
    return sorted(u for u, k in seen.items() if k == hits[0])


def _unknown(verb: str, phrase: str, seen: dict[int, str]) -> ParseError:
    if not phrase.isascii() and any(c.isdigit() for c in phrase):
        return ParseError(f"{verb}: '{phrase}' is not a number: write numbers with the digits 0-9")
    card = BOOK.lookup(phrase)
    if card is not None:
        return ParseError(f"{verb}: no {card.name} in your hand or in play that you can see")
    here = sorted({BOOK[k].name for k in seen.values()})
    close = difflib.get_close_matches(phrase, here, n=3, cutoff=0.5)
    hint = f" (did you mean {' or '.join(close)}?)" if close else ""
    return ParseError(f"{verb}: '{phrase}' is neither a card number nor the name of a card you can see{hint}")


def resolve(codec: ActionCodec, text: str, view: Table, seat: int,
            legal: Callable[[], Sequence[Action]]) -> str:
    """The canonical text of ``text`` typed by ``seat`` (names replaced by card numbers)."""
    plain = check_ascii(codec, text)
    if plain is not None:
        return plain
    tokens = text.split()
    verb = tokens[0].lower()
    fields, _ = _int_fields(codec, verb)
    args = [t for t in tokens[1:] if "=" not in t]
    options = [t for t in tokens[1:] if "=" in t]
    seen = visible_cards(view, seat)
    chosen: list[list[int]] = []
    j = 0
    for i in range(len(fields)):
        if j >= len(args):
            raise ParseError(f"'{verb}' takes {len(fields)} argument(s); usage: {codec.usage(verb)}")
        if _NUMBER.match(args[j]):
            chosen.append([int(args[j].lstrip("#"))])
            j += 1
            continue
        rest = len(fields) - i - 1
        longest = len(args) - j - rest if i < len(fields) - 1 else len(args) - j
        found: list[int] | str | None = None
        for k in range(max(longest, 1), 0, -1):
            found = _match(" ".join(args[j:j + k]), seen)
            if found is not None:
                break
        if found is None:
            raise _unknown(verb, " ".join(args[j:j + max(longest, 1)]), seen)
        if isinstance(found, str):
            raise ParseError(f"{verb}: {found}")
        chosen.append(found)
        j += k
    if j != len(args):
        raise ParseError(f"'{verb}' takes {len(fields)} argument(s); usage: {codec.usage(verb)}")
    cls = codec.types[verb]
    fits = [a for a in legal() if isinstance(a, cls)
            and all(getattr(a, f) in values for f, values in zip(fields, chosen, strict=True))]
    hand = set(view.hands[seat])
    if fits:
        first = fits[0]
        for other in fits[1:]:
            for f in fields:
                a, b = getattr(first, f), getattr(other, f)
                if a != b and not (a in hand and b in hand and view.cards[a] == view.cards[b]):
                    numbers = ", ".join(f"#{u}" for u in sorted({getattr(x, f) for x in fits}))
                    raise ParseError(f"{verb}: the name fits {numbers} here: type the card's number")
        picks = [str(getattr(first, f)) for f in fields]
    else:
        picks = [str(values[0]) for values in chosen]  # not legal: the rules will say why
    return " ".join([verb, *picks, *options])
