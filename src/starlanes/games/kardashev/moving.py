"""A seat's movement rules kept per role and technologies (issue 16): the answer of
``rules.fleet.move_rules`` (a test checks they agree) without folding the effects in again at
every decision, for the legal-action counting (``fastlegal``) and a move's plan
(``legality.move_plan``); and the shortest plan of a move given without a path, searched in cell
numbers (``shortest_plan``: ``board.reachable`` for one destination, without building the seat's
``MoveMap`` of hexes), from the board as bit masks (``move_masks``; ``fastlegal`` keeps them)."""

from __future__ import annotations

from starlanes.games.kardashev.board import DIRECTIONS, Ending, Hex, MovePlan, MoveRules, _prices, _reach
from starlanes.games.kardashev.rules import fleet
from starlanes.games.kardashev.rules.common import BOARD, CELLS, INDEX
from starlanes.games.kardashev.state import KardashevState

__all__ = ["move_rules", "shortest_plan"]

_MOVE_RULES: dict[tuple[object, ...], MoveRules] = {}


def move_rules(state: KardashevState, seat: int) -> MoveRules:
    """``fleet.move_rules`` (the params' movement rules after the seat's effects), kept per params
    and role and set of technologies (the effects read them as a set: ``techs.player_effects``)."""
    p, params = state.seats[seat], state.params
    key = (params.max_move_tiles, params.move_energy, params.move_tiles, params.boosters_raise_cap, p.role,
           frozenset(p.techs), p.cloned)
    found = _MOVE_RULES.get(key)
    if found is None:
        if len(_MOVE_RULES) > 4096:
            _MOVE_RULES.clear()
        found = _MOVE_RULES[key] = fleet.move_rules(state, seat)
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
    cell numbers: the same breadth-first order, the same plan (a test checks they agree)."""
    if rules is None:
        rules = move_rules(state, seat)
    blocked, ends, passing, unexplored = move_masks(state, seat) if masks is None else masks
    hostile = ends & ~unexplored
    friendly = _ALL & ~blocked & ~ends & ~passing
    level = state.cells[start].fleet_level
    limit = _reach(rules, level, energy)
    jumps = rules.jumps
    # the best plan to ``dest`` so far: (cells entered, no retreat, the state it is entered from,
    # the step that enters it, ending, retreat)
    best: tuple[int, bool, int, int, Ending, int | None] | None = None
    # breadth first, one number of cells entered at a time, over (cell, leaps used) as ``cell +
    # 64 * leaps``; each state's previous state and the step that entered it (the cell landed
    # on, a leap marked by its cell + 64)
    back: dict[int, tuple[int, int]] = {start: (-1, -1)}
    frontier = [start]
    count = 0
    while frontier:
        count += 1
        if count > limit or (best is not None and count > best[0]):
            break  # breadth first: every plan still to come enters more cells
        following: list[int] = []
        for key in frontier:
            cell, used = key & 63, key >> 6
            moves = _AROUND[cell] if used >= jumps else (*_AROUND[cell], *(n + 64 for n in _LEAPS[cell]))
            for step in moves:
                nxt = step & 63
                bit = 1 << nxt
                if blocked & bit:
                    continue
                jumped = step >= 64
                if unexplored & bit:
                    if nxt == dest and best is None:
                        best = (count, True, key, step, "explore", None)
                    continue
                if hostile & bit:
                    if nxt == dest:
                        retreat = None if jumped or (cell != start and friendly >> cell & 1) else cell
                        if best is None or (count, retreat is None) < (best[0], best[1]):
                            best = (count, retreat is None, key, step, "attack", retreat)
                    continue
                state_key = nxt + 64 * (used + 1 if jumped else used)
                if state_key in back:
                    continue
                back[state_key] = (key, step)
                following.append(state_key)
                if nxt == dest and nxt != start and not friendly & bit and best is None:
                    best = (count, True, key, step, "move", None)
        frontier = following
    if best is None:
        return None
    tiles, _, key, step, ending, retreat = best
    found = [step]
    while key != start:
        key, step = back[key]
        found.append(step)
    hexes: list[Hex] = []
    leapt: list[Hex] = []
    previous = CELLS[start]
    for step in reversed(found):
        here = CELLS[step & 63]
        if step >= 64:
            leapt.append(((previous[0] + here[0]) // 2, (previous[1] + here[1]) // 2))
        hexes.append(here)
        previous = here
    return MovePlan(CELLS[start], tuple(hexes), tuple(leapt), tiles, _prices(rules, level)[tiles], ending,
                    None if retreat is None else CELLS[retreat])
