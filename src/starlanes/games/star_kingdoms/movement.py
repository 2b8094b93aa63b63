"""Units on the move: part 2's unit orders at step 1 and the travel step (step 3).

Rules v2.6.8 S14 (inventory 2.17 MOV-*, orders O03, O05, O06, O61, O63, O69-O71).

Unit orders checked here at step 1: O03 engage and contest directives (scoped, REL-05, ruling 273),
O05 retreat route, O06 task group, O61 move, O62 follow, O63 hold, O64/O65 surveys, O66 anomaly
study, O69-O71 blockade, bombard, land, O72 ground rounds, O73 load/unload, O74 fighters taken apart
and put back together (:mod:`.cargo`), O75 tow, O76/O77 salvage, O81 attack a nation, a class of
its units or a planet's guards (ruling 272) (execute.py carries out O67 colonise and constructions,
O78 decommission and O82 prisoners itself, as they move credits).  Units lost in a nebula
(:mod:`.nebulae`, Amb#105) make no jump; ships without Nebula Sensors do no work in a nebula
(ruling 276).

Step 1 (``execute.py`` calls :func:`apply_unit_order` for each accepted line, in sheet order):
a move order (O61) is checked at once against what the faction knows (a wormhole it knows from
the unit's system to the named neighbour, MOV-07; every unit's Stability at least the wormhole's
Instability, MOV-05; fighters and units with Stability 0 never jump, MOV-12) and stored in
``Unit.move_to``; a task group (O06) moves whole; a retreat order (O05) sets ``Unit.retreat_route``;
blockade, bombard and land orders (O69-O71) set ``Unit.mission``; hold (O63) clears the unit's
orders; one main order per unit per turn, the last line wins (Amb#119).

Step 3 (:func:`step_travel`): every unit makes at most one jump (MOV-06, Amb#31).  A unit in orbit
of a blockaded planet whose Speed is below the rating cannot leave (MOV-11, Amb#20); a ship without
Nebula Sensors (and any detachment) bounces back from a nebula (MOV-10) and its nation learns that
the system is a nebula (ruling 290); a task group moves only
when every member can (MOV-02, ruling 201).  A unit that jumps remembers the wormhole
(``last_wormhole``) and that it moved this turn (MOV-13), arrives in space (not in orbit), and the
faction gets a passive survey of the system it reached (VIS-03, SURV-01).  Ships too unstable for
a wormhole may ride a Flux Stability Field of the same order, and units without Nebula Sensors may
follow a Nebula Sensors ship of their order into a nebula (both move with it or not at all); towed
ships move with their tug; followers (O62) take the wormhole the followed nation's ships took;
troops aboard a ship go where it goes (:func:`sync_cargo`).  Wormhole Stabilisers lower the
Instability every check uses (:func:`instability`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from starlanes.games.star_kingdoms.campaign import CampaignState, Faction, StandingOrder, Unit
from starlanes.games.star_kingdoms.cargo import (
    CargoProblem,
    disassemble,
    fits,
    load_fighters,
    reassemble,
    unload_fighters,
)
from starlanes.games.star_kingdoms.catalogue import Catalogue
from starlanes.games.star_kingdoms.galaxy import Anomaly, GalaxyIndex, galaxy_index
from starlanes.games.star_kingdoms.knowledge import learn_nebula, passive_survey
from starlanes.games.star_kingdoms.names import NameIndex
from starlanes.games.star_kingdoms.nebulae import stranded
from starlanes.games.star_kingdoms.orders import records as r
from starlanes.games.star_kingdoms.report import MovementLine
from starlanes.games.star_kingdoms.war.units import is_fighter, unit_stats

if TYPE_CHECKING:
    from starlanes.games.star_kingdoms.pipeline import Turn

__all__ = [
    "UNIT_ORDERS",
    "OrderProblem",
    "apply_unit_order",
    "blockaded_launch",
    "carried",
    "check_operate",
    "instability",
    "known_route",
    "known_system",
    "speed",
    "step_travel",
    "sync_cargo",
    "system_name",
]

UNIT_ORDERS: tuple[type[r.Order], ...] = (r.StandingEngage, r.SetRetreatRoute, r.FormTaskGroup, r.Move, r.Hold,
                                          r.Blockade, r.Bombard, r.Land, r.GroundRounds, r.DeepSpaceSurvey,
                                          r.PlanetarySurvey, r.Follow, r.Load, r.Salvage, r.Scavenge,
                                          r.StudyAnomaly, r.Tow, r.Attack, r.Disassemble)
"""The part 2 orders :func:`apply_unit_order` carries out at step 1."""


class OrderProblem(Exception):
    """A part 2 order line is refused (the message is the reason the player reads)."""


def _gi(state: CampaignState) -> GalaxyIndex:
    return galaxy_index(state.galaxy)


def system_name(state: CampaignState, system: str) -> str:
    found = _gi(state).systems.get(system)
    return found.name if found is not None else system


def known_system(state: CampaignState, faction: Faction, written: str) -> str:
    """The system a player names, among the systems the faction knows (with a 'did you mean')."""
    from starlanes.games.star_kingdoms.execute import kept_name_index

    k = state.knowledge.get(faction.id)
    systems = k.systems if k is not None else {}
    entries: list[tuple[str, str]] = []
    for s in systems.values():
        entries.append((s.id, s.name))
    index = kept_name_index("system", tuple(entries))  # kept by content, as a name book's indexes
    found = index.resolve(written)
    if found is None:
        raise OrderProblem(index.unknown(written))
    return found


def instability(state: CampaignState, hole: str) -> int:
    """A wormhole's Instability now: -1 per end with a Wormhole Stabiliser, never below 1 (MOV-08)."""
    base = _gi(state).wormholes[hole].instability
    ends = sum(1 for s in state.stabilisers if s.partition("@")[0] == hole)
    return max(1, base - ends) if ends else base


