"""Lines refused by the handlers that check first (issue 16) leave the faction as it was.

``execute.OrderRun.carry_out`` takes no snapshot of the faction before a line whose handler is in
``execute.CHECK_FIRST`` (districts, research, ships, detachments, rushes): such a handler refuses
before it changes anything.  At every turn of seeded random campaigns, for every seat, documents
that make each of them refuse lines (slots taken by the lines above, research already under way,
rushes beyond their cap or on no project, credits spent by the lines above) are carried out on
a copy: after every line they refuse, the faction and the GM queue must be what they were before
it, and the results the same as with a snapshot before every line.
"""

from __future__ import annotations

import msgspec
from tests.games.star_kingdoms.helpers import campaign_turns

from starlanes.games.star_kingdoms import execute
from starlanes.games.star_kingdoms.campaign import CampaignState
from starlanes.games.star_kingdoms.catalogue import load_catalogue
from starlanes.games.star_kingdoms.execute import CHECK_FIRST, HANDLERS, checking, name_book
from starlanes.games.star_kingdoms.orders.language import parse_orders


def _document(state: CampaignState, seat: int) -> str:
    """Lines each handler of CHECK_FIRST refuses some of: every one twice or more, on every world."""
    cat = load_catalogue()
    faction = state.factions[seat]
    book = name_book(state, faction)
    lines: list[str] = []
    for _ in range(2):
        for colony in faction.colonies:
            planet = f'"{book.galaxy.planet_names.name_of(colony.planet)}"'
            for district in ("industrial", "academic", "shipyard", "military"):
                lines.append(f"build {district} district on {planet}")
                lines.append(f"rush {district} project on {planet} x 1")
                lines.append(f"rush {district} project on {planet} x 99")
            for tech in cat.core_techs():
                lines.append(f'research "{tech.name}" on {planet}')
            lines.append(f'build ship "{cat.classes["survey-probe"].name}" on {planet}')
            lines.append(f'train "{cat.classes["security-team"].name}" on {planet}')
    return "".join(line + "\n" for line in lines)


def test_lines_refused_by_handlers_that_check_first_change_nothing() -> None:
    refused = {handler.__name__: 0 for handler in CHECK_FIRST}
    snapshot = execute._snapshot
    for seed in (3, 8):
        for state in campaign_turns(seed):
            for seat in range(state.players):
                text = _document(state, seat)
                run = checking(state, seat)
                sheet = parse_orders(text, run.book)
                results = []
                for parsed in sheet.lines:
                    before = msgspec.msgpack.encode(run.faction), list(run.state.gm_queue), run.state.next_gm_item
                    result = run.carry_out(parsed)
                    results.append(result)
                    handler = HANDLERS[type(parsed.order)] if parsed.order is not None else None
                    if handler in CHECK_FIRST and not result.accepted:
                        assert handler is not None
                        refused[handler.__name__] += 1
                        after = msgspec.msgpack.encode(run.faction), list(run.state.gm_queue), run.state.next_gm_item
                        assert after == before, (parsed.text, result.reason)
                # the same document with a snapshot of the faction before every line
                try:
                    execute._snapshot = lambda state, faction, whole=True: snapshot(state, faction)  # type: ignore[assignment]
                    again = checking(state, seat)
                    assert [again.carry_out(p) for p in parse_orders(text, again.book).lines] == results
                finally:
                    execute._snapshot = snapshot
    assert all(count > 0 for count in refused.values()), refused


def _default_name_before(units: list[str], new_names: set[str], class_name: str) -> str:
    n = 1
    while True:
        name = f"{class_name} {n}"
        key = name.casefold()
        if key not in new_names and all(u.casefold() != key for u in units):
            return name
        n += 1


def test_default_unit_names_are_the_first_free_ones() -> None:
    cat = load_catalogue()
    names = sorted({cls.name for cls in cat.classes.values()})
    seen = 0
    for state in campaign_turns(3):
        for seat, faction in enumerate(state.factions):
            run = checking(state, seat)
            ctx = run._ctx
            taken = [u.name for u in faction.units]
            for extra in (set(), {n.casefold() for n in taken}, {f"{name} 2".casefold() for name in names}):
                ctx.new_names = set(extra)
                for class_name in names:
                    got = execute._default_name(ctx, class_name)
                    assert got == _default_name_before(taken, extra, class_name)
                    seen += not got.endswith(" 1")
    assert seen > 100, seen
