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
    "Income",
    "Ship",
    "SpaceRiskState",
]

# Phases
CLAIM = 0  # modified start: claim one empty territory per action
DEPLOY = 1  # starting infantry placed in turn, one or more per action
REINFORCE = 2  # trade sets, place the turn's reinforcements
MAIN = 3  # attack, ships, then fortify or end (a move-in after a conquest is a core ``Pending``)
OVER = 4
PHASE_NAMES = ("claim", "deploy", "reinforce", "main", "over")
MOVE_IN = "move-in"
"""The kind of the pending sub-decision after a conquest: how many infantry move in (R18);
its data: ``to`` (the territory taken), ``from`` (the attacking territory, -1 from a ship),
``ship`` (the ship's id, -1 from land), ``most``."""

BATTLESHIP = 0
TRANSPORT = 1
SHIP_KINDS = ("battleship", "transport")

SECRET_FIELDS = ("hands", "objectives", "goals", "deck", "objective_deck", "goal_deck")
"""The game's secrets, declared once: the hands and mission cards (a seat sees only its own, and
the others' counts) and the decks' order (nobody). ``view.build_view`` shows no field of these
names and ``SpaceRisk.perturb_hidden`` changes nothing else (``tests/games/space_risk/test_secrets.py``)."""


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


class Income(msgspec.Struct, kw_only=True):
    """Where a turn's reinforcements came from (data; ``describe.income_text`` words it):
    ``held`` territories divided by ``divisor`` give ``base`` (or the minimum, when more), the
    net worth of ``planets`` held long enough (R13), completed cards (``cards``); ``lost`` did not
    fit anywhere (R8)."""

    held: int
    divisor: int
    base: int
    planets: list[int] = msgspec.field(default_factory=list)
    cards: int = 0
    lost: int = 0


class SpaceRiskState(GameState, kw_only=True):
    params: SpaceRiskParams
    phase: int
    current: int  # seat to act
    first: int = 0  # seat that plays first (after the start roll; seat 0 until it is rolled, R3)
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
    rewards_due: list[int] = msgspec.field(default_factory=list)  # card rewards paid at the start of the next turn
    conquests: int = 0  # land conquests this turn
    ship_moves_over: bool = False  # the turn's ship movement (its beginning) is over (R22)
    planet_holder: list[int] = msgspec.field(default_factory=list)
    planet_since: list[int] = msgspec.field(default_factory=list)
    start_rolls: list[int] = msgspec.field(default_factory=list)
    income: Income | None = None  # where this turn's reinforcements came from
    winners: list[int] = msgspec.field(default_factory=list)
    end_reason: str = ""
