"""Maneuvers: burns, transfers, Laser Broom sweeps, Debris Cleaner, captains' boosts, and the
follow-up offers a move opens (troop pods riding along, wingmen, Adm. Nguyen's escorts, BluPo
Tug's tow). Attacks are in ``combat``, bombardments in ``bombard``.
"""

from __future__ import annotations

from typing import Literal

from starlanes.games.retrograde import abilities as ab
from starlanes.games.retrograde import events as ev
from starlanes.games.retrograde.actions import Boost, Burn, Clean, Follow, Pass, Sweep, Transfer
from starlanes.games.retrograde.board import ASSET_CARDS
from starlanes.games.retrograde.legality import follow_problem
from starlanes.games.retrograde.rules.bombard import finish_bombard
from starlanes.games.retrograde.rules.common import Engine
from starlanes.games.retrograde.state import Prompt, Ship

__all__ = ["boost", "burn", "clean", "drop_dead_offers", "follow", "pass_offer", "sweep", "transfer"]

_BURN_COST = ab.HOOKS["burn_cost"]  # (the handlers by ability kind)
_AFTER_MOVE = ab.HOOKS["after_move"]


def burn(e: Engine, seat: int, act: Burn) -> None:
    t = e.t
    s: Ship | None = None
    for x in t.ships:  # Board.ship
        if x.uid == act.ship:
            s = x
            break
    assert s is not None
    orbitals = ASSET_CARDS[t.cards[s.asset]].orbitals  # Engine.burn_cost, its lookups inlined
    cost = max(orbitals[s.orbital] - orbitals[act.orbital], e.cfg.burn_min_cost)
    for src in ab.found(e.b, "burn_cost"):  # (ab.modify, without its call and its packed arguments)
        cost = _BURN_COST[src.ability.kind](e.b, src, cost, ship=s)
    cost = int(cost)
    frm = s.orbital
    s.dv += cost
    s.moves += 1
    if cost == 0:
        s.free_burns += 1
    s.orbital = act.orbital
    if not e.quiet:
        e.emit(ev.Moved(e.ref(s.uid), "burn", cost, from_orbital=frm, to_orbital=act.orbital))
    _after_move(e, s, "burn", s.asset, frm)


def transfer(e: Engine, seat: int, act: Transfer) -> None:
    s = e.b.ship(act.ship)
    dest = e.b.asset(act.asset)
    assert s is not None and dest is not None
    cost = e.transfer_cost(s, dest)
    frm_asset, frm = s.asset, s.orbital
    s.dv += cost
    s.moves += 1
    s.asset, s.orbital = dest.uid, e.b.outermost(dest)
    if not e.quiet:
        e.emit(ev.Moved(e.ref(s.uid), "transfer", cost, to=e.ref(dest.uid)))
    _after_move(e, s, "transfer", frm_asset, frm)


def sweep(e: Engine, seat: int, act: Sweep) -> None:
    s = e.b.ship(act.ship)
    assert s is not None
    broom = e.b.ship_card(s).ability("sweep")
    assert broom is not None
    s.dv += int(broom.get("cost"))
    s.moves += 1
    _clear_debris(e, s.asset, s.orbital, s.uid, "sweeps")


def clean(e: Engine, seat: int, act: Clean) -> None:
    found = e.b.upgrade(act.upgrade)
    assert found is not None
    a, u = found
    u.tapped = True
    _clear_debris(e, a.uid, act.orbital, u.uid, "cleans")


def _clear_debris(e: Engine, asset_uid: int, orbital: int, by: int, how: Literal["sweeps", "cleans"]) -> None:
    a = e.b.asset(asset_uid)
    assert a is not None
    d = a.debris[orbital].pop(0)
    e.t.discards[d.owner].append(d.uid)
    e.emit(ev.DebrisCleared(e.ref(by), how, e.ref(d.uid), orbital, e.ref(a.uid)))


def boost(e: Engine, seat: int, act: Boost) -> None:
    src = e.b.ship(act.source)
    tgt = e.b.ship(act.target)
    assert src is not None and tgt is not None
    card = e.b.ship_card(src)
    reinforce = card.ability("reinforce")
    ability = reinforce or card.ability("refuel")
    assert ability is not None
    src.dv += int(ability.get("cost"))
    src.moves += 1
    if reinforce is not None:
        amount = int(reinforce.get("armor"))
        tgt.armor_bonus += amount
        boosted = ev.Boosted(e.ref(src.uid), e.ref(tgt.uid), "armor", amount)
    else:
        amount = int(ability.get("delta_vee"))
        tgt.dv_bonus += amount
        boosted = ev.Boosted(e.ref(src.uid), e.ref(tgt.uid), "delta-vee limit", amount)
    tgt.boosted_by.append(src.uid)
    e.emit(boosted)


def follow(e: Engine, seat: int, act: Follow) -> None:
    p = e.t.prompts[0]
    s = e.b.ship(act.ship)
    assert s is not None
    if p.ability == "wingman":
        s.dv += p.amount
    elif p.ability == "tow":
        dest = e.b.asset(p.to_asset)
        assert dest is not None
        s.dv += e.transfer_cost(s, dest)
    s.asset, s.orbital = p.to_asset, p.to_orbital
    p.chosen.append(s.uid)
    p.left -= 1
    e.emit(ev.Followed(e.ref(s.uid), e.ref(p.target), e.ref(p.to_asset), p.ability))
    if p.left <= 0:
        e.t.prompts.pop(0)
    drop_dead_offers(e)


def pass_offer(e: Engine, seat: int, act: Pass) -> None:
    p = e.t.prompts.pop(0)
    if p.kind == "sacrifice":
        e.emit(ev.SacrificeDeclined(seat))
        finish_bombard(e, p.source, e.t.current, p.to_asset, p.amount, bool(p.left))
    drop_dead_offers(e)


def drop_dead_offers(e: Engine) -> None:
    """Follow-up offers that nobody can take any more (their ships left with an earlier offer)
    are skipped (ruling 51)."""
    while e.t.prompts and e.t.prompts[0].kind == "follow":
        p = e.t.prompts[0]
        if any(follow_problem(e, p.seat, p, o.uid) is None for o in e.t.ships if o.owner == p.seat):
            return
        e.t.prompts.pop(0)


def _after_move(e: Engine, s: Ship, move: str, from_asset: int, from_orbital: int) -> None:
    found = ab.found(e.b, "after_move")  # (ab.modify: no card answers it, no offer)
    if not found:
        return
    prompts: list[Prompt] = []  # (ab.run, without its call and its packed arguments)
    for src in found:
        prompts = _AFTER_MOVE[src.ability.kind](e.b, src, prompts, ship=s, move=move, from_asset=from_asset,
                                                from_orbital=from_orbital, to_asset=s.asset, to_orbital=s.orbital)
    # a prompt nobody can answer is skipped
    for p in prompts:
        able = [o.uid for o in e.t.ships if o.owner == p.seat and follow_problem(e, p.seat, p, o.uid) is None]
        if able:
            e.t.prompts.append(p)
            e.emit(ev.FollowOffered(p.seat, p.ability, p.left, [e.ref(u) for u in able]), seats=(p.seat,))
