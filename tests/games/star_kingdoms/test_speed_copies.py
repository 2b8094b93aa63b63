"""The factions' copy a check runs on (issue 16) against msgpack's, along seeded campaigns.

A check (``execute.checking``) shares the state's units until the first line whose handler may
change a unit (not in ``execute.UNIT_FREE``), then copies them; its results must be those of a
check on a msgpack copy of every faction, units included, and the state must not change.

``execute.checking`` copies the factions with ``_copy_factions``: a unit (it holds values only,
``_holds_values_only``) field by field, the rest of a faction through msgpack, and the whole
faction through msgpack when a unit holds something else than its declared values.  At every
turn of seeded random campaigns the copy must equal msgpack's round trip of the factions, share
no unit, and no change to it may reach the state.
"""

from __future__ import annotations

import msgspec
from tests.games.star_kingdoms.helpers import campaign_turns

from starlanes.games.star_kingdoms.bot import economic_orders, war_document
from starlanes.games.star_kingdoms.campaign import CampaignState, Faction, FittedModule, GMItem, Unit
from starlanes.games.star_kingdoms.execute import (
    HANDLERS,
    UNIT_FREE,
    OrderRun,
    _copy_factions,
    _holds_values_only,
    checking,
)
from starlanes.games.star_kingdoms.orders.language import parse_orders
from starlanes.games.star_kingdoms.report import OrderResult, ReportBuilder


def _msgpack_copy(factions: list[Faction]) -> list[Faction]:
    return msgspec.msgpack.decode(msgspec.msgpack.encode(factions), type=list[Faction])


def _same_copy(factions: list[Faction]) -> int:
    """Check the copy of ``factions``; how many units it copied."""
    before = msgspec.msgpack.encode(factions)
    copy = _copy_factions(factions)
    assert copy == _msgpack_copy(factions)
    assert msgspec.msgpack.encode(copy) == before
    units = 0
    for original, copied in zip(factions, copy, strict=True):
        assert copied is not original and copied.units is not original.units
        for unit, twin in zip(original.units, copied.units, strict=True):
            assert twin is not unit
            units += 1
        # every change a check may make to the copy stays in the copy
        copied.credits += 7
        for colony in copied.colonies:
            colony.projects.clear()
        for unit in copied.units:
            unit.damage += 1
            unit.system = "elsewhere"
            unit.modules = ()
            unit.seen_through = (*unit.seen_through, "someone")
        copied.units.append(Unit(id="new", name="New", unit="ship", class_id="patrol-ship", level=1, system="x"))
    assert msgspec.msgpack.encode(factions) == before
    return units


def test_the_copy_of_the_factions_is_msgpacks_along_seeded_campaigns() -> None:
    units = odd = 0
    for seed in (6, 14):
        for state in campaign_turns(seed):
            units += _same_copy(state.factions)
            # a unit holding a list where a tuple is declared: that faction copied whole by msgpack
            factions = _msgpack_copy(state.factions)
            for faction in factions:
                for unit in faction.units[:1]:
                    unit.flexible = list(unit.flexible)  # type: ignore[assignment]
                    odd += 1
            copy = _copy_factions(factions)
            assert copy == _msgpack_copy(factions)
            for faction, copied in zip(factions, copy, strict=True):
                for unit, twin in zip(faction.units, copied.units, strict=True):
                    assert type(twin.flexible) is tuple and twin is not unit
    assert units > 100 and odd > 10, (units, odd)


class _Listed(msgspec.Struct):
    names: list[str]


class _Mutable(msgspec.Struct):
    name: str


class _HoldsMutable(msgspec.Struct):
    items: tuple[_Mutable, ...]


class _HoldsValues(msgspec.Struct):
    name: str
    count: int
    fits: tuple[FittedModule, ...]
    tags: tuple[str, ...]


def test_only_structs_of_values_are_copied_field_by_field() -> None:
    assert _holds_values_only(Unit)
    assert _holds_values_only(_HoldsValues)
    assert not _holds_values_only(Faction)
    assert not _holds_values_only(_Listed)
    assert not _holds_values_only(_HoldsMutable)


def _reference_results(state: CampaignState, seat: int, text: str) -> list[OrderResult]:
    """``check_orders`` as it was: every faction (units included) copied through msgpack first."""
    copy = msgspec.structs.replace(state, factions=_msgpack_copy(state.factions), gm_queue=msgspec.msgpack.decode(
        msgspec.msgpack.encode(state.gm_queue), type=list[GMItem]))
    faction = copy.factions[seat]
    builder = ReportBuilder(faction.id, turn=copy.turn, opening=faction.credits, sp=faction.tech.sp)
    run = OrderRun(copy, seat, builder)
    return [run.carry_out(p) for p in parse_orders(text, run.book).lines]


def test_a_check_copies_the_units_before_a_line_that_may_change_one() -> None:
    seen = dict.fromkeys(("units still shared", "units copied"), 0)
    for seed in (6, 14):
        for state in campaign_turns(seed):
            before = msgspec.msgpack.encode(state)
            for seat in range(state.players):
                economic = economic_orders(state, seat)
                for text in (economic, war_document(state, seat), economic + war_document(state, seat) + economic):
                    run = checking(state, seat)
                    results = [run.carry_out(p) for p in parse_orders(text, run.book).lines]
                    assert results == _reference_results(state, seat, text)
                    unit_lines = any(p.order is not None and HANDLERS[type(p.order)] not in UNIT_FREE
                                     for p in parse_orders(text, run.book).lines)
                    shared = [u for f, o in zip(run.state.factions, state.factions, strict=True)
                              for u, v in zip(f.units, o.units, strict=False) if u is v]
                    if unit_lines:
                        assert not shared
                        seen["units copied"] += 1
                    elif any(f.units for f in state.factions):
                        assert shared
                        seen["units still shared"] += 1
                    for copied, original in zip(run.state.factions, state.factions, strict=True):
                        assert copied.units is not original.units
            assert msgspec.msgpack.encode(state) == before
    assert all(count > 0 for count in seen.values()), seen
