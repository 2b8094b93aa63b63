"""Combat between spacecraft: the attack, the sealed power/defense choice, the dice, the damage
(and who takes it instead), destruction, boarding and the debris a wreck leaves.
"""

from __future__ import annotations

from starlanes.games.retrograde import abilities as ab
from starlanes.games.retrograde import events as ev
from starlanes.games.retrograde.actions import Attack
from starlanes.games.retrograde.board import Board
from starlanes.games.retrograde.rules.common import Engine, combat_of, combat_pending
from starlanes.games.retrograde.state import COMBAT, Config, Debris, Prompt, Ship

__all__ = ["attack", "check_destroyed", "combat_ranges", "deal", "destroy", "resolve_combat", "roll_hits"]


def combat_ranges(b: Board, p: Prompt, cfg: Config) -> tuple[int, int, int]:
    """For a pending combat: (highest power, highest defense, the defender's free radar bonus)."""
    att = b.ship(p.source)
    dfd = b.ship(p.target)
    assert att is not None and dfd is not None
    def room(s: Ship) -> int:
        return b.ship_card(s).delta_vee + s.dv_bonus - s.dv
    radar = int(ab.modify(b, "defense_bonus", 0, defender=dfd, attacker=att, local=cfg.radar_local))
    return room(att) - p.amount, max(0, room(dfd)), radar


def attack(e: Engine, seat: int, act: Attack) -> None:
    s = e.b.ship(act.ship)
    d = e.b.ship(act.target)
    assert s is not None and d is not None
    s.moves += 1
    e.s.pending = combat_pending(Prompt(kind=COMBAT, seat=seat, source=s.uid, target=d.uid,
                                        amount=e.attack_cost(s, d)), d.owner)
    e.emit(ev.AttackDeclared(e.ref(s.uid), e.ref(d.uid)))


def roll_hits(e: Engine, attacker: Ship, dice: int, check: int) -> tuple[int, list[int]]:
    rolls = [e.s.rng.randint(1, e.cfg.die_sides) for _ in range(max(0, dice))]
    hits = 0
    for r in rolls:
        if r < check or ab.modify(e.b, "always_hits", False, attacker=attacker, roll=r):
            hits += 1
    return hits, rolls


def resolve_combat(e: Engine, p: Prompt, power: int, defense: int) -> None:
    """Both sealed choices are in: the hit check, the dice, the damage."""
    e.s.pending = None
    att = e.b.ship(p.source)
    dfd = e.b.ship(p.target)
    assert att is not None and dfd is not None
    bonus = int(ab.modify(e.b, "defense_bonus", 0, defender=dfd, attacker=att, local=e.cfg.radar_local))
    check = power - (defense + bonus)
    att.dv += p.amount + power
    dfd.dv += defense
    dice = e.accuracy(att)
    hits, rolls = roll_hits(e, att, dice, check)
    e.emit(ev.CombatResolved(e.ref(att.uid), e.ref(dfd.uid), power, defense, bonus, check, dice, rolls, hits))
    recipients = ab.modify(e.b, "hit_recipients", [(dfd.uid, hits)] if hits else [], defender=dfd)
    hurt: list[Ship] = []
    for uid, n in recipients:
        victim = e.b.ship(uid)
        if victim is not None:
            hurt.append(deal(e, victim, n))
    for victim in hurt:
        check_destroyed(e, victim, att)
    if ab.modify(e.b, "spent_after_attack", False, attacker=att, hits=hits) and e.b.ship(att.uid):
        e.emit(ev.Spent(e.ref(att.uid)))
        destroy(e, att, None)


def deal(e: Engine, ship: Ship, amount: int) -> Ship:
    """Put ``amount`` damage on ``ship`` (or on whoever takes it instead); return who took it."""
    taker: Ship = ab.modify(e.b, "damage_taker", ship, ship=ship, friendly_only=e.cfg.mercy_friendly_only)
    if taker is not ship:
        e.emit(ev.DamageRedirected(e.ref(taker.uid), e.ref(ship.uid)))
    taker.damage += amount
    return taker


def check_destroyed(e: Engine, ship: Ship, attacker: Ship | None) -> None:
    if e.b.ship(ship.uid) is None or ship.damage < e.armor(ship):
        return
    how = ab.modify(e.b, "on_destroy", "destroy", victim=ship, attacker=attacker)
    if how == "board" and attacker is not None:
        ship.owner = attacker.owner
        e.emit(ev.Boarded(e.ref(ship.uid), attacker.owner))
        return
    destroy(e, ship, attacker)


def destroy(e: Engine, ship: Ship, attacker: Ship | None) -> None:
    leaves_debris = ab.modify(e.b, "leaves_debris", True, ship=ship)  # asked while it is in play
    e.t.ships.remove(ship)
    a = e.b.asset(ship.asset)
    assert a is not None
    if leaves_debris:
        a.debris[ship.orbital].append(Debris(uid=ship.uid, owner=e.t.owners[ship.uid]))
        e.emit(ev.Destroyed(e.ref(ship.uid), True, ship.orbital))
    else:
        e.t.discards[e.t.owners[ship.uid]].append(ship.uid)
        e.emit(ev.Destroyed(e.ref(ship.uid), False, ship.orbital))
    # a combat that named it can no longer be fought
    combat = combat_of(e.s.pending)
    if combat is not None and ship.uid in (combat.source, combat.target):
        e.s.pending = None
