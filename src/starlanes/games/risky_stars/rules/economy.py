"""Buying and placing units (RS-R01..R03), upgrades (RS-U01..U05), heroes (RS-H01..H05),
alliance shares (ruling 21)."""

from __future__ import annotations

from starlanes.core import Event
from starlanes.games.risky_stars.actions import hero_id
from starlanes.games.risky_stars.economy import upgrade_cost, upgrade_resources
from starlanes.games.risky_stars.events import Bought, HeroAssigned, Placed, ShareSet, Upgraded
from starlanes.games.risky_stars.rules.common import board
from starlanes.games.risky_stars.state import RiskyStarsState

__all__ = ["assign_hero", "buy", "place", "set_share", "upgrade"]


def buy(state: RiskyStarsState, seat: int, location: int, count: int) -> list[Event]:
    cost = [c * count for c in state.params.unit_cost]
    for r in range(3):
        state.stock[seat][r] -= cost[r]
    state.units[seat][location] += count
    return [Bought(seat, board(state).name(location), count, *cost).event()]


def place(state: RiskyStarsState, seat: int, location: int, count: int) -> list[Event]:
    state.to_place[seat] -= count
    state.units[seat][location] += count
    return [Placed(seat, board(state).name(location), count).event()]


def upgrade(state: RiskyStarsState, seat: int, body: int) -> list[Event]:
    b = board(state)
    level = state.level[body]
    cost = upgrade_cost(state.params, level)
    paid = [0, 0, 0]
    for r in upgrade_resources(b.body_resource[body]):
        state.stock[seat][r] -= cost
        paid[r] = cost
    state.level[body] = level + 1
    return [Upgraded(seat, b.bodies[body].id, level + 1, paid).event()]


def assign_hero(state: RiskyStarsState, seat: int, hero: int, body: int) -> list[Event]:
    state.reserve[seat].remove(hero)
    state.heroes[body].append(hero)
    return [HeroAssigned(seat, hero_id(hero), state.hero_class[hero], board(state).bodies[body].id)
            .event(reveals=not state.params.hero_reserve_public)]


def set_share(state: RiskyStarsState, seat: int, percent: int) -> list[Event]:
    state.share[seat] = percent
    state.shared = True
    return [ShareSet(seat, percent).event()]