def known_route(state: CampaignState, faction: Faction, origin: str, destination: str) -> str | None:
    """A wormhole the faction knows between two systems (the most stable one), or None (MOV-07)."""
    gi = _gi(state)
    k = state.knowledge.get(faction.id)
    best: tuple[int, str] | None = None
    for hole, other in gi.links.get(origin, ()):
        if other == destination and k is not None and k.knows_wormhole(hole):
            key = (instability(state, hole), hole)
            best = key if best is None or key < best else best
    return best[1] if best is not None else None


def _stability(cat: Catalogue, unit: Unit) -> int:
    """0 for fighters (they never jump, MOV-12)."""
    if is_fighter(cat.classes[unit.class_id]):
        return 0
    return unit_stats(cat, unit).stability


def speed(cat: Catalogue, unit: Unit, tow_speed: int = 1) -> int:
    """A ship's Speed this turn: ``tow_speed`` (1) while it tows or is towed (TOW-01, Amb#103: the
    tug drops to Speed 1 and the towed ship goes at its pace), for launches (MOV-11) and pursuit
    (COMB-01); 0 turns this off."""
    own = unit_stats(cat, unit).speed
    towing = tow_speed and unit.mission.startswith(("tow:", "towed:"))
    return min(own, tow_speed) if towing else own


def _free(state: CampaignState, units: Iterable[Unit]) -> None:
    """Refuse a jump for units lost in a nebula (Amb#105)."""
    for unit in units:
        if stranded(state, unit):
            raise OrderProblem(f"{unit.name} is lost in a nebula since its guide was lost: it cannot jump until the "
                               f"GM answers item {unit.stranded} (Amb#105)")


def check_operate(state: CampaignState, cat: Catalogue, units: Iterable[Unit]) -> None:
    """Only a ship with Nebula Sensors can operate inside a nebula (S5.4): its sensors are blind
    there, so it cannot survey, study, salvage or build a Remote Sensor or a Wormhole Stabiliser
    (ruling 276); :class:`OrderProblem` names the first ship that cannot."""
    gi = _gi(state)
    for unit in units:
        if (state.params.nebula_blinds and unit.unit == "ship" and gi.systems[unit.system].nebula
                and not _sees_nebulae(cat, unit)):
            raise OrderProblem(f"{unit.name} cannot work in the {system_name(state, unit.system)} nebula without "
                               "Nebula Sensors (S5.4)")


def _units(faction: Faction, ids: Iterable[str]) -> list[Unit]:
    out = []
    for ident in ids:
        unit = faction.unit_by_id(ident)
        if unit is None:
            raise OrderProblem(f"you have no unit '{ident}'")
        out.append(unit)
    return out


def _group(faction: Faction, name: str) -> list[Unit]:
    members = [u for u in faction.units if u.task_group and u.task_group.casefold() == name.casefold()]
    if not members:
        groups = sorted({u.task_group for u in faction.units if u.task_group})
        raise OrderProblem(f"you have no task group '{name}'" + (f"; your groups: {', '.join(groups)}" if groups
                                                                 else "; form one with: group <units> as <name>"))
    return members


def _one_system(state: CampaignState, units: list[Unit]) -> str:
    systems = {u.system for u in units}
    if len(systems) > 1:
        where = ", ".join(f"{u.name} in {system_name(state, u.system)}" for u in units)
        raise OrderProblem(f"the units are not in one system ({where})")
    return systems.pop()


