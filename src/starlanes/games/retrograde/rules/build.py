"""Research, repair and construction (place, found, allocate, cannibalize, swap, flip).

Each step of the turn comes after the ones before it: an action of a later step closes the
earlier ones (``Engine.set_phase``).
"""

from __future__ import annotations

from starlanes.games.retrograde import abilities as ab
from starlanes.games.retrograde import events as ev
from starlanes.games.retrograde.actions import Allocate, Cannibalize, Flip, Found, Place, Repair, Research, Swap
from starlanes.games.retrograde.board import ASSET_CARDS, SHIP_CARDS
from starlanes.games.retrograde.cards import SpacecraftCard
from starlanes.games.retrograde.rules.combat import check_destroyed, deal
from starlanes.games.retrograde.rules.common import Engine
from starlanes.games.retrograde.state import (
    ALLOCATE,
    CLEANUP,
    PLACE_ASSETS,
    PLACE_SHIPS,
    PLACE_UPGRADES,
    REPAIR,
    RESEARCH,
    Asset,
    Ship,
    Slip,
    Upgrade,
)

__all__ = ["allocate", "cannibalize", "draw", "flip", "found", "place", "repair", "research", "swap"]


def draw(e: Engine, seat: int, count: int = 1) -> int:
    drawn = 0
    for _ in range(count):
        if not e.t.decks[seat]:
            break
        uid = e.t.decks[seat].pop(0)
        e.t.hands[seat].append(uid)
        if not e.quiet:
            e.emit(ev.Drew(seat, e.ref(uid)), seats=(seat,), reveals=True)
        drawn += 1
    return drawn


_RESEARCH_DRAWS = ab.HOOKS["research_draws"]  # (the handlers by ability kind)


def research(e: Engine, seat: int, act: Research) -> None:
    t = e.t
    if t.phase < RESEARCH:  # Engine.set_phase
        t.phase = RESEARCH
    a: Asset | None = None
    for x in t.assets:  # Board.asset
        if x.uid == act.asset:
            a = x
            break
    assert a is not None
    a.tapped = True
    count = 1  # (ab.modify, without its call and its packed arguments)
    for src in ab.found(e.b, "research_draws"):
        count = _RESEARCH_DRAWS[src.ability.kind](e.b, src, count, asset=a)
    count = int(count)
    drawn = draw(e, seat, count)
    if not e.quiet:
        e.emit(ev.Researched(seat, e.ref(a.uid), drawn))


def repair(e: Engine, seat: int, act: Repair) -> None:
    e.set_phase(REPAIR)
    a = e.b.asset(act.asset)
    assert a is not None
    a.tapped = True
    if act.target == a.uid:
        a.damage -= 1
    else:
        for u in a.upgrades:
            if u.uid == act.target:
                u.damage -= 1
    e.emit(ev.Repaired(seat, e.ref(a.uid), e.ref(act.target)))


def place(e: Engine, seat: int, act: Place) -> None:
    t = e.t
    a: Asset | None = None
    for x in t.assets:  # Board.asset
        if x.uid == act.asset:
            a = x
            break
    assert a is not None
    t.hands[seat].remove(act.card)
    slip = Slip(uid=act.card, owner=seat)
    if t.cards[act.card] in SHIP_CARDS:  # (Board.card: a spacecraft's)
        if t.phase < PLACE_SHIPS:  # Engine.set_phase
            t.phase = PLACE_SHIPS
        a.ship_slips.append(slip)
        if not e.quiet:
            e.emit(ev.Placed(seat, act.card, "spacecraft", e.ref(a.uid)))
    else:
        if t.phase < PLACE_UPGRADES:
            t.phase = PLACE_UPGRADES
        a.upgrade_slips.append(slip)
        if not e.quiet:
            e.emit(ev.Placed(seat, act.card, "upgrade", e.ref(a.uid)))
    if not e.quiet:
        e.emit(ev.OwnCard(seat, e.ref(act.card)), seats=(seat,))


