"""The battle engine: rounds, phases by level, shots, evasion, damage, determination, retreat
(rules v2.6.8 S16; inventory COMB-05..19, GRND-04..07, MIL-02..03, Amb#5, #57-#65, #68, #78).

One engine serves space and ground combat.  A battle is between two :class:`Force` records (the
pipeline merges allies into one side, Amb#55; ruling 108).  :func:`fight` runs it with a seeded
``random.Random`` and returns a :class:`BattleResult`: what happened to every unit, who held the
field, who retreated, and (when asked) a round-by-round log for the participants' combat
reports.  Battle Tactics (COMB-12) is :func:`battle`: the side with the higher level has the
battle run once more per level of difference and keeps the run best for it (Amb#65).

Each round, units fire in phases by level, L1 first.  All shots of a phase pick their targets
among the enemies alive at the phase's start and their damage lands after the whole phase has
fired (Amb#62); a shot that finds its target already destroyed in that phase is wasted (overkill,
COMB-08).  A shot hits when a d100 roll is greater than the target's effective Evasion (COMB-07).
Determination is checked at the end of every phase: a side at 0 or below fights one last round
with double Evasion and half Firepower, then its survivors leave (COMB-16).

Detachments given to a space battle are armies in their own transports (COMB-02, Amb#69, ruling
212): targets with their own Health and their level's base Evasion, Firepower 0, never retreating
nor leaving (Speed 0, they cannot escape), outside determination like militia; when their fleet
has gone the enemy keeps firing at them until they are destroyed or the battle ends otherwise.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Literal

from starlanes.games.star_kingdoms.catalogue import Catalogue
from starlanes.games.star_kingdoms.war.params import WarParams
from starlanes.games.star_kingdoms.war.units import Unit, UnitLike, is_fighter, shields_damage_of, unit_kind, unit_stats

__all__ = [
    "BattleResult",
    "Force",
    "Shot",
    "UnitOutcome",
    "battle",
    "fight",
    "initial_determination",
    "militia_unit",
    "round_half_up",
    "score_for",
]

INFINITE = math.inf
Ending = Literal["destroyed", "retreat", "disengaged", "round-limit", "stalled", "turn-over"]


def round_half_up(value: float) -> int:
    """Shot damage is 'rounded normally' (S16.2, Amb#5): 32.5 -> 33, 32.4 -> 32."""
    return math.floor(value + 0.5)


@dataclass(frozen=True)
class Force:
    """One side of a battle: a faction's units (or allies' merged) and what modifies them."""

    name: str
    units: tuple[UnitLike, ...]
    colony_here: bool = False
    """The system holds one of the side's colonies: initial determination x1.25 (COMB-14)."""
    homeworld_here: bool = False
    """The system holds the side's homeworld: determination is infinite (COMB-14)."""
    battle_tactics: int = 0
    """The side's Battle Tactics level (the highest of its factions, Amb#65)."""
    training: bool = False
    """Naval (space) or Army (ground) Training Techniques: reduced at 40% (COMB-15)."""
    determination_modifier: int = 0
    """A GM narrative modifier, added once at the start (COMB-14)."""
    militia: int = 0
    """Militia detachments fighting beside this side (ground defence only, MIL-01)."""
    guerilla: bool = False
    """Guerilla Warfare Techniques: the side's militia have Evasion 50."""
    can_retreat: bool = True
    """Ground: a retreat needs the side Uncontested in space; otherwise it surrenders (GRND-06)."""
    determination: float | None = None
    """Carried over from an earlier turn of a ground war (overrides the initial value)."""


@dataclass(frozen=True)
class Shot:
    """One shot of the log."""

    round: int
    shooter: str
    target: str
    roll: int
    evasion: int
    hit: bool
    damage: int


@dataclass(frozen=True)
class UnitOutcome:
    """What one unit came out of the battle with."""

    unit_id: str
    side: int
    destroyed: bool
    surrendered: bool
    retreated: bool
    damage: int
    """Its Hull/Health damage after the battle (write it back to ``Unit.damage``)."""
    shields_damage: int
    hp_lost: int
    """Hull/Health and Shields lost in this battle."""


@dataclass(frozen=True)
class BattleResult:
    """How a battle ended, and every unit's fate."""

    ending: Ending
    winner: int | None
    """The side left holding the field (0 or 1), or None when both stay or both part."""
    rounds: int
    retreated: tuple[int, ...]
    """Sides that retreated."""
    surrendered: tuple[int, ...]
    """Sides whose detachments surrendered (ground, GRND-06)."""
    determination: tuple[float, float]
    units: tuple[UnitOutcome, ...]
    militia_left: tuple[int, int]
    log: tuple[Shot, ...] = ()

    def lost(self, side: int) -> tuple[UnitOutcome, ...]:
        """The side's units destroyed or surrendered (surrendered count as destroyed, COMB-20)."""
        return tuple(u for u in self.units if u.side == side and (u.destroyed or u.surrendered))


@dataclass
class _Fighter:
    """A unit during one battle (mutable copy)."""

    key: str
    unit: UnitLike | None
    side: int
    level: int
    max_hp: int
    max_shields: int
    hp: int
    shields: int
    firepower: int
    shots: int
    evasion: int
    target_ev_mult: float
    target_ev_add: int
    blind: bool
    assault: bool
    flak_level: int
    militia: bool
    threshold: float
    reduced: bool
    start_damage: int
    start_shields_damage: int
    alive: bool = True
    retreating: bool = False
    gone: bool = False
    surrendered: bool = False
    pending: list[int] = field(default_factory=list)
    transport: bool = False
    """An army in its own transports in a space battle (COMB-02, Amb#69)."""

    @property
    def active(self) -> bool:
        return self.alive and not self.gone and not self.surrendered

    @property
    def counts(self) -> bool:
        """It moves determination and may retreat: not militia, not troops in transports."""
        return not self.militia and not self.transport


def militia_unit(index: int, owner: str) -> Unit:
    """A militia detachment's record (MIL-02: level 1, Amb#76); its numbers come from params."""
    return Unit(id=f"militia-{index + 1}", name="Militia", owner=owner, class_id="militia", kind="detachment",
                level=1)


def initial_determination(cat: Catalogue, force: Force, params: WarParams, kind: str) -> float:
    """Σ levels of units strictly above the threshold (Shields count; COMB-13, Amb#59), x1.25
    rounded up with a colony in the system, infinite with the homeworld (COMB-14).  Militia add
    nothing (Amb#78)."""
    if force.determination is not None:
        return force.determination
    if force.homeworld_here and params.homeworld_never_retreats:
        return INFINITE
    threshold = (params.training_damaged_percent if force.training else params.damaged_percent) / 100
    total = 0
    for unit in force.units:
        if not _takes_part(cat, unit, kind, params) or _in_transports(cat, unit, kind):
            continue  # troops in transports add nothing (ruling 212)
        stats = unit_stats(cat, unit, params)
        top = stats.hull + stats.shields
        now = top - unit.damage - shields_damage_of(unit)
        if top > 0 and now > threshold * top:
            total += unit.level
    value = float(total)
    if force.colony_here:
        value = float(math.ceil(total * params.colony_determination_percent / 100 - 1e-9))
    return value + force.determination_modifier


def _in_transports(cat: Catalogue, unit: UnitLike, kind: str) -> bool:
    """A detachment in a space battle: an army in its own transports (COMB-02)."""
    return kind == "space" and unit_kind(cat, unit) == "detachment"


def _takes_part(cat: Catalogue, unit: UnitLike, kind: str, params: WarParams) -> bool:
    if kind == "space":
        return unit_kind(cat, unit) == "ship" or params.transports_in_space_battles
    if unit_kind(cat, unit) == "detachment":
        return True
    cls = cat.classes[unit.class_id]
    return is_fighter(cls) and unit.variant == "atmospheric"  # GRND-08


def _build(cat: Catalogue, forces: Sequence[Force], params: WarParams, kind: str,
           nebula: bool) -> list[_Fighter]:
    out: list[_Fighter] = []
    for side, force in enumerate(forces):
        threshold = (params.training_damaged_percent if force.training else params.damaged_percent) / 100
        flak = 0
        for unit in force.units:
            if unit.variant == "flak" and kind == "space":
                flak = max(flak, unit.level)  # only the highest Flak applies (Amb#63)
        for unit in force.units:
            if not _takes_part(cat, unit, kind, params):
                continue
            stats = unit_stats(cat, unit, params)
            transport = _in_transports(cat, unit, kind)
            variant = cat.variants.get(unit.variant) if unit.variant and not transport else None
            fp = 0 if transport else stats.firepower  # troops cannot fire from their transports (Amb#69)
            if variant is not None:  # multipliers on total FP, rounded up (Amb#64)
                fp = math.ceil(fp * variant.fp_mult * variant.damage_mult - 1e-9)
            blind = kind == "space" and nebula and not stats.nebula_sensors
            base = params.base_evasion[unit.level - 1] if transport else stats.evasion  # level Ev (Amb#69)
            own = base + (flak if unit_kind(cat, unit) == "ship" else 0)
            if blind:
                own = max(0, own - params.nebula_evasion_penalty)
            max_hp, max_sh = stats.hull, stats.shields
            hp = max_hp - unit.damage
            sh = max(0, max_sh - shields_damage_of(unit))
            top = max_hp + max_sh
            out.append(_Fighter(
                key=unit.id or unit.name, unit=unit, side=side, level=unit.level, max_hp=max_hp, max_shields=max_sh,
                hp=hp, shields=sh, firepower=fp, shots=1 if unit.variant == "spinal" else unit.level,
                evasion=max(0, own), target_ev_mult=variant.target_ev_mult if variant else 1.0,
                target_ev_add=variant.target_ev_add if variant else 0, blind=blind,
                assault=unit.variant == "assault", flak_level=flak, militia=False, threshold=threshold,
                reduced=top <= 0 or hp + sh <= threshold * top, start_damage=unit.damage,
                start_shields_damage=shields_damage_of(unit), alive=hp > 0, transport=transport))
        if kind == "ground":
            ev = params.militia_guerilla_evasion if force.guerilla else params.militia_evasion
            for i in range(force.militia):
                out.append(_Fighter(
                    key=f"{force.name} militia {i + 1}", unit=None, side=side, level=1,
                    max_hp=params.militia_health, max_shields=0, hp=params.militia_health, shields=0,
                    firepower=params.militia_firepower, shots=1, evasion=ev, target_ev_mult=1.0, target_ev_add=0,
                    blind=False, assault=False, flak_level=0, militia=True, threshold=threshold, reduced=False,
                    start_damage=0, start_shields_damage=0))
    return out


def _effective_ev(target: _Fighter, shooter: _Fighter, params: WarParams) -> int:
    """Amb#60: own additive modifiers (already in ``evasion``), x2 when retreating, the attacker's
    multiplier, the attacker's additive modifiers, then clamped to [0, cap] (Amb#122)."""
    ev = float(target.evasion)
    if target.retreating:
        ev *= params.retreat_evasion_mult
    ev *= shooter.target_ev_mult
    ev += shooter.target_ev_add
    if shooter.blind:
        ev += params.nebula_evasion_penalty
    return max(0, min(params.evasion_cap, math.ceil(ev - 1e-9)))


def fight(cat: Catalogue, attacker: Force, defender: Force, rng: random.Random, *, kind: str = "space",
          nebula: bool = False, params: WarParams | None = None, rounds: int | None = None,
          record: bool = False) -> BattleResult:
    """One run of a battle.  ``rounds``: the rounds of this turn (ground combat, GRND-01); space
    combat runs until it ends, at most ``max_rounds`` (Amb#57)."""
    p = params or WarParams()
    forces = (attacker, defender)
    units = _build(cat, forces, p, kind, nebula)
    det = [initial_determination(cat, f, p, kind) for f in forces]
    log: list[Shot] = []
    retreated: list[int] = []
    surrendered: list[int] = []
    limit = rounds if rounds is not None else p.max_rounds
    # unarmed ships never fight: forced into combat, only their retreat round is run (COMB-03)
    unarmed = [f for f in units if kind == "space" and f.firepower == 0 and f.active and not f.transport]
    for f in unarmed:
        f.retreating = True
    leaving: set[int] = set()  # sides fighting their retreat round now (COMB-16)
    quiet = 0
    rnd = 0

    def done(ending: Ending, winner: int | None) -> BattleResult:
        return _result(units, ending, winner, rnd, retreated, surrendered, det, log, forces)

    def over() -> BattleResult | None:
        """The battle is over when a side has nobody left fighting (destroyed, or gone)."""
        standing = [any(f.active for f in units if f.side == s) for s in (0, 1)]
        if standing[0] and standing[1]:
            return None
        for s in (0, 1):
            if not standing[s] and any(f.alive and f.gone for f in units if f.side == s) and s not in retreated:
                retreated.append(s)
        winner = 0 if standing[0] else (1 if standing[1] else None)
        return done("retreat" if retreated or surrendered else "destroyed", winner)

    while rnd < limit or leaving:
        rnd += 1
        final = set(leaving)
        damaged = False
        triggered: set[int] = set()
        for level in range(1, 6):
            firers = [f for f in units if f.active and f.level == level and f.firepower > 0
                      and not (f.assault and rnd == 1)]
            if not firers:
                continue
            enemies_of = ([f for f in units if f.active and f.side == 1],
                          [f for f in units if f.active and f.side == 0])
            for f in firers:
                enemies = enemies_of[f.side]
                if not enemies:
                    continue
                fp = f.firepower
                if f.retreating:
                    fp = math.ceil(fp * p.retreat_firepower_percent / 100 - 1e-9)
                per_shot = round_half_up(fp / f.shots)
                if per_shot <= 0:
                    continue
                for _ in range(f.shots):
                    target = enemies[rng.randrange(len(enemies))]
                    ev = _effective_ev(target, f, p)
                    roll = rng.randint(1, 100)
                    if roll > ev:
                        target.pending.append(per_shot)
                    if record:
                        log.append(Shot(rnd, f.key, target.key, roll, ev, roll > ev, per_shot if roll > ev else 0))
            damaged = _land(units, det, p) or damaged
            if (ended := over()) is not None:
                return ended
            if final:
                continue  # the retreat round is fought to its end
            low = [s for s in (0, 1) if det[s] <= 0 and _has_retreaters(units, s)]
            if len(low) == 2:  # both at once: the one further below retreats; a tie parts them (COMB-17)
                if det[0] == det[1]:
                    return done("disengaged", None)
                low = [0 if det[0] < det[1] else 1]
            if low:
                triggered = set(low)
                break  # the force retreats at once: its one last round comes next (COMB-16)
        if final:
            _finish_retreats(units, final, forces, kind, retreated, surrendered)
            others = [s for s in (0, 1) if s not in final and any(f.active for f in units if f.side == s)]
            left_behind = any(f.active and f.transport for f in units if f.side in final)
            hunters = any(f.active and f.firepower > 0 for f in units if f.side not in final)
            if not (left_behind and hunters):
                return done("retreat", others[0] if len(others) == 1 else None)
            leaving = set()  # their fleet is gone; its troops in transports cannot escape (COMB-02)
            continue
        for f in unarmed:  # their retreat round is over: they leave (COMB-03)
            if f.active:
                f.gone = True
        unarmed = []
        if (ended := over()) is not None:
            return ended
        if triggered:
            leaving = triggered
            for f in units:
                if f.side in triggered and f.active and f.counts:
                    f.retreating = True
        quiet = 0 if damaged else quiet + 1
        if quiet >= p.stall_rounds and rounds is None and not leaving:
            return done("stalled", None)
    return done("round-limit" if rounds is None else "turn-over", None)


def _land(units: list[_Fighter], det: list[float], p: WarParams) -> bool:
    """Apply the phase's hits: Shields first, then Hull; a destroyed unit wastes the rest
    (COMB-08).  Determination falls by the level of each unit newly reduced to the threshold
    and of each destroyed (COMB-15; both when it goes straight from above to destroyed,
    ruling 102); militia change nothing (Amb#78).  True if anything was hit."""
    hit = False
    for t in units:
        if not t.pending:
            continue
        hit = True
        was_reduced = t.reduced
        for dmg in t.pending:
            if not t.alive:
                break
            from_shields = min(t.shields, dmg)
            t.shields -= from_shields
            t.hp -= dmg - from_shields
            if t.hp <= 0:
                t.alive = False
        t.pending.clear()
        if not t.counts:
            continue  # militia (Amb#78) and troops in transports (ruling 212) leave determination alone
        if t.hp + t.shields <= t.threshold * (t.max_hp + t.max_shields):
            t.reduced = True
        if not t.alive:
            det[t.side] -= t.level
            if not was_reduced and p.destroyed_after_reduced_both_count:
                det[t.side] -= t.level
        elif t.reduced and not was_reduced:
            det[t.side] -= t.level
    return hit


def _finish_retreats(units: list[_Fighter], sides: set[int], forces: tuple[Force, Force], kind: str,
                     retreated: list[int], surrendered: list[int]) -> None:
    for s in sorted(sides):
        _leave(units, s, forces[s], kind, retreated, surrendered)


def _has_retreaters(units: list[_Fighter], side: int) -> bool:
    return any(f.active and f.counts for f in units if f.side == side)


def _leave(units: list[_Fighter], side: int, force: Force, kind: str, retreated: list[int],
           surrendered: list[int]) -> None:
    """The survivors of a retreat round leave (space: by their route, COMB-19); a ground army
    goes back to its transports, or surrenders if its side is not Uncontested in space (GRND-06);
    militia never retreat nor surrender (GRND-07)."""
    if kind == "ground" and not force.can_retreat:
        for f in units:
            if f.side == side and f.active and not f.militia:
                f.surrendered = True
        if side not in surrendered:
            surrendered.append(side)
        return
    for f in units:
        if f.side == side and f.active and f.counts:
            f.gone = True  # troops in transports stay: Speed 0, they cannot escape (COMB-02)
    if side not in retreated:
        retreated.append(side)


def _result(units: list[_Fighter], ending: Ending, winner: int | None, rounds: int, retreated: list[int],
            surrendered: list[int], det: list[float], log: list[Shot], forces: tuple[Force, Force]) -> BattleResult:
    outcomes = tuple(
        UnitOutcome(unit_id=f.key, side=f.side, destroyed=not f.alive, surrendered=f.surrendered,
                    retreated=f.gone and f.alive, damage=max(0, f.max_hp - max(f.hp, 0)),
                    shields_damage=f.max_shields - f.shields,
                    hp_lost=(f.max_hp - f.start_damage - max(f.hp, 0))
                    + (max(0, f.max_shields - f.start_shields_damage) - f.shields))
        for f in units if not f.militia)
    militia = tuple(sum(1 for f in units if f.militia and f.alive and f.side == s) for s in (0, 1))
    return BattleResult(ending=ending, winner=winner, rounds=rounds, retreated=tuple(retreated),
                        surrendered=tuple(surrendered), determination=(det[0], det[1]), units=outcomes,
                        militia_left=(militia[0], militia[1]), log=tuple(log))


def score_for(side: int, result: BattleResult, cat: Catalogue, forces: tuple[Force, Force],
              params: WarParams | None = None) -> float:
    """How good a run is for ``side`` (Amb#65): enemy levels destroyed + the enemy's share of
    Hull lost, minus the same for its own side, + 1 if the enemy retreated."""
    p = params or WarParams()
    levels = {u.id or u.name: u.level for f in forces for u in f.units}
    tops: list[float] = [0.0, 0.0]
    for s, force in enumerate(forces):
        for u in force.units:
            st = unit_stats(cat, u, p)
            tops[s] += st.hull + st.shields
    lost_levels = [0.0, 0.0]
    lost_hp = [0.0, 0.0]
    for o in result.units:
        if o.destroyed or o.surrendered:
            lost_levels[o.side] += levels.get(o.unit_id, 1)
        lost_hp[o.side] += o.hp_lost
    share = [lost_hp[s] / tops[s] if tops[s] else 0.0 for s in (0, 1)]
    enemy = 1 - side
    score = lost_levels[enemy] + share[enemy] - lost_levels[side] - share[side]
    if enemy in result.retreated or enemy in result.surrendered:
        score += 1
    return score


def battle(cat: Catalogue, attacker: Force, defender: Force, rng: random.Random, *, kind: str = "space",
           nebula: bool = False, params: WarParams | None = None, rounds: int | None = None,
           record: bool = False) -> BattleResult:
    """A battle with Battle Tactics (COMB-12): the side with the higher level has it run once more
    per level of difference and keeps the run best for it; equal levels: one run."""
    p = params or WarParams()
    diff = attacker.battle_tactics - defender.battle_tactics
    extra = min(abs(diff) * p.battle_tactics_rerun_per_level, p.max_battle_tactics_reruns)
    seeds = [rng.getrandbits(64) for _ in range(extra + 1)]
    runs = [fight(cat, attacker, defender, random.Random(s), kind=kind, nebula=nebula, params=p, rounds=rounds,
                  record=record) for s in seeds]
    if extra == 0:
        return runs[0]
    favoured = 0 if diff > 0 else 1
    scores = [score_for(favoured, r, cat, (attacker, defender), p) for r in runs]
    return runs[max(range(len(runs)), key=lambda i: scores[i])]
