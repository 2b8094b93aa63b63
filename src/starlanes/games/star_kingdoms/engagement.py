"""Who fights whom, and the space battles of step 4 (rules v2.6.8 S14.4-14.5, S15, S16).

Inventory REL-01..08, CONT-01..04, COMB-01..04, COMB-18..19; ambiguities 54, 55, 56, 66, 98, 101.
Rulings 270-277 add: :func:`contests` (REL-02's contest column with contest directives, ruling 273),
attack orders against a class of units or a planet's guards (ruling 272), the tow's Speed 1 in
pursuit (ruling 271), fighters launched from their bays (Amb#70, ruling 275), disguises seen through
in battle (ruling 277), blind eyes meeting nobody in a nebula (ruling 276), and units stranded by a
lost nebula guide after the battles (Amb#105, ruling 270).

For every system where ships of two or more nations meet (:func:`step_space_combat`):

1. Who *wants* a fight with whom (:func:`wants_fight`): Hostile always; Wary when a specific
   standing order says engage (REL-02, REL-04: the order is consulted only in that cell, the
   default being not to engage, REL-03); Allied, Friendly and Neutral never.  Ordering a blockade,
   a bombardment or a landing against a nation's planet engages its forces there when the stance
   allows it (Wary or Hostile), and the owner's forces there always engage the attacker
   (Amb#80).  "Not suicidal" (REL-07, Amb#54): a nation weaker than 1/3 of the other (Firepower
   x Hull) does not seek battle, unless it defends a colony in the system.
2. A fight happens if either side wants it (Amb#98).  A side that does not want it avoids battle
   group by group (task groups, the rest of the nation's ships as one group): a group escapes
   only if its slowest ship is strictly faster than the pursuer's fastest armed group (COMB-01,
   Amb#56); unarmed groups always try (COMB-03); ships held by a blockade count Speed 0 (Amb#20).
3. Allies merge into one side (Amb#55, ruling 203): the first pair in faction order fights, with
   every mutual ally of each present; the pairs that fought do not fight again that turn; the
   next engaged pair fights among the survivors.
4. The battle is :func:`.war.battle.battle` (rounds, Battle Tactics, determination, retreat
   round).  Damage is written back; destroyed ships are removed (with anything they carried,
   COMB-11); ships that retreat leave through their route (COMB-18, COMB-19): the way they came if
   they moved this turn, else their retreat route (O05), else the last wormhole they used; with no
   usable route they withdraw inside the system, out of the fighting (Amb#66).
5. Every participant gets a combat report: the sides as it saw them (its own units by name, the
   others by public class name, Amb#95), losses and retreats.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from starlanes.core.rng import derive_seed
from starlanes.games.star_kingdoms.campaign import CampaignState, Faction, Unit, Wreck
from starlanes.games.star_kingdoms.catalogue import Catalogue, load_catalogue
from starlanes.games.star_kingdoms.galaxy import GalaxyIndex, galaxy_index
from starlanes.games.star_kingdoms.knowledge import eyes, meet_faction, see_owner, see_through, seen_class, seen_label
from starlanes.games.star_kingdoms.orders.records import Stance
from starlanes.games.star_kingdoms.report import CombatReport, CombatSide, CombatUnit
from starlanes.games.star_kingdoms.war.battle import BattleResult, Force, battle
from starlanes.games.star_kingdoms.war.units import unit_stats

if TYPE_CHECKING:
    from starlanes.games.star_kingdoms.pipeline import Turn

__all__ = [
    "Engagement",
    "battle_rng",
    "contests",
    "meet_in_systems",
    "report_side",
    "stance",
    "standing_contest",
    "standing_engage",
    "step_space_combat",
    "strength",
    "wants_fight",
]


def _gi(state: CampaignState) -> GalaxyIndex:
    return galaxy_index(state.galaxy)


def battle_rng(state: CampaignState, *parts: str) -> random.Random:
    """The random numbers of one battle: from the campaign's seed state, the turn and the place
    (reproducible from the seed and the orders; MISC-03)."""
    return random.Random(derive_seed(state.rng.state, state.turn, *parts))


def stance(a: Faction, b: str) -> Stance:
    """``a``'s relationship to ``b`` (REL-01: declared, else its default)."""
    return a.relationships.get(b, a.default_relationship)


