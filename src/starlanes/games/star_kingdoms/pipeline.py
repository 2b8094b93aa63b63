"""The turn pipeline: the eight steps of a Star Kingdoms turn, run in order over the whole campaign.

Rules v2.6.8 S1.2, S1.5 (inventory 1.2, TURN-01..05).  :func:`process_turn` runs :data:`STEPS` in
this fixed order, each a named function over the whole campaign state (a :class:`Turn`):

1. :func:`step_start`: intake and start (steps 0 and 1): every faction's orders in sheet order
   (``execute.py``: relationships, cancellations with half refund, breakthroughs, new projects
   paid up front, rushes at 75); Analyse projects whose level the GM has set are paid; free
   rushes of traits.  A faction that sent no orders starts nothing; its projects go on (S1.4).
2. :func:`step_income`: PE per planet, ER (minus the logistics deficit), 10 x ER credits.
3. :func:`step_travel`, 4. :func:`step_space_combat`, 5. :func:`step_bombardment`,
   6. :func:`step_ground_combat`: part 2's steps (``movement.py``, ``engagement.py``,
   ``warfare.py``): moves, battles, blockades and bombardment, landings and ground war, then the
   turn's unit work (surveys, salvage, colonisation, studies, constructions: decided once the
   fighting is over, which gives the same result as at steps 7-8, ruling 215) and the foreign units
   each nation sees; with no unit orders and no nations meeting they change nothing.
7. :func:`step_progress`: each project gains its district's level plus this turn's rushes
   (PROJ-04, PROJ-08); a project whose district is level 0 (Amb#84), a Rebuild and Repair on a
   planet under bombardment or invasion (Amb#15) and an Analyse waiting for its level gain nothing.
8. :func:`step_completion`: projects that reached their target complete, in the fixed order of
   ruling 7 (``completion_rank``: Rebuild and Repair, Planetary Shield, repairs and refits, districts
   and offices, research and Analyse, new units; then faction, planet and slot order), then the
   turn ends: knowledge is brought up to date, the reports are frozen, the turn counter advances.

Nothing in part 1 draws a random number, so a turn is a function of the state and the orders;
part 2's steps draw from ``state.rng`` (seeded, MISC-03), so the whole campaign is reproducible
from the seed and the orders.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

import msgspec

from starlanes.games.star_kingdoms import culture
from starlanes.games.star_kingdoms.campaign import CampaignState, Colony, Faction, Org, Unit, fitted_modules
from starlanes.games.star_kingdoms.catalogue import FIELDS, Catalogue, load_catalogue
from starlanes.games.star_kingdoms.economy import (
    ERSources,
    PlanetEconomy,
    economy_rating,
    host_trade_power,
    income,
    logistics_capacity,
    logistics_use,
    planet_pe,
)
from starlanes.games.star_kingdoms.execute import (
    ORBITAL_YARD,
    colonisations,
    effective_pc_of,
    galaxy_index,
    pay_due_projects,
    planet_name,
    project_label,
    raise_gm_item,
    rush_banned,
    start_orders,
)
from starlanes.games.star_kingdoms.knowledge import (
    initial_knowledge,
    knowledge_for,
    learn_trait,
    meet_faction,
    own_planet,
    sensor_sweep,
)
from starlanes.games.star_kingdoms.operations import (
    AnomalyProgress,
    ColonisationProgress,
    CreditsChange,
    NarrativeItem,
    NationBonuses,
    OpOutcome,
    World,
    apply_effects,
    complete_operations,
    contested_pairs,
    load_operations,
    nation_bonuses,
    progress_operations,
)
from starlanes.games.star_kingdoms.orgs import host_trade_branches, own_trade_branches
from starlanes.games.star_kingdoms.projects import Project, advance, completion_order, is_complete, rush_cap
from starlanes.games.star_kingdoms.report import (
    EconomyReport,
    FactionReport,
    PlanetEconomyLine,
    ProjectLine,
    ProjectStatus,
    ReportBuilder,
    TechGain,
)
from starlanes.games.star_kingdoms.tech import SciencePoints, gain

__all__ = [
    "STEPS",
    "Turn",
    "faction_economy",
    "process_turn",
    "refresh_knowledge",
    "step_bombardment",
    "step_completion",
    "step_ground_combat",
    "step_income",
    "step_progress",
    "step_space_combat",
    "step_start",
    "step_travel",
]


@dataclass
class _Tracked:
    """A project's life this turn, for its line in the report."""

    faction: str
    planet: str
    slot: str
    before: int
    started: bool
    status: ProjectStatus = "ongoing"
    result: str = ""
    rushes: int = 0


