"""Queries every phase of space-risk asks: the board of a state, ships by name, what a ship
may do now, the next seat.  Pure functions of the state; nothing here changes it."""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass

from starlanes.core import Pending
from starlanes.games.space_risk.board import WILD, Board, default_board, resolve_board
from starlanes.games.space_risk.dice import DiceRules
from starlanes.games.space_risk.spec import SpaceRiskParams
from starlanes.games.space_risk.state import MOVE_IN, TRANSPORT, Ship, SpaceRiskState

__all__ = [
    "NEVER_USED",
    "MoveInChoice",
    "board_of",
    "carries",
    "dice_rules",
    "did_you_mean",
    "flying_time",
    "is_ship_name",
    "kinds_make_set",
    "may_fight",
    "move_in_choice",
    "move_in_pending",
    "next_seat",
    "ready",
    "ship_named",
    "ships_at",
]

NEVER_USED = -1000
"""``port_used`` of a spaceport never used: long enough ago for any interval."""

_SHIP_NAME = re.compile(r"S[1-9][0-9]*")


def board_of(state: SpaceRiskState) -> Board:
    """The board a game is played on (loaded once per path; a determinized state names it by its
    content id). The built-in board (``board=""``, nearly every game) is found without a lookup:
    this is asked twice per action (issue 16)."""
    ref = state.params.board
    if not ref:
        return default_board()
    return resolve_board(ref)


_DICE: dict[int, tuple[SpaceRiskParams, DiceRules]] = {}


def dice_rules(params: SpaceRiskParams) -> DiceRules:
    """``params.dice``, made once per params object (a game keeps its params object: hashing the
    whole params for a cache was a noticeable part of a battle, issue 16)."""
    known = _DICE.get(id(params))
    if known is not None and known[0] is params:
        return known[1]
    if len(_DICE) > 256:
        _DICE.clear()
    rules = params.dice
    _DICE[id(params)] = (params, rules)
    return rules


def did_you_mean(name: str, known: Iterable[str]) -> str:
    """`` (did you mean Vega-3?)`` for a name typed in the wrong case or slightly misspelt."""
    choices = list(known)
    same = [k for k in choices if k.lower() == name.lower()]
    close = same or difflib.get_close_matches(name, choices, n=1, cutoff=0.75)
    return f" (did you mean {close[0]}?)" if close else ""


def kinds_make_set(a: int, b: int, c: int) -> bool:
    """Three card kinds alike or all different, a special card standing for any kind (R9)."""
    real = [k for k in (a, b, c) if k != WILD]
    distinct = len(set(real))
    return distinct <= 1 or distinct == len(real)


def is_ship_name(name: str) -> bool:
    """``S<id>`` exactly as the engine writes it (ASCII digits, no leading zero): ``S01`` or
    ``S\u0661`` never name ship 1. Board names of this form are refused (``board.py``)."""
    return _SHIP_NAME.fullmatch(name) is not None


def ship_named(state: SpaceRiskState, name: str) -> Ship | None:
    if not is_ship_name(name):
        return None
    sid = int(name[1:])
    for s in state.ships:
        if s.id == sid:
            return s
    return None


def ships_at(state: SpaceRiskState, where: int) -> list[Ship]:
    return [s for s in state.ships if s.at == where]


def ready(state: SpaceRiskState, ship: Ship) -> bool:
    """A new ship waits ``ship_wait_turns`` of its owner's turns before it moves (R21)."""
    return state.turns_taken[ship.owner] - ship.built_turn >= state.params.ship_wait_turns


def may_fight(state: SpaceRiskState, ship: Ship) -> bool:
    """A waiting new ship may attack (and its infantry too) unless ``ship_wait_blocks_attacks`` (R21)."""
    return not state.params.ship_wait_blocks_attacks or ready(state, ship)


def carries(params: SpaceRiskParams, ship: Ship) -> bool:
    """Transports carry infantry; battleships take them aboard to drop them to fight (R26)."""
    return ship.kind == TRANSPORT or params.battleships_drop_infantry


def flying_time(state: SpaceRiskState) -> bool:
    """Ships move at the beginning of the turn: before any other action of the main step (R22)."""
    return state.params.ship_move_any_time or not state.ship_moves_over


def next_seat(state: SpaceRiskState, seat: int) -> int:
    """The next seat still in the game after ``seat``."""
    for i in range(1, state.players + 1):
        s = (seat + i) % state.players
        if state.alive[s]:
            return s
    return seat


@dataclass(frozen=True, slots=True)
class MoveInChoice:
    """The move-in awaited after a conquest (R18): into ``to`` from ``source`` (-1: from the
    ship ``ship``), 1 to ``most`` infantry."""

    to: int
    source: int
    ship: int
    most: int


def move_in_pending(seat: int, choice: MoveInChoice) -> Pending:
    """The core's pending sub-decision for a move-in (its data is plain numbers)."""
    return Pending(MOVE_IN, (seat,), False,
                   {"to": choice.to, "from": choice.source, "ship": choice.ship, "most": choice.most})


def move_in_choice(state: SpaceRiskState) -> MoveInChoice | None:
    """The move-in the state awaits, if any."""
    pending = state.pending
    if pending is None or pending.kind != MOVE_IN:
        return None
    data = pending.data
    values = [v for v in (data.get(key) for key in ("to", "from", "ship", "most")) if type(v) is int]
    if len(values) != 4:
        raise ValueError(f"a move-in's data must be four numbers, not {data!r}")
    return MoveInChoice(*values)