def _standing(a: Faction, b: str, stance_: str, directive: str, own_space: bool | None, default: bool) -> bool:
    here = "" if own_space is None else ("own" if own_space else "alien")
    for subject in (b, stance_):
        for scope in ((here, "") if here else ("",)):
            for order in reversed(a.standing):
                if order.subject == subject and order.scope == scope and order.directive == directive:
                    return order.engage
    return default


def standing_engage(a: Faction, b: str, own_space: bool | None = None) -> bool:
    """The specific order for a Wary cell: the order naming ``b``, else one for all Wary, each
    first for the space it is in (own or alien; ``None``: unscoped orders only), else do not
    engage (REL-03, REL-05, Amb#101: the most specific first, the later line on a tie)."""
    return _standing(a, b, "wary", "engage", own_space, False)


def standing_contest(a: Faction, b: str, own_space: bool | None = None) -> bool:
    """The specific order for a 'check specific orders' cell of contesting (Neutral; Friendly for
    scarce resources): a contest directive naming ``b``, else one for all of ``a``'s stance toward
    ``b``, the scoped one first, else contest (REL-03, REL-05, ruling 273)."""
    return _standing(a, b, stance(a, b), "contest", own_space, True)


def contests(state: CampaignState, a: Faction, b: Faction, system: str, *, scarce: bool = False) -> bool:
    """Whether ``a``'s forces in ``system`` contest ``b``'s actions there (REL-02's contest column):
    Allied never; Friendly only for actions that use a scarce resource (salvage, scavenging), and
    then by specific orders; Neutral by specific orders (default yes, REL-03); Wary and Hostile
    always (ruling 273)."""
    s = stance(a, b.id)
    if s == "allied" or (s == "friendly" and not scarce):
        return False
    if s in ("wary", "hostile"):
        return True
    own = any(_gi(state).planet_system.get(c.planet) == system for c in a.colonies)
    return standing_contest(a, b.id, own)


def _missions_against(a: Faction, b: Faction, system: str) -> bool:
    """``a`` has ships or troops ordered to blockade, bombard or land on a planet of ``b`` here."""
    planets = {c.planet for c in b.colonies}
    return any(u.system == system and u.mission.partition(":")[2] in planets for u in a.units if u.mission)


def _attacks(cat: Catalogue, a: Faction, unit: Unit, b: Faction, here: dict[str, list[Unit]]) -> bool:
    """``unit`` of ``a`` has an attack order (O81) against ``b``'s forces here: against the nation,
    or against a class of its units that ``a`` sees here (ruling 272; an attack on a planet counts
    as an order against the planet, :func:`_missions_against`)."""
    kind, _, rest = unit.mission.partition(":")
    if kind == "attack":
        return rest == b.id
    if kind == "attack-unit":
        target, _, cls = rest.partition(":")
        return target == b.id and any(seen_class(cat, a.id, u) == cls for u in here.get(b.id, ()))
    return False


def strength(cat: Catalogue, units: Iterable[Unit]) -> int:
    """Σ Firepower x Σ (Hull + Shields) still standing (Amb#54); troops in their transports add
    their Health but fire nothing in space (COMB-02, ruling 212)."""
    fp = hp = 0
    for u in units:
        s = unit_stats(cat, u)
        fp += s.firepower if u.unit == "ship" else 0
        hp += max(0, s.hull + s.shields - u.damage - u.shields_damage)
    return fp * hp