@dataclass
class Turn:
    """One turn being processed: the state, the orders, a report builder per faction."""

    state: CampaignState
    orders: Mapping[int, str]
    """Seat -> the orders document; a seat missing here sent none (TURN-05)."""
    catalogue: Catalogue
    builders: dict[str, ReportBuilder] = field(default_factory=dict)
    tracked: dict[tuple[str, str, str], _Tracked] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    """Step name -> seconds (the benchmark prints them)."""
    bonuses: dict[str, NationBonuses] = field(default_factory=dict)
    """Faction id -> its organisations' passive bonuses this turn (step 2; S8.5)."""

    def builder(self, faction: Faction) -> ReportBuilder:
        return self.builders[faction.id]


def _active(state: CampaignState) -> list[Faction]:
    return [f for f in state.factions if f.approved]


# --- 1 start -------------------------------------------------------------------------------------


def _auto_rush(turn: Turn, faction: Faction) -> None:
    """Free rushes a trait gives (PROJ-A3's S18 example), up to the project's rush cap."""
    for colony in faction.colonies:
        for slot, project in list(colony.projects.items()):
            free = sum(h.auto_rush.get(project.kind, 0) for h in faction.hooks())
            if not free or project.level == 0 or rush_banned(faction, project, colony.planet):
                continue
            cap = 1 if slot == ORBITAL_YARD else rush_cap(
                turn.catalogue.project(project.kind), colony.districts.level(project.district),
                effective_pc_of(turn.state, faction, colony), turn.state.params)
            extra = max(0, min(free, cap - project.rushes))
            if extra:
                colony.projects[slot] = msgspec.structs.replace(project, rushes=project.rushes + extra)
                turn.builder(faction).notice(
                    f"{project_label(turn.state, faction, project, turn.catalogue)} on "
                    f"{planet_name(turn.state, colony.planet)}: {extra} free rush(es) from a trait")


def step_start(turn: Turn) -> None:
    """Steps 0-1: orders checked and carried out in sheet order; costs paid (PROJ-01, Amb#3)."""
    state = turn.state
    for seat, faction in enumerate(state.factions):
        if not faction.approved:
            continue
        b = turn.builder(faction)
        text = turn.orders.get(seat)
        has_orders = text is not None and any(
            line.split("#", 1)[0].strip() for line in text.splitlines())
        b.submitted = has_orders
        before = {(c.planet, s) for c in faction.colonies for s in c.projects}
        if has_orders:
            assert text is not None
            start_orders(state, seat, text, b, turn.catalogue)
            faction.orders = text
            faction.missed = 0
        else:
            pay_due_projects(state, seat, b, turn.catalogue)
            faction.orders = ""
            faction.missed += 1
            b.notice("No orders were received this turn: nothing new started; ongoing projects continue (S1.4)",
                     rule="TURN-05")
        _auto_rush(turn, faction)
        for colony in faction.colonies:
            for slot, project in colony.projects.items():
                turn.tracked[faction.id, colony.planet, slot] = _Tracked(
                    faction=faction.id, planet=colony.planet, slot=slot, before=project.progress,
                    started=(colony.planet, slot) not in before, status="started")


# --- 2 income ------------------------------------------------------------------------------------


