"""Helpers that build space-risk positions for the rule tests."""

from __future__ import annotations

from typing import Any

from starlanes.core import Rng
from starlanes.games.space_risk import SpaceRisk, SpaceRiskParams, make_space_risk
from starlanes.games.space_risk.board import Board, default_board
from starlanes.games.space_risk.describe import income_text
from starlanes.games.space_risk.rules.common import move_in_choice
from starlanes.games.space_risk.rules.end_turn import update_planets
from starlanes.games.space_risk.state import MAIN, REINFORCE, Ship, SpaceRiskState

GAME: SpaceRisk = make_space_risk()
BOARD: Board = default_board()


def T(name: str) -> int:
    return BOARD.index[name]


def new_game(players: int = 2, seed: int = 1, **params: Any) -> SpaceRiskState:
    return GAME.setup(params or None, players, seed)


def deployed(players: int = 2, seed: int = 1, **params: Any) -> SpaceRiskState:
    """A game after the starting infantry are placed (the first player's first turn)."""
    state = new_game(players, seed, **params)
    while state.phase not in (REINFORCE, MAIN):
        seat = state.current
        GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    return state


def position(mine: dict[str, int], theirs: dict[str, int] | None = None, seat: int = 0, players: int = 2,
             rest: int = 1, phase: int = MAIN, **params: Any) -> SpaceRiskState:
    """Seat ``seat`` to act in ``phase``; it holds ``mine`` (territory -> infantry), seat
    ``1 - seat`` (or the next seat) holds ``theirs`` and every other land territory with ``rest``."""
    state = deployed(players, 1, **params)
    other = (seat + 1) % players
    for t in range(BOARD.land_count):
        state.owner[t] = other
        state.armies[t] = rest
    for name, n in (theirs or {}).items():
        state.owner[T(name)] = other
        state.armies[T(name)] = n
    for name, n in mine.items():
        state.owner[T(name)] = seat
        state.armies[T(name)] = n
    for t in range(BOARD.land_count, BOARD.territory_count):
        state.owner[t] = -1
    state.ships = []
    state.current = seat
    state.phase = phase
    state.pool = 0
    state.hands = [[] for _ in range(players)]
    state.conquests = 0
    update_planets(state, BOARD)
    return state


def add_ship(state: SpaceRiskState, seat: int, kind: int, where: str, cargo: int = 0, ready: bool = True) -> str:
    ship = Ship(id=state.next_ship, owner=seat, kind=kind, at=T(where), cargo=cargo,
                built_turn=state.turns_taken[seat] - (1 if ready else 0))
    state.next_ship += 1
    state.ships.append(ship)
    state.owner[T(where)] = seat
    return f"S{ship.id}"


def force(state: SpaceRiskState, *values: int) -> None:
    state.rng.force(list(values))


def texts(state: SpaceRiskState, seat: int | None = None) -> set[str]:
    s = state.current if seat is None else seat
    return {a.text() for a in GAME.legal_actions(state, s)}


def forced_setup(players: int, rolls: list[int], **params: Any) -> SpaceRiskState:
    rng = Rng.from_seed(5)
    rng.force(rolls)
    return GAME._setup(SpaceRiskParams(**params), players, rng)


def moving_in(state: SpaceRiskState) -> int:
    """The most infantry the awaited move-in allows (0: no move-in awaited)."""
    choice = move_in_choice(state)
    return 0 if choice is None else choice.most


def income_of(state: SpaceRiskState) -> str:
    """Where the turn's reinforcements came from, in words."""
    return "" if state.income is None else income_text(BOARD, state.income)
