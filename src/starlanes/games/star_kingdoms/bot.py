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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from starlanes.core.actions import Action
from starlanes.core.state import SeatView
from starlanes.games.star_kingdoms.campaign import CampaignState
from starlanes.games.star_kingdoms.catalogue import DISTRICTS, Catalogue, District, load_catalogue
from starlanes.games.star_kingdoms.execute import check_orders, effective_pc_of, name_book
from starlanes.games.star_kingdoms.orders import records as r
from starlanes.games.star_kingdoms.orders.language import format_order
from starlanes.games.star_kingdoms.projects import project_cost, rush_cap

__all__ = ["EconomicBot", "economic_orders", "make_economic"]

_RESEARCH_FIRST = ("planetary-construction", "sensors", "ship-construction", "offworld-construction")


def _core_choice(levels: Mapping[str, int], cores: Sequence[str], cap: int) -> str | None:
    ranked = sorted((levels.get(c, 0), 0 if c in _RESEARCH_FIRST else 1, _RESEARCH_FIRST.index(c)
                     if c in _RESEARCH_FIRST else 0, c) for c in cores)
    for level, *_, core in ranked:
        if level + 1 <= cap:
            return core
    return None


def economic_orders(state: CampaignState, seat: int, *, reserve: int = 100, ship_every: int = 5,
                    catalogue: Catalogue | None = None) -> str:
    """An orders document for ``seat``'s faction; every line of it is accepted now."""
    cat = catalogue or load_catalogue()
    faction = state.factions[seat]
    params = state.params
    cap = params.max_level_without_gm
    credits = faction.credits - reserve
    orders: list[r.Order] = []
    cores = [t.id for t in cat.core_techs()]
    researching = {str(p.detail.get("tech")) for c in faction.colonies for p in c.projects.values()
                   if "tech" in p.detail}
    for colony in faction.colonies:
        if "industrial" not in colony.projects and colony.districts.industrial > 0:
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
        if "academic" not in colony.projects and colony.districts.academic > 0:
            choice = _core_choice(faction.tech.levels, [c for c in cores if c not in researching], cap)
            if choice is not None:
                cost = project_cost(faction.tech.level(choice) + 1, params)
                if cost <= credits:
                    orders.append(r.ResearchCoreTechnology(planet=colony.planet, tech=choice))
                    researching.add(choice)
                    credits -= cost
        if ("shipyard" not in colony.projects and colony.districts.shipyard > 0 and ship_every
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
            count = min(cap, max(0, credits - 2 * params.rush_cost) // params.rush_cost)
            if count > 0:
                orders.append(r.RushProject(planet=colony.planet, district=district, count=count))
                credits -= count * params.rush_cost
    if not orders:
        return ""
    book = name_book(state, faction, cat)
    text = "".join(format_order(o, book) + "\n" for o in orders)
    results = check_orders(state, seat, text, cat)
    lines = text.splitlines()
    kept = [lines[res.line - 1] for res in results if res.accepted]
    return "".join(line + "\n" for line in kept)


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


class EconomicBot:
    """An agent that submits the economic bot's orders (listed by the ruleset) for its nation."""

    name = "star-kingdoms:economic"

    def act(self, view: SeatView[Any], legal: Sequence[Action]) -> Action:
        def size(action: Action) -> int:
            return len(str(getattr(action, "orders", "")))

        return max(legal, key=size)


def make_economic(game: Any, seat: int, seed: int, options: Mapping[str, str]) -> EconomicBot:
    return EconomicBot()
