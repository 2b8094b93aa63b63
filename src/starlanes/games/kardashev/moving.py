"""A seat's movement rules kept per role and technologies (issue 16): the answer of
``rules.fleet.move_rules`` (a test checks they agree) without folding the effects in again at
every decision, for the legal-action counting (``fastlegal``) and a move's plan
(``legality.move_plan``); and the shortest plan of a move given without a path, searched in cell
numbers (``shortest_plan``: ``board.reachable`` for one destination, without building the seat's
``MoveMap`` of hexes), from the board as bit masks (``move_masks``; ``fastlegal`` keeps them)."""

from __future__ import annotations

from starlanes.games.kardashev.board import DIRECTIONS, Ending, Hex, MovePlan, MoveRules, _prices, _reach
from starlanes.games.kardashev.rules.common import BOARD, CELLS, INDEX, hook
from starlanes.games.kardashev.state import KardashevState

__all__ = ["move_rules", "shortest_plan"]

_MOVE_RULES: dict[tuple[object, ...], MoveRules] = {}


def move_rules(state: KardashevState, seat: int) -> MoveRules:
    """``fleet.move_rules`` (the params' movement rules after the seat's effects), kept per params
    and the seat's ``move`` effects (``hook``): the only effects ``MoveRules.with_effects`` reads,
    in the order it reads them (``effects_at``), so every role and set of technologies with the
    same ones (most have none) shares the rules."""
    params = state.params
    moves = hook(state, seat, "move")
    key = (params.max_move_tiles, params.move_energy, params.move_tiles, params.boosters_raise_cap, moves)
    found = _MOVE_RULES.get(key)
    if found is None:
        if len(_MOVE_RULES) > 4096:
            _MOVE_RULES.clear()
        found = _MOVE_RULES[key] = params.move_rules.with_effects(moves)
    return found



# --- a move's shortest plan in cell numbers ---------------------------------------------------

# the cells around each cell in ``Board.neighbours``'s order, and the cells two steps away in a
# straight line (leaps) in ``DIRECTIONS``' order: the order ``board.reachable`` tries them
_AROUND: tuple[tuple[int, ...], ...] = tuple(tuple(INDEX[n] for n in BOARD.neighbours(h)) for h in CELLS)
_LEAPS: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX[(q + 2 * dq, r + 2 * dr)] for dq, dr in DIRECTIONS if (q + 2 * dq, r + 2 * dr) in BOARD)
    for q, r in CELLS
)
_ALL = (1 << len(CELLS)) - 1

# what a moving fleet of a seat finds on the board, as bit masks of cells: blocked (destroyed
# planets), the cells a move ends on when it enters them (unexplored: to explore; an opponent's
# piece: to attack), the passable cells a move may end on, the unexplored cells
Masks = tuple[int, int, int, int]


def move_masks(state: KardashevState, seat: int) -> Masks:
    """``fleet.move_map`` as ``Masks`` (allies' pieces count as the seat's, K-V06)."""
    team = [p.team for p in state.seats]
    mine = team[seat]
    blocked = unexplored = hostile = friendly = 0
    for i, c in enumerate(state.cells):
        bit = 1 << i
        if c.tile is None:
            unexplored |= bit
        elif c.tile == "destroyed":
            blocked |= bit
        elif (c.fleet is not None and team[c.fleet] != mine) or (c.colony is not None and team[c.colony] != mine):
            hostile |= bit
        elif c.fleet is not None:
            friendly |= bit
    ends = unexplored | hostile
    return blocked, ends, _ALL & ~blocked & ~ends & ~friendly, unexplored


def shortest_plan(state: KardashevState, seat: int, start: int, dest: int, energy: int,
                  rules: MoveRules | None = None, masks: Masks | None = None) -> MovePlan | None:
    """``board.reachable(BOARD, fleet.move_map(state, seat), CELLS[start], level, rules, energy,
    target=CELLS[dest]).get(CELLS[dest])`` for the fleet on ``start`` (``rules``: the seat's,
    ``move_rules``; ``masks``: the seat's ``move_masks``, when the caller keeps them), searched in
    cell numbers layer by layer (``_layered``): the same breadth-first order, the same plan (tests
    check they agree)."""
    if rules is None:
        rules = move_rules(state, seat)
    blocked, ends, passing, unexplored = move_masks(state, seat) if masks is None else masks
    friendly = _ALL & ~blocked & ~ends & ~passing
    level = state.cells[start].fleet_level
    limit = _reach(rules, level, energy)
    return _layered(start, dest, level, rules, limit, blocked, ends, friendly, unexplored)


