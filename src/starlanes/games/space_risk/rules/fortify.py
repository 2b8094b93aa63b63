"""The end of a space-risk main step: the one consolidation move, or none (R19)."""

from __future__ import annotations

from starlanes.core import Event
from starlanes.games.space_risk import events as ev
from starlanes.games.space_risk.actions import End, Fortify
from starlanes.games.space_risk.board import Board
from starlanes.games.space_risk.rules.end_turn import end_turn
from starlanes.games.space_risk.state import SpaceRiskState

__all__ = ["end", "fortify"]


def fortify(state: SpaceRiskState, board: Board, seat: int, action: Fortify) -> list[Event]:
    """Infantry move between two adjacent territories the seat holds; the turn ends."""
    s = board.index[action.source]
    t = board.index[action.target]
    state.armies[s] -= action.count
    state.armies[t] += action.count
    events = [ev.Consolidated(seat, action.source, action.target, action.count).event()]
    events.extend(end_turn(state, board, seat))
    return events


def end(state: SpaceRiskState, board: Board, seat: int, action: End) -> list[Event]:
    """The turn ends without a consolidation move."""
    events = [ev.TurnEnded(seat).event()]
    events.extend(end_turn(state, board, seat))
    return events