def found(e: Engine, seat: int, act: Found) -> None:
    e.set_phase(PLACE_ASSETS)
    e.t.hands[seat].remove(act.card)
    e.t.assets.append(Asset(uid=act.card, controller=seat, face_up=False))
    if not e.quiet:
        e.emit(ev.Placed(seat, act.card, "asset"))
        e.emit(ev.OwnCard(seat, e.ref(act.card)), seats=(seat,))


def allocate(e: Engine, seat: int, act: Allocate) -> None:
    t = e.t
    if t.phase < ALLOCATE:  # Engine.set_phase
        t.phase = ALLOCATE
    a: Asset | None = None
    fd: Asset | None = None
    for x in t.assets:  # Board.asset of the asset and of the target, in one pass
        if x.uid == act.asset:
            a = x
        if x.uid == act.target:
            fd = x
    assert a is not None
    a.tapped = True
    power = ASSET_CARDS[t.cards[a.uid]].factory + a.bonus_power  # Board.asset_card
    if fd is not None:
        fd.counters += power
    else:
        for slip in a.ship_slips:
            if slip.uid == act.target:
                slip.counters += power
        for slip in a.upgrade_slips:
            if slip.uid == act.target:
                slip.counters += power
    if not e.quiet:
        e.emit(ev.ConstructionAllocated(seat, e.ref(a.uid), power, act.target))
        done, cost = e.progress(act.target)
        e.emit(ev.ConstructionProgress(seat, e.ref(act.target), done, cost), seats=(seat,))


def cannibalize(e: Engine, seat: int, act: Cannibalize) -> None:
    e.set_phase(ALLOCATE)
    a = e.b.asset(act.asset)
    s = e.b.ship(act.ship)
    assert a is not None and s is not None
    a.bonus_power += act.damage
    e.emit(ev.Cannibalized(e.ref(a.uid), e.ref(s.uid), act.damage))
    taker = deal(e, s, act.damage)
    check_destroyed(e, taker, None)


def swap(e: Engine, seat: int, act: Swap) -> None:
    e.set_phase(ALLOCATE)
    a = e.b.asset(act.asset)
    s = e.b.ship(act.ship)
    assert a is not None and s is not None
    a.tapped = True
    hand = e.t.hands[seat]
    hand.remove(act.card)
    old = s.uid
    hand.append(old)
    s.uid = act.card
    s.boosted_by = []
    e.emit(ev.Swapped(seat, e.ref(a.uid), e.ref(old), e.ref(act.card)), reveals=True)


def flip(e: Engine, seat: int, act: Flip) -> None:
    e.t.phase = CLEANUP  # Engine.set_phase: the last phase
    fd = e.b.asset(act.card)
    if fd is not None and not fd.face_up:
        fd.face_up = True
        fd.counters = 0
        fd.debris = [[] for _ in e.b.orbitals(fd)]
        if not e.quiet:
            e.emit(ev.Completed(seat, e.ref(fd.uid), "asset"), reveals=True)
        return
    found = e.b.owner_of_slip(act.card)
    assert found is not None
    a, side = found
    if side == "upgrade":
        a.upgrade_slips = [x for x in a.upgrade_slips if x.uid != act.card]
        a.upgrades.append(Upgrade(uid=act.card))
        if not e.quiet:
            e.emit(ev.Completed(seat, e.ref(act.card), "upgrade", e.ref(a.uid)), reveals=True)
        return
    card = e.b.card(act.card)
    assert isinstance(card, SpacecraftCard)
    _, default = ab.entry_orbitals(e.b, a, card)
    orbital = default if act.orbital == -1 else act.orbital
    a.ship_slips = [x for x in a.ship_slips if x.uid != act.card]
    e.t.ships.append(Ship(uid=act.card, owner=seat, asset=a.uid, orbital=orbital))
    if not e.quiet:
        e.emit(ev.Completed(seat, e.ref(act.card), "spacecraft", e.ref(a.uid), orbital), reveals=True)