# each cell's neighbours and the cells it leaps to as masks, and each move's slot among the moves
# the search tries from a cell (its neighbours in ``_AROUND``'s order, then its leaps in
# ``_LEAPS``')
_AROUND_MASK: tuple[int, ...] = tuple(sum(1 << n for n in around) for around in _AROUND)
_LEAP_MASK: tuple[int, ...] = tuple(sum(1 << n for n in leaps) for leaps in _LEAPS)
_SLOT: tuple[dict[int, int], ...] = tuple(
    {n: k for k, n in enumerate((*around, *leaps))} for around, leaps in zip(_AROUND, _LEAPS, strict=True)
)


def _layered(start: int, dest: int, level: int, rules: MoveRules, limit: int, blocked: int, ends: int,
             friendly: int, unexplored: int) -> MovePlan | None:
    """``shortest_plan`` without its search's dictionary of states: the states (cell, leaps used)
    first entered after 1, 2, ... cells as one bit mask of cells per number of leaps, layer by
    layer until ``dest`` is one move from one of them, then the plan's path worked out backwards.
    The search lists a layer's states in the order of their paths' slots (each move's place among
    the moves tried from its cell, ``_SLOT``), compared as tuples from the start: a state's
    previous state is the one in the layer before with the least path, ties by slot; ``dest``'s
    is the least of the layer before (an attack's: the least it may retreat to, if any). The same
    plan (a test checks they agree along games)."""
    bit = 1 << dest
    if blocked & bit or friendly & bit or (dest == start and not ends & bit):
        return None  # never a plan's destination: the search goes on to its end and finds none
    jumps = rules.jumps
    hostile = ends & ~unexplored
    onward = _ALL & ~blocked & ~ends  # the cells a search goes on from (friendly ones too)
    layer = [1 << start] + [0] * jumps  # per number of leaps used
    seen = list(layer)
    layers = [layer]
    count = 0
    while any(layer):
        count += 1
        if count > limit:
            return None
        reached = 0
        following = [0] * (jumps + 1)
        for used, cells in enumerate(layer):
            around = leaps = 0
            rest = cells
            while rest:
                low = rest & -rest
                at = low.bit_length() - 1
                around |= _AROUND_MASK[at]
                if used < jumps:
                    leaps |= _LEAP_MASK[at]
                rest ^= low
            reached |= around | leaps
            following[used] |= around & onward & ~seen[used]
            if used < jumps:
                following[used + 1] |= leaps & onward & ~seen[used + 1]
        if reached & bit:
            break
        for used, cells in enumerate(following):
            seen[used] |= cells
        layer = following
        layers.append(layer)
    else:
        return None
    paths: dict[int, tuple[int, ...]] = {start: ()}  # per state, cell + 64 * leaps used
    back: dict[int, int] = {}

    def before(cell: int, used: int, depth: int) -> list[int]:
        """The states of the ``depth``-th layer one move from ``cell`` (a leap if ``used`` grows)."""
        out = [n + 64 * used for n in _AROUND[cell] if layers[depth][used] >> n & 1]
        if used and used <= jumps:
            out += [n + 64 * (used - 1) for n in _LEAPS[cell] if layers[depth][used - 1] >> n & 1]
        return out

    def path(key: int, depth: int) -> tuple[int, ...]:
        """The slots of the path the search first enters state ``key`` by (in its ``depth``-th layer)."""
        found = paths.get(key)
        if found is None:
            cell = key & 63
            best: tuple[int, ...] | None = None
            for p in before(cell, key >> 6, depth - 1):
                slot = (*path(p, depth - 1), _SLOT[p & 63][cell])
                if best is None or slot < best:
                    best, back[key] = slot, p
            assert best is not None
            found = paths[key] = best
        return found

    previous = -1
    leap = False
    least: tuple[int, ...] | None = None
    retreat: int | None = None
    ending: Ending = "explore" if unexplored & bit else "attack" if hostile & bit else "move"
    last = layers[count - 1]
    for used in range(jumps + 1):  # the states one step, or one leap while leaps are left, from ``dest``
        for jumped, near in ((False, _AROUND[dest]), (True, _LEAPS[dest] if used < jumps else ())):
            for n in near:
                if not last[used] >> n & 1:
                    continue
                p = n + 64 * used
                key = path(p, count - 1)
                can = ending == "attack" and not jumped and (n == start or not friendly >> n & 1)  # to retreat to
                if least is None or (can and retreat is None) or (key < least and (can or retreat is None)):
                    previous, leap, least, retreat = p, jumped, key, n if can else None
    steps = [(dest, leap)]
    while previous != start:
        earlier = back[previous]
        steps.append((previous & 63, earlier >> 6 != previous >> 6))
        previous = earlier
    hexes: list[Hex] = []
    leapt: list[Hex] = []
    here = CELLS[start]
    for cell, jumped in reversed(steps):
        there = CELLS[cell]
        if jumped:
            leapt.append(((here[0] + there[0]) // 2, (here[1] + there[1]) // 2))
        hexes.append(there)
        here = there
    return MovePlan(CELLS[start], tuple(hexes), tuple(leapt), count, _prices(rules, level)[count], ending,
                    None if retreat is None else CELLS[retreat])
