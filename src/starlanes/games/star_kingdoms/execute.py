"""Orders checked against the campaign state and carried out: step 1 of the turn (and 0, intake).

A faction's orders document is parsed (``orders/``), then each order is checked and carried out
**in sheet order** against the state at the start of the turn (Amb#3): the opening balance pays for
the lines from the top down, a slot taken by an earlier line is busy for a later one, a cancelled
project frees its slot and refunds at once, a breakthrough gained above counts for the lines below.
Every line is accepted or refused with the reason a player reads; a refused line changes nothing.

:func:`start_orders` does it on the real state (the pipeline's step 1); :func:`check_orders` does it
on a copy and returns the results only (``orders check``, and the core's legality check of a
submitted document): the two can never disagree, because they are one code path.

Names are resolved against what the faction knows (:func:`known_galaxy`): a planet it has never seen
is "unknown", and a "did you mean" only suggests names it knows.
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import msgspec

from starlanes.core.errors import IllegalAction
from starlanes.games.star_kingdoms.campaign import (
    CampaignState,
    Colony,
    Faction,
    FittedModule,
    GMItem,
    GMItemKind,
    Unit,
)
from starlanes.games.star_kingdoms.catalogue import FIELDS, Catalogue, District, ProjectKind, load_catalogue
from starlanes.games.star_kingdoms.economy import (
    district_build_problem,
    effective_pc,
    office_build_problem,
    round_ratio,
)
from starlanes.games.star_kingdoms.galaxy import Galaxy, GalaxyIndex, galaxy_index
from starlanes.games.star_kingdoms.knowledge import knowledge_for
from starlanes.games.star_kingdoms.names import NameIndex
from starlanes.games.star_kingdoms.operations import (
    OperationKind,
    OpTarget,
    World,
    cancel_operation,
    load_operations,
    operation_power,
    set_operation,
    start_operation,
)
from starlanes.games.star_kingdoms.orders import records as r
from starlanes.games.star_kingdoms.orders.grammar import LineError, tokenize
from starlanes.games.star_kingdoms.orders.language import ParsedLine, parse_orders
from starlanes.games.star_kingdoms.orders.names import NameBook
from starlanes.games.star_kingdoms.orgs import (
    BranchKind,
    fob_remove_safe_house,
    grant_consent,
    new_org_problem,
    revoke_consent,
)
from starlanes.games.star_kingdoms.orgs import Consent as OrgConsent
from starlanes.games.star_kingdoms.projects import (
    Project,
    cancel_refund,
    fighter_squadrons,
    level_problem,
    project_cost,
    project_target,
    refit_covers,
    repair_covers,
    rush,
    rush_cap,
    zero_progress_problem,
)
from starlanes.games.star_kingdoms.report import OrderResult, ReportBuilder, TechGain
from starlanes.games.star_kingdoms.tech import (
    breakthrough,
    breakthrough_cost,
    class_access_problem,
    missing_module_techs,
    research_level,
    research_problem,
    research_project,
    unit_level_problem,
)

__all__ = [
    "CHECK_FIRST",
    "ORBITAL_YARD",
    "UNIT_FREE",
    "OrderRun",
    "check_orders",
    "checking",
    "effective_pc_of",
    "galaxy_index",
    "kept_name_index",
    "known_galaxy",
    "name_book",
    "pay_due_projects",
    "planet_name",
    "project_label",
    "raise_gm_item",
    "rush_banned",
    "slot_district",
    "start_orders",
]

ORBITAL_YARD = "orbital-yard"
"""Slot key of an Orbital Repair Yard's repair-only project (PROJ-S5, Amb#50)."""

def _known_planets(state: CampaignState, faction: Faction) -> set[str]:
    """The planets whose names the faction can use: its colonies and the planets it knows."""
    planets = {c.planet for c in faction.colonies}
    known = state.knowledge.get(faction.id)
    if known is not None:
        planets |= set(known.planets)
    return planets


def _galaxy_part(galaxy: Galaxy, planets: set[str] | frozenset[str]) -> Galaxy:
    index = galaxy_index(galaxy)
    systems = {index.planet_system[p] for p in planets if p in index.planet_system}
    kept = tuple(msgspec.structs.replace(s, planets=tuple(p for p in s.planets if p.id in planets), belts=(),
                                         anomalies=())
                 for s in galaxy.systems if s.id in systems)
    return Galaxy(schema=galaxy.schema, name=galaxy.name, systems=kept)


def known_galaxy(state: CampaignState, faction: Faction) -> Galaxy:
    """The part of the galaxy whose names the faction can use in orders: the planets it knows
    (``knowledge.py``) and its own colonies, in the systems they belong to; nothing it has not
    seen, so a "did you mean" can never name a planet the faction does not know (ruling 29)."""
    return _galaxy_part(state.galaxy, _known_planets(state, faction))


_KNOWN_INDEXES: dict[tuple[int, frozenset[str]], tuple[Galaxy, GalaxyIndex]] = {}
"""(id of a galaxy, planets) -> (that galaxy, the index of its part holding those planets): the
index :func:`known_galaxy` gives, kept for the next book with the same planets of the same
galaxy object (a frozen struct, kept alive and compared by identity, so the id is never reused
for another galaxy while the entry holds it)."""

_NAME_INDEXES: dict[tuple[str, tuple[tuple[str, str], ...]], NameIndex] = {}
"""(kind, (id, name) entries in order) -> the NameIndex ``NameIndex.build`` makes of them (it
reads nothing else; a clash raises and is never kept).  Indexes of a name book are never
changed once built."""

_BOOKS: dict[tuple[int, int, int, int, int], NameBook] = {}
"""(ids of the catalogue and of the book's four indexes) -> the book made of them: the book
:func:`name_book` gives for that content, kept with what it has read (``NameBook.read``).  A
kept book holds its parts, so while it is kept no other object has their ids."""

_KEPT_LIMIT = 512
"""Entries a cache of name books' parts keeps before it starts again (a campaign's units change
every turn)."""


def _known_index(state: CampaignState, faction: Faction) -> GalaxyIndex:
    """``GalaxyIndex.of(known_galaxy(state, faction))``, built once per galaxy and planets."""
    planets = frozenset(_known_planets(state, faction))
    key = (id(state.galaxy), planets)
    found = _KNOWN_INDEXES.get(key)
    if found is not None and found[0] is state.galaxy:
        return found[1]
    if len(_KNOWN_INDEXES) >= _KEPT_LIMIT:
        _KNOWN_INDEXES.clear()
    index = GalaxyIndex.of(_galaxy_part(state.galaxy, planets))
    _KNOWN_INDEXES[key] = (state.galaxy, index)
    return index


def kept_name_index(kind: str, entries: tuple[tuple[str, str], ...]) -> NameIndex:
    """``NameIndex.build(kind, ...)`` of ``(id, name)`` entries with no aliases, built once per
    content (read it, never change it)."""
    key = (kind, entries)
    found = _NAME_INDEXES.get(key)
    if found is None:
        found = NameIndex.build(kind, ((ident, name, ()) for ident, name in entries))
        if len(_NAME_INDEXES) >= _KEPT_LIMIT:
            _NAME_INDEXES.clear()
        _NAME_INDEXES[key] = found
    return found


def name_book(state: CampaignState, faction: Faction, catalogue: Catalogue | None = None) -> NameBook:
    """What names mean in this faction's orders: its known planets, known factions, own orgs and units.

    Its indexes are shared by every book with the same content (:func:`_known_index`,
    :func:`kept_name_index`), and so is the book itself (:data:`_BOOKS`), with the lines it has
    read: a book is read, never changed."""
    cat = catalogue or load_catalogue()
    others = {f.id: f.name for f in state.factions}
    known: list[tuple[str, str]] = []
    for fid in faction.known_factions:
        if fid in others:
            known.append((fid, others[fid]))
    orgs: list[tuple[str, str]] = []
    for o in faction.orgs:
        orgs.append((o.id, o.name))
    units: list[tuple[str, str]] = []
    for u in faction.units:
        units.append((u.id, u.name))
    galaxy = _known_index(state, faction)
    factions = kept_name_index("faction", tuple(known))
    org_names = kept_name_index("organisation", tuple(orgs))
    unit_names = kept_name_index("unit", tuple(units))
    key = (id(cat), id(galaxy), id(factions), id(org_names), id(unit_names))
    book = _BOOKS.get(key)
    if book is None:
        if len(_BOOKS) >= _KEPT_LIMIT:
            _BOOKS.clear()
        book = _BOOKS[key] = NameBook(catalogue=cat, galaxy=galaxy, factions=factions, orgs=org_names,
                                      units=unit_names)
    return book