def _move(state: CampaignState, faction: Faction, cat: Catalogue, order: r.Move) -> str:
    units = _group(faction, order.group) if order.group else _units(faction, order.units)
    for unit in units:
        if unit.carried_by:
            raise OrderProblem(f"{unit.name} is aboard a ship: it goes where the ship goes (unload it first)")
    _free(state, units)
    origin = _one_system(state, units)
    target = known_system(state, faction, order.system)
    if target == origin:
        raise OrderProblem(f"the units are already in {system_name(state, target)}")
    hole = known_route(state, faction, origin, target)
    if hole is None:
        raise OrderProblem(f"you know no wormhole from {system_name(state, origin)} to "
                           f"{system_name(state, target)} (one jump a turn, known wormholes only: MOV-06, MOV-07)")
    needed = instability(state, hole)
    escorts = _flux_escorts(cat, units, needed)
    for unit in units:
        stability = _stability(cat, unit)
        if stability < needed and unit.id not in escorts:
            why = "a fighter squadron cannot cross a wormhole" if is_fighter(cat.classes[unit.class_id]) else (
                f"its Stability is {stability}, the wormhole's Instability {needed} (MOV-05)")
            raise OrderProblem(f"{unit.name} cannot go: {why}")
    guide = next((u for u in units if _sees_nebulae(cat, u)), None)
    if guide is not None and _gi(state).systems[target].nebula:
        for unit in units:  # guided through the nebula: they keep with the guide (MOV-10, O79)
            if unit is not guide and unit.id not in escorts and not _sees_nebulae(cat, unit):
                escorts[unit.id] = guide.id
    for unit in units:
        unit.move_to = hole
        unit.mission = f"escort:{escorts[unit.id]}" if unit.id in escorts else ""
    names = ", ".join(u.name for u in units)
    return f"{names} will jump to {system_name(state, target)}"


def _flux_escorts(cat: Catalogue, units: list[Unit], instability: int) -> dict[str, str]:
    """Ships too unstable for the jump that a Flux Stability Field of the same order carries: each
    projector module takes one other ship of its projector's level or lower, the biggest first
    (MOV-08, Amb#104). Unit id -> the projector's id."""
    slots: list[Unit] = []
    for u in units:
        if u.unit == "ship" and _stability(cat, u) >= instability:
            slots.extend(u for m in u.modules if m.module == "flux-stability-field")
    out: dict[str, str] = {}
    needy = sorted((u for u in units if u.unit == "ship" and not is_fighter(cat.classes[u.class_id])
                    and _stability(cat, u) < instability),
                   key=lambda u: -u.level)
    for u in needy:
        helper = next((h for h in sorted(slots, key=lambda h: h.level) if h.level >= u.level and h is not u), None)
        if helper is not None:
            slots.remove(helper)
            out[u.id] = helper.id
    return out


def _retreat(state: CampaignState, faction: Faction, order: r.SetRetreatRoute) -> str:
    units = _units(faction, order.units)
    origin = _one_system(state, units)
    target = known_system(state, faction, order.system)
    hole = known_route(state, faction, origin, target)
    if hole is None:
        raise OrderProblem(f"you know no wormhole from {system_name(state, origin)} to {system_name(state, target)}")
    for unit in units:
        unit.retreat_route = hole
    return (f"retreat route of {', '.join(u.name for u in units)}: {system_name(state, target)} (used once they "
            "have stayed a turn; a unit that just arrived retreats the way it came, COMB-18)")


def _task_group(state: CampaignState, faction: Faction, order: r.FormTaskGroup) -> str:
    units = _units(faction, order.units)
    _one_system(state, units)
    if not order.group.strip():
        raise OrderProblem("a task group needs a name")
    for unit in faction.units:
        if unit.task_group.casefold() == order.group.casefold():
            unit.task_group = ""
    for unit in units:
        unit.task_group = order.group
    return f"task group {order.group}: {', '.join(u.name for u in units)}"


def _hold(faction: Faction, order: r.Hold) -> str:
    units = _units(faction, order.units)
    for unit in units:
        unit.move_to = ""
        unit.mission = ""
    return f"{', '.join(u.name for u in units)} hold position"


