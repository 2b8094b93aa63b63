"""The economy's arithmetic: yields (regions, upgrades, heroes), upgrade and unit costs.

Rules: Resource Production (100 a region a turn), Body Upgrades (+10/50/100 %, costs 500/2500/
5000 of each of the two resources the body does not produce), Heroes (class I fixed, class II
x1.25, class III x1.25 then fixed); reference: a unit costs 10 Population + 3 Metals + 3 Fuel.
Every number comes from the params. Integer arithmetic only: floor after all multipliers
(ruling 31), so 1.25 is 5/4.
"""

from __future__ import annotations

from collections.abc import Sequence

from starlanes.games.risky_stars.board import Board
from starlanes.games.risky_stars.spec import ADDITIVE, RiskyStarsParams

__all__ = [
    "affordable_units",
    "body_owner",
    "body_yield",
    "income",
    "rate",
    "upgrade_cost",
    "upgrade_resources",
]


def rate(params: RiskyStarsParams, level: int) -> int:
    """Per-region yield at upgrade ``level`` (0: the base rate; RS-P02)."""
    if level <= 0:
        return params.base_yield
    return params.base_yield * (100 + params.upgrade_percents[level - 1]) // 100


def body_yield(params: RiskyStarsParams, regions: int, level: int, hero_classes: Sequence[int]) -> int:
    """What a body yields its owner a turn: ``regions`` owned at the level's rate, times the class
    II/III heroes' improvement (floor), plus the class I/III heroes' fixed amount (RS-P03)."""
    base = regions * rate(params, level)
    if not hero_classes:
        return base
    multipliers = sum(1 for c in hero_classes if c in (2, 3))
    fixed = sum(1 for c in hero_classes if c in (1, 3)) * params.hero_fixed_amount
    if multipliers:
        pct = params.hero_percent
        if params.hero_stacking == ADDITIVE:
            base = base * (100 + pct * multipliers) // 100
        else:
            base = base * (100 + pct) ** multipliers // 100**multipliers
    return base + fixed


def body_owner(board: Board, owner: Sequence[int], body: int) -> int:
    """The seat possessing every region of ``body``, or -1 (ruling 16)."""
    regions = board.body_regions[body]
    first = owner[regions[0]]
    if first < 0:
        return -1
    for r in regions[1:]:
        if owner[r] != first:
            return -1
    return first


def income(board: Board, params: RiskyStarsParams, owner: Sequence[int], level: Sequence[int],
           heroes: Sequence[Sequence[int]], hero_class: Sequence[int], seat: int) -> list[int]:
    """``[population, metals, fuel]`` that ``seat`` produces at the start of its turn (RS-P01)."""
    out = [0, 0, 0]
    for b, (first, stop) in enumerate(board.body_span):
        mine = owner[first:stop].count(seat)
        if not mine:
            continue
        whole = mine == stop - first
        out[board.body_resource[b]] += body_yield(
            params, mine, level[b] if whole else 0, [hero_class[h] for h in heroes[b]] if whole else ())
    return out


_OTHERS = ((1, 2), (0, 2), (0, 1))


def upgrade_resources(resource: int) -> tuple[int, int]:
    """The two resources an upgrade of a body producing ``resource`` costs (RS-U02)."""
    return _OTHERS[resource]


def upgrade_cost(params: RiskyStarsParams, level: int) -> int:
    """Cost, in each of the two resources, of going from ``level`` to ``level + 1`` (RS-U03)."""
    return params.upgrade_costs[level]


def affordable_units(params: RiskyStarsParams, stock: Sequence[int]) -> int:
    """How many units ``stock`` buys (RS-R01): the fewest any resource with a cost pays for."""
    p, m, f = stock
    cp, cm, cf = params.unit_cost
    if cp and cm and cf:  # the usual: every resource has a cost
        return max(min(p // cp, m // cm, f // cf), 0)
    counts = [have // cost for have, cost in zip(stock, params.unit_cost, strict=True) if cost]
    return max(min(counts), 0) if counts else 0