def planet_name(state: CampaignState, planet: str) -> str:
    found = galaxy_index(state.galaxy).planets.get(planet)
    return found.name if found is not None else planet


def effective_pc_of(state: CampaignState, faction: Faction, colony: Colony) -> int:
    """The effective Planetary Construction on a colony (PROJ-I1: biosphere, homeworld, techs)."""
    planet = galaxy_index(state.galaxy).planets[colony.planet]
    return effective_pc(faction.tech.level("planetary-construction"), planet.biosphere, faction.native,
                        homeworld=colony.planet == faction.homeworld, techs=faction.tech.known,
                        params=state.params)


def slot_district(slot: str) -> District:
    return "shipyard" if slot == ORBITAL_YARD else slot  # type: ignore[return-value]


def project_label(state: CampaignState, faction: Faction, project: Project, catalogue: Catalogue) -> str:
    """What a project makes, as a player reads it."""
    d = project.detail
    kind = project.kind
    if kind == "construct-district":
        return f"{str(d.get('district', '')).capitalize()} district level {project.level}"
    if kind == "construct-office":
        org = faction.org(str(d.get("org", "")))
        return f"Office of {org.name if org else d.get('new_name', '?')}"
    if kind == "rebuild-and-repair":
        return "Rebuild and Repair"
    if kind == "planetary-shield":
        return "Planetary Shield"
    if "tech" in d:
        tech = catalogue.tech(str(d["tech"]))
        if tech.kind == "core":
            return f"{tech.name} {project.level}"
        if d.get("design_class"):
            return f"{tech.name}: {catalogue.classes[str(d['design_class'])].name}"
        return tech.name
    if kind == "analyse":
        level = f" (level {project.level})" if project.level else " (level to be set by the GM)"
        return f"Analyse {d.get('subject', '')}{level}"
    if kind in ("construct-ship", "train-detachment"):
        cls = catalogue.classes[str(d["class"])]
        count = int(d.get("squadrons", 1))
        many = f" x{count}" if count > 1 else ""
        return f"{cls.name} '{d.get('name', '')}'{many}"
    names = [u.name for u in faction.units if u.id in d.get("units", ())]
    return f"{catalogue.project(kind).name}: {', '.join(names) or '?'}"


def raise_gm_item(state: CampaignState, faction: Faction, kind: GMItemKind, subject: str, *, planet: str = "",
                  line: int = 0, blocking: bool = False) -> GMItem:
    item = GMItem(id=state.next_gm_item, turn=state.turn, faction=faction.id, kind=kind, subject=subject,
                  planet=planet, line=line, blocking=blocking)
    state.next_gm_item += 1
    state.gm_queue.append(item)
    return item


def rush_banned(faction: Faction, project: Project, planet: str) -> bool:
    """A trait forbids rushing this project here (PROJ-I6)."""
    for hooks in faction.hooks():
        banned = project.kind in hooks.no_rush or project.district in hooks.no_rush
        if banned and (not hooks.no_rush_homeworld_only or planet == faction.homeworld):
            return True
    return False


def _cost_percent(faction: Faction, kind: str) -> int:
    percent = 100
    for hooks in faction.hooks():
        percent = percent * hooks.cost_percent.get(kind, 100) // 100
    return percent


class _Refused(Exception):
    """A line is refused (the message is the reason)."""


@dataclass
class _Ctx:
    state: CampaignState
    faction: Faction
    cat: Catalogue
    builder: ReportBuilder
    line: int = 0
    started: dict[tuple[str, str], int] = field(default_factory=dict)
    """(planet, slot) -> line that started a project there this turn."""
    new_names: set[str] = field(default_factory=set)
    """Unit and org names taken by lines above (case-insensitive)."""

    @property
    def params(self) -> Any:
        return self.state.params

    def colony(self, planet: str) -> Colony:
        found = self.faction.colony(planet)
        if found is None:
            raise _Refused(f"you do not own {planet_name(self.state, planet)}")
        return found

    def slot_free(self, colony: Colony, slot: str) -> None:
        name = planet_name(self.state, colony.planet)
        where = "Orbital Repair Yard" if slot == ORBITAL_YARD else f"{slot} slot"
        if (colony.planet, slot) in self.started:
            raise _Refused(f"the {where} on {name} is busy: line {self.started[colony.planet, slot]} started a "
                           "project there")
        busy = colony.projects.get(slot)
        if busy is not None:
            label = project_label(self.state, self.faction, busy, self.cat)
            raise _Refused(f"the {where} on {name} is busy: {label} ({busy.progress}/{busy.target}); "
                           f"cancel it first (cancel {slot_district(slot)} project on {name})")

    def afford(self, cost: int) -> None:
        if cost > self.faction.credits:
            raise _Refused(f"costs {cost} credits; you have {self.faction.credits} left after the lines above")

    def level_ok(self, level: int, subject: str) -> None:
        problem = level_problem(level, self.params, gm_permission=self.faction.permitted(subject, level))
        if problem:
            raise _Refused(problem + " (ask with: gm request ...)")

    def district_ok(self, colony: Colony, district: District) -> None:
        problem = zero_progress_problem(colony.districts.level(district), self.params)
        if problem:
            raise _Refused(f"{planet_name(self.state, colony.planet)}: {problem}")

    def start(self, colony: Colony, slot: str, kind: ProjectKind, level: int, detail: dict[str, Any],
              subject: str | None = None) -> Project:
        """Check the level and the credits, pay, and put a new project in the slot (PROJ-01)."""
        self.level_ok(level, subject or kind.id)
        cost = round_ratio(project_cost(level, self.params) * _cost_percent(self.faction, kind.id), 100,
                           self.params)
        self.afford(cost)
        project = Project(kind=kind.id, district=slot_district(slot), level=level, target=project_target(level),
                          paid=cost, detail=detail)
        self._put(colony, slot, project, cost)
        return project

    def _put(self, colony: Colony, slot: str, project: Project, cost: int) -> None:
        self.faction.credits -= cost
        colony.projects[slot] = project
        self.started[colony.planet, slot] = self.line
        label = project_label(self.state, self.faction, project, self.cat)
        if cost:
            self.builder.spend(cost, f"{self.cat.project(project.kind).name}: {label} on "
                                     f"{planet_name(self.state, colony.planet)}", line=self.line)

    def name_free(self, name: str) -> None:
        key = name.casefold()
        if key in self.new_names or any(u.name.casefold() == key for u in self.faction.units):
            raise _Refused(f"you already have a unit named '{name}'")
        self.new_names.add(key)


Handler = Callable[[_Ctx, Any], str]


def _relationship(ctx: _Ctx, order: r.SetRelationship) -> str:
    if order.faction == ctx.faction.id:
        raise _Refused("a relationship is with another nation, not your own")
    ctx.faction.relationships[order.faction] = order.stance
    return f"{order.stance} towards {ctx.state.faction(order.faction).name}"


def _default_relationship(ctx: _Ctx, order: r.SetDefaultRelationship) -> str:
    ctx.faction.default_relationship = order.stance
    return f"{order.stance} towards nations you have not declared"


def _district(ctx: _Ctx, order: r.ConstructDistrict) -> str:
    colony = ctx.colony(order.planet)
    ctx.slot_free(colony, "industrial")
    ctx.district_ok(colony, "industrial")
    problem = district_build_problem(colony.districts, order.district, effective_pc_of(ctx.state, ctx.faction,
                                                                                       colony))
    if problem:
        raise _Refused(problem)
    kind = ctx.cat.project("construct-district")
    level = colony.districts.level(order.district) + 1
    p = ctx.start(colony, "industrial", kind, level, {"district": order.district})
    return f"started, {p.paid} credits"