def faction_economy(state: CampaignState, faction: Faction, bonuses: NationBonuses | None = None) -> EconomyReport:
    """PE of every colony, logistics, ER and income of one faction now (ECO-01..11, LOG-01..03); with
    ``bonuses`` its Trade branches abroad (ER) and foreign Trade branches on its worlds (PE) count
    (ECO-06, ORG-14)."""
    gi = galaxy_index(state.galaxy)
    params = state.params
    if bonuses is None:  # the Trade branches alone (pure): the same ER the turn's step 2 gives
        bonuses = _trade_bonuses(state, faction)
    trade_power: dict[str, int] = {}
    for org in faction.orgs:
        if org.type == "trade":
            for planet in org.offices:
                trade_power[planet] = trade_power.get(planet, 0) + org.power
    lines = []
    for colony in faction.colonies:
        mr = gi.planets[colony.planet].mineral_rating
        pe = planet_pe(PlanetEconomy(districts=colony.districts, mineral_rating=mr,
                                     trade_office_power=trade_power.get(colony.planet, 0),
                                     foreign_trade_power=host_trade_power(
                                         bonuses.host_trade.get(colony.planet, ()), params) if bonuses else 0,
                                     devastation=colony.devastation, blockade=colony.blockade), params)
        lines.append(PlanetEconomyLine(planet=colony.planet, pe=pe, devastation=colony.devastation,
                                       blockade=colony.blockade))
    tech = faction.tech
    capacity = logistics_capacity(sum(c.districts.shipyard for c in faction.colonies),
                                  sum(c.districts.military for c in faction.colonies),
                                  tech.level("military-theory"), naval_logistics=tech.has("naval-logistics"),
                                  army_logistics=tech.has("army-logistics"), params=params)
    logistics = logistics_use(capacity, [u.level for u in faction.units if u.unit == "ship"],
                              [u.level for u in faction.units if u.unit == "detachment"], params)
    from starlanes.games.star_kingdoms.war.constructions import installation_er

    belts, mines = installation_er(state, faction)  # ECO-09, SYS-06 (ruling 230)
    er = economy_rating(ERSources(planet_pe=tuple(line.pe.total for line in lines),
                                  other=sum(h.er_bonus for h in faction.hooks()),
                                  trade_branches=bonuses.own_trade if bonuses else (),
                                  mining_facilities=belts, strip_mines=mines,
                                  logistics_deficit=logistics.deficit), params)
    return EconomyReport(planets=tuple(lines), er=er, logistics=logistics, income=income(er.total, params))


def _trade_bonuses(state: CampaignState, faction: Faction) -> NationBonuses:
    world = state.organisations.world
    powers = {o.id: o.power for x in state.factions for o in x.orgs}
    return NationBonuses(
        faction=faction.id, science=SciencePoints(), sightings=(), notices=(),
        own_trade=own_trade_branches(world, faction.id, powers, state.turn,
                                     {c.planet: c.blockade for x in state.factions for c in x.colonies}),
        host_trade={c.planet: host_trade_branches(world, c.planet, powers, state.turn, c.blockade)
                    for c in faction.colonies})


def _org_bonuses(turn: Turn, faction: Faction) -> NationBonuses:
    """The nation's passive organisation bonuses (S8.5): science points, principles and timers seen, the
    people traits its branches reveal; the safe houses its forward operating bases find are kept."""
    state = turn.state
    orgs, bonuses = nation_bonuses(state, state.organisations, faction.id, state.turn, state.rng, state.params)
    state.organisations = orgs
    b = turn.builder(faction)
    science = bonuses.science
    for name in FIELDS:
        amount = science.get(name)
        if amount:
            faction.tech = msgspec.structs.replace(faction.tech, sp=faction.tech.sp.add(name, amount))
            b.science(name, amount, "Science organisations (offices and branches, ORG-11)")
    for line in bonuses.notices:
        b.notice(line)
    for sighting in bonuses.sightings:
        text = ", ".join(f"{k} {v}" for k, v in sorted(sighting.principles.items())) or "none strong enough to see"
        b.notice(f"Principles on {planet_name(state, sighting.planet)}: {text}", rule="CULT-06")
    if bonuses.people_traits:
        k = knowledge_for(state, faction.id)
        for other, trait in bonuses.people_traits:
            k = learn_trait(k, other, state.faction(other).name, state.turn, people_trait=trait)
        state.knowledge[faction.id] = k
    return bonuses


def step_income(turn: Turn) -> None:
    """Step 2: organisations' passive bonuses (S8.5), then 10 x ER credits to every faction (ECO-05),
    with the breakdown for the sheet."""
    for faction in _active(turn.state):
        turn.bonuses[faction.id] = _org_bonuses(turn, faction)
    for faction in _active(turn.state):
        report = faction_economy(turn.state, faction, turn.bonuses[faction.id])
        faction.credits += report.income
        b = turn.builder(faction)
        b.economy(report)
        b.income(report.income, f"Income (10 x Economy Rating {report.er.total})")