def _mission(state: CampaignState, faction: Faction, cat: Catalogue, order: r.Blockade | r.Bombard | r.Land) -> str:
    gi = _gi(state)
    units = _units(faction, order.units)
    system = gi.planet_system[order.planet]
    planet = gi.planets[order.planet].name
    owner = next((f for f in state.factions if f.colony(order.planet) is not None), None)
    if owner is faction:
        raise OrderProblem(f"{planet} is your own planet")
    if owner is None and not isinstance(order, r.Land):
        raise OrderProblem(f"{planet} is not an inhabited nation's world (S17: only inhabited planets are "
                           "blockaded or bombarded)")
    want = "detachment" if isinstance(order, r.Land) else "ship"
    for unit in units:
        if unit.unit != want:
            raise OrderProblem(f"{unit.name} is a {unit.unit}; only {want}s can "
                               f"{'land' if want == 'detachment' else 'blockade or bombard'}")
        if unit.system != system:
            raise OrderProblem(f"{unit.name} is in {system_name(state, unit.system)}, not in "
                               f"{system_name(state, system)} where {planet} is")
        if want == "ship" and not unit_stats(cat, unit).armed:
            raise OrderProblem(f"{unit.name} is unarmed; only armed ships blockade or bombard (BLK-01)")
        if want == "detachment" and unit.planet == order.planet:
            raise OrderProblem(f"{unit.name} is already on {planet}")
        if want == "detachment" and unit.planet:
            raise OrderProblem(f"{unit.name} stands on {gi.planets[unit.planet].name}; troops land from space "
                               f"(INV-02): load it on a ship first ('load {unit.name} on SHIP')")
    kind = {r.Blockade: "blockade", r.Bombard: "bombard", r.Land: "land"}[type(order)]
    for unit in units:
        unit.mission = f"{kind}:{order.planet}"
        unit.move_to = ""
    verb = {"blockade": "will blockade", "bombard": "will bombard", "land": "will land on"}[kind]
    return f"{', '.join(u.name for u in units)} {verb} {planet}"


def _standing(state: CampaignState, faction: Faction, order: r.StandingEngage) -> str:
    if order.subject == faction.id:
        raise OrderProblem("a standing order is about other nations, not your own")
    key = (order.subject, order.scope, order.directive)
    faction.standing = [s for s in faction.standing if (s.subject, s.scope, s.directive) != key]
    faction.standing.append(StandingOrder(subject=order.subject, engage=order.engage, scope=order.scope,
                                          directive=order.directive))
    who = f"every nation you hold {order.subject}" if order.subject in r.STANCES else state.faction(order.subject).name
    checked = ("wary",) if order.directive == "engage" else ("neutral", "friendly")
    note = "" if order.subject in checked or order.subject not in r.STANCES else (
        " (only Wary relationships check specific orders to engage: REL-04)" if order.directive == "engage" else
        " (only Neutral relationships, and Friendly ones for scarce resources, check specific orders to "
        "contest: REL-04)")
    where = {"own": " in your own space", "alien": " in alien space", "": ""}[order.scope]
    verb = order.directive if order.engage else f"do not {order.directive}"
    return f"{verb} {who}{where}{note}"


def _ground_rounds(state: CampaignState, faction: Faction, order: r.GroundRounds) -> str:
    if not 1 <= order.rounds <= 3:
        raise OrderProblem(f"ground combat has 1 to 3 rounds a turn, not {order.rounds} (GRND-01)")
    name = _gi(state).planets[order.planet].name
    faction.ground_rounds[order.planet] = order.rounds
    return (f"{order.rounds} round(s) a turn on {name} whenever your troops there have the Mobility advantage "
            "(GRND-02)")


def _cargo(state: CampaignState, faction: Faction, cat: Catalogue, order: r.Load | r.Disassemble) -> str:
    """Fighters: O73 load/unload (whole, in Fighter Bays) and O74 disassemble/reassemble (cargo.py)."""
    units = _units(faction, order.units)
    try:
        if any(u.unit != "ship" for u in units):
            raise CargoProblem("detachments and fighters go in separate orders")
        if isinstance(order, r.Disassemble) and not order.ship:
            return reassemble(state, cat, faction, units)
        if not order.ship:
            return unload_fighters(cat, faction, units)
        ship = _units(faction, (order.ship,))[0]
        if isinstance(order, r.Disassemble):
            return disassemble(cat, faction, units, ship)
        return load_fighters(cat, faction, units, ship)
    except CargoProblem as problem:
        raise OrderProblem(str(problem)) from None


def carried(faction: Faction, carrier: Unit) -> list[Unit]:
    """The detachments and fighters aboard ``carrier``."""
    return [u for u in faction.units if u.carried_by == carrier.id]