def _office(ctx: _Ctx, order: r.ConstructOffice) -> str:
    colony = ctx.colony(order.planet)
    ctx.slot_free(colony, "industrial")
    ctx.district_ok(colony, "industrial")
    problem = office_build_problem(len(colony.offices), effective_pc_of(ctx.state, ctx.faction, colony))
    if problem:
        raise _Refused(problem)
    detail: dict[str, Any]
    if order.new_type:
        key = order.org.casefold()
        problem = new_org_problem(order.org, order.new_type, order.principle,
                                  [o.name for o in ctx.faction.orgs] + sorted(ctx.new_names))
        if problem:
            raise _Refused(problem)
        ctx.new_names.add(key)
        detail = {"org": "", "new_name": order.org, "new_type": order.new_type, "principle": order.principle}
    else:
        org = ctx.faction.org(order.org)
        assert org is not None
        if colony.planet in org.offices:
            raise _Refused(f"{org.name} already has an office on {planet_name(ctx.state, colony.planet)} "
                           "(one office per organisation per planet)")
        detail = {"org": org.id}
    kind = ctx.cat.project("construct-office")
    p = ctx.start(colony, "industrial", kind, len(colony.offices) + 1, detail)
    return f"started, {p.paid} credits"


def _rebuild(ctx: _Ctx, order: r.RebuildAndRepair) -> str:
    colony = ctx.colony(order.planet)
    if colony.bombarded or colony.invaded:
        raise _Refused(f"{planet_name(ctx.state, colony.planet)} is under bombardment or invasion (PROJ-I3)")
    if colony.devastation <= 0:
        raise _Refused(f"{planet_name(ctx.state, colony.planet)} has no Devastation to repair")
    ctx.slot_free(colony, "industrial")
    ctx.district_ok(colony, "industrial")
    kind = ctx.cat.project("rebuild-and-repair")
    p = ctx.start(colony, "industrial", kind, kind.fixed_level, {})
    return f"started, {p.paid} credits"


def _shield(ctx: _Ctx, order: r.ConstructPlanetaryShield) -> str:
    colony = ctx.colony(order.planet)
    kind = ctx.cat.project("planetary-shield")
    if not ctx.faction.tech.has(kind.requires_tech):
        raise _Refused(f"needs the {ctx.cat.tech(kind.requires_tech).name} technology")
    if colony.shield:
        raise _Refused(f"{planet_name(ctx.state, colony.planet)} already has a Planetary Shield (one per planet)")
    ctx.slot_free(colony, "industrial")
    ctx.district_ok(colony, "industrial")
    p = ctx.start(colony, "industrial", kind, kind.fixed_level, {})
    return f"started, {p.paid} credits"


def _researching(ctx: _Ctx, tech: str, design_class: str) -> str | None:
    for colony in ctx.faction.colonies:
        for project in colony.projects.values():
            if project.detail.get("tech") == tech and project.detail.get("design_class", "") == design_class:
                return planet_name(ctx.state, colony.planet)
    return None


_RESEARCH_DISTRICT: dict[type[r.Order], District] = {
    r.ResearchPlanetaryConstruction: "industrial", r.ResearchShipConstruction: "shipyard",
    r.ResearchMilitaryTheory: "military"}


def _research(ctx: _Ctx, order: Any) -> str:
    district = _RESEARCH_DISTRICT.get(type(order), "academic")
    design_class = getattr(order, "design_class", "")
    colony = ctx.colony(order.planet)
    ctx.slot_free(colony, district)
    ctx.district_ok(colony, district)
    tech = ctx.cat.tech(order.tech)
    level = research_level(ctx.cat, ctx.faction.tech, tech, design_class)
    problem = research_problem(ctx.cat, ctx.faction.tech, tech, district, ctx.params, design_class=design_class,
                               gm_permission=ctx.faction.permitted(tech.id, level))
    if problem:
        raise _Refused(problem)
    where = _researching(ctx, tech.id, design_class)
    if where is not None:
        raise _Refused(f"{tech.name} is already being researched on {where}")
    kind = research_project(ctx.cat, tech, district)
    p = ctx.start(colony, district, kind, level, {"tech": tech.id, "design_class": design_class}, subject=tech.id)
    return f"started at level {level}, {p.paid} credits"


def _analyse(ctx: _Ctx, order: r.Analyse) -> str:
    colony = ctx.colony(order.planet)
    ctx.slot_free(colony, "academic")
    ctx.district_ok(colony, "academic")
    item = raise_gm_item(ctx.state, ctx.faction, "analyse-level",
                         f"Analyse '{order.subject}' on {planet_name(ctx.state, colony.planet)}: set its level",
                         planet=colony.planet, line=ctx.line, blocking=True)
    project = Project(kind="analyse", district="academic", level=0, target=0, paid=0,
                      detail={"subject": order.subject, "gm_item": item.id})
    ctx._put(colony, "academic", project, 0)
    return "the GM sets its level and cost (paid at the start of the turn after the GM's answer)"


def _unit_class_problems(ctx: _Ctx, class_id: str, flexible: tuple[str, ...], variant: str, unit: str,
                         level: int) -> None:
    tech = ctx.faction.tech
    problem = class_access_problem(ctx.cat, tech, class_id) or unit_level_problem(tech, unit, level)
    if problem:
        raise _Refused(problem)
    missing = missing_module_techs(ctx.cat, tech, class_id, flexible)
    if missing:
        raise _Refused(f"the modules need {', '.join(missing)}")
    if variant and not tech.has(ctx.cat.variants[variant].tech):
        raise _Refused(f"the {ctx.cat.variants[variant].name} variant needs "
                       f"{ctx.cat.tech(ctx.cat.variants[variant].tech).name}")


def _default_name(ctx: _Ctx, class_name: str) -> str:
    """The first "<class> <n>" that names no unit of the faction and no name the lines above took
    (case-insensitive)."""
    taken: set[str] = set()
    for u in ctx.faction.units:
        taken.add(u.name.casefold())
    n = 1
    while True:
        name = f"{class_name} {n}"
        key = name.casefold()
        if key not in ctx.new_names and key not in taken:
            return name
        n += 1


def _ship(ctx: _Ctx, order: r.ConstructShip) -> str:
    colony = ctx.colony(order.planet)
    ctx.slot_free(colony, "shipyard")
    ctx.district_ok(colony, "shipyard")
    cls = ctx.cat.classes[order.ship_class]
    level = order.level or cls.level
    squadrons = 1
    if level != cls.level:
        if not ctx.faction.tech.has("advanced-fighter-construction"):
            raise _Refused("several squadrons in one project need Advanced Fighter Construction")
        squadrons = fighter_squadrons(level, ctx.params)
        if squadrons < 1:
            raise _Refused(f"a fighter project has level 1 to {len(ctx.params.fighter_squadrons)}")
    _unit_class_problems(ctx, cls.id, order.flexible, order.variant, "ship", level)
    name = order.name or _default_name(ctx, cls.name)
    ctx.name_free(name)
    kind = ctx.cat.project("construct-ship")
    p = ctx.start(colony, "shipyard", kind, level, {"class": cls.id, "name": name, "flexible": list(order.flexible),
                                                    "variant": order.variant, "squadrons": squadrons})
    return f"started, {p.paid} credits"


def _detachment(ctx: _Ctx, order: r.TrainDetachment) -> str:
    colony = ctx.colony(order.planet)
    ctx.slot_free(colony, "military")
    ctx.district_ok(colony, "military")
    cls = ctx.cat.classes[order.detachment_class]
    _unit_class_problems(ctx, cls.id, order.flexible, order.variant, "detachment", cls.level)
    name = order.name or _default_name(ctx, cls.name)
    ctx.name_free(name)
    kind = ctx.cat.project("train-detachment")
    p = ctx.start(colony, "military", kind, cls.level, {"class": cls.id, "name": name,
                                                        "flexible": list(order.flexible), "variant": order.variant})
    return f"started, {p.paid} credits"


def _units_of(ctx: _Ctx, ids: tuple[str, ...], unit: str) -> list[int]:
    levels: list[int] = []
    for ident in ids:
        found = ctx.faction.unit_by_id(ident)
        assert found is not None
        if found.unit != unit:
            raise _Refused(f"{found.name} is a {found.unit}, not a {unit}")
        levels.append(found.level)
    return levels


