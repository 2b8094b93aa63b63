"""The economic bot: orders for one faction, written in the order language and always valid.

:func:`economic_orders` looks at the faction's own state only (its colonies, projects, techs and
credits) and writes, for every colony, in this order while the credits last (keeping a reserve):

1. Industrial slot free: the cheapest district the effective Planetary Construction allows
   (Industrial first: it adds the Mineral Rating to PE), else research Planetary Construction in
   the Industrial district;
2. Academic slot free: research the core technology with the lowest next level (Planetary
   Construction, Sensors and Ship Construction first on ties);
3. Shipyard slot free, every ``ship_every`` turns: a basic level 1 survey ship;
4. rush the Industrial and Academic projects, up to their caps, with what is left above the reserve.

Then every line is checked with :func:`.execute.check_orders` and only accepted lines are kept, so the
document it returns is always accepted as a whole (the ruleset lists it as a legal action; the
conformance suite, the lab and the benchmark play campaigns with it).

The war bot (part 2, :func:`war_bot_orders`) drafts :func:`war_orders` first (warships, troops and
Construction Gangs, exploration, colonies next door, a war on a weak neighbour it can reach, the
invasion of its nearest world that a won ground war takes) and then the economic bot's orders in
the slots and credits left, so no line of its document is refused.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from typing import Any

from starlanes.core.actions import Action
from starlanes.core.state import SeatView
from starlanes.games.star_kingdoms.campaign import CampaignState, Unit
from starlanes.games.star_kingdoms.catalogue import DISTRICTS, Catalogue, District, load_catalogue
from starlanes.games.star_kingdoms.execute import check_orders, checking, effective_pc_of, name_book
from starlanes.games.star_kingdoms.galaxy import galaxy_index
from starlanes.games.star_kingdoms.knowledge import Knowledge
from starlanes.games.star_kingdoms.orders import records as r
from starlanes.games.star_kingdoms.orders.language import format_order, read_orders
from starlanes.games.star_kingdoms.orders.names import NameBook
from starlanes.games.star_kingdoms.projects import project_cost, rush_cap
from starlanes.games.star_kingdoms.report import OrderResult
from starlanes.games.star_kingdoms.war.units import unit_stats

__all__ = ["WAR_MARK", "Checked", "EconomicBot", "WarBot", "economic_draft", "economic_orders", "make_economic",
           "make_war", "war_bot_orders", "war_document", "war_orders"]

_RESEARCH_FIRST = ("planetary-construction", "sensors", "ship-construction", "offworld-construction")


def _core_choice(levels: Mapping[str, int], cores: Sequence[str], cap: int) -> str | None:
    ranked = sorted((levels.get(c, 0), 0 if c in _RESEARCH_FIRST else 1, _RESEARCH_FIRST.index(c)
                     if c in _RESEARCH_FIRST else 0, c) for c in cores)
    for level, *_, core in ranked:
        if level + 1 <= cap:
            return core
    return None


class Checked:
    """A document a bot drafted, read and checked line by line only as far as asked
    (:meth:`any_kept`, :meth:`kept`): ``results`` are those :func:`.execute.check_orders` gives
    for the first lines of ``text`` (its lines read in order, :func:`.orders.language.read_orders`,
    and carried out by one :class:`.execute.OrderRun` on a copy of the state, whose lines' results
    depend on the lines above them only), so what it keeps is what checking the whole document
    at once keeps."""

    def __init__(self, state: CampaignState, seat: int, text: str, catalogue: Catalogue,
                 book: NameBook | None = None) -> None:
        self.text = text
        self.run = checking(state, seat, catalogue, book=book)
        self._lines = read_orders(text, self.run.book)
        self._done = False
        self.results: list[OrderResult] = []

    def _next(self) -> OrderResult | None:
        """The result of the next line, or None when every line is checked."""
        parsed = next(self._lines, None)
        if parsed is None:
            self._done = True
            return None
        result = self.run.carry_out(parsed)
        self.results.append(result)
        return result

    def any_kept(self) -> bool:
        """Whether a line is accepted (checking lines until one is)."""
        for result in self.results:
            if result.accepted:
                return True
        while not self._done:
            checked = self._next()
            if checked is not None and checked.accepted:
                return True
        return False

    def kept(self) -> str:
        """The accepted lines, in order (checking every line)."""
        while not self._done:
            self._next()
        lines = self.text.splitlines()
        return "".join(lines[res.line - 1] + "\n" for res in self.results if res.accepted)

    def then(self, more: str) -> list[OrderResult]:
        """The results of checking ``text + more`` (``text`` ending a line): those of every line of
        ``text``, then the lines of ``more`` carried out after them by the same run, numbered on."""
        self.kept()
        assert not self.text or self.text.endswith("\n")
        results = list(self.results)
        for parsed in read_orders(self.text + more, self.run.book, after=len(self.text.splitlines())):
            results.append(self.run.carry_out(parsed))
        return results


def economic_orders(state: CampaignState, seat: int, *, reserve: int = 100, ship_every: int = 5,
                    catalogue: Catalogue | None = None, taken: Collection[tuple[str, str]] = (),
                    committed: int = 0) -> str:
    """An orders document for ``seat``'s faction; every line of it is accepted now.

    ``taken`` holds the (planet, district) slots other lines of the same document start a project
    in, and ``committed`` the credits they spend (the war bot's orders, :func:`war_bot_orders`):
    the economic bot leaves both alone, so the two parts never refuse each other's lines."""
    draft = economic_draft(state, seat, reserve=reserve, ship_every=ship_every, catalogue=catalogue, taken=taken,
                           committed=committed)
    return draft.kept() if draft is not None else ""


def economic_draft(state: CampaignState, seat: int, *, reserve: int = 100, ship_every: int = 5,
                   catalogue: Catalogue | None = None, taken: Collection[tuple[str, str]] = (),
                   committed: int = 0) -> Checked | None:
    """The document :func:`economic_orders` drafts, to be checked (None: it drafts no line);
    its :meth:`Checked.kept` lines are the economic bot's orders."""
    cat = catalogue or load_catalogue()
    faction = state.factions[seat]
    params = state.params
    cap = params.max_level_without_gm
    credits = faction.credits - reserve - committed
    orders: list[r.Order] = []
    cores = [t.id for t in cat.core_techs()]
    researching = {str(p.detail.get("tech")) for c in faction.colonies for p in c.projects.values()
                   if "tech" in p.detail}
    for colony in faction.colonies:
        if ("industrial" not in colony.projects and (colony.planet, "industrial") not in taken
                and colony.districts.industrial > 0):
            eff = effective_pc_of(state, faction, colony)
            options: list[tuple[int, int, District]] = []
            for i, d in enumerate(DISTRICTS):
                level = colony.districts.level(d) + 1
                if level <= min(eff, cap):
                    options.append((level, i, d))
            if options:
                level, _, district = min(options)
                cost = project_cost(level, params)
                if cost <= credits:
                    orders.append(r.ConstructDistrict(planet=colony.planet, district=district))
                    credits -= cost
            else:
                pc = faction.tech.level("planetary-construction") + 1
                cost = project_cost(pc, params)
                if pc <= cap and cost <= credits and "planetary-construction" not in researching:
                    orders.append(r.ResearchPlanetaryConstruction(planet=colony.planet,
                                                                  tech="planetary-construction"))
                    researching.add("planetary-construction")
                    credits -= cost
        if ("academic" not in colony.projects and (colony.planet, "academic") not in taken
                and colony.districts.academic > 0):
            choice = _core_choice(faction.tech.levels, [c for c in cores if c not in researching], cap)
            if choice is not None:
                cost = project_cost(faction.tech.level(choice) + 1, params)
                if cost <= credits:
                    orders.append(r.ResearchCoreTechnology(planet=colony.planet, tech=choice))
                    researching.add(choice)
                    credits -= cost
        if ("shipyard" not in colony.projects and (colony.planet, "shipyard") not in taken
                and colony.districts.shipyard > 0 and ship_every
                and state.turn % ship_every == 0):
            cost = project_cost(1, params)
            if cost <= credits:
                orders.append(r.ConstructShip(planet=colony.planet, ship_class="survey-probe"))
                credits -= cost
        for district in ("industrial", "academic"):
            started = next((o for o in orders if getattr(o, "planet", "") == colony.planet
                            and _slot_of(o) == district), None)
            running = colony.projects.get(district)
            if started is None and (running is None or running.level == 0):
                continue
            kind = cat.project(running.kind if running is not None else _kind_of(started))
            cap = rush_cap(kind, colony.districts.level(district), effective_pc_of(state, faction, colony), params)
            count = cap if params.rush_cost == 0 else \
                min(cap, max(0, credits - 2 * params.rush_cost) // params.rush_cost)
            if count > 0:
                orders.append(r.RushProject(planet=colony.planet, district=district, count=count))
                credits -= count * params.rush_cost
    if not orders:
        return None
    book = name_book(state, faction, cat)
    return Checked(state, seat, "".join(format_order(o, book) + "\n" for o in orders), cat, book)


def _slot_of(order: r.Order) -> str:
    if isinstance(order, r.ConstructDistrict | r.ResearchPlanetaryConstruction):
        return "industrial"
    if isinstance(order, r.ResearchCoreTechnology):
        return "academic"
    return ""


def _kind_of(order: r.Order | None) -> str:
    if isinstance(order, r.ConstructDistrict):
        return "construct-district"
    if isinstance(order, r.ResearchPlanetaryConstruction):
        return "research-planetary-construction"
    return "research-core-technology"


def _orders_of(action: Action) -> str:
    return str(getattr(action, "orders", ""))


class EconomicBot:
    """An agent that submits the economic bot's orders (listed by the ruleset) for its nation."""

    name = "star-kingdoms:economic"

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        peaceful = [a for a in legal if not _orders_of(a).startswith(WAR_MARK)] or list(legal)
        return max(peaceful, key=lambda a: len(_orders_of(a)))


def make_economic(game: Any, seat: int, seed: int, options: Mapping[str, str]) -> EconomicBot:
    return EconomicBot()


# --- part 2: the bot at war ---------------------------------------------------------------------

FLEET = "Home Fleet"
"""The task group of the bot's warships (and the troops that sail with them)."""


def _sees_nebulae(cat: Catalogue, unit: Unit) -> bool:
    return unit.unit == "ship" and unit_stats(cat, unit).nebula_sensors


def _known_nebula(k: Knowledge | None, system: str) -> bool:
    """Whether the nation knows ``system`` is a nebula (surveyed, or a ship turned back, ruling 290)."""
    facts = k.systems.get(system) if k is not None else None
    return facts is not None and facts.nebula is True


def _routes(state: CampaignState, seat: int, origin: str, *, blind: bool = False) -> dict[str, str]:
    """Breadth-first over the wormholes the nation knows (Instability 1 or less) from ``origin``:
    each system reached -> the system before it on a shortest path.  ``blind`` (no Nebula Sensors)
    goes through no system known to be a nebula: it would be turned back (MOV-10)."""
    from collections import deque

    k = state.knowledge.get(state.factions[seat].id)
    if k is None:
        return {}
    links: dict[str, list[str]] = {}
    for w in k.wormholes.values():
        if w.instability <= 1:
            links.setdefault(w.a, []).append(w.b)
            links.setdefault(w.b, []).append(w.a)
    back: dict[str, str] = {origin: origin}
    queue = deque([origin])
    while queue:
        here = queue.popleft()
        for there in sorted(links.get(here, ())):
            if there not in back and not (blind and _known_nebula(k, there)):
                back[there] = here
                queue.append(there)
    return back


def _hops(back: Mapping[str, str], target: str) -> int:
    n, step = 0, target
    while back[step] != step:
        step, n = back[step], n + 1
    return n


def _next_hop(state: CampaignState, seat: int, origin: str, target: str, *, blind: bool = False) -> str | None:
    """The neighbouring system on a shortest path over the wormholes the faction knows, or None."""
    if origin == target:
        return None
    back = _routes(state, seat, origin, blind=blind)
    if target not in back:
        return None
    step = target
    while back[step] != origin:
        step = back[step]
    return step


def _system_name(state: CampaignState, system: str) -> str:
    from starlanes.games.star_kingdoms.movement import system_name

    return system_name(state, system)


def _capturable(state: CampaignState, planet: str, owner: str) -> bool:
    """Whether winning the ground war on ``planet`` takes it: a homeworld changes hands only by the
    GM unless ``capture_homeworlds`` is on (ruling 207)."""
    return state.params.capture_homeworlds or planet != state.faction(owner).homeworld


def _targets(state: CampaignState, seat: int, hostile: Collection[str],
             origin: str | None = None) -> list[tuple[str, str]]:
    """The known worlds of hostile nations the fleet can reach from ``origin`` (the fleet's system;
    default the home system) by known wormholes and no known nebula, best first: worlds a won
    ground war takes (not a homeworld, ruling 207) before homeworlds, then the fewest jumps, as
    (system, planet)."""
    f = state.factions[seat]
    k = state.knowledge.get(f.id)
    if k is None:
        return []
    back = _routes(state, seat, origin or galaxy_index(state.galaxy).planet_system[f.homeworld], blind=True)
    ranked = sorted((0 if _capturable(state, p.id, p.owner) else 1, _hops(back, p.system), p.system, p.id)
                    for p in k.planets.values() if p.owner in hostile and p.system in back)
    return [(system, planet) for _, _, system, planet in ranked]


def _has_module(unit: Unit, module: str) -> bool:
    return any(m.module == module for m in unit.modules)


def _colony_site(state: CampaignState, seat: int) -> str | None:
    """The world the bot settles next: a planet it knows, habitable (not Uninhabitable), with no
    inhabitants and held by nobody, in a system where it holds no world, reachable without a known
    nebula; its native biosphere first,
    then other biospheres, Desolate last; then the fewest jumps from home."""
    f = state.factions[seat]
    k = state.knowledge.get(f.id)
    if k is None:
        return None
    gi = galaxy_index(state.galaxy)
    held = {c.planet for other in state.factions for c in other.colonies}
    # troops on a planet cannot land on another one of its system (they must leave it by a jump):
    # the bot settles systems where it holds no world yet
    own_systems = {gi.planet_system[c.planet] for c in f.colonies}
    back = _routes(state, seat, gi.planet_system[f.homeworld], blind=True)
    ranked = []
    for facts in k.planets.values():
        planet = gi.planets[facts.id]
        if (facts.biosphere in (None, "uninhabitable") or planet.biosphere == "uninhabitable" or facts.id in held
                or planet.inhabitants != "none" or facts.system not in back or _known_nebula(k, facts.system)
                or facts.system in own_systems):
            continue
        kind = 0 if facts.biosphere == f.native else 2 if facts.biosphere == "desolate" else 1
        ranked.append((kind, _hops(back, facts.system), facts.id))
    return min(ranked)[2] if ranked else None


def _settle(state: CampaignState, seat: int, site: str, cat: Catalogue) -> list[r.Order]:
    """Orders that found a colony on ``site``: the survey team and the Construction Gangs go there,
    land, survey it from the ground (COL-02) and colonise it (O67; they keep at it until done)."""
    f = state.factions[seat]
    k = state.knowledge.get(f.id)
    gi = galaxy_index(state.galaxy)
    system = gi.planet_system[site]
    facts = k.planets.get(site) if k is not None else None
    surveyed = facts is not None and "planetary" in facts.surveys
    free = [u for u in f.units if u.unit == "detachment" and not u.task_group and not u.mission
            and not u.carried_by and (_has_module(u, "engineering-corps")
                                      or (not surveyed and _has_module(u, "planetary-survey-corps")))]
    orders: list[r.Order] = []
    landing: list[str] = []
    for u in free:
        if u.system != system:
            hop = _next_hop(state, seat, u.system, system, blind=True)
            if hop is not None:
                orders.append(r.Move(units=(u.id,), system=_system_name(state, hop)))
        elif u.planet != site:
            landing.append(u.id)
    if landing:
        orders.append(r.Land(units=tuple(landing), planet=site))
    on_site = [u for u in free if u.planet == site]
    surveyors = [u.id for u in on_site if _has_module(u, "planetary-survey-corps")]
    builders = [u.id for u in on_site if _has_module(u, "engineering-corps")]
    if not surveyed and surveyors:
        orders.append(r.PlanetarySurvey(planet=site, units=tuple(surveyors)))
    elif surveyed and builders:
        orders.append(r.Colonise(planet=site, units=tuple(builders)))
    return orders


def war_orders(state: CampaignState, seat: int, *, fleet_size: int = 4, invaders: int = 8, colonies: int = 3,
               builders: int = 2, catalogue: Catalogue | None = None) -> list[r.Order]:
    """Part 2 orders for ``seat``: build warships and troops (a guard and ``invaders`` Security
    Teams; ``builders`` Construction Gangs first while it holds fewer than ``colonies`` worlds and
    knows a site, :func:`_colony_site`, which they and the survey team settle, :func:`_settle`),
    explore with survey ships (a deep space survey of each new system, O64; never into a system
    known to be a nebula, which would turn them back, ruling 290), keep the fleet at home while the
    homeworld is threatened, declare a weak neighbour hostile (one with a known world it could
    take first) and send the fleet with the troops to its nearest world, preferring one a won
    ground war takes (not a homeworld, ruling 207): there the warships bombard and the troops land
    (the landing comes down once the nation is Uncontested in orbit, INV-02).  The caller
    (:func:`war_bot_orders`) keeps only accepted lines."""
    from starlanes.games.star_kingdoms.engagement import strength

    cat = catalogue or load_catalogue()
    f = state.factions[seat]
    gi = galaxy_index(state.galaxy)
    k = state.knowledge.get(f.id)
    home = gi.planet_system[f.homeworld]
    orders: list[r.Order] = []
    hw = f.colony(f.homeworld)
    warships = [u for u in f.units if u.unit == "ship" and cat.classes[u.class_id].modules.get("ship-weapons")
                and "static-defence" not in cat.classes[u.class_id].special]
    troops = [u for u in f.units if u.class_id == "security-team"]
    if hw is not None:
        if "shipyard" not in hw.projects and hw.districts.shipyard > 0 and len(warships) < 2 * fleet_size:
            orders.append(r.ConstructShip(planet=hw.planet, ship_class="patrol-ship", flexible=("ship-weapons",)))
        gangs = [u for u in f.units if u.class_id == "construction-gang"]
        settling = len(f.colonies) < colonies and not any(c.kind == "colonise" for c in f.constructions)
        site = _colony_site(state, seat) if settling else None
        if "military" not in hw.projects and hw.districts.military > 0:
            if site is not None and len(gangs) < builders:
                orders.append(r.TrainDetachment(planet=hw.planet, detachment_class="construction-gang"))
            elif len(troops) <= invaders:
                orders.append(r.TrainDetachment(planet=hw.planet, detachment_class="security-team"))
        if site is not None and len(gangs) >= builders:
            orders += _settle(state, seat, site, cat)
    # explorers: survey ships survey each system they reach, then wander to the least known neighbour
    for u in f.units:
        if u.class_id != "survey-probe" or k is None:
            continue
        here = k.systems.get(u.system)
        if here is None or "active" not in here.surveys:
            orders.append(r.DeepSpaceSurvey(units=(u.id,)))
            continue
        blind = not _sees_nebulae(cat, u)
        options = sorted((0 if (s := k.systems.get(other)) is None or s.surveyed is None else 1, other)
                         for hole, other in gi.links.get(u.system, ()) if k.knows_wormhole(hole)
                         and gi.wormholes[hole].instability <= 2 and not (blind and _known_nebula(k, other)))
        if options:
            pick = options[0] if options[0][0] == 0 else options[(state.turn + len(u.id)) % len(options)]
            orders.append(r.Move(units=(u.id,), system=_system_name(state, pick[1])))
    # the fleet: warships at home, grouped with the troops
    fleet = [u for u in warships if u.system == home and not u.move_to]
    army = [u for u in troops if u.system == home and u.built > 0 and not u.task_group]  # the first guard stays
    threatened = any(u.system == home for other in state.factions if other is not f for u in other.units)
    report = state.reports.get(f.id)
    target = None
    hostile = [fid for fid, s in f.relationships.items() if s == "hostile"]
    at_sea = [u for u in warships if u.task_group == FLEET]
    origin = at_sea[0].system if at_sea else home
    others = [fid for fid in sorted(f.known_factions) if fid not in hostile]
    if len(warships) >= fleet_size and others and not _targets(state, seat, hostile, origin):
        # a weak neighbour: one with a world the fleet can reach and take, else one with a world it
        # can reach, else the fewest units seen; at war already with nobody it can reach, the bot
        # turns on such a neighbour too
        seen: dict[str, int] = {}
        for line in report.sightings if report is not None else ():
            seen[line.owner] = seen.get(line.owner, 0) + line.count
        names = {o.id: o.name for o in state.factions}
        worlds = {fid: _targets(state, seat, [fid], origin) for fid in others}
        weakest = min(others, key=lambda fid: (
            0 if worlds[fid] and _capturable(state, worlds[fid][0][1], fid) else 1 if worlds[fid] else 2,
            seen.get(names[fid], 0)))
        if not hostile or worlds[weakest]:
            orders.append(r.SetRelationship(faction=weakest, stance="hostile"))
            hostile.append(weakest)
    if hostile:
        worlds_known = _targets(state, seat, hostile, origin)
        if worlds_known:
            target = worlds_known[0]
    group: list[Unit] = at_sea or []
    if not group and len(fleet) >= fleet_size and target is not None and not threatened:
        members = fleet + army[:invaders]
        orders.append(r.FormTaskGroup(units=tuple(u.id for u in members), group=FLEET))
        group = members
    blind = not any(_sees_nebulae(cat, u) for u in group)

    def sail(to: str) -> None:
        """The group's next jump towards ``to``: its warships' system decides where the group is;
        members elsewhere, aboard a ship or fighting on a planet's ground stay behind (the group is
        formed again without them: a task group moves from one system, whole)."""
        where = group[0].system
        members = [u for u in f.units if u.task_group == FLEET] if at_sea else group  # formed now
        ready = [u for u in members if u.system == where and not u.carried_by and not u.mission.startswith("invade:")]
        hop = _next_hop(state, seat, where, to, blind=blind)
        if hop is None or not ready:
            return
        if len(ready) != len(members):
            orders.append(r.FormTaskGroup(units=tuple(u.id for u in ready), group=FLEET))
        orders.append(r.Move(group=FLEET, system=_system_name(state, hop)))

    if group and target is not None:
        where = group[0].system
        if where == target[0]:
            ships = [u for u in group if u.unit == "ship" and u.system == where]
            if ships:
                orders.append(r.Bombard(planet=target[1], units=tuple(u.id for u in ships)))
            landers = [u for u in f.units if u.task_group == FLEET and u.unit == "detachment" and u.system == where
                       and not u.planet and not u.carried_by]
            if landers and strength(cat, ships) > 0:
                orders.append(r.Land(units=tuple(u.id for u in landers), planet=target[1]))
        else:
            sail(target[0])
    elif group and threatened and group[0].system != home:
        sail(home)
    # troops left behind by the fleet make their way home to join the next one
    for u in troops:
        if not u.task_group and u.system != home and not u.carried_by and not u.mission:
            hop = _next_hop(state, seat, u.system, home, blind=True)
            if hop is not None:
                orders.append(r.Move(units=(u.id,), system=_system_name(state, hop)))
    return orders


WAR_MARK = "# star-kingdoms:war"
"""The first line of the war bot's document among a seat's legal actions (a comment: it changes
nothing when the orders run); :class:`WarBot` picks the document that starts with it."""


def war_document(state: CampaignState, seat: int, *, catalogue: Catalogue | None = None) -> str:
    """The war bot's document as the ruleset lists it: :data:`WAR_MARK`, then
    :func:`war_bot_orders` (only the mark when the bot has nothing to order)."""
    return f"{WAR_MARK}\n" + war_bot_orders(state, seat, catalogue=catalogue)


class WarBot:
    """An agent that submits the war bot's orders (the legal action starting with
    :data:`WAR_MARK`; the economic bot's document if the list has none)."""

    name = "star-kingdoms:war"

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        for action in legal:
            if _orders_of(action).startswith(WAR_MARK):
                return action
        return max(legal, key=lambda a: len(_orders_of(a)))


def make_war(game: Any, seat: int, seed: int, options: Mapping[str, str]) -> WarBot:
    return WarBot()


def war_commitments(state: CampaignState, war: Sequence[Any], cat: Catalogue) -> tuple[set[tuple[str, str]], int]:
    """What the war orders ``war`` take before the economic bot drafts: the (planet, slot kind)
    each warship or detachment starts its project in, and the credits those projects cost."""
    taken: set[tuple[str, str]] = set()
    committed = 0
    for o in war:
        if isinstance(o, r.ConstructShip | r.TrainDetachment):
            cls = cat.classes[o.ship_class if isinstance(o, r.ConstructShip) else o.detachment_class]
            taken.add((o.planet, "shipyard" if isinstance(o, r.ConstructShip) else "military"))
            committed += project_cost(cls.level, state.params)
    return taken, committed


def war_bot_orders(state: CampaignState, seat: int, *, catalogue: Catalogue | None = None) -> str:
    """The economic bot's orders, then :func:`war_orders`; only lines accepted now are kept.

    The war orders are drafted first: the economic bot is told which slots they start projects in
    and what they cost, so it neither takes the shipyard the warship needs nor spends its credits
    (every line of the document is accepted as drafted)."""
    cat = catalogue or load_catalogue()
    faction = state.factions[seat]
    book = name_book(state, faction, cat)
    war = war_orders(state, seat, catalogue=cat)
    taken, committed = war_commitments(state, war, cat)
    draft = economic_draft(state, seat, catalogue=cat, ship_every=7, taken=taken, committed=committed)
    economic = draft.kept() if draft is not None else ""
    more = "".join(format_order(o, book) + "\n" for o in war)
    text = economic + more
    if not text:
        return ""
    # every economic line kept: the check of the whole document goes on from theirs
    whole = draft is not None and economic == draft.text
    results = draft.then(more) if draft is not None and whole else check_orders(state, seat, text, cat)
    lines = text.splitlines()
    return "".join(lines[res.line - 1] + "\n" for res in results if res.accepted)
