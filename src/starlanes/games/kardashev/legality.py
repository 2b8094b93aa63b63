"""The one legality predicate (``why_not``) and the listing that agrees with it (``legal``).

Every decision has its own kinds of action (``decision_kind``); for each action type a listing
function gives the legal actions of that type now, and ``why_not`` refuses anything else with a
reason naming what is wrong (checked first: the kind of decision, the cell, the budget, the
price), falling back to the listing itself, so the two can never disagree.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from difflib import get_close_matches
from functools import lru_cache
from itertools import combinations

from starlanes.core.actions import Action
from starlanes.core.legal import ActionTemplate
from starlanes.games.kardashev import moving
from starlanes.games.kardashev.actions import (
    Arrange,
    Bid,
    BuildColony,
    BuildFleet,
    ChooseRole,
    Compile,
    Decline,
    End,
    Exchange,
    Gain,
    Gift,
    Harvest,
    Move,
    Pay,
    Pick,
    Place,
    Raid,
    Research,
    Support,
    UpgradeColony,
    UpgradeFleet,
    UseTech,
)
from starlanes.games.kardashev.board import MovePlan, plan_move
from starlanes.games.kardashev.costs import Cost
from starlanes.games.kardashev.effects import (
    Accrete,
    Annihilate,
    BaseActionAsResearch,
    Erase,
    FleetSite,
    Probe,
    Terraform,
)
from starlanes.games.kardashev.rules import fleet, harvest, round
from starlanes.games.kardashev.rules.common import (
    BOARD,
    CELLS,
    CONTENT,
    NEIGH,
    RES,
    SYMBOLS,
    affordable,
    ally_of,
    can_take,
    cell_name,
    cell_of,
    get,
    held_techs,
    hook,
)
from starlanes.games.kardashev.rules.turn import (
    cheapest,
    colony_price,
    faces,
    fleet_price,
    fleet_site,
    near_own,
    pay_amount,
    symbol_price,
    via_surcharge,
)
from starlanes.games.kardashev.state import KardashevState
from starlanes.games.kardashev.techs import clone_refusal, is_clone, research_refusal

Listing = list[Action | ActionTemplate]


def decision_kind(state: KardashevState) -> str:
    """What the state awaits: a task's kind, ``role``, ``free-tech``, ``bid``, ``pick``,
    ``place`` (the won tile), ``turn`` or ``over``."""
    if state.phase == "over":
        return "over"
    if state.tasks:
        return state.tasks[0].kind
    if state.phase == "role":
        if round.arranger(state) is not None:
            return "arrange"
        return "role" if round.role_chooser(state) is not None else "free-tech"
    if state.phase in ("bid", "pick"):
        return state.phase
    return "place" if state.seats[state.active].tile is not None else "turn"


def deciders(state: KardashevState) -> tuple[int, ...]:
    return decision(state)[1]


def decision(state: KardashevState) -> tuple[str, tuple[int, ...]]:
    """``decision_kind`` and the seats that decide (``deciders``), worked out once."""
    kind = decision_kind(state)
    if kind == "over":
        return kind, ()
    if state.tasks:
        return kind, (state.tasks[0].seat,)
    if kind in ("place", "turn"):
        return kind, (state.active,)
    if kind == "arrange":
        seat = round.arranger(state)
    elif kind == "role":
        seat = round.role_chooser(state)
    elif kind == "free-tech":
        seat = round.free_tech_seat(state)
    elif kind == "bid":
        return kind, tuple(round.active_seats(state))
    else:
        seat = round.picker(state)
    return kind, () if seat is None else (seat,)


# Exchange (4 for 1) is allowed in every decision but the sealed bid (CMP 24: "at any point") and
# a payment of cards of one's choice (a card count: exchanging only lowers it; ruling K26).
ALLOWED: dict[str, tuple[type[Action], ...]] = {
    "gain": (Gain, Decline, Exchange),
    "pay": (Pay,),
    "place": (Place, Exchange),
    "support": (Support, Exchange),
    "raid": (Raid, Exchange),
    "role": (ChooseRole,),
    "arrange": (Arrange,),
    "free-tech": (Research,),
    "bid": (Bid,),
    "pick": (Pick, Exchange),
    "turn": (BuildColony, UpgradeColony, BuildFleet, UpgradeFleet, Harvest, Move, Research, UseTech, Compile,
             Exchange, Gift, End),
}

HINTS = {
    "gain": "choose a resource: gain TYPE (or decline, if optional)",
    "pay": "pay the cards asked: pay food=F matter=M energy=E",
    "place": "place the tile: place CELL FACE",
    "support": "choose supporting fleets: support cells=q,r,... (or support: none)",
    "raid": "name a resource type: raid TYPE",
    "role": "choose a role: role NAME",
    "arrange": "put your starting pieces: arrange colony=corner|inner fleet=corner|inner",
    "free-tech": "choose your free level-1 technology: research TECH",
    "bid": "bid: bid AMOUNT",
    "pick": "pick a turn slot and a tile: pick SLOT TILE",
    "turn": "take an action or end your turn",
}


# --- listings ----------------------------------------------------------------------------------


def _splits(total: int, hand: tuple[int, int, int]) -> Iterator[tuple[int, int, int]]:
    for f in range(min(total, hand[0]) + 1):
        for m in range(min(total - f, hand[1]) + 1):
            e = total - f - m
            if e <= hand[2]:
                yield f, m, e


def _forms(state: KardashevState, seat: int, action: str) -> list[tuple[str | None, int]]:
    """(via, surcharge) ways to take base action ``action`` now: as the base action, or as the
    research action through a held technology (K-A06)."""
    out: list[tuple[str | None, int]] = []
    if can_take(state, "base"):
        out.append((None, 0))
    if can_take(state, "research"):
        for tech in sorted(held_techs(state, seat)):
            for e in CONTENT.techs[tech].effects:
                if isinstance(e, BaseActionAsResearch) and action in e.actions:
                    out.append((tech, e.surcharge))
    return out


def list_colony(state: KardashevState, seat: int) -> Listing:
    out: Listing = []
    if state.seats[seat].colonies_supply < 1:
        return out
    forms = _forms(state, seat, "build-colony")
    for i, c in enumerate(state.cells):
        if c.tile != "planet" or c.colony is not None or (c.fleet is not None and c.fleet != seat):
            continue
        if c.fleet != seat and not any(state.cells[n].colony == seat for n in NEIGH[i]):
            continue
        for via, sur in forms:
            if cheapest(state, seat, colony_price(state, seat, 1), sur) is not None:
                out.append(BuildColony(CELLS[i], via))
    return out


def list_grow(state: KardashevState, seat: int) -> Listing:
    out: Listing = []
    if state.seats[seat].colonies_supply < 1:
        return out
    forms = _forms(state, seat, "upgrade-colony")
    for i, c in enumerate(state.cells):
        if c.colony == seat and c.colony_level < 3:
            for via, sur in forms:
                if cheapest(state, seat, colony_price(state, seat, c.colony_level + 1), sur) is not None:
                    out.append(UpgradeColony(CELLS[i], via))
    return out


def list_fleet(state: KardashevState, seat: int) -> Listing:
    out: Listing = []
    forms = _forms(state, seat, "build-fleet")
    if not forms:
        return out
    supply = state.seats[seat].fleets_supply
    near = any(isinstance(e, FleetSite) and e.site == "near-own-fleet" for e in hook(state, seat, "build-fleet"))
    for i, c in enumerate(state.cells):
        if (c.fleet is not None and c.fleet != seat) or (c.colony is None and not near):
            continue
        site = fleet_site(state, seat, i)
        if site is None:
            continue
        flat, cap = site
        back = c.fleet_level if c.fleet == seat else 0
        for level in range(1, min(cap, 3) + 1):
            if supply + back < level:
                continue
            for via, sur in forms:
                if affordable(state, seat, fleet_price(state, flat, level) + Cost(any=sur)):
                    out.append(BuildFleet(CELLS[i], level, via))
    return out


def list_refit(state: KardashevState, seat: int) -> Listing:
    out: Listing = []
    if state.seats[seat].fleets_supply < 1:
        return out
    forms = _forms(state, seat, "upgrade-fleet")
    for i, c in enumerate(state.cells):
        if c.fleet != seat or c.fleet_level >= 3:
            continue
        site = fleet_site(state, seat, i)
        if site is None:
            continue
        flat, _ = site
        if state.params.fleet_upgrade_capped_by_colony and flat is None and c.fleet_level + 1 > c.colony_level:
            continue
        for via, sur in forms:
            if affordable(state, seat, fleet_price(state, flat, 1) + Cost(any=sur)):
                out.append(UpgradeFleet(CELLS[i], via))
    return out


def list_harvest(state: KardashevState, seat: int) -> Listing:
    forms = [(v, s) for v, s in _forms(state, seat, "harvest") if affordable(state, seat, Cost(any=s))]
    if not forms:
        return []
    out: Listing = []
    for shares in harvest.share_sets(state, seat):
        flat = tuple(x for i in shares for x in CELLS[i])
        splits = sorted(harvest.splits(state, seat, shares))
        out += [Harvest(f, m, e, flat, via) for via, _ in forms for f, m, e in splits]
    return out


def list_move(state: KardashevState, seat: int) -> Listing:
    out: Listing = []
    forms = _forms(state, seat, "move-fleet")
    if not forms:
        return out
    grid = fleet.move_map(state, seat)
    for i, c in enumerate(state.cells):
        if c.fleet != seat:
            continue
        for via, sur in forms:
            for dest in sorted(fleet.plans(state, seat, i, sur, grid)):
                out.append(Move(CELLS[i], CELLS[dest], (), via))
    return out


def list_research(state: KardashevState, seat: int) -> Listing:
    out: Listing = []
    p = state.seats[seat]
    assert p.role is not None
    role = CONTENT.roles[p.role]
    free = decision_kind(state) == "free-tech"
    if not free and not can_take(state, "research"):
        return out
    held = frozenset(p.techs)
    if free:
        return [Research(tech) for tech in role.techs
                if CONTENT.techs[tech].level == role.free_tech_level and tech not in held]
    for research in _researchable(p.role, held):
        if affordable(state, seat, CONTENT.techs[research.tech].cost):
            out.append(research)
    return out


@lru_cache(maxsize=4096)
def _researchable(role_key: str, held: frozenset[str]) -> tuple[Research, ...]:
    """The research actions a role holding ``held`` may take, price aside (K-Q01, K-Q02, K-TE32)."""
    out: list[Research] = []
    for tech, needed, copies in _role_research(role_key):
        # ``research_refusal(CONTENT, role_key, held, tech) is None``, without its message
        if tech in held or (needed is not None and held.isdisjoint(needed)):
            continue
        if copies is not None:
            out += [_research(tech, copy) for copy in copies]
        else:
            out.append(_research(tech, None))
    return tuple(out)


@lru_cache(maxsize=1024)
def _research(tech: str, copy: str | None) -> Research:
    """One research action (frozen), built once: ``_researchable`` lists them for every new set
    of technologies."""
    return Research(tech, copy)


@lru_cache(maxsize=64)
def _role_research(role_key: str) -> tuple[tuple[str, tuple[str, ...] | None, tuple[str, ...] | None], ...]:
    """Per technology of the role's card: the faces one of which must be held first (None: no
    requirement), and for a clone the technologies it may copy (``clone_refusal``)."""
    role = CONTENT.roles[role_key]
    out = []
    for tech in role.techs:
        slot = role.slot_of(tech)
        if slot is None:  # not on the card: ``research_refusal`` refuses it
            continue
        needed = tuple(role.slot(slot.requires).faces) if slot.requires is not None else None
        copies = tuple(c for c in role.techs if clone_refusal(CONTENT, role_key, c) is None) \
            if is_clone(CONTENT, tech) else None
        out.append((tech, needed, copies))
    return tuple(out)


def list_use(state: KardashevState, seat: int) -> Listing:
    out: Listing = []
    if not can_take(state, "research"):
        return out
    for tech in sorted(held_techs(state, seat)):
        for e in CONTENT.techs[tech].effects:
            if isinstance(e, Terraform):
                for i, c in enumerate(state.cells):
                    if c.colony == seat and c.tile == "planet":
                        out += [UseTech(tech, CELLS[i], s) for s in SYMBOLS
                                if s not in c.all_symbols and affordable(state, seat, symbol_price(s, e.price))]
            elif isinstance(e, Annihilate):
                out += [UseTech(tech, CELLS[i]) for i, c in enumerate(state.cells)
                        if c.tile == "planet" and c.colony is None and c.fleet is None
                        and near_own(state, seat, i, e.reach)]
            elif isinstance(e, Accrete):
                for i, c in enumerate(state.cells):
                    if c.tile == "destroyed" and near_own(state, seat, i, e.reach):
                        out += [UseTech(tech, CELLS[i], s) for s in SYMBOLS
                                if affordable(state, seat, symbol_price(s, e.price))]
            elif isinstance(e, Probe):
                if state.bag and any(c.tile is None for c in state.cells):
                    out.append(UseTech(tech))
            elif isinstance(e, Erase):
                out += [UseTech(tech, target=t) for t in CONTENT.techs]
    return out


def list_compile(state: KardashevState, seat: int) -> Listing:
    return [Compile(k) for k in RES] if can_take(state, "research") else []


def list_exchange(state: KardashevState, seat: int) -> Listing:
    p = state.seats[seat]
    rate = state.params.exchange_rate
    return [Exchange(g, k) for g in RES if get(p, g) >= rate for k in RES if k != g]


def gift_allowed(state: KardashevState, seat: int) -> bool:
    """Ally variant: the seat and its ally share a planet tile (K-V08)."""
    ally = ally_of(state, seat)
    if not state.params.ally_variant or ally is None:
        return False
    return any(c.tile == "planet" and {c.fleet, c.colony} == {seat, ally} for c in state.cells)


def list_gift(state: KardashevState, seat: int) -> Listing:
    if not gift_allowed(state, seat):
        return []
    hand = state.seats[seat].hand()
    return [Gift(f, m, e) for total in range(1, 4) for f, m, e in _splits(total, hand)]


def list_gain(state: KardashevState, seat: int) -> Listing:
    task = state.tasks[0]
    return list(_gains(tuple(task.types), task.optional))


@lru_cache(maxsize=256)
def _gains(types: tuple[str, ...], optional: bool) -> tuple[Action, ...]:
    """``list_gain``'s actions for a task of ``types`` (the actions are frozen: one tuple per task
    kind, each listing a new list of them)."""
    return (*(Gain(k) for k in types), *([Decline()] if optional else []))


def list_pay(state: KardashevState, seat: int) -> Listing:
    task = state.tasks[0]
    if task.same_type:  # a matching part: any one type the hand can pay (4-for-1 included)
        n = task.amount
        return [Pay(**{k: n}) for k in RES if affordable(state, seat, Cost(**{k: n}))]
    return list(_pays(pay_amount(state, task), state.seats[seat].hand()))


@lru_cache(maxsize=4096)
def _pays(total: int, hand: tuple[int, int, int]) -> tuple[Action, ...]:
    """``list_pay``'s actions for ``total`` cards out of ``hand`` (frozen actions, one tuple per
    total and hand)."""
    return tuple(Pay(f, m, e) for f, m, e in _splits(total, hand))


def list_place(state: KardashevState, seat: int) -> Listing:
    if state.tasks:
        task = state.tasks[0]
        cells, symbols, back = task.cells, task.drawn, task.drawn_back
    else:
        p = state.seats[seat]
        assert p.tile is not None
        offer = state.offer[p.tile]
        cells, symbols, back = round.placeable(state), offer.symbols, offer.back
    return [Place(CELLS[i], face) for i in cells for face in faces(symbols, back)]


def list_support(state: KardashevState, seat: int) -> Listing:
    cells = state.tasks[0].cells
    out: Listing = []
    for n in range(len(cells) + 1):
        for chosen in combinations(cells, n):
            if affordable(state, seat, fleet.support_price(state, seat, n)):
                out.append(Support(tuple(x for i in chosen for x in CELLS[i])))
    return out


def list_raid(state: KardashevState, seat: int) -> Listing:
    return [Raid(k) for k in RES]


def list_role(state: KardashevState, seat: int) -> Listing:
    return [ChooseRole(k) for k in round.roles_left(state)]


def list_arrange(state: KardashevState, seat: int) -> Listing:
    return [Arrange(c, f) for c, f in round.arrangements(state, seat)]


def list_bid(state: KardashevState, seat: int) -> Listing:
    return [ActionTemplate(Bid, amount=range(round.bid_range(state, seat) + 1))]


def list_pick(state: KardashevState, seat: int) -> Listing:
    slots = round.free_slots(state) or [0]
    tiles = round.free_tiles(state) or [0]
    return [Pick(s, t) for s in slots for t in tiles]


def list_end(state: KardashevState, seat: int) -> Listing:
    return [End()]


LISTERS: dict[type[Action], Callable[[KardashevState, int], Listing]] = {
    BuildColony: list_colony, UpgradeColony: list_grow, BuildFleet: list_fleet, UpgradeFleet: list_refit,
    Harvest: list_harvest, Move: list_move, Research: list_research, UseTech: list_use, Compile: list_compile,
    Exchange: list_exchange, Gift: list_gift, End: list_end, Gain: list_gain, Decline: list_gain, Pay: list_pay,
    Place: list_place, Support: list_support, Raid: list_raid, ChooseRole: list_role, Bid: list_bid,
    Pick: list_pick, Arrange: list_arrange,
}


def legal(state: KardashevState, seat: int) -> Listing:
    """Every legal action of ``seat`` (which the decision awaits)."""
    kind = decision_kind(state)
    out: Listing = []
    for cls in ALLOWED.get(kind, ()):
        if cls is Decline:
            continue
        out += LISTERS[cls](state, seat)
    return out


# --- why not ---------------------------------------------------------------------------------


def _did_you_mean(word: str, names: Iterable[str]) -> str:
    close = get_close_matches(word.lower(), list(names), n=3, cutoff=0.5)
    return f" (did you mean {', '.join(close)}?)" if close else ""


def _cell_problem(raw: tuple[int, ...]) -> str | None:
    if cell_of(raw) is None:
        shown = ",".join(str(v) for v in raw) or "-"
        return f"there is no cell {shown} on the board (cells are written q,r, e.g. 0,-2)"
    return None


def _specific(state: KardashevState, seat: int, action: Action) -> str | None:
    """A precise reason for the usual mistakes (the listing decides the rest)."""
    for name in ("cell", "start", "to"):
        raw = getattr(action, name, None)
        if isinstance(raw, tuple) and (raw or name != "cell" or not isinstance(action, UseTech)):
            problem = _cell_problem(raw)
            if problem:
                return problem
    for name in ("type", "give", "get"):
        value = getattr(action, name, None)
        if isinstance(value, str) and value not in RES:
            return f"'{value}' is not a resource type (food, matter, energy)"
    if isinstance(action, ChooseRole):
        role = CONTENT.role(action.role)
        if role is None:
            return f"no role '{action.role}'{_did_you_mean(action.role, CONTENT.roles)}; roles: " + \
                ", ".join(CONTENT.roles)
        if role.key != action.role:
            return f"write the role as '{role.key}'"
        if role.key not in round.roles_left(state):
            return f"the {role.name} is already taken"
    if isinstance(action, Arrange):
        for name, value in (("colony", action.colony), ("fleet", action.fleet)):
            if value not in ("corner", "inner"):
                return f"{name}= is corner or inner, not '{value}'"
        if (action.colony, action.fleet) not in round.arrangements(state, seat):
            return "a role with two colonies (or two fleets) puts one on each tile: leave that one out"
    if isinstance(action, Research | UseTech):
        tech = CONTENT.tech(action.tech)
        if tech is None:
            return f"no technology '{action.tech}'{_did_you_mean(action.tech, CONTENT.techs)}"
        if tech.key != action.tech:
            return f"write the technology as '{tech.key}'"
    if isinstance(action, Research) and decision_kind(state) == "turn":
        p = state.seats[seat]
        assert p.role is not None
        if not can_take(state, "research"):
            return "no research action left this turn"
        why = research_refusal(CONTENT, p.role, frozenset(p.techs), action.tech)
        if why:
            return why
        if not affordable(state, seat, CONTENT.techs[action.tech].cost):
            return f"{CONTENT.techs[action.tech].name} costs {CONTENT.techs[action.tech].cost.describe()}"
        if is_clone(CONTENT, action.tech) and action.copy is None:
            return f"{CONTENT.techs[action.tech].name} copies a technology: add copy=TECH"
    if isinstance(action, Compile | UseTech) and decision_kind(state) == "turn" and not can_take(state, "research"):
        return "no research action left this turn"
    if isinstance(action, UseTech) and action.tech not in held_techs(state, seat):
        return f"you do not hold {action.tech}"
    if isinstance(action, UseTech) and any(isinstance(e, BaseActionAsResearch)
                                           for e in CONTENT.techs[action.tech].effects):
        return f"{action.tech} is used by adding via={action.tech} to the base action it allows"
    if isinstance(action, BuildColony | UpgradeColony | BuildFleet | UpgradeFleet | Harvest | Move):
        verb = {BuildColony: "build-colony", UpgradeColony: "upgrade-colony", BuildFleet: "build-fleet",
                UpgradeFleet: "upgrade-fleet", Harvest: "harvest", Move: "move-fleet"}[type(action)]
        if action.via is None and not can_take(state, "base"):
            return "no base action left this turn"
        if action.via is not None:
            if not can_take(state, "research"):
                return "no research action left this turn"
            if via_surcharge(state, seat, action.via, verb) is None:
                return f"{action.via} does not let you take this action as your research action"
    if isinstance(action, Move | UpgradeFleet):
        start = cell_of(action.start if isinstance(action, Move) else action.cell)
        if start is not None and state.cells[start].fleet != seat:
            return f"you have no fleet on {cell_name(start)}"
    if isinstance(action, UpgradeColony):
        index = cell_of(action.cell)
        if index is not None and state.cells[index].colony != seat:
            return f"you have no colony on {cell_name(index)}"
    if isinstance(action, Exchange) and get(state.seats[seat], action.give) < state.params.exchange_rate:
        return f"an exchange takes {state.params.exchange_rate} {action.give}"
    if isinstance(action, Gift) and not gift_allowed(state, seat):
        return "a gift needs your fleet and your ally's piece (or the reverse) on one planet tile"
    return None


def _unreachable(state: KardashevState, seat: int, start: int, dest: int, surcharge: int) -> str:
    """Why the fleet on ``start`` cannot move to ``dest``: the price, when a fuller hand would
    reach it (the hand is raised for the look and put back)."""
    p = state.seats[seat]
    held = p.energy
    try:
        p.energy = held + 99
        rich = fleet.plans(state, seat, start, surcharge).get(dest)
    finally:
        p.energy = held
    if rich is not None:
        return f"the move to {cell_name(dest)} costs {rich.energy} energy" + \
            (f" and {surcharge} more card" if surcharge else "") + f"; {_holding(state, seat)}"
    return f"your fleet on {cell_name(start)} cannot reach {cell_name(dest)} (at most 8 explored cells, " \
        "not through destroyed planets or other players' pieces)"


def _shortest(state: KardashevState, seat: int, start: int, dest: int, surcharge: int,
              masks: moving.Masks | None = None) -> MovePlan | None:
    """``fleet.plans(state, seat, start, surcharge).get(dest)``, searching no further than ``dest``
    (``masks``: the seat's ``moving.move_masks``, when the caller keeps them)."""
    if state.cells[start].fleet != seat:
        return None
    plan = moving.shortest_plan(state, seat, start, dest, fleet.energy_reach(state, seat, surcharge), masks=masks)
    if plan is None or (plan.ending == "explore" and not state.bag):
        return None
    return plan if affordable(state, seat, Cost(energy=plan.energy, any=surcharge)) else None


def move_plan(state: KardashevState, seat: int, action: Move, masks: moving.Masks | None = None
              ) -> MovePlan | str:
    """The plan of a move action (its path, or the shortest one), or why it is illegal
    (``masks``: the seat's ``moving.move_masks``, when the caller keeps them)."""
    start, dest = cell_of(action.start), cell_of(action.to)
    assert start is not None and dest is not None
    sur = via_surcharge(state, seat, action.via, "move-fleet") or 0
    if not action.path:
        found = _shortest(state, seat, start, dest, sur, masks)
        return found if found is not None else _unreachable(state, seat, start, dest, sur)
    raw = action.path
    if len(raw) % 2:
        return "a path is a list of cells: q,r,q,r,..."
    steps = []
    for k in range(0, len(raw), 2):
        index = cell_of(raw[k:k + 2])
        if index is None:
            return f"there is no cell {raw[k]},{raw[k + 1]} on the board"
        steps.append(CELLS[index])
    if steps[-1] != CELLS[dest]:
        return "the path must end on the destination"
    c = state.cells[start]
    plan = plan_move(BOARD, fleet.move_map(state, seat), CELLS[start], steps, c.fleet_level,
                           fleet.move_rules(state, seat))
    if isinstance(plan, str):
        return plan
    if plan.ending == "explore" and not state.bag:
        return "the bag is empty: nothing to explore with"
    if not affordable(state, seat, Cost(energy=plan.energy, any=sur)):
        return f"the move costs {plan.energy} energy" + (f" and {sur} more card" if sur else "")
    return plan


def why_not(state: KardashevState, seat: int, action: Action) -> str | None:
    kind = decision_kind(state)
    allowed = ALLOWED.get(kind, ())
    if type(action) not in allowed:
        return f"not now: {HINTS.get(kind, 'the game is over')}"
    problem = _specific(state, seat, action)
    if problem:
        return problem
    if isinstance(action, Move):  # only this fleet's moves (the listing's, or a path given)
        plan = move_plan(state, seat, action)
        return plan if isinstance(plan, str) else None
    if isinstance(action, Decline) and not state.tasks[0].optional:
        return "this gain cannot be declined"
    listed = LISTERS[type(action)](state, seat)
    for item in listed:
        if action == item or (isinstance(item, ActionTemplate) and action in item):
            return None
    return _fallback(state, seat, action)


def _holding(state: KardashevState, seat: int) -> str:
    food, matter, energy = state.seats[seat].hand()
    return f"you hold {food} food, {matter} matter, {energy} energy (4 of one type pay for 1 of another)"


def _price_problem(state: KardashevState, seat: int, what: str, options: list[Cost], via: str | None,
                   verb: str) -> str | None:
    surcharge = via_surcharge(state, seat, via, verb) or 0
    if cheapest(state, seat, options, surcharge) is not None:
        return None
    price = " or ".join((o + Cost(any=surcharge)).describe() for o in options)
    return f"{what} costs {price}; {_holding(state, seat)}"


def _building_problem(state: KardashevState, seat: int, action: Action) -> str | None:
    """Why a colony or fleet cannot be built or upgraded there (K-C01, K-C02, K-F01, K-F03, K40)."""
    if not isinstance(action, BuildColony | UpgradeColony | BuildFleet | UpgradeFleet):
        return None
    index = cell_of(action.cell)
    if index is None:
        return None
    c, name, p = state.cells[index], cell_name(index), state.seats[seat]
    if isinstance(action, BuildColony):
        if c.tile != "planet":
            what = "unexplored" if c.tile is None else f"{c.tile} space" if c.tile == "empty" else "a destroyed planet"
            return f"{name} is {what}: colonies go on planet tiles"
        if c.colony is not None:
            return f"{name} already holds " + ("your colony" if c.colony == seat else f"seat {c.colony}'s colony")
        if c.fleet is not None and c.fleet != seat:
            return f"seat {c.fleet}'s fleet is on {name}"
        if c.fleet != seat and not any(state.cells[n].colony == seat for n in NEIGH[index]):
            return f"{name} is neither next to one of your colonies nor under one of your fleets"
        if p.colonies_supply < 1:
            return "your colony supply is empty"
        return _price_problem(state, seat, "a colony", colony_price(state, seat, 1), action.via, "build-colony")
    if isinstance(action, UpgradeColony):
        if c.colony_level >= 3:
            return f"your colony on {name} is already level 3"
        if p.colonies_supply < 1:
            return "your colony supply is empty"
        return _price_problem(state, seat, f"a level-{c.colony_level + 1} colony",
                              colony_price(state, seat, c.colony_level + 1), action.via, "upgrade-colony")
    if c.fleet is not None and c.fleet != seat:
        return f"seat {c.fleet}'s fleet is on {name}"
    site = fleet_site(state, seat, index)
    if site is None:
        return f"{name} is not a site for your fleets: a colonized planet of yours with a military symbol"
    flat, cap = site
    if isinstance(action, UpgradeFleet):
        if c.fleet_level >= 3:
            return f"your fleet on {name} is already level 3"
        if p.fleets_supply < 1:
            return "your fleet supply is empty"
        return _price_problem(state, seat, "a fleet level", [fleet_price(state, flat, 1)], action.via,
                              "upgrade-fleet")
    if action.level > min(cap, 3) or action.level < 1:
        return f"a fleet on {name} is level 1 to {min(cap, 3)} (no higher than the colony)"
    back = c.fleet_level if c.fleet == seat else 0
    if p.fleets_supply + back < action.level:
        return f"your fleet supply holds {p.fleets_supply} pieces, not {action.level}"
    return _price_problem(state, seat, f"a level-{action.level} fleet", [fleet_price(state, flat, action.level)],
                          action.via, "build-fleet")


def _use_problem(state: KardashevState, seat: int, action: UseTech) -> str:
    """Why this use of a technology is refused: a mistyped symbol or technology, or the ways it
    may be used now."""
    name = CONTENT.techs[action.tech].name
    if action.symbol is not None and action.symbol not in SYMBOLS:
        return f"'{action.symbol}' is not a symbol ({', '.join(SYMBOLS)})"
    if action.target is not None and CONTENT.tech(action.target) is None:
        return f"no technology '{action.target}'{_did_you_mean(action.target, CONTENT.techs)}"
    ways = [a.text() for a in list_use(state, seat) if isinstance(a, UseTech) and a.tech == action.tech]
    if not ways:
        return f"{name} has no use now"
    more = f" (and {len(ways) - 3} more: type `actions`)" if len(ways) > 3 else ""
    return f"{name} cannot be used that way; now it can be: " + ", ".join(f"`{w}`" for w in ways[:3]) + more


def _fallback(state: KardashevState, seat: int, action: Action) -> str:
    if isinstance(action, Pay):
        task = state.tasks[0]
        if task.same_type:
            return f"pay {task.amount} cards of one type"
        return f"pay exactly {pay_amount(state, task)} cards you hold"
    if isinstance(action, Bid):
        return f"a bid is 0 to {round.bid_range(state, seat)} (your cards, at most {state.params.max_bid})"
    if isinstance(action, Place):
        return "that cell or face is not allowed for this tile (blue zone first, unexplored cells only)"
    if isinstance(action, Pick):
        return f"free slots: {round.free_slots(state) or [0]}, free tiles: {round.free_tiles(state) or [0]}"
    if isinstance(action, Harvest):
        same = [a.text() for a in list_harvest(state, seat) if isinstance(a, Harvest) and a.via == action.via]
        if same and not (action.food or action.matter or action.energy):
            return "write the cards to take, e.g. " + " or ".join(f"`{t}`" for t in same[:3])
        return "your tiles do not yield that split of cards"
    if isinstance(action, UseTech):
        return _use_problem(state, seat, action)
    building = _building_problem(state, seat, action)
    if building:
        return building
    if isinstance(action, Support):
        return "support only with your fleets next to the attacked cell, paying 1 energy each"
    return f"'{action.text()}' is not allowed now"