def _repair(ctx: _Ctx, order: Any) -> str:
    ships = isinstance(order, r.RepairShips)
    ids: tuple[str, ...] = order.ships if ships else order.detachments
    colony = ctx.colony(order.planet)
    slot = ORBITAL_YARD if ships and order.orbital_yard else ("shipyard" if ships else "military")
    if slot == ORBITAL_YARD and not colony.orbital_yard:
        raise _Refused(f"{planet_name(ctx.state, colony.planet)} has no Orbital Repair Yard")
    ctx.slot_free(colony, slot)
    if slot != ORBITAL_YARD:
        ctx.district_ok(colony, slot_district(slot))
    levels = _units_of(ctx, ids, "ship" if ships else "detachment")
    if not repair_covers(order.level, levels, ctx.params):
        raise _Refused(f"a level {order.level} repair takes two units of level {order.level} or less, or one of "
                       f"level {order.level + 2} or less")
    kind = ctx.cat.project("repair-ships" if ships else "reinforce-detachments")
    p = ctx.start(colony, slot, kind, order.level, {"units": list(ids)})
    return f"started, {p.paid} credits (the units must be at {planet_name(ctx.state, colony.planet)} when it completes)"


def _refit(ctx: _Ctx, order: Any) -> str:
    ships = isinstance(order, r.RefitShip)
    ident: str = order.ship if ships else order.detachment
    colony = ctx.colony(order.planet)
    slot: District = "shipyard" if ships else "military"
    ctx.slot_free(colony, slot)
    ctx.district_ok(colony, slot)
    (level,) = _units_of(ctx, (ident,), "ship" if ships else "detachment")
    if not refit_covers(order.level, level, ctx.params, detachment=not ships):
        raise _Refused(f"a level {order.level} refit takes a unit of level {order.level + 1} or less")
    kind = ctx.cat.project("refit-ship" if ships else "refit-detachment")
    p = ctx.start(colony, slot, kind, order.level, {"units": [ident]})
    return f"started, {p.paid} credits"


def _slot_of(order: Any) -> str:
    return str(order.district)


def _cancel(ctx: _Ctx, order: r.CancelProject) -> str:
    colony = ctx.colony(order.planet)
    project = colony.projects.get(order.district)
    if project is None:
        raise _Refused(f"no {order.district} project on {planet_name(ctx.state, colony.planet)}")
    refund = cancel_refund(project, ctx.params)
    label = project_label(ctx.state, ctx.faction, project, ctx.cat)
    del colony.projects[order.district]
    ctx.started.pop((colony.planet, order.district), None)
    ctx.faction.credits += refund
    if refund:
        ctx.builder.refund(refund, f"Cancelled {label} on {planet_name(ctx.state, colony.planet)}", line=ctx.line)
    item_id = project.detail.get("gm_item")
    for item in ctx.state.gm_queue:
        if item.id == item_id and not item.decided:
            item.decided, item.answer = True, "cancelled by the player"
    ctx.builder.project(_line_of(ctx, colony, project, status="cancelled", refund=refund))
    return f"cancelled {label}; {refund} credits refunded"


def _line_of(ctx: _Ctx, colony: Colony, project: Project, *, status: Any, refund: int = 0) -> Any:
    from starlanes.games.star_kingdoms.report import ProjectLine

    return ProjectLine(planet=colony.planet, district=project.district, kind=project.kind,
                       label=project_label(ctx.state, ctx.faction, project, ctx.cat), level=project.level,
                       target=project.target, progress_before=project.progress, progress=project.progress,
                       rushes=project.rushes, status=status, refund=refund)


def _rush(ctx: _Ctx, order: r.RushProject) -> str:
    colony = ctx.colony(order.planet)
    project = colony.projects.get(order.district)
    if project is None:
        raise _Refused(f"no {order.district} project on {planet_name(ctx.state, colony.planet)} to rush")
    if project.level == 0:
        raise _Refused("the GM has not set this Analyse project's level yet")
    if project.kind == "rebuild-and-repair" and (colony.bombarded or colony.invaded):
        raise _Refused("Rebuild and Repair makes no progress while the planet is bombarded or invaded (Amb#15)")
    kind = ctx.cat.project(project.kind)
    cap = rush_cap(kind, colony.districts.level(order.district), effective_pc_of(ctx.state, ctx.faction, colony),
                   ctx.params)
    ctx.afford(ctx.params.rush_cost * order.count)
    try:
        rushed, cost = rush(project, order.count, cap, ctx.params,
                            banned=rush_banned(ctx.faction, project, colony.planet))
    except IllegalAction as exc:
        raise _Refused(exc.reason) from None
    colony.projects[order.district] = rushed
    ctx.faction.credits -= cost
    ctx.builder.spend(cost, f"Rush x{order.count}: {project_label(ctx.state, ctx.faction, project, ctx.cat)} on "
                            f"{planet_name(ctx.state, colony.planet)}", line=ctx.line)
    return f"+{order.count} progress this turn, {cost} credits"


def _breakthrough(ctx: _Ctx, order: r.Breakthrough) -> str:
    tech = ctx.cat.tech(order.tech)
    level = research_level(ctx.cat, ctx.faction.tech, tech, order.design_class)
    try:
        gained = breakthrough(ctx.cat, ctx.faction.tech, tech.id, ctx.params, design_class=order.design_class,
                              gm_permission=ctx.faction.permitted(tech.id, level))
    except IllegalAction as exc:
        raise _Refused(exc.reason) from None
    cost = breakthrough_cost(level, ctx.params)
    ctx.faction.tech = gained
    ctx.builder.science(tech.field, -cost, f"Breakthrough: {tech.name}")
    ctx.builder.tech(TechGain(tech=tech.id, level=level if tech.kind == "core" else 0, how="breakthrough",
                              design_class=order.design_class))
    return f"gained, {cost} {tech.field} science points"


def _gm_request(ctx: _Ctx, order: r.GMRequest) -> str:
    raise_gm_item(ctx.state, ctx.faction, "request", order.text, line=ctx.line)
    return "sent to the GM"


HANDLERS: dict[type[r.Order], Handler] = {
    r.SetRelationship: _relationship,
    r.SetDefaultRelationship: _default_relationship,
    r.ConstructDistrict: _district,
    r.ConstructOffice: _office,
    r.RebuildAndRepair: _rebuild,
    r.ConstructPlanetaryShield: _shield,
    r.ResearchPlanetaryConstruction: _research,
    r.ResearchCoreTechnology: _research,
    r.ResearchSupplementalTechnology: _research,
    r.ResearchShipConstruction: _research,
    r.ResearchMilitaryTheory: _research,
    r.Analyse: _analyse,
    r.ConstructShip: _ship,
    r.RepairShips: _repair,
    r.RefitShip: _refit,
    r.TrainDetachment: _detachment,
    r.ReinforceDetachments: _repair,
    r.RefitDetachment: _refit,
    r.CancelProject: _cancel,
    r.RushProject: _rush,
    r.Breakthrough: _breakthrough,
    r.GMRequest: _gm_request,
}

UNIT_FREE: frozenset[Handler] = frozenset({_district, _research, _ship, _detachment, _rush})
"""Handlers that change no unit, accepted or refused (they read the faction's units' names at
most): a check copies the units before the first line whose handler is not one of them."""

CHECK_FIRST: frozenset[Handler] = frozenset({_district, _research, _ship, _detachment, _rush})
"""Handlers that change the faction and the GM queue only once every check of the line has passed
(each refuses, ``_Refused``, before ``_Ctx.start`` or its own last statements change anything, and
the functions its checks call change nothing): a line they refuse leaves them as they were, so
:meth:`OrderRun.carry_out` takes no snapshot of the faction for them (the context's names and
started slots are still put back)."""
"""Order type -> what it does at step 1 (parts 2 and 3 add their orders here)."""


