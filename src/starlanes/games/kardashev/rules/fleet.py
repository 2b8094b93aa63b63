"""Moving fleets, exploring with them, attacks and supports (MV 94-108, AT 110-119, SP 121-126).

Movement prices and paths come from board.py with the mover's ``move`` effects folded in;
supports from combat.py with the ``support`` effects; the drones, turrets, fuses and the orbital
array are ``tribute`` / ``raid`` / ``downgrade`` effects fired at their events (K-T10).
"""

from __future__ import annotations

from starlanes.core.state import Event
from starlanes.games.kardashev.board import MoveMap, MovePlan, MoveRules, reachable
from starlanes.games.kardashev.combat import captured_colony_level, free_supports
from starlanes.games.kardashev.costs import Cost
from starlanes.games.kardashev.effects import Downgrade, Gain, Raid, Tribute
from starlanes.games.kardashev.events import SILENT, Attacked, Moved, quiet
from starlanes.games.kardashev.rules.common import (
    BOARD,
    CELLS,
    INDEX,
    NEIGH,
    affordable,
    downgrade,
    effects,
    friends,
    hook,
    offer_gain,
    pay,
    remove_colony,
    remove_fleet,
    resource_types,
)
from starlanes.games.kardashev.rules.turn import draw_for
from starlanes.games.kardashev.state import Battle, KardashevState, Task


def move_rules(state: KardashevState, seat: int) -> MoveRules:
    return state.params.move_rules.with_effects(effects(state, seat))


def move_map(state: KardashevState, seat: int) -> MoveMap:
    """The board as ``seat``'s fleet sees it (allies' pieces count as own, K-V06)."""
    explored, destroyed, friendly, hostile = set(), set(), set(), set()
    for i, c in enumerate(state.cells):
        h = CELLS[i]
        if c.tile is not None:
            explored.add(h)
        if c.tile == "destroyed":
            destroyed.add(h)
        if c.fleet is not None and friends(state, c.fleet, seat):
            friendly.add(h)
        if (c.fleet is not None and not friends(state, c.fleet, seat)) or (
                c.colony is not None and not friends(state, c.colony, seat)):
            hostile.add(h)
    return MoveMap(frozenset(explored), frozenset(destroyed), frozenset(friendly), frozenset(hostile))


def energy_reach(state: KardashevState, seat: int, surcharge: int) -> int:
    """At most the energy ``seat`` could pay for a move (4-for-1 included); plans are priced one by one."""
    p = state.seats[seat]
    rate = state.params.exchange_rate
    return p.energy + p.food // rate + p.matter // rate  # an upper bound: each plan's price is checked


def plans(state: KardashevState, seat: int, start: int, surcharge: int = 0, grid: MoveMap | None = None
          ) -> dict[int, MovePlan]:
    """Every legal destination of the fleet on ``start`` with its plan (K-M01..K-M04, K-T01);
    ``grid``: the seat's ``move_map`` when the caller has it."""
    c = state.cells[start]
    if c.fleet != seat:
        return {}
    rules = move_rules(state, seat)
    grid = grid or move_map(state, seat)
    found = reachable(BOARD, grid, CELLS[start], c.fleet_level, rules, energy_reach(state, seat, surcharge))
    out = {}
    for h, plan in found.items():
        if plan.ending == "explore" and not state.bag:
            continue  # exploring needs a tile (A#9)
        if not affordable(state, seat, Cost(energy=plan.energy, any=surcharge)):
            continue
        out[INDEX[h]] = plan
    return out


def gains_on_move(state: KardashevState, seat: int) -> bool:
    """Whether a move of ``seat`` now takes the Warlord's cards (once a turn, K-M06)."""
    if state.moved_gain:
        return False
    for e in hook(state, seat, "own-move"):  # noqa: SIM110 (a loop: no generator per move)
        if isinstance(e, Gain):
            return True
    return False


def move_plainly(state: KardashevState, seat: int, start: int, dest: int, tiles: int, energy: int, explore: bool,
                 surcharge: int, via: str | None) -> list[Event]:
    """``move`` of a plan that attacks nobody, when the move gains no card (``gains_on_move``):
    what it does reads neither its path nor its leaps, only its destination, cells and energy."""
    events = pay(state, seat, Cost(energy=energy, any=surcharge), "move" if not via else f"move via {via}")
    c = state.cells[start]
    level = c.fleet_level
    c.fleet, c.fleet_level = None, 0
    events.append(SILENT if quiet() else Moved(seat, list(CELLS[start]), list(CELLS[dest]), tiles, energy).event())
    d = state.cells[dest]
    d.fleet, d.fleet_level = seat, level
    if explore:
        events.append(draw_for(state, seat, [dest], "explore"))
    return events