def _load(state: CampaignState, faction: Faction, cat: Catalogue, order: r.Load) -> str:
    """O73 at step 1: board a ship of the same system within its capacity (Cargo Space 1 per level
    of detachment, Cryogenic Storage for detachments only; UNIT-15), or leave it into space."""
    units = _units(faction, order.units)
    if any(u.unit == "ship" for u in units):
        return _cargo(state, faction, cat, order)
    if not order.ship:
        for unit in units:
            if not unit.carried_by:
                raise OrderProblem(f"{unit.name} is not aboard a ship")
        for unit in units:
            unit.carried_by = ""
        return f"{', '.join(u.name for u in units)} leave their ship, in their own transports in space"
    ship = _units(faction, (order.ship,))[0]
    if ship.unit != "ship":
        raise OrderProblem(f"{ship.name} is not a ship")
    for unit in units:
        if unit.system != ship.system:
            raise OrderProblem(f"{unit.name} is in {system_name(state, unit.system)}, {ship.name} in "
                               f"{system_name(state, ship.system)}")
    problem = fits(cat, faction, ship, detachments=units)
    if problem:
        raise OrderProblem(problem)
    stats = unit_stats(cat, ship)
    capacity = stats.cargo + stats.detachment_cargo
    used = sum(u.level if u.unit == "detachment" else 1 for u in carried(faction, ship) if u not in units) + sum(
        u.level for u in units)
    for unit in units:
        unit.carried_by = ship.id
        unit.planet = ""
        unit.move_to = ""
        unit.mission = ""
    return f"{', '.join(u.name for u in units)} aboard {ship.name} ({used}/{capacity} cargo)"


def _salvage(state: CampaignState, faction: Faction, cat: Catalogue, order: r.Salvage | r.Scavenge) -> str:
    """O76/O77: the units work wrecks this turn (a whole turn, Uncontested; SALV-01, SALV-02)."""
    units = _units(faction, order.units)
    _one_system(state, units)
    ships = isinstance(order, r.Salvage)
    module, kind = ("salvage-rig", "ship") if ships else ("scavengers", "detachment")
    for unit in units:
        if unit.unit != kind or not any(m.module == module for m in unit.modules):
            raise OrderProblem(f"{unit.name} has no {'Salvage Rig' if ships else 'Scavengers'} module")
        if not ships and not unit.planet:
            raise OrderProblem(f"{unit.name} is not on a planet: scavengers work on the ground")
    check_operate(state, cat, units)
    for unit in units:
        unit.mission = "salvage" if ships else "scavenge"
        unit.move_to = ""
    return f"{', '.join(u.name for u in units)} will work the wrecks there this turn"


STUDY_MODULES = {"space": "deep-space-sensors", "ground": "planetary-survey-corps"}
"""The module that studies an anomaly of each domain (ANOM-01); an anomaly may name another."""


def study_module(anomaly: Anomaly) -> str:
    return anomaly.needs[0] if anomaly.needs else STUDY_MODULES[anomaly.domain]


def _study(state: CampaignState, faction: Faction, cat: Catalogue, order: r.StudyAnomaly) -> str:
    """O66 at step 1: units with the anomaly's study module, where it is (a space anomaly: ships in
    its system; a ground one: detachments on its planet), work on it each turn until done
    (ANOM-01, ANOM-02; progress kept when paused)."""
    from starlanes.games.star_kingdoms.campaign import Construction

    gi = _gi(state)
    k = state.knowledge.get(faction.id)
    known = k.anomalies if k is not None else {}
    index = NameIndex.build("anomaly", ((a.id, a.name, ()) for a in known.values()))
    ident = index.resolve(order.anomaly)
    if ident is None:
        raise OrderProblem(index.unknown(order.anomaly))
    anomaly = next(a for s in gi.galaxy.systems for a in s.anomalies if a.id == ident)
    system = known[ident].system
    module = study_module(anomaly)
    units = _units(faction, order.units)
    for unit in units:
        if not any(m.module == module for m in unit.modules):
            raise OrderProblem(f"{unit.name} has no {module.replace('-', ' ')} module; {anomaly.name} needs it")
        if anomaly.domain == "ground" and unit.planet != anomaly.planet:
            raise OrderProblem(f"{unit.name} is not on {gi.planets[anomaly.planet].name}, where {anomaly.name} is")
        if unit.system != system:
            raise OrderProblem(f"{unit.name} is not in {system_name(state, system)}")
    if known[ident].result:
        raise OrderProblem(f"{anomaly.name} is already studied")
    check_operate(state, cat, units)
    if not any(c.kind == "study" and c.target == ident for c in faction.constructions):
        faction.constructions.append(Construction(kind="study", target=ident, rating=anomaly.rating,
                                                  started=state.turn))
    for unit in units:
        unit.mission = f"study:{ident}"
        unit.move_to = ""
    return f"{', '.join(u.name for u in units)} will study {anomaly.name} (Anomaly Rating {anomaly.rating})"