# --- 3-6 part 2 ----------------------------------------------------------------------------------


def step_travel(turn: Turn) -> None:
    """Step 3: fleet movement, one wormhole jump a turn (``movement.py``; MOV-*)."""
    from starlanes.games.star_kingdoms.movement import step_travel as travel

    travel(turn)


def step_space_combat(turn: Turn) -> None:
    """Step 4: meetings, who fights whom, space battles, retreats (``engagement.py``; COMB-*)."""
    from starlanes.games.star_kingdoms.engagement import step_space_combat as space_combat

    space_combat(turn)


def step_bombardment(turn: Turn) -> None:
    """Step 5: blockades, POGS fire, orbital bombardment, Devastation (``warfare.py``; BLK-*, BOMB-*)."""
    from starlanes.games.star_kingdoms.warfare import step_bombardment as bombardment

    bombardment(turn)


def step_ground_combat(turn: Turn) -> None:
    """Step 6: landings, ground war, captures, then what each nation sees (``warfare.py``; GRND-*, VIS-01);
    then the turn's constructions and studies (``war/constructions.py``, rulings 230-249)."""
    from starlanes.games.star_kingdoms.war.constructions import resolve_works, set_aside
    from starlanes.games.star_kingdoms.warfare import step_ground_combat as ground_combat

    held = set_aside(turn.state)
    ground_combat(turn)
    resolve_works(turn, held)
    from starlanes.games.star_kingdoms.knowledge import record_foreign_units

    record_foreign_units(turn)  # what each nation sees, nebulae and disguises counted (rulings 276, 277)


# --- 7 progress ----------------------------------------------------------------------------------


def _progress_of(colony: Colony, slot: str, project: Project) -> tuple[int, str]:
    """The district level that drives the project this turn, or 0 and why it stalls."""
    if project.level == 0:
        return 0, "waiting for the GM to set its level"
    if project.kind == "rebuild-and-repair" and (colony.bombarded or colony.invaded):
        return 0, "no progress while the planet is bombarded or invaded (Amb#15)"
    if slot == ORBITAL_YARD:
        return (1, "") if colony.orbital_yard else (0, "the Orbital Repair Yard is gone")
    level = colony.districts.level(project.district)
    if level <= 0:
        return 0, f"paused: the planet has no {project.district} district (Amb#84)"
    return level, ""


def step_progress(turn: Turn) -> None:
    """Step 7: progress = the matching district level + rushes bought this turn (PROJ-04, PROJ-08);
    every operation gains its organisation's Power (OPS-03)."""
    state = turn.state
    state.organisations = msgspec.structs.replace(
        state.organisations, operations=progress_operations(state, state.organisations.operations))
    for faction in _active(turn.state):
        for colony in faction.colonies:
            for slot, project in list(colony.projects.items()):
                level, why = _progress_of(colony, slot, project)
                tracked = turn.tracked.get((faction.id, colony.planet, slot))
                if not level:
                    colony.projects[slot] = msgspec.structs.replace(project, rushes=0)
                    if tracked is not None:
                        tracked.status = "waiting-gm" if project.level == 0 else "stalled"
                        tracked.result = why
                    continue
                colony.projects[slot] = advance(project, level)
                if tracked is not None:
                    tracked.rushes = project.rushes
                    if not tracked.started:
                        tracked.status = "ongoing"


# --- 8 completion --------------------------------------------------------------------------------


def _new_unit(turn: Turn, faction: Faction, colony: Colony, detail: dict[str, object], name: str) -> Unit:
    cat = turn.catalogue
    class_id = str(detail["class"])
    cls = cat.classes[class_id]
    flexible = tuple(str(m) for m in detail.get("flexible", ()))  # type: ignore[attr-defined]
    unit = Unit(id=f"{faction.id}-u{faction.next_unit}", name=name, unit=cls.unit, class_id=class_id,
                level=cls.level, variant=str(detail.get("variant", "")),
                modules=fitted_modules(cat, faction.tech, class_id, flexible), flexible=flexible,
                system=galaxy_index(turn.state.galaxy).planet_system[colony.planet], planet=colony.planet,
                built=turn.state.turn)
    faction.next_unit += 1
    faction.units.append(unit)
    return unit


