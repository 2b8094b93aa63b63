"""A player's turn: placing tiles, building, researching, using technologies, compiling,
exchanging, the ally's gift, and the sub-decisions (gains, payments, raids) (TRN 72-138).

Each function applies an action ``legality.py`` has already accepted.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from starlanes.core.state import Event
from starlanes.games.kardashev.costs import Cost, colony_cost
from starlanes.games.kardashev.effects import (
    Accrete,
    Annihilate,
    BaseActionAsResearch,
    ColonyCost,
    Effect,
    Erase,
    FleetSite,
    Probe,
    Terraform,
)
from starlanes.games.kardashev.events import SILENT, Built, Placed, Researched, TechUsed, TileDrawn, quiet
from starlanes.games.kardashev.rules.common import (
    CELLS,
    CONTENT,
    NEIGH,
    RES,
    affordable,
    fire_gains,
    get,
    give,
    held_techs,
    hook,
    offer_gain,
    one,
    pay,
    remove_fleet,
    resource_types,
)
from starlanes.games.kardashev.state import KardashevState, Task
from starlanes.games.kardashev.techs import after_research, is_clone

# --- tiles -----------------------------------------------------------------------------------


def faces(symbols: list[str], back: str) -> tuple[str, ...]:
    """The faces a tile may be placed with (K-X03): a planet either way, empty space as it is."""
    return ("planet", "destroyed") if symbols else ("empty",)


def draw_for(state: KardashevState, seat: int, cells: list[int], reason: str, *, gain: bool = False) -> Event:
    """Draw a tile from the bag for exploration or a probe and show it to all; the seat places it
    next (``gain``: then takes the Warlord's card for it, if a planet with a resource)."""
    kind = CONTENT.bag[state.bag.pop(0)]
    state.tasks.insert(0, Task(kind="place", seat=seat, reason=reason, cells=cells, drawn=list(kind.symbols),
                               drawn_back=kind.back, then_gain=gain))
    return TileDrawn(seat, list(kind.symbols), reason).event(reveals=True)


def place(state: KardashevState, seat: int, index: int, symbols: list[str], back: str, face: str,
          reason: str, *, then_gain: bool = False) -> list[Event]:
    """Put a tile on a cell (K-X01..K-X05, K-M04, K-M05, K-TE27, K-TE29)."""
    c = state.cells[index]
    c.tile = "planet" if face == "planet" else ("empty" if face == "empty" else "destroyed")
    c.symbols = list(symbols) if face == "planet" else []
    c.back = "empty" if back == "empty" else "destroyed"
    c.terraformed = []
    events = [SILENT if quiet() else Placed(seat, list(CELLS[index]), face, c.symbols, reason).event(reveals=True)]
    if face == "destroyed":
        if c.fleet is not None:
            events += remove_fleet(state, index, "is destroyed exploring a destroyed planet")
        offer_gain(state, seat, RES, "destroyed-planet", optional=True, first=True)
    elif face == "planet":
        fire_gains(state, "own-tile-placed", seat, tile=symbols)
        if then_gain:
            offer_gain(state, seat, resource_types(c), "warlord", optional=True)
    return events


# --- colonies --------------------------------------------------------------------------------


def colony_price(state: KardashevState, seat: int, level: int) -> list[Cost]:
    """The prices a colony of ``level`` may be paid with: 1 food + 1 matter, or a
    ``colony-cost`` option (Nanotube Polymers, K-C04)."""
    return colony_price_of(hook(state, seat, "build-colony"), level)


_COLONY_COST = colony_cost()  # frozen: one for every price list


def colony_price_of(effects: Sequence[Effect], level: int) -> list[Cost]:
    """``colony_price`` for a seat whose ``build-colony`` effects are ``effects``."""
    options = [_COLONY_COST]
    for e in effects:
        if isinstance(e, ColonyCost) and e.level == level:
            options += list(e.options)
    return options


def cheapest(state: KardashevState, seat: int, options: list[Cost], surcharge: int) -> Cost | None:
    """The affordable option that leaves the most cards (ruling K26): the one of the fewest
    cards, the first of them in ``options``' order."""
    extra = Cost(any=surcharge) if surcharge else None
    best: Cost | None = None
    for o in options:
        priced = o if extra is None else o + extra
        if (best is None or priced.total < best.total) and affordable(state, seat, priced):
            best = priced
    return best


def build_colony(state: KardashevState, seat: int, index: int, price: Cost, upgrade: bool, via: str | None
                 ) -> list[Event]:
    """K-C01 / K-C02; the Pioneer's gain after paying (K-C03)."""
    events = pay(state, seat, price, ("upgrade colony" if upgrade else "colony") + (f" via {via}" if via else ""))
    c = state.cells[index]
    if upgrade:
        c.colony_level += 1
    else:
        c.colony, c.colony_level = seat, 1
    state.seats[seat].colonies_supply -= 1
    events.append(SILENT if quiet() else Built(seat, "colony", list(CELLS[index]), c.colony_level, upgrade).event())
    fire_gains(state, "own-colony-built-or-upgraded", seat, tile=resource_types(c))
    return events


# --- fleets ----------------------------------------------------------------------------------


def fleet_site(state: KardashevState, seat: int, index: int) -> tuple[Cost | None, int] | None:
    """Where ``seat`` may build (or upgrade) a fleet: (flat price or None for the normal price,
    the highest level a build may have). None: not here (K-F01, K-F03, K-V05, K-TE23, K-TE24)."""
    c = state.cells[index]
    tile = c.tile
    if tile != "planet" and tile != "empty":
        return None
    owner = c.colony
    if owner is not None and tile == "planet":
        military = "military" in c.symbols or "military" in c.terraformed  # in ``all_symbols``
        seats = state.seats
        if military and seats[owner].team == seats[seat].team:
            return None, c.colony_level
        if owner != seat:  # only the seat's own colony may be a site
            return None
        for e in hook(state, seat, "build-fleet"):
            if isinstance(e, FleetSite) and e.site == "own-colony" and (not e.needs_military or military):
                return e.price, c.colony_level
        return None
    if c.fleet is not None and c.fleet != seat:
        return None
    for e in hook(state, seat, "build-fleet"):
        if isinstance(e, FleetSite) and e.site == "near-own-fleet":
            cells = state.cells
            for n in NEIGH[index]:  # a fleet of the seat next to it (the same for every such effect)
                if cells[n].fleet == seat:
                    return e.price, e.build_level or 1
            return None
    return None


def fleet_price(state: KardashevState, flat: Cost | None, levels: int) -> Cost:
    if flat is not None:
        return flat
    params = state.params
    return _levels_price(params.fleet_matter_per_level, params.fleet_energy_per_level, levels)


@lru_cache(maxsize=256)
def _levels_price(matter: int, energy: int, levels: int) -> Cost:
    """``params.fleet_level_price.times(levels)`` for a level's price of ``matter`` and ``energy``."""
    return Cost(matter=matter, energy=energy).times(levels)


def build_fleet(state: KardashevState, seat: int, index: int, level: int, price: Cost, upgrade: bool,
                via: str | None) -> list[Event]:
    """K-F01..K-F03; the Imperialist's gain after paying (K-F04)."""
    events = pay(state, seat, price, ("upgrade fleet" if upgrade else "fleet") + (f" via {via}" if via else ""))
    c = state.cells[index]
    p = state.seats[seat]
    if upgrade:
        c.fleet_level += 1
        p.fleets_supply -= 1
    else:
        if c.fleet == seat:
            events += remove_fleet(state, index, "is replaced")
        c.fleet, c.fleet_level = seat, level
        p.fleets_supply -= level
    events.append(SILENT if quiet() else Built(seat, "fleet", list(CELLS[index]), c.fleet_level, upgrade).event())
    fire_gains(state, "fleet-built-or-upgraded", seat)
    return events


def via_surcharge(state: KardashevState, seat: int, via: str | None, action: str) -> int | None:
    """The extra cards a base action taken through technology ``via`` costs; None: ``via`` does
    not allow ``action`` (K-A06, K-TE19, K-TE22, K-TE25, K-TE28, K-TE31)."""
    if via is None:
        return 0
    if via not in held_techs(state, seat):
        return None
    for e in CONTENT.techs[via].effects:
        if isinstance(e, BaseActionAsResearch) and action in e.actions:
            return e.surcharge
    return None


# --- research --------------------------------------------------------------------------------


# the technologies that copy another (``is_clone``)
_CLONES: frozenset[str] = frozenset(key for key in CONTENT.techs if is_clone(CONTENT, key))


def research(state: KardashevState, seat: int, tech: str, copy: str | None, free: bool) -> list[Event]:
    """K-Q01..K-Q04, K-TE32; the Scientist's gain (K-Q04)."""
    p = state.seats[seat]
    t = CONTENT.techs[tech]
    events = [] if free else pay(state, seat, t.cost, f"research:{tech}")
    assert p.role is not None
    new = after_research(CONTENT, p.role, frozenset(p.techs), tech)
    lost = [] if quiet() else [x for x in p.techs if x not in new]  # for the event only
    p.techs = [x for x in p.techs if x in new] + [tech]
    if tech in _CLONES:
        p.cloned = copy
    elif _CLONES.isdisjoint(p.techs):
        p.cloned = None
    if free:
        p.free_techs -= 1
    events.append(SILENT if quiet() else Researched(seat, tech, lost, copy or "").event())
    if not free and not (t.cost.any or t.cost.matching):
        fire_gains(state, "research", seat, cost=t.cost)
    return events


def research_paid(state: KardashevState, seat: int, reason: str, paid: list[int]) -> None:
    """After the last card of a technology's price is paid: the gains of ``research`` (the
    Scientist's: a type the price names or one actually paid for its any/matching part, A#31)."""
    if not reason.startswith("research:") or any(t.kind == "pay" and t.reason == reason for t in state.tasks):
        return
    named = CONTENT.techs[reason.split(":", 1)[1]].cost
    food, matter, energy = (max(a, b) for a, b in zip((named.food, named.matter, named.energy), paid, strict=True))
    fire_gains(state, "research", seat, cost=Cost(food, matter, energy))


# --- Use Technology --------------------------------------------------------------------------


def symbol_price(symbol: str, price: int) -> Cost:
    """A resource symbol costs ``price`` of its type, the military symbol ``price`` of any (K-TE05)."""
    return Cost(any=price) if symbol == "military" else Cost(**{symbol: price})


def near_own(state: KardashevState, seat: int, index: int, reach: int) -> bool:
    """A cell within ``reach`` of a cell with ``seat``'s fleet or colony (A#24)."""
    seen, frontier = {index}, {index}
    for _ in range(reach):
        frontier = {n for c in frontier for n in NEIGH[c]} - seen
        seen |= frontier
        if any(state.cells[n].fleet == seat or state.cells[n].colony == seat for n in frontier):
            return True
    return False


def use_tech(state: KardashevState, seat: int, tech: str, index: int | None, symbol: str | None,
             target: str | None) -> list[Event]:
    """Apply a technology used through Use Technology (K-Q05, K-TE05..K-TE07, K-TE27, K-TE33)."""
    effect = next(e for e in CONTENT.techs[tech].effects if e.is_action)
    cell = list(CELLS[index]) if index is not None else []
    events: list[Event] = []
    if isinstance(effect, Terraform):
        assert index is not None and symbol is not None
        events += pay(state, seat, symbol_price(symbol, effect.price), tech)
        state.cells[index].terraformed.append(symbol)
        detail = f"adds {symbol}"
    elif isinstance(effect, Annihilate):
        assert index is not None
        c = state.cells[index]
        gained = resource_types(c)
        c.tile, c.symbols, c.terraformed = "destroyed", [], []
        for kind in gained:
            events += give(state, seat, one(kind, effect.per_symbol), -1, tech)
        detail = "destroys the planet"
    elif isinstance(effect, Accrete):
        assert index is not None and symbol is not None
        events += pay(state, seat, symbol_price(symbol, effect.price), tech)
        c = state.cells[index]
        c.tile, c.symbols, c.terraformed = "planet", [], [symbol]
        detail = f"makes a planet with {symbol}"
    elif isinstance(effect, Probe):
        unexplored = [i for i, c in enumerate(state.cells) if c.tile is None]
        events.append(draw_for(state, seat, unexplored, "probe"))
        detail = "draws a tile"
    elif isinstance(effect, Erase):
        assert target is not None
        events += erase(state, target, effect.refund)
        detail = f"erases {target}"
    else:  # pragma: no cover - legality lists only the kinds above
        raise AssertionError(f"no Use Technology rule for '{effect.kind}'")
    return [SILENT if quiet() else TechUsed(seat, tech, cell, detail).event(), *events]


def erase(state: KardashevState, target: str, refund: bool) -> list[Event]:
    """Memory Eraser: every holder loses ``target``, refunded its price (K-TE33, A#38)."""
    events: list[Event] = []
    price = CONTENT.techs[target].cost
    for seat, p in enumerate(state.seats):
        if target not in p.techs:
            continue
        p.techs.remove(target)
        if target in _CLONES:
            p.cloned = None
        if refund:
            events += give(state, seat, [price.food, price.matter, price.energy], -1, "memory eraser refund")
            offer_gain(state, seat, RES, "memory-eraser", optional=False, amount=price.any)
            if price.matching:
                state.tasks.append(Task(kind="gain", seat=seat, reason="memory-eraser-matching",
                                        amount=price.matching, types=list(RES)))
    return events


# --- sub-decisions ---------------------------------------------------------------------------


def pay_amount(state: KardashevState, task: Task) -> int:
    """Cards a ``pay`` task asks: its amount, or all the payer has if fewer (A#41)."""
    return min(task.amount, sum(state.seats[task.seat].hand()))


def settle(state: KardashevState) -> None:
    """Drop payments nobody can make any more (the payer has no card)."""
    tasks = state.tasks
    while tasks and tasks[0].kind == "pay":
        task = tasks[0]
        p = state.seats[task.seat]
        if min(task.amount, p.food + p.matter + p.energy) != 0:  # ``pay_amount``
            return
        tasks.pop(0)


def gain(state: KardashevState, task: Task, kind: str) -> list[Event]:
    if task.amount > 1:  # a matching refund: every card of the chosen type
        return give(state, task.seat, one(kind, task.amount), -1, task.reason)
    return give(state, task.seat, one(kind), -1, task.reason)


def hand_over(state: KardashevState, task: Task, delta: list[int]) -> list[Event]:
    events = give(state, task.seat, [-n for n in delta], task.to, task.reason)
    if task.to >= 0:
        events += give(state, task.to, delta, task.seat, task.reason)
    return events


def raid(state: KardashevState, task: Task, kind: str) -> list[Event]:
    """Raider Drone: the defender gives every card of the named type (K-TE11)."""
    victim = state.seats[task.to]
    n = get(victim, kind)
    return give(state, task.to, one(kind, -n), task.seat, "raider drone") + give(
        state, task.seat, one(kind, n), task.to, "raider drone")
