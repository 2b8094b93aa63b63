"""Off-world works from the order to the finished thing: constructions and anomaly studies (rules v2.6.8
S13.3-S13.5, App A; inventory CONS-01..07, COL-01, ANOM-01..04, SYS-06, SYS-07, SALV-03, orders O66-O68,
O80; rulings 224-228 and 230-249).

A nation's works are its ``Faction.constructions`` (one :class:`~..campaign.Construction` per kind and
target, progress kept when paused, Amb#89); the units at work carry the mission :func:`mission_of`.

- **Step 1** (``execute.py`` hands these orders to :func:`work_order`): start or resume an Asteroid
  Mining Facility, an Orbital Repair Yard or a Strip Mine (5 x CR up front, CONS-03); pause a work or
  resume it with other units (O68); help another nation's work, or accept its help (CONS-05, ANOM-04,
  Amb#113); destroy foreign Remote Sensors or an Orbital Repair Yard (O80).
- **After step 6** (:func:`resolve_works`, once the fighting is over, ruling 215): foreign installations
  are destroyed first, then every work of every nation gains the TLs of the modules of its units that
  did not move (and of accepted helpers), plus its outpost Science branches' progress for a study
  (ORG-13, ruling 306), while the nation is Uncontested there; a work at its rating is finished
  (a colony, a Remote Sensor, a Stabiliser, a mining facility, a repair yard, a strip mine, a study's
  findings); then studied anomalies pay their yields to the outpost's owner (ANOM-03).
- **Step 8**: an operation's progress to a study (OP-S3) goes in with :func:`add_study_progress`.
- **Step 2**: :func:`installation_er` gives the economy the belts and planets mined (ECO-09).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import msgspec

from starlanes.games.star_kingdoms.campaign import CampaignState, Colony, Construction, Faction, Unit
from starlanes.games.star_kingdoms.catalogue import FIELDS, Catalogue
from starlanes.games.star_kingdoms.economy import Districts
from starlanes.games.star_kingdoms.galaxy import Anomaly, GalaxyIndex, galaxy_index
from starlanes.games.star_kingdoms.knowledge import AnomalyFacts, Knowledge, own_planet
from starlanes.games.star_kingdoms.orders import records as r
from starlanes.games.star_kingdoms.report import ReportBuilder
from starlanes.games.star_kingdoms.war.fieldwork import construction_cost, construction_step
from starlanes.games.star_kingdoms.war.units import unit_stats

if TYPE_CHECKING:
    from starlanes.games.star_kingdoms.pipeline import Turn

__all__ = [
    "COLLABORATION_TECH",
    "NEW_KINDS",
    "Site",
    "WorkProblem",
    "add_study_progress",
    "find_work",
    "ground_uncontested",
    "installation_er",
    "mission_of",
    "resolve_works",
    "set_anomaly_yield",
    "set_aside",
    "site_of",
    "work_order",
    "work_orders",
]


class WorkProblem(Exception):
    """An order about a work is refused (the message is the reason, one line)."""


@dataclass(frozen=True)
class _Kind:
    label: str
    work: str
    """``fieldwork.work_modules`` kind of the modules that build it."""
    tech: str
    rating: str
    """The ``CampaignParams`` field of its Construction Rating."""


NEW_KINDS: dict[str, _Kind] = {
    "mining-facility": _Kind("Asteroid Mining Facility", "space-construction", "asteroid-mining",
                             "mining_facility_rating"),
    "repair-yard": _Kind("Orbital Repair Yard", "space-construction", "orbital-repair-yards", "repair_yard_rating"),
    "strip-mine": _Kind("Strip Mine", "ground-construction", "strip-mining", "strip_mine_rating"),
}
"""The constructions of the App A catalogue this module starts (the others are ``execute.py``'s and
``movement.py``'s orders: colonise, study, remote sensor, stabiliser)."""

COLLABORATION_TECH = {"study": "collaborative-anomaly-study", "build": "collaborative-construction"}
"""The technology both nations need to work together (App A; CONS-05, ANOM-04)."""

_MODULE_OF_WORK = {"space-construction": "space-construction-gear", "ground-construction": "engineering-corps"}
_WORK_MODULES = frozenset({"space-construction-gear", "engineering-corps", "deep-space-sensors",
                           "planetary-survey-corps", "salvage-rig", "scavengers"})


def _gi(state: CampaignState) -> GalaxyIndex:
    return galaxy_index(state.galaxy)


def mission_of(job: Construction) -> str:
    """The mission of the units at work on ``job`` (``Unit.mission``)."""
    if job.kind == "study":
        return f"study:{job.target}"
    if job.kind in NEW_KINDS:
        return f"build:{job.kind}:{job.target}"
    return f"build:{job.target}"


def _anomaly(gi: GalaxyIndex, ident: str) -> tuple[Anomaly, str]:
    for system in gi.galaxy.systems:
        for a in system.anomalies:
            if a.id == ident:
                return a, system.id
    raise KeyError(ident)


def _belt_system(gi: GalaxyIndex, belt: str) -> tuple[str, str, int]:
    """(system id, belt name, current Mineral Rating) of a belt."""
    for system in gi.galaxy.systems:
        for b in system.belts:
            if b.id == belt:
                return system.id, b.name, b.mineral_rating
    raise KeyError(belt)


@dataclass(frozen=True)
class Site:
    """Where a work is done and by which modules."""

    label: str
    system: str
    planet: str
    """The planet of ground work ('' for work in space)."""
    module: str
    """The module that works on it."""
    names: tuple[str, ...]
    """What names it in orders (besides the label): its target's name and id."""
    scarce: bool = False
    """It uses a limited resource (Amb#99: a colonisation or strip-mine site, a belt, an anomaly with
    physical rewards), so Friendly nations present contest it too (REL-02, ruling 273)."""


def site_of(state: CampaignState, job: Construction) -> Site:
    gi = _gi(state)
    if job.kind == "study":
        from starlanes.games.star_kingdoms.movement import study_module

        anomaly, system = _anomaly(gi, job.target)
        physical = any(n in ("salvage-rig", "scavengers") for n in anomaly.needs)  # SALV-03: a physical reward
        return Site(f"Study of {anomaly.name}", system, anomaly.planet if anomaly.domain == "ground" else "",
                    study_module(anomaly), (anomaly.name, anomaly.id), scarce=physical)
    if job.kind in ("colonise", "strip-mine", "repair-yard"):
        planet = gi.planets[job.target]
        label = {"colonise": f"Colonisation of {planet.name}", "strip-mine": f"Strip Mine on {planet.name}",
                 "repair-yard": f"Orbital Repair Yard at {planet.name}"}[job.kind]
        ground = job.kind != "repair-yard"
        module = "engineering-corps" if ground else "space-construction-gear"
        return Site(label, gi.planet_system[planet.id], planet.id if ground else "", module, (planet.name, planet.id),
                    scarce=ground)
    if job.kind == "mining-facility":
        system, name, _ = _belt_system(gi, job.target)
        return Site(f"Asteroid Mining Facility at {name}", system, "", "space-construction-gear", (name, job.target),
                    scarce=True)
    if job.kind == "remote-sensor":
        name = gi.systems[job.target].name
        return Site(f"Remote Sensor in {name}", job.target, "", "space-construction-gear", (name, job.target))
    hole, _, here = job.target.partition("@")
    w = gi.wormholes[hole]
    there = w.b if w.a == here else w.a
    label = f"Wormhole Stabiliser {gi.systems[here].name}-{gi.systems[there].name}"
    return Site(label, here, "", "space-construction-gear", (hole,))


def find_work(state: CampaignState, jobs: Sequence[Construction], text: str) -> Construction:
    """The work ``text`` names: its label ('Remote Sensor in Vinzin') or its target's name or id, when
    only one work has it."""
    want = text.strip().strip('"').casefold()
    sites = [(job, site_of(state, job)) for job in jobs]
    found = [job for job, site in sites if site.label.casefold() == want]
    if not found:
        found = [job for job, site in sites if want in (n.casefold() for n in site.names)]
    if len(found) == 1:
        return found[0]
    labels = "; ".join(site.label for _, site in sites) or "none"
    if found:
        raise WorkProblem(f"'{text}' names several works; give one by its label ({labels})")
    raise WorkProblem(f"no work under way on '{text}' (works under way: {labels})")


def ground_uncontested(state: CampaignState, cat: Catalogue, faction: Faction, planet: str, *,
                       scarce: bool = False) -> bool:
    """CONT-01/02 for ground work: no other nation's detachments on the planet that contest ``faction``
    (REL-02's contest column with contest directives, ``engagement.contests``; ``scarce`` for
    scavenging, ruling 273), or only unarmed ones while the faction has an armed detachment there."""
    from starlanes.games.star_kingdoms.engagement import contests

    mine_armed = any(u.planet == planet and u.unit == "detachment" and unit_stats(cat, u).armed for u in faction.units)
    system = _gi(state).planet_system[planet]
    for other in state.factions:
        if other is faction or not contests(state, other, faction, system, scarce=scarce):
            continue
        for u in other.units:
            if u.planet == planet and u.unit == "detachment" and (unit_stats(cat, u).armed or not mine_armed):
                return False
    return True


def _uncontested(state: CampaignState, cat: Catalogue, faction: Faction, site: Site) -> bool:
    """Whether ``faction`` is Uncontested at the work's site, the site's scarcity deciding whether
    Friendly nations contest it (Amb#99, ruling 273)."""
    if site.planet:
        return ground_uncontested(state, cat, faction, site.planet, scarce=site.scarce)
    from starlanes.games.star_kingdoms.warfare import uncontested

    return uncontested(state, cat, faction, site.system, scarce=site.scarce)


def _at(unit: Unit, site: Site) -> bool:
    return unit.system == site.system and (not site.planet or unit.planet == site.planet)


def _tls(units: Sequence[Unit], module: str) -> list[int]:
    return [fit.tl for u in units for fit in u.modules if fit.module == module
            for _ in range(int(getattr(fit, "count", 1)))]


def _studied(state: CampaignState, faction: Faction, anomaly: str) -> bool:
    k = state.knowledge.get(faction.id)
    return k is not None and anomaly in k.anomalies and bool(k.anomalies[anomaly].result)


# --- step 1 ------------------------------------------------------------------------------------------


@dataclass
class _Order:
    state: CampaignState
    faction: Faction
    cat: Catalogue
    builder: ReportBuilder
    line: int

    def units(self, idents: Sequence[str]) -> list[Unit]:
        out = []
        for ident in idents:
            unit = self.faction.unit_by_id(ident)
            if unit is None:
                raise WorkProblem(f"you have no unit '{ident}'")
            out.append(unit)
        return out

    def builders(self, idents: Sequence[str], module: str) -> list[Unit]:
        """The named units, each with ``module``; ships in a nebula only with Nebula Sensors (S5.4,
        ruling 276)."""
        from starlanes.games.star_kingdoms.movement import OrderProblem, check_operate

        units = self.units(idents)
        for unit in units:
            if not any(m.module == module for m in unit.modules):
                raise WorkProblem(f"{unit.name} has no {module.replace('-', ' ')} module (CONS-01)")
        try:
            check_operate(self.state, self.cat, units)
        except OrderProblem as problem:
            raise WorkProblem(str(problem)) from None
        return units

    def tech(self, tech: str, what: str) -> None:
        if not self.faction.tech.has(tech):
            name = self.cat.techs[tech].name if tech in self.cat.techs else tech
            raise WorkProblem(f"{what} needs the {name} technology")

    def start_or_resume(self, units: Sequence[Unit], kind: str, target: str) -> str:
        """Resume the nation's work of ``kind`` on ``target``, or start it paying 5 x its rating up front
        (CONS-02, CONS-03)."""
        spec = NEW_KINDS[kind]
        running = next((c for c in self.faction.constructions if c.kind == kind and c.target == target), None)
        if running is None:
            rating = int(getattr(self.state.params, spec.rating))
            cost = construction_cost(rating)
            if cost > self.faction.credits:
                raise WorkProblem(f"costs {cost} credits; you have {self.faction.credits} left after the lines above")
            running = Construction(kind=kind, target=target, rating=rating, paid=cost,  # type: ignore[arg-type]
                                   started=self.state.turn)  # kind: one of NEW_KINDS
            self.faction.credits -= cost
            self.builder.spend(cost, f"{site_of(self.state, running).label} (Construction Rating {rating})",
                               line=self.line)
            self.faction.constructions.append(running)
            note = f"started, {cost} credits (5 x Construction Rating {rating})"
        else:
            note = f"resumed at {running.progress}/{running.rating}"
        for unit in units:
            unit.mission = mission_of(running)
            unit.move_to = ""
        return note


def _one_system(units: Sequence[Unit]) -> str:
    systems = {u.system for u in units}
    if len(systems) != 1:
        raise WorkProblem("the units are not in one system")
    return systems.pop()


def _mining_facility(o: _Order, order: r.BuildMiningFacility) -> str:
    """A facility on a belt of the ships' system, one per belt (CONS-07, SYS-06)."""
    o.tech("asteroid-mining", "an Asteroid Mining Facility")
    units = o.builders(order.units, "space-construction-gear")
    here = _one_system(units)
    gi = _gi(o.state)
    belts = gi.systems[here].belts
    want = order.belt.strip().casefold()
    belt = next((b for b in belts if want in (b.name.casefold(), b.id.casefold())), None)
    if belt is None:
        there = ", ".join(b.name for b in belts) or "none"
        raise WorkProblem(f"no belt '{order.belt}' in {gi.systems[here].name} (belts there: {there})")
    if belt.id in o.state.mining_facilities:
        raise WorkProblem(f"{belt.name} has a mining facility already (one per belt)")
    return o.start_or_resume(units, "mining-facility", belt.id)


def _repair_yard(o: _Order, order: r.BuildRepairYard) -> str:
    """A yard around one of the nation's inhabited planets, in the ships' system; one per planet
    (CONS-07, Amb#50)."""
    o.tech("orbital-repair-yards", "an Orbital Repair Yard")
    units = o.builders(order.units, "space-construction-gear")
    here = _one_system(units)
    gi = _gi(o.state)
    planet = gi.planets[order.planet]
    colony = o.faction.colony(planet.id)
    if colony is None:
        raise WorkProblem(f"{planet.name} is not yours: a repair yard goes around one of your inhabited planets")
    if gi.planet_system[planet.id] != here:
        raise WorkProblem(f"the ships are not in {planet.name}'s system")
    if colony.orbital_yard:
        raise WorkProblem(f"{planet.name} has an Orbital Repair Yard already (one per planet, Amb#50)")
    return o.start_or_resume(units, "repair-yard", planet.id)


def _strip_mine(o: _Order, order: r.BuildStripMine) -> str:
    """A mine on an uninhabited planet or moon, by detachments standing on it; one each (CONS-07)."""
    o.tech("strip-mining", "a Strip Mine")
    units = o.builders(order.units, "engineering-corps")
    gi = _gi(o.state)
    planet = gi.planets[order.planet]
    for unit in units:
        if unit.unit != "detachment" or unit.planet != planet.id:
            raise WorkProblem(f"{unit.name} is not a detachment on {planet.name} (land it there first)")
    if planet.kind not in ("planet", "moon"):
        raise WorkProblem(f"{planet.name} is a {planet.kind}: strip mines go on planets and moons")
    if planet.inhabitants != "none" or any(f.colony(planet.id) is not None for f in o.state.factions):
        raise WorkProblem(f"{planet.name} is inhabited: strip mines go on uninhabited worlds")
    if planet.id in o.state.strip_mines:
        raise WorkProblem(f"{planet.name} has a strip mine already (one each)")
    return o.start_or_resume(units, "strip-mine", planet.id)


def _pause_or_resume(o: _Order, order: r.PauseWork) -> str:
    """O68: a paused work keeps its progress and frees its units; a resumed one costs nothing more."""
    job = find_work(o.state, o.faction.constructions, order.work)
    site = site_of(o.state, job)
    mission = mission_of(job)
    if not order.units:
        freed = [u for u in o.faction.units if u.mission == mission]
        for unit in freed:
            unit.mission = ""
        if not freed:
            return f"{site.label} was not being worked on ({job.progress}/{job.rating})"
        return f"{site.label} paused at {job.progress}/{job.rating}: {', '.join(u.name for u in freed)} free"
    units = o.builders(order.units, site.module)
    for unit in units:
        if not _at(unit, site):
            raise WorkProblem(f"{unit.name} is not where {site.label} is worked on")
        unit.mission = mission
        unit.move_to = ""
    return f"{site.label} resumed at {job.progress}/{job.rating}"


def _assist(o: _Order, order: r.Assist) -> str:
    """CONS-05, ANOM-04: this turn the units help the primary's work (Amb#113: it must accept)."""
    if order.faction == o.faction.id:
        raise WorkProblem("your own works need no help order: put the units on them")
    if not any(o.faction.tech.has(t) for t in COLLABORATION_TECH.values()):
        raise WorkProblem("working with another nation needs Collaborative Construction or Collaborative Anomaly Study")
    units = o.units(order.units)
    for unit in units:
        if not any(m.module in _WORK_MODULES for m in unit.modules):
            raise WorkProblem(f"{unit.name} has no construction or study module")
    for unit in units:
        unit.mission = f"assist:{order.faction}:{order.work}"
        unit.move_to = ""
    name = o.state.faction(order.faction).name
    return f"{', '.join(u.name for u in units)} will help {name} on '{order.work}' this turn if {name} accepts"


def _accept(o: _Order, order: r.AcceptHelp) -> str:
    """CONS-05, ANOM-04: the primary names the helper this turn (Amb#113)."""
    if order.faction == o.faction.id:
        raise WorkProblem("accept help from another nation")
    job = find_work(o.state, o.faction.constructions, order.work)
    tech = COLLABORATION_TECH["study" if job.kind == "study" else "build"]
    o.tech(tech, "working with another nation on it")
    if order.faction not in job.partners:
        job.partners.append(order.faction)
    return (f"{site_of(o.state, job).label}: {o.state.faction(order.faction).name}'s help accepted this turn "
            "(it must have the same technology and order its units to assist)")


def _destroy(o: _Order, order: r.DestroyInstallation) -> str:
    """O80: armed units destroy the other nations' Remote Sensors in their system, or the Orbital Repair
    Yard of a planet there, if the nation is Uncontested there after the fighting (CONS-07, CONT-05)."""
    units = o.units(order.units)
    here = _one_system(units)
    gi = _gi(o.state)
    if not any(unit_stats(o.cat, u).armed for u in units):
        raise WorkProblem("destroying an installation needs an armed unit")
    if order.kind == "remote-sensor":
        if not any(here in f.remote_sensors for f in o.state.factions if f is not o.faction):
            raise WorkProblem(f"no other nation's Remote Sensor in {gi.systems[here].name}")
        target = here
    else:
        planet = gi.planets[order.planet]
        owner = next((f for f in o.state.factions if f.colony(planet.id) is not None), None)
        colony = owner.colony(planet.id) if owner is not None else None
        if gi.planet_system[planet.id] != here:
            raise WorkProblem(f"the units are not in {planet.name}'s system")
        if owner is None or colony is None or not colony.orbital_yard:
            raise WorkProblem(f"{planet.name} has no Orbital Repair Yard")
        if owner is o.faction:
            raise WorkProblem(f"{planet.name} is yours")
        target = planet.id
    for unit in units:
        unit.mission = f"destroy:{order.kind}:{target}"
        unit.move_to = ""
    what = "the Remote Sensors" if order.kind == "remote-sensor" else "the Orbital Repair Yard"
    return f"{', '.join(u.name for u in units)} will destroy {what} if Uncontested there this turn"


_HANDLERS: dict[type[r.Order], Callable[[_Order, Any], str]] = {
    r.BuildMiningFacility: _mining_facility, r.BuildRepairYard: _repair_yard, r.BuildStripMine: _strip_mine,
    r.PauseWork: _pause_or_resume, r.Assist: _assist, r.AcceptHelp: _accept, r.DestroyInstallation: _destroy,
}
work_orders: tuple[type[r.Order], ...] = tuple(_HANDLERS)
"""The order types :func:`work_order` carries out."""


def work_order(state: CampaignState, faction: Faction, cat: Catalogue, builder: ReportBuilder, line: int,
               order: r.Order) -> str:
    """Carry out one of :data:`work_orders` at step 1; :class:`WorkProblem` if refused (the caller puts
    the faction back as it was)."""
    return _HANDLERS[type(order)](_Order(state, faction, cat, builder, line), order)


# --- after step 6 -----------------------------------------------------------------------------------


def set_aside(state: CampaignState) -> dict[str, list[Construction]]:
    """Take every nation's works out of its record while ``warfare.step_ground_combat`` runs (its own
    pass over them is replaced by :func:`resolve_works`); give the result to :func:`resolve_works`."""
    held = {f.id: f.constructions for f in state.factions}
    for f in state.factions:
        f.constructions = []
    return held


def _tell(turn: Turn, faction: Faction, text: str, rule: str) -> None:
    b = turn.builders.get(faction.id)
    if b is not None:
        b.notice(text, rule=rule)


def _free(faction: Faction, job: Construction) -> None:
    mission = mission_of(job)
    for u in faction.units:
        if u.mission == mission:
            u.mission = ""


def _gone(state: CampaignState, faction: Faction, job: Construction) -> str:
    """Why the work cannot go on any more ('' when it can)."""
    held = any(f.colony(job.target) is not None for f in state.factions)
    if job.kind == "colonise" and held:
        return "abandoned: the planet is now held by a nation (COL-04)"
    if job.kind == "strip-mine":
        if held:
            return "abandoned: the planet is now inhabited"
        if job.target in state.strip_mines:
            return "abandoned: a strip mine stands there already (one each)"
    if job.kind == "repair-yard":
        colony = faction.colony(job.target)
        if colony is None:
            return "abandoned: the planet is no longer yours"
        if colony.orbital_yard:
            return "abandoned: a repair yard stands there already (one per planet)"
    if job.kind == "mining-facility" and job.target in state.mining_facilities:
        return "abandoned: the belt has a mining facility already (one per belt)"
    if job.kind == "stabiliser" and job.target in state.stabilisers:
        return "another stands there already; the work stops"
    if job.kind == "remote-sensor" and job.target in faction.remote_sensors:
        return "you have one there already; the work stops"
    if job.kind == "study" and _studied(state, faction, job.target):
        return "already studied; the work stops"
    return ""


def _helpers(turn: Turn, primary: Faction, job: Construction, site: Site,
             used: set[str]) -> list[tuple[Faction, list[int]]]:
    """The accepted helpers' module TLs at the work this turn (CONS-05, ANOM-04, Amb#113); the ids of
    the helping units whose order found this work go into ``used``."""
    state, cat = turn.state, turn.catalogue
    tech = COLLABORATION_TECH["study" if job.kind == "study" else "build"]
    out: list[tuple[Faction, list[int]]] = []
    for ident in job.partners:
        other = next((f for f in state.factions if f.id == ident), None)
        if other is None:
            continue
        units = []
        for u in other.units:
            head, _, text = u.mission.partition(":")
            if head != "assist" or not text.startswith(f"{primary.id}:"):
                continue
            try:
                if find_work(state, primary.constructions, text[len(primary.id) + 1:]) is job:
                    units.append(u)
            except WorkProblem:
                continue
        if not units:
            continue
        used.update(u.id for u in units)
        if not (other.tech.has(tech) and primary.tech.has(tech)):
            for f in (primary, other):
                _tell(turn, f, f"{site.label}: no help from {other.name}, both nations need the "
                               f"{cat.techs[tech].name if tech in cat.techs else tech} technology", "CONS-05")
            continue
        working = [u for u in units if _at(u, site) and not u.moved]
        if not working or not _uncontested(state, cat, other, site):
            _tell(turn, other, f"{site.label}: your help gave nothing (the units moved, are elsewhere or are "
                               "contested)", "CONS-05")
            continue
        out.append((other, _tls(working, site.module)))
    return out


def _job_turn(turn: Turn, faction: Faction, job: Construction, outside: int, used: set[str]) -> None:
    """One turn of one work: the modules of the nation's units at it that did not move, its accepted
    helpers' and ``outside`` progress (outpost Science branches) while Uncontested (CONS-02, CONS-04,
    ANOM-01, ANOM-02)."""
    state, cat = turn.state, turn.catalogue
    site = site_of(state, job)
    why = _gone(state, faction, job)
    if why:
        faction.constructions.remove(job)
        _free(faction, job)
        _tell(turn, faction, f"{site.label}: {why}", "CONS-07")
        return
    mission = mission_of(job)
    workers = [u for u in faction.units if u.mission == mission]
    working = [u for u in workers if _at(u, site) and not u.moved]
    helpers = _helpers(turn, faction, job, site, used)
    rule = "ANOM-02" if job.kind == "study" else "CONS-02"
    if not working and not helpers and not outside:
        if not workers:
            _tell(turn, faction, f"{site.label}: paused at {job.progress}/{job.rating} (no units at work; O68)", "O68")
        return
    gained = outside
    if working or helpers:
        if _uncontested(state, cat, faction, site):
            gained += sum(_tls(working, site.module)) + sum(sum(tls) for _, tls in helpers)
            for other, _ in helpers:
                if other.id not in job.contributors:
                    job.contributors.append(other.id)
                _tell(turn, other, f"{site.label} of {faction.name}: your units helped", "CONS-05")
        else:
            _tell(turn, faction, f"{site.label}: no progress from units, contested "
                                 f"({'ANOM-01' if job.kind == 'study' else 'CONS-04'})",
                  "ANOM-01" if job.kind == "study" else "CONS-04")
    if not gained:
        return
    step = construction_step(job.progress, [gained], job.rating)
    job.progress = step.progress
    if step.done:
        _finish(turn, faction, job, site)
    else:
        _tell(turn, faction, f"{site.label}: {job.progress}/{job.rating}", rule)


def _learn_result(state: CampaignState, faction: Faction, anomaly: Anomaly, system: str, result: str) -> None:
    k: Knowledge | None = state.knowledge.get(faction.id)
    if k is None:
        return
    old = k.anomalies.get(anomaly.id)
    facts = (msgspec.structs.replace(old, result=result) if old is not None else AnomalyFacts(
        id=anomaly.id, name=anomaly.name, system=system, planet=anomaly.planet, domain=anomaly.domain,
        learned=state.turn, description=anomaly.description, result=result))
    state.knowledge[faction.id] = msgspec.structs.replace(k, anomalies={**k.anomalies, anomaly.id: facts})


def _finish(turn: Turn, faction: Faction, job: Construction, site: Site) -> None:
    """The work reached its rating: what it makes goes to ``faction`` (the primary: ownership, physical
    rewards; ANOM-04 knowledge to every contributor)."""
    from starlanes.games.star_kingdoms.execute import raise_gm_item

    state = turn.state
    gi = _gi(state)
    faction.constructions.remove(job)
    _free(faction, job)
    if job.kind == "colonise":
        from starlanes.games.star_kingdoms.culture import new_colony_principles

        principles = new_colony_principles(state, faction.id, job.target, job.sponsors,  # CULT-03, OP-R5
                                           params=state.params)
        faction.colonies.append(Colony(planet=job.target, districts=Districts(industrial=1), founded=state.turn,
                                       principles=principles))
        k = state.knowledge.get(faction.id)
        if k is not None:
            state.knowledge[faction.id] = own_planet(k, gi, job.target, state.turn)
        _tell(turn, faction, f"{site.label} complete: a new colony with a level 1 Industrial district (COL-01)",
              "COL-01")
    elif job.kind == "study":
        anomaly, system = _anomaly(gi, job.target)
        result = anomaly.result or "the GM will send the findings"
        names = [faction] + [state.faction(c) for c in job.contributors if any(f.id == c for f in state.factions)]
        for f in names:  # knowledge goes to every contributor (ANOM-04)
            _learn_result(state, f, anomaly, system, result)
            _tell(turn, f, f"{site.label} complete: {result}", "ANOM-04" if f is not faction else "ANOM-02")
        if not anomaly.result or job.contributors:
            helpers = ", ".join(f.name for f in names[1:])
            extra = (f"; contributors {helpers} learn the findings too, physical rewards go to {faction.name} "
                     "(ANOM-04)") if helpers else ""
            raise_gm_item(state, faction, "request", f"{faction.name} completed the study of {anomaly.name}: "
                          f"{'write its findings' if not anomaly.result else 'give its rewards'}{extra} (ANOM-02)")
    elif job.kind == "remote-sensor":
        faction.remote_sensors.append(job.target)
        _tell(turn, faction, f"{site.label} complete: you see the system as a ship there would (VIS-05)", "VIS-05")
    elif job.kind == "stabiliser":
        state.stabilisers.append(job.target)
        _tell(turn, faction, f"{site.label} complete: the wormhole's Instability is 1 lower (MOV-08)", "MOV-08")
    elif job.kind == "mining-facility":
        state.mining_facilities[job.target] = faction.id
        _tell(turn, faction, f"{site.label} complete: its Mineral Rating adds to your Economy Rating (SYS-06)",
              "SYS-06")
    elif job.kind == "strip-mine":
        state.strip_mines[job.target] = faction.id
        _tell(turn, faction, f"{site.label} complete: 3 x its Mineral Rating adds to your Economy Rating (ECO-09)",
              "ECO-09")
    else:
        colony = faction.colony(job.target)
        assert colony is not None  # _gone checked it
        colony.orbital_yard = True
        _tell(turn, faction, f"{site.label} complete: it repairs ships as a level 1 Shipyard (PROJ-S5)", "PROJ-S5")


def _destructions(turn: Turn) -> None:
    """O80: armed units of a nation Uncontested in the system destroy the installations named."""
    from starlanes.games.star_kingdoms.warfare import uncontested

    state, cat = turn.state, turn.catalogue
    gi = _gi(state)
    for faction in state.factions:
        jobs: dict[tuple[str, str], list[Unit]] = {}
        for u in faction.units:
            if u.mission.startswith("destroy:"):
                _, kind, target = u.mission.split(":", 2)
                jobs.setdefault((kind, target), []).append(u)
                u.mission = ""
        for (kind, target), units in sorted(jobs.items()):
            system = target if kind == "remote-sensor" else gi.planet_system[target]
            here = [u for u in units if u.system == system]
            what = ("Remote Sensors in " + gi.systems[system].name if kind == "remote-sensor"
                    else "the Orbital Repair Yard at " + gi.planets[target].name)
            if not (any(unit_stats(cat, u).armed for u in here) and uncontested(state, cat, faction, system)):
                _tell(turn, faction, f"Destroying {what}: not done (no armed unit there, or contested)", "O80")
                continue
            for other in state.factions:
                if other is faction:
                    continue
                if kind == "remote-sensor" and system in other.remote_sensors:
                    other.remote_sensors.remove(system)
                    _tell(turn, other, f"Your Remote Sensor in {gi.systems[system].name} was destroyed", "O80")
                    _tell(turn, faction, f"{other.name}'s Remote Sensor in {gi.systems[system].name} destroyed",
                          "O80")
                colony = other.colony(target)
                if kind == "repair-yard" and colony is not None and colony.orbital_yard:
                    colony.orbital_yard = False
                    _tell(turn, other, f"Your Orbital Repair Yard at {gi.planets[target].name} was destroyed", "O80")
                    _tell(turn, faction, f"{other.name}'s Orbital Repair Yard at {gi.planets[target].name} destroyed",
                          "O80")


def _outpost_progress(turn: Turn, faction: Faction) -> dict[str, int]:
    """Anomaly id -> this turn's progress from the nation's outpost Science branches (ORG-13, Amb#41,
    ruling 306): current Sensors level each, towards the anomaly the branch names or the oldest space
    anomaly of the system the nation knows and has not studied, where it is Uncontested."""
    from starlanes.games.star_kingdoms.orgs import outpost_science
    from starlanes.games.star_kingdoms.warfare import uncontested

    state = turn.state
    world = state.organisations.world
    systems = sorted({b.system for b in world.branches
                      if b.faction == faction.id and b.org_type == "science" and b.site == "outpost"})
    if not systems:
        return {}
    gi = _gi(state)
    k = state.knowledge.get(faction.id)
    known = k.anomalies if k is not None else {}
    unfinished = {s: [a.id for a in gi.systems[s].anomalies if a.domain == "space" and a.id in known
                      and not known[a.id].result] for s in systems}
    contested = [s for s in systems if not uncontested(state, turn.catalogue, faction, s)]
    out: dict[str, int] = {}
    for _, anomaly, amount in outpost_science(world, faction.id, faction.tech.level("sensors"), state.turn,
                                              contested=contested, unfinished=unfinished):
        out[anomaly] = out.get(anomaly, 0) + amount
    return out


def _study_job(state: CampaignState, faction: Faction, anomaly: str) -> Construction:
    job = next((c for c in faction.constructions if c.kind == "study" and c.target == anomaly), None)
    if job is None:
        found, _ = _anomaly(_gi(state), anomaly)
        job = Construction(kind="study", target=anomaly, rating=found.rating, started=state.turn)
        faction.constructions.append(job)
    return job


def _yields(turn: Turn) -> None:
    """ANOM-03: a studied anomaly with a yield pays it each turn to the nation that studied it and owns
    the system's outpost, while Uncontested there (CONT-05)."""
    from starlanes.games.star_kingdoms.warfare import uncontested

    state = turn.state
    if not state.anomaly_yields:
        return
    gi = _gi(state)
    world = state.organisations.world
    for ident, y in sorted(state.anomaly_yields.items()):
        try:
            anomaly, system = _anomaly(gi, ident)
        except KeyError:
            continue
        outpost = world.outpost(system)
        owner = next((f for f in state.factions if outpost is not None and f.id == outpost.owner), None)
        if owner is None or not _studied(state, owner, ident):
            continue
        if not uncontested(state, turn.catalogue, owner, system):
            _tell(turn, owner, f"{anomaly.name}: no yield this turn, contested (ANOM-03)", "ANOM-03")
            continue
        b = turn.builders.get(owner.id)
        for field in FIELDS:
            amount = y.science.get(field, 0)
            if amount:
                owner.tech = msgspec.structs.replace(owner.tech, sp=owner.tech.sp.add(field, amount))
                if b is not None:
                    b.science(field, amount, f"{anomaly.name} (studied anomaly, your outpost; ANOM-03)")
        if y.credits:
            owner.credits += y.credits
            if b is not None:
                b.income(y.credits, f"{anomaly.name} (studied anomaly, your outpost; ANOM-03)")


def resolve_works(turn: Turn, held: dict[str, list[Construction]]) -> None:
    """After step 6: put back the works :func:`set_aside` took, destroy what O80 orders destroy, work
    every nation's works one turn (collaborators' and outposts' progress included), pay the studied
    anomalies' yields; helpers' and acceptances are one-turn orders and end here."""
    from starlanes.games.star_kingdoms.warfare import remote_sensor_surveys

    state = turn.state
    sensors_before = [list(f.remote_sensors) for f in state.factions]
    for f in state.factions:
        f.constructions = held.get(f.id, []) + f.constructions
    _destructions(turn)
    used: set[str] = set()
    for faction in state.factions:
        outside = _outpost_progress(turn, faction)
        for anomaly in outside:
            if not _studied(state, faction, anomaly):
                _study_job(state, faction, anomaly)
        for job in list(faction.constructions):
            if job in faction.constructions:
                extra = outside.get(job.target, 0) if job.kind == "study" else 0
                _job_turn(turn, faction, job, extra, used)
    _yields(turn)
    for f in state.factions:
        for job in f.constructions:
            job.partners = []
        for u in f.units:
            if u.mission.startswith("assist:"):
                if u.id not in used:  # the primary did not accept, or names no such work: nothing said of its works
                    _, primary, text = u.mission.split(":", 2)
                    name = next((x.name for x in state.factions if x.id == primary), primary)
                    _tell(turn, f, f"{u.name}'s help to {name} on '{text}' was not used ({name} did not accept it "
                                   "this turn, or has no such work; Amb#113)", "CONS-05")
                u.mission = ""
    if [f.remote_sensors for f in state.factions] != sensors_before:
        remote_sensor_surveys(turn)  # a sensor built this turn surveys at once (VIS-05); the sightings follow


def add_study_progress(turn: Turn, faction: Faction, anomaly: str, amount: int, why: str) -> None:
    """Step 8: progress from outside the units (an operation's Study Anomaly, OP-S3, Amb#125) added to the
    nation's study of ``anomaly`` (opened if none is under way), finished at its rating."""
    state = turn.state
    if _studied(state, faction, anomaly):
        _tell(turn, faction, f"{why}: the anomaly is already studied", "ANOM-02")
        return
    job = _study_job(state, faction, anomaly)
    site = site_of(state, job)
    job.progress += amount
    if job.progress >= job.rating:
        _finish(turn, faction, job, site)
    else:
        _tell(turn, faction, f"{site.label}: {job.progress}/{job.rating} ({why})", "ANOM-02")


def set_anomaly_yield(state: CampaignState, anomaly: str, science: dict[str, int], credits: int) -> str:
    """The GM sets what a studied anomaly keeps paying each turn (ANOM-03, Amb#41; ruling 235): science
    points by field and credits; all zero removes the yield.  :class:`WorkProblem` names what is wrong
    and changes nothing."""
    from starlanes.games.star_kingdoms.campaign import AnomalyYield

    gi = _gi(state)
    ident = gi.anomaly_names.resolve(anomaly)
    if ident is None:
        raise WorkProblem(gi.anomaly_names.unknown(anomaly))
    for field, amount in science.items():
        if field not in FIELDS:
            raise WorkProblem(f"unknown science field '{field}' (one of {', '.join(FIELDS)})")
        if amount < 0:
            raise WorkProblem(f"{field}: a yield is 0 or more points a turn")
    if credits < 0:
        raise WorkProblem("credits: a yield is 0 or more credits a turn")
    points = {f: science[f] for f in FIELDS if science.get(f, 0)}
    name = _anomaly(gi, ident)[0].name
    if not points and not credits:
        state.anomaly_yields.pop(ident, None)
        return f"{name} yields nothing now"
    state.anomaly_yields[ident] = AnomalyYield(science=points, credits=credits)
    parts = [f"{n} {f}" for f, n in points.items()] + ([f"{credits} credits"] if credits else [])
    return f"{name} yields {', '.join(parts)} a turn to the holder of its outpost who studied it"


def installation_er(state: CampaignState, faction: Faction) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(belt Mineral Ratings of its Asteroid Mining Facilities, planet Mineral Ratings of its Strip Mines)
    for ``economy.ERSources`` (ECO-09, SYS-06): a belt's current rating (expeditions lower it, Amb#49);
    a strip mine pays while its world stays uninhabited."""
    gi = _gi(state)
    belts = tuple(_belt_system(gi, belt)[2] for belt, owner in sorted(state.mining_facilities.items())
                  if owner == faction.id)
    held = {c.planet for f in state.factions for c in f.colonies}
    mines = tuple(gi.planets[p].mineral_rating for p, owner in sorted(state.strip_mines.items())
                  if owner == faction.id and p not in held)
    return belts, mines
