"""Kept name books (issue 16) against fresh ones, along seeded campaigns.

``execute.name_book`` gives the same book for the same content (its known planets' index, the
names of its known factions, orgs and units, each kept by content) and the book keeps the lines it
has read (``NameBook.read``); ``execute._without_comment`` keeps what each line shows.  At every
turn of seeded random campaigns, for every seat, the book is compared with one built afresh as
the language built it before, and every line of the bots' documents, drafts and variants taking
the error paths is read with the kept book (twice: the second time from what it kept) and with a
fresh book: the sheets must be identical; every order drafted or read is written with the kept
book (``NameBook.written``) and by the reference writer with a fresh book.
"""

from __future__ import annotations

from tests.games.star_kingdoms.helpers import campaign_turns
from tests.games.star_kingdoms.test_speed_grammar import _ref_format

from starlanes.games.star_kingdoms.bot import economic_orders, war_document, war_orders
from starlanes.games.star_kingdoms.campaign import CampaignState, Faction
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.execute import _without_comment, known_galaxy, name_book
from starlanes.games.star_kingdoms.galaxy import GalaxyIndex
from starlanes.games.star_kingdoms.names import NameIndex
from starlanes.games.star_kingdoms.orders.grammar import LineError, tokenize
from starlanes.games.star_kingdoms.orders.language import (
    OrderSheet,
    ParsedLine,
    _parse_line,
    format_order,
    parse_orders,
)
from starlanes.games.star_kingdoms.orders.names import NameBook


def _fresh_book(state: CampaignState, faction: Faction) -> NameBook:
    """The book as ``name_book`` built it before it was kept."""
    others = {f.id: f for f in state.factions}
    factions = NameIndex.build("faction", ((fid, others[fid].name, ()) for fid in faction.known_factions
                                           if fid in others))
    orgs = NameIndex.build("organisation", ((o.id, o.name, ()) for o in faction.orgs))
    units = NameIndex.build("unit", ((u.id, u.name, ()) for u in faction.units))
    return NameBook(catalogue=load_catalogue(), galaxy=GalaxyIndex.of(known_galaxy(state, faction)),
                    factions=factions, orgs=orgs, units=units)


def _fresh_sheet(document: str, book: NameBook) -> OrderSheet:
    """``parse_orders`` as it read a sheet before books kept what they read: every line read."""
    out: list[ParsedLine] = []
    for number, line in enumerate(document.splitlines(), start=1):
        try:
            order = _parse_line(line, book)
        except LineError as exc:
            out.append(ParsedLine(line=number, text=line, error=str(exc)))
            continue
        if order is not None:
            out.append(ParsedLine(line=number, text=line, order=order))
    return OrderSheet(lines=tuple(out))


def _fresh_shown(line: str) -> str:
    try:
        return tokenize(line)[1].strip()
    except LineError:
        return line.strip()


def test_kept_books_and_what_they_read_match_fresh_ones_along_seeded_campaigns() -> None:
    seen = dict.fromkeys(("same book", "new book", "read again", "refused", "units changed", "other seat's line",
                           "written again"), 0)
    for seed in (5, 12):
        last: dict[int, NameBook] = {}
        for state in campaign_turns(seed):
            documents: list[str] = []
            for seat, faction in enumerate(state.factions):
                book = name_book(state, faction)
                fresh = _fresh_book(state, faction)
                assert book == fresh
                assert name_book(state, faction) is book
                before = last.get(seat)
                if before is not None:
                    seen["same book" if before is book else "new book"] += 1
                    seen["units changed"] += before.units != book.units
                last[seat] = book
                drafted = war_orders(state, seat)
                drafts = "".join(format_order(o, book) + "\n" for o in drafted)
                assert drafts == "".join(_ref_format(o, fresh) + "\n" for o in drafted)
                seen["written again"] += sum(1 for o in drafted if o in book.written)
                text = war_document(state, seat) + economic_orders(state, seat) + drafts
                lines = text.splitlines()
                variants = [*lines, *(line + ' "' for line in lines), *(line + " on" for line in lines),
                            *(line.replace("Gang", "Gong") for line in lines)]
                seen["read again"] += sum(1 for line in variants if line in book.read)
                document = "\n".join(variants)
                kept = parse_orders(document, book)
                assert kept == _fresh_sheet(document, fresh)
                assert parse_orders(document, book) == kept
                seen["refused"] += sum(1 for p in kept.lines if p.error)
                for line in variants:
                    assert _without_comment(line) == _fresh_shown(line)
                    assert _without_comment(line) == _fresh_shown(line)
                documents.append(document)
            # every seat's lines read, and orders written, by every other seat (names it may not know)
            for seat, faction in enumerate(state.factions):
                book, fresh = name_book(state, faction), _fresh_book(state, faction)
                for other, document in enumerate(documents):
                    if other != seat:
                        kept = parse_orders(document, book)
                        assert kept == _fresh_sheet(document, fresh)
                        seen["other seat's line"] += sum(1 for p in kept.lines if p.error)
                        for p in parse_orders(document, name_book(state, state.factions[other])).lines:
                            if p.order is not None:
                                assert format_order(p.order, book) == _ref_format(p.order, fresh)
    assert all(count > 0 for count in seen.values()), seen