def _complete(turn: Turn, faction: Faction, colony: Colony, project: Project) -> str:
    """Carry out one completed project; the text is its result on the sheet."""
    state, cat, d = turn.state, turn.catalogue, project.detail
    b = turn.builder(faction)
    where = planet_name(state, colony.planet)
    kind = project.kind
    if kind == "construct-district":
        district = str(d["district"])
        colony.districts = colony.districts.raised(district)  # type: ignore[arg-type]
        return f"{district.capitalize()} district is now level {colony.districts.level(district)}"  # type: ignore[arg-type]
    if kind == "construct-office":
        org = faction.org(str(d.get("org", "")))
        if org is None:
            org = _found_org(faction, d)
        org.offices.append(colony.planet)
        colony.offices.append(org.id)
        text = f"an office of {org.name} ({org.type}) opens; its Power is {org.power}"
        if org.type == "religious" and org.principle:
            colony.principles = culture.religious_office(colony.principles, org.principle, state.params)
            text += f"; adherence to {org.principle} here rises to {colony.principles.get(org.principle, 0)} (ORG-17)"
        return text
    if kind == "rebuild-and-repair":
        colony.devastation = 0
        colony.bombardment = 0
        return "Devastation repaired (0)"
    if kind == "planetary-shield":
        colony.shield = True
        return "the Planetary Shield stands"
    if "tech" in d:
        tech = cat.tech(str(d["tech"]))
        design = str(d.get("design_class", ""))
        if tech.kind == "core":
            if faction.tech.level(tech.id) >= project.level:
                return f"{tech.name} was already at level {faction.tech.level(tech.id)}"
            levels = dict(faction.tech.levels)
            levels[tech.id] = project.level
            faction.tech = msgspec.structs.replace(faction.tech, levels=levels)
            b.tech(TechGain(tech=tech.id, level=project.level, how="project"))
            return f"{tech.name} is now level {project.level}"
        if (tech.kind == "design" and design in faction.tech.designs) or (
                tech.kind == "supplemental" and tech.id in faction.tech.known):
            return f"{tech.name} was already known"
        faction.tech = gain(cat, faction.tech, tech.id, design)
        b.tech(TechGain(tech=tech.id, how="project", design_class=design))
        return f"{tech.name} gained" + (f": the {cat.classes[design].name} can be built" if design else "")
    if kind == "analyse":
        raise_gm_item(state, faction, "analyse-result",
                      f"Analyse '{d.get('subject', '')}' on {where} (level {project.level}) is complete: "
                      "write its findings", planet=colony.planet)
        return "complete: the GM's findings follow in a sheet"
    if kind in ("construct-ship", "train-detachment"):
        name = str(d.get("name", ""))
        count = int(d.get("squadrons", 1))
        made = [_new_unit(turn, faction, colony, d, name if i == 0 else f"{name} {i + 1}") for i in range(count)]
        return ", ".join(f"'{u.name}'" for u in made) + f" ready at {where}"
    ids = [str(u) for u in d.get("units", ())]
    done, absent = [], []
    for ident in ids:
        unit = faction.unit_by_id(ident)
        if unit is None or unit.planet != colony.planet:
            absent.append(unit.name if unit else ident)
            continue
        unit.damage = 0
        if kind in ("refit-ship", "refit-detachment"):
            unit.modules = fitted_modules(cat, faction.tech, unit.class_id, unit.flexible)
        done.append(unit.name)
    text = ("restored" if kind.startswith(("repair", "reinforce")) else "refitted") + ": " + (", ".join(done) or "none")
    if absent:
        text += f"; not at {where}, so not served: {', '.join(absent)} (Amb#16)"
    return text


def _found_org(faction: Faction, detail: dict[str, object]) -> Org:
    number = len(faction.orgs) + 1
    ident = f"{faction.id}-o{number}"
    while faction.org(ident) is not None:
        number += 1
        ident = f"{faction.id}-o{number}"
    org = Org(id=ident, name=str(detail.get("new_name", "")), type=detail.get("new_type", "science"),  # type: ignore[arg-type]
              principle=str(detail.get("principle", "")))
    faction.orgs.append(org)
    return org