def _attack(state: CampaignState, faction: Faction, cat: Catalogue, order: r.Attack) -> str:
    """O81: this turn the units seek battle with that nation's forces in their system (the Wary cell
    of REL-02; a Neutral, Friendly or Allied stance cannot be overridden, REL-04): all of them, only
    when a unit of the named class (as the nation sees it) is there, or the forces guarding a planet
    of their system (ruling 272)."""
    units = _units(faction, order.units)
    system = _one_system(state, units)
    target = order.faction
    where = ""
    if order.planet:
        gi = _gi(state)
        planet = gi.planets[order.planet].name
        if gi.planet_system[order.planet] != system:
            raise OrderProblem(f"{planet} is not in {system_name(state, system)}, where the units are")
        owner = next((f for f in state.factions if f.colony(order.planet) is not None), None)
        if owner is None:
            raise OrderProblem(f"{planet} is held by no nation: there is nobody to attack there")
        target, where = owner.id, f" guarding {planet}"
    if target == faction.id:
        raise OrderProblem("attack another nation, not your own")
    held = faction.relationships.get(target, faction.default_relationship)
    if held in ("allied", "friendly", "neutral"):
        raise OrderProblem(f"you hold {state.faction(target).name} {held}: set the relationship to wary or "
                           "hostile first (REL-04)")
    if order.target_class:
        mission, what = f"attack-unit:{target}:{order.target_class}", (
            f"{cat.classes[order.target_class].name} of {state.faction(target).name}")
    elif order.planet:
        mission, what = f"attack-planet:{order.planet}", f"the forces of {state.faction(target).name}{where}"
    else:
        mission, what = f"attack:{target}", state.faction(target).name
    for unit in units:
        unit.mission = mission
        unit.move_to = ""
    return f"{', '.join(u.name for u in units)} will attack {what} if they meet it this turn"


def _tow(state: CampaignState, faction: Faction, cat: Catalogue, order: r.Tow) -> str:
    """O75 at step 1: tugs of enough Tug Power tow a ship of their system to a neighbour through a
    wormhole the nation knows; the tow uses the tugs' Stability (the towed ship's own does not
    matter, so a ship of Stability 0 can be moved) and jumps with them or not at all (TOW-01,
    TOW-02, MOV-12, Amb#103)."""
    from starlanes.games.star_kingdoms.war.fieldwork import tow_problem

    target = _units(faction, (order.ship,))[0]
    tugs = _units(faction, order.units)
    if target in tugs:
        raise OrderProblem(f"{target.name} cannot tow itself")
    if target.unit != "ship" or any(t.unit != "ship" for t in tugs):
        raise OrderProblem("ships tow ships")
    origin = _one_system(state, [target, *tugs])
    _free(state, [target, *tugs])
    problem = tow_problem(cat, tugs, target)
    if problem:
        raise OrderProblem(f"{problem} (TOW-02)")
    destination = known_system(state, faction, order.system)
    hole = known_route(state, faction, origin, destination)
    if hole is None:
        raise OrderProblem(f"you know no wormhole from {system_name(state, origin)} to "
                           f"{system_name(state, destination)}")
    needed = instability(state, hole)
    for tug in tugs:
        if _stability(cat, tug) < needed:
            raise OrderProblem(f"{tug.name}'s Stability is below the wormhole's Instability {needed} (MOV-05)")
    for tug in tugs:
        tug.move_to, tug.mission = hole, f"tow:{target.id}"  # Speed 1 while towing (TOW-01, :func:`speed`)
    target.move_to, target.mission = hole, f"towed:{tugs[0].id}"
    return (f"{', '.join(t.name for t in tugs)} will tow {target.name} to {system_name(state, destination)} "
            "(at Speed 1 this turn, TOW-01)")


def _follow(state: CampaignState, faction: Faction, order: r.Follow) -> str:
    units = _units(faction, order.units)
    _one_system(state, units)
    if order.faction == faction.id:
        raise OrderProblem("follow another nation's ships, not your own (use a task group)")
    _free(state, units)
    for unit in units:
        unit.mission = f"follow:{order.faction}"
        unit.move_to = ""
    return (f"{', '.join(u.name for u in units)} will follow {state.faction(order.faction).name}'s ships if they "
            "leave (only through wormholes you know and can cross, MOV-09)")


def _survey(state: CampaignState, faction: Faction, cat: Catalogue,
            order: r.DeepSpaceSurvey | r.PlanetarySurvey) -> str:
    """O64/O65: the units spend this turn surveying (they must not move; SURV-02, SURV-03, Amb#94)."""
    units = _units(faction, order.units)
    system = _one_system(state, units)
    planet = order.planet if isinstance(order, r.PlanetarySurvey) else ""
    module, need = ("planetary-survey-corps", "Planetary Survey Corps") if planet else (
        "deep-space-sensors", "Deep Space Sensors")
    what = _gi(state).planets[planet].name if planet else system_name(state, system)
    for unit in units:
        if not any(m.module == module for m in unit.modules):
            raise OrderProblem(f"{unit.name} has no {need} module")
        if planet and unit.planet != planet:
            raise OrderProblem(f"{unit.name} is not on {what}")
    check_operate(state, cat, units)
    for unit in units:
        unit.mission = f"survey:planet:{planet}" if planet else f"survey:system:{system}"
        unit.move_to = ""
    return f"{', '.join(u.name for u in units)} will survey {what} this turn (a full turn, Uncontested)"


