"""What every rule step shares: the content, cell numbers, teams, hands and payments, effects,
gains offered, pieces, and the end triggers.

Payment (ruling K26): a price's named parts are paid in their types; a type that is short is
made up by 4-for-1 exchanges from the type with the largest surplus; an ``any`` part and a
``matching`` part become a ``pay`` task right after, where the payer picks the cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from starlanes.core.state import Event
from starlanes.games.kardashev.board import Hex
from starlanes.games.kardashev.content import Content, load_content
from starlanes.games.kardashev.costs import RESOURCES, Cost, Resources, can_afford
from starlanes.games.kardashev.effects import EVENTS, HOOKS, Clone, Effect, Gain
from starlanes.games.kardashev.events import SILENT, Cards, PieceLost, quiet
from starlanes.games.kardashev.scoring import Holdings, ScoreTable, score
from starlanes.games.kardashev.state import Cell, KardashevState, Player, Task, cell_order
from starlanes.games.kardashev.techs import BASE_BUDGET, Budget, turn_budget

CONTENT: Content = load_content()
BOARD = CONTENT.board
CELLS: tuple[Hex, ...] = cell_order(BOARD)
INDEX: dict[Hex, int] = {h: i for i, h in enumerate(CELLS)}
NEIGH: tuple[tuple[int, ...], ...] = tuple(tuple(sorted(INDEX[n] for n in BOARD.neighbours(h))) for h in CELLS)
RES: tuple[str, ...] = RESOURCES
SYMBOLS: tuple[str, ...] = ("food", "matter", "energy", "military")


# ``INDEX`` looked up by any tuple (``cell_of``)
_CELL_KEYS: dict[tuple[int, ...], int] = {h: i for h, i in INDEX.items()}


def cell_of(text: tuple[int, ...]) -> int | None:
    """The index of the cell written ``q,r``; None if it is no board cell."""
    if type(text) is tuple:  # an action's cell: the key itself (no other length is a key)
        return _CELL_KEYS.get(text)
    if len(text) != 2:
        return None
    return INDEX.get((text[0], text[1]))


def hexpair(index: int) -> tuple[int, int]:
    return CELLS[index]


def cell_name(index: int) -> str:
    q, r = CELLS[index]
    return f"{q},{r}"


# --- teams ---------------------------------------------------------------------------------


def friends(state: KardashevState, a: int, b: int) -> bool:
    """Same side: the same seat, or allies in the ally variant."""
    return state.seats[a].team == state.seats[b].team


def teams(state: KardashevState) -> list[list[int]]:
    out: dict[int, list[int]] = {}
    for seat, p in enumerate(state.seats):
        out.setdefault(p.team, []).append(seat)
    return [out[t] for t in sorted(out)]


def ally_of(state: KardashevState, seat: int) -> int | None:
    for other, p in enumerate(state.seats):
        if other != seat and p.team == state.seats[seat].team:
            return other
    return None


# --- effects and budget ----------------------------------------------------------------------


@cache
def _card_effects(role: str) -> tuple[tuple[str, tuple[Effect, ...], bool], ...]:
    """Each technology of the role's card in card order (``techs.player_effects``' order), with
    its effects and whether it is a clone (one of its effects is a ``Clone``: it gives its copy's
    effects instead of its own)."""
    out = []
    for slot in CONTENT.roles[role].card:
        for tech in slot.faces:
            own = CONTENT.techs[tech].effects
            out.append((tech, own, any(isinstance(e, Clone) for e in own)))
    return tuple(out)


# every hook with no effect (``_InForce.hooks`` before its effects are put in)
_NO_HOOKS: dict[str, tuple[Effect, ...]] = dict.fromkeys(HOOKS, ())


class _InForce:
    """What a role with a set of technologies (and a clone's copy) has in force: its effects
    (``player_effects``', from the card read once: ``_card_effects``), their hooks' effects
    (``effects_at`` of every hook: every name of ``HOOKS`` is a key, () when none applies, so a
    name that is no key is no hook) and the turn's budget. ``player_effects`` reads the
    technologies as a set, in card order: every order they were researched in shares one, worked
    out once (``_IN_FORCE``)."""

    __slots__ = ("budget", "effects", "hooks")

    def __init__(self, role: str, techs: tuple[str, ...], cloned: str | None) -> None:
        owned = set(techs)
        found = list(CONTENT.roles[role].abilities)
        for tech, own, clone in _card_effects(role):
            if tech not in owned:
                continue
            if not clone:
                found.extend(own)
            elif cloned is not None and cloned not in owned:  # nothing when the copy is held anyway
                found.extend(CONTENT.techs[cloned].effects)
        self.effects = effects = tuple(found)
        hooks = dict(_NO_HOOKS)
        for e in effects:
            hooks[e.hook] += (e,)
        self.hooks = hooks
        budgets = hooks["action-budget"]
        self.budget = turn_budget(budgets) if budgets else BASE_BUDGET


# by role, set of technologies and the clone's copy (at most 8,192 kept)
_IN_FORCE: dict[tuple[str, frozenset[str], str | None], _InForce] = {}


@lru_cache(maxsize=4096)
def _in_force(role: str, techs: tuple[str, ...], cloned: str | None) -> _InForce:
    """The ``_InForce`` of a role with ``techs`` (in the order researched: the look-up the rules
    make; another order of the same set finds the same one)."""
    key = (role, frozenset(techs), cloned)
    found = _IN_FORCE.get(key)
    if found is None:
        if len(_IN_FORCE) >= 8192:
            _IN_FORCE.clear()
        found = _IN_FORCE[key] = _InForce(role, techs, cloned)
    return found


# a seat's entry in the state's kept effects (``KardashevState._kforce``, one per seat): its
# ``Player`` object, the role, a copy of the technologies and the clone's copy an ``_InForce`` was
# looked up for, that ``_InForce``'s hooks and itself
_Entry = tuple[Player, str, list[str], str | None, dict[str, tuple[Effect, ...]], _InForce]


def _keep_force(state: KardashevState, seat: int, p: Player, role: str) -> _Entry:
    """The seat's entry of ``_kforce`` for its ``Player`` ``p`` (of ``role``) as it is now,
    looked up (``_in_force``) and kept."""
    force = _in_force(role, tuple(p.techs), p.cloned)
    kept = state.__dict__.get("_kforce")
    if kept is None:
        kept = state.__dict__["_kforce"] = [None] * len(state.seats)
    entry: _Entry = (p, role, list(p.techs), p.cloned, force.hooks, force)
    kept[seat] = entry
    return entry


def _force(state: KardashevState, seat: int, p: Player, role: str) -> _InForce:
    """``_in_force`` of the seat's ``Player`` ``p`` (of ``role``), kept in ``_kforce``: an entry
    for the same object with the same role, technologies (in order) and copy is the one
    ``_in_force`` gives (it reads nothing else)."""
    try:
        found = state._kforce[seat]
    except AttributeError:  # none kept on this state yet
        found = None
    if found is None or found[0] is not p or found[2] != p.techs or found[1] != role or found[3] != p.cloned:
        found = _keep_force(state, seat, p, role)
    return found[5]  # type: ignore[no-any-return]


def effects(state: KardashevState, seat: int) -> tuple[Effect, ...]:
    """Every effect in force for ``seat``: its role's abilities and its technologies' effects."""
    p = state.seats[seat]
    role = p.role
    if role is None:
        return ()
    return _force(state, seat, p, role).effects


def hook(state: KardashevState, seat: int, name: str) -> tuple[Effect, ...]:
    """The effects of ``seat`` the rule step ``name`` applies (kept by role and technologies,
    found through the state's ``_kforce`` as ``_force`` finds them)."""
    p = state.seats[seat]
    role = p.role
    if role is None:
        return ()
    try:
        found = state._kforce[seat]
    except AttributeError:  # none kept on this state yet
        found = None
    if found is None or found[0] is not p or found[2] != p.techs or found[1] != role or found[3] != p.cloned:
        found = _keep_force(state, seat, p, role)
    effects: tuple[Effect, ...] | None = found[4].get(name)
    if effects is None:  # every hook is a key (``_InForce.hooks``)
        raise ValueError(f"unknown hook '{name}'")
    return effects


def budget(state: KardashevState, seat: int) -> Budget:
    p = state.seats[seat]
    role = p.role
    assert role is not None
    return _force(state, seat, p, role).budget


def can_take(state: KardashevState, kind: str) -> bool:
    """Whether the active seat has an action of ``kind`` (base / research) left (K-A01, K-A04)."""
    b = budget(state, state.active)
    nb = state.base_used + (kind == "base")
    nr = state.research_used + (kind == "research")
    return max(0, nb - b.base) + max(0, nr - b.research) <= b.either


def held_techs(state: KardashevState, seat: int) -> set[str]:
    """Technologies whose effects the seat has: held ones and the clone's copy."""
    p = state.seats[seat]
    out = set(p.techs)
    if p.cloned is not None and any(CONTENT.techs[t].effects[0].kind == "clone" for t in p.techs):
        out.add(p.cloned)
    return out


# --- hands -----------------------------------------------------------------------------------


def hand(p: Player) -> Resources:
    return Resources(p.food, p.matter, p.energy)


def get(p: Player, kind: str) -> int:
    return int(getattr(p, kind))


def add(p: Player, kind: str, n: int) -> None:
    setattr(p, kind, get(p, kind) + n)


@lru_cache(maxsize=65536)
def _affordable(food: int, matter: int, energy: int, cost: Cost, rate: int) -> bool:
    if cost.matching:
        return can_afford(Resources(food, matter, energy), cost, rate)
    # ``costs._fixed_shortfall(...) == 0`` in plain numbers (the same sums), type by type
    missing = exchanges = spare = 0
    need = cost.food
    if food < need:
        missing += need - food
    else:
        exchanges += (food - need) // rate
        spare += food - need
    need = cost.matter
    if matter < need:
        missing += need - matter
    else:
        exchanges += (matter - need) // rate
        spare += matter - need
    need = cost.energy
    if energy < need:
        missing += need - energy
    else:
        exchanges += (energy - need) // rate
        spare += energy - need
    return exchanges >= missing and cost.any <= spare - rate * missing


def affordable(state: KardashevState, seat: int, cost: Cost) -> bool:
    p = state.seats[seat]
    return _affordable(p.food, p.matter, p.energy, cost, state.params.exchange_rate)


def pay(state: KardashevState, seat: int, cost: Cost, reason: str) -> list[Event]:
    """Take ``cost`` from ``seat``'s hand (ruling K26; the price must be affordable): the named
    parts at once (a short type made up by 4-for-1 exchanges from the largest surplus); an
    ``any`` part and a ``matching`` part are owed next, the payer picking the cards (``pay``)."""
    p = state.seats[seat]
    food, matter, energy = p.food, p.matter, p.energy
    nf, nm, ne = cost.food, cost.matter, cost.energy
    if food >= nf and matter >= nm and energy >= ne:  # no type short: no exchange
        if nf:  # a type not in the price is left as it is
            p.food = food - nf
        if nm:
            p.matter = matter - nm
        if ne:
            p.energy = energy - ne
    else:
        need = [nf, nm, ne]
        rate = state.params.exchange_rate
        have = [food, matter, energy]  # in ``RES`` order
        for k in range(len(RES)):
            while have[k] < need[k]:  # the donor: the largest surplus, the first type on a tie
                donor = max((x for x in range(len(RES)) if x != k), key=lambda x: (have[x] - need[x], -x))
                have[donor] -= rate
                have[k] += 1
        for k in range(len(RES)):
            have[k] -= need[k]
        assert min(have) >= 0, "pay: the price was not affordable"
        p.food, p.matter, p.energy = have
    if cost.any or cost.matching:
        owed = []
        if cost.matching:
            owed.append(Task(kind="pay", seat=seat, reason=reason, amount=cost.matching, same_type=True))
        if cost.any:
            owed.append(Task(kind="pay", seat=seat, reason=reason, amount=cost.any))
        state.tasks[:0] = owed
    df, dm, de = p.food - food, p.matter - matter, p.energy - energy
    if not (df or dm or de):
        return []
    return [SILENT if quiet() else Cards(seat, [df, dm, de], -1, reason).event()]


def pay_matching(state: KardashevState, seat: int, kind: str, amount: int, reason: str) -> list[Event]:
    """Pay ``amount`` cards of ``kind`` (4-for-1 exchanges as needed)."""
    return pay(state, seat, Cost(**{kind: amount}), reason)


def give(state: KardashevState, seat: int, delta: Iterable[int], other: int, reason: str) -> list[Event]:
    """Add ``delta`` (food, matter, energy; negative to take) to ``seat``'s hand."""
    food, matter, energy = delta  # in ``RES`` order
    p = state.seats[seat]
    if food:  # a type the delta leaves is not written
        p.food += food
    if matter:
        p.matter += matter
    if energy:
        p.energy += energy
    if not (food or matter or energy):
        return []
    return [SILENT if quiet() else Cards(seat, [food, matter, energy], other, reason).event()]


_RES_AT: dict[str, int] = {k: i for i, k in enumerate(RES)}


def one(kind: str, n: int = 1) -> list[int]:
    delta = [0, 0, 0]  # in ``RES`` order
    at = _RES_AT.get(kind)
    if at is not None:
        delta[at] = n
    return delta


# --- gains offered ---------------------------------------------------------------------------


def offer_gain(state: KardashevState, seat: int, types: Iterable[str], reason: str, *, optional: bool,
               amount: int = 1, first: bool = False) -> None:
    """Queue ``amount`` choices of one resource among ``types`` for ``seat``."""
    wanted = set(types)
    allowed = [k for k in RES if k in wanted]
    if not allowed or amount <= 0:
        return
    if amount == 1:  # most gains: one task
        task = Task(kind="gain", seat=seat, reason=reason, amount=1, types=allowed, optional=optional)
        if first:
            state.tasks.insert(0, task)
        else:
            state.tasks.append(task)
        return
    tasks = [Task(kind="gain", seat=seat, reason=reason, amount=1, types=allowed, optional=optional)
             for _ in range(amount)]
    if first:
        state.tasks[:0] = tasks
    else:
        state.tasks.extend(tasks)


def resource_types(cell: Cell) -> list[str]:
    return [s for s in cell.all_symbols if s != "military"]


# the events that reach only the actor (``fire_gains``)
_OWN_EVENTS: frozenset[str] = frozenset(name for name in EVENTS if name.startswith("own-"))


def fire_gains(state: KardashevState, event: str, actor: int, *, tile: list[str] | None = None,
               cost: Cost | None = None, produced: list[str] | None = None) -> None:
    """Offer the ``gain`` effects of ``event`` (role abilities, Tractor Beam). ``own-*`` events
    reach only the actor; the others reach every holder, the actor first (K-F04, K-Q04)."""
    seats = [actor]
    if event not in _OWN_EVENTS:
        for s in range(state.players):
            if s != actor:
                seats.append(s)
    for seat in seats:
        for effect in hook(state, seat, event):
            if not isinstance(effect, Gain):
                continue
            if effect.resource == "any":
                types: list[str] = list(RES)
            elif effect.resource == "tile":
                types = [s for s in (tile or []) if s in RES]
            elif effect.resource == "produced":
                types = list(produced or [])
            else:
                named = [str(k) for k in cost.named_types] if cost is not None else []
                types = named or list(RES)
            offer_gain(state, seat, types, effect.kind + ":" + event, optional=True, amount=effect.amount)


# --- pieces ----------------------------------------------------------------------------------


def remove_fleet(state: KardashevState, index: int, why: str) -> list[Event]:
    c = state.cells[index]
    if c.fleet is None:
        return []
    owner, level = c.fleet, c.fleet_level
    state.seats[owner].fleets_supply += level
    c.fleet, c.fleet_level = None, 0
    return [PieceLost(owner, "fleet", list(CELLS[index]), 0, why).event()]


def remove_colony(state: KardashevState, index: int, why: str) -> list[Event]:
    c = state.cells[index]
    if c.colony is None:
        return []
    owner, level = c.colony, c.colony_level
    state.seats[owner].colonies_supply += level
    c.colony, c.colony_level = None, 0
    return [PieceLost(owner, "colony", list(CELLS[index]), 0, why).event()]


def downgrade(state: KardashevState, index: int, piece: str, levels: int, why: str) -> list[Event]:
    """Take ``levels`` off a piece; at 0 it is removed (pieces back to supply)."""
    c = state.cells[index]
    owner = c.fleet if piece == "fleet" else c.colony
    if owner is None:
        return []
    level = c.fleet_level if piece == "fleet" else c.colony_level
    left = max(0, level - levels)
    if left == 0:
        return remove_fleet(state, index, why) if piece == "fleet" else remove_colony(state, index, why)
    if piece == "fleet":
        c.fleet_level = left
        state.seats[owner].fleets_supply += level - left
    else:
        c.colony_level = left
        state.seats[owner].colonies_supply += level - left
    return [PieceLost(owner, piece, list(CELLS[index]), left, why).event()]


def on_board(state: KardashevState, seat: int) -> tuple[list[int], list[int]]:
    """Levels of ``seat``'s colonies and fleets on the board."""
    colonies = [c.colony_level for c in state.cells if c.colony == seat]
    fleets = [c.fleet_level for c in state.cells if c.fleet == seat]
    return colonies, fleets


def holdings(state: KardashevState, seat: int) -> Holdings:
    colonies, fleets = on_board(state, seat)
    p = state.seats[seat]
    levels = tuple(sorted(CONTENT.techs[t].level for t in p.techs))
    return Holdings(colonies=tuple(colonies), fleets=tuple(fleets), techs=levels, resources=sum(p.hand()))


def table(state: KardashevState) -> ScoreTable:
    cp, fp, tp = state.params.colony_points, state.params.fleet_points, state.params.tech_points
    return ScoreTable((cp[0], cp[1], cp[2]), (fp[0], fp[1], fp[2]), (tp[0], tp[1], tp[2]))


def scores(state: KardashevState) -> list[int]:
    t = table(state)
    return [score(holdings(state, s), t).total for s in range(state.players)]




def check_end(state: KardashevState, board_kept: bool = False,
              pieces: tuple[list[int], list[int]] | None = None, lag: int = 0) -> None:
    """The end triggers, checked after every action (K-E01..K-E03, A#42).

    ``board_kept``: the action changed no piece on the board and no supply (``game.BOARD_KEPT``,
    End). When the check after the previous action, or one during this action (``end_turn``'s),
    was made in full (``_kpresent``, not a field: never saved, cloned or compared), it finds
    nothing new: what it reads did not change since (the pieces and the supplies; ``eliminated``
    and ``last_round`` are written here only), but for the round, which only grows and so gives
    only a later end than the one kept in ``last_round`` (the earliest wins). ``pieces``: the
    cells of each seat's colonies and of its fleets (bit masks), when the caller has read them
    (``fastlegal.pieces``). ``lag``: the steps before this one that applied nothing (the sealed
    bids made before the last one, ``game._apply_bids``): a check made before them is as recent."""
    kept = state.__dict__
    if state.battle is not None or state.phase in ("role", "over"):
        kept.pop("_kpresent", None)  # no check made: none to keep
        return
    seen = kept.get("_kpresent")  # every way on writes it anew
    step = state.step
    if board_kept and (seen == step or seen == step + 1 or (lag and seen is not None and seen >= step - lag)):
        kept["_kpresent"] = step + 1
        return
    last = state.last_round
    found = last if last else None  # the earliest last round triggered
    threshold = state.params.end_supply_threshold
    for seat, p in enumerate(state.seats):
        if p.eliminated:
            continue
        if pieces is None:  # read once
            pieces = _pieces(state)
        if not (pieces[0][seat] | pieces[1][seat]):
            p.eliminated = True
            end = state.round
        elif p.colonies_supply < threshold:
            end = state.round + state.params.final_rounds
        else:
            continue
        if found is None or end < found:
            found = end
    if found is not None:
        state.last_round = max(1, found)
    kept["_kpresent"] = step + 1


def _pieces(state: KardashevState) -> tuple[list[int], list[int]]:
    """The cells of each seat's colonies and of its fleets (bit masks)."""
    colonies, fleets = [0] * len(state.seats), [0] * len(state.seats)
    for i, c in enumerate(state.cells):
        if c.colony is not None:
            colonies[c.colony] |= 1 << i
        if c.fleet is not None:
            fleets[c.fleet] |= 1 << i
    return colonies, fleets


def terminal_cells(state: KardashevState, seat: int) -> list[int]:
    """Cells holding one of ``seat``'s fleets."""
    return [i for i, c in enumerate(state.cells) if c.fleet == seat]
