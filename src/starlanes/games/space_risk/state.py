"""What exists in a game of space-risk: plain data that round-trips through JSON.

Territories are indexed as in the board (land first, then space).  ``owner[t]`` is the
seat holding territory ``t`` (-1: nobody); for a space territory it is the seat whose
ships are there.  ``armies[t]`` counts infantry on land (always 0 in space).

Secret parts (declared here, used by the view, ``perturb_hidden`` and ``determinize``):
``hands`` (territory cards; each seat sees its own), ``objectives`` and ``goals`` (each
seat sees its own), and the order of ``deck``, ``objective_deck`` and ``goal_deck``
(nobody sees it).
"""

from __future__ import annotations

import msgspec

from starlanes.core import GameState
from starlanes.games.space_risk.spec import SpaceRiskParams

__all__ = [
    "BATTLESHIP",
    "CLAIM",
    "DEPLOY",
    "MAIN",
    "MOVE_IN",
    "OVER",
    "PHASE_NAMES",
    "REINFORCE",
    "SECRET_FIELDS",
    "SHIP_KINDS",
    "TRANSPORT",
    "Ship",
    "SpaceRiskState",
]

# Phases
CLAIM = 0  # modified start: claim one empty territory per action
DEPLOY = 1  # starting infantry placed in turn, one or more per action
REINFORCE = 2  # trade sets, place the turn's reinforcements
MAIN = 3  # attack, ships, then fortify or end
MOVE_IN = 4  # after a conquest: how many armies move in
OVER = 5
PHASE_NAMES = ("claim", "deploy", "reinforce", "main", "move-in", "over")

BATTLESHIP = 0
TRANSPORT = 1
SHIP_KINDS = ("battleship", "transport")

SECRET_FIELDS = ("hands", "objectives", "goals", "deck", "objective_deck", "goal_deck")


class Ship(msgspec.Struct, kw_only=True):
    id: int
    owner: int
    kind: int  # BATTLESHIP or TRANSPORT
    at: int  # space territory index
    cargo: int = 0
    built_turn: int = 0  # the owner's turns_taken when it was built
    moved: bool = False
    loaded: bool = False
    unloaded: bool = False


class SpaceRiskState(GameState, kw_only=True):
    params: SpaceRiskParams
    phase: int
    current: int  # seat to act
    first: int = 0  # seat that plays first (after the start roll)
    turn: int = 0  # turns begun so far (1 = the first player's first turn)
    round: int = 0
    turns_taken: list[int] = msgspec.field(default_factory=list)  # turns begun per seat
    owner: list[int]
    armies: list[int]
    ships: list[Ship] = msgspec.field(default_factory=list)
    next_ship: int = 1
    port_used: list[int] = msgspec.field(default_factory=list)  # per planet: round last used
    alive: list[bool] = msgspec.field(default_factory=list)
    to_deploy: list[int] = msgspec.field(default_factory=list)  # setup infantry left per seat
    pool: int = 0  # reinforcements left to place this turn
    deck: list[int] = msgspec.field(default_factory=list)  # territory card ids; draw from the end
    discard: list[int] = msgspec.field(default_factory=list)
    hands: list[list[int]] = msgspec.field(default_factory=list)
    sets_traded: int = 0
    objective_deck: list[int] = msgspec.field(default_factory=list)
    goal_deck: list[int] = msgspec.field(default_factory=list)
    objectives: list[list[int]] = msgspec.field(default_factory=list)
    goals: list[list[int]] = msgspec.field(default_factory=list)
    completed: list[list[str]] = msgspec.field(default_factory=list)  # public: card ids completed per seat
    mission_discard: list[str] = msgspec.field(default_factory=list)  # public: completed or discarded
    stars: list[int] = msgspec.field(default_factory=list)
    pending: list[int] = msgspec.field(default_factory=list)  # rewards paid at the start of the next turn
    conquests: int = 0  # land conquests this turn
    planet_holder: list[int] = msgspec.field(default_factory=list)
    planet_since: list[int] = msgspec.field(default_factory=list)
    move_from: int = -1  # MOVE_IN: source territory (-1 if from a ship)
    move_ship: int = -1  # MOVE_IN: ship id the armies come from
    move_to: int = -1
    move_max: int = 0
    start_rolls: list[int] = msgspec.field(default_factory=list)
    last_roll: str = ""
    income: str = ""  # where this turn's reinforcements came from, for the player
    winners: list[int] = msgspec.field(default_factory=list)
    end_reason: str = ""