def apply_unit_order(state: CampaignState, faction: Faction, cat: Catalogue, order: r.Order) -> str:
    """Check and record one part 2 order at step 1; OrderProblem (nothing changed) if refused."""
    if isinstance(order, r.Move):
        return _move(state, faction, cat, order)
    if isinstance(order, r.SetRetreatRoute):
        return _retreat(state, faction, order)
    if isinstance(order, r.FormTaskGroup):
        return _task_group(state, faction, order)
    if isinstance(order, r.Hold):
        return _hold(faction, order)
    if isinstance(order, r.Blockade | r.Bombard | r.Land):
        return _mission(state, faction, cat, order)
    if isinstance(order, r.StandingEngage):
        return _standing(state, faction, order)
    if isinstance(order, r.Follow):
        return _follow(state, faction, order)
    if isinstance(order, r.Load):
        return _load(state, faction, cat, order)
    if isinstance(order, r.Salvage | r.Scavenge):
        return _salvage(state, faction, cat, order)
    if isinstance(order, r.StudyAnomaly):
        return _study(state, faction, cat, order)
    if isinstance(order, r.Tow):
        return _tow(state, faction, cat, order)
    if isinstance(order, r.Attack):
        return _attack(state, faction, cat, order)
    if isinstance(order, r.Disassemble):
        return _cargo(state, faction, cat, order)
    if isinstance(order, r.GroundRounds):
        return _ground_rounds(state, faction, order)
    if isinstance(order, r.DeepSpaceSurvey | r.PlanetarySurvey):
        return _survey(state, faction, cat, order)
    raise OrderProblem(f"order {order.order_id} is not a unit order")


# --- step 3 ----------------------------------------------------------------------------------------


def blockaded_launch(state: CampaignState, cat: Catalogue, unit: Unit) -> int:
    """The blockade rating that keeps ``unit`` from leaving its planet's orbit, or 0 (MOV-11,
    Amb#20: a ship in orbit of a blockaded planet with Speed below the rating)."""
    if not unit.planet or unit.unit != "ship":
        return 0
    for f in state.factions:
        colony = f.colony(unit.planet)
        if colony is not None and colony.blockade:
            return colony.blockade if speed(cat, unit, state.params.tow_speed) < colony.blockade else 0
    return 0


def _sees_nebulae(cat: Catalogue, unit: Unit) -> bool:
    return unit.unit == "ship" and unit_stats(cat, unit).nebula_sensors


TURNED_BACK = "turned back"
"""How a movement line turned back from a nebula begins (SYS-09, MOV-10)."""


def _why_not(state: CampaignState, cat: Catalogue, unit: Unit, destination: str, guided: bool = False) -> str:
    rating = blockaded_launch(state, cat, unit)
    if rating:
        return (f"cannot launch: its planet is blockaded at rating {rating} and its Speed is lower "
                "(MOV-11)")
    if _gi(state).systems[destination].nebula and not (guided or _sees_nebulae(cat, unit)):
        return f"{TURNED_BACK}: the system is a nebula and it has no Nebula Sensors (MOV-10)"
    return ""


