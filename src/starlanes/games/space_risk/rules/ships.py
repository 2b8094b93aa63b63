"""Ships of space-risk: building at a spaceport (R20), flying (R21, R22), loading and
unloading infantry (R24-R26)."""

from __future__ import annotations

from starlanes.core import Event
from starlanes.games.space_risk import events as ev
from starlanes.games.space_risk.actions import Build, Fly, Load, Unload, ship_name
from starlanes.games.space_risk.board import Board
from starlanes.games.space_risk.rules.common import ship_named, ships_at
from starlanes.games.space_risk.state import SHIP_KINDS, Ship, SpaceRiskState

__all__ = ["build", "fly", "load", "unload"]


def build(state: SpaceRiskState, board: Board, seat: int, action: Build) -> list[Event]:
    """A new ship in the spaceport's launch territory; the spaceport rests (R20)."""
    pi = board.planet_index[action.planet]
    planet = board.planets[pi]
    ship = Ship(id=state.next_ship, owner=seat, kind=SHIP_KINDS.index(action.kind), at=planet.launch,
                built_turn=state.turns_taken[seat])
    state.next_ship += 1
    state.ships.append(ship)
    state.port_used[pi] = state.round
    state.owner[planet.launch] = seat
    return [ev.ShipBuilt(seat, ship_name(ship.id), action.kind, planet.name, board.names[planet.launch]).event()]


def fly(state: SpaceRiskState, board: Board, seat: int, action: Fly) -> list[Event]:
    mover = ship_named(state, action.ship)
    assert mover is not None
    frm = mover.at
    mover.at = board.index[action.to]
    mover.moved = True
    state.owner[mover.at] = seat
    if not ships_at(state, frm):
        state.owner[frm] = -1
    return [ev.ShipFlown(seat, action.ship, board.names[frm], action.to).event()]


def load(state: SpaceRiskState, board: Board, seat: int, action: Load) -> list[Event]:
    mover = ship_named(state, action.ship)
    assert mover is not None
    t = board.index[action.territory]
    state.armies[t] -= action.count
    mover.cargo += action.count
    mover.loaded = True
    return [ev.ShipLoaded(seat, action.ship, action.territory, action.count).event()]


def unload(state: SpaceRiskState, board: Board, seat: int, action: Unload) -> list[Event]:
    mover = ship_named(state, action.ship)
    assert mover is not None
    t = board.index[action.territory]
    state.armies[t] += action.count
    mover.cargo -= action.count
    mover.unloaded = True
    return [ev.ShipUnloaded(seat, action.ship, action.territory, action.count).event()]