def _decommission(ctx: _Ctx, order: r.Decommission) -> str:
    """O78 at step 1: a ship in a system where the nation has a Shipyard district, a detachment on a
    planet of the nation with a Military district, scrapped for 10 x level x SC (MT) TL credits
    (DECOM-01, DECOM-02, Amb#117)."""
    from starlanes.games.star_kingdoms.war.fieldwork import decommission_value

    gi = galaxy_index(ctx.state.galaxy)
    units = []
    for ident in order.units:
        unit = ctx.faction.unit_by_id(ident)
        if unit is None:
            raise _Refused(f"you have no unit '{ident}'")
        if unit.unit == "ship":
            yards = [c for c in ctx.faction.colonies if c.districts.shipyard >= 1
                     and gi.planet_system[c.planet] == unit.system]
            if not yards:
                raise _Refused(f"{unit.name}: no Shipyard district of yours in its system (DECOM-01)")
            tl = ctx.faction.tech.level("ship-construction")
        else:
            colony = ctx.faction.colony(unit.planet) if unit.planet else None
            if colony is None or colony.districts.military < 1:
                raise _Refused(f"{unit.name}: not on a planet of yours with a Military district (DECOM-02)")
            tl = ctx.faction.tech.level("military-theory")
        units.append((unit, decommission_value(unit.level, max(tl, 1))))
    for unit, value in units:
        ctx.faction.units.remove(unit)
        ctx.faction.credits += value
        ctx.builder.refund(value, f"Decommissioned {unit.name} ({ctx.cat.classes[unit.class_id].name})",
                           line=ctx.line)
    return ", ".join(f"{u.name} scrapped for {v} credits" for u, v in units)


HANDLERS[r.Decommission] = _decommission


def _prisoners(ctx: _Ctx, order: r.Prisoners) -> str:
    """O82 at step 1: prisoners returned come back to their nation as detachments at full Health on
    its homeworld (the price is the players' affair, paid by transfer); dispersed ones are gone
    (COMB-20, Amb#110). Converting them needs a tech or trait the GM rules on (ask with O26)."""
    held = [p for p in ctx.faction.prisoners if p.owner == order.faction]
    if not held:
        raise _Refused(f"you hold no prisoners of {ctx.state.faction(order.faction).name}")
    ctx.faction.prisoners = [p for p in ctx.faction.prisoners if p.owner != order.faction]
    if order.disposition == "disperse":
        return f"{len(held)} prisoner(s) of {ctx.state.faction(order.faction).name} dispersed"
    from starlanes.games.star_kingdoms.campaign import Unit, fitted_modules

    home = ctx.state.faction(order.faction)
    gi = galaxy_index(ctx.state.galaxy)
    for p in held:
        cls = ctx.cat.classes[p.class_id]
        home.units.append(Unit(id=f"{home.id}-u{home.next_unit}", name=p.name, unit=cls.unit, class_id=p.class_id,
                               level=p.level, modules=fitted_modules(ctx.cat, home.tech, p.class_id, ()),
                               system=gi.planet_system[home.homeworld], planet=home.homeworld, built=0))
        home.next_unit += 1
    return f"{len(held)} prisoner(s) returned to {home.name} (its homeworld)"


HANDLERS[r.Prisoners] = _prisoners


def _colonise(ctx: _Ctx, order: r.Colonise) -> str:
    """O67 at step 1: detachments with Engineering Corps standing on a planet nobody holds, which the
    nation has surveyed from the ground, start (paying 5 x CR) or resume its colonisation
    (COL-01..05, CONS-02, CONS-03, Amb#86, Amb#88, Amb#89)."""
    from starlanes.games.star_kingdoms.campaign import Construction
    from starlanes.games.star_kingdoms.war.fieldwork import colonisation_rating, construction_cost

    gi = galaxy_index(ctx.state.galaxy)
    planet = gi.planets[order.planet]
    units = []
    for ident in order.units:
        unit = ctx.faction.unit_by_id(ident)
        if unit is None:
            raise _Refused(f"you have no unit '{ident}'")
        if unit.unit != "detachment" or not any(m.module == "engineering-corps" for m in unit.modules):
            raise _Refused(f"{unit.name} has no Engineering Corps module; colonising is ground work (COL-05)")
        if unit.planet != planet.id:
            raise _Refused(f"{unit.name} is not on {planet.name} (land it there first)")
        units.append(unit)
    if any(f.colony(planet.id) is not None for f in ctx.state.factions):
        raise _Refused(f"{planet.name} is another nation's world (COL-04)")
    if planet.inhabitants != "none":
        raise _Refused(f"{planet.name} has inhabitants: the GM rules on settling there (ask with gm request; "
                       "COL-04, Amb#88)")
    if planet.biosphere == "uninhabitable":
        raise _Refused(f"{planet.name} is uninhabitable (Amb#86)")
    known = ctx.state.knowledge.get(ctx.faction.id)
    facts = known.planets.get(planet.id) if known is not None else None
    if facts is None or "planetary" not in facts.surveys:
        raise _Refused(f"survey {planet.name} from the ground first: survey \"{planet.name}\" with <detachments> "
                       "(COL-02)")
    running = next((c for c in ctx.faction.constructions if c.kind == "colonise" and c.target == planet.id), None)
    if running is None:
        tech = ctx.faction.tech
        rating = colonisation_rating(planet.colony_value, native=planet.biosphere == ctx.faction.native,
                                     desolate=planet.biosphere == "desolate",
                                     climate_control=tech.has("climate-control"),
                                     habitation_domes=tech.has("habitation-domes"))
        cost = construction_cost(rating)
        ctx.afford(cost)
        ctx.faction.credits -= cost
        ctx.builder.spend(cost, f"Colonisation of {planet.name} (Construction Rating {rating})", line=ctx.line)
        running = Construction(kind="colonise", target=planet.id, rating=rating, paid=cost, started=ctx.state.turn)
        ctx.faction.constructions.append(running)
        note = f"started, {cost} credits (5 x Construction Rating {rating})"
    else:
        note = f"resumed at {running.progress}/{running.rating}"
    for unit in units:
        unit.mission = f"build:{planet.id}"
        unit.move_to = ""
    return note


HANDLERS[r.Colonise] = _colonise


def _builders(ctx: _Ctx, idents: Sequence[str]) -> tuple[list[Unit], str]:
    """The nation's named ships with Space Construction Gear, all in one system, and that system
    (CONS-01, CONS-05); in a nebula, only ships with Nebula Sensors (S5.4, ruling 276)."""
    units = []
    for ident in idents:
        unit = ctx.faction.unit_by_id(ident)
        if unit is None:
            raise _Refused(f"you have no unit '{ident}'")
        if unit.unit != "ship" or not any(m.module == "space-construction-gear" for m in unit.modules):
            raise _Refused(f"{unit.name} has no Space Construction Gear (CONS-01)")
        units.append(unit)
    systems = {u.system for u in units}
    if len(systems) != 1:
        raise _Refused("the ships are not in one system")
    from starlanes.games.star_kingdoms.movement import OrderProblem, check_operate

    try:
        check_operate(ctx.state, ctx.cat, units)  # blind in a nebula (S5.4, ruling 276)
    except OrderProblem as problem:
        raise _Refused(str(problem)) from None
    return units, systems.pop()


def _start_or_resume(ctx: _Ctx, units: Sequence[Unit], kind: Literal["remote-sensor", "stabiliser"], target: str,
                     rating: int, label: str) -> str:
    """Resume the nation's construction of ``kind`` at ``target``, or start one paying 5 x its
    rating up front (CONS-02, CONS-03); the ships work on it."""
    from starlanes.games.star_kingdoms.campaign import Construction
    from starlanes.games.star_kingdoms.war.fieldwork import construction_cost

    running = next((c for c in ctx.faction.constructions if c.kind == kind and c.target == target), None)
    if running is not None:
        note = f"resumed at {running.progress}/{running.rating}"
    else:
        cost = construction_cost(rating)
        ctx.afford(cost)
        ctx.faction.credits -= cost
        ctx.builder.spend(cost, f"{label} (Construction Rating {rating})", line=ctx.line)
        ctx.faction.constructions.append(Construction(kind=kind, target=target, rating=rating, paid=cost,
                                                      started=ctx.state.turn))
        note = f"started, {cost} credits"
    for unit in units:
        unit.mission = f"build:{target}"
        unit.move_to = ""
    return note


