"""Bombardment of an asset or an upgrade, Loyal to Humanity's sacrifice, and capture."""

from __future__ import annotations

from starlanes.games.retrograde import abilities as ab
from starlanes.games.retrograde import events as ev
from starlanes.games.retrograde.actions import Bombard, Sacrifice
from starlanes.games.retrograde.rules.combat import check_destroyed, deal, destroy, roll_hits
from starlanes.games.retrograde.rules.common import Engine
from starlanes.games.retrograde.state import NOBODY, Asset, Prompt, Ship

__all__ = ["bombard", "capture", "finish_bombard", "sacrifice"]


def bombard(e: Engine, seat: int, act: Bombard) -> None:
    s = e.b.ship(act.ship)
    assert s is not None
    a = e.b.asset(s.asset)
    assert a is not None
    cost = e.bombard_cost(s)
    s.moves += 1
    if act.target == a.uid:
        resistance = e.b.asset_card(a).resistance
    else:
        found = e.b.upgrade(act.target)
        assert found is not None
        resistance = e.b.upgrade_card(found[1]).resistance
    check = act.power - resistance
    s.dv += cost + act.power
    dice = e.b.ship_card(s).bombardment
    hits, rolls = roll_hits(e, s, dice, check)
    e.emit(ev.Bombarded(e.ref(s.uid), e.ref(act.target), act.power, check, dice, rolls, hits))
    spent = bool(ab.modify(e.b, "spent_after_attack", False, attacker=s, hits=hits))
    if act.target == a.uid and hits:
        absorber = ab.modify(e.b, "bombard_absorber", None, asset=a, attacker=s, target=act.target,
                             own_only=e.cfg.screen_own_asset_only)
        if absorber is not None:
            e.emit(ev.Screened(e.ref(absorber.uid), e.ref(a.uid)))
            taker = deal(e, absorber, hits)
            check_destroyed(e, taker, s)
            finish_bombard(e, s.uid, seat, act.target, 0, spent)
            return
    # Loyal to Humanity: "when a friendly asset is bombarded", hits or not (ruling 27)
    if act.target == a.uid and (hits or not e.cfg.sacrifice_only_on_hits):
        defender = ab.modify(e.b, "sacrifice_seat", NOBODY, asset=a)
        if defender != NOBODY and any(x.owner == defender and x.asset == a.uid for x in e.t.ships):
            e.t.prompts.insert(0, Prompt(kind="sacrifice", seat=defender, source=s.uid, target=a.uid,
                                         to_asset=act.target, amount=hits, left=int(spent)))
            e.emit(ev.SacrificeOffered(defender))
            return
    finish_bombard(e, s.uid, seat, act.target, hits, spent)


def finish_bombard(e: Engine, attacker_uid: int, seat: int, target: int, hits: int, spent: bool) -> None:
    attacker = e.b.ship(attacker_uid)
    a = e.b.asset(target)
    if hits:
        if a is not None:
            a.damage += hits
            card = e.b.asset_card(a)
            e.emit(ev.AssetDamaged(e.ref(a.uid), a.damage, card.resistance))
            if a.damage >= card.resistance:
                capture(e, a, seat, attacker)
        else:
            found = e.b.upgrade(target)
            if found is not None:
                host, u = found
                u.damage += hits
                if u.damage >= e.b.upgrade_card(u).resistance:
                    host.upgrades.remove(u)
                    e.t.discards[e.t.owners[u.uid]].append(u.uid)
                    e.emit(ev.UpgradeDestroyed(e.ref(u.uid)))
    if spent and attacker is not None:
        e.emit(ev.Spent(e.ref(attacker.uid)))
        destroy(e, attacker, None)


def capture(e: Engine, a: Asset, seat: int, attacker: Ship | None) -> None:
    t = e.t
    old = a.controller
    for u in a.upgrades:
        t.discards[t.owners[u.uid]].append(u.uid)
    if a.upgrades:
        e.emit(ev.UpgradesLost([e.ref(u.uid) for u in a.upgrades]))
    a.upgrades = []
    lost = [slip.uid for slip in a.upgrade_slips]
    for slip in a.upgrade_slips:
        t.discards[t.owners[slip.uid]].append(slip.uid)
    a.upgrade_slips = []
    if ab.modify(e.b, "capture_seizes", False, seat=seat):
        for slip in a.ship_slips:
            slip.owner = seat
        if a.ship_slips:
            e.emit(ev.SlipsSeized(seat))
    else:
        lost += [slip.uid for slip in a.ship_slips]
        for slip in a.ship_slips:
            t.discards[t.owners[slip.uid]].append(slip.uid)
        a.ship_slips = []
    if lost:
        e.emit(ev.SlipsDestroyed(lost))
    if e.cfg.capture_clears_damage:
        a.damage = 0
    if attacker is not None and ab.modify(e.b, "capture_razes", False, attacker=attacker):
        a.controller = NOBODY
        a.razed = True
        e.emit(ev.Razed(e.ref(a.uid)))
    else:
        a.controller = seat
        e.emit(ev.Captured(e.ref(a.uid), seat))
    if old != NOBODY and old != a.controller:
        t.gate_streak[old] = 0 if e.b.asset_card(a).has("gate-victory") else t.gate_streak[old]


def sacrifice(e: Engine, seat: int, act: Sacrifice) -> None:
    p = e.t.prompts.pop(0)
    s = e.b.ship(act.ship)
    assert s is not None
    s.orbital = 0
    e.emit(ev.Sacrificed(e.ref(s.uid)))
    destroy(e, s, None)
    finish_bombard(e, p.source, e.t.current, p.to_asset, 0, bool(p.left))