def wants_fight(state: CampaignState, cat: Catalogue, a: Faction, b: Faction, system: str,
                here: dict[str, list[Unit]]) -> bool:
    """Whether ``a``'s captains seek battle with ``b``'s ships in ``system`` (REL-02..07, Amb#80)."""
    s = stance(a, b.id)
    if s in ("allied", "friendly", "neutral"):
        wants = _missions_against(b, a, system) and bool(here.get(a.id))
    elif s == "hostile":
        wants = True
    else:
        own = any(_gi(state).planet_system.get(c.planet) == system for c in a.colonies)
        attacking = any(_attacks(cat, a, u, b, here) for u in here.get(a.id, ()))  # O81
        wants = (attacking or standing_engage(a, b.id, own) or _missions_against(a, b, system)
                 or _missions_against(b, a, system))
    if not wants:
        return False
    ratio = state.params.not_suicidal_ratio
    defending = any(_gi(state).planet_system.get(c.planet) == system for c in a.colonies)
    if ratio and not defending:
        mine = strength(cat, here.get(a.id, ()))
        theirs = strength(cat, here.get(b.id, ()))
        if mine * ratio < theirs:
            return False
    return True


def _speed(state: CampaignState, cat: Catalogue, unit: Unit) -> int:
    from starlanes.games.star_kingdoms.movement import blockaded_launch, speed

    if unit.unit == "detachment" or blockaded_launch(state, cat, unit):
        return 0  # troops in their transports (COMB-02); a ship held by a blockade (Amb#20)
    return speed(cat, unit, state.params.tow_speed)  # 1 while towing or towed (TOW-01, ruling 271)


def _groups(units: list[Unit]) -> dict[str, list[Unit]]:
    out: dict[str, list[Unit]] = {}
    for u in units:
        out.setdefault(u.task_group, []).append(u)
    return out


def _armed_in_space(cat: Catalogue, unit: Unit) -> bool:
    """Armed for a fight in space: a ship with weapons.  Troops in their own transports fire nothing
    in space (COMB-02, ruling 212), whatever their Infantry Weapons."""
    return unit.unit == "ship" and unit_stats(cat, unit).armed


def _pursuit(state: CampaignState, cat: Catalogue, units: list[Unit]) -> int:
    """The pursuer's fastest armed group, at its slowest member's Speed (Amb#56); -1 if none is armed
    (troops in their transports are not armed in space, ruling 212)."""
    best = -1
    for members in _groups(units).values():
        if any(_armed_in_space(cat, u) for u in members):
            best = max(best, min(_speed(state, cat, u) for u in members))
    return best


@dataclass
class Engagement:
    """One system's fighting this turn."""

    system: str
    here: dict[str, list[Unit]]
    """Faction id -> its ships (and troops in transports) in space here, still in the fight."""
    fought: set[frozenset[str]] = field(default_factory=set)
    out: set[str] = field(default_factory=set)
    """Unit ids that retreated or withdrew: out of the fighting for the rest of the turn."""


def _allied(a: Faction, b: Faction) -> bool:
    return stance(a, b.id) == "allied" and stance(b, a.id) == "allied"


def _sides(factions: list[Faction], a: Faction, b: Faction) -> tuple[list[Faction], list[Faction]]:
    left = [a] + [x for x in factions if x is not a and x is not b and _allied(x, a) and not _allied(x, b)]
    right = [b] + [x for x in factions if x not in left and x is not b and _allied(x, b) and not _allied(x, a)]
    return left, right


def _escaping(state: CampaignState, cat: Catalogue, runner: Faction, chasers: list[Faction], eng: Engagement,
              wants: dict[tuple[str, str], bool]) -> set[str]:
    """Unit ids of ``runner`` that stay out of range of ``chasers`` (COMB-01, COMB-03)."""
    hunting = [c for c in chasers if wants.get((c.id, runner.id))]
    fights = any(wants.get((runner.id, c.id)) for c in chasers)
    speed = max((_pursuit(state, cat, eng.here.get(c.id, [])) for c in hunting), default=-1)
    targets = {c.planet for chaser in chasers for c in chaser.colonies}
    nebula = _gi(state).systems[eng.system].nebula
    out: set[str] = set()
    for members in _groups(eng.here.get(runner.id, [])).values():
        unarmed = not any(_armed_in_space(cat, u) for u in members)  # troops in transports: COMB-02
        blind = nebula and not all(unit_stats(cat, u).nebula_sensors for u in members)
        if fights and not unarmed and not blind:  # unarmed (COMB-03) and blind (COMB-04) groups try to avoid
            continue
        if any(u.mission.partition(":")[2] in targets for u in members):
            continue  # ships sent against the enemy's planet do not avoid its defenders (Amb#80, Amb#82)
        slowest = min(_speed(state, cat, u) for u in members)
        if slowest > speed:
            out.update(u.id for u in members)
    return out