def step_completion(turn: Turn) -> None:
    """Step 8: completions in the fixed order (TURN-03, ruling 7), then the end of the turn."""
    state = turn.state
    factions = _active(state)
    ready: list[tuple[str, Project]] = []
    where: dict[str, tuple[Faction, Colony, str]] = {}
    for f_i, faction in enumerate(factions):
        for c_i, colony in enumerate(faction.colonies):
            for slot, project in colony.projects.items():
                if project.level and is_complete(project) and _progress_of(colony, slot, project)[0]:
                    key = f"{f_i:05d}-{c_i:05d}-{slot}"
                    ready.append((key, project))
                    where[key] = (faction, colony, slot)
    for key, project in completion_order(ready, turn.catalogue):
        faction, colony, slot = where[key]
        result = _complete(turn, faction, colony, project)
        del colony.projects[slot]
        tracked = turn.tracked.get((faction.id, colony.planet, slot))
        if tracked is not None:
            tracked.status, tracked.result = "completed", result
        turn.builder(faction).project(_line(turn, faction, colony, project, slot, tracked))
    _complete_operations(turn)
    for faction in factions:
        for colony in faction.colonies:
            for slot, project in colony.projects.items():
                turn.builder(faction).project(
                    _line(turn, faction, colony, project, slot, turn.tracked.get((faction.id, colony.planet, slot))))
    _end_turn(turn)


def _line(turn: Turn, faction: Faction, colony: Colony, project: Project, slot: str,
          tracked: _Tracked | None) -> ProjectLine:
    before = tracked.before if tracked is not None else project.progress
    status: ProjectStatus = tracked.status if tracked is not None else "ongoing"
    return ProjectLine(planet=colony.planet, district=project.district, kind=project.kind,
                       label=project_label(turn.state, faction, project, turn.catalogue), level=project.level,
                       target=project.target, progress_before=before, progress=project.progress,
                       rushes=tracked.rushes if tracked is not None else 0,
                       status=status, result=tracked.result if tracked is not None else "")


def _owner_of(state: CampaignState, planet: str) -> Faction | None:
    for f in state.factions:
        if f.colony(planet) is not None:
            return f
    return None


def _gm_item(state: CampaignState, item: NarrativeItem) -> None:
    state.gm_queue.append(item.gm_item(state.next_gm_item))
    state.next_gm_item += 1


def _apply_outcome(turn: Turn, outcome: OpOutcome, before: frozenset[str]) -> None:
    """One completed operation: effects into the campaign, reports onto the sheets of the nations that
    learn something, GM items for what the engine cannot decide; a visible branch founded on another
    nation's world makes the two nations meet."""
    state = turn.state
    for change in outcome.effects:  # credits into the ledger of the nation they reach (its sheet adds up)
        if isinstance(change, CreditsChange) and change.faction in turn.builders:
            b = turn.builders[change.faction]
            if change.ledger == "transfer-in":
                b.transfer(change.amount, change.why, incoming=True)
            elif change.ledger == "refund":
                b.refund(change.amount, change.why)
            else:
                b.income(change.amount, change.why)
    for effect in apply_effects(state, outcome, state.params):
        if isinstance(effect, ColonisationProgress):
            job = next((c for c in state.faction(effect.faction).constructions
                        if c.kind == "colonise" and c.target == effect.planet), None)
            if job is not None:  # OP-R5: progress to the colonisation; its colonists hold the principle
                job.progress += effect.amount
                if effect.principle and effect.principle not in job.sponsors:
                    job.sponsors.append(effect.principle)
                continue
        if isinstance(effect, AnomalyProgress):  # OP-S3: into the nation's study (ruling 331)
            from starlanes.games.star_kingdoms.war.constructions import add_study_progress

            add_study_progress(turn, state.faction(effect.faction), effect.anomaly, effect.amount,
                               "Study Anomaly operation")
            continue
        # a colonisation that ended meanwhile: the GM applies it
        who = getattr(effect, "faction", "")
        _gm_item(state, NarrativeItem(faction=who, turn=state.turn, subject=(
            f"apply an operation's result the engine does not hold: {msgspec.json.encode(effect).decode()}")))
    for item in outcome.gm:
        _gm_item(state, item)
    for report in outcome.reports:
        if report.faction in turn.builders:
            turn.builders[report.faction].notice(
                f"{report.topic}: {report.text}" + "".join(f"; {line}" for line in report.lines))
    for branch in outcome.world.branches:
        if branch.id in before or branch.hidden or not branch.planet:
            continue
        host = _owner_of(state, branch.planet)
        if host is None or host.id == branch.faction:
            continue
        guest = state.faction(branch.faction)
        for x, y in ((guest, host), (host, guest)):
            state.knowledge[x.id] = meet_faction(knowledge_for(state, x.id), y.id, y.name, state.turn)
            if y.id not in x.known_factions:
                x.known_factions.append(y.id)