def step_travel(turn: Turn) -> None:
    """Step 3: every unit with a move order makes its one jump (MOV-01..13)."""
    state, cat = turn.state, turn.catalogue
    gi = _gi(state)
    for faction in state.factions:
        for unit in faction.units:
            unit.moved = False
            unit.avoiding = False
            unit.shields_damage = 0  # shields are whole again before this turn's battles (Amb#109)
    departures: dict[tuple[str, str], list[str]] = {}
    """(faction, system) -> the wormholes its ships there were ordered through (for followers)."""
    for faction in state.factions:
        if not faction.approved:
            continue
        movers = [u for u in faction.units if u.move_to]
        if not movers:
            continue
        b = turn.builders.get(faction.id)
        batches: dict[tuple[str, str], list[Unit]] = {}
        by_id = {u.id: u for u in movers}
        for unit in movers:
            lead = unit
            kind, _, leader = unit.mission.partition(":")
            if kind in ("escort", "towed") and leader in by_id:
                lead = by_id[leader]  # carried by a Flux Stability Field, guided or towed: moves with it (Amb#104)
            key = f"group:{lead.task_group}" if lead.task_group else f"unit:{lead.id}"
            batches.setdefault((unit.move_to, key), []).append(unit)
        k = state.knowledge.get(faction.id)
        for (hole, _), units in batches.items():
            wormhole = gi.wormholes[hole]
            origin = units[0].system
            destination = wormhole.b if wormhole.a == origin else wormhole.a
            guide = next((u for u in units if _sees_nebulae(cat, u)), None)  # it guides its batch (MOV-10)
            guided = guide is not None
            nebula = gi.systems[destination].nebula
            problems = {u.id: _why_not(state, cat, u, destination, guided) for u in units}
            blocked = [u for u in units if problems[u.id]]
            for unit in units:
                reason = problems[unit.id]
                if not reason and blocked:
                    reason = f"stays with its task group ({blocked[0].name} cannot go; MOV-02)"
                if not reason:
                    if unit.unit == "ship":
                        departures.setdefault((faction.id, origin), []).append(hole)
                    unit.system = destination
                    unit.planet = ""
                    unit.moved = True
                    unit.last_wormhole = hole
                    unit.guide = guide.id if nebula and guide is not None and not _sees_nebulae(cat, unit) else ""
                unit.move_to = ""
                if unit.mission.startswith("escort:") or (reason and unit.mission.startswith(("tow:", "towed:"))):
                    unit.mission = ""  # a tow that did not happen is over (the tow marks last the turn)
                if b is not None:
                    b.movement(MovementLine(unit=unit.name, origin=system_name(state, origin),
                                            destination=system_name(state, destination), moved=not reason,
                                            reason=reason))
            if not blocked and k is not None:
                k = passive_survey(k, gi, destination, state.turn)
            elif k is not None and any(problems[u.id].startswith(TURNED_BACK) for u in units):
                k = learn_nebula(k, gi, destination, state.turn)  # it saw the nebula it fled (ruling 290)
        if k is not None:
            state.knowledge[faction.id] = k
    _follow_moves(turn, departures)
    sync_cargo(state)


def sync_cargo(state: CampaignState) -> None:
    """Detachments aboard a ship are where it is, and moved if it moved (MOV-03)."""
    for faction in state.factions:
        for unit in faction.units:
            if not unit.carried_by:
                continue
            ship = faction.unit_by_id(unit.carried_by)
            if ship is None:
                unit.carried_by = ""
                continue
            if ship.moved and (unit.system != ship.system or not unit.moved):
                unit.moved, unit.last_wormhole = True, ship.last_wormhole
            unit.system, unit.planet = ship.system, ""


def _follow_moves(turn: Turn, departures: dict[tuple[str, str], list[str]]) -> None:
    """Followers (O62) take the wormhole the followed nation's ships took out of their system (the
    one most of them took); the move fails if the faction does not know it or a follower's
    Stability is too low (MOV-09), or if the followed ships did not leave."""
    state, cat = turn.state, turn.catalogue
    gi = _gi(state)
    for faction in state.factions:
        followers = [u for u in faction.units if u.mission.startswith("follow:") and not u.moved]
        if not followers:
            continue
        b = turn.builders.get(faction.id)
        k = state.knowledge.get(faction.id)
        for unit in followers:
            target = unit.mission[len("follow:"):]
            unit.mission = ""
            holes = departures.get((target, unit.system), [])
            origin = unit.system
            if not holes:
                continue
            hole = max(sorted(set(holes)), key=holes.count)
            wormhole = gi.wormholes[hole]
            destination = wormhole.b if wormhole.a == origin else wormhole.a
            reason = ""
            if k is None or not k.knows_wormhole(hole):
                reason = "they went through a wormhole you do not know (MOV-09)"
            elif _stability(cat, unit) < instability(state, hole):
                reason = f"the wormhole's Instability {instability(state, hole)} is above its Stability (MOV-09)"
            else:
                reason = _why_not(state, cat, unit, destination)
            if not reason:
                unit.system, unit.planet, unit.moved, unit.last_wormhole = destination, "", True, hole
                unit.guide = ""
                if k is not None:
                    k = passive_survey(k, gi, destination, state.turn)
            elif reason.startswith(TURNED_BACK) and k is not None:
                k = learn_nebula(k, gi, destination, state.turn)  # ruling 290
            if b is not None:
                b.movement(MovementLine(unit=unit.name, origin=system_name(state, origin),
                                        destination=system_name(state, destination) if not reason or (
                                            k is not None and k.knows_wormhole(hole)) else "unknown",
                                        moved=not reason, reason=reason or "followed"))
        if k is not None:
            state.knowledge[faction.id] = k