def report_side(cat: Catalogue, reader: str, factions: list[Faction], units: list[Unit], result: BattleResult | None,
                where: dict[str, str], avoided: set[str], names: dict[str, str],
                owner: dict[str, str], lost: frozenset[str] = frozenset()) -> CombatSide:
    """One side of a battle as ``reader`` saw it (``owner``: unit id -> faction id)."""
    outcomes = {o.unit_id: o for o in result.units} if result is not None else {}
    shown: list[CombatUnit] = []
    for u in units:
        own = owner.get(u.id) == reader
        label = f"{u.name} ({cat.classes[u.class_id].name})" if own else seen_label(cat, reader, u)
        o = outcomes.get(u.id)
        if u.id in lost:
            fate = "destroyed"  # aboard a ship that was destroyed (COMB-11)
        elif u.id in avoided:
            fate = "avoided"
        elif o is None:
            fate = "unharmed"
        elif o.destroyed:
            fate = "destroyed"
        elif o.surrendered:
            fate = "surrendered"
        elif o.retreated:
            fate = "retreated"
        elif o.hp_lost:
            fate = "damaged"
        else:
            fate = "unharmed"
        shown.append(CombatUnit(label=label, level=u.level, fate=fate,  # type: ignore[arg-type]
                                damage=o.hp_lost if (own and o is not None) else 0,
                                where=where.get(u.id, "") if own else ""))
    return CombatSide(factions=tuple(names[f.id] for f in factions), units=tuple(shown))


def _retreat(state: CampaignState, cat: Catalogue, unit: Unit) -> str:
    """Move a retreating ship out through its route (COMB-18); the system name, or '' if it
    withdrew inside the system (Amb#66)."""
    from starlanes.games.star_kingdoms.movement import system_name
    from starlanes.games.star_kingdoms.nebulae import stranded

    gi = _gi(state)
    if stranded(state, unit):
        return ""  # lost in a nebula: it cannot jump (Amb#105)
    route = unit.last_wormhole if unit.moved else (unit.retreat_route or unit.last_wormhole)
    hole = gi.wormholes.get(route) if route else None
    from starlanes.games.star_kingdoms.movement import instability

    if hole is None or unit.system not in (hole.a, hole.b) or unit_stats(cat, unit).stability < instability(
            state, hole.id):
        return ""
    unit.system = hole.b if hole.a == unit.system else hole.a
    unit.planet = ""
    unit.mission = ""
    unit.move_to = ""
    return system_name(state, unit.system)