def move(state: KardashevState, seat: int, start: int, plan: MovePlan, surcharge: int, via: str | None) -> list[Event]:
    """Pay, move, then explore or attack; the Warlord's gains (K-M06)."""
    dest = INDEX[plan.destination]
    gaining = gains_on_move(state, seat)
    if not gaining and plan.ending != "attack":
        return move_plainly(state, seat, start, dest, plan.tiles, plan.energy, plan.ending == "explore", surcharge,
                            via)
    events = pay(state, seat, Cost(energy=plan.energy, any=surcharge), "move" + (f" via {via}" if via else ""))
    c = state.cells[start]
    level = c.fleet_level
    c.fleet, c.fleet_level = None, 0
    events.append(SILENT if quiet() else Moved(seat, list(CELLS[start]), list(plan.destination), plan.tiles,
                                               plan.energy).event())
    if gaining:  # the Warlord: once a turn, a card per resource tile entered (K-M06, A#34)
        state.moved_gain = True
        for h in plan.entered:
            i = INDEX[h]
            if i == dest and plan.ending != "move":
                continue
            types = resource_types(state.cells[i]) if state.cells[i].tile == "planet" else []
            offer_gain(state, seat, types, "warlord", optional=True)
    if plan.ending == "move":
        d = state.cells[dest]
        d.fleet, d.fleet_level = seat, level
        return events
    if plan.ending == "explore":
        d = state.cells[dest]
        d.fleet, d.fleet_level = seat, level
        events.append(draw_for(state, seat, [dest], "explore", gain=gaining))
        return events
    target = state.cells[dest]
    retreat = -1 if plan.retreat is None else INDEX[plan.retreat]
    warlord = resource_types(target) if gaining and target.tile == "planet" else []
    state.battle = Battle(attacker=seat, start=start, level=level, target=dest, retreat=retreat, gain_types=warlord)
    for s in support_order(state):
        if supporters(state, s):
            state.tasks.append(Task(kind="support", seat=s, reason="attack" if friends(state, s, seat) else "defence",
                                    cells=supporters(state, s)))
    if not any(t.kind == "support" for t in state.tasks):
        events += resolve(state)
    return events


def defenders(state: KardashevState) -> list[int]:
    b = state.battle
    assert b is not None
    c = state.cells[b.target]
    owners = [s for s in (c.colony, c.fleet) if s is not None]
    return sorted({s for s in range(state.players) if any(friends(state, s, o) for o in owners)})


def support_order(state: KardashevState) -> list[int]:
    """The attacker, its ally, then the defending side (K-T05, K-V07, A#21)."""
    b = state.battle
    assert b is not None
    attackers = [b.attacker] + [s for s in range(state.players) if s != b.attacker and friends(state, s, b.attacker)]
    return attackers + [s for s in defenders(state) if s not in attackers]


def supporters(state: KardashevState, seat: int) -> list[int]:
    """Cells of ``seat``'s fleets adjacent to the attacked cell (K-T04)."""
    b = state.battle
    assert b is not None
    return [n for n in NEIGH[b.target] if state.cells[n].fleet == seat]


def support_price(state: KardashevState, seat: int, count: int) -> Cost:
    free = free_supports(effects(state, seat))
    return Cost(energy=max(0, count - free) * state.params.support_energy)


def support(state: KardashevState, seat: int, cells: list[int]) -> list[Event]:
    b = state.battle
    assert b is not None
    events = pay(state, seat, support_price(state, seat, len(cells)), "support") if cells else []
    if friends(state, seat, b.attacker):
        b.attack_supports.extend(cells)
    else:
        b.defence_supports.extend(cells)
    if not any(t.kind == "support" for t in state.tasks):
        events += resolve(state)
    return events


def resolve(state: KardashevState) -> list[Event]:
    """Compare strengths; capture or retreat; then the triggered technologies (K-T02..K-T10)."""
    b = state.battle
    assert b is not None
    target = state.cells[b.target]
    offence = b.level + sum(state.cells[i].fleet_level for i in b.attack_supports)
    defence = target.fleet_level + target.colony_level + sum(state.cells[i].fleet_level for i in b.defence_supports)
    won = offence > defence
    events = [Attacked(b.attacker, list(CELLS[b.target]), offence, defence, won).event()]
    owner = target.colony
    colony_level = target.colony_level
    attacker = state.seats[b.attacker]
    if won:
        events += remove_fleet(state, b.target, "is destroyed")
        if owner is not None:
            events += remove_colony(state, b.target, "is captured")
            level = captured_colony_level(colony_level, attacker.colonies_supply)
            if level:
                target.colony, target.colony_level = b.attacker, level
                attacker.colonies_supply -= level
        target.fleet, target.fleet_level = b.attacker, b.level
        offer_gain(state, b.attacker, b.gain_types, "warlord", optional=True)
        if owner is not None:
            for e in hook(state, owner, "own-colony-captured"):
                if isinstance(e, Tribute):
                    state.tasks.append(Task(kind="pay", seat=b.attacker, reason="proximity-fuse",
                                            amount=e.amount, to=owner))
                elif isinstance(e, Downgrade) and e.target == "attacking-fleet":
                    events += downgrade(state, b.target, "fleet", e.levels, "is hit by the orbital defense array")
    else:
        back = b.retreat
        if back >= 0 and state.cells[back].fleet is None:
            state.cells[back].fleet, state.cells[back].fleet_level = b.attacker, b.level
        else:
            attacker.fleets_supply += b.level
            back = -1
        if owner is not None:
            for e in hook(state, b.attacker, "own-attack-failed-on-colony"):
                if isinstance(e, Tribute):
                    state.tasks.append(Task(kind="pay", seat=owner, reason="salvage-drone", amount=e.amount,
                                            to=b.attacker))
                elif isinstance(e, Raid):
                    state.tasks.append(Task(kind="raid", seat=b.attacker, reason="raider-drone", to=owner))
                elif isinstance(e, Downgrade) and e.target == "defending-colony":
                    events += downgrade(state, b.target, "colony", e.levels, "is hit by the disruptor drone")
            for e in hook(state, owner, "attack-on-own-colony-failed"):
                if isinstance(e, Downgrade) and e.target == "attacking-fleet" and back >= 0:
                    events += downgrade(state, back, "fleet", e.levels, "is hit by the defensive turrets")
    state.battle = None
    state.tasks = [t for t in state.tasks if not (t.kind == "pay" and t.amount <= 0)]
    return events
