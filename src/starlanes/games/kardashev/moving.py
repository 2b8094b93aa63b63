"""A seat's movement rules kept per role and technologies (issue 16): the answer of
``rules.fleet.move_rules`` (a test checks they agree) without folding the effects in again at
every decision, for the legal-action counting (``fastlegal``) and a move's plan
(``legality.move_plan``); and the shortest plan of a move given without a path, searched in cell
numbers (``shortest_plan``: ``board.reachable`` for one destination, without building the seat's
``MoveMap`` of hexes)."""

from __future__ import annotations

from collections import deque

from starlanes.games.kardashev.board import DIRECTIONS, Ending, Hex, MovePlan, MoveRules, _prices, _reach
from starlanes.games.kardashev.rules import fleet
from starlanes.games.kardashev.rules.common import BOARD, CELLS, INDEX
from starlanes.games.kardashev.state import KardashevState

__all__ = ["move_rules", "shortest_plan"]

_MOVE_RULES: dict[tuple[object, ...], MoveRules] = {}


def move_rules(state: KardashevState, seat: int) -> MoveRules:
    """``fleet.move_rules`` (the params' movement rules after the seat's effects), kept per params
    and role and technologies."""
    p, params = state.seats[seat], state.params
    key = (params.max_move_tiles, params.move_energy, params.move_tiles, params.boosters_raise_cap, p.role,
           tuple(p.techs), p.cloned)
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
# what a moving fleet finds on a cell, in the order ``board.reachable`` checks it
_OPEN, _FRIEND, _UNEXPLORED, _HOSTILE, _DESTROYED = 0, 1, 2, 3, 4


def _kinds(state: KardashevState, seat: int) -> list[int]:
    """``fleet.move_map`` as one number per cell."""
    team = [p.team for p in state.seats]
    mine = team[seat]
    return [_UNEXPLORED if c.tile is None else _DESTROYED if c.tile == "destroyed"
            else _HOSTILE if (c.fleet is not None and team[c.fleet] != mine)
            or (c.colony is not None and team[c.colony] != mine)
            else _FRIEND if c.fleet is not None else _OPEN
            for c in state.cells]


def shortest_plan(state: KardashevState, seat: int, start: int, dest: int, energy: int,
                  rules: MoveRules | None = None) -> MovePlan | None:
    """``board.reachable(BOARD, fleet.move_map(state, seat), CELLS[start], level, rules, energy,
    target=CELLS[dest]).get(CELLS[dest])`` for the fleet on ``start`` (``rules``: the seat's,
    ``move_rules``), searched in cell numbers: the same breadth-first order, the same plan (a test
    checks they agree)."""
    if rules is None:
        rules = move_rules(state, seat)
    level = state.cells[start].fleet_level
    limit = _reach(rules, level, energy)
    kinds = _kinds(state, seat)
    jumps = rules.jumps
    # the best plan to ``dest`` so far: (cells entered, no retreat, path, ending, retreat)
    best: tuple[int, bool, tuple[int, ...], Ending, int | None] | None = None
    # breadth first over (cell, leaps used) as ``cell + 64 * leaps``; the path to each (the cells
    # landed on, a leap marked by its cell + 64)
    paths: dict[int, tuple[int, ...]] = {start: ()}
    queue: deque[int] = deque([start])
    while queue:
        key = queue.popleft()
        cell, used = key % 64, key // 64
        path = paths[key]
        count = len(path) + 1
        if count > limit:
            continue
        if best is not None and count > best[0]:
            break  # breadth first: every plan still to come enters more cells
        moves = [(n, used) for n in _AROUND[cell]]
        if used < jumps:
            moves += [(n, used + 1) for n in _LEAPS[cell]]
        for nxt, leaps in moves:
            kind = kinds[nxt]
            if kind == _DESTROYED:
                continue
            jumped = leaps != used
            step = nxt + 64 if jumped else nxt
            if kind == _UNEXPLORED:
                if nxt == dest and best is None:
                    best = (count, True, (*path, step), "explore", None)
                continue
            if kind == _HOSTILE:
                if nxt == dest:
                    retreat = None if jumped or (cell != start and kinds[cell] == _FRIEND) else cell
                    if best is None or (count, retreat is None) < (best[0], best[1]):
                        best = (count, retreat is None, (*path, step), "attack", retreat)
                continue
            state_key = nxt + 64 * leaps
            if state_key in paths:
                continue
            steps = (*path, step)
            paths[state_key] = steps
            queue.append(state_key)
            if nxt == dest and nxt != start and kind != _FRIEND and best is None:
                best = (count, True, steps, "move", None)
    if best is None:
        return None
    tiles, _, found, ending, back = best
    hexes: list[Hex] = []
    leapt: list[Hex] = []
    previous = CELLS[start]
    for step in found:
        here = CELLS[step % 64]
        if step >= 64:
            leapt.append(((previous[0] + here[0]) // 2, (previous[1] + here[1]) // 2))
        hexes.append(here)
        previous = here
    return MovePlan(CELLS[start], tuple(hexes), tuple(leapt), tiles, _prices(rules, level)[tiles], ending,
                    None if back is None else CELLS[back])