def _fight(turn: Turn, eng: Engagement, left: list[Faction], right: list[Faction],
           wants: dict[tuple[str, str], bool]) -> None:
    from starlanes.games.star_kingdoms.movement import system_name

    state, cat = turn.state, turn.catalogue
    gi = _gi(state)
    avoided: set[str] = set()
    for runner in left:
        avoided |= _escaping(state, cat, runner, right, eng, wants)
    for runner in right:
        avoided |= _escaping(state, cat, runner, left, eng, wants)
    for f in left + right:
        for u in eng.here.get(f.id, []):
            if u.id in avoided:
                u.avoiding = True  # it cannot contest the system this turn (CONT-04)
    forces: list[list[Unit]] = []
    for side in (left, right):
        # ships, and troops in space in their own transports: targets that cannot escape (COMB-02, Amb#69)
        forces.append([u for f in side for u in eng.here.get(f.id, []) if u.id not in avoided])
    for x in left:
        for y in right:
            eng.fought.add(frozenset((x.id, y.id)))
    name = system_name(state, eng.system)
    names = {f.id: f.name for f in state.factions}
    if not forces[0] or not forces[1]:
        for side, other in ((left, right), (right, left)):
            for f in side:
                mine = [u for u in eng.here.get(f.id, []) if u.id in avoided]
                b = turn.builders.get(f.id)
                if mine and b is not None:
                    b.notice(f"{name}: {', '.join(u.name for u in mine)} kept out of range of "
                             f"{', '.join(names[o.id] for o in other)} (COMB-01)", rule="COMB-01")
        return
    from starlanes.games.star_kingdoms.lending import lent_fighters

    # Military outpost branches' fighters join, nobody's units (ORG-15, ruling 307)
    lent = [lent_fighters(state, cat, eng.system, side) for side in (left, right)]
    colony_systems = {f.id: {gi.planet_system[c.planet] for c in f.colonies} for f in state.factions}

    def force(side: list[Faction], units: list[Unit]) -> Force:
        return Force(name=" + ".join(names[f.id] for f in side), units=tuple(units),
                     colony_here=any(eng.system in colony_systems[f.id] for f in side),
                     homeworld_here=any(gi.planet_system.get(f.homeworld) == eng.system for f in side),
                     battle_tactics=max(f.tech.level("battle-tactics") for f in side),
                     training=any(f.tech.has("naval-training-techniques") for f in side))

    nebula = gi.systems[eng.system].nebula
    rng = battle_rng(state, "space", eng.system, *sorted(f.id for f in left + right))
    result = battle(cat, force(left, forces[0] + lent[0]), force(right, forces[1] + lent[1]), rng, kind="space",
                    nebula=nebula)
    where: dict[str, str] = {}
    owners = {u.id: f for f in left + right for u in f.units}
    owner_ids = {uid: f.id for uid, f in owners.items()}
    owners_side = {u.id: t for t, side in enumerate((left, right)) for f in side for u in f.units}
    sunk: list[tuple[int, Unit]] = []
    for o in result.units:
        faction = owners.get(o.unit_id)
        unit = faction.unit_by_id(o.unit_id) if faction is not None else None
        if faction is None or unit is None:
            continue
        unit.damage = o.damage
        unit.shields_damage = o.shields_damage
        if o.destroyed:
            from starlanes.games.star_kingdoms.movement import carried

            for cargo in carried(faction, unit):  # everything aboard is lost with it (COMB-11)
                faction.units.remove(cargo)
                sunk.append((owners_side[o.unit_id], cargo))
            faction.units.remove(unit)
            state.wrecks.append(Wreck(system=eng.system, unit="ship", level=unit.level, turn=state.turn))
            eng.out.add(unit.id)
        elif o.retreated:
            eng.out.add(unit.id)
            went = _retreat(state, cat, unit)
            where[unit.id] = went or f"withdrew inside {name} (no usable route, Amb#66)"
    for u in forces[0] + forces[1] if state.params.disguise_lost_in_battle else ():  # seen through (ruling 277)
        for f in left + right:
            if f is not owners[u.id]:
                see_through(state, cat, f.id, u, owners[u.id], name, "battle")
    sides = (left, right)
    listed = [forces[t] + lent[t] + [u for f in sides[t] for u in eng.here.get(f.id, []) if u.id in avoided]
              + [u for s_, u in sunk if s_ == t] for t in (0, 1)]
    lost = frozenset(u.id for _, u in sunk)
    for s, side in enumerate(sides):
        for f in side:
            b = turn.builders.get(f.id)
            if b is None:
                continue
            shown = tuple(report_side(cat, f.id, sides[t], listed[t], result, where, avoided, names, owner_ids,
                                      lost)
                          for t in (0, 1))
            b.combat(CombatReport(kind="space", system=name, rounds=result.rounds, sides=(shown[0], shown[1]),
                                  own_side=s, outcome=_outcome(result, [" + ".join(names[x.id] for x in side_)
                                                                        for side_ in sides])))
    for f in left + right:
        eng.here[f.id] = [u for u in eng.here.get(f.id, []) if u.id not in eng.out and f.unit_by_id(u.id) is not None]


