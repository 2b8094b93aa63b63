"""The hex board as pure code: cells, adjacency, distance, zones, exploration, fleet movement.

Cells are axial coordinates ``(q, r)`` (plain tuples: hashable and fast); the board is the
hexagon of radius 3 around ``(0, 0)``: 37 cells, the 19 within distance 2 of the centre form the
blue zone, the outer ring of 18 the white zone (REF, IMG). Flat-topped hexes, north at the top:
``(0, -3)`` is the north corner.

Movement (MV 94-108): a fleet of level L pays ``energy[L]`` per ``tiles[L]`` cells entered
(1/2, 1/1, 2/1), at most ``max_tiles`` (8) cells per move. Technologies change these numbers
only through their effects (``MoveRules.with_effects``), never by name.

>>> board = Board.standard()
>>> len(board.cells), len(board.blue), len(board.white)
(37, 19, 18)
>>> distance((0, -3), (0, 3))
6
>>> MoveRules().cost(level=1, tiles=3)
2
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Literal

from starlanes.games.kardashev.effects import Effect, MoveDiscount, MoveFree, MoveJump, MoveRange, effects_at

__all__ = [
    "CENTRE",
    "DIRECTIONS",
    "Board",
    "Corner",
    "Hex",
    "MoveMap",
    "MovePlan",
    "MoveRules",
    "distance",
    "exploration_cells",
    "hex_name",
    "leapt_cell",
    "neighbours",
    "plan_move",
    "reachable",
]

Hex = tuple[int, int]
CENTRE: Hex = (0, 0)
# east, north-east, north-west, west, south-west, south-east (flat-topped, axial q/r)
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def neighbours(cell: Hex) -> tuple[Hex, ...]:
    """The six cells around ``cell`` (on or off any board)."""
    q, r = cell
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def distance(a: Hex, b: Hex) -> int:
    """Steps between two cells."""
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def leapt_cell(a: Hex, b: Hex) -> Hex | None:
    """The single cell between ``a`` and ``b`` when they are two steps apart in a straight line."""
    dq, dr = b[0] - a[0], b[1] - a[1]
    if dq % 2 or dr % 2 or (dq // 2, dr // 2) not in DIRECTIONS:
        return None
    return (a[0] + dq // 2, a[1] + dr // 2)


def hex_name(cell: Hex) -> str:
    """How a cell is written in messages: ``q,r``."""
    return f"{cell[0]},{cell[1]}"


@dataclass(frozen=True, slots=True)
class Corner:
    """A starting corner: its outer (white) cell and the cell one step inward (blue)."""

    name: str
    corner: Hex
    inner: Hex


@dataclass(frozen=True)
class Board:
    """The board's geometry: cells, zones, starting corners per player count and ally teams."""

    radius: int = 3
    blue_radius: int = 2
    corners: Mapping[str, Corner] = field(default_factory=dict)
    seating: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    allies: Mapping[int, tuple[tuple[str, str], ...]] = field(default_factory=dict)
    cells: frozenset[Hex] = field(init=False)
    blue: frozenset[Hex] = field(init=False)
    white: frozenset[Hex] = field(init=False)
    _adjacent: dict[Hex, tuple[Hex, ...]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        n = self.radius
        cells = frozenset((q, r) for q in range(-n, n + 1) for r in range(-n, n + 1) if distance((q, r), CENTRE) <= n)
        blue = frozenset(c for c in cells if distance(c, CENTRE) <= self.blue_radius)
        object.__setattr__(self, "cells", cells)
        object.__setattr__(self, "blue", blue)
        object.__setattr__(self, "white", cells - blue)
        adjacent = {c: tuple(x for x in neighbours(c) if x in cells) for c in cells}
        object.__setattr__(self, "_adjacent", adjacent)

    @classmethod
    def standard(cls) -> Board:
        """The shipped board (content/board.toml)."""
        from starlanes.games.kardashev.content import load_content

        return load_content().board

    def __contains__(self, cell: object) -> bool:
        return cell in self.cells

    def neighbours(self, cell: Hex) -> tuple[Hex, ...]:
        """The cells adjacent to ``cell`` that are on the board."""
        return self._adjacent[cell]

    def zone(self, cell: Hex) -> Literal["blue", "white"]:
        if cell not in self.cells:
            raise ValueError(f"cell {hex_name(cell)} is not on the board")
        return "blue" if cell in self.blue else "white"

    def starts(self, players: int) -> tuple[Corner, ...]:
        """The starting corners at ``players`` players, in seating order (K-S02)."""
        names = self.seating.get(players)
        if names is None:
            valid = ", ".join(str(p) for p in sorted(self.seating))
            raise ValueError(f"the board has no starting corners for {players} players (it has {valid})")
        return tuple(self.corners[name] for name in names)

    def teams(self, players: int) -> tuple[tuple[int, int], ...]:
        """The ally variant's teams as pairs of seat indices (seats in ``starts`` order, K-V01)."""
        pairs = self.allies.get(players)
        if pairs is None:
            raise ValueError(f"the ally variant is for {', '.join(str(p) for p in sorted(self.allies))} players")
        order = self.seating[players]
        return tuple((order.index(a), order.index(b)) for a, b in pairs)


def exploration_cells(board: Board, explored: AbstractSet[Hex], blue_threshold: int = 3) -> frozenset[Hex]:
    """Where the bought tile may go (K-X01, K-X02): an unexplored blue cell while more than
    ``blue_threshold`` blue cells are unexplored, then any unexplored cell."""
    open_blue = board.blue - explored
    if len(open_blue) > blue_threshold:
        return frozenset(open_blue)
    return frozenset(board.cells - explored)


# --- movement ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MoveRules:
    """What a move costs and how far it goes; base values from the rules, changed by effects.

    ``energy[L-1]`` buys ``tiles[L-1]`` cells for a level-L fleet. ``discount`` comes off every
    move (not below 0), ``range_factor`` multiplies the cells each payment buys, ``free`` makes
    moves cost nothing, ``jumps`` is how many single cells a move may leap over.
    """

    energy: tuple[int, int, int] = (1, 1, 2)
    tiles: tuple[int, int, int] = (2, 1, 1)
    max_tiles: int = 8
    discount: int = 0
    range_factor: int = 1
    free: bool = False
    jumps: int = 0
    range_raises_cap: bool = False

    def with_effects(self, effects: Iterable[Effect]) -> MoveRules:
        """The rules after the holder's ``move`` effects: the one place technologies change a move."""
        discount, factor, free, jumps = self.discount, self.range_factor, self.free, self.jumps
        for effect in effects_at(effects, "move"):
            if isinstance(effect, MoveDiscount):
                discount += effect.energy
            elif isinstance(effect, MoveRange):
                factor *= effect.factor
            elif isinstance(effect, MoveFree):
                free = True
            elif isinstance(effect, MoveJump):
                jumps += effect.count
            else:  # pragma: no cover - a new move effect must be handled here
                raise TypeError(f"no movement rule for effect '{effect.kind}'")
        return MoveRules(
            self.energy, self.tiles, self.max_tiles, discount, factor, free, jumps, self.range_raises_cap
        )

    @property
    def cap(self) -> int:
        """Most cells one move may enter (8; Boosters raise it only with ``range_raises_cap``, A#17)."""
        return self.max_tiles * (self.range_factor if self.range_raises_cap else 1)

    def cost(self, level: int, tiles: int) -> int:
        """Energy for a level-``level`` fleet entering ``tiles`` cells (A#16: a started payment is paid)."""
        if not 1 <= level <= 3:
            raise ValueError(f"fleet level must be 1..3, not {level}")
        if tiles <= 0 or self.free:
            return 0
        payments = math.ceil(tiles / (self.tiles[level - 1] * self.range_factor))
        return max(0, payments * self.energy[level - 1] - self.discount)

    def reach(self, level: int, energy: int) -> int:
        """The most cells a level-``level`` fleet can enter with ``energy`` in hand."""
        best = 0
        for n in range(1, self.cap + 1):
            if self.cost(level, n) <= energy:
                best = n
        return best


@dataclass(frozen=True, slots=True)
class MoveMap:
    """What a moving fleet needs to know of the board, from its owner's point of view.

    ``explored``: cells with a tile (any face). ``destroyed``: explored cells showing a destroyed
    planet (impassable). ``friendly_fleets``: cells holding one of the owner's other fleets, or
    (ally variant) an ally's fleet: passable, but no move ends there. ``hostile``: cells with an
    opponent's fleet or colony: entering one is an attack and ends the move. Own and allied
    colonies without a fleet are passable and a move may end on them (MV 104, K-V06).
    """

    explored: frozenset[Hex]
    destroyed: frozenset[Hex] = frozenset()
    friendly_fleets: frozenset[Hex] = frozenset()
    hostile: frozenset[Hex] = frozenset()


Ending = Literal["move", "explore", "attack"]


@dataclass(frozen=True, slots=True)
class MovePlan:
    """A legal move: the cells landed on (``steps``, the last is the destination), the cells
    leapt over, cells counted, energy, how it ends and (for an attack) the retreat cell: where a
    beaten attacker goes back to, or None when it cannot retreat and is destroyed (K-T08)."""

    start: Hex
    steps: tuple[Hex, ...]
    leapt: tuple[Hex, ...]
    tiles: int
    energy: int
    ending: Ending
    retreat: Hex | None = None

    @property
    def destination(self) -> Hex:
        return self.steps[-1]

    @property
    def entered(self) -> tuple[Hex, ...]:
        """The cells entered, each once, in order (Warlord gains: once per tile, none for leapt cells)."""
        return tuple(dict.fromkeys(self.steps))


def plan_move(
    board: Board, grid: MoveMap, start: Hex, steps: Sequence[Hex], level: int, rules: MoveRules
) -> MovePlan | str:
    """Check a fleet's move along ``steps`` (each cell landed on, in order) and price it.

    Returns the plan, or the reason the move is illegal, one line (K-M01..M04, K-T01, K-TE20).
    A step two cells away in a straight line is a leap over the cell between (needs ``jumps``).
    """
    if start not in board:
        return f"cell {hex_name(start)} is not on the board"
    if not steps:
        return "a move must enter at least one cell"
    if len(steps) > rules.cap:
        return f"a move may enter at most {rules.cap} cells, not {len(steps)}"
    previous = start
    leapt: list[Hex] = []
    last_was_leap = False
    ending: Ending = "move"
    for i, cell in enumerate(steps):
        if cell not in board:
            return f"cell {hex_name(cell)} is not on the board"
        gap = distance(previous, cell)
        last_was_leap = False
        if gap != 1:
            middle = leapt_cell(previous, cell) if gap == 2 else None
            if middle is None or len(leapt) >= rules.jumps:
                return f"cell {hex_name(cell)} is not next to {hex_name(previous)}"
            leapt.append(middle)
            last_was_leap = True
        last = i == len(steps) - 1
        if cell in grid.destroyed:
            return f"cell {hex_name(cell)} is a destroyed planet and cannot be entered"
        if cell not in grid.explored:
            if not last:
                return f"cell {hex_name(cell)} is unexplored: entering it explores it and ends the move"
            ending = "explore"
        elif cell in grid.hostile:
            if not last:
                return f"cell {hex_name(cell)} holds an opponent: entering it is an attack and ends the move"
            ending = "attack"
        elif last and cell in grid.friendly_fleets and cell != start:
            return f"cell {hex_name(cell)} already holds a fleet: a move may pass it but not end there"
        previous = cell
    tiles = len(steps)
    retreat: Hex | None = None
    if ending == "attack" and not last_was_leap:
        back = steps[-2] if len(steps) > 1 else start
        retreat = back if back == start or back not in grid.friendly_fleets else None
    return MovePlan(start, tuple(steps), tuple(leapt), tiles, rules.cost(level, tiles), ending, retreat)


def reachable(
    board: Board, grid: MoveMap, start: Hex, level: int, rules: MoveRules, energy: int, target: Hex | None = None
) -> dict[Hex, MovePlan]:
    """Every destination a fleet can reach with ``energy``, with a shortest plan to each (an attack
    plan that keeps a retreat cell is preferred over one of the same length that does not).
    ``target``: only that destination's plan (the search stops once no later plan can beat it)."""
    limit = _reach(rules, level, energy)
    destroyed, explored, hostile, friendly = grid.destroyed, grid.explored, grid.hostile, grid.friendly_fleets
    # the best plan found per destination, kept as (tiles, no retreat, steps, leapt, ending,
    # retreat) and built once at the end; of two of equal rank the first found stays
    best: dict[Hex, tuple[int, bool, tuple[Hex, ...], tuple[Hex, ...], Ending, Hex | None]] = {}
    # breadth first over (cell, leaps used); a path is kept per state (first found = shortest);
    # plans are built as plan_move would build them (tests check the two agree)
    paths: dict[tuple[Hex, int], tuple[tuple[Hex, ...], tuple[Hex, ...]]] = {(start, 0): ((), ())}
    queue: deque[tuple[Hex, int]] = deque([(start, 0)])
    while queue:
        state = queue.popleft()
        cell, used = state
        path, leapt = paths[state]
        count = len(path) + 1
        if count > limit:
            continue
        if target is not None and target in best and count > best[target][0]:
            break  # breadth first: every plan still to come enters more cells
        moves = [(n, used) for n in board.neighbours(cell)]
        if used < rules.jumps:
            for dq, dr in DIRECTIONS:
                far = (cell[0] + 2 * dq, cell[1] + 2 * dr)
                if far in board:
                    moves.append((far, used + 1))
        for nxt, leaps in moves:
            if nxt in destroyed:
                continue
            steps = (*path, nxt)
            jumped = leaps != used
            over = (*leapt, ((cell[0] + nxt[0]) // 2, (cell[1] + nxt[1]) // 2)) if jumped else leapt
            if nxt not in explored:
                if nxt not in best:  # breadth first: a later plan is never shorter
                    best[nxt] = (count, True, steps, over, "explore", None)
                continue
            if nxt in hostile:
                retreat = None if jumped or (cell != start and cell in friendly) else cell
                old = best.get(nxt)
                if old is None or (count, retreat is None) < (old[0], old[1]):
                    best[nxt] = (count, retreat is None, steps, over, "attack", retreat)
                continue
            if (nxt, leaps) in paths:
                continue
            paths[(nxt, leaps)] = (steps, over)
            queue.append((nxt, leaps))
            if nxt != start and nxt not in friendly and nxt not in best:
                best[nxt] = (count, True, steps, over, "move", None)
    prices = _prices(rules, level)
    return {h: MovePlan(start, steps, over, tiles, prices[tiles], ending, retreat)
            for h, (tiles, _, steps, over, ending, retreat) in best.items() if target is None or h == target}


@lru_cache(maxsize=1024)
def _reach(rules: MoveRules, level: int, energy: int) -> int:
    return rules.reach(level, energy)


@lru_cache(maxsize=1024)
def _prices(rules: MoveRules, level: int) -> tuple[int, ...]:
    """Energy of a move of a level-``level`` fleet entering 0, 1, ... ``cap`` cells."""
    return tuple(rules.cost(level, n) for n in range(rules.cap + 1))