def _remote_sensor(ctx: _Ctx, order: r.BuildRemoteSensor) -> str:
    """O67 (space): ships with Space Construction Gear start (5 x CR 5) or resume a Remote Sensor in
    their system; it needs Remote Sensors and none of the nation's there yet (CONS-01..04, CONS-07)."""

    if not ctx.faction.tech.has("remote-sensors"):
        raise _Refused("a Remote Sensor needs the Remote Sensors technology")
    units, system = _builders(ctx, order.units)
    name = galaxy_index(ctx.state.galaxy).systems[system].name
    if system in ctx.faction.remote_sensors:
        raise _Refused(f"you already have a Remote Sensor in {name}")
    return _start_or_resume(ctx, units, "remote-sensor", system, ctx.params.remote_sensor_rating,
                            f"Remote Sensor in {name}")


HANDLERS[r.BuildRemoteSensor] = _remote_sensor


def _stabiliser(ctx: _Ctx, order: r.BuildStabiliser) -> str:
    """O67 (space): ships with Space Construction Gear start (5 x CR 20) or resume a Wormhole
    Stabiliser at their end of a wormhole they know; one per end (CONS-07, MOV-08)."""
    from starlanes.games.star_kingdoms.movement import OrderProblem, known_route, known_system

    if not ctx.faction.tech.has("wormhole-stabilisers"):
        raise _Refused("a Wormhole Stabiliser needs the Wormhole Stabilisers technology")
    units, here = _builders(ctx, order.units)
    try:
        there = known_system(ctx.state, ctx.faction, order.system)
    except OrderProblem as problem:
        raise _Refused(str(problem)) from None
    hole = known_route(ctx.state, ctx.faction, here, there)
    gi = galaxy_index(ctx.state.galaxy)
    if hole is None:
        raise _Refused(f"you know no wormhole from {gi.systems[here].name} to {gi.systems[there].name}")
    target = f"{hole}@{here}"
    if target in ctx.state.stabilisers:
        raise _Refused("that end of the wormhole already has a stabiliser (one per end)")
    return _start_or_resume(ctx, units, "stabiliser", target, ctx.params.stabiliser_rating,
                            f"Wormhole Stabiliser {gi.systems[here].name}-{gi.systems[there].name}")


HANDLERS[r.BuildStabiliser] = _stabiliser


def _work_order(ctx: _Ctx, order: r.Order) -> str:
    """Mining facilities, repair yards, strip mines, pausing and resuming works, collaboration and
    destroying installations (O67, O68, O80; ``war/constructions.py``, rulings 230-249)."""
    from starlanes.games.star_kingdoms.war.constructions import WorkProblem, work_order

    try:
        return work_order(ctx.state, ctx.faction, ctx.cat, ctx.builder, ctx.line, order)
    except WorkProblem as problem:
        raise _Refused(str(problem)) from None


for _work in (r.BuildMiningFacility, r.BuildRepairYard, r.BuildStripMine, r.PauseWork, r.Assist, r.AcceptHelp,
              r.DestroyInstallation):
    HANDLERS[_work] = _work_order


def _unit_order(ctx: _Ctx, order: r.Order) -> str:
    """Part 2's standing and unit orders (``movement.py``: checked now, carried out at steps 3-6)."""
    from starlanes.games.star_kingdoms.movement import OrderProblem, apply_unit_order

    try:
        return apply_unit_order(ctx.state, ctx.faction, ctx.cat, order)
    except OrderProblem as problem:
        raise _Refused(str(problem)) from None


for _part2 in (r.StandingEngage, r.SetRetreatRoute, r.FormTaskGroup, r.Move, r.Hold, r.Blockade, r.Bombard,
               r.Land, r.GroundRounds, r.DeepSpaceSurvey, r.PlanetarySurvey, r.Follow, r.Load,
               r.Salvage, r.Scavenge, r.StudyAnomaly, r.Tow, r.Attack, r.Disassemble):
    HANDLERS[_part2] = _unit_order


# --- part 3: consents and operations (O04, O27-O60) ------------------------------------------------


def colonisations(state: CampaignState) -> dict[tuple[str, str], int]:
    """(nation, planet) -> progress of every colonisation under way (what Sponsor Colonists targets, OP-R5)."""
    return {(f.id, c.target): c.progress for f in state.factions for c in f.constructions if c.kind == "colonise"}


def _guest_org(ctx: _Ctx, guest: Faction, name: str) -> str:
    if not name:
        return ""
    index = NameIndex.build("organisation", ((o.id, o.name, ()) for o in guest.orgs))
    ident = index.resolve(name)
    if ident is None:
        raise _Refused(f"{guest.name} has no organisation you know as '{name}'")
    return ident


def _consent(ctx: _Ctx, order: r.Consent) -> str:
    """O04: consent to another nation's branches on the nation's worlds, or revoke it (ORG-07, ruling 303)."""
    state = ctx.state
    if order.faction == ctx.faction.id:
        raise _Refused("consent is given to another nation, not your own")
    guest = state.faction(order.faction)
    org = _guest_org(ctx, guest, order.org)
    if order.planet:
        ctx.colony(order.planet)
    orgs = state.organisations
    kind, location, where = _consent_scope(ctx, order)
    what = (f"{guest.name}" + (f" ({order.org})" if org else "") + (f" ({kind.replace('-', ' ')} only)" if kind else "")
            + where)
    if order.grant:
        world = grant_consent(orgs.world, OrgConsent(host=ctx.faction.id, guest=guest.id, org=org, kind=kind,
                                                     location=location, turn=state.turn))
        note = f"branches of {what} are welcome"
    else:
        world = revoke_consent(orgs.world, host=ctx.faction.id, guest=guest.id, org=org, kind=kind,
                               location=location)
        if world == orgs.world:
            raise _Refused(f"you gave no such consent to {guest.name}")
        note = f"consent to {what} revoked; branches already founded stay (ruling 303)"
    state.organisations = msgspec.structs.replace(orgs, world=world)
    return note


_CONSENT_KINDS: dict[str, BranchKind] = {
    "branch": "branch", "branches": "branch", "black market": "black-market", "black markets": "black-market",
    "black-market": "black-market", "fob": "fob", "forward operating base": "fob", "forward operating bases": "fob"}


def _consent_scope(ctx: _Ctx, order: r.Consent) -> tuple[BranchKind | Literal[""], str, str]:
    """O04 (ruling 343): the kind of branch, the location (a planet, or a system for the nation's
    outpost there and its worlds in it) and the words for the note."""
    kind: BranchKind | Literal[""] = ""
    if order.kind:
        text = " ".join(order.kind.casefold().split())
        if text in ("safe house", "safe houses", "safe-house", "hidden lodge", "hidden lodges", "hidden-lodge"):
            raise _Refused(f"a {text.rstrip('s')} is hidden and needs no consent (ORG-08)")
        found = _CONSENT_KINDS.get(text)
        if found is None:
            raise _Refused(f"'{order.kind}' is not a kind of branch (branch, black market, forward operating base)")
        kind = found
    if order.planet and order.system:
        raise _Refused("name a planet or a system, not both")
    if order.system:
        gi = galaxy_index(ctx.state.galaxy)
        system = gi.system_names.resolve(order.system)
        if system is None:
            raise _Refused(gi.system_names.unknown(order.system))
        outpost = ctx.state.organisations.world.outpost(system)
        mine = outpost is not None and outpost.owner == ctx.faction.id
        if not mine and not any(gi.planet_system[c.planet] == system for c in ctx.faction.colonies):
            raise _Refused(f"you hold no outpost and no world in {gi.systems[system].name}")
        return kind, system, f" in {gi.systems[system].name}"
    if order.planet:
        return kind, order.planet, f" on {planet_name(ctx.state, order.planet)}"
    return kind, "", " on your worlds and outposts"