def _complete_operations(turn: Turn) -> None:
    """Step 8 for operations: those that reached their target number resolve (OPS-03, ruling 329)."""
    state = turn.state
    orgs = state.organisations
    if not orgs.operations:
        return
    world = World(state=state, orgs=orgs.world, catalogue=turn.catalogue, params=state.params,
                  operations=load_operations(), colonisations=colonisations(state),
                  contested=contested_pairs(state, turn.catalogue, orgs.operations.values()),
                  contested_scarce=contested_pairs(state, turn.catalogue, orgs.operations.values(), scarce=True))
    before = frozenset(b.id for b in orgs.world.branches)
    remaining, org_world, outcomes = complete_operations(world, orgs.operations, state.turn)
    state.organisations = msgspec.structs.replace(orgs, world=org_world, operations=remaining)
    for outcome in outcomes:
        _apply_outcome(turn, outcome, before)


def refresh_knowledge(state: CampaignState) -> None:
    """Bring every faction's knowledge up to date with part 1's sources (own colonies and what
    their sensors see, VIS-04; ruling 61)."""
    gi = galaxy_index(state.galaxy)
    for faction in state.factions:
        k = state.knowledge.get(faction.id)
        sensors = faction.tech.level("sensors")
        if k is None:
            k = initial_knowledge(faction.id, gi, faction.homeworld, state.turn, sensors_level=sensors,
                                  biosphere=faction.native)
        for colony in faction.colonies:
            system = gi.planet_system[colony.planet]
            k = sensor_sweep(k, gi, system, state.turn, sensors)
            if colony.planet not in k.planets or k.planets[colony.planet].owner != faction.id:
                k = own_planet(k, gi, colony.planet, state.turn)
        state.knowledge[faction.id] = k


def _end_turn(turn: Turn) -> None:
    state = turn.state
    refresh_knowledge(state)
    reports: dict[str, FactionReport] = {}
    for faction in _active(state):
        b = turn.builder(faction)
        for text in state.gm_notes.get(faction.id, []):
            b.gm_note(text)
        reports[faction.id] = b.build(closing=faction.credits, sp=faction.tech.sp)
    state.reports = reports
    state.gm_notes = {}
    state.turn += 1


StepFn = Callable[[Turn], None]
STEPS: tuple[tuple[str, StepFn], ...] = (
    ("start", step_start),
    ("income", step_income),
    ("travel", step_travel),
    ("space-combat", step_space_combat),
    ("bombardment", step_bombardment),
    ("ground-combat", step_ground_combat),
    ("progress", step_progress),
    ("completion", step_completion),
)
"""The eight steps of a turn in their fixed order (TURN-01; S1.5)."""


def process_turn(state: CampaignState, orders: Mapping[int, str], catalogue: Catalogue | None = None) -> Turn:
    """Resolve one whole turn: every step of :data:`STEPS` in order. ``orders`` maps seats to their
    documents (a seat absent sent none). Returns the turn (its reports are in ``state.reports``)."""
    turn = Turn(state=state, orders=orders, catalogue=catalogue or load_catalogue())
    for faction in _active(state):
        turn.builders[faction.id] = ReportBuilder(faction.id, turn=state.turn, opening=faction.credits,
                                                  sp=faction.tech.sp)
    for name, step in STEPS:
        started = time.perf_counter()
        step(turn)
        turn.timings[name] = time.perf_counter() - started
    return turn
