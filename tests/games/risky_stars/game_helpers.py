"""Helpers for the ruleset's tests: a game on the shipped two-player sample map, with the board
cleared so that a test sets up exactly the position it needs."""

from __future__ import annotations

from importlib import resources
from typing import Any

from starlanes.core import Event
from starlanes.games.risky_stars.board import Board, board_of
from starlanes.games.risky_stars.game import RiskyStars, make_ruleset
from starlanes.games.risky_stars.state import NOBODY, RiskyStarsState

GAME: RiskyStars = make_ruleset()
SAMPLE = str(resources.files("starlanes.games.risky_stars").joinpath("content/sample-2p.json"))


def sample_game(players: int = 2, seed: int = 1, **params: Any) -> RiskyStarsState:
    """A fresh game on the sample map (2 players) or a generated one, seat 0 to play, round 1."""
    values = {"map": SAMPLE, **params} if players == 2 else dict(params)
    state = GAME.setup(values, players, seed)
    state.current = 0
    state.first = 0
    return state


def empty_board(state: RiskyStarsState, stock: tuple[int, int, int] = (0, 0, 0)) -> RiskyStarsState:
    """Nobody possesses anything, no army anywhere, every stockpile ``stock``; seat 0's turn."""
    n = len(state.owner)
    state.owner = [NOBODY] * n
    state.units = [[0] * n for _ in range(state.players)]
    state.stock = [list(stock) for _ in range(state.players)]
    state.reserve = [[] for _ in range(state.players)]
    state.current, state.first, state.moved = 0, 0, False
    return state


def board(state: RiskyStarsState) -> Board:
    return board_of(state.star_map)


def at(state: RiskyStarsState, name: str) -> int:
    return board(state).index[name]


def put(state: RiskyStarsState, seat: int, name: str, units: int, own: bool = True) -> None:
    """``units`` of ``seat`` on location ``name``; ``own``: the seat possesses it."""
    i = at(state, name)
    state.units[seat][i] = units
    if own:
        state.owner[i] = seat


def units(state: RiskyStarsState, seat: int, name: str) -> int:
    return state.units[seat][at(state, name)]


def owner(state: RiskyStarsState, name: str) -> int:
    return state.owner[at(state, name)]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def of_kind(events: list[Event], kind: str) -> list[Event]:
    return [e for e in events if e.kind == kind]


def ally(state: RiskyStarsState, *seats: int, alliance: int = 1) -> None:
    for s in seats:
        state.alliance[s] = alliance
    state.next_alliance = max(state.next_alliance, alliance + 1)


def force_dice(state: RiskyStarsState, rolls: list[int]) -> None:
    """The next dice the game rolls (in order: the attacking army's, then the defenders')."""
    state.rng.force(rolls)