def _named_in_galaxy(ctx: _Ctx, text: str, kinds: tuple[str, ...]) -> tuple[str, str]:
    """(kind, id) of an anomaly, wormhole, belt or branch named (or given by id) in ``text``."""
    key = text.strip().casefold()
    for system in ctx.state.galaxy.systems:
        if "anomaly" in kinds:
            for a in system.anomalies:
                if key in (a.id, a.name.casefold()):
                    return "anomaly", a.id
        if "belt" in kinds:
            for belt in system.belts:
                if key in (belt.id, belt.name.casefold()):
                    return "belt", belt.id
    if "wormhole" in kinds:
        for ident in galaxy_index(ctx.state.galaxy).wormholes:
            if key == ident.casefold():
                return "wormhole", ident
    if "branch" in kinds:
        for b in ctx.state.organisations.world.branches:
            if key == b.id.casefold():
                return "branch", b.id
    raise _Refused(f"no {' or '.join(kinds)} '{text}' (give its name or id, as your sheet shows it)")


def _office_named(ctx: _Ctx, text: str, planet: str) -> str:
    """OP-I7 (ruling 337): the organisation (by name or id) with an office on ``planet``, or ''."""
    if not planet:
        return ""
    key = text.strip().casefold()
    for f in ctx.state.factions:
        colony = f.colony(planet)
        if colony is None:
            continue
        for org_id in colony.offices:
            org = f.org(org_id)
            if org is not None and key in (org.id.casefold(), org.name.casefold()):
                return org.id
    return ""


_AT_KINDS: dict[str, tuple[str, ...]] = {
    "anomaly": ("anomaly",), "wormhole": ("wormhole",), "belt": ("belt",), "branch": ("branch",),
    "branch-or-narrative": ("branch",), "branch-or-office": ("branch", "office"),
}


def _op_target(ctx: _Ctx, order: r.StartOperation, kind: OperationKind) -> OpTarget:
    gi = galaxy_index(ctx.state.galaxy)
    system = ""
    if order.system:
        found = gi.system_names.resolve(order.system)
        if found is None:
            raise _Refused(gi.system_names.unknown(order.system))
        system = found
    if order.field and order.field not in FIELDS:
        raise _Refused(f"'{order.field}' is not a field of science (one of: {', '.join(FIELDS)})")
    fields: dict[str, Any] = {}
    if order.at:
        allowed = _AT_KINDS.get(kind.target)
        if allowed is None:
            raise _Refused(f"{kind.name} takes no 'at' target")
        office = _office_named(ctx, order.at, order.planet) if kind.target == "branch-or-office" else ""
        if office:
            fields["org"] = office
        else:
            what, ident = _named_in_galaxy(ctx, order.at, allowed)
            fields[what] = ident
    site = "outpost" if kind.target == "outpost" or (
        kind.target == "planet-or-outpost" and not order.planet and system) else ""
    return OpTarget(system=system, planet=order.planet, faction=order.faction, amount=order.amount,
                    field=order.field, principle=order.principle, tech=order.tech,
                    design_class=order.design_class, narrative=order.text, site=site, **fields)  # type: ignore[arg-type]


def _operation(ctx: _Ctx, order: r.StartOperation) -> str:
    """O27-O58: the organisation starts the operation; level and target number are fixed now (OPS-01,
    OPS-02); it replaces the organisation's current one, whose progress is lost (O60, OPS-04)."""
    state = ctx.state
    catalogue = load_operations()
    kind = catalogue.kind(order.operation)
    target = _op_target(ctx, order, kind)
    orgs = state.organisations
    world = World(state=state, orgs=orgs.world, catalogue=ctx.cat, params=state.params, operations=catalogue,
                  knowledge={ctx.faction.id: knowledge_for(state, ctx.faction.id)},
                  colonisations=colonisations(state))
    try:
        op = start_operation(world, ctx.faction.id, order.org, kind.id, target, state.turn)
    except IllegalAction as exc:
        raise _Refused(exc.reason) from None
    org = ctx.faction.org(order.org)
    assert org is not None
    if op.escrow:
        ctx.afford(op.escrow)
        ctx.faction.credits -= op.escrow
        ctx.builder.spend(op.escrow, f"{kind.name} by {org.name}: credits sent with the operation (Amb#48)",
                          line=ctx.line)
    old = orgs.operations.get(org.id)
    operations, refunds = set_operation(orgs.operations, op)
    for refund in refunds:
        ctx.faction.credits += refund.amount
        ctx.builder.refund(refund.amount, refund.why, line=ctx.line)
    state.organisations = msgspec.structs.replace(orgs, operations=operations)
    replaced = (f"; replaces {catalogue.kind(old.kind).name} ({old.progress}/{old.target_number} lost, O60)"
                if old is not None else "")
    return (f"{kind.name} by {org.name}: level {op.adjusted_level} (base {op.base_level}), target number "
            f"{op.target_number}, + Power {operation_power(ctx.faction, org, kind)} a turn{replaced}")


def _remove_safe_house(ctx: _Ctx, order: r.RemoveSafeHouse) -> str:
    """O59 (OP-I10): a forward operating base removes a safe house it found on its outpost."""
    orgs = ctx.state.organisations
    try:
        world = fob_remove_safe_house(orgs.world, ctx.faction.id, order.branch)
    except IllegalAction as exc:
        raise _Refused(exc.reason) from None
    ctx.state.organisations = msgspec.structs.replace(orgs, world=world)
    return "the safe house is removed"


def _cancel_operation(ctx: _Ctx, order: r.CancelOperation) -> str:
    """O60: the operation stops; its progress is lost; credits taken at its start come back."""
    orgs = ctx.state.organisations
    org = ctx.faction.org(order.org)
    assert org is not None
    op = orgs.operations.get(org.id)
    if op is None:
        raise _Refused(f"{org.name} runs no operation")
    for refund in cancel_operation(op):
        ctx.faction.credits += refund.amount
        ctx.builder.refund(refund.amount, refund.why, line=ctx.line)
    ctx.state.organisations = msgspec.structs.replace(
        orgs, operations={k: v for k, v in orgs.operations.items() if k != org.id})
    return f"{load_operations().kind(op.kind).name} cancelled ({op.progress}/{op.target_number} lost)"


HANDLERS[r.Consent] = _consent
HANDLERS[r.StartOperation] = _operation
HANDLERS[r.RemoveSafeHouse] = _remove_safe_house
HANDLERS[r.CancelOperation] = _cancel_operation


class OrderRun:
    """One faction's orders carried out line by line in sheet order on ``state`` (steps 0 and 1):
    made, it pays the due projects (:func:`pay_due_projects`) and holds the faction's name book
    (``book``, to read the sheet with) and the context the lines above leave to the lines below
    (credits spent, slots taken, names used).  :func:`start_orders` carries out every line of a
    sheet with one; a bot checking its own document (``bot.py``) carries out a line at a time on
    a copy (:func:`checking`) and stops when it knows what it needs: the results of the lines it
    carried out are those :func:`check_orders` gives for them, since a line's result depends on
    the lines above it only."""

    def __init__(self, state: CampaignState, seat: int, builder: ReportBuilder,
                 catalogue: Catalogue | None = None, *, book: NameBook | None = None,
                 shared_units: bool = False) -> None:
        cat = catalogue or load_catalogue()
        self.state = state
        self.faction = state.factions[seat]
        self.builder = builder
        self._shared_units = shared_units
        """The factions' units are those of the state the run's copy was made of (:func:`checking`),
        copied before the first line whose handler may change a unit (not in :data:`UNIT_FREE`)."""
        pay_due_projects(state, seat, builder, cat)
        self.book = book if book is not None else name_book(state, self.faction, cat)
        self._ctx = _Ctx(state=state, faction=self.faction, cat=cat, builder=builder)

    def _copy_units(self) -> None:
        """Every faction's units copied (as msgpack copies them), none shared any more."""
        for faction in self.state.factions:
            units: list[Unit] = []
            for unit in faction.units:
                copied = _unit_copy(unit) if _UNITS_HOLD_VALUES else None
                units.append(copied if copied is not None else
                             msgspec.msgpack.decode(msgspec.msgpack.encode(unit), type=Unit))
            faction.units = units
        self._shared_units = False

    def carry_out(self, parsed: ParsedLine) -> OrderResult:
        """Check and carry out one line of the sheet (the next one); its result is also recorded
        in the builder; a refused line changes nothing."""
        state, faction, ctx = self.state, self.faction, self._ctx
        shown = _without_comment(parsed.text)
        if parsed.order is None:
            result = OrderResult(line=parsed.line, text=shown, accepted=False, reason=parsed.error)
        else:
            ctx.line = parsed.line
            handler = HANDLERS[type(parsed.order)]
            if self._shared_units and handler not in UNIT_FREE:
                self._copy_units()
            snapshot = _snapshot(state, faction, whole=handler not in CHECK_FIRST)
            names, started = set(ctx.new_names), dict(ctx.started)
            try:
                note = handler(ctx, parsed.order)
            except _Refused as refused:
                _restore(state, faction, snapshot)
                ctx.new_names, ctx.started = names, started
                result = OrderResult(line=parsed.line, text=shown, order_id=parsed.order.order_id, accepted=False,
                                     reason=str(refused))
            else:
                result = OrderResult(line=parsed.line, text=shown, order_id=parsed.order.order_id, accepted=True,
                                     reason=note)
        self.builder.order(result.line, result.text, accepted=result.accepted, order_id=result.order_id,
                           reason=result.reason)
        return result