def _outcome(result: BattleResult, names: list[str]) -> str:
    parts = [f"{result.rounds} round(s)"]
    for s in result.retreated:
        parts.append(f"{names[s]} retreated")
    for s in result.surrendered:
        parts.append(f"{names[s]} surrendered")
    if result.winner is not None:
        parts.append(f"{names[result.winner]} held the field")
    elif result.ending == "disengaged":
        parts.append("both sides disengaged")
    elif not result.retreated:
        parts.append("neither side gave way")
    return "; ".join(parts)


def meet_in_systems(state: CampaignState, cat: Catalogue | None = None) -> None:
    """Nations whose units or colonies share a system meet (they may now declare a relationship,
    O01; ruling 205), and units in space see who holds the planets there."""
    gi = _gi(state)
    present: dict[str, set[str]] = {}
    for f in state.factions:
        for u in f.units:
            present.setdefault(u.system, set()).add(f.id)
        for c in f.colonies:
            present.setdefault(gi.planet_system[c.planet], set()).add(f.id)
    by_id = {f.id: f for f in state.factions}
    owners = {c.planet: f.id for f in state.factions for c in f.colonies}
    cat = cat or load_catalogue()
    sees: dict[str, set[str]] = {}
    for system, ids in present.items():
        if len(ids) < 2:
            continue
        for fid in sorted(ids):
            f = by_id[fid]
            if state.params.nebula_blinds and system in gi.systems and gi.systems[system].nebula:  # ruling 276
                if fid not in sees:
                    space, ground = eyes(state, cat, f, gi)
                    sees[fid] = space | {gi.planet_system[p] for p in ground}
                if system not in sees[fid]:
                    continue
            k = state.knowledge.get(fid)
            for other in sorted(ids - {fid}):
                if other not in f.known_factions:
                    f.known_factions.append(other)
                if k is not None:
                    k = meet_faction(k, other, by_id[other].name, state.turn)
            if k is not None and any(u.system == system and not u.planet for u in f.units):
                for planet in gi.systems[system].planets:
                    owner = owners.get(planet.id, "")
                    known = k.planets.get(planet.id)
                    if owner and (known is None or known.owner != owner):
                        k = see_owner(k, gi, planet.id, owner, state.turn)
            if k is not None:
                state.knowledge[fid] = k


def step_space_combat(turn: Turn) -> None:
    """Step 4: meetings, then every system's battles (COMB-01..19)."""
    from starlanes.games.star_kingdoms.cargo import launch_fighters, recover_fighters

    state, cat = turn.state, turn.catalogue
    meet_in_systems(state, cat)
    launched = launch_fighters(state)  # whole fighters in their bays deploy (Amb#70)
    systems: dict[str, dict[str, list[Unit]]] = {}
    for f in state.factions:
        for u in f.units:
            if (not u.planet or u.unit == "ship") and not u.carried_by:  # cargo stays aboard (COMB-11)
                systems.setdefault(u.system, {}).setdefault(f.id, []).append(u)
    by_id = {f.id: f for f in state.factions}
    for system in sorted(systems):
        here = systems[system]
        if len(here) < 2:
            continue
        eng = Engagement(system=system, here=here)
        for _ in range(len(here) * len(here)):
            present = [by_id[fid] for fid in sorted(eng.here) if eng.here[fid]]
            wants = {(a.id, b.id): wants_fight(state, cat, a, b, system, eng.here)
                     for a in present for b in present if a is not b}
            pair = next(((a, b) for a in present for b in present
                         if a.id < b.id and frozenset((a.id, b.id)) not in eng.fought
                         and (wants[a.id, b.id] or wants[b.id, a.id])), None)
            if pair is None:
                break
            left, right = _sides(present, *pair)
            _fight(turn, eng, left, right, wants)
    from starlanes.games.star_kingdoms.movement import sync_cargo

    recover_fighters(state, launched)
    sync_cargo(state)
    for f in state.factions:
        for u in f.units:
            if u.mission.startswith(("attack", "tow:", "towed:")):
                u.mission = ""  # an attack order (O81) and a tow (O75, TOW-01) are this turn's
    from starlanes.games.star_kingdoms.nebulae import strand_lost_followers

    strand_lost_followers(turn)
