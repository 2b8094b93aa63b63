"""The bots' documents checked a line at a time (issue 16) against whole checks, along seeded campaigns.

``bot.Checked`` checks a drafted document only as far as asked: ``any_kept`` stops at the first
accepted line (the ruleset lists the economic document when one is), ``kept`` checks the rest,
and ``then`` goes on with the war bot's lines after the economic ones instead of checking the
whole war document again.  At every turn of seeded random campaigns, for every seat, every
partial result is compared with ``check_orders`` of the whole document, the kept text with the
economic bot's text as it was made before (every line checked at once), and the war bot's
document with the one made by checking its whole text; the state must not change.
"""

from __future__ import annotations

import msgspec
import pytest
from tests.games.star_kingdoms.helpers import campaign_turns

from starlanes.core.errors import ParseError
from starlanes.games.star_kingdoms.bot import Checked, economic_draft, war_bot_orders, war_commitments, war_orders
from starlanes.games.star_kingdoms.campaign import CampaignState
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.execute import check_orders, name_book
from starlanes.games.star_kingdoms.orders.language import (
    MAX_LINES,
    MAX_ORDER_BYTES,
    format_order,
    parse_orders,
    read_orders,
)


def _kept(state: CampaignState, seat: int, text: str) -> str:
    """The lines of ``text`` that ``check_orders`` accepts, checked at once (the bots before)."""
    lines = text.splitlines()
    return "".join(lines[res.line - 1] + "\n" for res in check_orders(state, seat, text) if res.accepted)


def _war_document(state: CampaignState, seat: int, seen: dict[str, int]) -> str:
    """``war_bot_orders`` as it was: the economic bot's kept lines and the war lines checked whole."""
    cat = load_catalogue()
    book = name_book(state, state.factions[seat], cat)
    war = war_orders(state, seat, catalogue=cat)
    taken, committed = war_commitments(state, war, cat)
    draft = economic_draft(state, seat, catalogue=cat, ship_every=7, taken=taken, committed=committed)
    economic = _kept(state, seat, draft.text) if draft is not None else ""
    seen["war: economic lines all kept"] += draft is not None and economic == draft.text
    text = economic + "".join(format_order(o, book) + "\n" for o in war)
    return _kept(state, seat, text) if text else ""


def test_checking_a_line_at_a_time_keeps_what_checking_whole_documents_keeps() -> None:
    seen = dict.fromkeys(("stopped early", "checked to the end", "nothing kept", "refused",
                          "war: economic lines all kept", "war lines"), 0)
    cat = load_catalogue()
    for seed in (2, 9):
        for state in campaign_turns(seed):
            before = msgspec.msgpack.encode(state)
            for seat in range(state.players):
                draft = economic_draft(state, seat)
                if draft is not None:
                    whole = check_orders(state, seat, draft.text)
                    kept = draft.any_kept()
                    assert kept == any(res.accepted for res in whole)
                    assert draft.results == whole[:len(draft.results)]
                    seen["stopped early" if len(draft.results) < len(whole) else "checked to the end"] += 1
                    seen["nothing kept"] += not kept
                    assert draft.kept() == _kept(state, seat, draft.text)
                    assert draft.results == whole
                    assert draft.any_kept() == kept
                document = war_bot_orders(state, seat)
                assert document == _war_document(state, seat, seen)
                seen["war lines"] += len(war_orders(state, seat))
                # documents with refused lines (the bots' never have any in these campaigns): each
                # line twice (the second finds its slot busy, its credits spent), unknown names
                text = draft.text if draft is not None else ""
                more = document.removeprefix("# star-kingdoms:war\n")
                for odd in (text + text + "build industrial district on Nowhere\n" + text,
                            "build industrial district on Nowhere\nrush industrial project on Nowhere\n" + text,
                            "research sensors on Nowhere\n"):
                    whole = check_orders(state, seat, odd)
                    checked = Checked(state, seat, odd, cat)
                    kept = checked.any_kept()
                    assert kept == any(res.accepted for res in whole)
                    assert checked.results == whole[:len(checked.results)]
                    seen["nothing kept"] += not kept
                    seen["refused"] += sum(1 for res in whole if not res.accepted)
                    assert checked.kept() == _kept(state, seat, odd)
                    sheet = parse_orders(odd, checked.run.book).lines
                    for after in range(len(odd.splitlines()) + 1):
                        assert list(read_orders(odd, checked.run.book, after=after)) == [
                            p for p in sheet if p.line > after]
                    assert checked.then(more + odd) == check_orders(state, seat, odd + more + odd)
            assert msgspec.msgpack.encode(state) == before
    assert all(count > 0 for count in seen.values()), seen


def test_a_sheet_that_cannot_be_read_is_refused_before_its_first_line_as_a_whole_check_refuses_it() -> None:
    state = next(campaign_turns(1))
    cat = load_catalogue()
    book = name_book(state, state.factions[0])
    for bad in ("rush industrial project on X\n" * (MAX_LINES + 1), "build\x00\n", "x" * (MAX_ORDER_BYTES + 1)):
        with pytest.raises(ParseError) as whole:
            check_orders(state, 0, bad)
        with pytest.raises(ParseError) as lazy:
            read_orders(bad, book)  # not a line read yet
        assert str(lazy.value) == str(whole.value)
        with pytest.raises(ParseError):
            Checked(state, 0, bad, cat)