def start_orders(state: CampaignState, seat: int, text: str, builder: ReportBuilder,
                 catalogue: Catalogue | None = None) -> list[OrderResult]:
    """Check and carry out one faction's orders in sheet order (steps 0 and 1). Each line's result
    is also recorded in ``builder``; a refused line changes nothing."""
    run = OrderRun(state, seat, builder, catalogue)
    sheet = parse_orders(text, run.book)
    results: list[OrderResult] = []
    for parsed in sheet.lines:
        results.append(run.carry_out(parsed))
    return results


def pay_due_projects(state: CampaignState, seat: int, builder: ReportBuilder,
                     catalogue: Catalogue | None = None) -> None:
    """Analyse projects whose level the GM set since last turn are paid first, before the orders
    (ruling 24); one the nation cannot pay is cancelled with a notice."""
    cat = catalogue or load_catalogue()
    faction = state.factions[seat]
    for colony in faction.colonies:
        for slot, project in list(colony.projects.items()):
            due = int(project.detail.get("due", 0))
            if project.kind != "analyse" or project.level == 0 or not due:
                continue
            detail = {k: v for k, v in project.detail.items() if k != "due"}
            label = project_label(state, faction, project, cat)
            where = planet_name(state, colony.planet)
            if due > faction.credits:
                del colony.projects[slot]
                builder.notice(f"{label} on {where} is cancelled: it costs {due} credits and you have "
                               f"{faction.credits}", rule="PROJ-01")
                continue
            faction.credits -= due
            builder.spend(due, f"{label} on {where} (level set by the GM)")
            colony.projects[slot] = msgspec.structs.replace(project, paid=project.paid + due, detail=detail)


_SHOWN: dict[str, str] = {}
"""line -> :func:`_without_comment` of it (a function of the line alone), for lines read again."""


def _without_comment(line: str) -> str:
    """The line as its result shows it: without its comment, stripped."""
    shown = _SHOWN.get(line)
    if shown is None:
        try:
            shown = tokenize(line)[1].strip()
        except LineError:
            shown = line.strip()
        if len(_SHOWN) >= 8 * _KEPT_LIMIT:
            _SHOWN.clear()
        _SHOWN[line] = shown
    return shown


_Snapshot = tuple[bytes | None, int, int]


def _snapshot(state: CampaignState, faction: Faction, *, whole: bool = True) -> _Snapshot:
    """What a refused line puts back: the faction (``whole``; not for a handler of
    :data:`CHECK_FIRST`, which leaves it as it was) and the length of the GM queue."""
    return msgspec.msgpack.encode(faction) if whole else None, len(state.gm_queue), state.next_gm_item


def _restore(state: CampaignState, faction: Faction, snapshot: _Snapshot) -> None:
    """Undo a refused line's partial changes (handlers check before they change, so this is a guard)."""
    data, queue, next_item = snapshot
    if data is not None:
        restored = msgspec.msgpack.decode(data, type=Faction)
        for name in faction.__struct_fields__:
            setattr(faction, name, getattr(restored, name))
    del state.gm_queue[queue:]
    state.next_gm_item = next_item


def _holds_values_only(struct: type[msgspec.Struct]) -> bool:
    """Whether every field of ``struct`` is declared as a value nothing changes in place: text,
    numbers, truth values, literals, and tuples of text or of frozen structs of such values."""
    hints = typing.get_type_hints(struct)
    for name in struct.__struct_fields__:
        hint = hints[name]
        if hint in (str, int, bool) or typing.get_origin(hint) is Literal:
            continue
        args = typing.get_args(hint)
        if typing.get_origin(hint) is not tuple or len(args) != 2 or args[1] is not Ellipsis:
            return False
        item = args[0]
        if item is str:
            continue
        if not (isinstance(item, type) and issubclass(item, msgspec.Struct) and item.__struct_config__.frozen
                and _holds_values_only(item)):
            return False
    return True


_UNITS_HOLD_VALUES = _holds_values_only(Unit)
"""A unit holds values only (its fields' declarations), so a shallow copy of it is a whole copy."""


def _unit_copy(unit: Unit) -> Unit | None:
    """A copy of ``unit`` no change to which reaches it, or None when its tuples hold something
    else than their declared values (then only a full copy is sure)."""
    if type(unit) is not Unit:
        return None
    for values in (unit.modules, unit.flexible, unit.seen_through):
        if type(values) is not tuple:
            return None
    for fit in unit.modules:
        if type(fit) is not FittedModule:
            return None
    return msgspec.structs.replace(unit)


def _copy_factions(factions: list[Faction], *, units: bool = True) -> list[Faction]:
    """The factions copied as ``msgspec.msgpack`` copies them (``decode(encode(...))``), nothing
    shared that can change: a faction's units, which hold values only (:data:`_UNITS_HOLD_VALUES`),
    copied field by field, the rest of it through msgpack (a unit holding something else than its
    declared values: the whole faction through msgpack).  ``units`` False: the units themselves
    are not copied yet (each copy's list of units is a new list of the same units), for a run
    that copies them before it may change one (``OrderRun(shared_units=True)``)."""
    out: list[Faction] = []
    for faction in factions:
        if not units:
            bare = msgspec.msgpack.decode(msgspec.msgpack.encode(msgspec.structs.replace(faction, units=[])),
                                          type=Faction)
            bare.units = list(faction.units)
            out.append(bare)
            continue
        copies: list[Unit] | None = [] if _UNITS_HOLD_VALUES else None
        if copies is not None:
            for unit in faction.units:
                copied = _unit_copy(unit)
                if copied is None:
                    copies = None
                    break
                copies.append(copied)
        if copies is None:
            out.append(msgspec.msgpack.decode(msgspec.msgpack.encode(faction), type=Faction))
            continue
        bare = msgspec.msgpack.decode(msgspec.msgpack.encode(msgspec.structs.replace(faction, units=[])),
                                      type=Faction)
        bare.units = copies
        out.append(bare)
    return out


def checking(state: CampaignState, seat: int, catalogue: Catalogue | None = None, *,
             book: NameBook | None = None) -> OrderRun:
    """An :class:`OrderRun` of ``seat``'s orders on a copy of ``state`` (its factions and GM queue,
    what orders change), with a report builder of its own: ``state`` does not change.  ``book``:
    the faction's :func:`name_book` in ``state`` when the caller has it (the copy's is the same:
    a name book reads nothing paying the due projects changes)."""
    copy = msgspec.structs.replace(
        state, factions=_copy_factions(state.factions, units=False),
        gm_queue=msgspec.msgpack.decode(msgspec.msgpack.encode(state.gm_queue), type=list[GMItem]))
    faction = copy.factions[seat]
    builder = ReportBuilder(faction.id, turn=copy.turn, opening=faction.credits, sp=faction.tech.sp)
    return OrderRun(copy, seat, builder, catalogue, book=book, shared_units=True)


def check_orders(state: CampaignState, seat: int, text: str,
                 catalogue: Catalogue | None = None) -> list[OrderResult]:
    """What :func:`start_orders` would do with ``text`` now, without changing ``state``."""
    run = checking(state, seat, catalogue)
    sheet = parse_orders(text, run.book)
    results: list[OrderResult] = []
    for parsed in sheet.lines:
        results.append(run.carry_out(parsed))
    return results
